"""The rule profile: every rule of a game variant as one validated, immutable value.

Each option answers one row of the :ref:`rules matrix <rules>` (``row`` in its metadata). A
house rule is ``profile.evolve(option=value)``; the new value is validated like the original and an
unknown option, an impossible value or combination of options raises
:class:`~rummikit.InvalidOption` naming the option.

A profile is data below the rules that use it: the reading of melds and the deck sit under
it, while openings, scoring and the judge (:mod:`rummikit.opening`, :mod:`rummikit.scoring`,
:mod:`rummikit.judge`) take a profile and sit above. Its methods that ask those rules
(:meth:`RuleProfile.check_turn`, :meth:`RuleProfile.score_round`, ...) are a convenience
face over them and reach them when called.

A profile's ``name`` is a key (in the registry, on the command line, in saved games) and
its ``title`` a line of text people read, so both are bounded and printable
(:data:`MAX_NAME_LENGTH`, :data:`MAX_TITLE_LENGTH`). A profile made with
:meth:`RuleProfile.evolve` that keeps its parent's name but not its options says so: its
:attr:`~RuleProfile.modified_from` is the profile whose name it bears, and its repr lists
what changed.
"""

from __future__ import annotations

import difflib
import enum
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from typing import Any, TypeVar, cast

import attrs

from rummikit import _option_checks
from rummikit._option_checks import (
    name_key,
    name_problem,
)
from rummikit._profile_options import Options
from rummikit.errors import InvalidArgument, InvalidMeld, InvalidOption, brief
from rummikit.meld import Meld, MeldKind
from rummikit.notation import MeldLike, TableLike, TilesLike, as_meld, as_table, as_tiles
from rummikit.options import (
    DealSize,
    OpeningRule,
    PieceValues,
    Scoring,
    StockEnd,
    TurnStructure,
)
from rummikit.pieces import PieceSet, Tile, build_deck, tile_from_code
from rummikit.reading import MeldReading, MeldRules, reading_of
from rummikit.table import TableState
from rummikit.verdict import Verdict

__all__ = [
    "MAX_NAME_LENGTH",
    "MAX_TITLE_LENGTH",
    "OptionRow",
    "RuleProfile",
    "mark_modified",
    "name_key",
    "name_problem",
]

P = TypeVar("P", bound=Hashable)


MAX_NAME_LENGTH = _option_checks.MAX_NAME_LENGTH
"""The longest profile name, in characters.

A name is a key: the registry's, a command-line argument, a column of a host's database, a
word in messages and reprs. The longest built-in name has 14 characters and a house rule
named after its parent and its change (``pagat_no_adjacent_jokers``) 24; 64 leaves room for
more and still fits a column, a line of a terminal and the identifiers most databases
index (63 or 64 characters).
"""

MAX_TITLE_LENGTH = _option_checks.MAX_TITLE_LENGTH
"""The longest profile title, in characters: one line of a menu, a heading or a terminal
(the longest built-in title has 41)."""


@attrs.define(frozen=True)
class OptionRow:
    """One option of a profile, for tables in docs and on the command line."""

    option: str
    value: str
    meaning: str
    row: int


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


