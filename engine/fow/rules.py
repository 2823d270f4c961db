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
}
"""Every point the whitepaper does not cover on which the engine records a step, by key (the
step's ``topic`` where it has one; ``silent:<key>`` in a vocabulary entry's rules). One table, so
that every ruling source of the ruleset is known without resolving anything (the site
translates them)."""


def silent(key: str) -> Ruling:
    """Return the citation of a step on the not-covered point ``key`` of :data:`SILENT_POINTS`
    (``rule: null`` in the trace); raise ``KeyError`` for a point not in the table.

    >>> silent("discard_chooser").source
    'not covered by this document: who chooses the cards discarded (10.18)'
    """
    return Ruling(f"{NOT_COVERED}: {SILENT_POINTS[key]}")


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
