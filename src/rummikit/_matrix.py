"""The rules matrix: which source each built-in profile follows, rule by rule, and why.

Before writing the profiles, the project set the published rules of each variant side by
side, one numbered row per rule; the ``row`` in each option's metadata (and in
:meth:`~rummikit.RuleProfile.describe`) is the number of the row the option answers. Where
the sources disagree, or say nothing, a default was chosen and numbered (D1 to D16).

This module holds what the options do not: each row's title, and for each built-in profile
the sources it follows there, a short note, and the default it took; then the defaults and
the sources themselves, each source named by what it is. It holds no value: a profile's
values are its options, read live where the matrix is shown (the docs' rules page,
``docs/rules.rst``, built by ``docs/_ext/rummikit_rules.py``), so the two cannot drift;
``tests/test_rules_matrix.py`` checks that every row an option names is here, and that every
row here is one an option names or is marked as a rule no option sets.

Notes and default texts are reStructuredText: ``:source:`key``` names a source and
``:rule:`12``` or ``:rule:`D3``` another row or default, as in the docs.

Nothing here is public API, and ``import rummikit`` does not load it.
"""

from __future__ import annotations

import re

import attrs

from rummikit._matrix_sources import SOURCES as SOURCES
from rummikit._matrix_sources import Source as Source
from rummikit._matrix_sources import source as source

MENTION = re.compile(
    r"\b(?:[Mm]atrix|[Rr]ows? \d+|D\d{1,2}\b|(?:[Ss]ources?|[Ss]eeds?) 00\d\b|"
    r"[Ss]ection 4\.\d|l\. \d+)|§|(?<![\w,.])00\d(?![\w,])"
)
"""How the docs may not name the matrix in plain text: a row, a default, a source's file
number, a section or line of a source, or the matrix itself. Each must be a link into the
rules page (``:rule:``, ``:source:``, ``:ref:`rules```); the docs build and
``tests/test_docs_links.py`` look for them."""

PROFILES = ("online", "pagat", "rami_voleur", "standard_rummy")
"""The built-in profiles, in the matrix's column order."""


@attrs.frozen
class Cell:
    """What one profile follows on one row."""

    sources: tuple[str, ...]
    """The keys of the sources it follows; empty when no source covers it."""
    note: str = ""
    """A short note: what the source says when the value alone does not, or why."""
    default: int = 0
    """The default chosen (``D<n>``) where the sources disagree or say nothing, or 0."""


@attrs.frozen
class Row:
    """One row of the matrix: one rule, against every built-in profile."""

    number: int
    title: str
    cells: tuple[Cell, Cell, Cell, Cell]
    """One per profile, in the order of :data:`PROFILES`."""
    rule: str = ""
    """For a row no option answers: the rule, stated as one the library keeps."""
    differ: str = ""
    """Where the sources disagree: a short reason for the choice."""

    @property
    def defaults(self) -> tuple[int, ...]:
        """The defaults the row's cells chose, in order, without repeats."""
        return tuple(dict.fromkeys(cell.default for cell in self.cells if cell.default))


@attrs.frozen
class Default:
    """A default chosen where the sources disagree or say nothing."""

    number: int
    title: str
    text: str


def _c(sources: str = "", note: str = "", default: int = 0) -> Cell:
    return Cell(tuple(sources.split()), note, default)


def _row(
    number: int,
    title: str,
    online: Cell,
    pagat: Cell,
    rami_voleur: Cell,
    standard_rummy: Cell,
    *,
    rule: str = "",
    differ: str = "",
) -> Row:
    return Row(number, title, (online, pagat, rami_voleur, standard_rummy), rule, differ)


