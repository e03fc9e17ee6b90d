"""Computer players: a small protocol and four built-in bots that play every profile.

A :class:`Bot` is given a :class:`~rummikit.PlayerView` (everything its seat may know, and
nothing more) and returns the :class:`~rummikit.Action` it takes. It never sees the game
itself, so a bot cannot peek at another rack or at the stock, and the same bot can play
behind a server that only sends views.

>>> import random
>>> import rummikit as rk
>>> from rummikit.bots import GreedyBot, RandomBot
>>> game = rk.Game.new("pagat", players=2, seed=7)
>>> bots = [GreedyBot(), RandomBot(random.Random(1))]
>>> action = bots[game.current_player].choose(game.view(game.current_player))
>>> game.apply(action).turn
1

The built-in bots, by registry name (:func:`make_bot`, :func:`bot_names`):

``"random"``
    :class:`RandomBot`: any legal play it finds, chosen at random; else draws or passes.
``"greedy"``
    :class:`GreedyBot`: the play that lays the most tiles now.
``"strategic"``
    :class:`StrategicBot`: goes out when it can; else plays the best play but keeps back
    jokers and a few pieces it can lay later, to lay them rather than draw.
``"simple"``
    :class:`SimpleBot`: the biggest simple play (new melds, one-tile lay-offs), never
    rearranging the table; fast, as it never calls the solver.

Where plays come from: the greedy and strategic bots ask the solver
(:func:`rummikit.solve`, which rearranges the whole table); when a budget cuts its
search short they keep the better of its play and the best of
:func:`rummikit.moves.simple_plays` (new melds from the rack and single-tile lay-offs).
:func:`best_play` is that choice, usable on its own as a hint.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

import attrs

from rummikit import profiles as _profiles
from rummikit._discard_bots import discard_choice, planned_turn, random_turn
from rummikit.actions import Action, Discard, Draw, Pass, Play
from rummikit.errors import InvalidArgument, brief
from rummikit.game import Phase, PlayerView
from rummikit.judge import judge_turn
from rummikit.meld import Meld
from rummikit.moves import simple_plays
from rummikit.notation import TableLike, TilesLike
from rummikit.options import TurnStructure
from rummikit.pieces import Tile
from rummikit.profile import RuleProfile
from rummikit.solver import Objective, check_options, checked_position, solve_checked
from rummikit.table import TableState

__all__ = [
    "DEFAULT_BUDGET",
    "ENDGAME_BUDGET",
    "Bot",
    "BotFactory",
    "GreedyBot",
    "Objective",
    "RandomBot",
    "SimpleBot",
    "StrategicBot",
    "best_play",
    "bot_factory",
    "bot_names",
    "make_bot",
    "no_play",
    "register_bot",
]

DEFAULT_BUDGET = 5_000
"""How far the greedy and strategic bots let the solver search per move, in its steps.

Most positions are solved exactly well within it; the largest (a full table and a long rack)
get the best play found. A step takes about
:data:`~rummikit.solver._budget.MICROSECONDS_PER_STEP` microseconds (see :doc:`/solver`), so
a solve stays within about 15 ms of CPU time on the project's machine, and a bot's choice
(at most three solves, see :class:`StrategicBot`) near 100 ms at most: on 1,815 positions
of seeded games of every profile and house-rule variant, the strategic bot's choices took
67 ms at the p99 and 105 ms at most (``benchmarks/bench_choices.py``, see :doc:`/solver`). It counts work, not time, so it never makes a simulation
depend on the machine. Pass ``budget=None`` to a bot for exact play.
"""

ENDGAME_BUDGET = 4 * DEFAULT_BUDGET
"""The strategic bot's budget for a second look near the end (see :class:`StrategicBot`)."""


