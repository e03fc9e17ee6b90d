"""Pictures of the game as SVG text: pieces, melds, tables, racks, views and games.

Each function returns a :class:`Picture`, the text of a whole SVG document, which a
notebook draws where it is the value of a cell, a web page can hold inline and a file can
keep as it is::

    import rummikit as rk
    from rummikit import svg

    svg.meld("r7 r8 j", profile="pagat")          # the joker labelled: it stands for r9
    svg.table("r1 r2 r3 | Kh Kd Ks")
    svg.view(game.view(0))                        # what player 0 sees
    svg.turn("r8 b8 k8", "r6 r7 r8 | b8 k8 o8", rack="r6 r7 o8", profile="pagat")

The values draw themselves too: :class:`~rummikit.Tile`, :class:`~rummikit.Meld`,
:class:`~rummikit.TableState`, :class:`~rummikit.PlayerView` and :class:`~rummikit.Game`
have ``_repr_svg_``, which calls this module.

Every picture is well-formed XML with a ``<title>`` that says what it shows in words, every
piece a ``<g class="piece ...">`` group with a title of its own (``red 7``, ``queen of
hearts``), and the same input always gives the same text. Sizes and colours come from a
:class:`Style`; input is read as everywhere in rummikit (notation or values), and what
cannot be drawn raises :class:`~rummikit.InvalidArgument` with a stable code.

Every function takes ``style`` (a :class:`Style`, the defaults when None) and ``title``,
words of your own for the picture's ``<title>`` in place of those it writes (None, or an
empty string, keeps them).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rummikit import profiles
from rummikit.errors import InvalidArgument, brief
from rummikit.game import Game, Outcome, Phase, PlayerView
from rummikit.notation import (
    MeldLike,
    TableLike,
    TilesLike,
    as_meld,
    as_table,
    as_tiles,
)
from rummikit.pieces import Tile, as_tile
from rummikit.profile import RuleProfile
from rummikit.svg._board import DISCARDS_SHOWN, Round, draw_round
from rummikit.svg._draw import Picture, draw_piece, finish, piece_name, piece_width, start
from rummikit.svg._layout import (
    meld_box,
    meld_title,
    place,
    rack_box,
    read,
    spoken_table,
    spoken_tiles,
    table_box,
    uses_cards,
)
from rummikit.svg._style import Style
from rummikit.svg._turn import draw_turn
from rummikit.table import TableState

__all__ = [
    "DISCARDS_SHOWN",
    "Picture",
    "Style",
    "game",
    "meld",
    "piece",
    "rack",
    "table",
    "turn",
    "view",
]

_DEFAULT = Style()
_LIMIT = 2**63
"""Counts, turns and scores a view may hold to be drawn: far beyond any game, and short
enough to write (Python refuses to write integers of more than 4,300 digits)."""


def _style(style: Style | None) -> Style:
    if style is None:
        return _DEFAULT
    if not isinstance(style, Style):
        raise InvalidArgument("bad_style", f"style is a rummikit.svg.Style, not {brief(style)}")
    return style


def _profile(profile: RuleProfile | str | None) -> RuleProfile | None:
    if profile is None:
        return None
    if not isinstance(profile, RuleProfile | str):
        raise InvalidArgument(
            "not_a_profile",
            f"profile is a RuleProfile, a profile name or None, not {brief(profile)}",
        )
    return profiles.get(profile)


_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""A character no XML document may hold (control characters, lone surrogates, U+FFFE and
U+FFFF): escaping cannot save it, so a title holding one is refused."""


def _title(title: str | None) -> str | None:
    if title is not None and not isinstance(title, str):
        raise InvalidArgument("bad_title", f"title is a str or None, not {brief(title)}")
    if title is not None and (found := _NOT_XML.search(title)):
        raise InvalidArgument(
            "bad_title",
            f"title holds {found.group()!r} at {found.start()}, a character XML cannot hold",
        )
    return title


def _flag(stands_for: bool) -> bool:
    if type(stands_for) is not bool:
        raise InvalidArgument(
            "bad_stands_for", f"stands_for is True or False, not {brief(stands_for)}"
        )
    return stands_for


def piece(
    tile: Tile | str,
    *,
    profile: RuleProfile | str | None = None,
    style: Style | None = None,
    title: str | None = None,
) -> Picture:
    """One tile, card or joker (a :class:`~rummikit.Tile` or its notation, ``"r7"``,
    ``"Qh"``, ``"j"``).

    A tile shows its number in its colour over a mark; a card its rank and suit in a corner
    and its suit large; the joker a face on a tile and a star on a card, as ``profile``'s
    deck says (a tile without a profile). ``title`` replaces the words of the picture's
    ``<title>`` (by default the piece's name, ``red 7``)."""
    found, chosen = as_tile(tile), _style(style)
    cards = uses_cards([found], _profile(profile))
    text = _title(title)
    root = start(
        piece_width(chosen), chosen.size, text or piece_name(found), "piece-picture", chosen
    )
    draw_piece(root, found, 0, 0, chosen, cards=cards)
    return finish(root)


