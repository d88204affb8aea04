"""Building frozen, slotted dataclass instances at the cost of mutable ones.

A frozen dataclass sets each field in ``__init__`` through ``object.__setattr__``
(its own ``__setattr__`` refuses), a slow call per field: a frozen record of
twenty fields costs about ten times a mutable one. The engine builds one such
record per decision (:class:`~engine.hand.LegalActions`) and several events per
action, so :func:`fast_constructor` gives it a quicker way to make them.
What that buys, timed on ``bench/hands.py``'s hands in alternating runs:
building these records by calling their classes instead cuts the hands per
second by about 30 % (7,900 down to 5,500), which would take the engine below
its goal of 20 times PokerKit.

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
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def fast_constructor(cls: type[T]) -> Callable[..., T]:
    """A function taking ``cls``'s arguments and returning a ``cls`` instance, quickly.

    ``cls`` must be a frozen dataclass with ``slots=True``, no
    ``__post_init__`` and no default factories, whose bases are plain classes
    with empty ``__slots__`` (a frozen dataclass base would refuse the draft).
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
    params: list[str] = []
    for item in fields_:
        if item.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{item.name} has a default factory.")
        if item.default is dataclasses.MISSING:
            params.append(item.name)
        else:
            namespace[f"_default_{item.name}"] = item.default
            params.append(f"{item.name}=_default_{item.name}")
    body = "".join(f"    _instance.{item.name} = {item.name}\n" for item in fields_)
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
