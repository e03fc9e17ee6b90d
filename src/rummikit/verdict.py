"""Verdicts: the answer to "is this allowed?", with every reason when it is not; and the error
an action raises when its verdict refuses it."""

from __future__ import annotations

import attrs

from rummikit.errors import InvalidArgument, RummikitError, brief
from rummikit.meld import Meld
from rummikit.pieces import Tile

__all__ = ["IllegalAction", "Verdict", "Violation"]


@attrs.frozen
class Violation:
    """One broken rule: a stable ``code``, a ``message`` for people, and what it concerns."""

    code: str
    message: str
    melds: tuple[Meld, ...] = ()
    tiles: tuple[Tile, ...] = ()

    def __attrs_post_init__(self) -> None:
        if not (
            isinstance(self.code, str)
            and isinstance(self.message, str)
            and isinstance(self.melds, tuple)
            and isinstance(self.tiles, tuple)
        ):
            raise InvalidArgument(
                "bad_verdict", "a Violation holds a code and a message (str), and tuples"
            )

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


@attrs.frozen
class Verdict:
    """Every violation found; the action is allowed when there is none.

    A verdict is true when allowed, so ``if profile.check_opening(melds): ...`` reads naturally.
    """

    violations: tuple[Violation, ...] = ()

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.violations, tuple) or not all(
            isinstance(violation, Violation) for violation in self.violations
        ):
            raise InvalidArgument("bad_verdict", "a Verdict holds a tuple of Violation values")

    @property
    def ok(self) -> bool:
        """Whether nothing is violated."""
        return not self.violations

    @property
    def codes(self) -> tuple[str, ...]:
        """The codes of the violations, in the order found."""
        return tuple(v.code for v in self.violations)

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        if self.ok:
            return "ok"
        return "; ".join(map(str, self.violations))


class IllegalAction(RummikitError):
    """An action the game does not allow now. ``verdict`` lists every reason.

    The code is ``illegal_action``; the codes of the reasons are ``verdict.codes``. The game
    the action was tried on is unchanged.
    """

    verdict: Verdict

    def __init__(self, verdict: Verdict) -> None:
        if not isinstance(verdict, Verdict):
            raise InvalidArgument(
                "bad_verdict", f"IllegalAction takes the Verdict refusing it, not {brief(verdict)}"
            )
        super().__init__("illegal_action", f"illegal action: {verdict}")
        self.verdict = verdict

    @property
    def codes(self) -> tuple[str, ...]:
        """The codes of the violations."""
        return self.verdict.codes
