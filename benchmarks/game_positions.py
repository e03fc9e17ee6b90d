"""Positions from real games: where the built-in bots decide, under every profile and house rule.

:func:`collect` plays seeded games between the built-in bots under each rule set of
:data:`RULE_SETS` (the three built-in profiles and house-rule variants of them) and keeps
every view in which a bot that asks the solver (greedy, strategic) chooses a play. The
games are played by bots with a fixed budget (:data:`COLLECT_BUDGET`), so the positions do
not depend on the bots' defaults; they still depend on the solver (a bot may find another
play of equal worth), so compare revisions on positions collected by one of them.

:data:`ISSUE_POSITIONS` are positions quoted in the issue that asked for a budget a host can
plan with: each took seconds to solve, or a bot seconds to choose.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import NamedTuple

import rummikit as rk
from rummikit.bots import Bot, GreedyBot, SimpleBot, StrategicBot
from rummikit.game import Game, Phase, PlayerView
from rummikit.solver import Objective

COLLECT_BUDGET = 1_000
"""The budget of the bots playing the collected games (small: collecting is quick)."""

PAGAT = rk.profiles.get("pagat")
ONLINE = rk.profiles.get("online")
RAMI = rk.profiles.get("rami_voleur")

PAGAT_HOUSE = PAGAT.evolve(
    name="pagat_house",
    freed_joker="new_meld_2_rack",
    joker_group3_both_colours=True,
    joker_replacement_from_table=True,
    forbid_adjacent_jokers=True,
    blocked_winner="fewest_tiles",
)
"""The issue's pagat house rules: a freed joker goes to a new meld with two rack pieces."""

RULE_SETS: tuple[rk.RuleProfile, ...] = (
    ONLINE,
    PAGAT,
    RAMI,
    PAGAT_HOUSE,
    ONLINE.evolve(name="online_five_jokers", jokers=5),
    ONLINE.evolve(name="online_two_a_play", min_rack_tiles_per_play=2),
    PAGAT.evolve(name="pagat_no_rearranging", table_manipulation=False),
    PAGAT.evolve(name="pagat_loose_groups", group_distinct_suits=False, max_group_size=6),
    RAMI.evolve(name="rami_no_adjacent_jokers", forbid_adjacent_jokers=True),
    RAMI.evolve(name="rami_ace_low_pairs", ace_high=False, min_meld_length=2),
)
"""The built-in profiles, then house-rule variants that send positions to every engine
(the fast core, the frozen jokers' cases, the general sweep, the openings and tierces)."""


class Decision(NamedTuple):
    """A view in which a bot chose, and where it came from."""

    rules: str
    seed: int
    action: int
    view: PlayerView


def _players(rng: random.Random, seat_count: int) -> list[Bot]:
    bots: list[Bot] = [
        StrategicBot(budget=COLLECT_BUDGET, endgame_budget=COLLECT_BUDGET),
        GreedyBot(budget=COLLECT_BUDGET),
        SimpleBot(),
    ]
    chosen = bots[:seat_count]
    rng.shuffle(chosen)
    return chosen


def _game(profile: rk.RuleProfile, seed: int, seats: int, every: int) -> Iterator[Decision]:
    rng = random.Random(seed)
    bots = _players(rng, seats)
    game = Game.new(profile, seats, seed)
    for index in range(rk.game.MAX_ACTIONS):
        if game.outcome is not None:
            return
        view = game.view(game.current_player)
        bot = bots[game.current_player]
        if view.phase is not Phase.DRAW and not isinstance(bot, SimpleBot) and index % every == 0:
            yield Decision(profile.name, seed, index, view)
        action = bot.choose(view)
        game = game.apply(action if game.check(action).ok else rk.GiveUp())


def collect(
    games: int = 2, seed: int = 1, every: int = 1, rule_sets: Sequence[rk.RuleProfile] = RULE_SETS
) -> list[Decision]:
    """The decisions of ``games`` games per rule set (two players, then three, in turn),
    every ``every``-th action, dealt from seeds counted from ``seed``."""
    found: list[Decision] = []
    for profile in rule_sets:
        for game in range(games):
            found.extend(_game(profile, seed + game, 2 + game % 2, every))
    return found


class Named(NamedTuple):
    """A position quoted by name: rules, table, rack, opened, objective."""

    name: str
    profile: rk.RuleProfile
    table: str
    rack: str
    opened: bool
    objective: Objective


ISSUE_POSITIONS: tuple[Named, ...] = (
    Named(
        "pagat house opening (5.5-6.9 s)",
        PAGAT_HOUSE,
        "",
        "o8 k8 o1 k4 b5 b10 o9 b10 b7 k3 o6 k8 k9 b13 k6 b11 r2 r9 k5 j o7 k11 j b9",
        False,
        "points",
    ),
)


ISSUE_VIEWS: tuple[tuple[str, PlayerView], ...] = (
    (
        "rami voleur seed 452 action 89 (2.1-3.0 s)",
        PlayerView(
            player=0,
            rack=tuple(
                rk.parse_tiles(
                    "5s 7s 8s 10s Qs Qs 2h 3h 5h 6h 6h 7h 10h Kh Ad 2d 2d 4d 7d 9d 9d Jd "
                    "2c 3c 6c Jc Kc j"
                )
            ),
            table=rk.TableState.parse(
                "As Ah Ad | As Ah Ac | Ks Kh Kd | 10d Jd Qd | 9s 10s Js | 8s 8h 8d 8c | "
                "8h 9h 10h Jh Qh | 7s 7d 7c | 7c 8c j 10c | 5s 5d 5c | 3s 3h 3d 3c | "
                "3d 4d 5d | 2s 2h 2c | 2s 3s 4s"
            ),
            rack_sizes=(28, 7, 2),
            stock_size=22,
            current_player=0,
            phase=Phase.PLAY_OR_PASS,
            opened=(False, True, True),
            turn=44,
            outcome=None,
            profile=RAMI,
        ),
    ),
)
"""The bot decision quoted in the issue: the strategic bot at its defaults took 2.1-3.0 s
for it (three strategic bots, rami voleur, seed 452, action 89: a 28-card hand)."""