ROWS = (
    _row(
        1,
        "The pieces",
        _c("rummi", "106 tiles: 104 numbered, 2 jokers."),
        _c("pagat", "106 tiles."),
        _c("ramio", "Two 52-card decks and two jokers, 106 cards; 104 without jokers."),
        _c("rummy", "One deck for two to four players, two decks for five or six."),
    ),
    _row(
        2,
        "Colours or suits",
        _c("rummi walkthrough", "Red, blue, black and orange (yellow in some editions)."),
        _c("pagat", "Black, red, blue and orange."),
        _c("ramio", "The four card suits."),
        _c("rummy", "The four card suits."),
        rule="No option: four colours for tiles, four suits for cards, as ``piece_set`` says. "
        "The notation's ``o`` is orange or yellow.",
    ),
    _row(
        3,
        "Ranks; where the 1 or ace goes",
        _c("rummi", "1 to 13; the 1 is always low; runs never wrap (12-13-1)."),
        _c("pagat", "The same: 1-2-3 is a run, 12-13-1 is not."),
        _c(
            "ramio",
            "Ace low (A-2-3) or high (Q-K-A), never K-A-2. The source does not say whether "
            "one run may hold an ace at each end; it may not.",
            default=1,
        ),
        _c("rummy", "Ace low only; ace high is a house rule (the option)."),
    ),
    _row(
        4,
        "Copies of each piece",
        _c("rummi"),
        _c("pagat"),
        _c("ramio", "Two: two decks."),
        _c("rummy", "One; two when a second deck comes in (:rule:`1`)."),
    ),
    _row(
        5,
        "Jokers",
        _c("rummi"),
        _c("pagat", "Two, with no colour."),
        _c("ramio", "Two, and the game may be played without them."),
        _c("rummy", "None; two as a house rule (the option)."),
    ),
    _row(
        6,
        "Players",
        _c("rummi", "Two to four, two by default."),
        _c("pagat", "Two to four; no usual number is named, so four."),
        _c("ramio", "Two to four."),
        _c("rummy", "Two to six."),
    ),
    _row(
        7,
        "Pieces dealt",
        _c("rummi", "14 each."),
        _c("pagat", "14 each."),
        _c("ramio", "13 each, whatever the number of players."),
        _c(
            "rummy bicycle",
            "By number of players: 10 for two, 7 for three or four, 6 for five or six from "
            "one deck or 10 from two.",
        ),
    ),
    _row(
        8,
        "Who starts",
        _c("disputes walkthrough wikipedia", "The source is silent.", default=2),
        _c(
            "disputes walkthrough wikipedia",
            "Silent in the text read; other write-ups have the highest drawn tile start.",
            default=2,
        ),
        _c("ramio", "Drawn by lot, then the start moves on each round."),
        _c("rummy", "The highest card deals; the player on the dealer's left starts."),
    ),
    _row(
        9,
        "What a turn is",
        _c("rummi", "Play at least one rack tile, or draw one."),
        _c("pagat disputes", "Draw one tile, or meld; a draw ends the turn."),
        _c("ramio", "Always draw one card first, then play if you like; never discard."),
        _c(
            "rummy",
            "Draw from the stock or the discard pile, lay melds or lay off if you like, then "
            "discard; not the card just taken.",
        ),
    ),
    _row(
        10,
        "Drawing when you could play",
        _c("rummi", "Allowed: you may draw rather than play."),
        _c("pagat", "Allowed."),
        _c("ramio", "Does not arise: everyone draws."),
        _c("rummy", "Does not arise: everyone draws."),
        rule="No option: it follows from ``turn_structure`` (:rule:`9`).",
    ),
    _row(
        11,
        "What opens",
        _c("rummi", "Melds worth 30 points or more."),
        _c("pagat disputes", "Melds worth 30 points or more."),
        _c(
            "ramio",
            "A *tierce franche*: three cards in sequence in one suit, from the hand, no "
            "joker; no points minimum.",
        ),
        _c("rummy", "The source names no requirement, and basic Rummy has none."),
    ),
    _row(
        12,
        "A joker in the opening's points",
        _c("rummi", "Online, a joker counts nothing.", default=3),
        _c("pagat disputes", "A joker counts as the tile it stands for.", default=3),
        _c("ramio", "A joker cannot be one of the *tierce franche*'s three cards."),
        _c("", "Does not arise: there is no opening requirement."),
        differ="The sources disagree; :source:`walkthrough` even says most publishers "
        "count the joker as nothing. Each profile keeps its own source.",
    ),
    _row(
        13,
        "The opening comes from the rack",
        _c("rummi", "Entirely from your rack, the table untouched."),
        _c("pagat", "Formed entirely from the player's hand."),
        _c("ramio", "The *tierce franche* comes from the hand."),
        _c("", "Does not arise."),
        rule="No option: a rule of every profile with an opening requirement; the turn judge "
        "checks it.",
    ),
    _row(
        14,
        "Working with the table in the opening turn",
        _c(
            "rummi disputes",
            "The source is unclear; the stricter reading is kept: the opening turn lays new "
            "melds from the rack only.",
            default=4,
        ),
        _c("pagat", "Allowed, in the same turn.", default=4),
        _c("ramio", "Allowed: the table may be rearranged in the same turn."),
        _c("rummy", "Laying off is always allowed; there is no opening."),
        differ="Pagat allows it; :source:`disputes` and :source:`wikipedia` make "
        "the player wait for the next turn.",
    ),
    _row(
        15,
        "Rearranging the table",
        _c("rummi", "Free: split, merge, move; the table must be valid at the end."),
        _c("pagat", "Free, except melds holding a joker (:rule:`17`)."),
        _c("ramio", "Free, jokers included."),
        _c("rummy", "Never: melds on the table may only be extended."),
    ),
    _row(
        16,
        "A rack tile in every play; nothing back to a rack",
        _c(
            "rummi disputes",
            "At least one rack tile, or draw. Silent on tiles going back to a rack: none "
            "does, jokers included.",
            default=5,
        ),
        _c(
            "pagat pagat-paraphrase",
            "At least one tile from the hand; a freed joker never goes to a hand.",
        ),
        _c("ramio", "At least one card from the hand joins the table; none ever returns."),
        _c("rummy", "Laying is optional; cards on the table never return."),
    ),
    _row(
        17,
        "Melds holding a joker",
        _c("rummi", "Free: taken apart and rebuilt like any other."),
        _c(
            "pagat",
            "Frozen: tiles may be added, but nothing taken or moved while the joker is in it "
            "(:source:`~rummi` calls it the most common rule).",
        ),
        _c("ramio", "Free: the joker moves about the table at will."),
        _c("", "Does not arise: the table is never rearranged."),
        differ="The online version and Pagat differ on purpose; each profile keeps its own.",
    ),
    _row(
        18,
        "Getting a joker back",
        _c("rummi", "By any rearrangement; no exact tile is needed."),
        _c("pagat-paraphrase disputes", "Only by putting the tile it stands for in its place."),
        _c("ramio", "Never to the hand, even for the card it stands for."),
        _c(
            "rummy",
            "With jokers (a house rule): swap the real card for it during your turn, and the "
            "joker goes to your hand (the option).",
        ),
    ),
    _row(
        19,
        "The tile that frees a joker",
        _c("", "Does not arise: jokers are free."),
        _c(
            "pagat-paraphrase disputes",
            "The exact tile; in a group of three, either missing colour.",
            default=6,
        ),
        _c("", "Does not arise."),
        _c("rummy", "The real card."),
        differ="The Official Rummikub Book and the 1980 Pressman edition need both missing "
        "colours (:source:`pagat-variations`): an option, off by default.",
    ),
    _row(
        20,
        "Where that tile comes from",
        _c("", "Does not arise."),
        _c("pagat", "The rack: a player who holds the tile.", default=7),
        _c("", "Does not arise."),
        _c("rummy", "The hand."),
        differ="Newer Pressman (Lemada) rules also allow a tile from the table "
        "(:source:`pagat-variations`, :source:`cardgamerummy`): an option, off by default.",
    ),
    _row(
        21,
        "Playing a freed joker",
        _c("", "It stays on the table, in a valid meld (:rule:`16`)."),
        _c(
            "pagat-paraphrase",
            "In the same turn, in some meld on the table, never to the hand.",
            default=8,
        ),
        _c("", "Does not arise."),
        _c("rummy", "It goes to the hand."),
        differ="Others want a new meld (:source:`disputes`, :source:`official`) or a new "
        "meld with two rack tiles (:source:`walkthrough`): values of the option.",
    ),
    _row(
        22,
        "No joker taken before opening",
        _c("rummi", "The table is untouched before the opening."),
        _c("disputes rummikub-org", "No retrieval before opening."),
        _c("ramio", "No: the *tierce franche* comes first."),
        _c("", "Does not arise."),
        rule="No option: a rule of every profile; a player who has not opened takes nothing "
        "from the table to open.",
    ),
    _row(
        23,
        "Jokers in one meld",
        _c("", "The source is silent.", default=9),
        _c(
            "pagat",
            "Two jokers may share a meld; a meld that reads both as a run and as a group "
            "must be declared one.",
            default=9,
        ),
        _c("ramio", "Several, as long as one real card remains.", default=9),
        _c("", "The source is silent.", default=9),
        differ=":source:`The Rummikub walkthrough <walkthrough>` forbids two jokers side by side: an option, off by "
        "default.",
    ),
    _row(
        24,
        "Fewest pieces in a meld",
        _c("rummi"),
        _c("pagat"),
        _c("ramio"),
        _c("rummy"),
    ),
    _row(
        25,
        "Most pieces in a group",
        _c("rummi"),
        _c("pagat"),
        _c("ramio", "Four (a *carré*)."),
        _c("rummy"),
    ),
    _row(
        26,
        "A group's suits all differ",
        _c("rummi"),
        _c("pagat"),
        _c("ramio", "Yes, even with two decks."),
        _c(
            "rummy",
            "No: groups ignore suits, which matters only with two decks.",
            default=10,
        ),
    ),
    _row(
        27,
        "Longest run",
        _c("rummi disputes"),
        _c("disputes"),
        _c("ramio", "13: the ace takes one end only.", default=1),
        _c("rummy", default=1),
        rule="No option: a rule of every profile. A run holds each rank once and an ace "
        "takes one end only, so no run is longer than 13.",
    ),
    _row(
        28,
        "Ending a turn with an invalid table",
        _c("rummi", "The table is restored, the tiles go back, three drawn.", default=11),
        _c(
            "pagat-paraphrase disputes",
            "The table is restored, three drawn.",
            default=11,
        ),
        _c("ramio", "Everything goes back in place; no penalty."),
        _c("", "Invalid melds are refused; the source has no penalty.", default=11),
        differ=":source:`The Rummikub walkthrough <walkthrough>` says the player draws, without saying how many.",
    ),
    _row(
        29,
        "Running out of time",
        _c("rummi", "Restore, and three tiles, as the source says.", default=12),
        _c(
            "pagat-paraphrase rummi",
            "Restore and three tiles if the table was changed; one, a normal draw, if not.",
            default=12,
        ),
        _c("", "The source has no time limit."),
        _c("", "The source has no time limit."),
        differ=":source:`rummikub-org` and others give one tile for going over time.",
    ),
    _row(
        30,
        "Time limit",
        _c(
            "rummi disputes",
            "30 s, 1 min, 1 min 30 or 2 min, chosen when the game is created.",
            default=13,
        ),
        _c("pagat-paraphrase", "For example, two minutes; or none.", default=13),
        _c("ramio", "None."),
        _c("rummy", "None."),
        differ="The box's rule is one minute (:source:`disputes`, :source:`cardgamerummy`).",
    ),
    _row(
        31,
        "An empty rack ends the round",
        _c("rummi", "The first to empty the rack ends the game."),
        _c("pagat disputes", "It ends the hand."),
        _c("ramio", "As soon as a player lays their last card."),
        _c("rummy", "By a meld, a lay-off or a discard; the last discard is optional."),
        rule="No option: a rule of every profile.",
    ),
    _row(
        32,
        "The stock runs out",
        _c("", "The source is silent; as pagat.", default=14),
        _c(
            "disputes wikipedia cardgamerummy",
            "Play goes on without drawing, until nobody can play.",
            default=14,
        ),
        _c(
            "ramio",
            "The round ends at once, with no winner: when a player must draw from the empty stock.",
            default=14,
        ),
        _c(
            "rummy",
            "The discards, but their top card, become a new stock: once, then the hand ends. "
            "A turn limit ends a game where a discard goes back and forth.",
            default=14,
        ),
    ),
    _row(
        33,
        "Who wins when nobody goes out",
        _c("", "The source is silent; as pagat.", default=15),
        _c("disputes cardgamerummy", "The lowest points.", default=15),
        _c("ramio", "Nobody (the option does not arise)."),
        _c("rummy", "The lowest hand total."),
        differ=":source:`The Rummikub walkthrough <walkthrough>` says the fewest tiles; here that breaks ties.",
    ),
    _row(
        34,
        "Scoring a round",
        _c("rummi", "The winner 0, the others their rack total; lower is better."),
        _c(
            "rummi walkthrough rummikub-org",
            "Zero-sum: each loser minus their own total, the winner the sum; by differences "
            "after a blocked end.",
            default=15,
        ),
        _c(
            "ramio",
            "Penalties: 2-10 their number, J/Q/K 10, ace 11, joker 50; the winner 0.",
        ),
        _c(
            "rummy",
            "Ace 1, 2-10 their number, J/Q/K 10, joker 15; the winner 0. Or winner takes "
            "all (an option, where a rummy pays double; the losers score 0, which the "
            "source leaves unsaid).",
        ),
    ),
    _row(
        35,
        "A joker left in hand",
        _c("rummi"),
        _c("rummi disputes"),
        _c("ramio"),
        _c("rummy"),
    ),
    _row(
        36,
        "When a match ends",
        _c("rummi", "One round is the whole game."),
        _c(
            "",
            "Silent in the text read: one round, unless three rounds or 500 "
            "(:source:`disputes`) or 1000 (:source:`walkthrough`) are set.",
            default=16,
        ),
        _c("ramio", "Scores add up; at 100 or more the fewest points win.", default=16),
        _c("rummy", "A player past 100 leaves; the last one left wins."),
    ),
)
"""The rows, in order."""


