"""A round of play as an immutable value: deal, turns, penalties, the end and the scores.

``Game.new(profile, players=4, seed=7)`` deals; ``game.apply(action)`` returns the next game
or raises :class:`~rummikit.IllegalAction` and leaves the game as it was. Randomness is used
only to pick the first player and shuffle the deck, from a generator seeded per game, so a
seed and the list of actions replay a game exactly.

Every round ends. In play-or-draw games each turn plays rack tiles, draws from the stock or
passes, and passes are allowed only when the stock is empty or nothing can be drawn; a full
round of turns in which nobody played or drew ends the round as blocked. Where a draw is
mandatory, each turn takes a piece from the stock until it runs out.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

import attrs

from rummikit import profiles as _profiles
from rummikit.actions import Action, Draw, GiveUp, Pass, Play, Timeout
from rummikit.errors import InvalidArgument, brief
from rummikit.judge import codes_of, judge_turn
from rummikit.notation import TableLike, TilesLike, as_table, as_tiles
from rummikit.options import FirstPlayer, StockEnd, TurnStructure
from rummikit.pieces import Tile, sort_tiles
from rummikit.profile import RuleProfile
from rummikit.scoring import settle_round
from rummikit.table import TableState
from rummikit.verdict import IllegalAction, Verdict, Violation

__all__ = ["Game", "Outcome", "Phase", "PlayerView", "Position", "Termination"]


class Phase(enum.Enum):
    """What the current player may do now."""

    PLAY_OR_DRAW = "play_or_draw"
    """Play, or draw a piece (which ends the turn)."""
    DRAW = "draw"
    """Draw a piece: the mandatory first step of the turn."""
    PLAY_OR_PASS = "play_or_pass"
    """Play, or pass: after the mandatory draw, or when the stock is empty."""
    OVER = "over"
    """The round is over; see :attr:`Game.outcome`."""


class Termination(enum.Enum):
    """How a round ended."""

    WENT_OUT = "went_out"
    """A player laid their last piece."""
    BLOCKED = "blocked"
    """Nobody played or drew for a full round of turns (the stock was empty)."""
    STOCK_EXHAUSTED = "stock_exhausted"
    """A player had to draw from the empty stock (rami voleur: no winner)."""


@attrs.frozen
class Outcome:
    """How a round ended, who won (none, one, or several sharing a win) and each seat's score."""

    termination: Termination
    winners: tuple[int, ...]
    scores: tuple[int, ...]

    def __attrs_post_init__(self) -> None:
        scores, winners = self.scores, self.winners
        if not (
            isinstance(self.termination, Termination)
            and isinstance(scores, tuple)
            and all(type(points) is int for points in scores)
            and isinstance(winners, tuple)
            and all(type(seat) is int and 0 <= seat < len(scores) for seat in winners)
        ):
            raise InvalidArgument(
                "bad_outcome",
                "an Outcome holds a Termination, the winners' seats and a score per seat",
            )

    @property
    def winner(self) -> int | None:
        """The single winner, or None when nobody won or the win is shared."""
        return self.winners[0] if len(self.winners) == 1 else None


MAX_SEED_DIGITS = 4_000
"""The longest seed a game, a match or a simulation takes, in digits: the most a saved
record holds (see :data:`rummikit.record.MAX_SEED_DIGITS`)."""
SEED_LIMIT = 10**MAX_SEED_DIGITS
"""The first seed too large: seeds lie in ``range(SEED_LIMIT)``."""

