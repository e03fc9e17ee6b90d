"""The turn judge: is the table a player proposes at the end of a turn legal?

Only the final table is judged, never the path (rules matrix, section 4). What moved is worked
out from multisets: the tiles played are the table after minus the table before. Copies of a
tile are the same value, so wherever several readings of a move are possible the judge takes
the one most favourable to the player; two tables listing the same melds in another order are
the same table.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

import attrs

from rummikit.errors import InvalidArgument, InvalidMeld, brief
from rummikit.meld import Meld, MeldKind
from rummikit.notation import TableLike, TilesLike, as_profile, as_table, as_tiles
from rummikit.opening import opening_value, pure_run_length
from rummikit.options import FreedJoker, JokerPolicy, OpeningRule, TurnStructure
from rummikit.pieces import JOKER, Tile, tile_from_code
from rummikit.reading import MeldReading, Substitute
from rummikit.table import TableState, meld_key
from rummikit.verdict import Verdict, Violation

if TYPE_CHECKING:
    from rummikit.profile import RuleProfile

__all__ = ["check_turn"]


def _tiles_of(melds: Iterable[Meld]) -> Counter[Tile]:
    return Counter(tile for meld in melds for tile in meld.tiles)


def _codes_of(melds: Iterable[Meld]) -> Counter[int]:
    """The tiles of ``melds`` as a multiset of piece codes (fast to count and compare)."""
    return Counter(itertools.chain.from_iterable(meld.key for meld in melds))


def _as_tiles(codes: Counter[int]) -> Counter[Tile]:
    return Counter({tile_from_code(code): count for code, count in codes.items()})


def _listing(codes: Counter[int]) -> str:
    return " ".join(str(tile_from_code(code)) for code in sorted(codes.elements()))


def _holds_joker(meld: Meld) -> bool:
    return bool(meld.key) and meld.key[-1] == JOKER.code  # the joker sorts last


def check_turn(
    profile: RuleProfile | str,
    before: TableLike,
    rack: TilesLike,
    after: TableLike,
    opened: bool,
) -> Verdict:
    """Judge one play: ``before`` and ``after`` are the tables, ``rack`` the player's rack
    (values or notation; the profile or its name).

    Every violation is reported, each with a stable code: ``table_tile_to_rack``,
    ``unknown_tile``, ``invalid_meld``, ``no_rack_tile``, ``rearrangement_forbidden``,
    ``initial_meld_uses_table``, ``initial_meld_below_threshold``,
    ``initial_meld_needs_pure_run``, ``joker_meld_frozen``,
    ``joker_replacement_not_from_rack`` and ``freed_joker_misplaced``.
    """
    return judge_turn(
        as_profile(profile), as_table(before), as_tiles(rack), as_table(after), opened
    )


def judge_turn(
    profile: RuleProfile, before: TableState, rack: Sequence[Tile], after: TableState, opened: bool
) -> Verdict:
    """:func:`check_turn` once its arguments are values (what
    :meth:`RuleProfile.check_turn <rummikit.RuleProfile.check_turn>` calls)."""
    if not isinstance(opened, bool):
        raise InvalidArgument("bad_opened", f"opened is True or False, not {brief(opened)}")
    profile.check_in_deck(itertools.chain(rack, *(meld.tiles for meld in before.melds)))
    profile.check_table(before, what="the table before the turn", deck_checked=True)
    held = Counter(tile.code for tile in rack)
    violations: list[Violation] = []
    on_table_before = _codes_of(before.melds)
    on_table_after = _codes_of(after.melds)
    taken = on_table_before - on_table_after
    played = on_table_after - on_table_before
    if taken:
        violations.append(
            Violation(
                "table_tile_to_rack",
                f"tiles left the table: {_listing(taken)}; no tile on the table may go back "
                "to a rack, jokers included",
                tiles=tuple(_as_tiles(taken).elements()),
            )
        )
    not_held = played - held
    if not_held:
        violations.append(
            Violation(
                "unknown_tile",
                f"tiles appear that were neither on the table nor on the rack: {_listing(not_held)}",
                tiles=tuple(_as_tiles(not_held).elements()),
            )
        )
    readings: list[MeldReading | None] = []
    for meld in after.melds:
        try:
            readings.append(profile.read_meld(meld))
        except InvalidMeld as error:  # a tile outside the deck included
            readings.append(None)
            violations.append(
                Violation(
                    "invalid_meld", f"{meld}: {error.message}", melds=(meld,), tiles=meld.tiles
                )
            )
    from_rack = _as_tiles(played & held)
    count = sum(from_rack.values())
    identities = None
    must_play = True  # play-or-draw: a play always lays tiles (the alternative is drawing)
    if profile.turn_structure is not TurnStructure.PLAY_OR_DRAW or not opened:
        identities = (_identities(profile, before), _identities(profile, after))
        if profile.turn_structure is not TurnStructure.PLAY_OR_DRAW:
            must_play = Counter(k for _, k in identities[0]) != Counter(k for _, k in identities[1])
    needed = profile.min_rack_tiles_per_play
    if must_play and count < needed:
        violations.append(
            Violation(
                "no_rack_tile",
                f"a play must add at least {needed} tile(s) from the rack; "
                + (
                    "draw instead"
                    if profile.turn_structure is TurnStructure.PLAY_OR_DRAW
                    else "leave the table as it was to end the turn without playing"
                ),
            )
        )
    if not profile.table_manipulation:
        violations.extend(_check_extensions_only(profile, before, after, readings))
    frozen: list[Violation] = []
    if profile.joker_policy is JokerPolicy.FROZEN:
        frozen = _check_frozen_jokers(profile, before, after, readings, from_rack)
    if identities is not None and not opened and must_play:
        # (an unchanged table after a mandatory draw opens nothing)
        fits = None
        if profile.joker_policy is JokerPolicy.FROZEN and not frozen:
            # the opening's melds are made of rack tiles and rack jokers: a joker's
            # replacement comes from the other rack tiles, and a freed joker needs a place
            # outside them (tiles and jokers look alike, so both rules must hold for one
            # reading)
            def fits(taken: frozenset[int]) -> list[Violation]:
                laid = sum((Counter(after.melds[i].tiles) for i in taken), Counter())
                claimed = frozenset(i for i in taken if JOKER in after.melds[i].tiles)
                return _check_frozen_jokers(
                    profile, before, after, readings, from_rack - laid, claimed, laid
                )

        violations.extend(
            _check_opening(profile, before, after, identities, readings, from_rack, fits)
        )
    violations.extend(frozen)
    return Verdict(tuple(violations))


_Keys = list[tuple[int, Hashable]]
"""Melds of a table as (index, identity) pairs."""


def _identities(profile: RuleProfile, table: TableState, *, jokers_only: bool = False) -> _Keys:
    """A key per meld, equal for the same tiles with each joker standing for the same tile.

    The order of the tiles is free, except that it decides what a joker stands for (rules
    matrix 4.6): ``r5 r6 j`` and ``j r5 r6`` are different melds, the joker having moved.
    With ``jokers_only``, only the melds holding a joker are keyed (no other meld can match
    them).
    """
    keys: _Keys = []
    for index, meld in enumerate(table.melds):
        jokers: tuple[Substitute, ...] = ()
        if _holds_joker(meld):
            if profile.is_valid_meld(meld):
                jokers = profile.read_meld(meld).jokers
        elif jokers_only:
            continue
        keys.append((index, (meld_key(meld), jokers)))
    return keys


_Identities = tuple[_Keys, _Keys]
"""The :func:`_identities` of the melds before and after the turn."""


def _unmatched(before: TableState, identities: _Identities) -> tuple[list[Meld], list[int]]:
    """The melds of ``before`` not found unchanged after, and the indexes of new melds."""
    before_keys, after_keys = identities
    remaining = Counter(key for _, key in after_keys)
    gone = []
    for index, key in before_keys:
        if remaining[key]:
            remaining[key] -= 1
        else:
            gone.append(before.melds[index])
    new = []
    for index, key in after_keys:
        if remaining[key]:
            remaining[key] -= 1
            new.append(index)
    return gone, new


def _check_extensions_only(
    profile: RuleProfile,
    before: TableState,
    after: TableState,
    readings: list[MeldReading | None],
) -> list[Violation]:
    """Each old meld needs a meld of its own after the turn that keeps it in place with
    tiles only added: its tiles where they were, each joker still standing for the same
    tile (so a tile may not take a joker's place and push it to the other end). Found as a
    matching of old melds to new ones, by augmenting paths: a first-fit choice could take
    the home another meld needed and make the verdict depend on the order of the melds."""
    homes = [
        [i for i, new in enumerate(readings) if _kept_in_place(profile, meld, new, after.melds[i])]
        for meld in before.melds
    ]
    owner: dict[int, int] = {}  # meld after -> the old meld it is the home of

    def settle(old: int, seen: set[int]) -> bool:
        for home in homes[old]:
            if home not in seen:
                seen.add(home)
                if home not in owner or settle(owner[home], seen):
                    owner[home] = old
                    return True
        return False

    problems = [meld for old, meld in enumerate(before.melds) if not settle(old, set())]
    if not problems:
        return []
    return [
        Violation(
            "rearrangement_forbidden",
            "melds on the table may only be extended in this profile: "
            + "; ".join(map(str, problems)),
            melds=tuple(problems),
        )
    ]


def _check_opening(
    profile: RuleProfile,
    before: TableState,
    after: TableState,
    identities: _Identities,
    readings: list[MeldReading | None],
    from_rack: Counter[Tile],
    fits: Callable[[frozenset[int]], list[Violation]] | None = None,
) -> list[Violation]:
    """The opening rule; ``fits`` gives the joker rule's violations once the opening has
    taken the given melds (by index in ``after``), their tiles and jokers the rack's."""
    rule = profile.opening_rule
    if rule is OpeningRule.NONE:
        return []
    gone, new = _unmatched(before, identities)
    problems = []
    if not profile.opening_table_play and gone:
        problems.append(
            Violation(
                "initial_meld_uses_table",
                "before opening, the table may not be touched: the opening is new melds made "
                "only of rack tiles; changed: " + "; ".join(map(str, gone)),
                melds=tuple(gone),
            )
        )
    if rule is OpeningRule.POINTS:
        need = profile.opening_min_points
        if profile.opening_table_play and profile.table_manipulation:
            # a meld equal to an old one may be the rack's copies laid anew, the table's
            # copies having moved elsewhere (copies are interchangeable): where the opening
            # turn may rearrange the table that reading is legal, so the opening may count
            # it (a frozen joker meld read so must then be kept in place or released by
            # another meld: ``fits`` checks the joker rule with that reading); so every
            # meld may count
            new = list(range(len(after.melds)))
        best = _best_rack_only_value(profile, after, readings, new, from_rack, need)
        if best < need:
            problems.append(
                Violation(
                    "initial_meld_below_threshold",
                    f"the new melds made only of rack tiles are worth {best} points; opening "
                    f"needs at least {need}",
                )
            )
        elif fits is not None:
            refused: list[Violation] = []

            def accepts(taken: frozenset[int]) -> bool:
                found = fits(taken)
                if found:
                    refused[:] = found
                return not found

            if (
                _best_rack_only_value(profile, after, readings, new, from_rack, need, accepts)
                < need
            ):
                problems.extend(_shared_with_the_opening(refused))
    elif not any(
        (reading := readings[index]) is not None and _has_pure_run_from(reading, from_rack)
        for index in (
            # where the opening may rearrange the table, a run kept as it was may hold the
            # rack's copies (the table's having moved elsewhere); where it may not, the
            # tierce is in a new meld
            range(len(after.melds))
            if profile.opening_table_play and profile.table_manipulation
            else new
        )
    ):
        problems.append(
            Violation(
                "initial_meld_needs_pure_run",
                "opening needs three consecutive natural pieces of one suit from the hand "
                "(a tierce franche); a joker does not count toward it",
            )
        )
    return problems


def _shared_with_the_opening(refused: list[Violation]) -> list[Violation]:
    """The joker rule's violations once the opening has taken its rack tiles and jokers."""
    explained = {
        "freed_joker_misplaced": "a freed joker must be played again this turn outside the "
        "meld it left, and the opening's melds must be made only of rack tiles: here the "
        "freed joker can only stand in a meld the opening needs",
        "joker_replacement_not_from_rack": "a joker's replacement must come from the rack, "
        "and the opening's melds must be made only of rack tiles: here the opening needs "
        "the rack's copy of the replacement",
        "joker_meld_frozen": "a joker is freed only by the tile it stands for, and the "
        "opening's melds are made only of rack tiles, none of which also frees a joker: "
        "here the opening needs the replacement",
    }
    return [
        attrs.evolve(violation, message=explained[violation.code])
        if violation.code in explained
        else violation
        for violation in refused
    ]


def _best_rack_only_value(
    profile: RuleProfile,
    after: TableState,
    readings: list[MeldReading | None],
    new: list[int],
    from_rack: Counter[Tile],
    enough: int,
    fits: Callable[[frozenset[int]], bool] | None = None,
) -> int:
    """The most opening points that new melds made only of rack tiles can be worth together,
    or at least ``enough`` when they reach it (the search stops there). With ``fits``, a
    choice reaching ``enough`` counts only if ``fits`` accepts the melds it takes (by index
    in ``after``).

    Two melds may each be made of rack tiles and still not both be, when a tile of one is
    the table's copy of a rack tile: the melds that can stand together are searched for,
    identical melds as one with a count, most valuable first, a branch dropped as soon as
    all that is left could not beat the best found.
    """
    counted: dict[tuple[int, frozenset[tuple[Tile, int]], Hashable], list[int]] = {}
    for index in new:
        reading = readings[index]
        tiles = Counter(after.melds[index].tiles)
        if reading is not None and not tiles - from_rack:
            # identical: the same tiles, each joker standing for the same tile (``j b3 b4``
            # and ``b3 b4 j`` differ for ``fits``, even where jokers count 0 and both are
            # worth the same)
            key = (opening_value(profile, reading), frozenset(tiles.items()), reading.jokers)
            counted.setdefault(key, []).append(index)
    items = sorted(counted.items(), key=lambda item: -item[0][0])
    ahead = [0] * (len(items) + 1)  # ahead[i]: all that items i and later are worth
    for i in range(len(items) - 1, -1, -1):
        (value, _, _), indexes = items[i]
        ahead[i] = ahead[i + 1] + value * len(indexes)
    best = 0
    taken_melds: list[int] = []

    def accepted(total: int) -> bool:
        return fits is None or total < enough or fits(frozenset(taken_melds))

    def dive(i: int, left: Counter[Tile], total: int) -> None:
        nonlocal best
        if accepted(total):
            best = max(best, total)
        if best >= enough or i == len(items) or total + ahead[i] <= best:
            return
        (value, tiles, _), indexes = items[i]
        most = min([len(indexes), *(left[tile] // need for tile, need in tiles)])
        for times in range(most, -1, -1):
            taken = Counter({tile: need * times for tile, need in tiles})
            taken_melds.extend(indexes[:times])
            dive(i + 1, left - taken, total + value * times)
            del taken_melds[len(taken_melds) - times :]

    dive(0, Counter(from_rack), 0)
    return best


def _has_pure_run_from(reading: MeldReading, from_rack: Counter[Tile]) -> bool:
    """Whether a run has three consecutive natural places filled with tiles from the rack."""
    if reading.kind is not MeldKind.RUN or pure_run_length(reading) < 3:
        return False
    stretch = 0
    for tile, substitute in zip(reading.layout, reading.stands_for, strict=True):
        stretch = stretch + 1 if substitute is None and from_rack[tile] > 0 else 0
        if stretch >= 3:
            return True
    return False


def _kept_in_place(
    profile: RuleProfile, old: Meld, new: MeldReading | None, new_meld: Meld
) -> bool:
    """Whether ``new_meld`` (read as ``new``) extends ``old`` without moving anything in it.

    An invalid meld (``new`` None; reported as such) is judged by its tiles alone.
    """
    if new is None:
        return not Counter(old.tiles) - Counter(new_meld.tiles)
    try:
        reading = profile.read_meld(old)
    except InvalidMeld:  # an invalid table before the turn: judged by the tiles
        return not Counter(old.tiles) - Counter(new_meld.tiles)
    if reading.kind is MeldKind.GROUP:  # a group has no places: its tiles all stay
        return new.kind is MeldKind.GROUP and not Counter(old.tiles) - Counter(new_meld.tiles)
    return _extends(reading, new) == (True, [])


def _extends(old: MeldReading, new: MeldReading) -> tuple[bool, list[int]]:
    """Whether ``new`` keeps ``old`` in place, with tiles only added; and which jokers left.

    Returns (kept, released): ``released`` lists the places in ``old.layout`` of jokers that
    ``new`` holds replaced by a tile they stood for.
    """
    if old.kind is not new.kind:
        return False, []
    if old.kind is MeldKind.RUN:
        if old.suit is not new.suit:
            return False, []
        places = dict(zip(new.ranks, new.layout, strict=True))
        released = []
        for index, (rank, tile) in enumerate(zip(old.ranks, old.layout, strict=True)):
            there = places.get(rank)
            if there is None:
                return False, []
            if tile.suit is None and there.suit is not None:
                released.append(index)
            elif there != tile:
                return False, []
        return True, released
    if old.ranks[0] != new.ranks[0]:
        return False, []
    old_naturals = Counter(t for t in old.layout if t.suit is not None)
    new_counts = Counter(new.layout)
    if old_naturals - new_counts:
        return False, []
    old_jokers = [i for i, t in enumerate(old.layout) if t.suit is None]
    kept = new_counts[JOKER]
    added = sum((new_counts - old_naturals).values()) - kept
    released = old_jokers[kept:]
    if kept > len(old_jokers) or added < len(released):
        return False, []  # a joker may leave a group only for a natural taking its place
    return True, released


def _check_frozen_jokers(
    profile: RuleProfile,
    before: TableState,
    after: TableState,
    readings: list[MeldReading | None],
    from_rack: Counter[Tile],
    claimed: frozenset[int] = frozenset(),
    opening: Counter[Tile] | None = None,
) -> list[Violation]:
    """Pagat's rule: a meld holding a joker is extended in place, or its joker is released.

    Each meld that held a joker gets a home: a meld after the turn that keeps it in place,
    or none. Two old melds share a home only if it holds the tiles both keep; of the possible
    choices, the one with fewest violations is judged. A meld equal to an old one may be that
    meld left alone or a new meld beside it, the old one having moved (copies are
    interchangeable, so the reading in the player's favour stands). The jokers of the melds
    ``claimed`` (by index in ``after``) are rack jokers: no freed joker there; the tiles
    of the ``opening``'s melds are the rack's, so none replaces a joker, even where the
    replacement may come from the table.
    """
    if not any(_holds_joker(meld) for meld in before.melds):
        return []
    identities = (
        _identities(profile, before, jokers_only=True),
        # a claimed meld is the rack's, even one equal to an old meld: that one then left
        [
            (index, key)
            for index, key in _identities(profile, after, jokers_only=True)
            if index not in claimed
        ],
    )
    gone, _ = _unmatched(before, identities)
    if not gone:
        return []  # every meld holding a joker is still on the table as it was
    # in an order of their own, not the listing's: the replacements are shared out in that
    # order, and the verdict must not depend on how the table was listed
    olds = sorted(
        ((meld, profile.read_meld(meld)) for meld in before.melds if _holds_joker(meld)),
        key=lambda item: (item[0].key, repr(item[1].jokers)),
    )
    # the old melds' tiles that are free to move from the start of the turn
    steady = _tiles_of(meld for meld in before.melds if not _holds_joker(meld))
    fresh: set[int] = set()  # melds that keep no old meld: needed by the new-meld variants
    if profile.freed_joker is not FreedJoker.ANYWHERE:
        # a twin of an old meld still on the table unchanged keeps nothing
        left, _ = _unmatched(before, (_identities(profile, before), _identities(profile, after)))
        fresh = {
            index for index, _ in identities[1] if not _keeps_an_old_meld(left, after.melds[index])
        }
    best: list[Violation] | None = None
    # a claimed meld holds rack tiles only: the home of no old meld
    for homes in _home_choices(olds, after, readings, set(claimed)):
        problems = _judge_homes(
            profile, olds, homes, after, fresh, from_rack, claimed, opening or Counter(), steady
        )
        if best is None or _fewer(problems, best):
            best = problems
        if not best:
            break
    return best or []


def _fewer(problems: list[Violation], best: list[Violation]) -> bool:
    """Whether ``problems`` should be judged rather than ``best``: fewer violations, and
    between as many, the first in an order that does not depend on how the tables were
    listed (their codes, then the melds they name)."""
    return (len(problems), _order_free(problems)) < (len(best), _order_free(best))


def _order_free(problems: list[Violation]) -> list[tuple[str, list[tuple[int, ...]]]]:
    """``problems`` as the same value however the tables were listed."""
    return sorted((v.code, sorted(meld.key for meld in v.melds)) for v in problems)


_Home = tuple[list[int], int | None]
"""The places of the jokers an old meld released, and the index of the meld keeping it."""


def _home_choices(
    olds: list[tuple[Meld, MeldReading]],
    after: TableState,
    readings: list[MeldReading | None],
    claimed: set[int],
) -> Iterator[tuple[_Home, ...]]:
    """Every way to give each old meld a home, fewest released jokers first.

    A meld ``claimed`` holds rack tiles only: it is the home of no old meld.
    """
    options = [_homes(old, readings, claimed) for _, old in olds]
    choices = sorted(itertools.product(*options), key=lambda homes: sum(len(r) for r, _ in homes))
    for homes in choices:
        kept: dict[int, Counter[Tile]] = {}
        stood: dict[int, Counter[tuple[Tile, ...]]] = {}  # what the kept jokers stand for
        for (_, old), (released, home) in zip(olds, homes, strict=True):
            if home is not None:
                tiles = Counter(t for i, t in enumerate(old.layout) if i not in released)
                kept[home] = kept.get(home, Counter()) + tiles
                stood[home] = stood.get(home, Counter()) + Counter(
                    sub.tiles
                    for i, sub in enumerate(old.stands_for)
                    if sub is not None and i not in released
                )
        if all(not tiles - Counter(after.melds[i].tiles) for i, tiles in kept.items()) and all(
            _jokers_stay(readings[i], need) for i, need in stood.items()
        ):
            yield homes


def _jokers_stay(reading: MeldReading | None, need: Counter[tuple[Tile, ...]]) -> bool:
    """Whether a run holds a joker standing for each tile ``need`` counts: two old melds
    kept in one run cannot both keep a joker standing for the same tile (from
    ``k5 k6 j | j k8 k9``, ``k3 j k5 k6 j k8 k9`` moves one of them to k4)."""
    if reading is None or reading.kind is not MeldKind.RUN:
        return True
    return not need - Counter(sub.tiles for sub in reading.stands_for if sub is not None)


def _homes(old: MeldReading, readings: list[MeldReading | None], claimed: set[int]) -> list[_Home]:
    """Each meld after the turn that keeps ``old`` in place, with the jokers it releases.

    The last choice is no home at all: then every joker of ``old`` must have been released.
    """
    homes: list[_Home] = []
    for index, reading in enumerate(readings):
        if reading is not None and index not in claimed:
            kept, released = _extends(old, reading)
            if kept:
                homes.append((released, index))
    homes.append(([i for i, tile in enumerate(old.layout) if tile.suit is None], None))
    return homes


def _judge_homes(
    profile: RuleProfile,
    olds: list[tuple[Meld, MeldReading]],
    homes: tuple[_Home, ...],
    after: TableState,
    fresh: set[int],
    from_rack: Counter[Tile],
    claimed: frozenset[int],
    opening: Counter[Tile],
    steady: Counter[Tile],
) -> list[Violation]:
    """The violations of the joker rule when each old meld has the home given.

    A joker of a group of three may be replaced by either missing colour, and two jokers may
    want one tile: every choice of colour and (up to four released jokers) every order of
    taking the tiles is tried, as one piece replaces one joker and an early choice could
    take the piece a later joker needs. The choice with fewest violations is judged."""
    spare = [Counter(meld.tiles)[JOKER] for meld in after.melds]
    for index in claimed:
        spare[index] = 0  # a claimed meld holds the rack's jokers
    homed: dict[int, Counter[Tile]] = {}  # per meld after: naturals of old melds kept in it
    for (_, old), (released, home) in zip(olds, homes, strict=True):
        if home is not None:
            naturals = Counter(t for t in old.layout if t.suit is not None)
            homed[home] = homed.get(home, Counter()) + naturals
            spare[home] -= len(old.jokers) - len(released)
    # per meld after, the tiles it adds to the old melds it keeps: where replacements stand
    added = {home: Counter(after.melds[home].tiles) - kept for home, kept in homed.items()}
    # the table's tiles not kept in place by an old meld: each replaces one joker at most
    loose = _tiles_of(after.melds) - sum(homed.values(), Counter()) - opening
    releases = [
        (k, meld, old, place, home, [Counter(way) for way in replacements(profile, old, place)])
        for k, ((meld, old), (released, home)) in enumerate(zip(olds, homes, strict=True))
        for place in released
    ]
    # where a replacement may come from before any frozen meld gives a tile up (with an
    # opening, ``from_rack`` is already without the opening's tiles)
    free = steady + from_rack
    best: list[Violation] | None = None
    for ordered, picks in _release_choices(releases):
        problems = _judge_releases(
            profile,
            ordered,
            picks,
            after,
            fresh,
            homed,
            _Stock(Counter(from_rack), Counter(loose), {h: Counter(c) for h, c in added.items()}),
            list(spare),
            free,
        )
        if best is None or _fewer(problems, best):
            best = problems
        if not best:
            break
    return best or []


def _release_choices(
    releases: list[_Release],
) -> Iterator[tuple[list[_Release], tuple[int, ...]]]:
    """Each order in which the released jokers may take their replacements, with each
    choice of replacement per joker. The order matters only where two jokers want one
    tile (the first takes it); then, for a few jokers at most, every order is tried."""
    tiles = [set().union(*(choice.keys() for choice in r[-1])) for r in releases]
    shared = any(tiles[i] & tiles[j] for j in range(len(tiles)) for i in range(j))
    orders: Iterable[tuple[int, ...]] = (
        itertools.permutations(range(len(releases)))
        if shared and len(releases) <= _ORDERED_RELEASES
        else [tuple(range(len(releases)))]  # no tile wanted twice: the order does not matter
    )
    for order in orders:
        ordered = [releases[i] for i in order]
        for picks in itertools.product(*(range(len(wanted)) for *_, wanted in ordered)):
            yield ordered, picks


_ORDERED_RELEASES = 4
"""Up to this many released jokers, every order of taking replacements is tried."""


@attrs.define
class _Stock:
    """Where replacements come from, used up as jokers are replaced: the rack tiles played
    (``pool``), the table's tiles no old meld keeps in place (``loose``), and per home the
    tiles it adds to the old melds it keeps (``added``)."""

    pool: Counter[Tile]
    loose: Counter[Tile]
    added: dict[int, Counter[Tile]]


_Release = tuple[int, Meld, MeldReading, int, int | None, list[Counter[Tile]]]
"""A released joker: which old meld (an index), the meld, its reading, the joker's place
there, the meld's home, and the ways to replace it (:func:`replacements`)."""


def _judge_releases(
    profile: RuleProfile,
    releases: list[_Release],
    picks: tuple[int, ...],
    after: TableState,
    fresh: set[int],
    homed: dict[int, Counter[Tile]],
    stock: _Stock,
    spare: list[int],
    free: Counter[Tile],
) -> list[Violation]:
    """The violations when each released joker is replaced by its ``picks`` choice."""
    problems: list[Violation] = []
    freed: list[tuple[Meld, int | None]] = []
    # per old meld releasing a joker: its naturals, if it dissolves, and its replacements
    steps: dict[int, tuple[Counter[Tile], Counter[Tile]]] = {}
    for (k, meld, old, place, home, wanted), pick in zip(releases, picks, strict=True):
        problem = _replacement_problem(profile, meld, old, place, after, stock, home, wanted, pick)
        if problem is not None:
            problems.append(problem)
            continue
        freed.append((meld, home))
        if k not in steps:  # a meld kept in place gives up nothing; a dissolved one its naturals
            gives = Counter(t for t in old.layout if home is None and t.suit is not None)
            steps[k] = (gives, Counter())
        steps[k][1].update(wanted[pick])
    if (
        not problems
        and profile.joker_replacement_from_table
        and not releases_in_order(free, list(steps.values()))
    ):
        melds = tuple(dict.fromkeys(meld for meld, _ in freed))
        problems.append(
            Violation(
                "joker_meld_frozen",
                "a meld holding a joker gives no tile up before its joker is replaced, so "
                "these jokers cannot all be freed (each needs a tile another of them holds): "
                + "; ".join(map(str, melds)),
                melds=melds,
            )
        )
    # the rack tiles left once the replacements are taken: the new melds' rack tiles
    if freed and not _place_freed_jokers(profile, freed, after, spare, fresh, stock.pool, homed):
        where = {
            FreedJoker.ANYWHERE: "in another meld",
            FreedJoker.NEW_MELD: "in a new meld",
            FreedJoker.NEW_MELD_2_RACK: "in a new meld with at least two rack tiles",
        }[profile.freed_joker]
        melds = tuple(dict.fromkeys(meld for meld, _ in freed))
        problems.append(
            Violation(
                "freed_joker_misplaced",
                "a freed joker must be played again this turn "
                + where
                + ", never back into the meld it left: "
                + "; ".join(map(str, melds)),
                melds=melds,
            )
        )
    return problems


def _keeps_an_old_meld(olds: list[Meld], meld: Meld) -> bool:
    """Whether ``meld`` holds every tile of one of the old melds ``olds``."""
    tiles = Counter(meld.tiles)
    return any(not Counter(old.tiles) - tiles for old in olds)


def releases_in_order(
    free: Counter[Tile], steps: list[tuple[Counter[Tile], Counter[Tile]]]
) -> bool:
    """Whether frozen melds can release their jokers one after another.

    Each step is (the naturals a meld gives up once its joker is replaced, the replacements
    it takes). A replacement comes from ``free`` (the rack, melds free from the start) or
    from a meld released earlier: a meld holding a joker gives nothing up before. Every
    order is tried, sets of released melds remembered (a few melds at most)."""
    total = (1 << len(steps)) - 1
    stuck: set[int] = set()

    def reach(done: int) -> bool:
        if done == total:
            return True
        if done in stuck:
            return False
        supply = Counter(free)
        for i, (gives, takes) in enumerate(steps):
            if done >> i & 1:
                supply.update(gives)
                supply.subtract(takes)
        for i, (_, takes) in enumerate(steps):
            ready = not done >> i & 1 and all(supply[t] >= n for t, n in takes.items())
            if ready and reach(done | 1 << i):
                return True
        stuck.add(done)
        return False

    return reach(0)


def replacements(profile: RuleProfile, old: MeldReading, place: int) -> list[tuple[Tile, ...]]:
    """The ways to replace the joker at ``place`` of ``old`` (a frozen meld): each the
    pieces it takes. One of the pieces it may stand for, or, in a group of three under
    ``joker_group3_both_colours``, all of them together."""
    substitute = old.stands_for[place]
    assert substitute is not None
    options = substitute.tiles
    both = profile.joker_group3_both_colours and old.kind is MeldKind.GROUP and len(old.layout) == 3
    return [tuple(options)] if both else [(tile,) for tile in options]


def _replacement_problem(
    profile: RuleProfile,
    meld: Meld,
    old: MeldReading,
    place: int,
    after: TableState,
    stock: _Stock,
    home: int | None,
    wanted: list[Counter[Tile]],
    pick: int,
) -> Violation | None:
    """Whether the joker at ``place`` was replaced by ``wanted[pick]``, one of the ways to
    replace it (:func:`replacements`); takes it from ``stock``.

    With a ``home`` (the meld keeping ``old`` in place), the replacement must be one of the
    tiles that meld adds, standing where the joker stood; under the default rule it comes
    from the rack (``stock.pool``) as well. Every replacement is also taken from
    ``stock.loose``, the table's tiles no old meld keeps in place: a tile left where it was
    in a meld holding a joker replaces nothing (from ``b9 o9 r9 j | k9 k10 j k12``,
    ``r9 b9 o9 | k9 k10 j k12`` did not free the group's joker with the run's k9), and one
    tile replaces one joker.
    """
    need = wanted[pick]
    in_place = stock.loose if home is None else stock.added[home]
    from_rack = not profile.joker_replacement_from_table
    if not need - in_place and not need - stock.loose and not (from_rack and need - stock.pool):
        if from_rack:
            stock.pool.subtract(need)
        in_place.subtract(need)
        if in_place is not stock.loose:
            stock.loose.subtract(need)
        return None
    substitute = old.stands_for[place]
    assert substitute is not None
    options = substitute.tiles
    both = len(wanted) == 1 and len(options) > 1  # every missing colour, together
    what = " and ".join(map(str, options)) if both else " or ".join(map(str, options))
    source = "the rack" if from_rack else "the table or the rack"
    on_table = _tiles_of(after.melds)
    if from_rack and any(not option - on_table for option in wanted):
        return Violation(
            "joker_replacement_not_from_rack",
            f"{meld}: the joker may be freed only by {what} from the rack, not from the table",
            melds=(meld,),
        )
    return Violation(
        "joker_meld_frozen",
        f"{meld}: a meld holding a joker may only have tiles added, unless the joker is "
        f"replaced in place by {what} from {source}",
        melds=(meld,),
    )


def _place_freed_jokers(
    profile: RuleProfile,
    freed: list[tuple[Meld, int | None]],
    after: TableState,
    spare: list[int],
    new: set[int],
    from_rack: Counter[Tile],
    homed: dict[int, Counter[Tile]],
) -> bool:
    """Whether each freed joker can be the spare joker of a meld the rule allows.

    ``new`` holds the indexes of new melds: melds that do not keep an old meld in place;
    ``homed`` the naturals of the old melds each meld keeps in place; ``from_rack`` the rack
    tiles not taken as replacements. Where each new meld needs two rack tiles, one rack tile
    counts for one meld only.
    """
    slots = [index for index, count in enumerate(spare) for _ in range(max(count, 0))]
    for chosen in itertools.permutations(slots, len(freed)):
        if all(
            _joker_fits(profile, source, home, index, after, new, from_rack, homed)
            for (source, home), index in zip(freed, chosen, strict=True)
        ) and (
            profile.freed_joker is not FreedJoker.NEW_MELD_2_RACK
            or _two_rack_tiles_each([after.melds[i] for i in set(chosen)], from_rack)
        ):
            return True
    return False


def _two_rack_tiles_each(melds: list[Meld], from_rack: Counter[Tile]) -> bool:
    """Whether each of ``melds`` can be given two rack tiles it holds, no rack tile twice."""
    if not melds:
        return True
    held = Counter(melds[0].tiles) & from_rack
    kinds = list(held)
    pairs = [
        (kinds[i], kinds[j])
        for i in range(len(kinds))
        for j in range(i, len(kinds))
        if i != j or held[kinds[i]] >= 2
    ]
    return any(_two_rack_tiles_each(melds[1:], from_rack - Counter((a, b))) for a, b in pairs)


def _joker_fits(
    profile: RuleProfile,
    source: Meld,
    home: int | None,
    index: int,
    after: TableState,
    new: set[int],
    from_rack: Counter[Tile],
    homed: dict[int, Counter[Tile]],
) -> bool:
    placed = Counter(after.melds[index].tiles)
    naturals = Counter(tile for tile in source.tiles if tile.suit is not None)
    # back into the meld it left: its home, or a meld holding its naturals besides those of
    # the old melds kept there (a twin of the meld it left is another meld)
    if index == home or not naturals - (placed - homed.get(index, Counter())):
        return False
    if profile.freed_joker is FreedJoker.ANYWHERE:
        return True
    if index not in new:
        return False
    if profile.freed_joker is FreedJoker.NEW_MELD:
        return True
    return sum((placed & from_rack).values()) >= 2
