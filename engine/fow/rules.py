"""Citations of the Force of Will whitepaper ver. 2.3 (``fow-whitepaper-2.3``).

The engine cites the document's own section numbers (``1``..``14``, ``6.1``, ``10.10`` …),
exactly as listed in ``docs/sections-fow-whitepaper-2.3.md``; :func:`wp` refuses any other
number, so a later rules version's numbering can never slip in. Where the document is silent
a step carries a :class:`~engine.core.Ruling` instead (``rule: null`` in the trace).
"""

from __future__ import annotations

from ..core import NOT_COVERED, Rule, Ruling

DOCUMENT = "fow-whitepaper-2.3"
"""The slug of the one document this ruleset cites."""

SECTIONS = frozenset(
    [str(n) for n in range(1, 15)]
    + [f"1.{i}" for i in range(1, 6)] + [f"2.{i}" for i in range(1, 10)] + [f"3.{i}" for i in range(1, 16)]
    + ["4.1", "4.2"] + [f"5.{i}" for i in range(1, 5)] + [f"6.{i}" for i in range(1, 5)]
    + [f"7.{i}" for i in range(1, 13)] + [f"8.{i}" for i in range(1, 7)] + [f"9.{i}" for i in range(1, 12)]
    + [f"10.{i}" for i in range(1, 20)] + [f"11.{i}" for i in range(1, 8)] + [f"12.{i}" for i in range(1, 4)]
    + [f"13.{i}" for i in range(1, 5)] + ["14.1", "14.2"]
)
"""Every section number of the whitepaper (117 units, docs/sections-fow-whitepaper-2.3.md)."""



def wp(number: str) -> Rule:
    """Return the citation of whitepaper section ``number``; raise ``KeyError`` if it has none.

    >>> wp("6.2").url
    '/rules/fow-whitepaper-2.3/6.2/'
    """
    if number not in SECTIONS:
        raise KeyError(f"the whitepaper 2.3 has no section {number}")
    return Rule(DOCUMENT, number)


SILENT = "silent:"
"""Prefix of a vocabulary rule key on which the whitepaper is silent (``silent:counters``)."""

SILENT_POINTS = {
    "cannot_evaluate": "card text the engine cannot read",
    "life_payment_over_life": "paying more life than the player has (1.5 and 9.3 do not say whether it can be paid)",
    "hand_limit_chooser": "who chooses the cards discarded down to the hand limit (5.4)",
    "attack_target_gone": "an attack target that left the field (8.5 still names it)",
    "battle_duration_outside_battle": "an effect lasting during or until the end of a battle that begins outside a battle (8.6 ends such effects in the end of battle step; 5.4 ends only 'until end of turn')",
    "setup_draw_empty": "a main deck too small to draw the opening hand (4.1 requires 40)",
    "copy_judgment": "copying Judgment on the chase (10.16 names cards and abilities; 7.5 calls it the Judgment ability)",
    "draw_empty_outside_draw_phase": "drawing from an empty main deck outside the draw phase (13.1 covers only the draw phase)",
    "discard_chooser": "who chooses the cards discarded (10.18)",
    "counters": "counters are card text; the whitepaper defines none",
    "own_discard_trigger": "whether a discarded card's own \"when this card is discarded\" ability triggers (9.2 makes no ability valid in the hand or the graveyard; 9.6 reads the card in the graveyard)",
    "basic_ability_lost": "whether a card that loses all its abilities keeps what its basic abilities define (9.9 counts "
                          "them in the base information, then removes abilities; 9.4)",
    "atk_def_rounding": "an ATK or DEF that is not a multiple of 100 (1.5 rounds only life)",
    "face_down_outside_standby": "a card turned face down outside the standby area (3.2 names face-down cards but "
                                 "neither the zones that have them nor what such a card is)",
    "addition_host_chooser": "who chooses the card an addition put onto the field attaches to (10.1)",
}
"""Every point the whitepaper does not cover on which the engine records a step, by key (the
step's ``topic`` where it has one; ``silent:<key>`` in a vocabulary entry's rules). One table, so
that every ruling source of the ruleset is known without resolving anything (the site
translates them)."""


CR_DOCUMENT = "fow-cr-12.7"
"""The Force of Will Comprehensive Rules ver. 12.7: another document, which judges work from
today. The engine applies the whitepaper; it links the CR's rules on a topic for reference only."""

