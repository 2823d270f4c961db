"""Magic characteristics from a card database, in the object vocabulary of docs/scenario-format.md §8.2.

Both Magic readers (MTGJSON, Scryfall) give a face's mana cost, colors, type line parts and
printed numbers; :func:`face_object` turns them into object fields and says what it could not
(a ``*`` power is a characteristic-defining ability the judge writes, CR 604.3; a card type the
vocabulary lacks is named).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.mtg.mana import COLOR_OF_SYMBOL
from engine.mtg.vocabulary import CARD_TYPES, SUPERTYPES

LAYOUTS_AS_ONE_FACE = frozenset({"normal", "leveler", "saga", "class", "case", "mutate", "prototype", "host",
                                 "augment", "token", "emblem", "planar", "scheme", "vanguard"})
"""Layouts whose first face is the whole card."""
LAYOUTS_TWO_FACED = frozenset({"transform", "modal_dfc", "meld", "reversible_card", "double_faced_token"})
"""Double-faced layouts (CR 712): the front face is the card's characteristics outside the stack
and battlefield; the back face is named and its text kept, not filled in."""
RENAMED_TYPES = {"kindred": "tribal"}
"""Card types the Comprehensive Rules renamed after the vocabulary's editions (Kindred was Tribal)."""


def _number(value: Any, what: str, unmapped: list[str]) -> int | None:
    text = str(value).strip()
    if text.lstrip("-").isdigit():
        return int(text)
    unmapped.append(f"{what} {text}: not a number; write it as a characteristic-defining ability (cda, CR 604.3)")
    return None


def face_object(*, mana_cost: str | None, colors: Iterable[str] | None, supertypes: Iterable[str], types: Iterable[str],
                subtypes: Iterable[str], power: Any = None, toughness: Any = None, loyalty: Any = None) -> tuple[dict[str, Any], list[str]]:
    """Return ``(object fields, unmapped)`` of one face.

    ``colors`` are the file's letters (``W U B R G``) or ``None`` when the file gives none (the
    engine then takes them from the mana cost, CR 202.2); types are words as printed (case
    ignored); ``power``/``toughness``/``loyalty`` the printed strings or ``None``.

    >>> face_object(mana_cost="{1}{U}", colors=["U"], supertypes=[], types=["Creature"], subtypes=["Human", "Wizard"],
    ...             power="1", toughness="*")
    ({'mana_cost': '{1}{U}', 'colors': ['blue'], 'types': ['creature'], 'subtypes': ['Human', 'Wizard'], 'power': 1}, ['toughness *: not a number; write it as a characteristic-defining ability (cda, CR 604.3)'])
    """
    obj: dict[str, Any] = {}
    unmapped: list[str] = []
    if mana_cost:
        obj["mana_cost"] = mana_cost
    if colors is not None:
        obj["colors"] = [COLOR_OF_SYMBOL[c] for c in colors if c in COLOR_OF_SYMBOL]
    for key, words, allowed in (("supertypes", supertypes, SUPERTYPES), ("types", types, CARD_TYPES)):
        kept = []
        for word in words:
            word = RENAMED_TYPES.get(word.casefold(), word.casefold())
            if word in allowed:
                kept.append(word)
            else:
                unmapped.append(f"{key[:-1]} {word}: not in the vocabulary")
        if kept:
            obj[key] = kept
    if list(subtypes):
        obj["subtypes"] = list(subtypes)
    for key, value in (("power", power), ("toughness", toughness), ("loyalty", loyalty)):
        if value not in (None, ""):
            number = _number(value, key, unmapped)
            if number is not None:
                obj[key] = number
    return obj, unmapped


SPLIT_NOTE = "a split card (CR 709): write each half as a split_half ability (§8.2)"


def card_object(layout: str, front: dict[str, Any] | None, other_faces: list[str]) -> tuple[dict[str, Any], list[str]]:
    """Return ``(object fields, unmapped)`` of a whole card of ``layout`` from its front face's
    :func:`face_object` keyword arguments (``front``) and the names of its other faces.

    A split card gets no fields (its halves are ``split_half`` abilities, CR 709); a card of
    several faces gets its front face's, and each other face is named as not filled in.
    """
    if layout in ("split", "aftermath") or front is None:
        return {}, [SPLIT_NOTE]
    obj, unmapped = face_object(**front)
    if other_faces and layout not in LAYOUTS_AS_ONE_FACE:
        kind = "back face" if layout in LAYOUTS_TWO_FACED else "second part"
        unmapped += [f"{kind} {name or '?'} ({layout}): only its text is kept" for name in other_faces]
    return obj, unmapped


def language_code(language: str) -> str | None:
    """Return the code of a language as MTGJSON names it (``"Chinese Simplified"`` → ``zh-Hans``)
    or as Scryfall codes it (``zhs``), or ``None`` for one the site does not know."""
    return LANGUAGES.get(language.strip().casefold())


LANGUAGES = {
    "english": "en", "en": "en", "chinese simplified": "zh-Hans", "zhs": "zh-Hans", "chinese traditional": "zh-Hant",
    "zht": "zh-Hant", "japanese": "ja", "ja": "ja", "korean": "ko", "ko": "ko", "french": "fr", "fr": "fr",
    "german": "de", "de": "de", "italian": "it", "it": "it", "spanish": "es", "es": "es", "portuguese (brazil)": "pt",
    "portuguese": "pt", "pt": "pt", "russian": "ru", "ru": "ru",
}
