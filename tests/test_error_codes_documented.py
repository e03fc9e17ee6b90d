"""Every error code rummikit can raise or report is documented.

The codes are read from the source with :mod:`ast`, not from a list kept by hand:

* the code argument of every call to an exception of :mod:`rummikit.errors` (and
  :class:`~rummikit.IllegalAction`, which lives beside its verdict) and to
  :class:`~rummikit.Violation` (its position is read from the class's ``__init__``, so
  ``InvalidOption(option, message)`` is not mistaken for a code);
* codes fixed by an exception class itself (``super().__init__("unknown_profile", ...)``,
  ``code: str = "invalid_option"``);
* codes passed through helpers that forward a parameter as the code
  (``_lexer.notation_error(code, ...)``, ``notation.as_items(value, code, ...)``) or format it into
  one (``simulation._check_count(name, ...)`` raises ``f"bad_{name}"``): the helpers' call
  sites are read instead;
* the ``(code, message)`` failures returned by the meld reader (functions annotated as
  returning ``Failure``), which :meth:`RuleProfile.read_meld` raises as InvalidMeld;
* the keys of code tables (dicts looked up with an error's or a violation's ``.code``) and
  codes compared with ``.code ==``.

A code argument that is none of these fails the test: name the call in
``FOLLOWED_ELSEWHERE`` and list the codes it can take in ``DYNAMIC``, saying where they come
from.

Each code must appear as ````code```` in docs/errors.rst or, for the turn judge's verdict
codes, in docs/turns.rst (which errors.rst links to).
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "rummikit"
DOCUMENTED_IN = (ROOT / "docs" / "errors.rst", ROOT / "docs" / "turns.rst")

DYNAMIC: dict[str, str] = {
    # code: where it comes from, for codes built in a way this test cannot follow.
    # None today: every code is a literal, a helper's argument or a Failure.
}

FOLLOWED_ELSEWHERE = {
    # (module, class or helper): calls whose code argument is not followed, and why their
    # codes are found all the same
    ("profile.py", "InvalidMeld"): "InvalidMeld(*found): the Failures of reading.read",
    ("wire/_verdict.py", "Violation"): "a verdict read from the wire: the codes of its writer",
}

Function = ast.FunctionDef | ast.AsyncFunctionDef
Calls = tuple[tuple[ast.Call, Function | None], ...]  # each call with its function


@functools.cache
def _module(module: str, text: str) -> tuple[Calls, frozenset[str]]:
    """The calls of a module, each with the innermost function it is in, and the codes it
    gives without a call (code tables, Failures); parsed once per text."""
    located: list[tuple[ast.AST, Function | None]] = []
    stack: list[tuple[ast.AST, Function | None]] = [(ast.parse(text, module), None)]
    while stack:
        node, function = stack.pop()
        located.append((node, function))
        inner = node if isinstance(node, Function) else function
        stack.extend((child, inner) for child in ast.iter_child_nodes(node))
    calls = tuple((n, f) for n, f in located if isinstance(n, ast.Call))
    return calls, frozenset((*_looked_up(located), *_failures(located)))


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _string(value: ast.AST | None) -> str | None:
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return value.value
    return None


def _params(function: Function | None) -> list[str]:
    """The positional parameters a caller passes, ``self`` and ``cls`` left out."""
    if function is None:
        return []
    names = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    return names[1:] if names[:1] in (["self"], ["cls"]) else names


CARRIERS = ("errors.py", "verdict.py")
"""The modules defining rummikit's exceptions: errors.py, and verdict.py for IllegalAction."""


