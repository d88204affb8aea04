"""The layers, read from the source: ``cogs -> bot -> engine`` and ``web -> bot
-> engine``, imports only pointing down, the two surfaces never importing each
other, the engine reached only through its front door, and no import loop
anywhere.

Every ``import`` in the three packages is read with :mod:`ast`, those under
``if TYPE_CHECKING:`` and inside functions included: a loop that only type
checking or a late import hides is still a loop in the design.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "bot", "cogs", "web")
#: The surfaces: the same layer, neither importing the other.
SURFACES = ("cogs", "web")
#: What bot/ and cogs/ may import of the engine: its front door, and the hand
#: histories' own front door.
ENGINE_DOORS = frozenset({"engine", "engine.phh"})


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(*packages: str) -> dict[str, Path]:
    return {
        module_name(path): path for package in packages for path in (ROOT / package).rglob("*.py")
    }


def imports(path: Path, name: str) -> Iterator[tuple[str, tuple[str, ...]]]:
    """(module imported, names taken from it) for every import in the file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, ()
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, module] if module else base)
            yield module, tuple(alias.name for alias in node.names)


def layer(module: str) -> int | None:
    top = module.split(".")[0]
    if top in SURFACES:
        return PACKAGES.index(SURFACES[0])
    return PACKAGES.index(top) if top in PACKAGES else None


def internal_imports() -> dict[str, set[str]]:
    """Each module of the three packages and the modules of theirs it imports."""
    known = modules(*PACKAGES)
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        found: set[str] = set()
        for module, names in imports(path, name):
            if layer(module) is None:
                continue
            # ``from bot.tables import runner`` imports the module bot.tables.runner.
            submodules = {f"{module}.{item}" for item in names} & known.keys()
            found |= submodules or {module}
        graph[name] = found - {name}
    return graph


def test_imports_only_point_down() -> None:
    upward = [
        f"{name} imports {module}"
        for name, targets in internal_imports().items()
        for module in targets
        if (layer(module) or 0) > (layer(name) or 0)
    ]
    assert not upward, upward


def test_the_surfaces_never_import_each_other() -> None:
    across = [
        f"{name} imports {module}"
        for name, targets in internal_imports().items()
        for module in targets
        if name.split(".")[0] in SURFACES
        and module.split(".")[0] in SURFACES
        and module.split(".")[0] != name.split(".")[0]
    ]
    assert not across, across


def test_bot_and_cogs_reach_the_engine_only_through_its_front_door() -> None:
    through_the_side = [
        f"{name} imports {module}"
        for name, path in modules("bot", *SURFACES).items()
        for module, _ in imports(path, name)
        if layer(module) == 0 and module not in ENGINE_DOORS
    ]
    assert not through_the_side, through_the_side


def test_what_the_layers_above_import_from_the_engine_is_on_its_front_door() -> None:
    public = set(engine.__all__)
    missing = [
        f"{name} imports {item}"
        for name, path in modules("bot", *SURFACES).items()
        for module, names in imports(path, name)
        if module == "engine"
        for item in names
        if item not in public
    ]
    assert not missing, missing


def test_the_front_door_names_only_what_exists() -> None:
    assert sorted(engine.__all__) == sorted(set(engine.__all__))
    for item in engine.__all__:
        assert hasattr(engine, item), item


def find_loop(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` as a list of nodes (first repeated last), or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (loop := visit(target)) is not None:
                return loop
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (loop := visit(node)) is not None:
            return loop
    return None


def test_no_module_imports_itself_through_others() -> None:
    graph = internal_imports()
    # A package's __init__ re-exporting its modules is its front door, not a loop.
    for name in list(graph):
        graph[name] = {t for t in graph[name] if not name.startswith(t + ".")}
    assert find_loop(graph) is None, find_loop(graph)


@pytest.mark.parametrize("package", ["bot"])
def test_no_two_parts_of_a_package_import_each_other(package: str) -> None:
    """bot/tables and bot/render (and every other pair of bot's parts) import
    each other one way at most."""

    def part(module: str) -> str:
        return ".".join(module.split(".")[:2])

    graph: dict[str, set[str]] = {}
    for name, targets in internal_imports().items():
        if name.split(".")[0] != package:
            continue
        graph.setdefault(part(name), set()).update(
            part(t) for t in targets if t.split(".")[0] == package and part(t) != part(name)
        )
    assert find_loop(graph) is None, find_loop(graph)


def test_the_scan_sees_the_imports() -> None:
    graph = internal_imports()
    assert "engine" in graph["bot.tables.requests"]
    assert "bot.tables.errors" in graph["bot.tables.requests"]
    assert find_loop({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
