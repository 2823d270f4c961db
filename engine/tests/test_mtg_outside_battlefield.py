"""Continuous effects outside the battlefield (CR 613.1, 611.3a), values chosen as a permanent
entered (614.12a, 607.2d) and spending mana as though it were any color (609.4b): Conspiracy,
Painter's Servant and Mycosynth Lattice (issue 16). Both editions word these rules alike.
"""

from __future__ import annotations

import copy

import pytest

import engine
from engine.core.cards import library
from engine.mtg.layers import compute
from engine.mtg.mana import pay
from engine.mtg.scenario import parse_state

CARDS = {c.name: c for c in library("mtg")}
EDITIONS = ("cr-2020-06-01", "cr-2022-04-29")


def card(name, oid, owner, zone, **fields):
    return CARDS[name].as_object(oid, owner, zone, **fields)


def scenario(objects, actions=(), ruleset="cr-2022-04-29", **extra):
    return {"format": "1", "game": "mtg", "ruleset": ruleset, "options": {},
            "players": [{"id": "p1", "life": 20}, {"id": "p2", "life": 20}], "turn": {"active": "p1", "step": "main1"},
            "objects": objects, "chain": [], "pending": [], "effects": [], "actions": list(actions), **extra}


def objects_of(document):
    assert engine.validate(document) == []
    return {o["id"]: o for o in engine.resolve(document)["result"]["objects"]}


ANTHEM = {"id": "anthem", "name": "Anthem", "owner": "p1", "zone": "battlefield", "types": ["enchantment"],
          "abilities": [{"kind": "static", "affected": {"types": ["creature"]},
                         "effects": [{"do": "modify_pt", "power": 1, "toughness": 1}]}]}


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_611_3a_an_effect_that_names_no_zone_affects_permanents_only(ruleset):
    """Painter's Servant puts the hand into the layers; an anthem that names no zone still gets
    only the creatures on the battlefield +1/+1, not the creature card in the hand."""
    found = objects_of(scenario([
        {**card("Painter's Servant", "servant", "p1", "battlefield"), "chosen_color": "red"}, ANTHEM,
        card("Grizzly Bears", "bears", "p1", "battlefield"), card("Grizzly Bears", "held", "p1", "hand")], ruleset=ruleset))
    assert (found["bears"]["characteristics"]["power"], found["held"]["characteristics"]["power"]) == (3, 2)
    assert found["held"]["characteristics"]["colors"] == ["green", "red"]


def test_613_1_without_an_effect_naming_a_zone_only_permanents_go_through_the_layers():
    state = parse_state(scenario([ANTHEM, card("Grizzly Bears", "bears", "p1", "battlefield"),
                                  card("Grizzly Bears", "held", "p1", "hand")]))
    result = compute(state)
    assert set(result.chars) == {"anthem", "bears"} and result.elsewhere == {} and set(result.rows) == {"anthem", "bears"}


def test_613_1_objects_elsewhere_are_not_permanents_of_the_result():
    """A card in the hand with a static ability is in the layers (Lattice names the hand) but
    not among the permanents, nor among the static abilities in force (611.3b)."""
    state = parse_state(scenario([card("Mycosynth Lattice", "lattice", "p1", "battlefield"),
                                  card("Mycosynth Lattice", "spare", "p1", "hand")]))
    result = compute(state)
    assert set(result.chars) == {"lattice"} and set(result.elsewhere) == {"spare"}
    assert {pid for parts in result.static_parts.values() for pid, _, _ in parts} == {"lattice"}
    assert result.elsewhere["spare"].colors == frozenset() and result.elsewhere["spare"].types == frozenset({"artifact"})


@pytest.mark.parametrize(("name", "key"), [("Painter's Servant", "chosen_color"), ("Conspiracy", "chosen_creature_type")])
def test_614_12a_a_permanent_whose_ability_reads_the_choice_must_say_it(name, key):
    document = scenario([card(name, "it", "p1", "battlefield")])
    errors = engine.validate(document)
    assert [e["path"] for e in errors] == [f"objects[0].{key}"], errors
    assert "chosen as it entered" in errors[0]["message"]
    assert engine.validate(scenario([card(name, "it", "p1", "hand")])) == []  # it chooses as it enters