@runtime_checkable
class Bot(Protocol):
    """A player: given what its seat may see, choose an action.

    ``choose`` is called only when the bot's seat is the current player and the round is not
    over. It must return an action that is legal for ``view``; a simulation turns an illegal
    one into :class:`~rummikit.GiveUp` (the profile's failure penalty).

    A view may come from elsewhere than :meth:`~rummikit.Game.view` (a server building
    them), so the built-in bots read it as :func:`~rummikit.solve` reads its input:
    the profile may be a registered name, the table and the rack values or notation. A view
    that cannot be read raises :class:`~rummikit.InvalidArgument`: ``not_a_view``,
    ``bad_view`` (a seat that is not among ``opened`` and ``rack_sizes``, a flag that is not
    a bool, a phase that is not a :class:`~rummikit.Phase`), or the code ``solve`` gives
    (``not_a_profile``, ``not_a_tile``, ``not_in_deck``, ``invalid_table``, ...).
    """

    def choose(self, view: PlayerView) -> Action:
        """The action to take in the position ``view`` shows."""
        ...


BotFactory = Callable[[random.Random], Bot]
"""Makes a bot for one seat of one game from a generator seeded for that seat.

Every built-in bot class is a factory (``RandomBot(rng)``). A factory given to
:func:`rummikit.simulate` with an executor must be picklable: a class or function
defined at the top level of an importable module.
"""


def _check_rng(rng: object) -> None:
    """Refuse a generator that is not a :class:`random.Random`, before a bot uses it."""
    if rng is not None and not isinstance(rng, random.Random):
        raise InvalidArgument(
            "bad_rng", f"rng is a random.Random, or None for fresh entropy; not {brief(rng)}"
        )


def _check_option(bot: str, name: str, value: object, low: int, *, none: bool = False) -> None:
    """Refuse a bot option that is not a whole number from ``low`` (or None, if allowed)."""
    if (none and value is None) or (type(value) is int and value >= low):
        return
    allowed = f"None or a whole number from {low}" if none else f"a whole number from {low}"
    raise InvalidArgument("bad_bot_option", f"{bot}: {name} is {allowed}, not {brief(value)}")


def _inputs(
    profile: RuleProfile | str, table: TableLike, rack: TilesLike, opened: bool
) -> tuple[RuleProfile, TableState, tuple[Tile, ...]]:
    """Profile, table and rack as values, checked as :func:`~rummikit.solve` checks
    them, so every path of :func:`best_play` and every bot takes the same input."""
    profile, before, pieces = checked_position(profile, table, rack, opened)
    return profile, before, tuple(pieces)


def _bad_view(message: str) -> InvalidArgument:
    return InvalidArgument("bad_view", f"the view does not add up: {message}")


def _read_view(view: PlayerView) -> PlayerView:
    """``view`` checked, with its profile, table and rack as values.

    :class:`~rummikit.PlayerView` checks nothing itself (a server may build one), so the
    built-in bots check what they use here, rather than fail on it halfway through a move.
    """
    if not isinstance(view, PlayerView):
        raise InvalidArgument("not_a_view", f"a bot chooses from a PlayerView, not {brief(view)}")
    opened, sizes = view.opened, view.rack_sizes
    if isinstance(opened, str) or not isinstance(opened, Sequence) or not opened:
        raise _bad_view(f"opened is one bool per seat, not {brief(opened)}")
    if any(type(flag) is not bool for flag in opened):
        raise _bad_view(f"opened holds one bool per seat, not {brief(opened)}")
    if (
        isinstance(sizes, str)
        or not isinstance(sizes, Sequence)
        or len(sizes) != len(opened)
        or any(type(size) is not int or size < 0 for size in sizes)
    ):
        raise _bad_view(
            f"rack_sizes is one count per seat ({len(opened)} seats in opened), not {brief(sizes)}"
        )
    if type(view.player) is not int or not 0 <= view.player < len(opened):
        raise _bad_view(f"seats are 0 to {len(opened) - 1}; the player is {brief(view.player)}")
    if type(view.stock_size) is not int or view.stock_size < 0:
        raise _bad_view(f"stock_size is a whole number from 0, not {brief(view.stock_size)}")
    if not isinstance(view.phase, Phase):
        raise _bad_view(f"phase is a rummikit.Phase, not {brief(view.phase)}")
    if view.phase is Phase.OVER:
        raise _bad_view("the round is over: there is nothing to choose")
    if view.current_player != view.player:
        raise _bad_view(
            f"it is seat {brief(view.current_player)}'s turn, not this view's seat "
            f"{view.player}: a bot chooses on its own turn"
        )
    profile, table, rack = _inputs(view.profile, view.table, view.rack, opened[view.player])
    return attrs.evolve(
        view,
        profile=profile,
        table=table,
        rack=rack,
        opened=tuple(opened),
        rack_sizes=tuple(sizes),
    )


