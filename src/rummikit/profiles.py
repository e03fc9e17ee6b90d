"""The built-in rule profiles and the registry that finds profiles by name.

``rummikit.profiles.get("pagat")`` returns a profile; names are case-insensitive and
``-``, ``_`` and spaces are interchangeable (``"Rami-Voleur"`` works). Third-party packages
add profiles by calling :func:`register`, or by declaring an entry point in the
``rummikit.profiles`` group whose object is a :class:`~rummikit.RuleProfile`; entry points
are loaded the first time a name is not found or :func:`names` is called.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Iterable

import attrs

from rummikit.errors import InvalidArgument, RummikitError, UnknownProfile, brief
from rummikit.options import (
    DealSize,
    FirstPlayer,
    JokerPolicy,
    OpeningJokerValue,
    OpeningRule,
    PieceValues,
    Scoring,
    StockEnd,
    TurnStructure,
)
from rummikit.pieces import PieceSet
from rummikit.profile import RuleProfile, name_key, name_problem

__all__ = [
    "ENTRY_POINT_GROUP",
    "ONLINE",
    "PAGAT",
    "RAMI_VOLEUR",
    "STANDARD_RUMMY",
    "ProfileRegistry",
    "get",
    "names",
    "register",
]

ENTRY_POINT_GROUP = "rummikit.profiles"
"""The entry-point group in which other packages declare rule profiles."""

ONLINE = RuleProfile(
    name="online",
    title="Online Rummi (the network's online rules)",
    default_players=2,
    opening_joker_value=OpeningJokerValue.ZERO,
    opening_table_play=False,
    joker_policy=JokerPolicy.FREE,
    timeout_penalty_untouched=3,
    time_limit=60,
    scoring=Scoring.PENALTY,
)
"""Profile A: the network's online Rummi. Tiles; 30-point opening with jokers at 0 and no
table play in the opening turn; jokers free; winner 0, others their rack (lower is better)."""

PAGAT = RuleProfile(
    name="pagat",
    title="Rummikub, Sabra rules (Pagat)",
)
"""Profile B: Pagat's classic Rummikub (Sabra rules). Tiles; 30-point opening with jokers at
their value; melds holding a joker are frozen unless the exact tile replaces it; zero-sum."""

RAMI_VOLEUR = RuleProfile(
    name="rami_voleur",
    title="Rami voleur (Ramio's rules)",
    piece_set=PieceSet.CARDS,
    ace_high=True,
    hand_size=13,
    first_player=FirstPlayer.LOT,
    turn_structure=TurnStructure.DRAW_THEN_PLAY,
    opening_rule=OpeningRule.PURE_RUN,
    opening_min_points=0,
    joker_policy=JokerPolicy.FREE,
    failure_penalty=0,
    timeout_penalty=0,
    timeout_penalty_untouched=0,
    time_limit=None,
    stock_end=StockEnd.END_NO_WINNER,
    scoring=Scoring.PENALTY,
    piece_values=PieceValues.CARDS_ACE_11,
    joker_penalty=50,
    match_rounds=None,
    match_target=100,
)
"""Profile C: rami voleur with two 52-card decks and two jokers (Ramio). Always draw, then
play; open with a natural tierce franche; jokers move freely and never return to the hand;
penalties 2-10 face, J/Q/K 10, A 11, joker 50; the match ends when someone reaches 100."""

STANDARD_RUMMY = RuleProfile(
    name="standard_rummy",
    title="Rummy, the standard draw-and-discard game",
    piece_set=PieceSet.CARDS,
    copies=1,
    extra_deck_from=5,
    jokers=0,
    max_players=6,
    default_players=2,
    hand_size=10,
    deal_size=DealSize.STANDARD_RUMMY,
    first_player=FirstPlayer.DEALER_LEFT,
    turn_structure=TurnStructure.DRAW_MELD_DISCARD,
    opening_rule=OpeningRule.NONE,
    opening_min_points=0,
    table_manipulation=False,
    group_distinct_suits=False,
    failure_penalty=0,
    timeout_penalty=0,
    timeout_penalty_untouched=0,
    time_limit=None,
    stock_end=StockEnd.RESHUFFLE,
    reshuffles=1,
    turn_limit=300,
    scoring=Scoring.PENALTY,
    piece_values=PieceValues.CARDS_ACE_1,
    joker_penalty=15,
    match_rounds=None,
    match_target=100,
    match_elimination=True,
)
"""Profile D: standard rummy with one 52-card deck (two from five players), no jokers, ace
low. Draw from the stock or the discard pile, lay down melds and lay off cards (never
rearranging the table), then discard; groups ignore suits. The winner scores 0, the others
their hand (A 1, 2-10 face, J/Q/K 10, joker 15); a player past 100 leaves the match, and the
last one left wins."""


class ProfileRegistry:
    """Profiles by name, with aliases. The module-level functions use one shared registry."""

    def __init__(self) -> None:
        self._profiles: dict[str, RuleProfile] = {}
        self._aliases: dict[str, str] = {}
        self._entry_points_loaded = False

    def register(
        self, profile: RuleProfile, *, aliases: Iterable[str] = (), replace: bool = False
    ) -> None:
        """Make ``profile`` available under its name and ``aliases``.

        Registering a name or alias that is already taken raises
        :class:`~rummikit.InvalidArgument` (code ``name_taken``) unless ``replace`` is true;
        even then an alias may not take another profile's own name (that profile would be
        listed but out of reach). Names are compared as :func:`~rummikit.profile.name_key`
        does, without case and with ``-`` and ``_`` alike. An alias follows the rule of a
        profile's name (:func:`~rummikit.profile.name_problem`: ASCII letters, digits,
        ``_``, ``-`` and ``.``; ``bad_profile_name``); ``aliases`` is a list of names
        (``bad_aliases``), ``replace`` True or False (``bad_replace``).

        A profile marked as modified (:attr:`~rummikit.RuleProfile.modified_from`: a house
        rule that kept its parent's name) is registered without the mark, as an equal copy:
        registered, it is what its name says.
        """
        if not isinstance(profile, RuleProfile):
            raise InvalidArgument("not_a_profile", f"expected a RuleProfile, not {brief(profile)}")
        if type(replace) is not bool:
            raise InvalidArgument("bad_replace", f"replace is True or False, not {brief(replace)}")
        if isinstance(aliases, str) or not isinstance(aliases, Iterable):
            raise InvalidArgument(
                "bad_aliases", f"aliases is a list of names, not {brief(aliases)}"
            )
        aliases = list(aliases)
        for alias in aliases:
            if not isinstance(alias, str):
                raise InvalidArgument(
                    "bad_aliases", f"an alias is a name (a str), not {brief(alias)}"
                )
            problem = name_problem(alias)
            if problem is not None:
                raise InvalidArgument("bad_profile_name", f"an alias is a name: {problem}")
        key = name_key(profile.name)
        keys = [key, *(name_key(alias) for alias in aliases)]
        for name in keys[1:]:
            if name != key and name in self._profiles:
                raise InvalidArgument(
                    "name_taken", f"{name!r} is the name of another profile; it cannot be an alias"
                )
        if not replace:
            for name in keys:
                if name in self._aliases and self._aliases[name] != key:
                    raise InvalidArgument(
                        "name_taken", f"{name!r} already names profile {self._aliases[name]!r}"
                    )
            if key in self._profiles and self._profiles[key] != profile:
                raise InvalidArgument(
                    "name_taken", f"a different profile is already registered as {key!r}"
                )
        if profile.modified_from is not None:
            profile = attrs.evolve(profile)  # the options only: an equal, unmarked profile
        self._profiles[key] = profile
        for name in keys:
            self._aliases[name] = key

    def get(self, name: str | RuleProfile) -> RuleProfile:
        """The profile called ``name`` (or alias); a profile given is returned as it is."""
        if isinstance(name, RuleProfile):
            return name
        if not isinstance(name, str):
            raise InvalidArgument("bad_profile_name", f"a profile name is a str, not {brief(name)}")
        key = name_key(name)
        if key not in self._aliases:
            self._load_entry_points()
        if key not in self._aliases:
            raise UnknownProfile(name, self.names())
        return self._profiles[self._aliases[key]]

    def names(self) -> tuple[str, ...]:
        """The registered profiles' own names (not aliases), as each profile spells its
        name, in registration order."""
        self._load_entry_points()
        return tuple(profile.name for profile in self._profiles.values())

    def aliases(self, name: str) -> tuple[str, ...]:
        """Every name the profile called ``name`` answers to: its own first, as it spells
        it, then its aliases (as they are compared: lower case, ``_`` for spaces and ``-``)."""
        own = self.get(name).name
        target = name_key(own)
        return (own, *(a for a, k in self._aliases.items() if k == target and a != target))

    def _load_entry_points(self) -> None:
        if self._entry_points_loaded:
            return
        self._entry_points_loaded = True
        import importlib.metadata  # here, not at import: it costs a third of `import rummikit`

        # by name, not in the order the packages are found on disk (which differs between
        # machines), so that where two claim one name the same one wins everywhere
        found = importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)
        for entry_point in sorted(found, key=lambda point: (point.name, point.value)):
            try:
                loaded = entry_point.load()
                profile = loaded() if callable(loaded) else loaded
            except Exception as error:  # a broken plug-in must not break the library
                _warn_entry_point(entry_point.name, error)
                continue
            try:
                self.register(profile, aliases=[entry_point.name])  # found by either name
            except RummikitError as error:  # not a profile, or a name already taken
                _warn_entry_point(entry_point.name, error)


def _warn_entry_point(name: str, error: Exception) -> None:
    warnings.warn(
        f"rummikit: could not load profile entry point {name!r}: {error}",
        RuntimeWarning,
        stacklevel=_outside_level(),
    )


def _outside_level() -> int:
    """The ``stacklevel`` that points a warning raised by this function's caller at the
    first frame outside rummikit: the program's line that asked for a profile."""
    package = os.path.dirname(os.path.abspath(__file__))
    frame = sys._getframe(1)
    level = 1
    while frame.f_back is not None and frame.f_code.co_filename.startswith(package):
        frame = frame.f_back
        level += 1
    return level


_REGISTRY = ProfileRegistry()
_REGISTRY.register(ONLINE, aliases=("rummi", "online_rummi"))
_REGISTRY.register(PAGAT, aliases=("classic", "sabra", "rummikub"))
_REGISTRY.register(RAMI_VOLEUR, aliases=("rami", "rami_chinois", "ramio"))
_REGISTRY.register(STANDARD_RUMMY, aliases=("rummy", "basic_rummy", "straight_rummy"))


def get(name: str | RuleProfile) -> RuleProfile:
    """The registered profile called ``name``, case-insensitively, aliases included.

    Raises :class:`~rummikit.UnknownProfile` (code ``unknown_profile``) listing the known
    names when there is none.
    """
    return _REGISTRY.get(name)


def names() -> tuple[str, ...]:
    """The names of the registered profiles, built-in ones first."""
    return _REGISTRY.names()


def register(profile: RuleProfile, *, aliases: Iterable[str] = (), replace: bool = False) -> None:
    """Register ``profile`` (and ``aliases``) in the shared registry. See :class:`ProfileRegistry`."""
    _REGISTRY.register(profile, aliases=aliases, replace=replace)
