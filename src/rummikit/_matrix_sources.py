"""The sources the rules matrix cites (see :mod:`rummikit._matrix`), each named by what it
is: the published rules the built-in profiles follow, and the write-ups that settled where
those disagree. Kept apart from the rows so that each file holds one list.

Nothing here is public API, and ``import rummikit`` does not load it.
"""

from __future__ import annotations

import attrs

__all__ = ["SOURCES", "Source", "source"]


@attrs.frozen
class Source:
    """A source the profiles follow."""

    key: str
    """How notes cite it (``:source:`key```) and its anchor (``rules-source-key``)."""
    name: str
    """What it is, as a noun phrase that fits a sentence."""
    short: str
    """A name short enough for a table cell."""
    about: str
    """What it says that the profiles use, and how the project read it."""
    url: str = ""
    """Where it was read, when it is on the web under an address worth giving."""
    tags: tuple[str, ...] = ()
    """Its tags in the project's working notes, for maintainers who keep them."""


SOURCES = (
    Source(
        "rummi",
        "the network's online Rummi rules",
        "online Rummi",
        "A French page giving the complete rules of Rummi, the tile game, as published, and "
        "saying where the network's online version departs from them: a joker worth nothing "
        "in the opening, melds holding a joker as free as any other, three tiles for running "
        "out of time, a clock set when the game is created. The online profile follows its "
        "online version. It is also the only text the project has for Pagat's scoring (the "
        "winner scores what the others lose, a joker in hand costs 30).",
        tags=("000",),
    ),
    Source(
        "pagat",
        "Pagat's Rummikub rules (Sabra)",
        "Pagat",
        "John McLeod's Rummikub page on pagat.com, under the Sabra rules the pagat profile is "
        "named after. The project read its first paragraphs (equipment, players, deal) in a "
        "stored copy of the page, and its Sabra paragraphs (melds, the turn, the opening, "
        "rearranging the table, the frozen joker meld, two jokers in one meld) word for word "
        "in copies on other sites. The live page was not checked; it may now be at "
        "https://www.pagat.com/tile/wrummy/rummikub.html.",
        url="https://pagat.com/rummy/rummikub.html",
        tags=("P", "P-v", "P-j", "P-2j"),
    ),
    Source(
        "pagat-paraphrase",
        "a paraphrase of Pagat's joker and time-limit paragraphs",
        "Pagat (paraphrase)",
        "Pagat's paragraphs on freeing a joker and on the time limit were found only in a "
        "close sentence-by-sentence paraphrase on another site, not word for word: a joker is "
        "freed by the tile it stands for and played again at once, never taken into the hand; "
        "in a group of three, either missing colour frees it; a turn has a limit of about two "
        "minutes, and a player who runs over restores the table and draws three tiles. The "
        "rules that rest on it say so.",
        tags=("P-r",),
    ),
    Source(
        "pagat-variations",
        "Pagat's variations",
        "Pagat's variations",
        "Pagat's list of variations, read in quotations on other sites: the Official "
        "Rummikub Book and the 1980 Pressman edition need both missing colours to free a joker "
        "from a group of three, and newer Pressman (Lemada) rules let the tile that frees a "
        "joker come from the table. Both are options of the profiles, not their defaults.",
        tags=("P-var",),
    ),
    Source(
        "disputes",
        "the rules-and-disputes write-up",
        "disputes write-up",
        "A French write-up of Rummikub's official rules and of the arguments they cause at "
        "the table: the opening's 30 points come from the rack alone and the table waits for "
        "the next turn, the box's one-minute limit, who starts, how a blocked game is won, "
        "and matches of three rounds or 500 points.",
        tags=("001",),
    ),
    Source(
        "walkthrough",
        "the Rummikub walkthrough",
        "walkthrough",
        "A French walkthrough of a Rummikub game, jokers included. It mixes several "
        "editions: the fewest tiles win a blocked game, a joker is worth nothing in the "
        "opening, a freed joker needs two rack tiles to be played again, two jokers may not "
        "stand side by side, games go to 1000. None of its rules is a profile's default; "
        "those the profiles support are options.",
        tags=("002",),
    ),
    Source(
        "ramio",
        "Ramio's rami voleur rules",
        "Ramio",
        "A French page on playing Rummikub with cards: rami voleur (or rami chinois) as "
        "Ramio, a rami voleur app, plays it, with two 52-card decks and two jokers. The "
        "rami_voleur profile follows it.",
        tags=("003",),
    ),
    Source(
        "rummy",
        "the standard Rummy write-up",
        "Rummy write-up",
        "A French write-up of Rummy as the basic draw-and-discard card game (Standard, Basic "
        "or Straight Rummy): the deal by number of players, drawing from the stock or the "
        "discard pile, laying off, discarding, scoring, and its house variants (jokers, "
        "ace high, winner takes all). The standard_rummy profile follows it.",
        tags=("004",),
    ),
    Source(
        "official",
        "the official Rummikub site",
        "official site",
        "The rules on the game's own site; the project cites its rule that a freed joker "
        "must be used in a new set in the same turn.",
        url="https://rummikub.com/rules/",
        tags=("OFF",),
    ),
    Source(
        "wikipedia",
        "Wikipedia's Rummikub article",
        "Wikipedia",
        "Read through mirrors and quotations: who starts, the opening's table play waiting "
        "for a later turn, and play going on once the pool is empty.",
        url="https://en.wikipedia.org/wiki/Rummikub",
        tags=("W",),
    ),
    Source(
        "rummikub-org",
        "rummikub.org",
        "rummikub.org",
        "A Rummikub site's scoring and Sabra game-play pages: a blocked game scored by "
        "differences, one tile for running out of time, no joker taken before opening.",
        url="https://www.rummikub.org/scoring",
        tags=("ORG",),
    ),
    Source(
        "cardgamerummy",
        "cardgamerummy.com",
        "cardgamerummy.com",
        "A Rummikub game-play page in the style of the official rules: the box's one-minute "
        "limit, newer rules letting a table tile free a joker, the lowest total winning a "
        "blocked game.",
        url="http://www.cardgamerummy.com/2008/08/rummikub-gameplay/",
        tags=("CGR",),
    ),
    Source(
        "bicycle",
        "Bicycle's Rummy rules",
        "Bicycle",
        "The playing-card maker's Rummy page, which the standard Rummy write-up agrees with "
        "on how many cards each player is dealt.",
        url="https://lb.bicyclecards.com/how-to-play/rummy-rum",
        tags=("BIC",),
    ),
)
"""Every source the matrix cites."""


def source(key: str) -> Source:
    """The source cited as ``key``."""
    for candidate in SOURCES:
        if candidate.key == key:
            return candidate
    raise KeyError(key)