def _played(before: TableState, after: TableState) -> Counter[Tile]:
    return after.tiles - before.tiles


def _points(profile: RuleProfile, tiles: Counter[Tile]) -> int:
    return sum(profile.piece_value(tile) * count for tile, count in tiles.items())


def _key(profile: RuleProfile, objective: Objective, played: Counter[Tile]) -> tuple[int, int]:
    count, points = sum(played.values()), _points(profile, played)
    return (count, points) if objective == "tiles" else (points, count)


def _fallback(
    profile: RuleProfile,
    table: TableState,
    rack: tuple[Tile, ...],
    opened: bool,
    objective: Objective,
    beat: tuple[int, int] = (0, 0),
) -> TableState | None:
    """The best of :func:`~rummikit.moves.simple_plays` scoring more than ``beat`` (its
    :func:`_key`), or None; the first found wins ties.

    The simple plays come biggest first, so for the objective ``"tiles"`` the listing stops
    at the first play laying fewer tiles than the best so far: no later one lays more, and
    the judge, which checks each, is most of the cost (tens of milliseconds where the table
    may not be rearranged)."""
    best: TableState | None = None
    best_key = beat
    for candidate in simple_plays(profile, table, rack, opened):
        key = _key(profile, objective, _played(table, candidate))
        if objective == "tiles" and key[0] < best_key[0]:
            break
        if key > best_key:
            best, best_key = candidate, key
    return best


def best_play(
    profile: RuleProfile | str,
    table: TableLike,
    rack: TilesLike,
    *,
    opened: bool,
    objective: Objective = "tiles",
    budget: int | None = None,
    use_solver: bool = True,
    keep_table: bool = True,
) -> TableState | None:
    """The table after the best play found for ``rack``, or None when none is found.

    ``objective="tiles"`` lays the most tiles; ``"points"`` sheds the most penalty points
    (a joker counts its penalty value), which gets rid of high tiles and jokers first.

    This is the solver's answer, which may rearrange the whole table: exact, or with a
    ``budget`` (in the solver's steps) the best it finds within it, or the best simple play
    if that is better. ``use_solver=False`` asks for the best of
    :func:`~rummikit.moves.simple_plays` instead: new melds from the rack and single-tile
    lay-offs. Either way the play passes :meth:`~rummikit.RuleProfile.check_turn`.
    ``keep_table`` is passed to :func:`~rummikit.solve`: the built-in bots set it
    to False (how the table is arranged after an equally good play does not matter to
    them, and skipping the tie-break saves time).

    Both ways take what :func:`~rummikit.solve` takes (a profile name, notation for
    the table and the rack) and refuse what it refuses, with the same codes.
    """
    objective = check_options(objective, budget, keep_table)
    if not isinstance(use_solver, bool):
        raise InvalidArgument(
            "bad_use_solver", f"use_solver is True or False, not {brief(use_solver)}"
        )
    profile, before, pieces = _inputs(profile, table, rack, opened)
    return _best_play(profile, before, pieces, opened, objective, budget, use_solver, keep_table)