@attrs.frozen(repr=False)
class RuleProfile(Options):
    """A complete, validated set of rules for one game variant.

    Get the built-in ones from :mod:`rummikit.profiles`; make a house rule with
    ``profile.evolve(opening_min_points=25)``. Every option is documented in its field
    and by :meth:`describe`.
    """

    # the options are the fields of Options (rummikit._profile_options), one list to read;
    # what follows from them is kept here, out of equality, hashing and saving

    _meld_rules: MeldRules = attrs.field(init=False, eq=False, hash=False)
    _deck: tuple[Tile, ...] = attrs.field(init=False, eq=False, hash=False)
    _decks: dict[int, tuple[Tile, ...]] = attrs.field(init=False, eq=False, hash=False)
    _deck_counts: Counter[int] = attrs.field(init=False, eq=False, hash=False)
    # Set only by evolve and mark_modified, on a profile they have just made; never part of
    # equality or the hash, so that a marked profile is the same value as an unmarked one.
    _modified_from: RuleProfile | None = attrs.field(init=False, default=None, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        self._check_combinations()
        rules = MeldRules(
            piece_set=self.piece_set,
            jokers=self.jokers,
            ace_high=self.ace_high,
            min_length=self.min_meld_length,
            max_group_size=self.max_group_size,
            group_distinct_suits=self.group_distinct_suits,
            forbid_adjacent_jokers=self.forbid_adjacent_jokers,
        )
        object.__setattr__(self, "_meld_rules", rules)
        decks = {
            copies: build_deck(self.piece_set, copies=copies, jokers=self.jokers)
            for copies in (self.copies_for(self.min_players), self.copies_for(self.max_players))
        }
        object.__setattr__(self, "_decks", decks)
        object.__setattr__(self, "_deck", decks[self.copies_for(self.default_players)])
        largest = decks[self.copies_for(self.max_players)]
        object.__setattr__(self, "_deck_counts", Counter(tile.code for tile in largest))

    def _check_combinations(self) -> None:
        if self.ace_high and self.piece_set is not PieceSet.CARDS:
            raise InvalidOption("ace_high", "only cards have aces; tiles keep 1 low")
        if self.piece_values is not PieceValues.FACE and self.piece_set is not PieceSet.CARDS:
            raise InvalidOption("piece_values", "card values need a profile played with cards")
        if self.min_players > self.max_players:
            raise InvalidOption("min_players", "is larger than max_players")
        if not self.min_players <= self.default_players <= self.max_players:
            raise InvalidOption("default_players", "must lie between min_players and max_players")
        if self.extra_deck_from is not None:
            if not self.min_players < self.extra_deck_from <= self.max_players:
                raise InvalidOption(
                    "extra_deck_from",
                    f"must lie after min_players ({self.min_players}) and at most max_players "
                    f"({self.max_players}); raise copies for a second deck at every size",
                )
            if self.copies == 4:
                raise InvalidOption("extra_deck_from", "a deck holds at most 4 copies a piece")
        # the stock must hold a piece to draw once dealt (and the first discard, where turns
        # end with one)
        spare = 2 if self.has_discard_pile else 1
        for players in range(self.min_players, self.max_players + 1):
            size = 52 * self.copies_for(players) + self.jokers
            hand = self.hand_size_for(players)
            if players * hand > size - spare:
                raise InvalidOption(
                    "hand_size" if self.deal_size is DealSize.FIXED else "deal_size",
                    f"{players} hands of {hand} leave too small a stock in a deck of {size}",
                )
        limit = 4 if self.group_distinct_suits else 4 * self.copies_for(self.max_players)
        if not self.min_meld_length <= self.max_group_size <= limit:
            raise InvalidOption(
                "max_group_size",
                f"must lie between min_meld_length ({self.min_meld_length}) and {limit}",
            )
        if self.opening_rule is OpeningRule.POINTS and self.opening_min_points < 1:
            raise InvalidOption("opening_min_points", "a points opening needs at least 1 point")
        if self.stock_end is StockEnd.END_NO_WINNER and self.scoring is Scoring.ZERO_SUM:
            raise InvalidOption(
                "stock_end",
                "a round without a winner cannot be scored zero-sum; use penalty scoring",
            )
        if self.match_rounds is None and self.match_target is None:
            raise InvalidOption("match_rounds", "set match_rounds, match_target or both")
        self._check_discard_options()
        if self.turn_structure is TurnStructure.PLAY_OR_DRAW:
            # a turn that lays nothing draws: a penalty of nothing would be a pass, which
            # only an empty stock allows (and a full round of passes ends the round)
            for option in ("failure_penalty", "timeout_penalty", "timeout_penalty_untouched"):
                if getattr(self, option) < 1:
                    raise InvalidOption(
                        option,
                        "must be at least 1 when turns are play or draw: a turn that lays "
                        "nothing draws, and a penalty of 0 would end it without a draw while "
                        "the stock holds pieces (1 is the normal draw and no more)",
                    )

    def _check_discard_options(self) -> None:
        """The options of draw-and-discard games, and those that need them or their
        scoring."""
        discards = self.has_discard_pile
        if self.stock_end is StockEnd.RESHUFFLE and not discards:
            raise InvalidOption(
                "stock_end",
                "reshuffling needs a discard pile: turns must be 'draw_meld_discard'",
            )
        if discards and self.stock_end is StockEnd.PLAY_UNTIL_BLOCKED:
            raise InvalidOption(
                "stock_end",
                "turns that end with a discard always draw: the empty stock must be "
                "'reshuffle' or 'end_no_winner'",
            )
        if discards and self.turn_limit is None:
            raise InvalidOption(
                "turn_limit",
                "turns that end with a discard need a turn limit: a discard can be taken "
                "back and forth forever",
            )
        if self.rummy_bonus and self.scoring is not Scoring.WINNER_TAKES_ALL:
            raise InvalidOption("rummy_bonus", "the rummy bonus needs winner-takes-all scoring")
        if self.joker_swap and (self.jokers == 0 or self.table_manipulation):
            raise InvalidOption(
                "joker_swap",
                "swapping a joker into the hand needs jokers, and a table that is only "
                "added to (table_manipulation off)",
            )
        if self.match_elimination and (
            self.scoring is not Scoring.PENALTY or self.match_target is None
        ):
            raise InvalidOption(
                "match_elimination",
                "elimination needs penalty scoring and a match_target to pass; with "
                f"scoring {self.scoring.value!r}, set match_elimination=False too",
            )

    def __repr__(self) -> str:
        base = self._modified_from
        if base is None:
            return f"<RuleProfile {self.name!r}>"
        changed = _changed_options(self, base)
        shown = ", ".join(changed[:_REPR_OPTIONS])
        if len(changed) > _REPR_OPTIONS:
            shown += f" and {len(changed) - _REPR_OPTIONS} more"
        return f"<RuleProfile {self.name!r} (modified: {shown})>"

    @property
    def modified_from(self) -> RuleProfile | None:
        """The profile whose name this one bears while its options differ, or None when
        this profile is what its name says.

        :meth:`evolve` sets it when a house rule keeps its parent's name (as
        :func:`name_key` compares names: ``"Pagat"`` is ``"pagat"``) and changes another
        option, the title included: it is then the parent, or the profile the parent was
        itself derived from. Loading a saved game sets it when the record's profile bears the
        name (or an alias) of a registered profile and differs from it (see
        :doc:`/saving`). ``profile.differences(profile.modified_from)`` lists the rules that
        changed. It takes no part in equality, hashing or saving; a profile built from
        scratch, or with ``attrs.evolve``, knows no parent and is None.
        """
        return self._modified_from

    @property
    def has_discard_pile(self) -> bool:
        """Whether turns end with a discard (``turn_structure`` ``"draw_meld_discard"``), so
        that games under this profile keep a discard pile."""
        return self.turn_structure is TurnStructure.DRAW_MELD_DISCARD

    # -- pieces ---------------------------------------------------------------------------

    @property
    def meld_rules(self) -> MeldRules:
        """The options that decide meld validity, as the reader in :mod:`rummikit.reading` takes them."""
        return self._meld_rules

    @property
    def deck(self) -> tuple[Tile, ...]:
        """Every piece of this profile's deck, sorted (two copies appear twice): the deck of
        a game of ``default_players`` (:meth:`deck_for` gives another size's)."""
        return self._deck

    def copies_for(self, players: int) -> int:
        """Copies of each natural piece in a game of ``players``: ``copies``, and one more
        from ``extra_deck_from`` players on."""
        extra = self.extra_deck_from is not None and players >= self.extra_deck_from
        return self.copies + extra

    def deck_for(self, players: int) -> tuple[Tile, ...]:
        """Every piece of the deck a game of ``players`` is played with, sorted."""
        return self._decks[self.copies_for(players)]

    def hand_size_for(self, players: int) -> int:
        """The pieces each player is dealt in a game of ``players`` (see ``deal_size``)."""
        if self.deal_size is DealSize.FIXED:
            return self.hand_size
        if players <= 2:
            return 10
        if players <= 4:
            return 7
        return 10 if self.copies_for(players) > 1 else 6

    def as_tiles(self, tiles: TilesLike) -> list[Tile]:
        """``tiles`` as a list, reading notation if given a string."""
        return as_tiles(tiles)

    def as_meld(self, meld: MeldLike) -> Meld:
        """``meld`` as a :class:`~rummikit.Meld`, reading notation if given a string."""
        return as_meld(meld)

    def check_in_deck(self, tiles: TilesLike) -> None:
        """Raise :class:`~rummikit.InvalidArgument` unless the deck holds all of ``tiles``
        (pieces, or notation).

        Checks the family of each piece, jokers, and that no piece appears more often than
        the deck has copies of it: the largest deck the profile plays with (its games of
        ``max_players``).
        """
        counts = Counter(tile.code for tile in as_tiles(tiles))
        deck = self._deck_counts
        for code, count in counts.items():
            if count > deck[code]:
                tile = tile_from_code(code)
                if deck[code] == 0:
                    raise InvalidArgument(
                        "not_in_deck", f"{tile} is not in the deck of {self.name!r}"
                    )
                raise InvalidArgument(
                    "too_many_copies",
                    f"{count} copies of {tile} given; the deck of {self.name!r} has {deck[code]}",
                )

    def check_table(
        self, table: TableLike, *, what: str = "the table", deck_checked: bool = False
    ) -> TableState:
        """``table`` as a :class:`~rummikit.TableState`, checked: its pieces in this
        profile's deck (:meth:`check_in_deck`: ``not_in_deck``, ``too_many_copies``) and every
        meld valid under this profile. Raises :class:`~rummikit.InvalidArgument`
        (``invalid_table``) naming the first invalid meld and why (``what`` names the table in
        that message). ``deck_checked=True`` skips the deck, for a caller that has counted
        the table's pieces already, with others (a turn counts the rack's with them)."""
        checked = as_table(table)
        if not deck_checked:
            self.check_in_deck([tile for meld in checked.melds for tile in meld.tiles])
        rules = self._meld_rules
        for meld in checked.melds:
            found = reading_of(meld, meld.kind, rules)
            if not isinstance(found, MeldReading):
                raise InvalidArgument(
                    "invalid_table", f"{what} holds an invalid meld, {meld}: {found[1]}"
                )
        return checked

    def piece_value(self, tile: Tile | str) -> int:
        """What ``tile`` (a piece, or one in notation) costs when left in hand at the end of
        a round. Raises :class:`~rummikit.InvalidArgument` for a piece not in this deck."""
        from rummikit import scoring  # the rules sit above the profile: see the module

        return scoring.piece_value(self, tile)

    # -- melds ----------------------------------------------------------------------------

    def _reading(
        self, meld: MeldLike, kind: MeldKind | str | None
    ) -> MeldReading | tuple[str, str]:
        if not isinstance(meld, Meld):
            meld = as_meld(meld)
        declared = meld.kind if kind is None else MeldKind.coerce(kind)
        return reading_of(meld, declared, self._meld_rules)

    def read_meld(self, meld: MeldLike, kind: MeldKind | str | None = None) -> MeldReading:
        """Read ``meld`` under this profile: its kind, what each joker stands for, its value.

        ``kind`` (``"run"``, ``"group"`` or a :class:`~rummikit.MeldKind`) declares the
        reading; it overrides a kind declared in the meld itself. Raises
        :class:`~rummikit.InvalidMeld` with a code when the tiles are no meld.
        """
        found = self._reading(meld, kind)
        if isinstance(found, MeldReading):
            return found
        raise InvalidMeld(*found)

    def is_valid_meld(self, meld: MeldLike, kind: MeldKind | str | None = None) -> bool:
        """Whether ``meld`` is a valid meld under this profile (see :meth:`read_meld`)."""
        return isinstance(self._reading(meld, kind), MeldReading)

    def as_table(self, table: TableLike) -> TableState:
        """``table`` as a :class:`~rummikit.TableState`, reading notation if given a string."""
        return as_table(table)

    # -- turns ----------------------------------------------------------------------------

    def check_turn(
        self, *, before: TableLike, rack: TilesLike, after: TableLike, opened: bool
    ) -> Verdict:
        """Judge one play on the final table it leaves (see :mod:`rummikit.judge`).

        ``before`` is the table at the start of the turn, ``rack`` the player's rack then,
        ``after`` the table proposed at the end, ``opened`` whether the player had opened
        before this turn. Returns a verdict listing every violation.
        """
        from rummikit import judge  # the rules sit above the profile: see the module

        return judge.check_turn(self, before, rack, after, opened)

    # -- openings -------------------------------------------------------------------------

    def opening_points(self, melds: Iterable[MeldLike] | str) -> int:
        """What an opening made of ``melds`` is worth, jokers counted per the profile.

        Raises :class:`~rummikit.InvalidMeld` if one of the melds is invalid, and
        :class:`~rummikit.InvalidArgument` if together they hold more copies of a piece than
        the deck (``too_many_copies``).
        """
        from rummikit import opening  # the rules sit above the profile: see the module

        return opening.opening_points(self, melds)

    def check_opening(self, melds: Iterable[MeldLike] | str) -> Verdict:
        """Whether ``melds``, laid from the rack, make a valid opening (a verdict)."""
        from rummikit import opening  # the rules sit above the profile: see the module

        return opening.check_opening(self, melds)

    # -- scoring --------------------------------------------------------------------------

    def round_winners(self, racks: Mapping[P, TilesLike], winner: P | None = None) -> tuple[P, ...]:
        """Who wins a round that ended with ``racks`` (see :func:`rummikit.scoring.round_winners`)."""
        from rummikit import scoring  # the rules sit above the profile: see the module

        return scoring.round_winners(self, racks, winner)

    def score_round(
        self, racks: Mapping[P, TilesLike], winner: P | None = None, *, rummy: bool = False
    ) -> dict[P, int]:
        """Each player's points for a round that ended with ``racks``.

        With ``winner`` None the profile decides who won: whoever went out, else its
        blocked-end rule, else nobody. ``rummy=True`` says the winner went out in one turn
        having laid nothing before (doubled under ``rummy_bonus``). See
        :func:`rummikit.scoring.score_round`.
        """
        from rummikit import scoring  # the rules sit above the profile: see the module

        return scoring.score_round(self, racks, winner, rummy=rummy)

    # -- variants -------------------------------------------------------------------------

    def evolve(self, **changes: object) -> RuleProfile:
        """This profile with ``changes`` (option names and values): a house rule, validated
        like any profile.

        A house rule that keeps this profile's name remembers the profile whose name it
        bears (:attr:`modified_from`) and says so in its repr; one given a name of its own
        (``name="kitchen"``) is a profile in its own right.

        ``attrs.evolve(profile, ...)`` does the same, but a misspelt option name reaches it
        as Python's own :class:`TypeError`; here it raises :class:`~rummikit.InvalidOption`
        naming the closest options.
        """
        options = [field.name for field in attrs.fields(type(self)) if field.init]
        for name in changes:
            if name not in options:
                close = difflib.get_close_matches(name, options, n=3)
                hint = f"; did you mean {' or '.join(map(repr, close))}?" if close else ""
                shown = name if len(name) <= 40 else name[:40] + "..."
                raise InvalidOption(
                    shown, f"no such option{hint} (RuleProfile.describe() lists them all)"
                )
        # the values are the validators' business: they raise InvalidOption for bad ones
        changed = attrs.evolve(self, **cast("dict[str, Any]", changes))
        base = self if self._modified_from is None else self._modified_from
        if name_key(changed.name) == name_key(base.name) and _changed_options(changed, base):
            object.__setattr__(changed, "_modified_from", base)  # a value only this call holds
        return changed

    # -- description ----------------------------------------------------------------------

    def describe(self) -> tuple[OptionRow, ...]:
        """Every option as a row: name, value as text, meaning, and its row of the
        :ref:`rules matrix <rules>`."""
        return tuple(
            OptionRow(
                field.name,
                _show(getattr(self, field.name)),
                field.metadata["doc"],
                field.metadata["row"],
            )
            for field in attrs.fields(type(self))
            if field.init
        )

    def differences(self, other: RuleProfile) -> tuple[tuple[str, str, str], ...]:
        """The options whose values differ from ``other``'s: (option, this value, other value).

        ``other`` is a profile (``rk.profiles.get(name)`` finds one by name).
        """
        if not isinstance(other, RuleProfile):
            raise InvalidArgument(
                "not_a_profile",
                f"expected a RuleProfile (rk.profiles.get(name) finds one), not {brief(other)}",
            )
        theirs = {row.option: row.value for row in other.describe()}
        return tuple(
            (row.option, row.value, theirs[row.option])
            for row in self.describe()
            if row.value != theirs[row.option] and row.option not in ("name", "title")
        )


_OPTION_NAMES = tuple(field.name for field in attrs.fields(RuleProfile) if field.init)
"""The options of a profile, in the order of its fields (``describe`` order)."""

_REPR_OPTIONS = 3
"""The most changed options a modified profile's repr names; the others are counted."""


def _changed_options(profile: RuleProfile, base: RuleProfile) -> list[str]:
    """The options of ``profile`` other than its name whose values differ from ``base``'s."""
    return [
        option
        for option in _OPTION_NAMES
        if option != "name" and getattr(profile, option) != getattr(base, option)
    ]


def mark_modified(profile: RuleProfile, base: RuleProfile) -> RuleProfile:
    """``profile`` marked as bearing the name of ``base`` while its options differ.

    For a layer that knows which profile a name stands for: the readers of saved games mark
    a loaded profile against the registered profile of its name, and a host keeping its own
    :class:`~rummikit.profiles.ProfileRegistry` can do the same. Returns an equal profile
    whose :attr:`~RuleProfile.modified_from` is ``base`` (or the profile ``base`` was
    itself derived from) when an option other than the name differs, unmarked when none
    does: ``profile`` itself when it is marked so already.
    """
    for value, what in ((profile, "profile"), (base, "base")):
        if not isinstance(value, RuleProfile):
            raise InvalidArgument("not_a_profile", f"{what} is a RuleProfile, not {brief(value)}")
    root = base if base._modified_from is None else base._modified_from
    wanted = root if _changed_options(profile, root) else None
    if profile._modified_from is wanted:
        return profile
    marked = attrs.evolve(profile)  # copies the options only: a fresh, unmarked profile
    object.__setattr__(marked, "_modified_from", wanted)
    return marked
