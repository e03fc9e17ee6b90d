"""The same position gives the same :class:`~rummikit.solver.Solution` in every process: the
same score and the same table, down to which play of equal worth, whatever the hash seed
and whatever the process solved before."""

from __future__ import annotations

import random

import attrs

import rummikit as rk
from rummikit.moves import rack_melds
from tests.elsewhere import HASH_SEEDS, output, start_python

PROFILES = (
    rk.profiles.get("online"),
    rk.profiles.get("pagat"),
    attrs.evolve(rk.profiles.get("pagat"), name="pagat_new_meld", freed_joker="new_meld"),
    rk.profiles.get("rami_voleur"),
)


def position(profile: rk.RuleProfile, seed: int) -> tuple[rk.TableState, list[rk.Tile]]:
    """A table of melds made from a seeded draw of the deck, and a rack of what is left."""
    rng = random.Random(seed)
    deck = list(profile.deck)
    rng.shuffle(deck)
    drawn, rack = deck[: rng.randrange(20, 50)], deck[60 : 60 + rng.choice((8, 14, 20))]
    melds, left = [], list(drawn)
    for meld in rack_melds(profile, drawn):
        if all(left.count(tile) >= meld.tiles.count(tile) for tile in meld.tiles):
            melds.append(meld)
            for tile in meld.tiles:
                left.remove(tile)
    return rk.TableState(melds), rack


def listing(backwards: bool = False) -> str:
    """Every solve of a few positions, its options and its solution, one per line (solved
    last to first if ``backwards``, listed first to last either way)."""
    solves = [
        (profile, seed, opened, objective, budget)
        for profile in PROFILES
        for seed in range(3)
        for opened, objective, budget in (
            (True, "tiles", None),
            (True, "points", 200),
            (seed == 0, "points", None),
        )
    ]
    lines = {}
    for number in reversed(range(len(solves))) if backwards else range(len(solves)):
        profile, seed, opened, objective, budget = solves[number]
        table, rack = position(profile, seed)
        found = rk.solve(profile, table, rack, opened=opened, objective=objective, budget=budget)
        lines[number] = f"{profile.name} {seed} {opened} {objective} {budget}: {found!r}\n"
    return "".join(lines[number] for number in range(len(solves)))


def test_the_solver_answers_the_same_under_any_hash_seed_and_history():
    """The solver keeps tables between solves (the meld readings, its steps and states):
    solving in another order, in a fresh interpreter, must not change an answer."""
    code = "from tests.solver.test_determinism import listing; print(listing({}), end='')"
    runs = [
        start_python(["-c", code.format(backwards)], seed)
        for backwards, seed in zip((False, True), HASH_SEEDS, strict=True)
    ]
    here = listing()
    assert [output(run) for run in runs] == [here, here]
