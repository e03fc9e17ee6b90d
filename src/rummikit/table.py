"""The table: the melds lying face up, shared by every player."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

import attrs

from rummikit._lexer import check_text, notation_error, tokens
from rummikit.errors import InvalidArgument, brief
from rummikit.meld import Meld, meld_from_tokens
from rummikit.pieces import Tile

__all__ = ["TableState", "meld_key"]


def meld_key(meld: Meld) -> tuple[int, ...]:
    """A key equal for melds made of the same tiles, whatever their order or declared kind."""
    if not isinstance(meld, Meld):
        raise InvalidArgument("not_a_meld", f"expected a rummikit.Meld, not {brief(meld)}")
    return meld.key


def _to_melds(melds: Iterable[Meld]) -> tuple[Meld, ...]:
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


@attrs.frozen(repr=False)
class TableState:
    """The melds on the table, in the order they are listed.

    The order carries no meaning for the rules (the judge matches melds whatever order they
    are listed in), but it is kept so a table prints as it was laid out.
    """

    melds: tuple[Meld, ...] = attrs.field(default=(), converter=_to_melds)

    @classmethod
    def parse(cls, text: str) -> TableState:
        """Read a table in notation, such as ``"r7 r8 r9 | b5 k5 o5"``."""
        return cls(parse_table(text))

    @property
    def tiles(self) -> Counter[Tile]:
        """Every tile on the table, as a multiset."""
        return Counter(tile for meld in self.melds for tile in meld.tiles)

    @property
    def tile_count(self) -> int:
        """How many tiles lie on the table."""
        return sum(len(meld.tiles) for meld in self.melds)

    def __iter__(self) -> Iterator[Meld]:
        return iter(self.melds)

    def __len__(self) -> int:
        return len(self.melds)

    def __str__(self) -> str:
        return " | ".join(map(str, self.melds))

    def __repr__(self) -> str:
        return f"TableState.parse({str(self)!r})"


def parse_table(text: str) -> list[Meld]:
    """Read a table: melds separated by ``|`` or line breaks, such as ``"r7 r8 r9 | b5 k5 o5"``.

    The empty string (or only whitespace) is the empty table. A ``|`` with no tiles on one
    side is refused; blank lines are not.
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
            melds.append(meld_from_tokens(current, position))
            current, after_bar, bar_position = [], True, position
        elif token == "\n":
            if current:
                melds.append(meld_from_tokens(current, position))
                current, after_bar = [], False
            elif after_bar:
                raise notation_error(
                    "empty_meld", "meld with no tiles", "|", bar_position, "at least one tile"
                )
        else:
            current.append((token, position))
    if current:
        melds.append(meld_from_tokens(current, len(text)))
    elif after_bar:
        raise notation_error(
            "empty_meld", "meld with no tiles", "|", bar_position, "at least one tile"
        )
    return melds
