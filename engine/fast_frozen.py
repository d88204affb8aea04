"""Building frozen, slotted dataclass instances at the cost of mutable ones.

A frozen dataclass sets each field in ``__init__`` through ``object.__setattr__``
(its own ``__setattr__`` refuses), a slow call per field: a frozen record of
twenty fields costs about ten times a mutable one. The engine builds one such
record per decision (:class:`~engine.hand.LegalActions`) and several events per
action, so :func:`fast_constructor` gives it a quicker way to make them.

The constructor it returns fills a mutable "draft" twin of the class (same
fields, same slots, same defaults), then turns the draft into an instance of the
frozen class by assigning ``__class__``, which CPython allows between classes
with the same slot layout. What comes out is an ordinary instance of the frozen
class: equal, hashed, printed, pickled and refused mutation exactly like one
built by calling the class, which keeps working as before.

>>> from dataclasses import FrozenInstanceError, dataclass
>>> @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int = 0
>>> make = fast_constructor(Point)
>>> make(1, y=2) == Point(1, 2), type(make(1)) is Point
(True, True)
>>> try:
...     make(1).x = 5
... except FrozenInstanceError:
...     print("still frozen")
still frozen

Passing ``fields`` names the parameters, in order, and ``fixed`` binds other
fields to one value: a constructor for the records that always share some
fields, called with positional arguments only (Python matches keyword
arguments by name, which costs more than filling the record):

>>> on_axis = fast_constructor(Point, fields=("x",), fixed={"y": 0})
>>> on_axis(3)
Point(x=3, y=0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def fast_constructor(
    cls: type[T],
    fields: Sequence[str] | None = None,
    fixed: Mapping[str, object] | None = None,
) -> Callable[..., T]:
    """A function taking ``cls``'s arguments and returning a ``cls`` instance, quickly.

    ``cls`` must be a frozen dataclass with ``slots=True``, no
    ``__post_init__`` and no default factories, whose bases are plain classes
    with empty ``__slots__`` (a frozen dataclass base would refuse the draft).
    With ``fields``, the function takes those fields, in that order, and
    positionally only; ``fixed`` gives other fields a value, and every field
    left out of both takes its default.
    """
    options = getattr(cls, "__dataclass_params__", None)
    if options is None or not options.frozen or "__slots__" not in vars(cls):
        raise TypeError(f"{cls.__name__} is not a frozen dataclass with slots.")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__ the draft would skip.")
    fields_ = dataclasses.fields(cls)  # type: ignore[arg-type]
    draft: Any = dataclasses.make_dataclass(
        f"_{cls.__name__}Draft",
        [(item.name, item.type) for item in fields_],
        bases=cls.__bases__,
        slots=True,
        init=False,
        eq=False,
        repr=False,
    )
    # Fail now, not on the first hand, if the layouts are not interchangeable.
    probe = object.__new__(draft)
    probe.__class__ = cls
    # Calling the draft (no __init__ of its own) is quicker than object.__new__(draft).
    namespace: dict[str, Any] = {"_draft": draft, "_cls": cls}
    fixed = dict(fixed or {})
    names = [item.name for item in fields_]
    for name in [*(fields or ()), *fixed]:
        if name not in names:
            raise TypeError(f"{cls.__name__} has no field {name}.")
    if set(fields or ()) & set(fixed):
        raise TypeError("A field is either a parameter or fixed, not both.")
    taken = set(names if fields is None else fields) - set(fixed)
    params: list[str] = []
    for item in fields_:
        if item.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{item.name} has a default factory.")
        if item.name in fixed:
            namespace[f"_default_{item.name}"] = fixed[item.name]
        elif item.default is not dataclasses.MISSING:
            namespace[f"_default_{item.name}"] = item.default
            if fields is None:
                params.append(f"{item.name}=_default_{item.name}")
        elif item.name not in taken:
            raise TypeError(f"{cls.__name__}.{item.name} needs a value.")
        elif fields is None:
            params.append(item.name)
    if fields is not None:
        params = [*fields, "/"] if fields else []
    values = {name: name if name in taken else f"_default_{name}" for name in names}
    body = "".join(f"    _instance.{name} = {values[name]}\n" for name in names)
    source = (
        f"def construct({', '.join(params)}):\n"
        "    _instance = _draft()\n"
        f"{body}"
        "    _instance.__class__ = _cls\n"
        "    return _instance\n"
    )
    exec(source, namespace)  # the way dataclasses writes __init__
    construct: Callable[..., T] = namespace["construct"]
    construct.__name__ = f"fast_{cls.__name__}"
    construct.__doc__ = f"Build a {cls.__name__} (see engine.fast_frozen)."
    return construct
