"""The table: the melds lying face up, shared by every player."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, SupportsIndex, overload

import attrs

from rummikit._lexer import EMPTY_TABLE, check_text, notation_error, tokens
from rummikit._sequence import checked_index, checked_slice
from rummikit.errors import InvalidArgument, brief
from rummikit.meld import Meld, as_meld, meld_from_tokens
from rummikit.pieces import Tile

if TYPE_CHECKING:  # rich, of the cli extra, is imported when a picture is drawn
    from rich.text import Text

__all__ = ["TableState", "meld_key"]


def meld_key(meld: Meld) -> tuple[int, ...]:
    """A key equal for melds made of the same tiles, whatever their order or declared kind."""
    if not isinstance(meld, Meld):
        raise InvalidArgument("not_a_meld", f"expected a rummikit.Meld, not {brief(meld)}")
    return meld.key


def _to_melds(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    if isinstance(melds, TableState):
        return melds.melds
    if isinstance(melds, str | Meld):
        hint = "read notation with TableState.parse" if isinstance(melds, str) else "not one meld"
        raise InvalidArgument("not_a_table", f"a table is an iterable of rummikit.Meld, {hint}")
    try:
        result = tuple(melds)
    except TypeError:
        raise InvalidArgument(
            "not_a_table", f"a table is an iterable of rummikit.Meld, not {brief(melds)}"
        ) from None
    for meld in result:
        if not isinstance(meld, Meld):
            raise InvalidArgument(
                "not_a_meld", f"a table holds rummikit.Meld values, not {brief(meld)}"
            )
        if not meld.tiles:  # no notation shows one, and no rule allows one
            raise InvalidArgument("not_a_meld", "a table holds no empty meld")
    return result


_MeldOrIndex = SupportsIndex | Meld | Iterable[Tile | str] | str
"""A meld of a table named by its index (negative from the end), or by its value: a
:class:`~rummikit.Meld`, its tiles, or its notation."""


@attrs.frozen(repr=False)
class TableState(Sequence[Meld]):
    """The melds on the table, in the order they are listed.

    The order carries no meaning for the rules (the judge matches melds whatever order they
    are listed in), but it is kept so a table prints as it was laid out.

    A table is a read-only sequence of its melds: it iterates, indexes (``table[0]``,
    ``table[-1]``), slices to a table (``table[1:]``), and answers ``in``, :meth:`index`
    and :meth:`count` for a meld given as a value, its tiles or its notation. A meld is
    found by equality: the same tiles in the same order, and the same declared kind.

    :meth:`add`, :meth:`replace`, :meth:`remove` and ``+`` build a new table, the way a
    host builds the table a player proposes; the table itself never changes. Equality is
    that of the value: the same melds in the same order; a table never equals a list.
    """

    melds: tuple[Meld, ...] = attrs.field(default=(), converter=_to_melds)

    @classmethod
    def parse(cls, text: str) -> TableState:
        """Read a table in notation, such as ``"r7 r8 r9 | b5 k5 o5"``, or ``"-"`` for the
        empty table."""
        return parse_table(text)

    @property
    def tiles(self) -> Counter[Tile]:
        """Every tile on the table, as a multiset."""
        return Counter(tile for meld in self.melds for tile in meld.tiles)

    @property
    def tile_count(self) -> int:
        """How many tiles lie on the table."""
        return sum(len(meld.tiles) for meld in self.melds)

    # -- a read-only sequence of melds ------------------------------------------------------

    def __iter__(self) -> Iterator[Meld]:
        return iter(self.melds)

    def __reversed__(self) -> Iterator[Meld]:
        return reversed(self.melds)

    def __len__(self) -> int:
        return len(self.melds)

    @overload
    def __getitem__(self, index: SupportsIndex) -> Meld: ...

    @overload
    def __getitem__(self, index: slice) -> TableState: ...

    def __getitem__(self, index: SupportsIndex | slice) -> Meld | TableState:
        """The meld at ``index`` (negative from the end), or a table for a slice.

        An index past either end raises :class:`~rummikit.IndexOutOfRange` (an
        :class:`IndexError`); one that is not a whole number or a slice,
        :class:`~rummikit.InvalidArgument` (``bad_index``)."""
        if isinstance(index, slice):
            return TableState(checked_slice(self.melds, index, "table"))
        return self.melds[checked_index(index, len(self.melds), "table")]

    def __contains__(self, meld: object) -> bool:
        """Whether the table holds ``meld``: a :class:`~rummikit.Meld`, its tiles or its
        notation (``"r7 r8 r9" in table``)."""
        return _as_meld(meld) in self.melds

    def index(
        self, meld: object, start: SupportsIndex = 0, stop: SupportsIndex | None = None
    ) -> int:
        """The index of the first meld equal to ``meld`` from ``start``, before ``stop``;
        :class:`~rummikit.InvalidArgument` (``meld_not_on_table``) if there is none."""
        wanted = _as_meld(meld)
        try:
            return self.melds.index(wanted, start, sys.maxsize if stop is None else stop)
        except TypeError:
            raise InvalidArgument(
                "bad_index", f"start and stop are whole numbers, not {brief(start)}, {brief(stop)}"
            ) from None
        except ValueError:
            raise self._missing(wanted) from None

    def count(self, meld: object) -> int:
        """How many melds of the table equal ``meld`` (a meld, its tiles or its notation)."""
        return self.melds.count(_as_meld(meld))

    # -- new tables -------------------------------------------------------------------------

    def add(self, *melds: Meld | Iterable[Tile | str] | str) -> TableState:
        """This table with ``melds`` (melds, their tiles, or meld notation) added at the end;
        with none, this table.

        >>> rk.TableState.parse("r7 r8 r9").add("b5 k5 o5", ["o1", "o2", "o3"])
        TableState.parse('r7 r8 r9 | b5 k5 o5 | o1 o2 o3')
        """
        if not melds:
            return self
        return TableState((*self.melds, *map(_as_meld, melds)))

    def replace(
        self,
        old: _MeldOrIndex,
        new: Meld | Iterable[Tile | str] | str,
        /,
        *more: Meld | Iterable[Tile | str] | str,
    ) -> TableState:
        """This table with the meld ``old`` (an index, or a meld found by value as for
        :meth:`index`) replaced by ``new``, and by ``more`` after it: a meld split in two is
        replaced by both halves, in its place.

        >>> table = rk.TableState.parse("r7 r8 r9 | b5 k5 o5")
        >>> table.replace(0, "r6 r7 r8 r9")
        TableState.parse('r6 r7 r8 r9 | b5 k5 o5')
        >>> table.replace("b5 k5 o5", "b5 k5 o5 r5")
        TableState.parse('r7 r8 r9 | b5 k5 o5 r5')
        """
        at = self._place(old, set())
        melds = self.melds
        return TableState((*melds[:at], *map(_as_meld, (new, *more)), *melds[at + 1 :]))

    def remove(self, *melds: _MeldOrIndex) -> TableState:
        """This table without ``melds``, each an index into this table or a meld found by
        value: the indexes are taken first, then each meld by value takes the first equal
        meld not taken yet, so a meld listed twice removes two copies. With none, this
        table. A meld the table does not hold raises
        :class:`~rummikit.InvalidArgument` (``meld_not_on_table``), and so does naming one
        index twice (``bad_index``).

        >>> table = rk.TableState.parse("r7 r8 r9 | b5 k5 o5 | o1 o2 o3")
        >>> table.remove(0, "o1 o2 o3")
        TableState.parse('b5 k5 o5')
        """
        chosen: set[int] = set()
        for meld in sorted(melds, key=_is_value):  # indexes first (a stable sort)
            chosen.add(self._place(meld, chosen))
        if not chosen:
            return self
        return TableState(meld for at, meld in enumerate(self.melds) if at not in chosen)

    def __add__(self, other: TableState | Meld | str) -> TableState:
        """``table + meld``, ``table + other_table`` or ``table + "notation"`` (a meld or a
        whole table, ``"-"`` included): the melds of both, this table's first."""
        return TableState((*self.melds, *_addend(other)))

    def __radd__(self, other: Meld | str) -> TableState:
        """``meld + table`` or ``"notation" + table``: the other melds first."""
        return TableState((*_addend(other), *self.melds))

    def _place(self, meld: object, taken: set[int]) -> int:
        """The index of ``meld`` (an index, or a meld by value not among ``taken``)."""
        if not _is_value(meld):
            at = checked_index(meld, len(self.melds), "table")
            if at in taken:
                raise InvalidArgument("bad_index", f"the meld at index {at} is named twice")
            return at
        wanted = _as_meld(meld)
        for at, found in enumerate(self.melds):
            if found == wanted and at not in taken:
                return at
        raise self._missing(wanted, again=any(self.melds[at] == wanted for at in taken))

    def _missing(self, meld: Meld, *, again: bool = False) -> InvalidArgument:
        """The error for a meld this table does not hold (``meld_not_on_table``)."""
        if again:
            return InvalidArgument(
                "meld_not_on_table", f"the table holds no other copy of the meld {meld}"
            )
        same = next((found for found in self.melds if found.key == meld.key), None)
        hint = f" (it holds {same}: the same tiles, listed otherwise)" if same else ""
        return InvalidArgument("meld_not_on_table", f"the table holds no meld {meld}{hint}")

    # -- text -------------------------------------------------------------------------------

    def __str__(self) -> str:
        return " | ".join(map(str, self.melds)) or EMPTY_TABLE

    def __repr__(self) -> str:
        return f"TableState.parse({str(self)!r})" if self.melds else "TableState()"

    def _repr_svg_(self) -> str:
        """The table as a picture, which notebooks show for a table in a cell (see
        :func:`rummikit.svg.table`)."""
        from rummikit import svg  # pictures sit above the values they draw

        return str(svg.table(self))

    def __rich__(self) -> Text:
        """The table in colour, one meld a line, for rich: see :mod:`rummikit.terminal`."""
        from rummikit.terminal import table_text

        return table_text(self)


