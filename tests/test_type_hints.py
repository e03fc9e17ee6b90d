"""``typing.get_type_hints`` resolves on every public callable.

Tools that read hints at run time (cattrs, typer-like command lines, IDEs, Sphinx) need every
name a public signature mentions to be importable where the callable lives; a hint imported
for the type checker only breaks them. Public means: the names of ``rummikit.__all__`` and
of each public module's ``__all__``, their methods and properties, and the generated
``__init__`` of the attrs classes.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import pkgutil
import typing
from collections.abc import Callable, Iterator

import pytest

import rummikit

OPTIONAL = {
    # callable: the optional third-party type its hints name
    "rummikit.Report.to_pandas": "pandas.DataFrame",
    "rummikit.simulation.Report.to_pandas": "pandas.DataFrame",
    **{
        f"rummikit.terminal.{name}": "rich.text.Text"
        for name in ("tile_text", "tiles_text", "meld_text", "reading_text", "table_text")
    },
}


def _modules() -> list[str]:
    found = ["rummikit"]
    for info in pkgutil.walk_packages(rummikit.__path__, "rummikit."):
        if not any(part.startswith("_") for part in info.name.split(".")[1:]):
            found.append(info.name)
    return found


def _members(owner: type, where: str) -> Iterator[tuple[str, Callable[..., object]]]:
    for name, member in vars(owner).items():
        if name.startswith("_") and name not in ("__init__", "__call__"):
            continue
        if isinstance(member, staticmethod | classmethod):
            member = member.__func__
        if isinstance(member, property) and member.fget is not None:
            member = member.fget
        if inspect.isfunction(member):
            yield f"{where}.{name}", member


def _public() -> Iterator[tuple[str, object]]:
    seen: set[int] = set()
    for module_name in _modules():
        if module_name.startswith("rummikit.cli"):
            pytest.importorskip("click")
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            where = f"{module_name}.{name}"
            if id(value) in seen or getattr(value, "__module__", "").split(".")[0] != "rummikit":
                continue
            seen.add(id(value))
            if inspect.isclass(value):
                yield where, value
                yield from _members(value, where)
            elif inspect.isfunction(value):
                yield where, value


PUBLIC = list(_public())


def test_there_are_public_callables() -> None:
    assert len(PUBLIC) > 150


@pytest.mark.parametrize(("where", "value"), PUBLIC, ids=[where for where, _ in PUBLIC])
def test_type_hints_resolve(where: str, value: object) -> None:
    if where in OPTIONAL and importlib.util.find_spec(OPTIONAL[where].split(".")[0]) is None:
        # without the optional package, its type is the one name left unresolved
        with pytest.raises(NameError, match=OPTIONAL[where].rpartition(".")[2]):
            typing.get_type_hints(value)
        return
    typing.get_type_hints(value)
