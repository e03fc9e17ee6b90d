"""Matches: rounds played until the profile's match end, with cumulative scores.

A match holds the finished rounds' outcomes and the round in progress. Each round is a
:class:`~rummikit.Game` dealt from a seed drawn from the match's own seeded generator. The
match ends after ``match_rounds`` rounds, or as soon as a cumulative score reaches
``match_target``: with zero-sum and winner-takes-all scoring the highest score wins (the first
to the target); with penalty scoring the lowest wins (rami voleur's game to 100). Ties share
the win.

With ``match_elimination`` (penalty scoring, standard rummy) the target is a cap instead: a
player whose cumulative total passes it (is more than it, :source:`rummy` "dépasse un plafond")
leaves the match, the next rounds are dealt to the players still in, and the match ends when
one player is left (a round needs two), who wins. The match's players keep their numbers
(0 to n-1) throughout; a round dealt to fewer players numbers its seats from 0 again, in
the same order round the table, and :attr:`Match.seats_in_play` maps them back.

The deal passes one seat left each round and the player on the dealer's left starts
(:source:`rummy`, set-up step 1; the first round's dealer sits on the right of its first
player, however the profile chose that player). With eliminations, the deal passes to the
next player still in after the last dealer, and the player still in on that dealer's left
starts. Everything follows from the seed, the first player and the rounds' outcomes, so
replaying a match's actions reproduces its eliminations.
"""

from __future__ import annotations

import itertools
import random

import attrs

from rummikit import profiles as _profiles
from rummikit.actions import Action
from rummikit.errors import InvalidArgument, brief
from rummikit.game import Game, Outcome, check_seed
from rummikit.options import Scoring
from rummikit.profile import RuleProfile
from rummikit.verdict import IllegalAction, Verdict, Violation

__all__ = ["Match"]


def _round_seed(seed: int, number: int) -> int:
    """The seed of round ``number``: the ``number``-th draw of a generator seeded by ``seed``."""
    rng = random.Random(seed)
    value = 0
    for _ in range(number + 1):
        value = rng.getrandbits(63)
    return value


Lineup = tuple[int, ...]
"""The match's players dealt into a round, in seat order: ``lineup[seat]`` is the player at
that seat of the round's game."""


def _lineups(profile: RuleProfile, count: int, rounds: tuple[Outcome, ...]) -> list[Lineup]:
    """The lineup of each finished round and then of the next one: every player at first,
    and with ``match_elimination`` the players whose total has passed ``match_target``
    left out of the rounds that follow."""
    lineups = _walk(profile, count, rounds)
    assert lineups is not None  # a Match checks its rounds' sizes when built
    return lineups


def _walk(profile: RuleProfile, count: int, rounds: tuple[Outcome, ...]) -> list[Lineup] | None:
    """:func:`_lineups`, or None when a round's scores are not one for each of its
    lineup's players (a match built by hand)."""
    lineup = tuple(range(count))
    lineups = [lineup]
    totals = [0] * count
    target = profile.match_target
    for outcome in rounds:
        if len(outcome.scores) != len(lineup):
            return None
        for seat, points in enumerate(outcome.scores):
            totals[lineup[seat]] += points
        if profile.match_elimination and target is not None:
            lineup = tuple(player for player in lineup if totals[player] <= target)
        lineups.append(lineup)
    return lineups


def _next_first(count: int, before: Lineup, first: int, after: Lineup) -> int:
    """The player who starts the round dealt to ``after``, when ``first`` started the round
    dealt to ``before``: the deal passes from ``first``'s right-hand neighbour to the next
    player still in, and that dealer's left-hand neighbour still in starts."""
    dealer = before[(before.index(first) - 1) % len(before)]
    following = [(dealer + step) % count for step in range(1, count + 1)]
    dealer = next(player for player in following if player in after)
    return after[(after.index(dealer) + 1) % len(after)]


