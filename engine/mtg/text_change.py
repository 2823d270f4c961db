"""Text-changing effects (CR 612): which words may change (a color word, a land type or a
creature type, 612.2) and how an ability's text and data change; card names never do.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Optional

from .model import freeze
from .subtypes import LAND_SUBTYPES, subtype_set
from .vocabulary import COLORS


_TYPE_LINE_WORDS = frozenset(w.capitalize() for w in (
    "artifact creature enchantment instant land planeswalker sorcery tribal battle "
    "basic legendary snow world white blue black red green colorless multicolored").split())
_CREATURE_TYPE_WORD = re.compile(r"[A-Z][a-z]+(?:[-'][A-Za-z]+)*")
TEXT_WORD_KINDS = ("color", "land_type", "creature_type")


def text_word_kind(word: Any) -> Optional[str]:
    """Return which kind of word a text-changing effect may change ``word`` as (CR 612.2): a color
    word (``"red"``), a land type (``"Swamp"``, CR 205.3i) or a creature type (a capitalised word
    that is no other kind of subtype nor a card type, supertype or color, CR 205.3m); else ``None``."""
    if not isinstance(word, str):
        return None
    if word in COLORS:
        return "color"
    if word in LAND_SUBTYPES:
        return "land_type"
    if _CREATURE_TYPE_WORD.fullmatch(word) and word not in _TYPE_LINE_WORDS and subtype_set(word) == "creature":
        return "creature_type"
    return None


def change_text_string(text: str, old: str, new: str, kind: str, names: Any = ()) -> str:
    """Return ``text`` with every whole word ``old`` replaced by ``new``, keeping the case of its
    first letter; a land type also inside ``…walk``/``…cycling`` and a plural ``s`` are followed.
    Card ``names`` (a string or several) in the text are never changed (CR 612.2). A display aid:
    the data is what counts."""
    suffix = r"(?:s|walk|cycling)?" if kind == "land_type" else r"s?"
    pattern = re.compile(r"\b" + re.escape(old) + "(" + suffix + r")\b", re.IGNORECASE)

    def swap(match: re.Match[str]) -> str:
        word = match.group(0)
        replacement = new.lower() if word[0].islower() else new[0].upper() + new[1:]
        return replacement + match.group(1)

    names = [names] if isinstance(names, str) else list(names)
    names = sorted({n for n in names if n}, key=len, reverse=True)
    if not names:
        return pattern.sub(swap, text)
    pieces = re.split("(" + "|".join(re.escape(n) for n in names) + ")", text)
    return "".join(piece if i % 2 else pattern.sub(swap, piece) for i, piece in enumerate(pieces))


def _names_in(value: Any) -> list[str]:
    """Every card name (``name`` string) inside a frozen ability."""
    if isinstance(value, tuple):
        return [n for item in value for n in _names_in(item)]
    if not isinstance(value, Mapping):
        return []
    name = value.get("name")
    # A token named after its creature type uses the word as a creature type (CR 612.2a).
    found = [name] if isinstance(name, str) and name not in value.get("subtypes", ()) else []
    return found + [n for item in value.values() if isinstance(item, (Mapping, tuple)) for n in _names_in(item)]


def change_words(value: Any, old: str, new: str, kind: str, name: str = "", parent: str = "") -> Any:
    """Return the frozen ability ``value`` with the words a text-changing effect changes (CR 612.2),
    or ``value`` itself when nothing changes.

    Changed: ``colors``/``not_colors`` (a color word), ``subtypes``/``not_subtypes`` (a land or
    creature type), a protection keyword's ``from``, a keyword's land ``type`` (typecycling,
    landwalk), the ``from``/``to`` of a ``change_text`` part, a token's name that is one of its
    creature types (612.2a), and every ``text``. Never changed: card names (``name``, e.g. of
    ``cant_cast`` or a FILTER, 612.2), card types, supertypes and mana symbols.
    """
    if isinstance(value, tuple):
        items = tuple(change_words(item, old, new, kind, name, parent) for item in value)
        return value if all(a is b for a, b in zip(items, value)) else items
    if not isinstance(value, Mapping):
        return value
    out: dict[str, Any] = {}
    changed = False
    for key, item in value.items():
        result = item
        if key in ("colors", "not_colors") and kind == "color" and isinstance(item, tuple):
            result = tuple(new if w == old else w for w in item)
        elif key in ("subtypes", "not_subtypes") and kind != "color" and isinstance(item, tuple):
            result = tuple(new if w == old else w for w in item)
        elif key == "from" and value.get("kind") == "keyword" and value.get("keyword") == "protection":
            result = new if item == old and kind == "color" else item
        elif key == "type" and value.get("kind") == "keyword":
            result = new if item == old and kind == "land_type" else item
        elif key in ("from", "to") and value.get("do") == "change_text":
            result = new if item == old else item
        elif key == "text" and isinstance(item, str):
            result = change_text_string(item, old, new, kind, [name, *_names_in(value)])
        elif key == "name":
            # CR 612.2a: a token's name that is also its creature type is used as a creature type.
            token_type = parent == "token" and kind == "creature_type" and old in value.get("subtypes", ())
            result = new if token_type and item == old else item
        elif isinstance(item, (Mapping, tuple)):
            result = change_words(item, old, new, kind, name, key)
        if result is not item and result != item:
            changed = True
        out[key] = result
    return freeze(out) if changed else value
