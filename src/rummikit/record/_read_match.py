"""Reading a match record: every round dealt again from the match's seed and replayed.

Each list of actions but the last must end its round, and the last may end one only when
the match is then over, so that a loaded match is one that could have been played, and
saving it again writes the same record.
"""

from __future__ import annotations

from collections.abc import Mapping

from rummikit._json import check_fields, read_array, read_int
from rummikit._profile_json import read_profile, require, required_profile
from rummikit.errors import InvalidRecord, RummikitError
from rummikit.game import MAX_SEED_DIGITS, SEED_LIMIT
from rummikit.match import Match
from rummikit.profile import RuleProfile
from rummikit.record._actions import read_actions, replay
from rummikit.record._format import MATCH_FORMAT, MAX_ROUNDS, read_players, read_top

_MATCH_FIELDS = ("format", "version", "profile", "players", "seed", "rounds")


def match_from_record(
    record: Mapping[str, object], *, profile: RuleProfile | str | None = None
) -> Match:
    """The match described by ``record`` (a parsed match record), every round replayed.

    The rounds are dealt again from the seed and each action is replayed with
    :meth:`Match.apply <rummikit.Match.apply>`. Each list of actions but the last must end
    its round, and the last must not end a round unless the match is then over (a round
    that ends early is ``does_not_replay``). Faults raise :class:`~rummikit.InvalidRecord`
    as for a game, ``where`` naming the action (such as ``rounds[1][12]``). ``profile``
    requires the match's rules, as for :func:`~rummikit.record.from_record`.
    """
    return read_match(record, required_profile(profile))


def read_match(record: object, required: RuleProfile | None = None) -> Match:
    """The match in a parsed record, whatever its type, under the ``required`` profile's
    rules if one is given; only InvalidRecord escapes."""
    top = read_top(record, MATCH_FORMAT)
    check_fields(top, "", _MATCH_FIELDS)
    profile = require(read_profile(top["profile"]), required)
    players = read_players(top, profile)
    seed = read_int(top["seed"], "seed")
    if seed >= SEED_LIMIT:
        raise InvalidRecord(
            "bad_field", f"a record holds seeds of up to {MAX_SEED_DIGITS:,} digits", where="seed"
        )
    lists = read_array(top["rounds"], "rounds")
    if not lists or len(lists) > MAX_ROUNDS:
        raise InvalidRecord(
            "bad_field",
            f"a match record holds 1 to {MAX_ROUNDS:,} rounds, not {len(lists):,}",
            where="rounds",
        )
    rounds = [read_actions(item, f"rounds[{index}]") for index, item in enumerate(lists)]
    try:
        match = Match.new(profile, players, seed)
    except RummikitError as error:
        raise InvalidRecord("bad_start", error.message, where="seed") from error
    for number, steps in enumerate(rounds):
        last = number == len(rounds) - 1
        for index, step in enumerate(steps):
            where = f"rounds[{number}][{index}]"
            if len(match.rounds) > number:
                raise InvalidRecord(
                    "does_not_replay",
                    f"round {number + 1} ended before this action",
                    where=where,
                )
            match = replay(match, step, where)
        ended = len(match.rounds) > number
        if not last and not ended:
            raise InvalidRecord(
                "does_not_replay",
                f"round {number + 1} has not ended, yet another round follows",
                where=f"rounds[{number}]",
            )
        if last and ended and not match.over:
            raise InvalidRecord(
                "does_not_replay",
                f"round {number + 1} ended and the match goes on: the round in play "
                "(perhaps no actions yet) is missing",
                where="rounds",
            )
    return match
