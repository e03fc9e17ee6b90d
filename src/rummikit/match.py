"""Matches: rounds played until the profile's match end, with cumulative scores.

A match holds the finished rounds' outcomes and the round in progress. Each round is a
:class:`~rummikit.Game` dealt from a seed drawn from the match's own seeded generator, and the
first player moves one seat on each round. The match ends after ``match_rounds`` rounds, or as
soon as a cumulative score reaches ``match_target``: with zero-sum scoring the highest score
wins; with penalty scoring the lowest wins (rami voleur's game to 100). Ties share the win.
"""

from __future__ import annotations

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


@attrs.frozen(repr=False)
class Match:
    """A match in progress or finished. Build one with :meth:`new`."""

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
            and type(self.first_player) is int
            and 0 <= self.first_player < len(game.racks)
            and isinstance(self.rounds, tuple)
            and all(
                isinstance(outcome, Outcome) and len(outcome.scores) == len(game.racks)
                for outcome in self.rounds
            )
            and isinstance(self.histories, tuple)
            and len(self.histories) == len(self.rounds)
            and all(isinstance(history, tuple) for history in self.histories)
        )
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
    def players(self) -> tuple[int, ...]:
        """The seats, from 0."""
        return self.game.players

    @property
    def scores(self) -> tuple[int, ...]:
        """Cumulative scores over the finished rounds."""
        totals = [0] * len(self.game.racks)
        for outcome in self.rounds:
            for seat, points in enumerate(outcome.scores):
                totals[seat] += points
        return tuple(totals)

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        rounds, target = self.profile.match_rounds, self.profile.match_target
        if rounds is not None and len(self.rounds) >= rounds:
            return True
        return target is not None and any(score >= target for score in self.scores)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winners once the match is over (several on a tie), else ()."""
        if not self.over:
            return ()
        scores = self.scores
        best = max(scores) if self.profile.scoring is Scoring.ZERO_SUM else min(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)

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
        number = len(finished.rounds)
        first = (self.first_player + number) % len(game.racks)
        following = Game.new(
            self.profile, len(game.racks), _round_seed(self.seed, number), first_player=first
        )
        return attrs.evolve(finished, game=following)

    def __repr__(self) -> str:
        state = "over" if self.over else f"round {len(self.rounds) + 1}"
        return f"<Match {self.profile.name!r} {state}, scores {self.scores}>"
