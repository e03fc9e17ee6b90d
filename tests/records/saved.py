"""Saved games for the record tests: games under the built-in profiles and a house rule,
driven by simple legal plays; small records to edit; and the check that loading raises
nothing but InvalidRecord."""

from __future__ import annotations

import copy
import functools
import itertools
import json
import random
from collections import Counter
from collections.abc import Callable

import attrs
import pytest

import rummikit as rk
from rummikit import record
from rummikit.actions import Discard, TakeDiscard
from rummikit.moves import simple_plays

HOUSE = attrs.evolve(
    rk.profiles.get("pagat"),
    name="kitchen_table",
    title="Kitchen table rules",
    opening_min_points=12,
    hand_size=8,
    joker_policy="free",
    timeout_penalty=2,
    time_limit=None,
    default_players=3,
)
"""A house rule that is not registered: records must carry it whole."""

PROFILES = {
    "online": rk.profiles.get("online"),
    "pagat": rk.profiles.get("pagat"),
    "rami_voleur": rk.profiles.get("rami_voleur"),
    "standard_rummy": rk.profiles.get("standard_rummy"),
    "house": HOUSE,
}


# -- driving games ---------------------------------------------------------------------------


def drive(game: rk.Game, seed: int, steps: int | None = None) -> rk.Game:
    """Play ``game`` on with simple legal plays, draws, passes, timeouts and give-ups, and
    in standard rummy takes from the discard pile and discards."""
    rng = random.Random(seed)
    count = 0
    while game.phase is not rk.Phase.OVER and (steps is None or count < steps):
        count += 1
        player, phase = game.current_player, game.phase
        roll = rng.random()
        action: rk.Action
        if roll < 0.03:
            action = rk.Timeout(changed=rng.random() < 0.5)
        elif roll < 0.05:
            action = rk.GiveUp()
        elif phase is rk.Phase.DRAW:
            take = TakeDiscard()
            action = take if rng.random() < 0.3 and game.check(take).ok else rk.Draw()
        elif phase in (rk.Phase.PLAY_OR_DISCARD, rk.Phase.DISCARD):
            action = _discard_turn(game, rng)
        else:
            plays = list(
                itertools.islice(
                    simple_plays(game.profile, game.table, game.racks[player], game.opened[player]),
                    4,
                )
            )
            if plays and rng.random() < 0.9:
                action = rk.Play(rng.choice(plays))
            elif phase is rk.Phase.PLAY_OR_DRAW:
                action = rk.Draw()
            else:
                action = rk.Pass()
        game = game.apply(action)
    return game


def _discard_turn(game: rk.Game, rng: random.Random) -> rk.Action:
    """After the draw of a draw-and-discard turn: a simple legal play (once), else a
    discard of any card allowed."""
    player = game.current_player
    rack = game.racks[player]
    if game.phase is rk.Phase.PLAY_OR_DISCARD and rng.random() < 0.7:
        found = simple_plays(game.profile, game.table, rack, game.opened[player])
        plays = [rk.Play(table) for table in itertools.islice(found, 4)]
        legal = [play for play in plays if game.check(play).ok]
        if legal:
            return rng.choice(legal)
    return Discard(rng.choice([tile for tile in rack if tile != game.taken] or list(rack)))


def dealt(name: str, seed: int = 3) -> rk.Game:
    return rk.Game.new(PROFILES[name], seed=seed)


def positioned(name: str, seed: int = 3) -> rk.Game:
    """A game started with ``from_position`` from the middle of a dealt game."""
    middle = drive(dealt(name, seed), seed, steps=30)
    assert middle.phase is not rk.Phase.OVER
    return rk.Game.from_position(
        middle.profile,
        table=middle.table,
        racks=middle.racks,
        stock=middle.stock,
        current=middle.current_player,
        opened=middle.opened,
        discards=middle.discards,
    )


STARTS: dict[str, Callable[[str], rk.Game]] = {"dealt": dealt, "position": positioned}


@functools.cache
def game_of(name: str, start: str, stage: str) -> rk.Game:
    """A game under profile ``name``: just started, mid-game, or finished."""
    game = STARTS[start](name)
    if stage == "mid":
        return drive(game, 11, steps=25)
    if stage == "over":
        return drive(game, 11)
    return game


def went_out() -> rk.Game:
    """A pagat game, from a position, that ends with player 0 laying their last three tiles."""
    pagat = rk.profiles.get("pagat")
    hand = rk.parse_tiles("r10 r11 r12")
    table = rk.parse_tiles("b1 b2 b3")
    rest = list((Counter(pagat.deck) - Counter(hand) - Counter(table)).elements())
    game = rk.Game.from_position(
        pagat,
        table="b1 b2 b3",
        racks=[hand, rest[:14]],
        stock=rest[14:],
        current=1,
        opened=[True, False],
    )
    game = game.apply(rk.Draw(player=1)).apply(rk.Play("b1 b2 b3 | r10 r11 r12", player=0))
    assert game.outcome is not None
    assert game.outcome.termination is rk.Termination.WENT_OUT
    return game


def small_record() -> dict[str, object]:
    return record.to_record(game_of("pagat", "dealt", "mid"))


def load_error(value: object) -> rk.InvalidRecord:
    """The error loading ``value`` (a record dict, or text) raises."""
    text = value if isinstance(value, str | bytes) else json.dumps(value)
    with pytest.raises(rk.InvalidRecord) as caught:
        record.loads(text)
    return caught.value


# -- editing records -------------------------------------------------------------------------


def edited(change: Callable[[dict[str, object]], object]) -> dict[str, object]:
    """A copy of the small record with ``change`` applied to it."""
    saved = copy.deepcopy(small_record())
    change(saved)
    return saved


def _set(path: str, value: object) -> Callable[[dict[str, object]], object]:
    def change(saved: dict[str, object]) -> object:
        *parents, last = path.split(".")
        node: object = saved
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]  # type: ignore[index]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value  # type: ignore[index]
        return None

    return change


# -- loading raises InvalidRecord only -------------------------------------------------------


CODES = {
    "malformed",
    "too_long",
    "wrong_format",
    "unsupported_version",
    "missing_field",
    "bad_field",
    "unknown_field",
    "bad_profile",
    "bad_start",
    "too_many_actions",
    "does_not_replay",
}


def only_invalid_record(load: Callable[[], rk.Game | rk.Match]) -> rk.Game | rk.Match | None:
    """Run ``load``; the only exception allowed is InvalidRecord. Returns the game (or
    match) if any, checked to save and load again."""
    try:
        game = load()
    except rk.InvalidRecord as error:
        refused: rk.InvalidRecord | None = error
    else:
        refused = None
    if refused is not None:
        assert refused.code in CODES
        assert isinstance(refused.where, str)
        return None
    again = record.loads_match if isinstance(game, rk.Match) else record.loads
    assert again(record.dumps(game)) == game
    return game