CR_ON_SILENT_POINT: dict[str, tuple[str, ...]] = {
    "life_payment_over_life": ("105.4a", "903.2l-1"),  # "A player can only pay an amount of life limited to their life total."
    "hand_limit_chooser": ("505.5d",),  # the turn player chooses the cards they discard to the maximum hand size
    "attack_target_gone": ("806.2b", "1029.1c"),  # damage to the object chosen; an attacked object taken out of battle
    "battle_duration_outside_battle": ("807.3a",),  # effects "during this battle or until the end of the battle" end
    "setup_draw_empty": ("402.3a", "405.5"),  # a deck of at least forty cards; the opening five cards
    "copy_judgment": ("705.2d", "1017.3"),  # a judgment process is neither a spell nor an ability; copying those
    "draw_empty_outside_draw_phase": ("1202.2", "1009.1"),  # loss only for the draw phase's draw; what a draw is
    "discard_chooser": ("1019.1", "1019.2"),  # "To discard a card is to move a card from your hand …"
    "counters": ("1022.2", "1022.3", "1022.4", "1203.1"),  # putting counters; +X/+Y counters; removed on leaving; +100/-100
    "own_discard_trigger": ("1019.3",),  # "when this card is discarded" triggers when the card leaves the hand
    "basic_ability_lost": ("904.2a", "909.1a", "909.1d"),  # base abilities; the base information; removing abilities
    "atk_def_rounding": ("909.1i", "1206.1"),  # ATK or DEF not a multiple of 100 is rounded up; life is
    "face_down_outside_standby": ("303.2", "303.2c"),  # face-down cards; turning a face-down card face down again
    "addition_host_chooser": ("1002.2a", "1002.2b"),  # an addition put into the field from a non-chase area
}
"""Each not-covered point of :data:`SILENT_POINTS` → the rules of the Comprehensive Rules 12.7
(:data:`CR_DOCUMENT`) on the same topic (``engine/tests/test_fow_cr_references.py`` checks that
each exists in the CR, and ``rulesite`` shows them as another document's rules). A point the CR
has nothing on (``cannot_evaluate``: card text the engine cannot read) is absent."""

CR_ON_SECTION: dict[str, tuple[str, ...]] = {
    "1.5": ("105.4", "105.4a"),  # life
    "3.2": ("303.2", "303.2a"),  # face up and face down; rulers and J-rulers always face up
    "4.1": ("402.3", "402.3a", "402.4a"),  # deck construction
    "5.4": ("505.5",),  # the end phase's final step
    "7.5": ("705.1", "705.2d", "705.3"),  # Judgment
    "9.2": ("902.1", "902.2"),  # where an ability is active; text naming the area it is active in
    "9.3": ("903.2l", "903.2l-1"),  # paying the costs of a card or ability; what cannot be paid
    "9.4": ("904.2", "904.3"),  # base abilities and where they apply
    "9.6": ("906.1", "906.4"),  # automatic abilities; their trigger conditions
    "9.9": ("909.1", "909.1a"),  # the order of continuous effects; the base information
    "8.5": ("806.2",),  # normal battle resolution
    "8.6": ("807.3",),  # end of battle
    "10.1": ("1002.2", "1002.2b"),  # attach (add) an addition
    "10.8": ("1009.1", "1009.2"),  # draw
    "10.16": ("1017.1", "1017.3"),  # copy
    "10.18": ("1019.1", "1019.2"),  # discard
    "13.1": ("1202.1", "1202.2"),  # losing the game
}
"""The whitepaper sections the not-covered points name → the Comprehensive Rules 12.7 on the same
topic, linked from each whitepaper section's page as another document's rules."""


def cr_rule(number: str) -> Rule:
    """Return the citation of rule ``number`` of the Comprehensive Rules 12.7 (another document).

    >>> cr_rule("105.4a").url
    '/rules/fow-cr-12.7/105.4a/'
    """
    return Rule(CR_DOCUMENT, number)


def silent(key: str) -> Ruling:
    """Return the citation of a step on the not-covered point ``key`` of :data:`SILENT_POINTS`
    (``rule: null`` in the trace), with the Comprehensive Rules on the same topic as
    ``see_also`` (:data:`CR_ON_SILENT_POINT`); raise ``KeyError`` for a point not in the table.

    >>> silent("discard_chooser").source
    'not covered by this document: who chooses the cards discarded (10.18)'
    >>> [rule.number for rule in silent("discard_chooser").see_also]
    ['1019.1', '1019.2']
    """
    return Ruling(f"{NOT_COVERED}: {SILENT_POINTS[key]}",
                  see_also=tuple(cr_rule(number) for number in CR_ON_SILENT_POINT.get(key, ())))


def ruling_sources() -> tuple[str, ...]:
    """Return the source of every ruling the ruleset can cite: one per not-covered point."""
    return tuple(silent(key).source for key in SILENT_POINTS)


def cite(key: str, ruleset: str) -> Rule | Ruling | None:
    """Return the citation of a vocabulary rule key under ``ruleset`` (``None`` if it has none).

    ``key`` is a section number of the whitepaper (``"9.6"``) or ``"silent:<point>"`` for a
    point the document does not cover (:data:`SILENT_POINTS`, cited as a ruling-less step).

    >>> cite("9.6", "wp-2.3").number
    '9.6'
    >>> cite("9.6", "wp-3.0") is None
    True
    """
    if ruleset != "wp-2.3":
        return None
    if key.startswith(SILENT):
        point = key[len(SILENT):]
        return silent(point) if point in SILENT_POINTS else None
    return wp(key) if key in SECTIONS else None