def _is_value(meld: object) -> bool:
    """Whether ``meld`` names a meld by value rather than by index."""
    return isinstance(meld, Meld | str) or not isinstance(meld, SupportsIndex)


def _as_meld(meld: object) -> Meld:
    """``meld`` as a :class:`~rummikit.Meld`, as a table is asked about it: a meld, its tiles
    or its notation, never empty and never a single tile."""
    if isinstance(meld, Tile):
        raise InvalidArgument(
            "not_a_meld",
            f"a table holds melds, not single tiles such as {meld}; ask table.tiles for tiles",
        )
    if isinstance(meld, TableState):
        raise InvalidArgument("not_a_meld", "expected a meld, not a whole table")
    found = as_meld(meld)  # type: ignore[arg-type]
    if not found.tiles:
        raise InvalidArgument("not_a_meld", "a table holds no empty meld")
    return found


def _addend(other: object) -> tuple[Meld, ...]:
    """The melds ``table + other`` adds: a table's, a meld, or those of table notation."""
    if isinstance(other, TableState):
        return other.melds
    if isinstance(other, Meld):
        return _to_melds((other,))
    if isinstance(other, str):
        return parse_table(other).melds
    raise InvalidArgument(
        "bad_operand",
        f"a table adds a Meld, a TableState or notation with +, not {brief(other)}: "
        "for several melds use table.add(*melds)",
    )


