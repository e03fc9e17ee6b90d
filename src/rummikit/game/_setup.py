"""Starting a round: seeds, the shuffle, the first player, and the checks of a position
given by hand.

Every random choice of a round is drawn here, from generators seeded by the game's seed, so
that a seed and the actions replay a round exactly on any machine.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from rummikit.errors import InvalidArgument, brief
from rummikit.notation import TilesLike
from rummikit.options import FirstPlayer
from rummikit.pieces import Tile, sort_tiles
from rummikit.profile import RuleProfile

MAX_SEED_DIGITS = 4_000
"""The longest seed a game, a match or a simulation takes, in digits: the most a saved
record holds (see :data:`rummikit.record.MAX_SEED_DIGITS`)."""
SEED_LIMIT = 10**MAX_SEED_DIGITS
"""The first seed too large: seeds lie in ``range(SEED_LIMIT)``."""

MAX_ACTIONS = 10_000
"""The most actions a game can take, a saved record hold, or a simulated game play.

A deck holds at most 216 pieces (four copies of 52, and eight jokers). Without a discard
pile, pieces only ever move from the stock to a rack and from a rack to the table, and
every turn that makes progress moves at least one, so at most 432 turns make progress. A
round ends after a full round of turns without progress (at most 8 players), so at most 7
idle turns follow each of them, and 8 end the round. A turn is at most two actions (a
mandatory draw, then a play or a pass), so a game has fewer than 4,000 actions. Where turns
end with a discard, a piece can go back and forth between the pile and the hands, so those
rules must set a ``turn_limit``, at most 3,000 turns of at most three actions (a draw, a
play, a discard): fewer than 9,000 actions.
"""


def check_seed(seed: object) -> None:
    """Refuse a seed that is not a whole number from 0 of at most :data:`MAX_SEED_DIGITS`
    digits (``bad_seed``): every game dealt can then be saved."""
    if type(seed) is not int or seed < 0:
        raise InvalidArgument("bad_seed", f"a seed is a whole number from 0, not {brief(seed)}")
    if seed >= SEED_LIMIT:
        raise InvalidArgument(
            "bad_seed",
            f"a seed has at most {MAX_SEED_DIGITS:,} digits, the most a saved game holds; "
            "use a smaller one",
        )


def whole(value: object) -> bool:
    """Whether ``value`` is a whole number from 0 (not a bool)."""
    return type(value) is int and value >= 0


def shuffled(profile: RuleProfile, rng: random.Random, players: int) -> list[Tile]:
    """The deck of a game of ``players`` under ``profile``, shuffled by ``rng``."""
    deck = list(profile.deck_for(players))
    rng.shuffle(deck)
    return deck


def choose_first(profile: RuleProfile, players: int, rng: random.Random) -> int:
    """The first player per the profile: :rule:`D2`, the highest draw (ties and jokers draw again);
    by lot; or, in standard rummy, the player left of the dealer, who is the highest draw."""
    if profile.first_player is FirstPlayer.LOT:
        return rng.randrange(players)
    contenders = list(range(players))
    while len(contenders) > 1:
        pool = shuffled(profile, rng, players)
        drawn = {}
        for player in contenders:
            tile = pool.pop()
            while tile.suit is None:
                tile = pool.pop()
            drawn[player] = tile.rank
        best = max(drawn.values())
        contenders = [player for player in contenders if drawn[player] == best]
    if profile.first_player is FirstPlayer.DEALER_LEFT:
        return (contenders[0] + 1) % players
    return contenders[0]


def check_seat(player: object, count: int) -> None:
    if type(player) is not int or not 0 <= player < count:
        raise InvalidArgument(
            "unknown_player",
            f"players are numbered 0 to {count - 1}; there is no player {brief(player)}",
        )


def _is_list_of_seats(value: object) -> bool:
    """Whether ``value`` can be read as a list of one item a player: text, bytes and mappings
    iterate, but as characters, numbers or keys."""
    return isinstance(value, Iterable) and not isinstance(
        value, str | bytes | bytearray | memoryview | Mapping
    )


def racks_of(racks: Sequence[TilesLike]) -> list[TilesLike]:
    """The racks of a position, one a player, as a list: refuse what is not a list of racks."""
    if not _is_list_of_seats(racks):
        raise InvalidArgument(
            "bad_racks", f"racks is a list of racks, one a player, not {type(racks).__name__}"
        )
    return list(racks)


def opened_flags(opened: Sequence[bool] | None, count: int) -> tuple[bool, ...]:
    """The opened flags of a position, one a player (nobody has opened when None)."""
    if opened is None:
        return (False,) * count
    expected = f"opened needs {count} booleans, one a player"
    if not _is_list_of_seats(opened):
        raise InvalidArgument("bad_opened", f"{expected}, not {type(opened).__name__}")
    flags = tuple(opened)
    if len(flags) != count or any(type(flag) is not bool for flag in flags):
        raise InvalidArgument("bad_opened", expected)
    return flags


def check_adds_up(profile: RuleProfile, tiles: list[Tile], players: int) -> None:
    """Refuse (``position_does_not_add_up``) pieces that are not exactly the deck of a game
    of ``players``, naming what is missing and what is extra."""
    deck = Counter(profile.deck_for(players))
    given = Counter(tiles)
    missing, extra = deck - given, given - deck
    if missing or extra:
        parts = []
        if missing:
            parts.append("missing " + _some_tiles(missing))
        if extra:
            parts.append("extra " + _some_tiles(extra))
        raise InvalidArgument(
            "position_does_not_add_up",
            f"table, racks and stock must hold the deck of {profile.name!r} exactly: "
            + "; ".join(parts),
        )


_SHOWN_TILES = 20
"""Tiles an error lists before it counts the rest: a position missing the whole deck would
otherwise print over a hundred of them."""


def _some_tiles(tiles: Counter[Tile]) -> str:
    shown = sort_tiles(tiles.elements())
    if len(shown) <= _SHOWN_TILES:
        return " ".join(map(str, shown))
    rest = len(shown) - _SHOWN_TILES
    return " ".join(map(str, shown[:_SHOWN_TILES])) + f" and {rest} more"
