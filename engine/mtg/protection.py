"""Protection (CR 702.16): what a "protection from [quality]" keyword protects from. The quality
is a color, "multicolored", "monocolored", "colorless", a card type ("protection from
creatures"), "everything" (702.16j) or a player (702.16k); the rules that read it are in
targeting (702.16b), damage (702.16e) and blocking (702.16f).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Optional

from .model import PLAYERS, Chars, ObjectId
from .vocabulary import CARD_TYPES, COLORS, Choice

COLOR_QUALITIES = ("multicolored", "monocolored", "colorless")
CHOSEN_QUALITIES = ("chosen_color", "chosen_player")
QUALITIES = COLORS + COLOR_QUALITIES + CARD_TYPES + ("everything",) + PLAYERS + CHOSEN_QUALITIES
"""Every quality a protection keyword's ``from`` may name (CR 702.16a)."""
QUALITY = Choice(values=QUALITIES, what="protection quality", label="Protection from",
                 help="a color; multicolored, monocolored or colorless; a card type (creature: \"protection from "
                      "creatures\"); everything (CR 702.16j); a player, p1 or p2 (702.16k); or chosen_color / "
                      "chosen_player: the one chosen as the object with the ability entered (614.12a)")


def has_quality(quality: str, source: Optional[Chars]) -> bool:
    """Whether an object with the characteristics ``source`` has the stated ``quality`` (CR
    702.16a): ``everything`` is every object (702.16j); a player quality is every object that
    player controls (702.16k: an object in a graveyard or hand has its owner as controller here).

    >>> from .model import Chars
    >>> bolt = Chars("Bolt", "{R}", frozenset({"red"}), frozenset(), frozenset({"instant"}), frozenset(), (), None, None, None, "p2")
    >>> [has_quality(q, bolt) for q in ("red", "monocolored", "instant", "creature", "everything", "p2", "p1")]
    [True, True, True, False, True, True, False]
    """
    if source is None:
        return False
    if quality == "everything":
        return True
    if quality in COLORS:
        return quality in source.colors
    if quality == "multicolored":
        return len(source.colors) > 1
    if quality == "monocolored":
        return len(source.colors) == 1
    if quality == "colorless":
        return not source.colors
    if quality in PLAYERS:
        return source.controller == quality
    return quality in source.types


Chosen = Callable[[ObjectId, str], Optional[str]]
"""``chosen(object, "color" | "player")``: what was chosen as that object entered, or ``None``."""


def protection_against(protected: Chars, source: Optional[Chars], chosen: Optional[Chosen] = None) -> Optional[str]:
    """Return the quality of the first protection ability of ``protected`` that protects it
    from ``source`` (CR 702.16a), or ``None``. A ``chosen_color`` / ``chosen_player`` quality is
    the one ``chosen`` gives for the object the ability is printed on or granted by; with nothing
    chosen it protects from nothing."""
    for ability in protected.abilities:
        if ability.keyword != "protection":
            continue
        quality = str(ability.spec.get("from"))
        if quality in CHOSEN_QUALITIES:
            quality = (chosen(ability.key[0], quality.removeprefix("chosen_")) if chosen else None) or ""
        if quality and has_quality(quality, source):
            return quality
    return None


__all__ = ["QUALITIES", "QUALITY", "has_quality", "protection_against"]