DEFAULTS = (
    Default(
        1,
        "An ace at both ends of a run",
        "Rami voleur allows A-2-3 and Q-K-A and forbids K-A-2, but :source:`ramio` does not "
        "say whether one run may hold an ace at each end (A to K to A). An ace takes one end "
        "only, so a run is at most 13 long: this matches :source:`rummy`, which never puts "
        "the ace at both ends of a run, and the 13-long runs of the tile games.",
    ),
    Default(
        2,
        "The first player",
        "Neither :source:`rummi` nor the text of :source:`pagat` the project read says who "
        "starts. Each player draws a tile and the highest number starts; a tie or a joker "
        "draws again, and the tiles go back before the deal "
        "(:source:`disputes`, :source:`walkthrough`, :source:`wikipedia`). A host may choose "
        "the first player itself (``Game.new(first_player=...)``).",
    ),
    Default(
        3,
        "A joker in the opening's points",
        "Pagat and :source:`disputes` count a joker as the tile it stands for; "
        ":source:`rummi` say the online version counts it as nothing, and "
        ":source:`walkthrough` says most publishers do. Each profile keeps its own source: "
        "``opening_joker_value`` is ``represented`` in pagat and ``zero`` online.",
    ),
    Default(
        4,
        "The table in the opening turn",
        ":source:`pagat` lets a player work with the table from the turn of the opening on; "
        ":source:`disputes` and :source:`wikipedia` make the player wait for the next turn, "
        "and :source:`rummi` are unclear. Pagat allows it, as long as the 30 points come from "
        "new melds made only of rack tiles. Online forbids it, the stricter reading of its "
        "source, backed by the write-up. The option is ``opening_table_play``.",
    ),
    Default(
        5,
        "Tiles going back to a rack",
        ":source:`The network's online Rummi rules <rummi>` only say the final table must be valid. No tile on the table, "
        "joker included, may go back to a rack, as in :source:`disputes`, :source:`ramio` "
        "and Pagat.",
    ),
    Default(
        6,
        "A group of three with a joker",
        "Either missing colour frees the joker (:source:`pagat-paraphrase`, "
        ":source:`disputes`). The option ``joker_group3_both_colours`` asks for both, as the "
        "Official Rummikub Book and the 1980 Pressman edition do (:source:`pagat-variations`).",
    ),
    Default(
        7,
        "Where the tile that frees a joker comes from",
        "From the rack, as Pagat's main text has it; its variations describe a table tile as "
        "a newer Pressman (Lemada) rule (:source:`pagat-variations`, :source:`cardgamerummy`). "
        "The option is ``joker_replacement_from_table``.",
    ),
    Default(
        8,
        "Playing a freed joker",
        "Anywhere on the table, in the same turn, never into a rack, as Pagat words it (known "
        "only through :source:`pagat-paraphrase`). Pagat's own example forbids moving a joker "
        "to the other end of its run, so a freed joker may not go back into the meld it left. "
        "``freed_joker`` also takes ``new_meld`` (:source:`disputes`, :source:`official`) and "
        "``new_meld_2_rack``, a new meld with at least two rack tiles (:source:`walkthrough`).",
    ),
    Default(
        9,
        "Jokers in one meld",
        "Any number, side by side or not, with at least one natural piece: "
        ":source:`ramio` and :source:`pagat` allow two jokers in a meld, and there are only "
        "two. :source:`walkthrough` forbids two jokers side by side; that is the option "
        "``forbid_adjacent_jokers``. A meld that could be a run or a group (one natural piece "
        "at most) must be declared one, as Pagat asks.",
    ),
    Default(
        10,
        "Suits in a standard rummy group",
        "With two decks, a group may hold the same suit twice: :source:`rummy` says groups "
        "ignore suits. This is the least certain default; ``group_distinct_suits`` turns it "
        "back.",
    ),
    Default(
        11,
        "Giving up with an invalid table",
        "The table is restored, the tiles go back and the player draws three (online and "
        "pagat; :source:`walkthrough` does not say how many); fewer if the stock holds fewer. "
        "Rami voleur and standard rummy refuse the turn and restore the table, with no "
        "penalty, as their sources have none.",
    ),
    Default(
        12,
        "Running out of time",
        "Online keeps :source:`rummi`'s three tiles, whatever the table. Pagat draws three if "
        "the table was changed and one, a normal draw, if it was not; "
        ":source:`rummikub-org` gives one tile for going over time. Rami voleur and standard "
        "rummy have no clock and no penalty.",
    ),
    Default(
        13,
        "The time limit",
        "Online: 60 seconds, one of the online version's choices (30, 60, 90 or 120) and the "
        "box's rule (:source:`disputes`). Pagat: 120 seconds, Pagat's example, and none is "
        "allowed. The host keeps the clock.",
    ),
    Default(
        14,
        "An empty stock",
        "Online and pagat: a player who cannot play passes, and a full round of passes ends "
        "the round (:source:`disputes`, :source:`wikipedia`). Rami voleur: the round ends, "
        "with no winner, when a player has to draw from the empty stock; whoever drew the "
        "last card still finishes that turn and may go out, which settles a timing "
        ":source:`ramio` leaves open. Standard rummy: the discard pile becomes the stock once, "
        "then the round ends, a finite rule where :source:`rummy` would go on for ever.",
    ),
    Default(
        15,
        "Winning and scoring a blocked round",
        "The lowest rack total wins (:source:`disputes`, :source:`cardgamerummy`); a tie goes "
        "to the fewest tiles (:source:`walkthrough`'s rule, used to break ties), and a tie "
        "that remains is a shared win. Pagat's zero-sum scoring then makes each loser pay "
        "only the difference between their total and the winner's, and the winner collect "
        "those differences, so the round still adds up to zero (:source:`disputes`, "
        ":source:`rummikub-org`). Online: the winner 0, the others their totals. Standard "
        "rummy: the lowest hand wins and scores as a winner.",
    ),
    Default(
        16,
        "When a match ends",
        "Pagat: one round, unless ``match_rounds`` or ``match_target`` is set: three rounds "
        "or 500 points (:source:`disputes`), 1000 (:source:`walkthrough`). Rami voleur: at "
        "100 or more the fewest points win, and a tie is shared (:source:`ramio` is silent "
        "on ties).",
    ),
)
"""The defaults, in order: ``DEFAULTS[n - 1]`` is D<n>."""


def row(number: int) -> Row:
    """The row numbered ``number``."""
    return ROWS[number - 1]