def _best_play(
    profile: RuleProfile,
    before: TableState,
    pieces: tuple[Tile, ...],
    opened: bool,
    objective: Objective,
    budget: int | None,
    use_solver: bool,
    keep_table: bool,
) -> TableState | None:
    """:func:`best_play` on input already checked (by it, or by a bot's :func:`_read_view`)."""
    if not use_solver:
        return _fallback(profile, before, pieces, opened, objective)
    solution = solve_checked(
        profile,
        before,
        pieces,
        opened=opened,
        objective=objective,
        budget=budget,
        keep_table=keep_table,
    )
    if solution is not None and solution.optimal:
        return solution.table
    # Cut short by the budget: keep the better of what it found and the simple plays.
    if solution is None:
        return _fallback(profile, before, pieces, opened, objective)
    found = _key(profile, objective, _played(before, solution.table))
    simple = _fallback(profile, before, pieces, opened, objective, beat=found)
    return solution.table if simple is None else simple


def no_play(view: PlayerView) -> Action:
    """What to do without playing: draw while drawing is allowed, else pass; in a
    draw-and-discard turn, discard (:func:`~rummikit._discard_bots.discard_choice`)."""
    if not isinstance(view, PlayerView):
        raise InvalidArgument("not_a_view", f"expected a PlayerView, not {brief(view)}")
    if view.phase in (Phase.PLAY_OR_DISCARD, Phase.DISCARD):
        return Discard(discard_choice(view.profile, view.rack, view.taken))
    return Pass() if view.phase is Phase.PLAY_OR_PASS else Draw()


class RandomBot:
    """Plays any legal play it finds (among :func:`~rummikit.moves.simple_plays`), chosen
    at random; draws or passes when it finds none. Seeded by the generator it is given;
    without one it draws fresh entropy, so two such bots choose independently."""

    def __init__(self, rng: random.Random | None = None) -> None:
        _check_rng(rng)
        self.rng = random.Random() if rng is None else rng

    def choose(self, view: PlayerView) -> Action:
        """A random legal play, else a draw or a pass."""
        view = _read_view(view)
        if view.profile.has_discard_pile:
            return random_turn(view, self.rng)
        if view.phase is Phase.DRAW:
            return Draw()
        opened = view.opened[view.player]
        plays = list(simple_plays(view.profile, view.table, view.rack, opened))
        if not plays:
            return no_play(view)
        return Play(self.rng.choice(plays))

    def __repr__(self) -> str:
        return "RandomBot()"


class GreedyBot:
    """Plays the best play now (most tiles laid, see :func:`best_play`); else draws or passes.

    ``budget`` bounds the solver's search per move (see :data:`DEFAULT_BUDGET`; None for
    the exact best play). :class:`SimpleBot`, its subclass, keeps to simple plays instead
    (the class attribute ``use_solver``).
    ``rng`` is accepted so the class is a :data:`BotFactory`; the bot is deterministic.
    """

    use_solver = True

    def __init__(
        self, rng: random.Random | None = None, *, budget: int | None = DEFAULT_BUDGET
    ) -> None:
        _check_rng(rng)
        _check_option(type(self).__name__, "budget", budget, 1, none=True)
        self.budget = budget

    def choose(self, view: PlayerView) -> Action:
        """The play laying the most tiles, else a draw or a pass."""
        view = _read_view(view)
        if view.profile.has_discard_pile:
            return planned_turn(view, self._best)
        if view.phase is Phase.DRAW:
            return Draw()
        opened = view.opened[view.player]
        table = _best_play(
            view.profile,
            view.table,
            view.rack,
            opened,
            "tiles",
            self.budget,
            self.use_solver,
            keep_table=False,
        )
        return no_play(view) if table is None else Play(table)

    def _best(self, view: PlayerView, rack: tuple[Tile, ...]) -> TableState | None:
        """The table after the best play of ``rack`` in ``view`` (already checked)."""
        opened = view.opened[view.player]
        return _best_play(
            view.profile, view.table, rack, opened, "tiles", self.budget, self.use_solver, False
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}(budget={self.budget})"


