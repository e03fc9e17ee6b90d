"""Standard rummy (profile D, ``standard_rummy``): every rule of source 004 (seed
``004_9fc999b61df7a5b7.txt``) as an example, named after the row of the rules matrix it
answers, then random whole games under the profile and its options.

Cards are written ``7s`` (seven of spades), ``10h``, ``Qd``, ``Ac``; one deck holds each card
once, two decks (five or six players) twice.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter, deque
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummikit as rk
from rummikit import wire
from rummikit.actions import Discard, TakeDiscard
from rummikit.bots import GreedyBot, RandomBot
from rummikit.game._setup import choose_first, shuffled
from tests.play.test_game import StackedDraws

STANDARD = rk.profiles.get("standard_rummy")


def cards(text: str) -> tuple[rk.Tile, ...]:
    return tuple(rk.parse_tiles(text))


def card(text: str) -> rk.Tile:
    return rk.parse_tile(text)


def every_card(game: rk.Game) -> Counter[rk.Tile]:
    """Table, hands, stock and discard pile together."""
    held = Counter(tile for rack in game.racks for tile in rack)
    return game.table.tiles + held + Counter(game.stock) + Counter(game.discards)


def position(
    racks: list[str],
    *,
    table: str = "",
    top: str = "",
    discards: str = "",
    stock: int | None = None,
    current: int = 0,
    opened: list[bool] | None = None,
    profile: rk.RuleProfile = STANDARD,
) -> rk.Game:
    """A game of ``len(racks)`` players: the stock starts with ``top`` and holds the rest of
    the deck, or only ``stock`` cards of it, the others going under the discard pile
    (``discards``, top last)."""
    deck = Counter(profile.deck_for(len(racks)))
    used = Counter(
        t for part in [*racks, table.replace("|", " "), top, discards] for t in cards(part)
    )
    rest = rk.pieces.sort_tiles((deck - used).elements())
    kept = rest if stock is None else rest[: max(stock - len(cards(top)), 0)]
    buried = rest[len(kept) :]
    return rk.Game.from_position(
        profile,
        table=table,
        racks=racks,
        stock=[*cards(top), *kept],
        discards=[*buried, *cards(discards)],
        current=current,
        opened=opened,
    )


def drawing_only(game: rk.Game) -> rk.Game:
    """One turn that draws from the stock and discards the card drawn: hands never change."""
    drawn = game.stock[0]
    return game.apply(rk.Draw()).apply(Discard(drawn))


# -- the deck and the deal (rows 1, 4-8) ----------------------------------------------------


@pytest.mark.parametrize(
    ("players", "size", "copies"), [(2, 52, 1), (3, 52, 1), (4, 52, 1), (5, 104, 2), (6, 104, 2)]
)
def test_row04_the_deck_follows_the_number_of_players(players, size, copies):
    """Source 004: "Un jeu standard de 52 cartes pour 2-4 joueurs. Ajoutez un second jeu (104
    cartes au total) pour 5-6 joueurs"; no jokers by default (row 5)."""
    deck = STANDARD.deck_for(players)
    assert len(deck) == size
    assert set(Counter(deck).values()) == {copies}
    assert not any(tile.is_joker for tile in deck)
    game = rk.Game.new(STANDARD, players, seed=players)
    assert every_card(game) == Counter(deck)


@pytest.mark.parametrize(("players", "hand"), [(2, 10), (3, 7), (4, 7), (5, 10), (6, 10)])
def test_row07_deal_sizes(players, hand):
    """Source 004: "2 joueurs = 10 cartes chacun, 3 joueurs = 7 ..., 4 joueurs = 7 ..., 5-6
    joueurs = 6 cartes chacun (jeu simple) ou 10 cartes chacun (deux jeux)"."""
    assert STANDARD.hand_size_for(players) == hand
    game = rk.Game.new(STANDARD, players, seed=7)
    assert [len(rack) for rack in game.racks] == [hand] * players
    assert game.stock_size == len(STANDARD.deck_for(players)) - players * hand - 1


@pytest.mark.parametrize("players", [5, 6])
def test_row07_one_deck_for_five_or_six_deals_six_cards(players):
    """Source 004: 5-6 players with a single deck get 6 cards each; ``extra_deck_from=None``
    keeps one deck whatever the number of players."""
    one_deck = STANDARD.evolve(extra_deck_from=None)
    assert len(one_deck.deck_for(players)) == 52
    game = rk.Game.new(one_deck, players, seed=3)
    assert [len(rack) for rack in game.racks] == [6] * players
    assert every_card(game) == Counter(one_deck.deck_for(players))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_row08_the_upcard_starts_the_discard_pile(players):
    """Source 004: "Retournez la carte du dessus face visible à côté de la pioche pour
    commencer la défausse": the first card after the hands is turned up."""
    seed = 20 + players
    game = rk.Game.new(STANDARD, players, seed=seed)
    rng = random.Random(seed)
    choose_first(STANDARD, players, rng)
    deck = shuffled(STANDARD, rng, players)
    dealt = players * STANDARD.hand_size_for(players)
    assert game.discards == (deck[dealt],)
    assert game.stock == tuple(deck[dealt + 1 :])
    assert game.taken is None
    assert game.view(game.current_player).discards == game.discards


