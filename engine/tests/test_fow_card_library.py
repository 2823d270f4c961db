"""The Force of Will cards of the card library (fixtures/cards/fow/, engine/fow/catalogue.py): each
one checks against the fow vocabulary where its type belongs, says exactly what it cannot evaluate,
agrees with every golden that names it, and has a golden that uses it as the file has it and plays
its abilities with their rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from engine.core.cards import library
from engine.fow import catalogue

ROOT = Path(__file__).resolve().parents[2]
CARDS = library("fow")
GOLDENS = [(path.stem, json.loads(path.read_text(encoding="utf-8"))) for path in sorted((ROOT / "fixtures" / "scenarios" / "fow").glob("*.json"))]
FRAME = {"format": "1", "game": "fow", "ruleset": "wp-2.3", "options": {},
         "players": [{"id": "p1", "life": 4000}, {"id": "p2", "life": 4000}],
         "turn": {"active": "p1", "phase": "main", "step": "main", "number": 3}, "chain": [], "pending": [],
         "effects": [], "actions": []}
QUIET = {"priority", "setup", "pass"}
"""Step kinds that name a card without its abilities doing anything."""


def texts(value):
    """Return the ``text`` of every ability anywhere inside an object (card text the engine cannot read)."""
    if isinstance(value, dict):
        own = [value["text"]] if isinstance(value.get("text"), str) and ("kind" in value or value.get("do") == "unsupported") else []
        return own + [t for v in value.values() for t in texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in texts(v)]
    return []


def named(card):
    """Return ``(stem, golden, object)`` for every object of a golden named as ``card``."""
    return [(stem, golden, obj) for stem, golden in GOLDENS for obj in golden["scenario"]["objects"] if obj["name"] == card.name]


def test_the_library_has_the_cards_of_the_goldens_and_at_most_one_in_ten_cannot_be_evaluated():
    names = {card.name for card in CARDS}
    assert len(CARDS) >= 45
    assert {"Fire Magic Stone", "Water Magic Stone"} <= names  # the real cards the older goldens name
    unevaluable = [card.name for card in CARDS if card.unevaluable]
    assert len(unevaluable) * 10 <= len(CARDS), unevaluable


@pytest.mark.parametrize("entry", CARDS, ids=lambda c: c.slug)
def test_every_card_checks_against_the_vocabulary_where_it_belongs(entry):
    zone = catalogue.home(entry)
    field = "field" if entry.obj["type"] in ("resonator", "addition", "regalia") else zone
    objects = [entry.as_object("h", "p1", zone), entry.as_object("f", "p2", field)]
    if entry.obj.get("subtype") == "resonator":  # an Addition:Resonator on the field is added to a resonator
        objects = [objects[0], {**objects[1], "attached_to": "host"},
                   {"id": "host", "name": "Host", "owner": "p2", "zone": "field", "type": "resonator", "atk": 100, "def": 100}]
    if entry.obj["type"] == "ruler":
        objects = objects[:1]
    assert engine.validate({**FRAME, "objects": objects}) == []


@pytest.mark.parametrize("entry", CARDS, ids=lambda c: c.slug)
def test_what_a_card_cannot_evaluate_is_exactly_its_text_abilities(entry):
    """Each unevaluable sentence is the text of an ability the engine reports, and each such text is
    listed: nothing the engine cannot read is left out of the list, nor listed and not reported."""
    assert sorted(set(texts(dict(entry.obj)))) == sorted(set(entry.unevaluable)), entry.name
    assert len(entry.unevaluable) == len(set(entry.unevaluable))


@pytest.mark.parametrize("entry", CARDS, ids=lambda c: c.slug)
def test_the_goldens_that_name_a_card_agree_with_the_library(entry):
    """Every golden object named as a library card has the library's value for each printed key it
    carries; at least one carries all of them (the card exactly as the file has it)."""
    found = named(entry)
    assert found, f"no golden names {entry.name}"
    for stem, _golden, obj in found:
        for key, value in entry.obj.items():
            assert obj.get(key, value) == value, (stem, entry.name, key)
    assert any(all(obj.get(key) == value for key, value in entry.obj.items()) for _s, _g, obj in found), entry.name


@pytest.mark.parametrize("entry", CARDS, ids=lambda c: c.slug)
def test_every_card_has_a_golden_that_plays_its_abilities(entry):
    """A golden holding the card as the file has it has a step, past the setup and the priority
    points, in which that card acts (its ability resolves, triggers, pays, attacks, is reported,
    or its static ability applies: an effect ``<id>#<n>``)."""
    def acts(golden, oid):
        steps = engine.resolve(golden["scenario"])["trace"]
        return any(s["kind"] not in QUIET and (oid in (s["params"].get("card"), s["params"].get("attacker"),
                                                        s["params"].get("source"), s["params"].get("blocker"))
                                               or str(s["params"].get("effect", "")).split("#")[0] == oid)
                   for s in steps)
    exact = [(g, obj["id"]) for _s, g, obj in named(entry) if all(obj.get(k) == v for k, v in entry.obj.items())]
    assert any(acts(golden, oid) for golden, oid in exact), entry.name


def test_a_golden_about_a_card_cites_a_whitepaper_section():
    for stem, golden in GOLDENS:
        if any(obj["name"] in {c.name for c in CARDS} - {"Fire Magic Stone", "Water Magic Stone"} for obj in golden["scenario"]["objects"]):
            assert golden["source"].startswith("fow-whitepaper-2.3 "), stem
            assert stem.split("-")[0].isdigit(), stem


def test_the_catalogue_lists_every_card_with_what_it_cannot_evaluate():
    entries = {entry["name"]: entry for entry in catalogue.cards()}
    assert set(entries) == {card.name for card in CARDS}
    grail = entries["Holy Grail"]
    assert grail["type"] == "regalia" and grail["unsupported"] == list(catalogue.card("holy  grail").unevaluable)
    assert entries["Pandora, Girl of the Box"]["evaluable"] == ["judgment", "triggered"]
    entries["Holy Grail"]["abilities"].clear()
    assert catalogue.cards()[0] is not entries[catalogue.cards()[0]["name"]]
    assert next(e for e in catalogue.cards() if e["name"] == "Holy Grail")["abilities"]  # the library is unchanged
    assert catalogue.home(catalogue.card("Magic Stone of Heat Ray")) == "stone_area"
