"""No order in the package comes from a set, a hash or the disk (design: a seed fixes a game
everywhere).

Read from the source with :mod:`ast`. A set of tiles, melds or text lists its members in
the order of their hashes, which Python salts per process (``PYTHONHASHSEED``); a set of
tuples of numbers, in an order that differs on a 32-bit build; a directory, in the order the
file system keeps. So the source never puts such an order into a sequence: no ``for`` loop
and no list, dict or generator comprehension walks a set made on the spot (``set(...)``,
``frozenset(...)``, ``{...}``, or one of those combined by ``|``, ``&``, ``-`` or ``^``),
and ``list``, ``tuple``, ``enumerate``, ``iter``, ``zip`` and ``dict.fromkeys`` are never
given one; ``hash()`` is never called, and a directory is never listed. A set is still
fine for membership, counting and building another set, and a generator walking one may
feed a function that does not care about order (``any``, ``sum``, ``sorted``...).

This catches the pattern that broke seeded games across processes (``for combo in
set(itertools.combinations(pool, size))`` in :func:`rummikit.moves.rack_melds`); sets held
in variables are the reviewer's to check, and the tests that replay seeded games under other
hash seeds (``tests/simulation/test_determinism.py``) catch what slips through.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "rummikit"

FILES = sorted(SOURCE.rglob("*.py"))

_SEQUENCE_MAKERS = {"list", "tuple", "enumerate", "iter", "zip", "fromkeys"}
"""Calls that keep the order of what they are given (``fromkeys``: ``dict.fromkeys``)."""

_ORDER_FREE = {"any", "all", "sum", "len", "sorted", "set", "frozenset", "min", "max", "Counter"}
"""Calls whose result does not depend on the order of a generator they are given (``min``
and ``max`` without a key that ties; the source gives them numbers)."""

_DIRECTORY_LISTINGS = {"listdir", "scandir", "iterdir", "glob", "rglob", "walk"}


def _is_set(node: ast.expr) -> bool:
    """Whether ``node`` makes a set on the spot."""
    if isinstance(node, (ast.Set, ast.SetComp)):
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id in {"set", "frozenset"}
    if isinstance(node, ast.BinOp) and isinstance(
        node.op, (ast.BitOr, ast.BitAnd, ast.Sub, ast.BitXor)
    ):
        return _is_set(node.left) or _is_set(node.right)
    return False


def _called(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: parent for parent in ast.walk(tree) for child in ast.iter_child_nodes(parent)}


def _findings(text: str, where: str) -> Iterator[str]:
    """Where the source ``text`` (of the file ``where``) takes an order from a set, a hash,
    an object's identity or a directory listing."""
    tree = ast.parse(text)
    parents = _parents(tree)
    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.AsyncFor)) and _is_set(node.iter):
            yield f"{where}:{node.lineno}: a for loop walks a set"
        elif isinstance(node, (ast.ListComp, ast.DictComp, ast.GeneratorExp)):
            parent = parents.get(node)
            order_free = (
                isinstance(node, ast.GeneratorExp)
                and isinstance(parent, ast.Call)
                and _called(parent) in _ORDER_FREE
            )
            if not order_free and any(_is_set(gen.iter) for gen in node.generators):
                yield f"{where}:{node.lineno}: a comprehension walks a set into a sequence"
        elif isinstance(node, ast.Call):
            name = _called(node)
            if name in _SEQUENCE_MAKERS and any(_is_set(arg) for arg in node.args):
                yield f"{where}:{node.lineno}: {name}() keeps the order of a set"
            elif name in _DIRECTORY_LISTINGS and not (
                isinstance(parents.get(node), ast.Call) and _called(parents[node]) == "sorted"
            ):
                yield f"{where}:{node.lineno}: {name}() lists a directory in the disk's order"
        elif isinstance(node, ast.Name) and node.id == "hash":
            yield f"{where}:{node.lineno}: hash() differs between processes"
        elif (
            isinstance(node, ast.keyword)
            and node.arg == "key"
            and any(isinstance(n, ast.Name) and n.id == "id" for n in ast.walk(node.value))
        ):
            yield f"{where}:{node.lineno}: a sort by id() follows where objects lie"


def test_no_order_comes_from_a_set_a_hash_or_the_disk():
    found = [
        finding
        for path in FILES
        for finding in _findings(
            path.read_text(encoding="utf-8"), str(path.relative_to(SOURCE.parent))
        )
    ]
    assert found == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # the pattern that broke seeded games across processes (issue 24)
        (
            "for combo in set(itertools.combinations(pool, size)):\n    found.append(combo)\n",
            ["a for loop walks a set"],
        ),
        (
            "melds = [m for m in {a, b} | set(c)]\nrows = tuple(frozenset(d))\n",
            ["a comprehension walks a set into a sequence", "tuple() keeps the order of a set"],
        ),
        ("order = sorted(melds, key=hash)\n", ["hash() differs between processes"]),
        (
            "order = sorted(melds, key=lambda m: id(m))\n",
            ["a sort by id() follows where objects lie"],
        ),
        ("names = os.listdir(folder)\n", ["listdir() lists a directory in the disk's order"]),
        # membership, counting, another set, an order-free consumer, a sorted listing
        ("seen = {m.key for m in melds}\nok = any(x in seen for x in {1, 2})\n", []),
        ("ranks = sorted({t.rank for t in held})\nnames = sorted(folder.iterdir())\n", []),
        (
            "shared = {id(m) for m in sharing}\nleft = [m for m in melds if id(m) not in shared]\n",
            [],
        ),
    ],
)
def test_the_check_finds_orders_from_sets_and_passes_the_rest(text, found):
    assert [finding.split(": ", 1)[1] for finding in _findings(text, "x.py")] == found