def _carriers(modules: list[ast.Module]) -> tuple[dict[str, int | None], set[str]]:
    """For each exception class of ``modules``, and Violation: the position of the code
    among a call's arguments (None when only ``code=`` or nothing passes it); and the
    codes the classes fix themselves."""
    positions: dict[str, int | None] = {"Violation": 0}  # attrs: code, message, ...
    fixed: set[str] = set()
    classes = [node for module in modules for node in module.body]
    for cls in (node for node in classes if isinstance(node, ast.ClassDef)):
        init = next(
            (f for f in cls.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"),
            None,
        )
        if init is None:  # the constructor of its first rummikit base
            bases = [_name(base) for base in cls.bases if _name(base) in positions]
            if bases:
                positions[cls.name] = positions[bases[0]]  # type: ignore[index]
            continue
        params = _params(init)
        positions[cls.name] = params.index("code") if "code" in params else None
        for arg, default in zip(init.args.kwonlyargs, init.args.kw_defaults, strict=True):
            if arg.arg == "code" and _string(default) is not None:
                fixed.add(default.value)  # type: ignore[union-attr]
        for call in (n for n in ast.walk(init) if isinstance(n, ast.Call)):
            if _name(call.func) == "__init__" and call.args and _string(call.args[0]):
                fixed.add(call.args[0].value)  # type: ignore[attr-defined]
    return positions, fixed


def _argument(call: ast.Call, position: int | None, keyword: str) -> ast.expr | None:
    for item in call.keywords:
        if item.arg == keyword:
            return item.value
    if position is not None and position < len(call.args):
        return call.args[position]
    return None


def _template(value: ast.expr, params: list[str]) -> tuple[str, str] | None:
    """``(parameter, template)`` when ``value`` is a parameter or an f-string of one."""
    if isinstance(value, ast.Name) and value.id in params:
        return value.id, "{}"
    if isinstance(value, ast.JoinedStr):
        names = [
            part.value.id
            for part in value.values
            if isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.Name)
        ]
        if len(names) == 1 and names[0] in params:
            text = "".join(_string(part) or "{}" for part in value.values)
            return names[0], text
    return None


def _is_code(node: ast.AST) -> bool:
    """Whether ``node`` is ``something.code`` (an error's or a violation's code)."""
    return isinstance(node, ast.Attribute) and node.attr == "code"


def _looked_up(located: list[tuple[ast.AST, Function | None]]) -> Iterator[str]:
    """Codes a module looks up or compares: the keys of a dict looked up with ``x.code``
    (``TABLE[x.code]``, ``x.code in TABLE``, ``TABLE.get(x.code)``), ``x.code == "..."``."""
    tables: dict[str, ast.Dict] = {}
    looked_up: list[ast.expr] = []
    for node, _ in located:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
            tables.update((t.id, node.value) for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.Subscript) and _is_code(node.slice):
            looked_up.append(node.value)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr == "get" and node.args and _is_code(node.args[0]):
                looked_up.append(node.func.value)
        elif isinstance(node, ast.Compare) and _is_code(node.left):
            for op, right in zip(node.ops, node.comparators, strict=True):
                if isinstance(op, ast.In | ast.NotIn):
                    looked_up.append(right)
                elif isinstance(op, ast.Eq | ast.NotEq) and _string(right) is not None:
                    yield right.value  # type: ignore[attr-defined]
    for table in looked_up:
        found = tables.get(table.id) if isinstance(table, ast.Name) else table
        if isinstance(found, ast.Dict):
            yield from filter(None, map(_string, found.keys))


def _failures(located: list[tuple[ast.AST, Function | None]]) -> Iterator[str]:
    """The codes of the ``(code, message)`` tuples returned by functions annotated as
    returning a ``Failure``."""
    for node, function in located:
        if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple):
            returns = function.returns if function is not None else None
            if returns is not None and "Failure" in ast.unparse(returns) and node.value.elts:
                code = _string(node.value.elts[0])
                if code is not None:
                    yield code


