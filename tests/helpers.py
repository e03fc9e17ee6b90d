"""Helpers shared by every folder of the test suite.

The built-in profiles, helpers that play whole games, and the checks that bad input is
refused the documented way: a :class:`rummikit.RummikitError` with its code and a short
message.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

import rummikit as rk
from rummikit.moves import simple_plays

ONLINE = rk.profiles.get("online")
PAGAT = rk.profiles.get("pagat")
RAMI = rk.profiles.get("rami_voleur")
ALL = [ONLINE, PAGAT, RAMI]
"""The built-in profiles."""

pure_only = pytest.mark.skipif(
    rk.BUILD == "compiled",
    reason="spies on a function by patching its module: compiled code calls it directly",
)
"""For a test that counts the calls of an internal function: in the compiled build the
compiled modules call each other directly, past a patched module attribute."""


# -- playing games ---------------------------------------------------------------------------


def choose_action(game: rk.Game, rng: random.Random) -> rk.Action:
    """A legal action: usually one of the simple plays found, else a draw or a pass."""
    phase = game.phase
    if phase is rk.Phase.DRAW:
        return rk.Draw()
    player = game.current_player
    plays = list(simple_plays(game.profile, game.table, game.rack(player), game.opened[player]))
    roll = rng.random()
    if plays and roll < 0.85:
        return rk.Play(plays[0] if roll < 0.6 else rng.choice(plays))
    if roll > 0.97:
        return rk.Timeout(changed=rng.random() < 0.5)
    return rk.Draw() if phase is rk.Phase.PLAY_OR_DRAW else rk.Pass()


def play_out(game: rk.Game, rng: random.Random, limit: int = 2000) -> Iterator[rk.Game]:
    """Every game after each action of a random but legal play to the end."""
    for _ in range(limit):
        if game.outcome is not None:
            return
        game = game.apply(choose_action(game, rng))
        yield game
    raise AssertionError(f"the game did not end within {limit} actions")


def all_tiles(game: rk.Game) -> Counter[rk.Tile]:
    """Racks, table and stock together."""
    return game.table.tiles + Counter(t for rack in game.racks for t in rack) + Counter(game.stock)


def position(
    profile: str,
    rack: str,
    table: str = "",
    *,
    opened: bool = True,
    opponent_opened: bool = True,
    other: int = 14,
    stock: int | None = None,
) -> rk.Game:
    """A two-player game where player 0 holds ``rack`` and is to play; the opponent holds
    ``other`` pieces.

    The rest of the deck is the stock (only its first ``stock`` pieces, if given; the others
    go to the opponent's rack, which is fine for a bot: it sees only the sizes).
    """
    profile = rk.profiles.get(profile)
    melds = rk.parse_table(table)
    rest = Counter(profile.deck) - Counter(rk.parse_tiles(rack))
    for meld in melds:
        rest -= Counter(meld.tiles)
    pool = sorted(rest.elements())
    opponent, pool = pool[:other], pool[other:]
    left = pool if stock is None else pool[:stock]
    spare = [] if stock is None else pool[stock:]
    return rk.Game.from_position(
        profile,
        table=melds,
        racks=[rack, [*opponent, *spare]],
        stock=left,
        opened=[opened, opponent_opened],
    )


# -- refusals --------------------------------------------------------------------------------


H = 10**5000
"""Too long for Python to print (over 4,300 digits): a message that shows it raises."""
SHORT = 200
"""The longest message allowed when the input held a huge number."""


def ident(value: object) -> str | None:
    """A test id that does not print a huge integer (pytest would raise)."""
    return "huge" if value is H else None


def refused(call: object, code: str, kind: type[rk.RummikitError] = rk.InvalidArgument) -> str:
    """The message of the error ``call`` raises, checked for its class, ``code`` and length."""
    with pytest.raises(kind) as caught:
        call()  # type: ignore[operator]
    assert caught.value.code == code, caught.value
    assert len(caught.value.message) < SHORT
    return caught.value.message


def code_of(call, *args, **kwargs) -> str:
    """The code of the RummikitError ``call(*args, **kwargs)`` raises, with a message."""
    with pytest.raises(rk.RummikitError) as info:
        call(*args, **kwargs)
    assert info.value.message
    return info.value.code
