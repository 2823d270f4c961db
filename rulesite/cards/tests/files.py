"""Tiny card databases of each format, built in a test's folder (names and texts are made up)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

ATOMIC = {
    "meta": {"date": "2026-01-01", "version": "5.2.2"},
    "data": {
        "Harbor Wisp": [{
            "name": "Harbor Wisp", "layout": "normal", "manaCost": "{1}{U}", "colors": ["U"], "supertypes": [],
            "types": ["Creature"], "subtypes": ["Spirit"], "power": "1", "toughness": "3",
            "text": "A made-up text: it flies.",
            "foreignData": [{"language": "Chinese Simplified", "name": "港湾灵", "text": "虚构的文字。"},
                            {"language": "Chinese Traditional", "name": "港灣靈", "text": "虛構的文字。"},
                            {"language": "Japanese", "name": "港の霊"}, {"language": "Phyrexian", "name": "Hrbr Wsp"}],
        }],
        "Quiet Banner": [{
            "name": "Quiet Banner", "layout": "normal", "manaCost": "{3}", "colors": [], "supertypes": ["Legendary"],
            "types": ["Artifact"], "subtypes": [], "text": "Made up: nothing happens.",
        }],
        "Morning Pup // Night Hound": [
            {"name": "Morning Pup // Night Hound", "faceName": "Morning Pup", "side": "a", "layout": "transform",
             "manaCost": "{G}", "colors": ["G"], "supertypes": [], "types": ["Creature"], "subtypes": ["Dog"],
             "power": "*", "toughness": "1", "text": "Made up front.",
             "foreignData": [{"language": "Chinese Simplified", "name": "晨犬 // 夜犬", "faceName": "晨犬"}]},
            {"name": "Morning Pup // Night Hound", "faceName": "Night Hound", "side": "b", "layout": "transform",
             "colors": ["G"], "supertypes": [], "types": ["Creature"], "subtypes": ["Dog"], "power": "3",
             "toughness": "3", "text": "Made up back."},
        ],
    },
}

ORACLE = [
    {"object": "card", "id": "p-1", "oracle_id": "o-1", "name": "Harbor Wisp", "lang": "en", "layout": "normal",
     "mana_cost": "{1}{U}", "colors": ["U"], "type_line": "Creature — Spirit", "power": "1", "toughness": "3",
     "oracle_text": "A made-up text: it flies."},
    {"object": "card", "id": "p-2", "oracle_id": "o-2", "name": "Morning Pup // Night Hound", "lang": "en",
     "layout": "transform", "card_faces": [
         {"object": "card_face", "name": "Morning Pup", "mana_cost": "{G}", "colors": ["G"],
          "type_line": "Legendary Snow Creature — Dog", "power": "2", "toughness": "1", "oracle_text": "Made up front."},
         {"object": "card_face", "name": "Night Hound", "mana_cost": "", "colors": ["G"], "type_line": "Creature — Dog",
          "power": "3", "toughness": "3", "oracle_text": "Made up back."}]},
    {"object": "card", "id": "p-3", "oracle_id": "o-3", "name": "Ledger Sprite", "lang": "en", "layout": "normal",
     "mana_cost": "{W}", "colors": ["W"], "type_line": "Kindred Instant — Faerie", "oracle_text": "Made up."},
]

MONSTER, SPELL, TRAP, EFFECT, NORMAL, TUNER, PENDULUM, QUICKPLAY, COUNTER, LINK = (
    0x1, 0x2, 0x4, 0x20, 0x10, 0x1000, 0x1000000, 0x10000, 0x100000, 0x4000000)
CDB_ROWS = [
    # id, type, atk, def, level, race, attribute, names by language, desc
    (10001, MONSTER | EFFECT | TUNER, 1200, 800, 3, 0x2, 0x20, {"zh-Hans": "暗之学徒", "en": "Shadow Apprentice"}, "虚构效果。"),
    (10002, SPELL | QUICKPLAY, 0, 0, 0, 0, 0, {"zh-Hans": "疾风符", "en": "Gale Charm"}, "虚构魔法。"),
    (10003, TRAP | COUNTER, 0, 0, 0, 0, 0, {"zh-Hans": "否决令", "en": "Veto Order"}, "虚构陷阱。"),
    (10004, MONSTER | EFFECT | PENDULUM, 1500, -2, (4 << 24) | (4 << 16) | 5, 0x2000, 0x10,
     {"zh-Hans": "钟摆龙", "en": "Swing Dragon"}, "虚构灵摆。"),
    (10005, MONSTER | EFFECT | LINK, 2000, 0x28, 2, 0x1000000, 0x20, {"zh-Hans": "连线兽", "en": "Link Beast"}, "虚构连接。"),
]


def atomic_cards(folder: Path, data: object = None) -> Path:
    path = folder / "AtomicCards.json"
    path.write_text(json.dumps(ATOMIC if data is None else data, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def oracle_cards(folder: Path, data: object = None) -> Path:
    path = folder / "oracle-cards.json"
    path.write_text(json.dumps(ORACLE if data is None else data, ensure_ascii=False), encoding="utf-8")
    return path


def cards_cdb(folder: Path, language: str = "zh-Hans", name: str = "cards.cdb", tables: tuple[str, ...] = ("datas", "texts")) -> Path:
    path = folder / name
    connection = sqlite3.connect(path)
    if "datas" in tables:
        connection.execute("CREATE TABLE datas (id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, setcode INTEGER, type INTEGER,"
                           " atk INTEGER, def INTEGER, level INTEGER, race INTEGER, attribute INTEGER, category INTEGER)")
        connection.executemany("INSERT INTO datas VALUES (?, 3, 0, 0, ?, ?, ?, ?, ?, ?, 0)",
                               [(i, t, a, d, lv, r, at) for i, t, a, d, lv, r, at, _n, _x in CDB_ROWS])
        # An alternative artwork of the first card: same card, another passcode.
        connection.execute("INSERT INTO datas VALUES (10009, 3, 10001, 0, ?, 1200, 800, 3, 2, 32, 0)", (MONSTER | EFFECT | TUNER,))
    if "texts" in tables:
        connection.execute("CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT, str1 TEXT)")
        connection.executemany("INSERT INTO texts VALUES (?, ?, ?, '')",
                               [(i, names[language], desc if language.startswith("zh") else "Made-up text.")
                                for i, _t, _a, _d, _lv, _r, _at, names, desc in CDB_ROWS])
        connection.execute("INSERT INTO texts VALUES (10009, ?, '', '')", (CDB_ROWS[0][7][language],))
    connection.commit()
    connection.close()
    return path
