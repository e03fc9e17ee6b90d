"""The package's imports go one way (design principle 9).

Read from the source with :mod:`ast`: the module-level imports of ``src/rummikit`` between
its own modules form no cycle, none hides under ``if TYPE_CHECKING:``, and an import made
inside a function is of another package (an optional dependency such as click, or a part of
the standard library that only some commands need) or one of the few listed below with the
reason it is there. The lazy top-level namespace loads its modules with :mod:`importlib`,
so ``import rummikit`` leaves the upper layers for later.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "rummikit"

CALL_TIME = {
    # (module, function): why it imports a rummikit module when called
    ("rummikit.__main__", "command"): "the command line needs click, an optional dependency",
    ("rummikit.__main__", "main"): "the command line needs click, an optional dependency",
    ("rummikit.cli._solve", "_draw"): "rich loads only when a command draws on a terminal",
    **{
        (module, "_repr_svg_"): "a value's picture for notebooks, drawn by rummikit.svg above it"
        for module in (
            "rummikit.pieces",
            "rummikit.meld",
            "rummikit.table",
            "rummikit.game._values",
            "rummikit.game._game",
        )
    },
    **{
        ("rummikit.profile", method): "a profile's convenience face over the rules above it"
        for method in (
            "piece_value",
            "check_turn",
            "opening_points",
            "check_opening",
            "round_winners",
            "score_round",
        )
    },
    **{
        (module, "__rich__"): "a value's picture for rich is drawn by rummikit.terminal, above it"
        for module in (
            "rummikit.pieces",
            "rummikit.meld",
            "rummikit.table",
            "rummikit.reading",
            "rummikit.game._values",
            "rummikit.game._game",
        )
    },
}


def _name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(path): path for path in sorted(SOURCE.rglob("*.py"))}


def _targets(node: ast.Import | ast.ImportFrom, module: str) -> Iterator[str]:
    """The rummikit modules an import statement loads."""
    if isinstance(node, ast.Import):
        yield from (a.name for a in node.names if a.name.split(".")[0] == "rummikit")
        return
    base = node.module or ""
    if node.level:  # relative: from the module's package
        package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{base}" if base else package
    if base.split(".")[0] != "rummikit":
        return
    # ``from rummikit import profiles`` loads that submodule; a name that is none is taken
    # from the package itself (a package is always loaded before its submodules, so that
    # alone is no edge)
    names = [f"{base}.{alias.name}" for alias in node.names]
    yield from (name for name in names if name in MODULES)
    if any(name not in MODULES for name in names):
        yield base


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _module_level(tree: ast.Module) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """The imports run when the module is imported, each with whether it is under
    ``if TYPE_CHECKING:``."""
    stack: list[tuple[ast.AST, bool]] = [(node, False) for node in tree.body]
    while stack:
        node, hidden = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, hidden
        elif isinstance(node, ast.If):
            inner = hidden or _is_type_checking(node)
            stack.extend((child, inner) for child in node.body)
            stack.extend((child, hidden) for child in node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                stack.extend((child, hidden) for child in block)


def _call_time(tree: ast.Module) -> Iterator[tuple[str, ast.Import | ast.ImportFrom]]:
    """The imports inside functions, each with the function's name."""
    for function in ast.walk(tree):
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(function):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    yield function.name, node


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[module] = {
            target
            for node, hidden in _module_level(tree)
            if not hidden
            for target in _targets(node, module)
            if target != module
        }
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` (a list of modules, the first repeated last), or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (found := visit(target)):
                return found
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state and (found := visit(module)):
            return found
    return None


def test_module_level_imports_form_no_cycle() -> None:
    cycle = _cycle(_graph())
    assert cycle is None, "a circle of module-level imports: " + " -> ".join(cycle or [])


@pytest.mark.parametrize("module", sorted(set(MODULES) - {"rummikit"}))
def test_no_rummikit_import_hides_under_type_checking(module: str) -> None:
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    hidden = [
        ast.unparse(node)
        for node, under in _module_level(tree)
        if under and any(_targets(node, module))
    ]
    assert not hidden, f"{module} imports for the type checker only: {hidden}"


def test_call_time_imports_are_the_listed_ones() -> None:
    found = set()
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function, node in _call_time(tree):
            if any(_targets(node, module)):
                found.add((module, function))
    unlisted = sorted(found - set(CALL_TIME))
    assert not unlisted, f"imports of rummikit modules inside functions: {unlisted}"
    stale = sorted(set(CALL_TIME) - found)
    assert not stale, f"CALL_TIME lists imports that are gone: {stale}"


def test_the_package_declares_only_its_lazy_names_for_type_checkers() -> None:
    """The package's ``TYPE_CHECKING`` block tells type checkers about the names its
    ``__getattr__`` loads on first use, and nothing else."""
    import rummikit

    tree = ast.parse(MODULES["rummikit"].read_text(encoding="utf-8"))
    declared = {
        (node.module, alias.name)
        for node, hidden in _module_level(tree)
        if hidden and isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    lazy = {(module, name) for name, module in rummikit._LAZY.items()}
    assert declared == lazy


def test_import_rummikit_leaves_the_heavy_modules_for_later():
    """``import rummikit`` stays light (the issue asks for under 100 ms; timing lives in
    benchmarks/bench_import.py): games, records, the solver and simulation load on first use."""
    code = "import sys, rummikit; print(' '.join(sorted(sys.modules)))"
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    for module in ("rummikit.game", "rummikit.record", "rummikit.solver", "rummikit.simulation"):
        assert module not in loaded
    assert "importlib.metadata" not in loaded


def test_dir_lists_the_lazy_names_without_loading_them():
    """Regression (issue 24): ``dir(rummikit)`` left out the names loaded on first use
    (``Game``, ``simulate``, ``loads``, ...), so completion in shells and editors missed them."""
    code = (
        "import sys, rummikit; names = dir(rummikit); "
        "print(sorted(set(rummikit.__all__) - set(names)), names == sorted(names), "
        "'rummikit.game' in sys.modules)"
    )
    shown = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert shown == ["[]", "True", "False"]
