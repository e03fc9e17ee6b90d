"""JSON for the wire: what a host sends its players and what it receives from them.

A host sends each player a :class:`~rummikit.PlayerView`, receives actions
(:class:`~rummikit.Play`, :class:`~rummikit.Draw`, :class:`~rummikit.Pass`,
:class:`~rummikit.Timeout`, :class:`~rummikit.GiveUp`), and answers a refused one with its
:class:`~rummikit.Verdict`; an :class:`~rummikit.Outcome` travels inside the last views, or
alone. Each is a small JSON object with a ``format`` (``"rummikit.view"``,
``"rummikit.action"``, ``"rummikit.verdict"``, ``"rummikit.outcome"``) and a ``version``.

>>> from rummikit import wire
>>> text = wire.dumps(rk.Draw(player=1))
>>> text
'{"format":"rummikit.action","version":1,"type":"draw","player":1}'
>>> wire.loads(text) == rk.Draw(player=1)
True

:func:`dumps` and :func:`to_message` write any of them, as text or as a dict for a host
that puts it in messages of its own; :func:`loads` and :func:`from_message` read any of
them back, and :func:`loads_action` and :func:`action_from_message` read only an action, as
a server reads what a client sends. The readers are meant for untrusted input: anything
wrong raises :class:`~rummikit.InvalidRecord` with a stable ``code`` and a ``where`` naming
the field at fault, and nothing else escapes. See :doc:`/hosting` for every field.
"""

# The package, one idea a module, each importing only those listed before it: _format (the
# formats, versions and limits, and the header every message starts with), _action,
# _verdict, _outcome and _view (each form, written and read). This module dispatches on
# the kind of value or message.

from __future__ import annotations

import json
from collections.abc import Callable

from rummikit._json import parse_json
from rummikit.actions import ACTION_NAMES, Action
from rummikit.errors import InvalidArgument, brief
from rummikit.game import Outcome, PlayerView
from rummikit.verdict import Verdict
from rummikit.wire import _format
from rummikit.wire._action import action_message, check_sender, read_action
from rummikit.wire._format import ACTION, OUTCOME, VERDICT, VIEW, check_length, read_top
from rummikit.wire._outcome import outcome_message, read_outcome_message
from rummikit.wire._verdict import MAX_CODE_LENGTH, read_verdict, verdict_message
from rummikit.wire._view import read_view, view_message

__all__ = [
    "ACTION",
    "MAX_CODE_LENGTH",
    "MAX_INT",
    "MAX_MESSAGE_LENGTH",
    "MAX_PIECES",
    "OUTCOME",
    "VERDICT",
    "VERSIONS",
    "VIEW",
    "Message",
    "action_from_message",
    "dumps",
    "from_message",
    "loads",
    "loads_action",
    "to_message",
]

VERSIONS = _format.VERSIONS
"""The version of each format that :func:`dumps` writes, and the newest one read: a
mapping from the format (:data:`VIEW`, :data:`ACTION`, :data:`VERDICT`, :data:`OUTCOME`) to
its version."""

MAX_MESSAGE_LENGTH = _format.MAX_MESSAGE_LENGTH
"""The longest message :func:`loads` and :func:`loads_action` read, in characters (bytes,
for bytes input), refused before parsing; :func:`dumps` refuses to write a longer one.

The longest message a game gives is the verdict on a crafted play of :data:`MAX_PIECES`
one-piece melds, about 120,000 characters; the longest view is under 10,000.
"""

MAX_PIECES = _format.MAX_PIECES
"""The most pieces the table of a play holds on the wire (the largest deck
:func:`~rummikit.build_deck` builds, so that no legal table is refused), and the largest
count of pieces a view holds: bounded so that the verdict on any play read can be sent."""

MAX_INT = _format.MAX_INT
"""The largest whole number a message holds, in absolute value: ``2**53 - 1``, the largest
integer every JSON reader holds exactly, JavaScript's included."""

