"""The outcome of a round on the wire: how it ended, who won and each seat's score, as a
message of its own or inside a view."""

from __future__ import annotations

from collections.abc import Mapping

from rummikit._json import at, bad_field, check_fields, read_array, read_object
from rummikit.errors import InvalidArgument
from rummikit.game import Outcome, Termination
from rummikit.wire._format import MAX_INT, OUTCOME, header, is_whole, read_whole

FIELDS = ("termination", "winners", "scores")
"""The fields of an outcome, inside a view or after the header of its own message."""

_TERMINATIONS = {member.value: member for member in Termination}


# -- writing ---------------------------------------------------------------------------------


def outcome_fields(outcome: Outcome) -> dict[str, object]:
    """``outcome`` as a JSON object: its termination, winners and scores."""
    if not all(is_whole(score, -MAX_INT) for score in outcome.scores):
        raise InvalidArgument(
            "bad_outcome", f"scores on the wire lie between -{MAX_INT:,} and {MAX_INT:,}"
        )
    return {
        "termination": outcome.termination.value,
        "winners": list(outcome.winners),
        "scores": list(outcome.scores),
    }


def outcome_message(outcome: Outcome) -> dict[str, object]:
    """``outcome`` as a message of its own."""
    return header(OUTCOME) | outcome_fields(outcome)


# -- reading ---------------------------------------------------------------------------------


def read_outcome(value: object, where: str, seats: int | None = None) -> Outcome:
    """The outcome of the object at ``where``, with a score for each of ``seats`` seats when
    given (else as many seats as scores); a message's header is checked by its reader."""
    obj = read_object(value, where)
    fields = FIELDS if where else ("format", "version", *FIELDS)
    check_fields(obj, where, fields)
    termination = obj["termination"]
    if not isinstance(termination, str) or termination not in _TERMINATIONS:
        raise bad_field(
            at(where, "termination"), "one of " + ", ".join(map(repr, _TERMINATIONS)), termination
        )
    where_scores = at(where, "scores")
    scores = tuple(
        read_whole(score, f"{where_scores}[{index}]", -MAX_INT)
        for index, score in enumerate(read_array(obj["scores"], where_scores))
    )
    if not scores or (seats is not None and len(scores) != seats):
        each = "each seat" if seats is None else f"each of the {seats} seats"
        raise bad_field(where_scores, f"a score for {each}", obj["scores"])
    count = len(scores)
    where_winners = at(where, "winners")
    winners = tuple(
        read_whole(seat, f"{where_winners}[{index}]", 0, count - 1)
        for index, seat in enumerate(read_array(obj["winners"], where_winners))
    )
    return Outcome(_TERMINATIONS[termination], winners, scores)


def read_outcome_message(top: Mapping[str, object]) -> Outcome:
    """The outcome of the message ``top`` (its format and version checked)."""
    return read_outcome(top, "")