class SimpleBot(GreedyBot):
    """Plays the simple play laying the most tiles: new melds from its rack, or one tile
    added to a meld on the table; it never rearranges the table. A beginner's game, and the
    fastest bot, as it never calls the solver: good for large quick simulations."""

    use_solver = False


def _without(table: TableState, index: int, meld: Meld | None) -> TableState:
    """``table`` with its meld ``index`` replaced by ``meld`` (dropped when None)."""
    melds = list(table.melds)
    if meld is None:
        del melds[index]
    else:
        melds[index] = meld
    return TableState(melds)


def _held_back(
    profile: RuleProfile,
    before: TableState,
    rack: tuple[Tile, ...],
    after: TableState,
    opened: bool,
    limit: int,
) -> TableState:
    """``after`` with up to ``limit`` rack pieces kept back that can still be laid later.

    A piece is kept back when it can be taken off the end of a run, or out of a group, and
    leave every meld valid; or when a whole meld made of rack pieces can be left out. The
    play must stay legal (an opening still opens) and lay at least one piece. The cheapest
    pieces (by penalty) are kept first, never a joker. Only the rack's pieces can go back
    (the judge refuses a table piece leaving the table), so only those are tried.
    """
    kept = 0
    while kept < limit:
        best: tuple[int, int, TableState] | None = None
        played = _played(before, after)
        for index, meld in enumerate(after.melds):
            tiles = meld.tiles
            if any(tile.is_joker for tile in tiles):
                continue
            options: list[tuple[Tile, ...]] = [()]
            if len(tiles) > profile.min_meld_length:
                options += [tiles[1:], tiles[:-1]]
            for left in options:
                size = len(tiles) - len(left)
                if kept + size > limit:
                    continue
                if Counter(tiles) - Counter(left) - played:
                    continue  # a table piece would leave the table
                trial = _without(after, index, Meld(left, meld.kind) if left else None)
                if left and not profile.is_valid_meld(trial.melds[index]):
                    continue
                if not judge_turn(profile, before, rack, trial, opened).ok:
                    continue
                cost = _points(profile, after.tiles - trial.tiles)
                if best is None or (cost, size) < best[:2]:
                    best = (cost, size, trial)
        if best is None:
            return after
        kept += best[1]
        after = best[2]
    return after