Message = PlayerView | Action | Verdict | Outcome
"""Any value that travels on the wire."""

_WRITERS: dict[type, Callable[..., dict[str, object]]] = {
    PlayerView: view_message,
    **dict.fromkeys(ACTION_NAMES, action_message),
    Verdict: verdict_message,
    Outcome: outcome_message,
}
_KINDS = (VIEW, ACTION, VERDICT, OUTCOME)


def to_message(value: Message) -> dict[str, object]:
    """``value`` as a JSON-ready dict, its ``format`` and ``version`` first: for a host that
    sends it inside messages of its own (:func:`from_message` reads it back).

    Raises :class:`~rummikit.InvalidArgument` for what is not a :data:`Message`
    (``not_a_message``), and for one whose fields a message cannot hold: a view not built by
    :meth:`Game.view <rummikit.Game.view>` with fields of the wrong kind (``bad_view``), a
    play of more than :data:`MAX_PIECES` pieces (``table_too_large``), a violation's code
    that is not snake_case or longer than :data:`MAX_CODE_LENGTH` (``bad_verdict``), a
    number beyond :data:`MAX_INT` (``bad_player``, ``bad_outcome``).
    """
    writer = _WRITERS.get(type(value))
    if writer is None:
        raise InvalidArgument(
            "not_a_message",
            f"expected a PlayerView, an action, a Verdict or an Outcome, not {brief(value)}",
        )
    return writer(value)


def dumps(value: Message) -> str:
    """``value`` as a JSON message, compact, in ASCII (:func:`loads` reads it back).

    Raises what :func:`to_message` raises, and :class:`~rummikit.InvalidArgument`
    (``message_too_long``) for a message longer than :data:`MAX_MESSAGE_LENGTH`, which no
    reader would read.
    """
    return check_length(json.dumps(to_message(value), separators=(",", ":")))


def from_message(message: object) -> Message:
    """The value of a message written by :func:`to_message`, whichever its kind.

    Safe for untrusted input: anything wrong raises :class:`~rummikit.InvalidRecord`, with
    a ``where`` naming the field at fault (see :doc:`/hosting` for the codes).
    """
    kind, top = read_top(message, _KINDS)
    if kind == VIEW:
        return read_view(top)
    if kind == ACTION:
        return read_action(top, None)
    if kind == VERDICT:
        return read_verdict(top)
    return read_outcome_message(top)


def loads(text: str | bytes) -> Message:
    """The value of a message written by :func:`dumps`, whichever its kind: a client reads
    views, verdicts and outcomes with it, and tells them apart by their type.

    Safe for untrusted input: text longer than :data:`MAX_MESSAGE_LENGTH` is refused before
    parsing, and anything wrong raises :class:`~rummikit.InvalidRecord` (see
    :func:`from_message`). Bytes are read as UTF-8.
    """
    return from_message(parse_json(text, MAX_MESSAGE_LENGTH))


def action_from_message(message: object, *, player: int | None = None) -> Action:
    """The action of a message written by :func:`to_message`; any other kind of message is
    refused (``wrong_format``).

    ``player`` is the seat the message comes from, which a server knows from the connection
    and a client cannot choose: the action must name that seat or no one (else
    ``wrong_player``), and the action returned names it, so that the game refuses it when
    it is not that seat's turn (``not_your_turn``). :class:`~rummikit.InvalidArgument`
    (``bad_player``) when ``player`` is not None or a seat number.
    """
    sender = check_sender(player)
    _, top = read_top(message, (ACTION,))
    return read_action(top, sender)


def loads_action(text: str | bytes, *, player: int | None = None) -> Action:
    """The action of a message written by :func:`dumps`: what a server reads from a client
    (see :func:`action_from_message` for ``player``).

    Safe for untrusted input, as :func:`loads` is.
    """
    sender = check_sender(player)
    return action_from_message(parse_json(text, MAX_MESSAGE_LENGTH), player=sender)