def test_613_1f_a_granted_static_ability_reaches_the_zones_it_names():
    """The ability is granted in layer 6; its layer-7 effect then applies to the hand it names."""
    grant = {"id": "e1", "do": "add_ability", "affected": ["bears"], "duration": "permanent", "abilities": [
        {"kind": "static", "affected": {"zones": ["hand"], "types": ["creature"]},
         "effects": [{"do": "modify_pt", "power": 1, "toughness": 1}]}]}
    found = objects_of(scenario([card("Grizzly Bears", "bears", "p1", "battlefield"),
                                 card("Grizzly Bears", "held", "p1", "hand")], effects=[grant]))
    assert (found["held"]["characteristics"]["power"], found["bears"]["characteristics"]["power"]) == (3, 2)


def test_205_3m_the_creature_type_chosen_must_be_one():
    document = scenario([{**card("Conspiracy", "consp", "p1", "battlefield"), "chosen_creature_type": "Forest"}])
    assert [(e["path"], "not a creature type" in e["message"]) for e in engine.validate(document)] == \
        [("objects[0].chosen_creature_type", True)]


def test_607_2d_a_copy_that_made_no_choice_changes_no_color():
    """Bears that become a copy of Painter's Servant after entering made no choice: its copied
    ability refers to none (607.2d) and changes nothing; the Servant's own still paints them."""
    document = scenario([{**card("Painter's Servant", "servant", "p1", "battlefield"), "chosen_color": "blue"},
                         card("Grizzly Bears", "bears", "p2", "battlefield"), card("Lightning Bolt", "bolt", "p2", "hand")],
                        effects=[{"do": "copy", "of": "servant", "affected": ["bears"], "duration": "permanent"}])
    found = objects_of(document)
    assert found["bears"]["characteristics"]["colors"] == ["blue"]
    assert found["bolt"]["characteristics"]["colors"] == ["blue", "red"]
    copied = [row for row in found["bolt"]["layers"] if row["source"] == "bears"]
    assert copied and all(row["before"] == row["after"] for row in copied)


def test_108_3_conspiracy_reaches_a_creature_spell_its_controller_owns_but_an_opponent_controls():
    document = scenario([{**card("Conspiracy", "consp", "p1", "battlefield"), "chosen_creature_type": "Elf"},
                         card("Grizzly Bears", "stolen", "p1", "stack"), card("Grizzly Bears", "theirs", "p2", "stack")],
                        chain=[{"card": "stolen", "controller": "p2"}, {"card": "theirs"}])
    state = parse_state(document)
    result = compute(state)
    assert result.elsewhere["stolen"].subtypes == frozenset({"Elf"})
    assert result.elsewhere["theirs"].subtypes == frozenset({"Bear"})


def test_609_4b_any_color_pays_colored_symbols_but_not_colorless_ones():
    assert pay("{R}{R}", "{U}{R}") is None and pay("{R}{R}", "{U}{R}", any_color=True) == ""
    assert pay("{R}", "{2/U}", any_color=True) == "" and pay("{R}", "{W/U}", any_color=True) == ""
    assert pay("{R}", "{C}", any_color=True) is None  # colorless is not a color (105.2c)
    assert pay("{C}{G}", "{G}{U}", any_color=True) == ""  # the exact color first, then any mana


def test_609_4b_only_the_players_the_ability_names_may_spend_so():
    lattice = card("Mycosynth Lattice", "lattice", "p2", "battlefield")
    mine = copy.deepcopy(lattice)
    mine["abilities"][2]["effects"][0]["who"] = "you"
    players = [{"id": "p1", "life": 20, "mana_pool": "{R}{R}{R}{R}{R}"}, {"id": "p2", "life": 20}]
    cast = [{"type": "cast", "player": "p1", "card": "air"}]
    for board, allowed in ((lattice, True), (mine, False)):
        document = scenario([board, card("Air Elemental", "air", "p1", "hand")], cast, players=players)
        assert engine.validate(document) == []
        output = engine.resolve(document)
        air = next(o for o in output["result"]["objects"] if o["id"] == "air")
        assert air["zone"] == ("battlefield" if allowed else "hand")
        assert any(s["message_id"] == "mtg.cost.any_color" for s in output["trace"]) is allowed
        assert any(s["message_id"] == "mtg.illegal.cost" for s in output["trace"]) is not allowed