class StrategicBot:
    """A simple strategy a good player would use, on top of :class:`GreedyBot`'s search.

    The greedy player lays everything it can, then draws turn after turn until the stock
    brings it something. A good player lays what it needs to, and keeps the rest working:

    * **Go out whenever possible**: a play that empties the rack is always taken. With at
      most ``endgame_rack`` pieces left, a play that does not go out is searched again with
      ``endgame_budget``: near the end, a way out missed by a short search loses the round.
    * **Keep a reserve.** Of the best play, up to ``reserve`` pieces that can be laid just
      as well later (the end of a run of four or more, a group's fourth piece, a whole meld
      of rack pieces, cheapest first, never a joker) are kept back, as long as something is
      still laid; on a later turn with nothing else to lay, one of them is laid instead of
      drawing. That saves a draw only where a turn is play *or* draw: where every turn starts
      with a draw (rami voleur) it saves nothing, so ``reserve=None`` (the default) means 0
      there and 3 elsewhere.
    * **Keep the jokers** until they are worth it: a rack joker is laid only if the play
      lays at least ``joker_gain`` more pieces with jokers than without (a joker and two
      pieces making a meld), or if nothing else can be laid (the joker is the last reserve).
      On the rack a joker fits almost any meld later; on the table it helps the opponents.
    * **Hold a small opening** (fewer than ``open_min_tiles`` pieces), but not for long: it
      opens anyway once its rack reaches ``hand_size + patience`` pieces, or when it is late.
    * **Dump when it is late**: once an opponent is down to ``danger`` pieces or the stock
      to ``late_stock``, it keeps nothing back and lays the most pieces it can, the highest
      on ties: the round may end any time, and what is left on the rack is scored.

    ``budget`` bounds the solver's search per move, as for :class:`GreedyBot`; a choice
    runs at most three searches (the best play, the second look near the end with
    ``endgame_budget``, the best play without its jokers), so the defaults keep it to about
    a tenth of a second (see :data:`DEFAULT_BUDGET`). ``rng`` is
    accepted so the class is a :data:`BotFactory`; the bot is deterministic. Against the
    greedy bot at the default budget, in two-player rounds, it wins 52.2% at online, 50.4%
    at pagat and 57.1% at rami voleur (800 rounds each, about ±3.5%; measured by
    ``benchmarks/bench_bots.py``): a small edge. With the solver on both sides, the draws
    decide most rounds.
    """

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        budget: int | None = DEFAULT_BUDGET,
        open_min_tiles: int = 4,
        patience: int = 1,
        late_stock: int = 20,
        danger: int = 5,
        reserve: int | None = None,
        joker_gain: int = 3,
        endgame_rack: int = 6,
        endgame_budget: int | None = ENDGAME_BUDGET,
    ) -> None:
        _check_rng(rng)
        for name, value, low in (
            ("open_min_tiles", open_min_tiles, 0),
            ("patience", patience, 0),
            ("late_stock", late_stock, 0),
            ("danger", danger, 0),
            ("joker_gain", joker_gain, 0),
            ("endgame_rack", endgame_rack, 0),
        ):
            _check_option("StrategicBot", name, value, low)
        _check_option("StrategicBot", "budget", budget, 1, none=True)
        _check_option("StrategicBot", "endgame_budget", endgame_budget, 1, none=True)
        _check_option("StrategicBot", "reserve", reserve, 0, none=True)
        self.endgame_rack = endgame_rack
        self.endgame_budget = endgame_budget
        self.budget = budget
        self.open_min_tiles = open_min_tiles
        self.patience = patience
        self.late_stock = late_stock
        self.danger = danger
        self.reserve = reserve
        self.joker_gain = joker_gain

    def reserve_for(self, profile: RuleProfile | str) -> int:
        """The pieces kept back under ``profile``: ``reserve``, or its per-profile default."""
        profile = _profiles.get(profile)
        if self.reserve is not None:
            return self.reserve
        return 0 if profile.turn_structure is TurnStructure.DRAW_THEN_PLAY else 3

    def _late(self, view: PlayerView) -> bool:
        others = [size for seat, size in enumerate(view.rack_sizes) if seat != view.player]
        return view.stock_size <= self.late_stock or any(size <= self.danger for size in others)

    def _best(
        self, view: PlayerView, rack: tuple[Tile, ...], opened: bool, budget: int | None = -1
    ) -> TableState | None:
        budget = self.budget if budget == -1 else budget
        # the view was read and checked by choose (_read_view): no second check
        return _best_play(view.profile, view.table, rack, opened, "tiles", budget, True, False)

    def choose(self, view: PlayerView) -> Action:
        """Go out if possible; else the best play, keeping jokers and a reserve back."""
        view = _read_view(view)
        if view.profile.has_discard_pile:
            return planned_turn(view, lambda v, rack: self._best(v, rack, v.opened[v.player]))
        if view.phase is Phase.DRAW:
            return Draw()
        profile, table, rack = view.profile, view.table, view.rack
        opened = view.opened[view.player]
        play = self._best(view, rack, opened)
        if play is None:
            return no_play(view)
        laid = sum(_played(table, play).values())
        if laid < len(rack) <= self.endgame_rack and self.endgame_budget != self.budget:
            deeper = self._best(view, rack, opened, self.endgame_budget)
            more = 0 if deeper is None else sum(_played(table, deeper).values())
            if deeper is not None and more > laid:
                play, laid = deeper, more
        if laid == len(rack):
            return Play(play)
        late = self._late(view)
        small = not opened and laid < self.open_min_tiles
        if small and not late and len(rack) < profile.hand_size + self.patience:
            return no_play(view)
        if not late:
            play = self._keep_jokers(view, play, laid)
            play = _held_back(profile, table, rack, play, opened, self.reserve_for(profile))
        return Play(play)

    def _keep_jokers(self, view: PlayerView, play: TableState, laid: int) -> TableState:
        """``play``, or the best play without rack jokers if the jokers add too little."""
        table, rack = view.table, view.rack
        if not view.opened[view.player] or not any(t.is_joker for t in _played(table, play)):
            return play
        plain = tuple(tile for tile in rack if not tile.is_joker)
        without = self._best(view, plain, True) if plain else None
        if without is None or laid - sum(_played(table, without).values()) >= self.joker_gain:
            return play
        return without

    def __repr__(self) -> str:
        return (
            f"StrategicBot(budget={self.budget}, open_min_tiles={self.open_min_tiles}, "
            f"patience={self.patience}, late_stock={self.late_stock}, danger={self.danger}, "
            f"reserve={self.reserve}, joker_gain={self.joker_gain}, "
            f"endgame_rack={self.endgame_rack}, endgame_budget={self.endgame_budget})"
        )