MAX_ACTIONS = 10_000
"""The most actions a game can take, a saved record hold, or a simulated game play.

A deck holds at most 216 pieces (four copies of 52, and eight jokers). Pieces only ever
move from the stock to a rack and from a rack to the table, and every turn that makes
progress moves at least one, so at most 432 turns make progress. A round ends after a full
round of turns without progress (at most 8 players), so at most 7 idle turns follow each of
them, and 8 end the round. A turn is at most two actions (a mandatory draw, then a play or a
pass), so a game has fewer than 4,000 actions; the bound leaves room for rule changes.
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


def _whole(value: object) -> bool:
    """Whether ``value`` is a whole number from 0 (not a bool)."""
    return type(value) is int and value >= 0


@attrs.frozen
class Position:
    """A position to start a game from: table, racks, stock (next draw first), who plays,
    and who has opened."""

    table: TableState
    racks: tuple[tuple[Tile, ...], ...]
    stock: tuple[Tile, ...]
    current_player: int
    opened: tuple[bool, ...]


@attrs.frozen(repr=False)
class PlayerView:
    """Everything one player may know: never another rack, never the order of the stock.

    Its repr is short: the player, the turn, who is to do what, the rack sizes, the stock
    and the table's notation cut after about 60 characters (the fields hold the rest).
    """

    player: int
    rack: tuple[Tile, ...]
    table: TableState
    rack_sizes: tuple[int, ...]
    stock_size: int
    current_player: int
    phase: Phase
    opened: tuple[bool, ...]
    turn: int
    outcome: Outcome | None
    profile: RuleProfile

    def __repr__(self) -> str:
        # a view may be built by a host with anything in its fields: the repr never fails
        name = getattr(self.profile, "name", self.profile)
        return (
            f"<PlayerView for player {brief(self.player)}, {brief(name)} turn {brief(self.turn)}, "
            f"{_state(self.phase, self.current_player, self.outcome)}, "
            f"{_sizes(self.rack_sizes, self.stock_size)}, {_table_shown(self.table)}>"
        )


_TO_DO = {
    Phase.PLAY_OR_DRAW: "to play or draw",
    Phase.DRAW: "to draw",
    Phase.PLAY_OR_PASS: "to play or pass",
}

_SHOWN_TABLE = 60
"""How much of the table's notation a game's or a view's repr shows, in characters: the
melds that fit (at least one), then how many more there are."""


def _state(phase: object, current: object, outcome: object) -> str:
    """Who is to do what, for a repr: ``player 1 to play or draw``, ``over (blocked)``."""
    if isinstance(outcome, Outcome):
        return f"over ({outcome.termination.value.replace('_', ' ')})"
    to_do = _TO_DO.get(phase, brief(phase)) if isinstance(phase, Phase) else brief(phase)
    return f"player {brief(current)} {to_do}"


def _sizes(racks: object, stock: object) -> str:
    """The rack sizes and the stock, for a repr: ``racks 14 15, stock 74``."""
    sizes = (
        " ".join(map(str, racks))
        if isinstance(racks, tuple) and all(type(size) is int for size in racks)
        else brief(racks)
    )
    return f"racks {sizes}, stock {brief(stock)}"


def _table_shown(table: object) -> str:
    """The table for a repr: its notation cut at a meld after about :data:`_SHOWN_TABLE`
    characters, with how many melds are left out."""
    if not isinstance(table, TableState):
        return f"table {brief(table)}"
    if not table:
        return "empty table"
    shown: list[str] = []
    width = 0
    for meld in table:
        text = str(meld)
        if shown and width + len(text) > _SHOWN_TABLE:
            break
        shown.append(text)
        width += len(text) + 3
    rest = len(table) - len(shown)
    more = f" | ... {rest} more meld{'' if rest == 1 else 's'}" if rest else ""
    return f"table: {' | '.join(shown)}{more}"


def _shuffled(profile: RuleProfile, rng: random.Random) -> list[Tile]:
    deck = list(profile.deck)
    rng.shuffle(deck)
    return deck


def _first_player(profile: RuleProfile, players: int, rng: random.Random) -> int:
    """The first player per the profile (D2: highest draw; ties and jokers draw again)."""
    if profile.first_player is FirstPlayer.LOT:
        return rng.randrange(players)
    contenders = list(range(players))
    while len(contenders) > 1:
        pool = _shuffled(profile, rng)
        drawn = {}
        for player in contenders:
            tile = pool.pop()
            while tile.suit is None:
                tile = pool.pop()
            drawn[player] = tile.rank
        best = max(drawn.values())
        contenders = [player for player in contenders if drawn[player] == best]
    return contenders[0]


@attrs.frozen(repr=False)
class Game:
    """One round under a rule profile. Build it with :meth:`new` or :meth:`from_position`.

    Seats are numbered from 0. ``stock`` is hidden information: use :meth:`view` for what a
    player may see.
    """

    profile: RuleProfile
    table: TableState
    racks: tuple[tuple[Tile, ...], ...]
    stock: tuple[Tile, ...]
    current_player: int
    opened: tuple[bool, ...]
    drawn: bool = False
    idle_turns: int = 0
    turn: int = 0
    penalties: tuple[int, ...] = ()
    history: tuple[Action, ...] = ()
    outcome: Outcome | None = None
    seed: int | None = None
    start: Position | None = attrs.field(default=None, eq=False)

    def __attrs_post_init__(self) -> None:
        # cheap checks of the shape, for games built or evolved by hand: the methods would
        # otherwise fail on them with bare Python errors
        racks = self.racks
        shape = (
            isinstance(self.profile, RuleProfile)
            and isinstance(self.table, TableState)
            and isinstance(racks, tuple)
            and all(isinstance(rack, tuple) for rack in racks)
            and type(self.current_player) is int
            and 0 <= self.current_player < len(racks)
            and isinstance(self.opened, tuple)
            and len(self.opened) == len(racks)
            and isinstance(self.stock, tuple)
            and type(self.drawn) is bool
            and _whole(self.idle_turns)
            and _whole(self.turn)
            and isinstance(self.penalties, tuple)
            and len(self.penalties) == len(racks)
            and all(_whole(count) for count in self.penalties)
            and isinstance(self.history, tuple)
            and (self.outcome is None or isinstance(self.outcome, Outcome))
            and (self.seed is None or _whole(self.seed))
            and (self.start is None or isinstance(self.start, Position))
        )
        if not shape:
            raise InvalidArgument(
                "not_a_game",
                "a game holds a RuleProfile, a TableState, tuples of racks, stock, penalties "
                "and history, a current player among the seats, counts from 0; build games "
                "with Game.new, Game.from_position and Game.apply",
            )

    # -- construction -----------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        profile: RuleProfile | str,
        players: int | None = None,
        seed: int | None = None,
        *,
        first_player: int | None = None,
    ) -> Game:
        """Shuffle with a generator seeded by ``seed``, deal, and pick the first player.

        ``players`` defaults to the profile's ``default_players``; ``seed`` to a fresh random
        seed, which is recorded in :attr:`seed`. ``first_player`` overrides the profile's way of
        choosing (a match rotates it).
        """
        profile = _profiles.get(profile)
        count = profile.default_players if players is None else players
        if type(count) is not int or not profile.min_players <= count <= profile.max_players:
            raise InvalidArgument(
                "bad_players",
                f"{profile.name!r} is played by {profile.min_players} to {profile.max_players} "
                f"players, not {brief(count)}",
            )
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        check_seed(seed)
        rng = random.Random(seed)
        first = _first_player(profile, count, rng)
        if first_player is not None:
            _check_seat(first_player, count)
            first = first_player
        deck = _shuffled(profile, rng)
        size = profile.hand_size
        racks = tuple(tuple(sort_tiles(deck[i * size : (i + 1) * size])) for i in range(count))
        position = Position(
            TableState(), racks, tuple(deck[count * size :]), first, (False,) * count
        )
        return cls._at(profile, position, seed)

    @classmethod
    def from_position(
        cls,
        profile: RuleProfile | str,
        *,
        table: TableLike = (),
        racks: Sequence[TilesLike],
        stock: TilesLike,
        current: int = 0,
        opened: Sequence[bool] | None = None,
    ) -> Game:
        """A game from any position that adds up to the profile's deck.

        ``racks`` holds one rack a player, each with at least one piece (an empty rack means
        its player went out, and the round is over). ``stock`` lists the next piece to be
        drawn first. ``opened`` defaults to nobody. The table must hold valid melds, and
        table, racks and stock together must be exactly the deck; otherwise
        :class:`~rummikit.InvalidArgument` says what is wrong.
        """
        profile = _profiles.get(profile)
        melds = as_table(table)
        hands = tuple(tuple(sort_tiles(as_tiles(rack))) for rack in _racks(racks))
        count = len(hands)
        if not profile.min_players <= count <= profile.max_players:
            raise InvalidArgument(
                "bad_players",
                f"{profile.name!r} is played by {profile.min_players} to {profile.max_players} "
                f"players; {count} {'rack was' if count == 1 else 'racks were'} given",
            )
        _check_seat(current, count)
        flags = _opened(opened, count)
        profile.check_table(melds)
        pile = as_tiles(stock)
        _check_adds_up(profile, [*melds.tiles.elements(), *(t for h in hands for t in h), *pile])
        empty = [seat for seat, hand in enumerate(hands) if not hand]
        if empty:
            raise InvalidArgument(
                "empty_rack",
                f"the rack of player {empty[0]} is empty: that player has gone out and the "
                "round is over; give every player at least one piece",
            )
        return cls._at(profile, Position(melds, hands, tuple(pile), current, flags), None)

    @classmethod
    def _at(cls, profile: RuleProfile, position: Position, seed: int | None) -> Game:
        return cls(
            profile=profile,
            table=position.table,
            racks=position.racks,
            stock=position.stock,
            current_player=position.current_player,
            opened=position.opened,
            penalties=(0,) * len(position.racks),
            seed=seed,
            start=position,
        )

    # -- what anyone may ask ----------------------------------------------------------------

    @property
    def players(self) -> tuple[int, ...]:
        """The seats, from 0."""
        return tuple(range(len(self.racks)))

    @property
    def stock_size(self) -> int:
        """How many pieces are left to draw."""
        return len(self.stock)

    def rack(self, player: int) -> tuple[Tile, ...]:
        """The rack of ``player``, sorted."""
        _check_seat(player, len(self.racks))
        return self.racks[player]

    def has_opened(self, player: int) -> bool:
        """Whether ``player`` has made their opening."""
        _check_seat(player, len(self.racks))
        return self.opened[player]

    @property
    def phase(self) -> Phase:
        """What the current player may do now."""
        if self.outcome is not None:
            return Phase.OVER
        can_draw = bool(self.stock) or self.profile.stock_end is StockEnd.END_NO_WINNER
        if self.profile.turn_structure is TurnStructure.PLAY_OR_DRAW:
            return Phase.PLAY_OR_DRAW if can_draw else Phase.PLAY_OR_PASS
        return Phase.DRAW if can_draw and not self.drawn else Phase.PLAY_OR_PASS

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know."""
        return PlayerView(
            player=player,
            rack=self.rack(player),
            table=self.table,
            rack_sizes=tuple(len(rack) for rack in self.racks),
            stock_size=len(self.stock),
            current_player=self.current_player,
            phase=self.phase,
            opened=self.opened,
            turn=self.turn,
            outcome=self.outcome,
            profile=self.profile,
        )

    # -- actions -----------------------------------------------------------------------------

    def check(self, action: Action) -> Verdict:
        """Whether ``action`` is allowed now, with every reason when it is not."""
        if not isinstance(action, Play | Draw | Pass | Timeout | GiveUp):
            raise InvalidArgument(
                "not_an_action", f"expected a rummikit action, not {brief(action)}"
            )
        if self.outcome is not None:
            return Verdict((Violation("game_over", "the round is over; no action is allowed"),))
        problems = []
        if action.player is not None and action.player != self.current_player:
            problems.append(
                Violation(
                    "not_your_turn",
                    f"it is player {self.current_player}'s turn, "
                    f"not player {brief(action.player)}'s",
                )
            )
        phase = self.phase
        if isinstance(action, Play):
            if phase is Phase.DRAW:
                problems.append(Violation("wrong_phase", "draw first: the draw is mandatory"))
            else:
                problems.extend(self._judge(action.table).violations)
        elif isinstance(action, Draw):
            if phase is Phase.PLAY_OR_PASS:
                problems.append(
                    Violation("wrong_phase", "you have drawn this turn; play or pass")
                    if self.drawn
                    else Violation("stock_empty", "the stock is empty: play or pass")
                )
        elif isinstance(action, Pass) and phase is not Phase.PLAY_OR_PASS:
            problems.append(
                Violation("wrong_phase", "draw first: the draw is mandatory")
                if phase is Phase.DRAW
                else Violation("cannot_pass", "play or draw; passing is for an empty stock")
            )
        return Verdict(tuple(problems))

    def _judge(self, table: TableState) -> Verdict:
        # the game's own table and racks are sound by construction: only the proposed table
        # (converted once, by Play) is judged
        player = self.current_player
        return judge_turn(self.profile, self.table, self.racks[player], table, self.opened[player])

    def apply(self, action: Action) -> Game:
        """The game after ``action``; raises :class:`~rummikit.IllegalAction` if not allowed."""
        verdict = self.check(action)
        if not verdict.ok:
            raise IllegalAction(verdict)
        if action.player != self.current_player:
            action = attrs.evolve(action, player=self.current_player)
        if isinstance(action, Play):
            return self._play(action)
        if isinstance(action, Draw):
            return self._draw_turn(action)
        if isinstance(action, Pass):
            return self._next(action, progress=False)
        penalty = (
            self.profile.failure_penalty
            if isinstance(action, GiveUp)
            else self.profile.timeout_penalty
            if action.changed
            else self.profile.timeout_penalty_untouched
        )
        # D12: a time-out with the table untouched that draws one piece is the normal draw
        # of a turn without a play, not a penalty (pagat); more than one counts in full
        normal = isinstance(action, Timeout) and not action.changed and penalty == 1
        return self._penalty_turn(action, penalty, counted=not normal)

    # -- transitions -------------------------------------------------------------------------

    def _with_rack(self, rack: Iterable[Tile]) -> tuple[tuple[Tile, ...], ...]:
        racks = list(self.racks)
        racks[self.current_player] = tuple(sort_tiles(rack))
        return tuple(racks)

    def _play(self, action: Play) -> Game:
        # counted by piece code, as the judge counts them: cheaper than hashing tiles
        played = codes_of(action.table.melds) - codes_of(self.table.melds)
        if not played:
            # Leaving the table as it was (allowed after a mandatory draw) lays nothing:
            # it neither opens nor counts as progress toward the end of the round.
            return self._next(action, table=action.table, progress=False)
        rack = []
        for tile in self.racks[self.current_player]:  # sorted, and stays so
            if played[tile.code]:
                played[tile.code] -= 1
            else:
                rack.append(tile)
        racks = list(self.racks)
        racks[self.current_player] = tuple(rack)
        opened = list(self.opened)
        opened[self.current_player] = True
        return self._next(
            action,
            racks=tuple(racks),
            table=action.table,
            opened=tuple(opened),
            progress=True,
            went_out=not rack,
        )

    def _draw_turn(self, action: Draw) -> Game:
        if not self.stock:
            return self._next(action, progress=False, exhausted=True)
        racks = self._with_rack((*self.racks[self.current_player], self.stock[0]))
        if self.profile.turn_structure is TurnStructure.DRAW_THEN_PLAY:
            return attrs.evolve(
                self, racks=racks, stock=self.stock[1:], drawn=True, history=(*self.history, action)
            )
        return self._next(action, racks=racks, stock=self.stock[1:], progress=True)

    def _penalty_turn(self, action: Timeout | GiveUp, penalty: int, *, counted: bool) -> Game:
        must_draw = self.phase is Phase.DRAW
        if must_draw and not self.stock:
            return self._next(action, progress=False, exhausted=True)
        count = min(len(self.stock), penalty + must_draw)
        penalties = list(self.penalties)
        if counted:
            penalties[self.current_player] += count - must_draw
        return self._next(
            action,
            racks=self._with_rack((*self.racks[self.current_player], *self.stock[:count])),
            stock=self.stock[count:],
            penalties=tuple(penalties),
            progress=count > 0,
        )

    def _next(
        self,
        action: Action,
        *,
        progress: bool,
        racks: tuple[tuple[Tile, ...], ...] | None = None,
        stock: tuple[Tile, ...] | None = None,
        table: TableState | None = None,
        opened: tuple[bool, ...] | None = None,
        penalties: tuple[int, ...] | None = None,
        went_out: bool = False,
        exhausted: bool = False,
    ) -> Game:
        """The game after the current player's turn ends with ``action``.

        ``progress`` says whether the turn played or drew anything; a full round of turns
        without progress ends the round as blocked.
        """
        racks = self.racks if racks is None else racks
        idle = 0 if progress or self.drawn else self.idle_turns + 1
        outcome = None
        if went_out:
            outcome = self._outcome(Termination.WENT_OUT, racks, self.current_player)
        elif exhausted:
            outcome = self._outcome(Termination.STOCK_EXHAUSTED, racks, None)
        elif idle >= len(racks):
            outcome = self._outcome(Termination.BLOCKED, racks, None)
        over = outcome is not None
        return attrs.evolve(
            self,
            racks=racks,
            stock=self.stock if stock is None else stock,
            table=self.table if table is None else table,
            opened=self.opened if opened is None else opened,
            penalties=self.penalties if penalties is None else penalties,
            current_player=self.current_player if over else (self.current_player + 1) % len(racks),
            drawn=False,
            idle_turns=idle,
            turn=self.turn if over else self.turn + 1,
            history=(*self.history, action),
            outcome=outcome,
        )

    def _outcome(
        self, termination: Termination, racks: tuple[tuple[Tile, ...], ...], winner: int | None
    ) -> Outcome:
        winners, scores = settle_round(self.profile, dict(enumerate(racks)), winner)
        return Outcome(termination, winners, tuple(scores[seat] for seat in range(len(racks))))

    def __repr__(self) -> str:
        """Short, whatever the table: see :class:`PlayerView`."""
        sizes = _sizes(tuple(len(rack) for rack in self.racks), len(self.stock))
        state = _state(self.phase, self.current_player, self.outcome)
        name = brief(self.profile.name)
        return f"<Game {name} turn {self.turn}, {state}, {sizes}, {_table_shown(self.table)}>"


def _check_seat(player: object, count: int) -> None:
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


def _racks(racks: Sequence[TilesLike]) -> list[TilesLike]:
    """The racks of a position, one a player, as a list: refuse what is not a list of racks."""
    if not _is_list_of_seats(racks):
        raise InvalidArgument(
            "bad_racks", f"racks is a list of racks, one a player, not {type(racks).__name__}"
        )
    return list(racks)


def _opened(opened: Sequence[bool] | None, count: int) -> tuple[bool, ...]:
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


def _check_adds_up(profile: RuleProfile, tiles: list[Tile]) -> None:
    deck = Counter(profile.deck)
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
