"""MTGJSON ``AtomicCards.json`` (https://mtgjson.com/data-models/card/card-atomic/).

The file is ``{"meta": {...}, "data": {card name: [face, …]}}``; a face carries ``name`` (the
whole card's, ``"A // B"`` for two faces), ``faceName``, ``layout``, ``manaCost``, ``colors``
(letters), ``supertypes``, ``types``, ``subtypes``, ``power``, ``toughness``, ``loyalty``,
``text`` and ``foreignData`` (``language``, ``name``, ``faceName``, ``text``). It is streamed
one card at a time (:mod:`.jsonstream`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from . import CardFileError, CardRecord, Skipped
from .jsonstream import object_members
from .magic import card_object, language_code


def read(path: Path, language: str = "en") -> Iterator[CardRecord | Skipped]:
    """Yield every card of an MTGJSON Atomic file (``language`` is unused: the file says each
    name's language); raise :class:`CardFileError` when it is not one."""
    seen = 0
    with open(path, encoding="utf-8") as stream:
        for name, faces in object_members(stream, str(path), "data"):
            if not isinstance(faces, list) or not faces or not all(isinstance(f, Mapping) for f in faces):
                if seen == 0:
                    raise CardFileError(f"{path}: data.{name} is not a list of card faces: not an MTGJSON Atomic file")
                yield Skipped(name, "not a list of card faces")
                continue
            if seen == 0 and not {"name", "types"} <= set(faces[0]):
                raise CardFileError(f"{path}: data.{name} has no name and types: not an MTGJSON Atomic file")
            seen += 1
            yield card_record(name, faces)


def card_record(name: str, faces: list[Mapping[str, Any]]) -> CardRecord:
    """Return the record of one ``data`` member: the card ``name`` with its ``faces``."""
    front = faces[0]
    layout = str(front.get("layout", "normal"))
    front_face = None if layout in ("split", "aftermath") else _face(front)
    obj, unmapped = card_object(layout, front_face, [str(face.get("faceName") or "") for face in faces[1:]])
    names: dict[str, str] = {"en": name}
    other: list[tuple[str, str]] = [("en", str(face["faceName"])) for face in faces if face.get("faceName")]
    texts: dict[str, list[str]] = {"en": [_titled(face, face.get("faceName"), face.get("text"), len(faces)) for face in faces]}
    for face in faces:
        for foreign in face.get("foreignData") or []:
            if not isinstance(foreign, Mapping) or not foreign.get("name"):
                continue
            language = str(foreign.get("language", "")).strip()
            # A language the site has no code for (Phyrexian, Latin …) keeps the file's own name for it.
            code = language_code(language) or language[:16] or "unknown"
            names.setdefault(code, str(foreign["name"]))
            if foreign.get("faceName"):
                other.append((code, str(foreign["faceName"])))
            if foreign.get("text"):
                texts.setdefault(code, []).append(_titled(foreign, foreign.get("faceName"), foreign["text"], len(faces)))
    return CardRecord(game="mtg", external_id=name, names=names, characteristics=obj,
                      texts={code: "\n\n".join(t for t in parts if t) for code, parts in texts.items() if any(parts)},
                      other_names=tuple(dict.fromkeys(other)), unmapped=tuple(unmapped))


def _face(face: Mapping[str, Any]) -> dict[str, Any]:
    return {"mana_cost": face.get("manaCost"), "colors": face.get("colors"), "supertypes": face.get("supertypes") or [],
            "types": face.get("types") or [], "subtypes": face.get("subtypes") or [], "power": face.get("power"),
            "toughness": face.get("toughness"), "loyalty": face.get("loyalty")}


def _titled(face: Mapping[str, Any], face_name: Any, text: Any, count: int) -> str:
    """A face's text, headed by its face name when the card has several faces."""
    if not text:
        return ""
    return f"{face_name}\n{text}" if count > 1 and face_name else str(text)
