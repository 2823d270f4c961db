"""A ygopro ``cards.cdb`` file: an SQLite database with the tables ``datas`` and ``texts``.

``datas`` has one row per card: ``id`` (the passcode), ``alias``, ``type`` (bit flags: monster,
spell, trap and their kinds), ``atk``, ``def`` (a Link Monster's Link Arrows instead), ``level``
(the Level or Rank in the low byte; a Pendulum Monster's scales in the two high bytes; a Link
Monster's Link Rating), ``race`` and ``attribute`` (one bit each). ``texts`` has ``id``,
``name`` and ``desc`` (the card's text). The file does not say its language: the reader is told
(``--language``), and importing one edition then another merges names and texts by passcode.
Bit values follow ygopro's ``constant.lua``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from . import CardFileError, CardRecord, Skipped

MONSTER, SPELL, TRAP = 0x1, 0x2, 0x4
NORMAL, EFFECT, FUSION, RITUAL, SPIRIT, UNION, GEMINI, TUNER, SYNCHRO, TOKEN = (
    0x10, 0x20, 0x40, 0x80, 0x200, 0x400, 0x800, 0x1000, 0x2000, 0x4000)
QUICKPLAY, CONTINUOUS, EQUIP, FIELD, COUNTER, FLIP, TOON, XYZ, PENDULUM, LINK = (
    0x10000, 0x20000, 0x40000, 0x80000, 0x100000, 0x200000, 0x400000, 0x800000, 0x1000000, 0x4000000)

MONSTER_SUBTYPES = ((TOKEN, "token"), (FUSION, "fusion"), (SYNCHRO, "synchro"), (XYZ, "xyz"), (RITUAL, "ritual"),
                    (PENDULUM, "pendulum"), (EFFECT, "effect"), (NORMAL, "normal"))
"""The first flag a monster has gives its ``subtype`` (docs/scenario-format.md §2.3 has one)."""
SPELL_SUBTYPES = ((QUICKPLAY, "quick-play"), (CONTINUOUS, "continuous"), (EQUIP, "equip"), (FIELD, "field"), (RITUAL, "ritual"))
TRAP_SUBTYPES = ((CONTINUOUS, "continuous"), (COUNTER, "counter"))
UNREAD_ABILITIES = ((SPIRIT, "Spirit"), (UNION, "Union"), (GEMINI, "Gemini"), (FLIP, "Flip"), (TOON, "Toon"))
"""Monster abilities the flags name and the object holds only as its effects (written by the judge)."""

ATTRIBUTES = {0x1: "EARTH", 0x2: "WATER", 0x4: "FIRE", 0x8: "WIND", 0x10: "LIGHT", 0x20: "DARK", 0x40: "DIVINE"}
RACES = {0x1: "Warrior", 0x2: "Spellcaster", 0x4: "Fairy", 0x8: "Fiend", 0x10: "Zombie", 0x20: "Machine", 0x40: "Aqua",
         0x80: "Pyro", 0x100: "Rock", 0x200: "Winged Beast", 0x400: "Plant", 0x800: "Insect", 0x1000: "Thunder",
         0x2000: "Dragon", 0x4000: "Beast", 0x8000: "Beast-Warrior", 0x10000: "Dinosaur", 0x20000: "Fish",
         0x40000: "Sea Serpent", 0x80000: "Reptile", 0x100000: "Psychic", 0x200000: "Divine-Beast",
         0x400000: "Creator God", 0x800000: "Wyrm", 0x1000000: "Cyberse", 0x2000000: "Illusion"}
LANGUAGES = ("en", "zh-Hans", "zh-Hant", "ja", "ko", "fr", "de", "it", "es", "pt")
"""The languages ``--language`` may name for a cdb file."""

_QUERY = ("SELECT d.id, d.alias, d.type, d.atk, d.def, d.level, d.race, d.attribute, t.name, t.desc "
          "FROM datas d JOIN texts t ON t.id = d.id ORDER BY d.id")


def read(path: Path, language: str = "zh-Hans") -> Iterator[CardRecord | Skipped]:
    """Yield every card of a ygopro cdb file, its names and texts in ``language``; raise
    :class:`CardFileError` when the file is not an SQLite database with ``datas`` and ``texts``."""
    if language not in LANGUAGES:
        raise CardFileError(f"--language {language!r}: a cdb file's language is one of {', '.join(LANGUAGES)}")
    if not Path(path).is_file():
        raise CardFileError(f"{path}: no such file")
    with open(path, "rb") as head:
        if head.read(16) != b"SQLite format 3\x00":
            raise CardFileError(f"{path}: not an SQLite database: a ygopro cdb file is one")
    connection = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
    try:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        missing = [table for table in ("datas", "texts") if table not in tables]
        if missing:
            raise CardFileError(f"{path}: no table {' or '.join(missing)}: not a ygopro cdb file")
        try:
            rows = connection.execute(_QUERY)
        except sqlite3.DatabaseError as exc:
            raise CardFileError(f"{path}: the datas and texts tables are not ygopro's: {exc}") from exc
        for row in rows:
            yield card_record(row, language)
    except sqlite3.DatabaseError as exc:
        raise CardFileError(f"{path}: a corrupt SQLite database: {exc}") from exc
    finally:
        connection.close()


def _flag(value: int, table: dict[int, str]) -> str | None:
    return next((label for bit, label in table.items() if value & bit), None)


def card_record(row: tuple[Any, ...], language: str) -> CardRecord | Skipped:
    """Return the record of one ``datas`` row joined with its ``texts`` row."""
    passcode, alias, kind, atk, defense, level, race, attribute, name, desc = row
    kind, level = int(kind or 0), int(level or 0)
    if not name or not str(name).strip():
        return Skipped(str(passcode), "no name in texts")
    if alias:
        return Skipped(f"{passcode} {name}", "an alternative artwork (alias) of another card in the file")
    obj: dict[str, Any] = {}
    unmapped: list[str] = []
    if kind & MONSTER:
        obj["kind"] = "monster"
        subtype = next((label for bit, label in MONSTER_SUBTYPES if kind & bit), None)
        if subtype:
            obj["subtype"] = subtype
        if kind & LINK:
            unmapped.append(f"a Link Monster (Link Rating {level & 0xFF}): Link Monsters are not in the ARC-V rules the engine applies")
        else:
            if level & 0xFF:
                obj["level"] = level & 0xFF
            if defense is not None and int(defense) >= 0:
                obj["def"] = int(defense)
            elif defense is not None:
                unmapped.append("DEF ?: not a number")
        if atk is not None and int(atk) >= 0:
            obj["atk"] = int(atk)
        elif atk is not None:
            unmapped.append("ATK ?: not a number")
        if kind & PENDULUM:
            left, right = (level >> 24) & 0xFF, (level >> 16) & 0xFF
            obj["scale"] = left
            if left != right:
                unmapped.append(f"Pendulum Scales {left} and {right}: the object has one scale")
        if kind & TUNER:
            obj["tuner"] = True
        for label, table, key in (("attribute", ATTRIBUTES, "attribute"), ("race", RACES, "race")):
            value = _flag(int((attribute if key == "attribute" else race) or 0), table)
            if value:
                obj[key] = value
        unmapped += [f"{label} Monster: its ability is one of the card's effects, to write" for bit, label in UNREAD_ABILITIES
                     if kind & bit]
    elif kind & (SPELL | TRAP):
        obj["kind"] = "spell" if kind & SPELL else "trap"
        table = SPELL_SUBTYPES if kind & SPELL else TRAP_SUBTYPES
        obj["subtype"] = next((label for bit, label in table if kind & bit), "normal")
    else:
        return Skipped(f"{passcode} {name}", f"type {kind:#x} is neither a monster, a spell nor a trap")
    texts = {language: str(desc)} if desc else {}
    return CardRecord(game="ygo", external_id=str(passcode), names={language: str(name).strip()}, characteristics=obj,
                      texts=texts, unmapped=tuple(unmapped))