@attrs.frozen(repr=False)
class Match:
    """A match in progress or finished. Build one with :meth:`new`.

    ``first_player`` is the player who started the first round; ``rounds`` the finished
    rounds' outcomes, each scored by its own game's seats (see :attr:`round_seats`).
    """

    profile: RuleProfile
    seed: int
    first_player: int
    rounds: tuple[Outcome, ...]
    game: Game
    histories: tuple[tuple[Action, ...], ...] = ()
    """The actions of each finished round, in order (what :func:`rummikit.record.dumps`
    saves, with the round in play's)."""

    def __attrs_post_init__(self) -> None:
        # cheap checks of the shape, for matches built or evolved by hand: the properties
        # would otherwise fail on them with bare Python errors
        game = self.game
        shape = (
            isinstance(self.profile, RuleProfile)
            and type(self.seed) is int
            and self.seed >= 0
            and isinstance(game, Game)
            and (game.profile is self.profile or game.profile == self.profile)
            and isinstance(self.rounds, tuple)
            and all(isinstance(outcome, Outcome) for outcome in self.rounds)
            and isinstance(self.histories, tuple)
            and len(self.histories) == len(self.rounds)
            and all(isinstance(history, tuple) for history in self.histories)
        )
        if shape:
            count = len(self.rounds[0].scores) if self.rounds else len(game.racks)
            shape = type(self.first_player) is int and 0 <= self.first_player < count
        if shape:
            lineups = _walk(self.profile, count, self.rounds)
            # the game in play is dealt to the next lineup, or, once the match is over, it
            # is the last round's (which of the two is for ``over`` to say, once built)
            shape = lineups is not None and len(game.racks) in {
                len(lineups[-1]),
                len(lineups[max(0, len(lineups) - 2)]),
            }
        if not shape:
            raise InvalidArgument(
                "not_a_match",
                "a match holds a profile, a seed, a first player, the rounds' Outcomes and "
                "the Game in play under that profile; build one with Match.new and apply",
            )

    @classmethod
    def new(
        cls, profile: RuleProfile | str, players: int | None = None, seed: int | None = None
    ) -> Match:
        """Start a match and deal its first round."""
        profile = _profiles.get(profile)
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        check_seed(seed)
        game = Game.new(profile, players, _round_seed(seed, 0))
        return cls(profile, seed, game.current_player, (), game)

    @property
    def _count(self) -> int:
        """The number of players in the match (the first round is dealt to them all)."""
        return len(self.rounds[0].scores) if self.rounds else len(self.game.racks)

    @property
    def players(self) -> tuple[int, ...]:
        """The match's players, from 0: the seats of its first round. A player keeps that
        number when others leave the match (see :attr:`seats_in_play`)."""
        return tuple(range(self._count))

    @property
    def round_seats(self) -> tuple[Lineup, ...]:
        """For each finished round, the match's player at each seat of its game:
        ``rounds[k].scores[seat]`` are the points of player ``round_seats[k][seat]``. Every
        player, unless ``match_elimination`` left some out."""
        return tuple(_lineups(self.profile, self._count, self.rounds)[: len(self.rounds)])

    @property
    def seats_in_play(self) -> Lineup:
        """The match's player at each seat of :attr:`game`: ``seats_in_play[seat]`` plays
        ``game``'s seat ``seat`` (its actions name the seat, as in any game). Every player,
        in order, unless ``match_elimination`` left some out; once the match is over, the
        last round's players."""
        lineups = _lineups(self.profile, self._count, self.rounds)
        return lineups[-2] if self.over and self.rounds else lineups[-1]

    @property
    def eliminated(self) -> tuple[int, ...]:
        """The players who left the match (``match_elimination``), in the order they left;
        those who left after the same round by their number."""
        lineups = _lineups(self.profile, self._count, self.rounds)
        return tuple(
            player
            for before, after in itertools.pairwise(lineups)
            for player in before
            if player not in after
        )

    @property
    def scores(self) -> tuple[int, ...]:
        """Cumulative scores over the finished rounds, one for each of the match's players
        (those eliminated keep theirs)."""
        totals = [0] * self._count
        for outcome, lineup in zip(self.rounds, self.round_seats, strict=True):
            for seat, points in enumerate(outcome.scores):
                totals[lineup[seat]] += points
        return tuple(totals)

    @property
    def over(self) -> bool:
        """Whether the match has ended: after ``match_rounds`` rounds; with
        ``match_elimination`` when too few players are left to deal a round (fewer than
        two, or than the profile's ``min_players``); otherwise when a cumulative score
        reaches ``match_target``."""
        profile = self.profile
        rounds, target = profile.match_rounds, profile.match_target
        if rounds is not None and len(self.rounds) >= rounds:
            return True
        if profile.match_elimination:
            left = _lineups(profile, self._count, self.rounds)[-1]
            return len(left) < max(2, profile.min_players)
        return target is not None and any(score >= target for score in self.scores)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winners once the match is over (several on a tie), else ().

        The highest total wins under zero-sum and winner-takes-all scoring, the lowest under
        penalty scoring. With ``match_elimination`` only the players still in may win (the
        last one left, or the lowest of those left when ``match_rounds`` ended the match);
        when the last round put every remaining player out, the lowest of them wins.
        """
        if not self.over:
            return ()
        scores = self.scores
        candidates = self.players
        if self.profile.match_elimination:
            lineups = _lineups(self.profile, self._count, self.rounds)
            candidates = lineups[-1] or lineups[-2]
        pick = min if self.profile.scoring is Scoring.PENALTY else max
        best = pick(scores[player] for player in candidates)
        return tuple(player for player in candidates if scores[player] == best)

    def check(self, action: Action) -> Verdict:
        """Whether ``action`` is allowed in the current round.

        Something other than an action is refused (``not_an_action``) whether or not the
        match is over.
        """
        if not isinstance(action, Action):
            raise InvalidArgument(
                "not_an_action", f"expected a rummikit action, not {brief(action)}"
            )
        if self.over:
            return Verdict((Violation("match_over", "the match is over; no action is allowed"),))
        return self.game.check(action)

    def apply(self, action: Action) -> Match:
        """The match after ``action``; a round that ends is recorded and the next one dealt."""
        if self.over:
            raise IllegalAction(self.check(action))
        game = self.game.apply(action)
        if game.outcome is None:
            return attrs.evolve(self, game=game)
        finished = attrs.evolve(
            self,
            rounds=(*self.rounds, game.outcome),
            game=game,
            histories=(*self.histories, game.history),
        )
        if finished.over:
            return finished
        lineups = _lineups(self.profile, self._count, finished.rounds)
        first = self.first_player
        for before, after in itertools.pairwise(lineups):
            first = _next_first(self._count, before, first, after)
        following = Game.new(
            self.profile,
            len(lineups[-1]),
            _round_seed(self.seed, len(finished.rounds)),
            first_player=lineups[-1].index(first),
        )
        return attrs.evolve(finished, game=following)

    def __repr__(self) -> str:
        state = "over" if self.over else f"round {len(self.rounds) + 1}"
        return f"<Match {self.profile.name!r} {state}, scores {self.scores}>"