_FACTORIES: dict[str, BotFactory] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "strategic": StrategicBot,
    "simple": SimpleBot,
}


def bot_names() -> tuple[str, ...]:
    """The registered bot names, built-in ones first."""
    return tuple(_FACTORIES)


def register_bot(name: str, factory: BotFactory, *, replace: bool = False) -> None:
    """Register ``factory`` under ``name`` for :func:`make_bot` and simulations.

    Simulations run through an executor look names up in the worker, so register custom
    bots at import time of a module the workers import too (or pass the factory itself).
    A name already taken raises :class:`~rummikit.InvalidArgument` (``name_taken``) unless
    ``replace`` is true.
    """
    if not isinstance(name, str) or not name.strip():
        raise InvalidArgument("bad_bot_name", f"a bot name is a non-empty str, not {brief(name)}")
    if "," in name:  # the command line splits bot names on commas
        raise InvalidArgument("bad_bot_name", f"a bot name holds no comma: {brief(name)}")
    if not callable(factory):
        raise InvalidArgument("not_a_bot_factory", f"expected a callable, not {brief(factory)}")
    if not isinstance(replace, bool):
        raise InvalidArgument("bad_replace", f"replace is True or False, not {brief(replace)}")
    key = name.strip().lower()
    if key in _FACTORIES and not replace and _FACTORIES[key] is not factory:
        raise InvalidArgument("name_taken", f"a bot is already registered as {brief(key)}")
    _FACTORIES[key] = factory


def bot_factory(name: str) -> BotFactory:
    """The factory registered as ``name`` (case-insensitive).

    Raises :class:`~rummikit.InvalidArgument` (``unknown_bot``) listing the known names.
    """
    if not isinstance(name, str):
        raise InvalidArgument("bad_bot_name", f"a bot name is a str, not {brief(name)}")
    factory = _FACTORIES.get(name.strip().lower())
    if factory is None:
        raise InvalidArgument(
            "unknown_bot", f"no bot is called {brief(name)}; known bots: {', '.join(_FACTORIES)}"
        )
    return factory


def make_bot(name: str, rng: random.Random | None = None) -> Bot:
    """A new bot of the kind registered as ``name``, seeded by ``rng``.

    A bot given a generator repeats its choices when given one seeded alike; without one it
    gets a generator of fresh entropy (``random.Random()``), so two unseeded bots choose
    independently. Simulations give every seat a generator seeded from the game's seed
    (:func:`rummikit.simulation.bot_rng`), so their games replay. ``rng`` that is not a
    :class:`random.Random` raises :class:`~rummikit.InvalidArgument` (``bad_rng``) here,
    not in the bot's first move.
    """
    factory = bot_factory(name)
    _check_rng(rng)
    return factory(random.Random() if rng is None else rng)
