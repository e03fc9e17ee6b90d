"""End-of-round scoring: what pieces left in hand cost, who won, and each player's points.

Three ways to share the points (``scoring``): zero-sum (pagat), penalty (online, rami
voleur, standard rummy) and winner-takes-all (standard rummy's variant, :source:`rummy` on scoring:
"Le gagnant encaisse la somme des valeurs de pénalité de tous ses adversaires"). A round
won by going out "rummy" (in one turn, nothing laid before) is told by the caller with
``rummy=True``: only the caller (a game) knows the turns; the profile's ``rummy_bonus``
decides whether it doubles the winner's take.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

from rummikit import profiles
from rummikit.errors import InvalidArgument, brief
from rummikit.notation import TilesLike, parse_tile
from rummikit.options import BlockedWinner, PieceValues, Scoring, StockEnd
from rummikit.pieces import Tile
from rummikit.profile import RuleProfile

__all__ = ["piece_value", "round_winners", "score_round"]

P = TypeVar("P", bound=Hashable)


def piece_value(profile: RuleProfile | str, tile: Tile | str) -> int:
    """What ``tile`` costs when left in hand at the end of a round under ``profile`` (or the
    profile of that name).

    ``tile`` is a :class:`~rummikit.Tile` or the notation of one (``"r7"``, ``"Qs"``, ``"j"``).
    A piece of the other family is refused (``not_in_deck``), as in :func:`score_round`; the
    joker is valued even in a deck without jokers, since its penalty is a profile option.
    """
    profile = profiles.get(profile)
    if isinstance(tile, str):
        tile = parse_tile(tile)
    elif not isinstance(tile, Tile):
        raise InvalidArgument(
            "not_a_tile", f"expected a rummikit.Tile or its notation, not {brief(tile)}"
        )
    if tile.suit is not None and tile.suit.piece_set is not profile.piece_set:
        raise InvalidArgument("not_in_deck", f"{tile} is not in the deck of {profile.name!r}")
    return _value(profile, tile)


def _value(profile: RuleProfile, tile: Tile) -> int:
    """:func:`piece_value` of a piece known to be of the profile's family."""
    if tile.suit is None:
        return profile.joker_penalty
    if profile.piece_values is PieceValues.FACE:
        return tile.rank
    if profile.piece_values is PieceValues.CARDS_ACE_11 and tile.rank == 1:
        return 11
    return min(tile.rank, 10)


def _checked_racks(profile: RuleProfile, racks: Mapping[P, TilesLike]) -> dict[P, list[Tile]]:
    if not isinstance(racks, Mapping):
        raise InvalidArgument("bad_racks", "racks is a mapping of player to tiles")
    if not racks:
        raise InvalidArgument("no_players", "racks must hold at least one player")
    checked = {player: profile.as_tiles(tiles) for player, tiles in racks.items()}
    profile.check_in_deck(tile for tiles in checked.values() for tile in tiles)
    return checked


def _blocked_winners(profile: RuleProfile, values: dict[P, int], counts: dict[P, int]) -> list[P]:
    if profile.blocked_winner is BlockedWinner.LOWEST_POINTS:
        key = {player: (values[player], counts[player]) for player in values}
    else:
        key = {player: (counts[player], values[player]) for player in values}
    best = min(key.values())
    return [player for player, k in key.items() if k == best]


def _winners(
    profile: RuleProfile, racks: Mapping[P, Sequence[Tile]], values: dict[P, int], winner: P | None
) -> list[P]:
    if winner is not None:
        # Compared key by key and by type: an unhashable winner cannot be looked up, and
        # 1.0 or True merely equal to the key 1 would name the player under another value.
        named = [player for player in racks if type(player) is type(winner) and player == winner]
        if not named:
            raise InvalidArgument(
                "unknown_player",
                f"the winner named ({brief(winner)}) is not one of the players (keys) in racks",
            )
        gone = [player for player, tiles in racks.items() if not tiles]
        if gone and named[0] not in gone:
            raise InvalidArgument(
                "winner_not_out",
                f"player {brief(gone[0])} has no piece left, so went out and won; name that "
                "player as the winner, or check the racks",
            )
        return named[:1]
    out = [player for player, tiles in racks.items() if not tiles]
    if len(out) > 1:
        raise InvalidArgument(
            "several_empty_racks",
            "only one player can go out in a round; name the winner or check the racks",
        )
    if out:
        return out
    if profile.stock_end is StockEnd.END_NO_WINNER:
        return []
    return _blocked_winners(profile, values, {p: len(t) for p, t in racks.items()})