def meld(
    meld: MeldLike,
    *,
    profile: RuleProfile | str | None = None,
    stands_for: bool = True,
    style: Style | None = None,
    title: str | None = None,
) -> Picture:
    """A meld (a :class:`~rummikit.Meld`, its tiles or notation), its pieces side by side.

    With a ``profile`` the meld is read: a valid meld is drawn in reading order (a run from
    its low end, each joker in the place it takes) with a label under each joker saying what
    it stands for (unless ``stands_for=False``), and one the profile refuses is drawn as
    given inside a dashed outline, its title saying why. Without a profile the pieces are
    drawn as given."""
    found, chosen, rules = as_meld(meld), _style(style), _profile(profile)
    reading = read(found, rules)
    name = rules.name if rules is not None else ""
    box = meld_box(
        found,
        reading,
        chosen,
        cards=uses_cards(found.tiles, rules),
        stands_for=_flag(stands_for),
        profile_name=name,
    )
    margin = chosen.size * 0.08
    text = _title(title) or meld_title(found, reading, name)
    root = start(box.width + 2 * margin, box.height + 2 * margin, text, "meld-picture", chosen)
    place(root, box, margin, margin)
    return finish(root)


def table(
    table: TableLike,
    *,
    profile: RuleProfile | str | None = None,
    stands_for: bool = True,
    style: Style | None = None,
    title: str | None = None,
) -> Picture:
    """A table (a :class:`~rummikit.TableState`, melds or notation) on its cloth, the melds
    in rows of at most :attr:`Style.row_length` pieces; each meld is drawn as
    :func:`meld` draws it under ``profile``."""
    found, chosen, rules = as_table(table), _style(style), _profile(profile)
    tiles = [tile for each in found for tile in each]
    box = table_box(
        found, chosen, profile=rules, cards=uses_cards(tiles, rules), stands_for=_flag(stands_for)
    )
    where = f" under {rules.name}" if rules is not None else ""
    text = _title(title) or f"A table{where}: {spoken_table(found)}"
    root = start(box.width, box.height, text, "table-picture", chosen)
    place(root, box, 0, 0)
    return finish(root)


def rack(
    tiles: TilesLike,
    *,
    profile: RuleProfile | str | None = None,
    style: Style | None = None,
    title: str | None = None,
) -> Picture:
    """Pieces on a rack (tiles or notation), in the order given, in rows of at most
    :attr:`Style.row_length`; jokers are drawn as ``profile``'s deck says."""
    found, chosen = as_tiles(tiles), _style(style)
    box = rack_box(found, chosen, cards=uses_cards(found, _profile(profile)))
    listed = spoken_tiles(found)
    text = _title(title) or (f"A rack of {len(found)}: {listed}" if found else "An empty rack")
    root = start(box.width, box.height, text, "rack-picture", chosen)
    place(root, box, 0, 0)
    return finish(root)


def turn(
    before: TableLike,
    after: TableLike,
    *,
    rack: TilesLike | None = None,
    profile: RuleProfile | str | None = None,
    stands_for: bool = True,
    stacked: bool = False,
    style: Style | None = None,
    title: str | None = None,
) -> Picture:
    """One play: the table ``before`` it, an arrow, and the table ``after`` it (tables,
    melds or notation, as :meth:`~rummikit.RuleProfile.check_turn` takes them), side by
    side, or one above the other when ``stacked``.

    The pieces of the table after that were not on the table before, those laid, are
    ringed in :attr:`Style.highlight`. With a ``rack``, the player's rack at the start of
    the turn is drawn under the table before, and under the table after the rack once the
    play stands: without the pieces laid, with any piece that left the table (ringed). Each
    table is drawn as :func:`table` draws it under ``profile``, so a meld the profile
    refuses is outlined and each joker labelled with what it stands for.

    The picture draws the play whether the rules allow it or not; it does not judge it
    (:meth:`~rummikit.RuleProfile.check_turn` does). Its title says what changed: the
    pieces laid, those gone from the table, the melds the profile refuses. Two copies of a
    piece look alike, so where either could be the one laid, the copy in a meld that is new
    or grew is ringed."""
    first, second = as_table(before), as_table(after)
    pieces = None if rack is None else as_tiles(rack)
    if type(stacked) is not bool:
        raise InvalidArgument("bad_stacked", f"stacked is True or False, not {brief(stacked)}")
    return draw_turn(
        first,
        second,
        pieces,
        _profile(profile),
        _style(style),
        stands_for=_flag(stands_for),
        stacked=stacked,
        title=_title(title),
    )


def _bad_view(message: str) -> InvalidArgument:
    return InvalidArgument("bad_view", f"the view cannot be drawn: {message}")