def _close(melds: list[Meld], current: list[tuple[str, int]], end: int) -> None:
    """Add the meld ``current`` spells to ``melds``: none if it is ``-``, the empty table."""
    if len(current) != 1 or current[0][0] != EMPTY_TABLE:
        melds.append(meld_from_tokens(current, end))


def parse_table(text: str) -> TableState:
    """Read a table: melds separated by ``|`` or line breaks, such as ``"r7 r8 r9 | b5 k5 o5"``.

    ``-`` standing alone where a meld would is the empty table: it adds no meld, so
    ``"- | r1 r2 r3"`` is the table of one meld and ``"-"`` the table of none, what
    ``str(TableState())`` writes. The empty string (or only whitespace) is the empty table
    too. A ``|`` with no tiles on one side is refused; blank lines are not.
    """
    melds: list[Meld] = []
    current: list[tuple[str, int]] = []
    after_bar = False
    bar_position = 0
    for token, position in tokens(check_text(text)):
        if token == "|":
            if not current:
                raise notation_error(
                    "empty_meld", "meld with no tiles", "|", position, "at least one tile"
                )
            _close(melds, current, position)
            current, after_bar, bar_position = [], True, position
        elif token == "\n":
            if current:
                _close(melds, current, position)
                current, after_bar = [], False
            elif after_bar:
                raise notation_error(
                    "empty_meld", "meld with no tiles", "|", bar_position, "at least one tile"
                )
        else:
            current.append((token, position))
    if current:
        _close(melds, current, len(text))
    elif after_bar:
        raise notation_error(
            "empty_meld", "meld with no tiles", "|", bar_position, "at least one tile"
        )
    return TableState(melds)