def test_row08_the_player_left_of_the_dealer_starts():
    """Source 004: the highest card drawn deals ("Choisissez le premier donneur en tirant la
    carte la plus haute") and the player on the dealer's left starts; ties draw again."""
    assert STANDARD.first_player is rk.FirstPlayer.DEALER_LEFT
    # seat 1 draws the king and deals: seat 2 starts
    assert choose_first(STANDARD, 3, StackedDraws(STANDARD, "5s Kh 9d")) == 2
    # seats 1 and 2 tie on kings and draw again; seat 2 deals, seat 0 (on its left) starts
    assert choose_first(STANDARD, 3, StackedDraws(STANDARD, "5s Kh Kd", "3c 9h")) == 0
    firsts = {rk.Game.new(STANDARD, 4, seed=seed).current_player for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_row08_the_deal_rotates_one_seat_left_each_hand():
    """Source 004: "La donne tourne vers la gauche (dans le sens des aiguilles d'une montre)
    après chaque main"."""
    match = rk.Match.new(STANDARD.evolve(match_target=5000), 3, seed=2)
    firsts = [match.game.current_player]
    while len(match.rounds) < 2:
        drawn = match.game.stock[0]
        match = match.apply(rk.Draw()).apply(Discard(drawn))
        if match.game.turn == 0:  # a new round was dealt
            firsts.append(match.game.current_player)
    assert firsts == [(firsts[0] + k) % 3 for k in range(3)]


# -- a turn: draw, lay, discard (rows 9-11, 15, 16) -------------------------------------------


def test_row09_a_turn_draws_from_the_stock():
    """Source 004, step 1: "piochez EXACTEMENT UNE carte depuis le dessus de la pioche face
    cachée OU depuis le dessus de la défausse face visible"."""
    game = position(["2c 5d 9h", "As 2s 3s"], top="Kd", discards="8c")
    assert game.phase is rk.Phase.DRAW
    drawn = game.apply(rk.Draw())
    assert Counter(drawn.rack(0)) == Counter(cards("2c 5d 9h Kd"))
    assert drawn.stock == game.stock[1:]
    assert drawn.discards == game.discards
    assert drawn.taken is None
    assert drawn.current_player == 0
    assert drawn.phase is rk.Phase.PLAY_OR_DISCARD
    assert drawn.history == (rk.Draw(player=0),)


def test_row09_or_takes_the_top_of_the_discard_pile():
    """Source 004, step 1: the top card of the discard pile may be drawn instead; the view
    shows every player the pile and the card taken (discards are public)."""
    game = position(["2c 5d 9h", "As 2s 3s"], top="Kd", discards="4h 8c")
    taken = game.apply(TakeDiscard())
    assert Counter(taken.rack(0)) == Counter(cards("2c 5d 9h 8c"))
    assert taken.discards == cards("4h")
    assert taken.stock == game.stock
    assert taken.taken == card("8c")
    assert taken.phase is rk.Phase.PLAY_OR_DISCARD
    view = taken.view(1)
    assert (view.discards, view.taken) == (cards("4h"), card("8c"))


def test_row09_one_draw_a_turn():
    """Source 004, step 1: exactly one card ("EXACTEMENT UNE"): a second draw, from either
    pile, is refused (``wrong_phase``); so is taking from an empty pile."""
    game = position(["2c 5d 9h", "As 2s 3s"], discards="8c")
    for first in (rk.Draw(), TakeDiscard()):
        after = game.apply(first)
        assert after.check(rk.Draw()).codes == ("wrong_phase",)
        assert after.check(TakeDiscard()).codes == ("wrong_phase",)
    empty = position(["2c 5d 9h", "As 2s 3s"])
    assert empty.check(TakeDiscard()).codes == ("discard_pile_empty",)


def test_row09_lay_melds_and_lay_off_on_any_meld_then_discard():
    """Source 004, steps 2-4: any number of new melds, cards laid off on any meld on the
    table (the player's own or an opponent's), then "EXACTEMENT UNE carte" discarded,
    which ends the turn."""
    game = position(
        ["8c 9s 9h 9d Qc 3h Kd", "As 2s 3s"],
        table="5c 6c 7c | Qs Qh Qd",
        top="4h",
        opened=[False, True],
    )
    drawn = game.apply(rk.Draw())
    played = drawn.apply(rk.Play("5c 6c 7c 8c | Qs Qh Qd Qc | 9s 9h 9d"))
    assert Counter(played.rack(0)) == Counter(cards("3h 4h Kd"))
    assert played.opened == (True, True)
    assert played.phase is rk.Phase.DISCARD
    assert played.current_player == 0
    ended = played.apply(Discard(card("Kd")))
    assert ended.discards[-1] == card("Kd")
    assert Counter(ended.rack(0)) == Counter(cards("3h 4h"))
    assert ended.current_player == 1
    assert ended.phase is rk.Phase.DRAW
    assert ended.turn == 1


def test_row09_melding_is_optional_a_discard_ends_the_turn():
    """Source 004: steps 2 and 3 are "facultatif"; step 4, the discard, is not."""
    game = position(["2c 5d 9h", "As 2s 3s"], top="Kd").apply(rk.Draw())
    after = game.apply(Discard(card("Kd")))
    assert after.table == game.table
    assert after.current_player == 1
    assert Counter(after.rack(0)) == Counter(cards("2c 5d 9h"))


def test_row11_there_is_no_opening_threshold():
    """Matrix row 11, D: "none (seed silent; Basic Rummy has none)": any valid meld opens,
    an ace-low run worth 6 points included."""
    assert STANDARD.opening_rule is rk.OpeningRule.NONE
    assert STANDARD.check_opening(["As 2s 3s"]).ok
    game = position(["As 2s 3s Kd", "2c 5d 9h"], top="8c").apply(rk.Draw())
    assert game.check(rk.Play("As 2s 3s")).ok


@pytest.mark.parametrize(
    ("before", "rack", "after", "codes"),
    [
        # splitting a run to lay a card (source 004: "ni diviser")
        ("4h 5h 6h 7h 8h 9h", "10h", "4h 5h 6h | 7h 8h 9h 10h", ("rearrangement_forbidden",)),
        # moving a card from a group of four to a run
        (
            "7s 7h 7d 7c | 4c 5c 6c",
            "Kd",
            "7s 7h 7d | 4c 5c 6c 7c",
            ("no_rack_tile", "rearrangement_forbidden"),
        ),
        # joining two runs with the card between them
        ("4c 5c 6c | 8c 9c 10c", "7c", "4c 5c 6c 7c 8c 9c 10c", ("rearrangement_forbidden",)),
        # taking a card back from the table (a meld shrinks)
        (
            "7s 7h 7d 7c",
            "Kd",
            "7s 7h 7d",
            ("table_tile_to_rack", "no_rack_tile", "rearrangement_forbidden"),
        ),
    ],
)
def test_row15_no_rearrangement(before, rack, after, codes):
    """Source 004, step 3: "Vous ne pouvez pas réorganiser ni diviser les combinaisons
    existantes": the judge's existing codes refuse a split, a moved card, a merge and a
    shrunk meld, in the game as in :meth:`~rummikit.RuleProfile.check_turn`."""
    assert STANDARD.check_turn(before=before, rack=rack, after=after, opened=True).codes == codes
    game = position([rack, "2c 3d"], table=before, top="Jh", opened=[True, True]).apply(rk.Draw())
    with pytest.raises(rk.IllegalAction) as info:
        game.apply(rk.Play(after))
    assert info.value.codes == codes


def test_row15_lay_offs_at_either_end_of_a_run_and_to_a_group_are_allowed():
    """Source 004, step 3: "Vous pouvez ajouter des cartes isolées ... à toute combinaison
    déjà sur la table" (its example: 6♣ or 10♣ on 7♣ 8♣ 9♣)."""
    verdict = STANDARD.check_turn(
        before="7c 8c 9c | 5s 5h 5d",
        rack="6c 10c 5c",
        after="6c 7c 8c 9c 10c | 5s 5h 5d 5c",
        opened=True,
    )
    assert verdict.ok


# -- the discard (rows 9, 16) ---------------------------------------------------------------


def test_row09_the_card_taken_from_the_pile_may_not_be_discarded_that_turn():
    """Source 004, step 5 ("Règle de la même carte défaussée"): "vous NE POUVEZ PAS remettre
    cette même carte sur la défausse le même tour" (``discard_just_taken``); any other card
    may go."""
    game = position(["2c 5d 9h", "As 2s 3s"], discards="8c").apply(TakeDiscard())
    assert game.check(Discard(card("8c"))).codes == ("discard_just_taken",)
    assert game.check(Discard(card("9h"))).ok
    with pytest.raises(rk.IllegalAction):
        game.apply(Discard(card("8c")))
    drawn = position(["2c 5d 9h", "As 2s 3s"], top="8c", discards="4h").apply(rk.Draw())
    assert drawn.check(Discard(card("8c"))).ok  # drawn from the stock: it may go straight back


def test_row09_with_two_decks_the_same_card_rule_covers_both_copies():
    """Source 004 names the card, not the copy: with two decks, a copy of the card taken
    looks the same and may not be discarded either (a choice of the library, stated in
    ``docs/profiles/standard_rummy.rst``)."""
    racks = ["8c 2c 5d", "As 2s 3s", "Ah 2h 3h", "Ad 2d 3d", "Ac 2c 3c"]
    game = position(racks, discards="8c")
    assert len(STANDARD.deck_for(5)) == 104
    taken = game.apply(TakeDiscard())
    assert Counter(taken.rack(0))[card("8c")] == 2
    assert taken.check(Discard(card("8c"))).codes == ("discard_just_taken",)
    assert taken.check(Discard(card("5d"))).ok


def test_row09_no_discard_left():
    """Source 004, steps 4 and 5 together: a turn ends with a discard and the card taken
    may not be it, so taking the top card is refused when the hand holds only copies of it,
    and so is a play leaving only that card (``no_discard_left``); laying every card goes
    out instead."""
    racks = ["8c", "As 2s 3s", "Ah 2h 3h", "Ad 2d 3d", "Ac 2c 3c"]
    assert position(racks, discards="8c").check(TakeDiscard()).codes == ("no_discard_left",)
    game = position(["7s 8s 9s", "2c 5d"], discards="Kd").apply(TakeDiscard())
    assert game.check(rk.Play("7s 8s 9s")).codes == ("no_discard_left",)
    out = position(["Ks Kh 7d", "2c 5d"], discards="Kd").apply(TakeDiscard())
    assert out.check(rk.Play("Ks Kh Kd")).ok  # keeps 7d to discard


def test_row09_only_a_card_held_can_be_discarded():
    """Source 004, step 4: "une carte de votre main" (``not_in_hand``)."""
    game = position(["2c 5d 9h", "As 2s 3s"], top="Kd").apply(rk.Draw())
    assert game.check(Discard(card("As"))).codes == ("not_in_hand",)
    assert game.check(Discard(card("Qh"))).codes == ("not_in_hand",)


def test_row09_actions_out_of_order_are_refused_as_wrong_phase():
    """Source 004, step 1: the draw comes "avant toute autre action"; one play, then the
    discard, ends the turn: play before drawing, discard before drawing, a second play and
    a draw after playing are refused (``wrong_phase``) and change nothing."""
    game = position(["7s 8s 9s 2c 5d", "As 2s 3s"], top="Kd")
    assert game.check(rk.Play("7s 8s 9s")).codes == ("wrong_phase",)
    assert game.check(Discard(card("2c"))).codes == ("wrong_phase",)
    played = game.apply(rk.Draw()).apply(rk.Play("7s 8s 9s"))
    snapshot = attrs.evolve(played)
    assert played.check(rk.Play("7s 8s 9s")).codes == ("wrong_phase",)
    assert played.check(rk.Draw()).codes == ("wrong_phase",)
    assert played.check(TakeDiscard()).codes == ("wrong_phase",)
    for action in (rk.Play("7s 8s 9s"), rk.Draw(), TakeDiscard(), rk.Pass()):
        with pytest.raises(rk.IllegalAction):
            played.apply(action)
    assert played == snapshot


@pytest.mark.parametrize("steps", [0, 1, 2])
def test_row09_there_is_no_pass(steps):
    """Source 004: a turn always draws and always discards ("Vous devez vous défausser même
    si vous avez posé des combinaisons"), so a pass is refused at every step
    (``cannot_pass``)."""
    game = position(["7s 8s 9s 2c 5d", "As 2s 3s"], top="Kd")
    for action in [rk.Draw(), rk.Play("7s 8s 9s")][:steps]:
        game = game.apply(action)
    assert game.check(rk.Pass()).codes == ("cannot_pass",)


def test_row09_discard_actions_need_a_discard_pile():
    """The other profiles have no pile: the new actions are refused there
    (``no_discard_pile``)."""
    pagat = rk.Game.new("pagat", 2, seed=1)
    assert pagat.check(TakeDiscard()).codes == ("no_discard_pile",)
    assert pagat.check(Discard(pagat.rack(pagat.current_player)[0])).codes == ("no_discard_pile",)


# -- going out (row 31) --------------------------------------------------------------------


def test_row31_going_out_by_laying_every_card():
    """Source 004, step 6: "Vous pouvez sortir en déclarant toute votre main restante en
    combinaisons (avec ou sans défausse finale)": no discard follows."""
    game = position(["9h 10h", "Ks 2d"], top="Jh", opened=[True, True]).apply(rk.Draw())
    out = game.apply(rk.Play("9h 10h Jh"))
    assert out.outcome == rk.Outcome(rk.Termination.WENT_OUT, (0,), (0, 12))
    assert out.phase is rk.Phase.OVER
    assert out.check(Discard(card("9h"))).codes == ("game_over",)


def test_row31_going_out_by_a_lay_off():
    """Source 004, step 6: "ou en ajoutant votre dernière carte à une combinaison
    existante"."""
    game = position(["8c", "Ks 2d"], table="5c 6c 7c", top="9c", opened=[False, True])
    out = game.apply(rk.Draw()).apply(rk.Play("5c 6c 7c 8c 9c"))
    assert out.outcome is not None
    assert out.outcome.winners == (0,)
    assert out.outcome.termination is rk.Termination.WENT_OUT


def test_row31_going_out_by_discarding_the_last_card():
    """Source 004: "Le premier joueur à organiser toutes les cartes de sa main en
    combinaisons puis à défausser sa dernière carte sort et gagne la donne"."""
    game = position(["9h 10h 2c", "Ks 2d"], top="Jh").apply(rk.Draw()).apply(rk.Play("9h 10h Jh"))
    assert game.outcome is None
    out = game.apply(Discard(card("2c")))
    assert out.outcome == rk.Outcome(rk.Termination.WENT_OUT, (0,), (0, 12))
    assert out.discards[-1] == card("2c")
    assert out.rack(0) == ()


# -- an exhausted stock (rows 32, 33) -------------------------------------------------------


def test_row32_the_pile_but_its_top_card_becomes_the_new_stock():
    """Source 004, step 7: "prenez la défausse (sauf la carte du dessus, qui reste),
    mélangez-la et placez-la face cachée comme nouvelle pioche. La carte du dessus de la
    défausse reste disponible"."""
    game = position(["Ks Qs", "As 2h"], stock=1, discards="4d")
    pile = (*game.discards, game.stock[0])
    after = drawing_only(game)
    assert after.reshuffled == 1
    assert after.discards == (game.stock[0],)  # the card just discarded stays on top
    assert Counter(after.stock) == Counter(pile[:-1])
    assert after.check(TakeDiscard()).ok
    assert every_card(after) == Counter(STANDARD.deck_for(2))


def test_row32_a_reshuffle_is_seeded_same_seed_same_new_stock():
    """Source 004 shuffles the pile; the library seeds that shuffle by the game's seed and
    the number of the reshuffle, so a seed and the actions replay a game exactly."""

    def until_reshuffled(seed: int) -> tuple[rk.Game, tuple[rk.Tile, ...]]:
        game = rk.Game.new(STANDARD, 2, seed=seed)
        while True:
            before = game
            game = drawing_only(game)
            if game.reshuffled:
                return game, (*before.discards, before.stock[0])

    first, pile = until_reshuffled(5)
    again, _ = until_reshuffled(5)
    assert first.stock == again.stock
    expected = list(pile[:-1])
    random.Random("rummikit reshuffle 5 1").shuffle(expected)
    assert first.stock == tuple(expected)
    assert rk.loads(rk.dumps(first)) == first


@pytest.mark.parametrize(
    ("options", "reshuffles"),
    [({}, 1), ({"reshuffles": 0}, 0), ({"reshuffles": 2}, 2)],
    ids=["default", "none", "two"],
)
def test_row32_d14_the_round_ends_when_no_reshuffle_is_left_lowest_hand_wins(options, reshuffles):
    """Matrix D14 replaces source 004's "tourne indéfiniment" by a bound: one reshuffle by
    default, then the round ends (``STOCK_EXHAUSTED``); source 004 ("Victoire") declares the
    lowest hand the winner, and the others pay their hands (standard scoring, row 33)."""
    profile = STANDARD.evolve(**options)
    game = position(["Ks Qs", "As 2h"], profile=profile)
    while game.outcome is None:
        game = drawing_only(game)
    assert game.reshuffled == reshuffles
    assert game.outcome == rk.Outcome(rk.Termination.STOCK_EXHAUSTED, (1,), (20, 0))


@pytest.mark.parametrize("action", [rk.Draw(), rk.Timeout()], ids=["draw", "timeout"])
def test_regression_a_position_with_an_empty_stock_reshuffles_before_the_draw(action):
    """A game set up with an empty stock and a reshuffle left ended at the first draw
    (``STOCK_EXHAUSTED``), though taking the discard and discarding reshuffled: source 004,
    step 7, turns the pile into a new stock whenever the stock runs out."""
    game = position(["Ks Qs", "As 2h"], stock=0, discards="4d")
    assert game.stock == ()
    after = game.apply(action)
    assert after.outcome is None
    assert after.reshuffled == 1
    assert every_card(after) == Counter(STANDARD.deck_for(2))
    assert card("4d") not in after.stock
    if isinstance(action, rk.Draw):
        assert after.discards == cards("4d")
        assert len(after.rack(0)) == 3
    spent = position(["Ks Qs", "As 2h"], stock=0, profile=STANDARD.evolve(reshuffles=0))
    ended = spent.apply(action)
    assert ended.outcome == rk.Outcome(rk.Termination.STOCK_EXHAUSTED, (1,), (20, 0))


def test_row32_stock_end_end_no_winner_ends_the_round_with_everyone_paying():
    """The option ``stock_end="end_no_winner"``: no reshuffle; nobody wins and every hand
    pays."""
    profile = STANDARD.evolve(stock_end="end_no_winner")
    game = position(["Ks Qs", "As 2h"], stock=3, profile=profile)
    while game.outcome is None:
        game = drawing_only(game)
    assert game.reshuffled == 0
    assert game.outcome == rk.Outcome(rk.Termination.STOCK_EXHAUSTED, (), (20, 3))


def test_row32_turn_limit_ends_a_round_that_goes_on():
    """Source 004: "Une donne sans gagnant (la pioche tourne indéfiniment sans que
    personne ne sorte) est résolue en déclarant gagnant ... le total de cartes en main le
    plus bas": ``turn_limit`` (300 by default, required where turns end with a discard)
    ends it (``TURN_LIMIT``), won by the lowest hand."""
    assert STANDARD.turn_limit == 300
    game = position(["Ks Qs", "As 2h"], profile=STANDARD.evolve(turn_limit=5))
    for _ in range(4):
        game = drawing_only(game)
    assert game.outcome is None
    game = drawing_only(game)
    assert game.outcome == rk.Outcome(rk.Termination.TURN_LIMIT, (1,), (20, 0))
    assert game.turn == 4
    with pytest.raises(rk.InvalidOption) as info:
        STANDARD.evolve(turn_limit=None)
    assert info.value.option == "turn_limit"


def test_row32_the_longest_round_fits_in_a_record():
    """A round ends by ``turn_limit``, at most 3,000 turns of at most three actions (draw,
    play, discard), so every round of a draw-and-discard game can be saved
    (:data:`~rummikit.game.MAX_ACTIONS`, whose reasoning counts them)."""
    with pytest.raises(rk.InvalidOption) as info:
        STANDARD.evolve(turn_limit=3001)
    assert info.value.option == "turn_limit"
    assert rk.game.MAX_ACTIONS >= 3 * 3000


# -- time-outs and giving up (rows 28, 29) ---------------------------------------------------


def test_row29_a_timeout_draws_if_needed_and_discards_the_costliest_card():
    """Source 004 has no clock; the library ends a timed-out turn as a turn must end: the
    player draws (if not done yet) and discards the costliest card, never the one taken
    from the pile, with no penalty (D11/D12: refuse and revert)."""
    game = position(["2c 5d 9h", "As 2s 3s"], top="4h", discards="Kd")
    timed_out = game.apply(rk.Timeout())
    assert Counter(timed_out.rack(0)) == Counter(cards("2c 5d 4h"))
    assert timed_out.discards[-1] == card("9h")
    assert timed_out.penalties == (0, 0)
    assert timed_out.current_player == 1
    taken = game.apply(TakeDiscard()).apply(rk.Timeout())
    assert taken.discards[-1] == card("9h")  # not the king just taken
    assert Counter(taken.rack(0)) == Counter(cards("2c 5d Kd"))
    gave_up = game.apply(rk.Draw()).apply(rk.GiveUp())
    assert gave_up.discards[-1] == card("9h")
    assert gave_up.history[-1] == rk.GiveUp(player=0)


# -- melds (rows 3, 24-27) -----------------------------------------------------------------


def test_row26_groups_ignore_suits_with_two_decks():
    """Source 004: "Les couleurs ne comptent que pour les suites ... Les groupes (trois ou
    quatre du même rang) ignorent les couleurs" (D10): 7♠ 7♠ 7♥ is a group; five sevens
    are not (row 25: "trois ou quatre")."""
    assert STANDARD.read_meld("7♠ 7♠ 7♥").kind is rk.MeldKind.GROUP
    assert STANDARD.is_valid_meld("7s 7s 7h 7h")
    with pytest.raises(rk.InvalidMeld) as info:
        STANDARD.read_meld("7s 7s 7h 7d 7c")
    assert info.value.code == "group_too_large"
    racks = ["7s 7h Kd", "As 2s 3s", "Ah 2h 3h", "Ad 2d 3d", "Ac 2c 3c"]
    game = position(racks, top="7s").apply(rk.Draw())
    assert game.check(rk.Play("7s 7s 7h")).ok


def test_row03_ace_low_only_by_default():
    """Source 004: "l'As est BAS uniquement (A-2-3 est une suite valide, mais D-R-A ne
    l'est pas)"."""
    assert STANDARD.is_valid_meld("As 2s 3s")
    with pytest.raises(rk.InvalidMeld) as info:
        STANDARD.read_meld("Qs Ks As")
    assert info.value.code == "wraps_around"


def test_row03_ace_high_option_but_never_both_ends():
    """Source 004: "Les règles de maison permettant l'As haut ou bas (mais jamais les deux
    dans une même suite : R-A-2 ne forme jamais une boucle)" (option ``ace_high``)."""
    high = STANDARD.evolve(ace_high=True)
    assert high.is_valid_meld("Qs Ks As")
    assert high.is_valid_meld("As 2s 3s")
    for profile in (STANDARD, high):
        assert not profile.is_valid_meld("Ks As 2s")


def test_row05_jokers_are_an_option_worth_15_and_wild():
    """Source 004: "Certaines règles familiales ajoutent 2 jokers"; "jokers (si utilisés) =
    15"; wild in any meld."""
    jokers = STANDARD.evolve(jokers=2)
    assert Counter(jokers.deck_for(2))[rk.JOKER] == 2
    assert jokers.piece_value("j") == 15
    assert jokers.is_valid_meld("7s 7h j")
    assert jokers.is_valid_meld("4c j 6c")


def test_row34_card_values():
    """Source 004: "A = 1 ; 2-10 = valeur nominale ; V, D, R = 10 chacun"."""
    values = [STANDARD.piece_value(tile) for tile in cards("As 2s 7h 10d Jc Qs Kh")]
    assert values == [1, 2, 7, 10, 10, 10, 10]


# -- random whole games ---------------------------------------------------------------------

VARIANTS = {
    profile.name: profile
    for profile in [
        STANDARD,
        STANDARD.evolve(name="rummy_jokers", jokers=2),
        STANDARD.evolve(name="rummy_no_reshuffle", reshuffles=0),
        STANDARD.evolve(name="rummy_two_reshuffles", reshuffles=2, turn_limit=120),
        STANDARD.evolve(name="rummy_end_no_winner", stock_end="end_no_winner"),
        STANDARD.evolve(name="rummy_ace_high_one_deck", ace_high=True, extra_deck_from=None),
    ]
}
"""Standard rummy and the options its games turn on (each named, so that a falsifying
example names its rules)."""

BOTS = {"random": RandomBot, "greedy": GreedyBot}


@st.composite
def whole_games(draw: st.DrawFn) -> tuple[rk.Game, list[rk.bots.Bot]]:
    """A dealt game under a variant, with a random or greedy bot in each seat."""
    profile = VARIANTS[draw(st.sampled_from(sorted(VARIANTS)))]
    players = draw(st.integers(2, 6))
    seed = draw(st.integers(0, 2**32))
    kinds = draw(st.lists(st.sampled_from(sorted(BOTS)), min_size=players, max_size=players))
    bots = [BOTS[kind](random.Random(seed + seat)) for seat, kind in enumerate(kinds)]
    return rk.Game.new(profile, players, seed), bots


def played(game: rk.Game, bots: list[rk.bots.Bot]) -> Iterator[tuple[rk.Game, rk.Action]]:
    """Each game after an action of its bots, with the action, to the end of the round."""
    for _ in range(rk.game.MAX_ACTIONS):
        if game.outcome is not None:
            return
        seat = game.current_player
        action = bots[seat].choose(game.view(seat))
        game = game.apply(action)
        yield game, action
    raise AssertionError("the round did not end")


def game_after(start: rk.Game, bots: list[rk.bots.Bot], actions: int) -> rk.Game:
    """The game after at most ``actions`` actions of its bots."""
    last = deque(itertools.islice(played(start, bots), actions), maxlen=1)
    return last[0][0] if last else start


def kept_whole(before: rk.TableState, after: rk.TableState) -> bool:
    """Whether every meld of ``before`` lies whole in its own meld of ``after`` (laying off
    adds to a meld; nothing splits, merges or moves): a matching of old melds to new ones
    containing them."""
    olds = [Counter(meld.tiles) for meld in before]
    news = [Counter(meld.tiles) for meld in after]
    owner: dict[int, int] = {}

    def place(old: int, seen: set[int]) -> bool:
        for new, tiles in enumerate(news):
            if new in seen or olds[old] - tiles:
                continue
            seen.add(new)
            if new not in owner or place(owner[new], seen):
                owner[new] = old
                return True
        return False

    return all(place(old, set()) for old in range(len(olds)))


@settings(max_examples=12)
@given(whole_games())
def test_random_games_keep_every_card_in_one_place_and_end(start_and_bots):
    """Source 004 as a whole, played by random and greedy bots under the profile and its
    options: after every action each card is in exactly one place (table, a hand, the
    stock or the pile), the table only grows by lay-offs and new melds (row 15), the card
    taken is never discarded in its turn, and every round ends, won by someone who went out
    or by the lowest hand (scores never negative, the winners' 0)."""
    start, bots = start_and_bots
    profile = start.profile
    deck = Counter(profile.deck_for(len(start.players)))
    previous = game = start
    for game, action in played(start, bots):
        assert every_card(game) == deck
        assert game.history == (*previous.history, game.history[-1])
        if isinstance(action, rk.Play):
            assert kept_whole(previous.table, game.table)
            assert all(profile.is_valid_meld(meld) for meld in game.table)
        if previous.taken is not None and game.current_player != previous.current_player:
            assert game.discards[-1:] != (previous.taken,) or game.reshuffled > previous.reshuffled
        previous = game
    outcome = game.outcome
    assert outcome is not None
    assert game.turn < profile.turn_limit
    assert all(score >= 0 for score in outcome.scores)
    assert all(outcome.scores[seat] == 0 for seat in outcome.winners)
    if outcome.termination is rk.Termination.WENT_OUT:
        assert [game.rack(seat) for seat in outcome.winners] == [()]
    elif profile.stock_end is rk.StockEnd.END_NO_WINNER:
        assert outcome.winners == ()
    else:
        totals = [sum(map(profile.piece_value, rack)) for rack in game.racks]
        assert {totals[seat] for seat in outcome.winners} == {min(totals)}
    assert game.reshuffled <= (
        profile.reshuffles if profile.stock_end is rk.StockEnd.RESHUFFLE else 0
    )


@settings(max_examples=10)
@given(whole_games(), st.integers(0, 400))
def test_random_games_replay_from_their_records_and_views_travel(start_and_bots, stop):
    """A record (``rk.dumps``) holds the seed and the actions: loaded, it replays to the
    same game, the discard pile and its reshuffles included; and every seat's view, the
    pile and the card taken included, is written and read back equal on the wire."""
    start, bots = start_and_bots
    game = start
    for count, (game, _) in enumerate(played(start, bots)):
        if count == stop:
            break
        view = game.view(game.current_player)
        assert wire.loads(wire.dumps(view)) == view
    assert rk.loads(rk.dumps(game)) == game
    replayed = rk.Game.new(start.profile, len(start.players), start.seed)
    for action in game.history:
        replayed = replayed.apply(action)
    assert replayed == game
    for seat in game.players:
        view = game.view(seat)
        assert wire.loads(wire.dumps(view)) == view


@settings(max_examples=10)
@given(whole_games(), st.integers(0, 200), st.data())
def test_illegal_actions_change_nothing(start_and_bots, stop, data):
    """Whatever the point of the turn, an action refused says why (the codes of
    :meth:`~rummikit.Game.check`) and leaves the game as it was."""
    game = game_after(*start_and_bots, stop)
    if game.outcome is not None:
        return
    snapshot = attrs.evolve(game)
    deck = sorted(set(game.profile.deck_for(len(game.players))))
    tried = [
        rk.Draw(),
        TakeDiscard(),
        rk.Pass(),
        rk.Play(game.table),
        Discard(data.draw(st.sampled_from(deck))),
        rk.Draw(player=(game.current_player + 1) % len(game.players)),
    ]
    if game.taken is not None:
        tried.append(Discard(game.taken))
    for action in tried:
        verdict = game.check(action)
        if verdict.ok:
            continue
        with pytest.raises(rk.IllegalAction) as info:
            game.apply(action)
        assert info.value.codes == verdict.codes
        assert game == snapshot


def test_regression_taking_the_discard_to_go_out_by_laying_off_is_allowed():
    """Found by a review: a hand of one joker could not take the top joker although both
    could be laid off, going out "avec ou sans défausse finale" (source 004, step 6); the
    take is refused only when the copies cannot all be laid off."""
    jokers = rk.profiles.get("standard_rummy").evolve(jokers=2)
    deck = list(jokers.deck_for(2))
    for tile in rk.parse_tiles("4s 5s 6s 9h 10h Jh j j Qd"):
        deck.remove(tile)
    game = rk.Game.from_position(
        jokers, table="4s 5s 6s | 9h 10h Jh", racks=["j", "Qd"], stock=deck, discards="j"
    )
    game = game.apply(rk.TakeDiscard())
    game = game.apply(rk.Play("4s 5s 6s j | 9h 10h Jh j"))
    assert game.outcome is not None
    assert game.outcome.winners == (0,)
    stuck = rk.Game.from_position(
        jokers,
        table="",
        racks=["j", "Qd"],
        stock=[*deck, *rk.parse_tiles("4s 5s 6s 9h 10h Jh")],
        discards="j",
    )
    assert stuck.check(rk.TakeDiscard()).codes == ("no_discard_left",)
