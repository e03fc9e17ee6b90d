"""The exceptions rummikit raises.

Every error caused by input (text, tiles, options, names) is a :class:`RummikitError`,
which is a :class:`ValueError`. Each carries a stable, machine-readable :attr:`~RummikitError.code`
(a short snake_case string that will not change between releases) and a message written for
the person who has to fix the input.

:class:`~rummikit.IllegalAction`, the error of a refused game action, lives in
:mod:`rummikit.verdict` beside the verdict it carries: this module is the bottom of the
library and imports nothing of it.
"""

from __future__ import annotations

__all__ = [
    "IndexOutOfRange",
    "InvalidArgument",
    "InvalidMeld",
    "InvalidOption",
    "InvalidRecord",
    "NotationError",
    "RummikitError",
    "UnknownProfile",
]


def brief(value: object) -> str:
    """``value`` for an error message, kept short: a huge number or text is never repeated
    in full (Python cannot even print an integer of more than 4,300 digits)."""
    if type(value) is int:
        return repr(value) if value.bit_length() <= 64 else "a very large integer"
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:40] + "...")
    if value is None or isinstance(value, bool | float):
        return repr(value)
    return f"a {type(value).__name__}"


class RummikitError(ValueError):
    """Base class of every rummikit error.

    ``code`` is stable and meant for programs (tests, translations, HTTP error bodies);
    ``message`` is meant for people.
    """

    code: str
    message: str

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r})"

    def __reduce__(self) -> tuple[object, ...]:
        # Pickle by state, not by the constructor's arguments (they differ per subclass), so
        # that an error raised in a worker process comes back whole.
        return (_unpickle, (type(self), self.message, dict(vars(self))))


def _unpickle(kind: type[RummikitError], message: str, state: dict[str, object]) -> RummikitError:
    error = kind.__new__(kind)
    ValueError.__init__(error, message)
    error.__dict__.update(state)
    return error


class NotationError(RummikitError):
    """Text that is not valid tile, card, meld or table notation.

    ``token`` is the offending piece of text (empty when the whole input is at fault),
    ``position`` its 0-based character offset in the input, and ``expected`` what would
    have been accepted there.
    """

    token: str
    position: int
    expected: str

    def __init__(
        self, code: str, message: str, *, token: str, position: int, expected: str
    ) -> None:
        super().__init__(code, message)
        self.token = token
        self.position = position
        self.expected = expected


class InvalidMeld(RummikitError):
    """Tiles that do not form a valid meld under a profile.

    Codes: ``too_short``, ``too_long``, ``group_too_large``, ``mixed_suits``,
    ``mixed_ranks``, ``not_consecutive``, ``repeated_rank``, ``repeated_suit``,
    ``wraps_around``, ``no_natural_tile``, ``adjacent_jokers``, ``ambiguous``,
    ``not_in_deck``, ``too_many_copies`` (more jokers than the deck has).
    """


class UnknownProfile(RummikitError, LookupError):
    """A profile name that is not registered. ``known`` lists the registered names."""

    known: tuple[str, ...]

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        known = tuple(map(str, known)) if isinstance(known, tuple | list) else ()
        super().__init__(
            "unknown_profile",
            f"no rule profile is called {brief(name)}; known profiles: {', '.join(known)}",
        )
        self.known = known


class InvalidOption(RummikitError):
    """A profile option with a value out of range, or a combination of options that cannot hold.

    ``option`` names the offending option (the first one, for a combination).
    """

    option: str

    def __init__(self, option: str, message: str, *, code: str = "invalid_option") -> None:
        super().__init__(code, f"option {option!r}: {message}")
        self.option = option


class InvalidArgument(RummikitError):
    """A function argument that cannot be used, such as a tile outside the profile's deck."""


class IndexOutOfRange(InvalidArgument, IndexError):
    """An index past either end of a :class:`~rummikit.Meld` or a
    :class:`~rummikit.TableState`, with the code ``index_out_of_range``.

    It is also an :class:`IndexError`, as Python's sequences raise, so ``except IndexError``
    and the sequence protocol keep working.
    """

    def __init__(self, message: str) -> None:
        super().__init__("index_out_of_range", message)


class InvalidRecord(RummikitError):
    """A saved game that cannot be loaded: malformed, tampered with, or not replaying; or a
    message from the wire (:mod:`rummikit.wire`) that cannot be read.

    ``where`` names the part of the record or message at fault (such as ``actions[12]``).
    """

    where: str

    def __init__(self, code: str, message: str, *, where: str = "") -> None:
        super().__init__(code, f"{where}: {message}" if where else message)
        self.where = where