def _whole(value: object, what: str) -> int:
    if type(value) is not int or not 0 <= value < _LIMIT:
        raise _bad_view(f"{what} is a whole number from 0, not {brief(value)}")
    return value


def _pieces(value: object, what: str) -> tuple[Tile, ...]:
    if not isinstance(value, Sequence) or not all(isinstance(tile, Tile) for tile in value):
        raise _bad_view(f"{what} is a sequence of rummikit.Tile values, not {brief(value)}")
    return tuple(value)


def _checked(view: PlayerView) -> Round:
    """What a picture of ``view`` shows, each field checked: a view may be built by a host
    with anything in it, and a picture must fail with a rummikit error, not halfway."""
    if not isinstance(view, PlayerView):
        raise InvalidArgument("not_a_view", f"expected a rummikit.PlayerView, not {brief(view)}")
    sizes, opened = view.rack_sizes, view.opened
    if not isinstance(sizes, Sequence) or not sizes:
        raise _bad_view(f"rack_sizes is one count per seat, not {brief(sizes)}")
    counts = tuple(_whole(size, "a rack size") for size in sizes)
    if not isinstance(opened, Sequence) or len(opened) != len(counts):
        raise _bad_view(f"opened is one bool per seat ({len(counts)} seats), not {brief(opened)}")
    if any(type(flag) is not bool for flag in opened):
        raise _bad_view(f"opened holds one bool per seat, not {brief(opened)}")
    seats = range(len(counts))
    if view.player not in seats or type(view.player) is not int:
        raise _bad_view(f"seats are 0 to {len(counts) - 1}; the player is {brief(view.player)}")
    if view.current_player not in seats or type(view.current_player) is not int:
        raise _bad_view(f"the current player is no seat: {brief(view.current_player)}")
    if not isinstance(view.phase, Phase):
        raise _bad_view(f"phase is a rummikit.Phase, not {brief(view.phase)}")
    if not isinstance(view.profile, RuleProfile):
        raise _bad_view(f"profile is a rummikit.RuleProfile, not {brief(view.profile)}")
    if not isinstance(view.table, TableState):
        raise _bad_view(f"table is a rummikit.TableState, not {brief(view.table)}")
    outcome = view.outcome
    if outcome is not None and (
        not isinstance(outcome, Outcome)
        or len(outcome.scores) != len(counts)
        or any(abs(score) >= _LIMIT for score in outcome.scores)
    ):
        raise _bad_view(
            f"outcome is None or an Outcome with a score per seat, not {brief(outcome)}"
        )
    if view.taken is not None and not isinstance(view.taken, Tile):
        raise _bad_view(f"taken is a rummikit.Tile or None, not {brief(view.taken)}")
    return Round(
        profile=view.profile,
        table=view.table,
        rack_sizes=counts,
        stock_size=_whole(view.stock_size, "stock_size"),
        current_player=view.current_player,
        phase=view.phase,
        opened=tuple(opened),
        turn=_whole(view.turn, "turn"),
        outcome=outcome,
        discards=_pieces(view.discards, "discards"),
        taken=view.taken,
        player=view.player,
        rack=_pieces(view.rack, "rack"),
    )


def view(
    view: PlayerView,
    *,
    stands_for: bool = True,
    style: Style | None = None,
    title: str | None = None,
) -> Picture:
    """What one player may see (a :class:`~rummikit.PlayerView`): who is to do what, every
    seat with its number of pieces (never which), the stock's size, the discard pile and
    the piece taken from it where the profile has one, the table read under the view's
    profile, and the player's own rack.

    A view built by hand is checked first: ``not_a_view`` for something else,
    ``bad_view`` for fields that do not add up."""
    state = _checked(view)
    return draw_round(state, _style(style), stands_for=_flag(stands_for), title=_title(title))


def game(
    game: Game,
    *,
    stands_for: bool = True,
    style: Style | None = None,
    title: str | None = None,
) -> Picture:
    """A round as a spectator sees it: what :func:`view` shows, but no rack's pieces.

    A picture of a :class:`~rummikit.Game` shows only what every player may know, so that
    it can be shown to anyone: the table, how many pieces each seat holds, the stock's size
    (never its order), the discard pile. For a player's own rack, draw
    ``svg.view(game.view(player))``."""
    if not isinstance(game, Game):
        raise InvalidArgument("not_a_game", f"expected a rummikit.Game, not {brief(game)}")
    state = Round(
        profile=game.profile,
        table=game.table,
        rack_sizes=tuple(len(rack) for rack in game.racks),
        stock_size=len(game.stock),
        current_player=game.current_player,
        phase=game.phase,
        opened=game.opened,
        turn=game.turn,
        outcome=game.outcome,
        discards=game.discards,
        taken=game.taken,
    )
    return draw_round(state, _style(style), stands_for=_flag(stands_for), title=_title(title))