def round_winners(
    profile: RuleProfile | str, racks: Mapping[P, TilesLike], winner: P | None = None
) -> tuple[P, ...]:
    """Who wins a round that ended with these racks.

    An explicit ``winner`` is taken as it is; it must be one of the keys of ``racks`` (of the
    same type: ``1.0`` or ``True`` does not name player ``1``), and the one who went out if
    anyone did (``winner_not_out`` otherwise). Otherwise the player with an empty rack wins;
    when nobody went out, the profile decides: the blocked-end rule (lowest total, then fewest
    tiles; a tie that remains is a shared win) or no winner at all (rami voleur).
    """
    profile = profiles.get(profile)
    return settle_round(profile, _checked_racks(profile, racks), winner)[0]


def score_round(
    profile: RuleProfile | str,
    racks: Mapping[P, TilesLike],
    winner: P | None = None,
    *,
    rummy: bool = False,
) -> dict[P, int]:
    """Each player's points for a round that ended with ``racks``, by the profile's scoring.

    Zero-sum scoring: each loser scores minus their rack and the winner the sum, so a round
    sums to zero. On a blocked end won by the lowest total (:rule:`D15`), losers pay only the
    difference between their rack and the winner's. A winner named by the caller is scored as
    if they went out. When several players share a blocked win, each
    loser pays every co-winner in full, which keeps the round zero-sum in whole points.

    Penalty scoring: winners score 0 and every other player their rack total.

    Winner-takes-all scoring: the winner scores the total of every other rack and the others
    0; higher is better. A round that ended with nobody out is won by the blocked-end rule
    (:source:`rummy` on winning: the lowest hand total wins the hand), and that winner takes the
    other racks' totals in full, as one who went out (on scoring: the winner collects "la somme des
    valeurs de pénalité de tous ses adversaires"; the difference of :rule:`D15` only keeps pagat's
    rounds at zero, which this scoring does not ask). Players sharing a blocked win each take
    the losers' totals; a round without a winner scores 0 for all.

    ``rummy`` says that the winner went out "rummy": in one turn, having laid nothing down
    before (:source:`rummy`, the rummy bonus). The caller knows it, not the racks: a
    :class:`~rummikit.Game` passes it for the player who went out in the turn they first
    laid anything. With the profile's ``rummy_bonus`` (winner-takes-all only) the winner
    then takes double; otherwise it changes nothing. It needs a round won by going out: an
    empty rack or a named winner (``rummy_not_out`` otherwise), and is a bool
    (``bad_rummy``).
    """
    profile = profiles.get(profile)
    return settle_round(profile, _checked_racks(profile, racks), winner, rummy=rummy)[1]


def settle_round(
    profile: RuleProfile,
    racks: Mapping[P, Sequence[Tile]],
    winner: P | None = None,
    *,
    rummy: bool = False,
) -> tuple[tuple[P, ...], dict[P, int]]:
    """:func:`round_winners` and :func:`score_round` together, in one pass, for racks already
    known to hold pieces of the profile's deck (a game's own): what a game calls when a
    round ends, with ``rummy`` True when the winner went out in the turn they first laid
    anything (see :func:`score_round`)."""
    if type(rummy) is not bool:
        raise InvalidArgument("bad_rummy", f"rummy is True or False, not {brief(rummy)}")
    values = {p: sum(_value(profile, t) for t in tiles) for p, tiles in racks.items()}
    winners = _winners(profile, racks, values, winner)
    if rummy and winner is None and (not winners or racks[winners[0]]):
        raise InvalidArgument(
            "rummy_not_out",
            "a rummy is going out in one turn, and nobody went out: no rack is empty and no "
            "winner is named",
        )
    if profile.scoring is Scoring.PENALTY:
        return tuple(winners), {p: 0 if p in winners else values[p] for p in racks}
    if profile.scoring is Scoring.WINNER_TAKES_ALL:
        pot = sum(values[p] for p in racks if p not in winners)
        if rummy and profile.rummy_bonus:
            pot *= 2
        return tuple(winners), {p: pot if p in winners else 0 for p in racks}
    blocked = winner is None and all(racks[p] for p in winners)
    by_difference = blocked and profile.blocked_winner is BlockedWinner.LOWEST_POINTS
    base = values[winners[0]] if by_difference else 0
    differences = {p: values[p] - base for p in racks if p not in winners}
    pot = sum(differences.values())
    scores = {p: pot if p in winners else -len(winners) * differences[p] for p in racks}
    return tuple(winners), scores
