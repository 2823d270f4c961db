"""A Scryfall bulk ``oracle-cards`` file (https://scryfall.com/docs/api/bulk-data, /docs/api/cards).

The file is one JSON array of Card objects: ``object: "card"``, ``oracle_id``, ``name``,
``lang``, ``layout``, ``mana_cost``, ``colors`` (letters), ``type_line``
(``"Legendary Creature — Human Wizard"``), ``power``, ``toughness``, ``loyalty``,
``oracle_text``, and for a card of several faces ``card_faces`` (each with its own ``name``,
``mana_cost``, ``type_line``, ``oracle_text``, …). Oracle cards are English (names only in
English, as the issue says). Streamed one card at a time (:mod:`.jsonstream`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from engine.mtg.vocabulary import SUPERTYPES

from . import CardFileError, CardRecord, Skipped
from .jsonstream import array_items
from .magic import RENAMED_TYPES, card_object

DASH = "—"


def split_type_line(line: str) -> tuple[list[str], list[str], list[str]]:
    """Return ``(supertypes, types, subtypes)`` of one face's type line (CR 205.1: the types,
    then a long dash, then the subtypes; supertypes are the words of CR 205.4a before the types).

    >>> split_type_line("Legendary Snow Creature — Human Wizard")
    (['Legendary', 'Snow'], ['Creature'], ['Human', 'Wizard'])
    """
    left, _dash, right = line.partition(DASH)
    supertypes, types = [], []
    for word in left.split():
        (supertypes if RENAMED_TYPES.get(word.casefold(), word.casefold()) in SUPERTYPES else types).append(word)
    return supertypes, types, right.split()


def read(path: Path, language: str = "en") -> Iterator[CardRecord | Skipped]:
    """Yield every card of a Scryfall ``oracle-cards`` file; raise :class:`CardFileError` when it
    is not one. Cards in another language than English (``lang``) are skipped."""
    seen = 0
    with open(path, encoding="utf-8") as stream:
        for index, card in enumerate(array_items(stream, str(path))):
            if not isinstance(card, Mapping) or card.get("object") != "card" or not card.get("name"):
                if seen == 0:
                    raise CardFileError(f"{path}: item {index} is not a Scryfall card (object \"card\" with a name)")
                yield Skipped(f"item {index}", "not a Scryfall card")
                continue
            seen += 1
            if card.get("layout") == "art_series":
                yield Skipped(str(card["name"]), "an art series card: not a card of the game")
                continue
            if card.get("lang", "en") != "en":
                yield Skipped(str(card["name"]), f"language {card.get('lang')}: oracle cards are read in English only")
                continue
            yield card_record(card)


def card_record(card: Mapping[str, Any]) -> CardRecord:
    """Return the record of one Scryfall Card object."""
    faces = [face for face in card.get("card_faces") or [] if isinstance(face, Mapping)] or [card]
    layout = str(card.get("layout", "normal"))
    front = faces[0]
    supertypes, types, subtypes = split_type_line(str(front.get("type_line") or card.get("type_line") or ""))
    front_face = {"mana_cost": front.get("mana_cost") or card.get("mana_cost"), "colors": front.get("colors", card.get("colors")),
                  "supertypes": supertypes, "types": types, "subtypes": subtypes, "power": front.get("power"),
                  "toughness": front.get("toughness"), "loyalty": front.get("loyalty")}
    obj, unmapped = card_object(layout, front_face, [str(face.get("name") or "") for face in faces[1:]])
    texts = [f"{face.get('name')}\n{face['oracle_text']}" if len(faces) > 1 else str(face["oracle_text"])
             for face in faces if face.get("oracle_text")]
    external = str(card.get("oracle_id") or card.get("id") or card["name"])
    return CardRecord(game="mtg", external_id=external, names={"en": str(card["name"])}, characteristics=obj,
                      texts={"en": "\n\n".join(texts)} if texts else {},
                      other_names=tuple(("en", str(face["name"])) for face in faces if len(faces) > 1 and face.get("name")),
                      unmapped=tuple(unmapped))
