"""A round of play as an immutable value: deal, turns, penalties, the end and the scores.

``Game.new(profile, players=4, seed=7)`` deals; ``game.apply(action)`` returns the next game
or raises :class:`~rummikit.IllegalAction` and leaves the game as it was. Randomness is used
only to pick the first player and shuffle the deck, from a generator seeded per game, so a
seed and the list of actions replay a game exactly.

Every round ends. In play-or-draw games each turn plays rack tiles, draws from the stock or
passes, and passes are allowed only when the stock is empty or nothing can be drawn; a full
round of turns in which nobody played or drew ends the round as blocked. Where a draw is
mandatory, each turn takes a piece from the stock until it runs out. Where turns end with a
discard (see ``_discards``), the profile's ``turn_limit`` bounds the round.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummikit import profiles as _profiles
from rummikit.actions import Action, Discard, Draw, GiveUp, Pass, Play, TakeDiscard, Timeout
from rummikit.errors import InvalidArgument, brief
from rummikit.game._discards import (
    auto_discard,
    discard_problems,
    kept_for_discard,
    no_pile,
    refilled,
    take_problems,
    without_one,
)
from rummikit.game._setup import (
    check_adds_up,
    check_seat,
    check_seed,
    choose_first,
    opened_flags,
    racks_of,
    shuffled,
    whole,
)
from rummikit.game._values import (
    Outcome,
    Phase,
    PlayerView,
    Position,
    Termination,
    sizes_shown,
    state_shown,
    table_shown,
)
from rummikit.judge import codes_of, judge_turn, swapped_jokers
from rummikit.notation import TableLike, TilesLike, as_table, as_tiles
from rummikit.options import StockEnd, TurnStructure
from rummikit.pieces import Tile, sort_tiles
from rummikit.profile import RuleProfile
from rummikit.scoring import settle_round
from rummikit.table import TableState
from rummikit.verdict import IllegalAction, Verdict, Violation

if TYPE_CHECKING:  # rich, of the cli extra, is imported when a picture is drawn
    from rich.text import Text

__all__ = ["Game"]


@attrs.frozen(repr=False)
class Game:
    """One round under a rule profile. Build it with :meth:`new` or :meth:`from_position`.

    Seats are numbered from 0. ``stock`` is hidden information: use :meth:`view` for what a
    player may see.

    In draw-and-discard games (standard rummy), ``discards`` is the discard pile, its top
    piece last; ``taken`` the piece the current player took from it this turn (it may not
    be discarded again this turn); ``played`` whether the current player has played this
    turn, and ``first_lay`` whether that play was the player's first (going out in that turn
    is a "rummy"); ``reshuffled`` how many times the pile has become the stock. Elsewhere
    the pile stays empty. ``drawn`` says whether the current player has drawn this turn.
    """

    profile: RuleProfile
    table: TableState
    racks: tuple[tuple[Tile, ...], ...]
    stock: tuple[Tile, ...]
    current_player: int
    opened: tuple[bool, ...]
    drawn: bool = False
    discards: tuple[Tile, ...] = ()
    taken: Tile | None = None
    played: bool = False
    first_lay: bool = False
    reshuffled: int = 0
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
            and isinstance(self.discards, tuple)
            and (self.taken is None or isinstance(self.taken, Tile))
            and type(self.played) is bool
            and type(self.first_lay) is bool
            and whole(self.reshuffled)
            and whole(self.idle_turns)
            and whole(self.turn)
            and isinstance(self.penalties, tuple)
            and len(self.penalties) == len(racks)
            and all(whole(count) for count in self.penalties)
            and isinstance(self.history, tuple)
            and (self.outcome is None or isinstance(self.outcome, Outcome))
            and (self.seed is None or whole(self.seed))
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
        first = choose_first(profile, count, rng)
        if first_player is not None:
            check_seat(first_player, count)
            first = first_player
        deck = shuffled(profile, rng, count)
        size = profile.hand_size_for(count)
        racks = tuple(tuple(sort_tiles(deck[i * size : (i + 1) * size])) for i in range(count))
        rest = deck[count * size :]
        upcard = 1 if profile.has_discard_pile else 0  # the first stock card, turned face up
        position = Position(
            TableState(),
            racks,
            tuple(rest[upcard:]),
            first,
            (False,) * count,
            tuple(rest[:upcard]),
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
        discards: TilesLike = (),
    ) -> Game:
        """A game from any position that adds up to the profile's deck.

        ``racks`` holds one rack a player, each with at least one piece (an empty rack means
        its player went out, and the round is over). ``stock`` lists the next piece to be
        drawn first. ``opened`` defaults to nobody. ``discards`` is the discard pile of a
        draw-and-discard game, its top piece last (other games have none). The table must
        hold valid melds, and table, racks, stock and pile together must be exactly the deck
        (of a game of that many players); otherwise :class:`~rummikit.InvalidArgument` says
        what is wrong. The current player is to draw.
        """
        profile = _profiles.get(profile)
        melds = as_table(table)
        hands = tuple(tuple(sort_tiles(as_tiles(rack))) for rack in racks_of(racks))
        count = len(hands)
        if not profile.min_players <= count <= profile.max_players:
            raise InvalidArgument(
                "bad_players",
                f"{profile.name!r} is played by {profile.min_players} to {profile.max_players} "
                f"players; {count} {'rack was' if count == 1 else 'racks were'} given",
            )
        check_seat(current, count)
        flags = opened_flags(opened, count)
        profile.check_table(melds)
        pile = as_tiles(stock)
        discarded = as_tiles(discards)
        if discarded and not profile.has_discard_pile:
            raise InvalidArgument("no_discard_pile", no_pile(profile).message)
        check_adds_up(
            profile,
            [*melds.tiles.elements(), *(t for h in hands for t in h), *pile, *discarded],
            count,
        )
        empty = [seat for seat, hand in enumerate(hands) if not hand]
        if empty:
            raise InvalidArgument(
                "empty_rack",
                f"the rack of player {empty[0]} is empty: that player has gone out and the "
                "round is over; give every player at least one piece",
            )
        position = Position(melds, hands, tuple(pile), current, flags, tuple(discarded))
        return cls._at(profile, position, None)

    @classmethod
    def _at(cls, profile: RuleProfile, position: Position, seed: int | None) -> Game:
        return cls(
            profile=profile,
            table=position.table,
            racks=position.racks,
            stock=position.stock,
            current_player=position.current_player,
            opened=position.opened,
            discards=position.discards,
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
        check_seat(player, len(self.racks))
        return self.racks[player]

    def has_opened(self, player: int) -> bool:
        """Whether ``player`` has made their opening."""
        check_seat(player, len(self.racks))
        return self.opened[player]

    @property
    def phase(self) -> Phase:
        """What the current player may do now."""
        if self.outcome is not None:
            return Phase.OVER
        if self.profile.has_discard_pile:
            if not self.drawn:
                return Phase.DRAW
            return Phase.DISCARD if self.played else Phase.PLAY_OR_DISCARD
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
            discards=self.discards,
            taken=self.taken,
        )

    # -- actions -----------------------------------------------------------------------------

    def check(self, action: Action) -> Verdict:
        """Whether ``action`` is allowed now, with every reason when it is not."""
        if not isinstance(action, Action):
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
        if self.profile.has_discard_pile:
            problems.extend(self._discard_turn_problems(action))
        else:
            problems.extend(self._turn_problems(action))
        return Verdict(tuple(problems))

    def _turn_problems(self, action: Action) -> list[Violation]:
        """Why ``action`` is refused in a game without a discard pile."""
        phase = self.phase
        if isinstance(action, Play):
            if phase is Phase.DRAW:
                return [Violation("wrong_phase", "draw first: the draw is mandatory")]
            return list(self._judge(action.table).violations)
        if isinstance(action, Draw):
            if phase is Phase.PLAY_OR_PASS:
                return [
                    Violation("wrong_phase", "you have drawn this turn; play or pass")
                    if self.drawn
                    else Violation("stock_empty", "the stock is empty: play or pass")
                ]
        elif isinstance(action, Pass) and phase is not Phase.PLAY_OR_PASS:
            return [
                Violation("wrong_phase", "draw first: the draw is mandatory")
                if phase is Phase.DRAW
                else Violation("cannot_pass", "play or draw; passing is for an empty stock")
            ]
        elif isinstance(action, TakeDiscard | Discard):
            return [no_pile(self.profile)]
        return []

    def _discard_turn_problems(self, action: Action) -> list[Violation]:
        """Why ``action`` is refused in a draw-and-discard game."""
        phase = self.phase
        rack = self.racks[self.current_player]
        if isinstance(action, Draw):
            if phase is not Phase.DRAW:
                return [Violation("wrong_phase", "you have drawn this turn; lay melds or discard")]
        elif isinstance(action, TakeDiscard):
            return take_problems(self.profile, self.drawn, self.discards, rack, self.table)
        elif isinstance(action, Discard):
            return discard_problems(self.profile, self.drawn, rack, self.taken, action.tile)
        elif isinstance(action, Play):
            if phase is Phase.DRAW:
                return [Violation("wrong_phase", "draw first: from the stock or the discard pile")]
            if phase is Phase.DISCARD:
                return [Violation("wrong_phase", "you have played this turn: discard to end it")]
            problems = list(self._judge(action.table).violations)
            if not problems:
                kept = self._rack_after(action.table)
                refused = kept_for_discard(kept, self.taken)
                if refused is not None:
                    problems.append(refused)
            return problems
        elif isinstance(action, Pass):
            return [
                Violation("cannot_pass", "draw, then end the turn with a discard")
                if phase is Phase.DRAW
                else Violation("cannot_pass", "end the turn with a discard")
            ]
        return []

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
        return self._apply_allowed(action)

    def _apply_allowed(self, action: Action) -> Game:
        """:meth:`apply` of an action :meth:`check` allowed: for a caller that checked it
        already (a simulation does, to replace an illegal action), which saves judging a
        play twice."""
        if action.player != self.current_player:
            action = attrs.evolve(action, player=self.current_player)
        if isinstance(action, Play):
            return self._play(action)
        if isinstance(action, Draw):
            return self._draw_turn(action)
        if isinstance(action, TakeDiscard):
            return self._take_discard(action)
        if isinstance(action, Discard):
            return self._discard(action, action.tile)
        if isinstance(action, Pass):
            return self._next(action, progress=False)
        penalty = (
            self.profile.failure_penalty
            if isinstance(action, GiveUp)
            else self.profile.timeout_penalty
            if action.changed
            else self.profile.timeout_penalty_untouched
        )
        if self.profile.has_discard_pile:
            return self._forced_end(action, penalty)
        # default D12 (docs/rules.rst): a time-out with the table untouched that draws one
        # piece is the normal draw of a turn without a play, not a penalty (pagat); more than
        # one counts in full
        normal = isinstance(action, Timeout) and not action.changed and penalty == 1
        return self._penalty_turn(action, penalty, counted=not normal)

    # -- transitions -------------------------------------------------------------------------

    def _with_rack(self, rack: Iterable[Tile]) -> tuple[tuple[Tile, ...], ...]:
        racks = list(self.racks)
        racks[self.current_player] = tuple(sort_tiles(rack))
        return tuple(racks)

    def _rack_after(self, table: TableState) -> tuple[Tile, ...]:
        """The current player's rack once ``table`` (a legal play) is on the table: less the
        pieces it lays, still sorted."""
        # counted by piece code, as the judge counts them: cheaper than hashing tiles
        played = codes_of(table.melds) - codes_of(self.table.melds)
        rack = []
        for tile in self.racks[self.current_player]:  # sorted, and stays so
            if played[tile.code]:
                played[tile.code] -= 1
            else:
                rack.append(tile)
        return tuple(rack)

    def _play(self, action: Play) -> Game:
        rack = self._rack_after(action.table)
        player = self.current_player
        laid = len(rack) < len(self.racks[player])
        if self.profile.joker_swap:  # the jokers swapped for their natural pieces
            rack = tuple(sort_tiles((*rack, *swapped_jokers(self.table, action.table))))
        if not laid:
            # Leaving the table as it was (allowed after a mandatory draw) lays nothing:
            # it neither opens nor counts as progress toward the end of the round.
            if self.profile.has_discard_pile:
                return attrs.evolve(self, played=True, history=(*self.history, action))
            return self._next(action, table=action.table, progress=False)
        racks = list(self.racks)
        racks[player] = rack
        opened = list(self.opened)
        opened[player] = True
        if self.profile.has_discard_pile and rack:  # the turn goes on to its discard
            return attrs.evolve(
                self,
                racks=tuple(racks),
                table=action.table,
                opened=tuple(opened),
                played=True,
                first_lay=not self.opened[player],
                history=(*self.history, action),
            )
        return self._next(
            action,
            racks=tuple(racks),
            table=action.table,
            opened=tuple(opened),
            progress=True,
            went_out=not rack,
            rummy=not rack and not self.opened[player],
        )

    def _draw_turn(self, action: Draw) -> Game:
        if not self.stock and self.profile.has_discard_pile:
            # a position given with an empty stock: the pile becomes the stock first, as at
            # the end of a turn that empties it (a game dealt never starts a turn so)
            refill = refilled(self.profile, self.discards, self.reshuffled, self.seed)
            if refill is not None:
                stock, discards = refill
                refreshed = attrs.evolve(
                    self, stock=stock, discards=discards, reshuffled=self.reshuffled + 1
                )
                return refreshed._draw_turn(action)
        if not self.stock:
            return self._next(action, progress=False, exhausted=True)
        racks = self._with_rack((*self.racks[self.current_player], self.stock[0]))
        if self.profile.turn_structure is not TurnStructure.PLAY_OR_DRAW:
            return attrs.evolve(
                self, racks=racks, stock=self.stock[1:], drawn=True, history=(*self.history, action)
            )
        return self._next(action, racks=racks, stock=self.stock[1:], progress=True)

    def _take_discard(self, action: TakeDiscard) -> Game:
        top = self.discards[-1]
        return attrs.evolve(
            self,
            racks=self._with_rack((*self.racks[self.current_player], top)),
            discards=self.discards[:-1],
            drawn=True,
            taken=top,
            history=(*self.history, action),
        )

    def _discard(self, action: Action, tile: Tile) -> Game:
        rack = without_one(self.racks[self.current_player], tile)
        racks = list(self.racks)
        racks[self.current_player] = rack
        return attrs.evolve(self, discards=(*self.discards, tile))._next(
            action,
            racks=tuple(racks),
            progress=True,
            went_out=not rack,
            rummy=not rack and self.first_lay,
        )

    def _forced_end(self, action: Timeout | GiveUp, penalty: int) -> Game:
        """A draw-and-discard turn the host ends: the player draws (if not done yet) and
        takes ``penalty`` pieces from the stock, as far as it goes, and the most costly
        piece is discarded for them (:func:`~rummikit.game._discards.auto_discard`)."""
        game = self
        if not game.drawn:
            game = game._draw_turn(Draw(player=self.current_player))
            if game.outcome is not None:  # the stock was empty: the round is over
                return attrs.evolve(game, history=(*self.history, action))
            game = attrs.evolve(game, history=self.history)
        count = min(len(game.stock), penalty)
        penalties = list(game.penalties)
        penalties[self.current_player] += count
        game = attrs.evolve(
            game,
            racks=game._with_rack((*game.racks[self.current_player], *game.stock[:count])),
            stock=game.stock[count:],
            penalties=tuple(penalties),
        )
        tile = auto_discard(self.profile, game.racks[self.current_player], game.taken)
        return game._discard(action, tile)

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
        rummy: bool = False,
    ) -> Game:
        """The game after the current player's turn ends with ``action``.

        ``progress`` says whether the turn played or drew anything; a full round of turns
        without progress ends the round as blocked. A turn that goes out ``rummy`` (in
        standard rummy, with nothing laid before) tells the scoring. Where the stock has run
        out in a draw-and-discard game, the pile is reshuffled into it, or the round ends.
        """
        racks = self.racks if racks is None else racks
        stock = self.stock if stock is None else stock
        discards = self.discards
        reshuffled = self.reshuffled
        idle = 0 if progress or self.drawn else self.idle_turns + 1
        outcome = None
        if went_out:
            outcome = self._outcome(Termination.WENT_OUT, racks, self.current_player, rummy)
        elif exhausted:
            outcome = self._outcome(Termination.STOCK_EXHAUSTED, racks, None)
        elif idle >= len(racks):
            outcome = self._outcome(Termination.BLOCKED, racks, None)
        elif self.profile.turn_limit is not None and self.turn + 1 >= self.profile.turn_limit:
            outcome = self._outcome(Termination.TURN_LIMIT, racks, None)
        elif not stock and self.profile.has_discard_pile:
            refill = refilled(self.profile, discards, reshuffled, self.seed)
            if refill is None:
                outcome = self._outcome(Termination.STOCK_EXHAUSTED, racks, None)
            else:
                stock, discards = refill
                reshuffled += 1
        over = outcome is not None
        return attrs.evolve(
            self,
            racks=racks,
            stock=stock,
            discards=discards,
            reshuffled=reshuffled,
            table=self.table if table is None else table,
            opened=self.opened if opened is None else opened,
            penalties=self.penalties if penalties is None else penalties,
            current_player=self.current_player if over else (self.current_player + 1) % len(racks),
            drawn=False,
            taken=None,
            played=False,
            first_lay=False,
            idle_turns=idle,
            turn=self.turn if over else self.turn + 1,
            history=(*self.history, action),
            outcome=outcome,
        )

    def _outcome(
        self,
        termination: Termination,
        racks: tuple[tuple[Tile, ...], ...],
        winner: int | None,
        rummy: bool = False,
    ) -> Outcome:
        winners, scores = settle_round(self.profile, dict(enumerate(racks)), winner, rummy=rummy)
        return Outcome(termination, winners, tuple(scores[seat] for seat in range(len(racks))))

    def _repr_svg_(self) -> str:
        """The round as anyone may see it, which notebooks show for a game in a cell: the
        table, rack sizes, the stock's size and the discard pile, no rack's pieces (see
        :func:`rummikit.svg.game`)."""
        from rummikit import svg  # pictures sit above the values they draw

        return str(svg.game(self))

    def __repr__(self) -> str:
        """Short, whatever the table: see :class:`PlayerView`."""
        sizes = sizes_shown(tuple(len(rack) for rack in self.racks), len(self.stock))
        state = state_shown(self.phase, self.current_player, self.outcome)
        name = brief(self.profile.name)
        return f"<Game {name} turn {self.turn}, {state}, {sizes}, {table_shown(self.table)}>"

    def __rich__(self) -> Text:
        """The game in colour, for rich, as every player sees it: a view without the rack
        (see :class:`PlayerView`)."""
        from rummikit.game._pictures import position_text

        return position_text(self.view(self.current_player), own_rack=False)