def collect(sources: Mapping[str, str]) -> tuple[set[str], list[str]]:
    """The codes raised or reported by ``sources`` (module path -> text, the modules of
    :data:`CARRIERS` among them), and the calls whose code could not be followed."""
    positions, codes = _carriers([ast.parse(sources[module]) for module in CARRIERS])
    unresolved: list[str] = []
    # a helper's name: (position of its code parameter, the parameter, the code template)
    helpers: dict[str, tuple[int | None, str, str]] = {
        name: (position, "code", "{}") for name, position in positions.items()
    }
    # Only modules whose text names a carrier, a helper, a Failure or a ``.code`` are
    # parsed (parsing is most of the time this takes); each round reads the calls of the
    # carriers and helpers, and a function that passes its own parameter on as the code
    # is a helper too, looked for in the next round.
    calls: dict[str, Calls] = {}
    done: set[ast.Call] = set()
    while True:
        wanted = (*helpers, "Failure", ".code")
        fresh = [
            m for m, text in sources.items() if m not in calls and any(w in text for w in wanted)
        ]
        for module in fresh:
            calls[module], given = _module(module, sources[module])
            codes |= given
        known = len(helpers)
        for module, located_calls in calls.items():
            for node, function in located_calls:
                name = _name(node.func)
                if name not in helpers or node in done:
                    continue
                done.add(node)
                position, param, template = helpers[name]
                value = _argument(node, position, param)
                if value is None:  # a class that fixes its code (IllegalAction, ...)
                    continue
                code = _string(value)
                params = _params(function)
                forwarded = _template(value, params)
                if code is not None:
                    codes.add(template.format(code))
                elif function is not None and forwarded is not None:
                    inner, outer = forwarded
                    helpers[function.name] = (params.index(inner), inner, outer.format(template))
                elif (module, name) not in FOLLOWED_ELSEWHERE:
                    unresolved.append(f"{module}:{node.lineno}: {ast.unparse(node)[:80]}")
        if len(helpers) == known and not fresh:
            return codes, unresolved


def _sources() -> dict[str, str]:
    return {
        path.relative_to(SOURCE).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(SOURCE.rglob("*.py"))
    }


def _documented() -> set[str]:
    found: set[str] = set()
    for page in DOCUMENTED_IN:
        found |= set(re.findall(r"``([a-z][a-z0-9_]*)``", page.read_text(encoding="utf-8")))
    return found


def test_every_error_code_is_documented() -> None:
    codes, unresolved = collect(_sources())
    assert not unresolved, (
        "error codes this test cannot follow (name the calls in FOLLOWED_ELSEWHERE and "
        "list their codes in DYNAMIC, with where they come from):\n" + "\n".join(unresolved)
    )
    codes |= set(DYNAMIC)
    for code in (  # the collector still sees each way a code is given
        "bad_token",  # _lexer.notation_error(code, ...)
        "not_tiles",  # notation.as_items(value, code, ...)
        "bad_games",  # simulation._check_count("games", ...): f"bad_{name}"
        "too_short",  # a Failure returned by reading.read
        "invalid_option",  # InvalidOption's default code
        "unknown_profile",  # fixed by UnknownProfile
        "illegal_action",  # fixed by IllegalAction
        "game_over",  # a Violation
        "does_not_replay",  # an InvalidRecord
    ):
        assert code in codes, f"the collector no longer finds {code!r}"
    missing = sorted(codes - _documented())
    assert not missing, (
        f"{len(missing)} error code(s) raised or reported in src/rummikit but not documented "
        "as ``code`` in docs/errors.rst (or docs/turns.rst): " + ", ".join(missing)
    )


def test_a_new_code_is_caught() -> None:
    """New codes are found in each of the ways above: checked on made-up source, so that
    the real one is never touched."""
    sources = _sources()
    sources["made_up.py"] = (
        "def _refuse(what, code):\n"
        "    raise InvalidArgument(code, what)\n"
        "def _pass_on(code):\n"
        "    _refuse('x', code)\n"
        "def _count(name, value):\n"
        "    raise InvalidArgument(f'too_many_{name}', 'x')\n"
        "def f(x):\n"
        "    _refuse('x', 'brand_new_code')\n"
        "    _pass_on('passed_on_code')\n"
        "    _count('widgets', x)\n"
        "    Violation('brand_new_violation', 'x')\n"
        "    InvalidRecord('brand_new_record_code', 'x', where='x')\n"
        "    InvalidOption('copies', 'x', code='brand_new_option_code')\n"
        "    InvalidArgument(compute_code(), 'x')\n"
    )
    codes, unresolved = collect(sources)
    new = {
        "brand_new_code",
        "passed_on_code",
        "too_many_widgets",
        "brand_new_violation",
        "brand_new_record_code",
        "brand_new_option_code",
    }
    assert new <= codes
    assert not new & _documented()  # so the first test would fail on them
    assert [site.split(":")[0] for site in unresolved] == ["made_up.py"]
    assert "copies" not in codes  # InvalidOption's first argument is the option
