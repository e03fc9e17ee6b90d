"""Saved games and matches: a versioned JSON record that replays a game exactly.

A record holds what is needed to rebuild a game, never its derived state: the rule profile
(every option, so a house rule loads even where it is not registered), the number of
players, the start (a seed, or a whole position) and every action in order. Loading rebuilds
the start and replays each action with :meth:`Game.apply <rummikit.Game.apply>`, so a
loaded game has passed every rule check a live one has, and ``loads(dumps(game)) == game``.

:func:`loads` and :func:`from_record` are meant for untrusted input: anything wrong raises
:class:`~rummikit.InvalidRecord` with a stable ``code`` and a ``where`` naming the part of
the record at fault, and nothing else escapes. :func:`dumps` saves a
:class:`~rummikit.Match` too, every round's actions from the match's seed, and
:func:`loads_match` (:func:`match_from_record`) reads it back. See :doc:`/saving` for the
format.
"""

# The package, one idea a module, each importing only those listed before it: _format (the
# format, version and top fields), _actions (writing, reading and replaying actions),
# _write (to_record), _read_game (from_record) and _read_match (match_from_record). The
# bounded JSON reader (rummikit._json) and the profile's JSON form (rummikit._profile_json)
# sit below, shared with the wire messages (rummikit.wire). This
# module holds the limits on a record's text and the three functions on text (dumps, loads,
# loads_match), so that dumps and loads_match share the one MAX_MATCH_RECORD_LENGTH.

from __future__ import annotations

import json

from rummikit import _json
from rummikit import game as _game
from rummikit._json import parse_json
from rummikit._profile_json import required_profile
from rummikit.errors import InvalidArgument
from rummikit.game import Game
from rummikit.match import Match
from rummikit.profile import RuleProfile
from rummikit.record import _format
from rummikit.record._read_game import from_record, read_game
from rummikit.record._read_match import match_from_record, read_match
from rummikit.record._write import check_indent, to_record

__all__ = [
    "FORMAT",
    "MATCH_FORMAT",
    "MAX_ACTIONS",
    "MAX_INT_DIGITS",
    "MAX_MATCH_RECORD_LENGTH",
    "MAX_RECORD_LENGTH",
    "MAX_ROUNDS",
    "VERSION",
    "dumps",
    "from_record",
    "loads",
    "loads_match",
    "match_from_record",
    "to_record",
]

FORMAT = _format.FORMAT
"""The value of a game record's ``format`` field."""

MATCH_FORMAT = _format.MATCH_FORMAT
"""The value of a match record's ``format`` field."""

VERSION = _format.VERSION
"""The version of the record format written by :func:`dumps`, and the newest one read."""

MAX_RECORD_LENGTH = 2_000_000
"""The longest record :func:`loads` reads, in characters (bytes, for bytes input).

Refused before parsing. The longest possible game takes well under half of this, indented:
at most 216 plays, each a table of at most 216 pieces in notation (about 1 kB), and a few
thousand short draws and passes.
"""

MAX_MATCH_RECORD_LENGTH = 20_000_000
"""The longest match record :func:`loads_match` reads, in characters (bytes, for bytes
input): ten times :data:`MAX_RECORD_LENGTH`, the rounds' actions being one game's each.
:func:`dumps` refuses to write a longer one (``record_too_long``), so that every match
record it writes loads."""

MAX_ROUNDS = _format.MAX_ROUNDS
"""The most rounds a match record may hold (:func:`to_record` refuses to save more)."""

MAX_INT_DIGITS = _json.MAX_INT_DIGITS
"""The longest integer literal :func:`loads` reads, in digits (Python's default limit).

Every number in a record is small but the seed: seeds drawn by :meth:`Game.new
<rummikit.Game.new>` have 19 digits at most, and both :func:`to_record` and the readers
refuse a seed of more than 4,000 digits.
"""

MAX_ACTIONS = _game.MAX_ACTIONS
"""The most actions a record may hold (:data:`rummikit.game.MAX_ACTIONS`): no game has more."""

MAX_SEED_DIGITS = _game.MAX_SEED_DIGITS
"""The longest seed a record holds, written or read (below :data:`MAX_INT_DIGITS`), so that
every record :func:`loads` accepts can be saved again (:data:`rummikit.game.MAX_SEED_DIGITS`)."""


def dumps(game: Game | Match, *, indent: int | None = None) -> str:
    """``game`` (or a :class:`~rummikit.Match`) as a JSON record (see :doc:`/saving`);
    :func:`loads` (:func:`loads_match`) reads it back.

    ``indent`` pretty-prints, as in :func:`json.dumps`: a number of spaces from 0 to 16, or
    a string of spaces and tabs as long; anything else raises
    :class:`~rummikit.InvalidArgument` (code ``bad_indent``), as does whatever
    :func:`to_record` refuses, and a match record longer than
    :data:`MAX_MATCH_RECORD_LENGTH` (``record_too_long``).
    """
    record = to_record(game)
    check_indent(indent)
    text = json.dumps(record, indent=indent)
    if isinstance(game, Match) and len(text) > MAX_MATCH_RECORD_LENGTH:
        raise InvalidArgument(
            "record_too_long",
            f"the match record would be {len(text):,} characters long, more than "
            f"loads_match reads ({MAX_MATCH_RECORD_LENGTH:,})",
        )
    return text


def loads(text: str | bytes, *, profile: RuleProfile | str | None = None) -> Game:
    """The game saved in ``text`` by :func:`dumps`, replayed action by action.

    Safe for untrusted input: text longer than :data:`MAX_RECORD_LENGTH` is refused before
    parsing, and any fault raises :class:`~rummikit.InvalidRecord` (see :func:`from_record`).
    Bytes are read as UTF-8.

    ``profile`` (a :class:`~rummikit.RuleProfile` or a registered profile's name) is the
    profile the game must have been saved under: a record whose rules differ is refused
    with the code ``profile_mismatch``, and the game loaded holds ``profile`` itself.
    Without it, any valid profile loads, marked as modified
    (:attr:`~rummikit.RuleProfile.modified_from`) when it bears a registered profile's name
    but not its options.
    """
    required = required_profile(profile)
    return read_game(parse_json(text, MAX_RECORD_LENGTH), required)


def loads_match(text: str | bytes, *, profile: RuleProfile | str | None = None) -> Match:
    """The match saved in ``text`` by :func:`dumps`, every round replayed action by action.

    Safe for untrusted input as :func:`loads` is, up to :data:`MAX_MATCH_RECORD_LENGTH`
    (see :func:`match_from_record`); ``profile`` requires the match's rules as for
    :func:`loads`.
    """
    required = required_profile(profile)
    return read_match(parse_json(text, MAX_MATCH_RECORD_LENGTH), required)
