"""The Yu-Gi-Oh! cards of the card library (fixtures/cards/ygo/, engine/core/cards.py): each one
checks against the ygo vocabulary under both rulesets, says exactly what it cannot evaluate,
cites a Chinese name only where the ARC-V rules document prints it, does not contradict the
goldens that name it, and plays as its text says when a scenario uses it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import engine
from engine.core.cards import SELF, by_name, library

ROOT = Path(__file__).resolve().parents[2]
CARDS = library("ygo")
RULESETS = ("arcv", "mr2")
ARCV_TEXT = (ROOT / "fixtures" / "documents" / "ygo-ocg-rules-arcv.txt").read_text(encoding="utf-8")
ARCV_SECTIONS = {m.group(1) for m in re.finditer(r"^(\d[\d.]*) \|", (ROOT / "docs" / "sections-ygo-ocg-rules-arcv.md")
                                                   .read_text(encoding="utf-8"), re.M)}

GOLDEN_MISMATCHES = {
    # (card, characteristic, value in a golden): goldens that use a real card's name with made-up
    # numbers. The traces are right for the boards as written, so the goldens stay; a new
    # mismatch fails here until it is looked at (reported in issue 13).
    ("Blue Flame Swordsman", "atk", 2000), ("Blue Flame Swordsman", "def", 1500),
    ("Blue Flame Swordsman", "subtype", "normal"),
    ("Dandylion", "atk", 1000), ("Dandylion", "def", 1000), ("Dandylion", "level", 4),
    ("Dark Magician", "def", 1000), ("Dark Magician", "subtype", "effect"),
    ("Gemini Elf", "atk", 1000), ("Gemini Elf", "def", 1000), ("Gemini Elf", "atk", 2900),
    ("Ring of Destruction", "kind", "spell"), ("Sangan", "subtype", "normal"),
    ("Harpie Lady", "atk", 1000), ("Harpie Lady", "def", 1000),
    ("Kuriboh", "atk", 1000), ("Kuriboh", "def", 1000), ("Kuriboh", "level", 4), ("Kuriboh", "subtype", "normal"),
    ("Sangan", "def", 1000), ("Sangan", "level", 4),
    ("Shadow Ghoul", "atk", 1000), ("Shadow Ghoul", "attribute", "LIGHT"), ("Shadow Ghoul", "def", 1000),
    ("Shadow Ghoul", "level", 4),
    ("Sylvan Sagequoia", "atk", 1000), ("Sylvan Sagequoia", "def", 1000), ("Sylvan Sagequoia", "level", 4),
    ("Vorse Raider", "atk", 1000), ("Vorse Raider", "def", 1000), ("Vorse Raider", "subtype", "effect"),
    # the real Avenging Knight Parshath is a Level 8 Synchro of 2600/2100, Big Shield Gardna an Effect Monster,
    ("Avenging Knight Parshath", "level", 5), ("Avenging Knight Parshath", "atk", 1900),
    ("Avenging Knight Parshath", "def", 1400), ("Big Shield Gardna", "subtype", "normal"),
    ("Timegazer Magician", "level", 6), ("Timegazer Magician", "def", 1000),  # it is a Level 3 of 1200/600
}
COMPARED = ("kind", "subtype", "level", "atk", "def", "attribute", "race")


def frame(objects, actions=(), ruleset="arcv"):
    """Return a ygo scenario in p1's Main Phase 1 with these objects and actions."""
    return {"format": "1", "game": "ygo", "ruleset": ruleset, "options": {},
            "players": [{"id": "p1", "lp": 8000}, {"id": "p2", "lp": 8000}],
            "turn": {"active": "p1", "phase": "main1", "step": None}, "chain": [], "pending": [], "effects": [],
            "objects": list(objects), "actions": list(actions)}


def on_field(card, oid, owner):
    """Return ``card`` as an object on its owner's field, where its kind belongs."""
    if card.obj["kind"] == "monster":
        return card.as_object(oid, owner, "monster_zone", position="attack")
    zone = "field_zone" if card.obj.get("subtype") == "field" else "spell_trap_zone"
    return card.as_object(oid, owner, zone, position="face-down")


def card(name):
    return by_name("ygo")[name.casefold()]


def unsupported_texts(value):
    """Return the ``text`` of every ``unsupported`` part anywhere inside an object."""
    if isinstance(value, dict):
        own = [value["text"]] if value.get("do") == "unsupported" else []
        return own + [t for v in value.values() for t in unsupported_texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in unsupported_texts(v)]
    return []


def steps(scenario):
    result = engine.resolve(scenario)
    return [(s["message_id"], s.get("params", {})) for s in result["trace"]], result["result"]


def test_the_library_has_the_cards_of_the_goldens_and_the_ruling_staples():
    names = {c.name for c in CARDS}
    assert len(CARDS) >= 50
    assert {"Sangan", "Solemn Judgment", "Mystical Space Typhoon", "Dark Magician", "Kuriboh", "Magic Jammer",
            "Call of the Haunted", "Pot of Greed", "Mirror Force", "Jinzo", "Skill Drain", "Monster Reborn",
            "Book of Moon", "Effect Veiler", 'Maxx "C"', "Ash Blossom & Joyous Spring"} <= names


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("entry", CARDS, ids=lambda c: c.slug)
def test_every_card_checks_against_the_vocabulary_in_hand_and_on_the_field(entry, ruleset):
    scenario = frame([entry.as_object("h", "p1", "hand"), on_field(entry, "f", "p2")], ruleset=ruleset)
    errors = engine.validate(scenario)
    if entry.obj.get("subtype") == "pendulum" and ruleset == "mr2":  # Master Rule 2 has no Pendulums
        assert {e["message"] for e in errors} == {"Pendulum Monsters do not exist under this ruleset"}, errors
    else:
        assert errors == []


@pytest.mark.parametrize("entry", CARDS, ids=lambda c: c.slug)
def test_what_a_card_cannot_evaluate_is_exactly_its_unsupported_parts(entry):
    """Each unevaluable sentence is an unsupported part of the object, and each unsupported part
    is listed: nothing the engine cannot read is left out of the list, nor listed and not reported."""
    found = unsupported_texts(dict(entry.obj))
    assert sorted(set(found)) == sorted(set(entry.unevaluable)), entry.name
    assert len(entry.unevaluable) == len(set(entry.unevaluable)), entry.name


@pytest.mark.parametrize("entry", CARDS, ids=lambda c: c.slug)
def test_an_effect_with_text_says_what_it_does_or_that_it_cannot(entry):
    """An effect whose text is a note needs actions; with text and empty actions the engine would
    read the note itself as unsupported card text."""
    for effect in entry.obj.get("effects", []):
        assert "text" not in effect or effect.get("actions"), (entry.name, effect)


@pytest.mark.parametrize("entry", [c for c in CARDS if "zh-Hans" in c.names], ids=lambda c: c.slug)
def test_a_chinese_name_is_printed_in_the_section_its_source_cites(entry):
    source = entry.name_sources["zh-Hans"]
    match = re.search(r"\(ygo-ocg-rules-arcv, section ([\d.]+?)(?:\.i\d+)?\)", source)
    assert match and match.group(1) in ARCV_SECTIONS, source
    assert f"「{entry.names['zh-Hans']}」" in ARCV_TEXT
    assert "zh-Hant" not in entry.names


def test_library_cards_agree_with_the_goldens_that_name_them():
    library_by_name = {c.name: c for c in CARDS}
    found = set()
    for path in sorted((ROOT / "fixtures" / "scenarios" / "ygo").glob("*.json")):
        for obj in json.loads(path.read_text(encoding="utf-8"))["scenario"].get("objects", []):
            entry = library_by_name.get(obj["name"])
            for key in COMPARED if entry else ():
                value = obj.get(f"original_{key}", obj.get(key)) if key in ("atk", "def") else obj.get(key)
                if value is not None and key in entry.obj and value != entry.obj[key]:
                    found.add((entry.name, key, value))
    assert found == GOLDEN_MISMATCHES


DECK = [{"id": f"d{i}", "name": f"Deck card {i}", "owner": "p1", "zone": "deck", "kind": "monster", "subtype": "normal"}
        for i in range(3)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_pot_of_greed_from_the_library_draws_two(ruleset):
    trace, result = steps(frame([card("Pot of Greed").as_object("pot", "p1", "hand"), *DECK],
                                [{"type": "activate", "card": "pot"}], ruleset))
    assert [p["card"] for m, p in trace if m == "ygo.move.draw"] == ["d0", "d1"]
    assert result["complete"] is True


def test_mystical_space_typhoon_from_the_library_destroys_the_card_it_targets_and_only_a_spell_or_trap():
    typhoon = card("Mystical Space Typhoon")
    assert typhoon.unevaluable == ()
    target = {"id": "s", "name": "Set card", "owner": "p2", "zone": "spell_trap_zone", "position": "face-down",
              "kind": "trap", "subtype": "normal"}
    monster = on_field(card("Dark Magician"), "dm", "p2")
    trace, result = steps(frame([typhoon.as_object("mst", "p1", "hand"), target, monster],
                                [{"type": "activate", "card": "mst", "targets": ["s"]}]))
    assert ("ygo.move", {"card": "s", "card_name": "Set card", "from": "spell_trap_zone", "to": "graveyard",
                         "reason": "destroy"}) in trace
    assert result["complete"] is True
    trace, result = steps(frame([typhoon.as_object("mst", "p1", "hand"), target, monster],
                                [{"type": "activate", "card": "mst", "targets": ["dm"]}]))
    assert trace == [("ygo.illegal.targets", {"card": "mst", "card_name": "Mystical Space Typhoon", "count": 1,
                                              "given": ["dm"], "options": ["s"]})]
    scenario = frame([typhoon.as_object("mst", "p1", "hand"), target], [{"type": "activate", "card": "mst"}])
    assert [e["path"] for e in engine.validate(scenario)] == ["actions[0].targets"]


def test_solemn_judgment_from_the_library_negates_a_spell_for_half_the_lp():
    trace, result = steps(frame([card("Pot of Greed").as_object("pot", "p1", "hand"), *DECK,
                                 on_field(card("Solemn Judgment"), "sj", "p2")],
                                [{"type": "activate", "card": "pot"}, {"type": "activate", "card": "sj", "effect": "negate_card"}]))
    assert [p["lp"] for p in result["players"]] == [8000, 4000]
    assert not [s for s in trace if s[0] == "ygo.move.draw"]
    assert ("ygo.negate.activation", {"link": 1, "card": "pot", "card_name": "Pot of Greed", "by_link": 2}) in trace


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_face_up_jinzo_from_the_library_stops_a_trap(ruleset):
    scenario = frame([on_field(card("Jinzo"), "jinzo", "p1"), on_field(card("Mirror Force"), "mf", "p2")],
                     [{"type": "attack", "attacker": "jinzo"}, {"type": "activate", "card": "mf"}], ruleset)
    scenario["turn"] = {"active": "p1", "phase": "battle", "step": "battle"}
    trace, result = steps(scenario)
    said = [m for m, _ in trace]
    assert "ygo.illegal.cannot_activate" in said
    assert "ygo.condition.met" not in said  # Jinzo refuses the activation before its condition is read
    assert [p["lp"] for p in result["players"]] == [8000, 5600]  # the attack goes on: Mirror Force never resolved
    assert card("Jinzo").unevaluable == () and result["complete"] is True


def test_upstart_goblin_from_the_library_feeds_the_opponent():
    trace, result = steps(frame([card("Upstart Goblin").as_object("ug", "p1", "hand"), *DECK],
                                [{"type": "activate", "card": "ug"}], "mr2"))
    assert [p["lp"] for p in result["players"]] == [8000, 9000]
    assert [p["card"] for m, p in trace if m == "ygo.move.draw"] == ["d0"]


def test_this_card_in_a_library_object_becomes_the_scenario_id():
    kuriboh = card("Kuriboh")
    assert kuriboh.obj["effects"][0]["cost"] == [{"do": "discard", "card": SELF}]
    assert kuriboh.as_object("k7", "p2", "hand")["effects"][0]["cost"] == [{"do": "discard", "card": "k7"}]
    assert kuriboh.obj["effects"][0]["cost"][0]["card"] == SELF  # the library itself is unchanged


def test_marshmallon_from_the_library_survives_battle_but_its_controller_takes_the_damage():
    board = [on_field(card("Marshmallon"), "mm", "p2"), on_field(card("Dark Magician"), "dm", "p1")]
    scenario = frame(board, [{"type": "attack", "attacker": "dm", "target": "mm"}])
    scenario["turn"] = {"active": "p1", "phase": "battle", "step": "battle"}
    trace, result = steps(scenario)
    assert ("ygo.battle.not_destroyed", {"card": "mm", "card_name": "Marshmallon", "source": "mm",
                                         "source_name": "Marshmallon"}) in trace
    assert [p["lp"] for p in result["players"]] == [8000, 5800]
    assert result["complete"] is False  # its burn on a face-down attack is not watched for, and says so
    assert [p["text"] for m, p in trace if m == "ygo.cannot_evaluate.continuous"] == list(card("Marshmallon").unevaluable[1:])


def test_cyber_dragons_own_summon_is_a_procedure_and_solemn_judgment_negates_it():
    """Cyber Dragon has no effect to write: its Special Summon from the hand is the inherent
    procedure, whose condition the document states is met. Solemn Judgment negates the Summon and
    destroys the monster: it goes to the Graveyard as destroyed."""
    assert "effects" not in card("Cyber Dragon").obj and card("Cyber Dragon").unevaluable == ()
    board = [card("Cyber Dragon").as_object("cd", "p1", "hand"), on_field(card("Vorse Raider"), "vr", "p2"),
             on_field(card("Solemn Judgment"), "sj", "p2")]
    trace, result = steps(frame(board, [{"type": "special_summon", "method": "inherent", "card": "cd"},
                                        {"type": "activate", "card": "sj", "effect": "negate_summon"}], "mr2"))
    assert ("ygo.negate.summon", {"card": "cd", "card_name": "Cyber Dragon", "by_link": 1}) in trace
    assert ("ygo.move", "cd", "graveyard", "destroy") in [(m, p.get("card"), p.get("to"), p.get("reason")) for m, p in trace]
    assert [p["lp"] for p in result["players"]] == [8000, 4000] and result["complete"] is True


def face_up(obj):
    obj["position"] = "face-up"
    return obj


@pytest.mark.parametrize("ruleset", RULESETS)
def test_mirror_force_from_the_library_is_refused_outside_an_attack_and_answers_one(ruleset):
    trace, result = steps(frame([on_field(card("Mirror Force"), "mf", "p2")], [{"type": "activate", "card": "mf"}], ruleset))
    assert [m for m, _ in trace] == ["ygo.illegal.condition_not_met"]
    assert trace[0][1]["now"] == "no attack has just been declared"
    attacker = on_field(card("Dark Magician"), "dm", "p1")
    scenario = frame([attacker, on_field(card("Mirror Force"), "mf", "p2")],
                     [{"type": "attack", "attacker": "dm"},
                      {"type": "activate", "card": "mf", "actions": [{"do": "destroy", "targets": ["dm"]}]}], ruleset)
    scenario["turn"] = {"active": "p1", "phase": "battle", "step": "battle"}
    trace, result = steps(scenario)
    assert ("ygo.condition.met", "mf") in [(m, p.get("card")) for m, p in trace]
    assert ("ygo.move", "dm", "graveyard") in [(m, p.get("card"), p.get("to")) for m, p in trace]
    assert [p["lp"] for p in result["players"]] == [8000, 8000]


def test_dark_bribe_from_the_library_answers_only_the_opponents_spell_or_trap():
    board = [card("Pot of Greed").as_object("pot", "p1", "hand"), *DECK]
    for owner, refused in (("p1", True), ("p2", False)):
        trace, result = steps(frame([*board, on_field(card("Dark Bribe"), "db", owner)],
                                    [{"type": "activate", "card": "pot"}, {"type": "activate", "card": "db"}]))
        said = [m for m, _ in trace]
        assert ("ygo.illegal.condition_not_met" in said) is refused, owner
        assert ("ygo.negate.activation" in said) is not refused, owner


@pytest.mark.parametrize("ruleset", RULESETS)
def test_skill_drain_from_the_library_negates_a_monster_effect_on_the_field(ruleset):
    for drained in (True, False):
        board = [on_field(card("Honest"), "h", "p1")] + ([face_up(on_field(card("Skill Drain"), "sd", "p2"))] if drained else [])
        trace, result = steps(frame(board, [{"type": "activate", "card": "h", "effect": 0}], ruleset))
        zone = {o["id"]: o["zone"] for o in result["objects"]}["h"]
        assert zone == ("monster_zone" if drained else "hand"), drained
        assert ("ygo.no_effect.negated_on_field" in [m for m, _ in trace]) is drained


@pytest.mark.parametrize("name", ["Macro Cosmos", "Banisher of the Radiance"])
def test_a_banishing_card_from_the_library_banishes_what_would_go_to_the_graveyard(name):
    target = {"id": "s", "name": "Set card", "owner": "p2", "zone": "spell_trap_zone", "position": "face-down",
              "kind": "trap", "subtype": "normal"}
    banisher = on_field(card(name), "b", "p2")
    board = [card("Mystical Space Typhoon").as_object("mst", "p1", "hand"), target,
             face_up(banisher) if banisher["kind"] == "trap" else banisher]
    trace, result = steps(frame(board, [{"type": "activate", "card": "mst", "targets": ["s"],
                                         "actions": [{"do": "destroy", "target": "s"}]}]))
    zones = {o["id"]: o["zone"] for o in result["objects"]}
    assert (zones["s"], zones["mst"]) == ("banished", "banished")
    assert [p["card"] for m, p in trace if m == "ygo.replace.destination"] == ["s", "mst"]


def test_axe_of_despair_from_the_library_gives_the_monster_it_equips_1000_atk():
    monster = {"id": "m", "name": "Vanilla", "owner": "p1", "zone": "monster_zone", "position": "attack",
               "kind": "monster", "subtype": "normal", "level": 4, "atk": 1500, "def": 1000}
    trace, result = steps(frame([card("Axe of Despair").as_object("axe", "p1", "hand"), monster],
                                [{"type": "activate", "card": "axe", "targets": ["m"], "actions": [{"do": "equip", "target": "m"}]}]))
    objects = {o["id"]: o for o in result["objects"]}
    assert objects["axe"]["equipped_to"] == "m" and objects["m"]["atk"] == 2500


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_tricky_from_the_library_summons_itself_only_by_discarding_a_card(ruleset):
    tricky = card("The Tricky").as_object("tr", "p1", "hand")
    trace, result = steps(frame([tricky, card("Kuriboh").as_object("k", "p1", "hand")],
                                [{"type": "special_summon", "method": "inherent", "card": "tr",
                                  "cost": [{"do": "discard", "card": "k"}]}], ruleset))
    assert {o["id"]: o["zone"] for o in result["objects"]} == {"tr": "monster_zone", "k": "graveyard"}
    assert result["complete"] is True
    trace, result = steps(frame([tricky], [{"type": "special_summon", "method": "inherent", "card": "tr", "cost": []}], ruleset))
    assert [m for m, _ in trace] == ["ygo.illegal.summon_cost"]


def test_armityle_from_the_library_needs_all_three_lords_on_the_field():
    lords = [on_field(card(name), oid, "p1") for name, oid in (("Uria, Lord of Searing Flames", "u"),
                                                             ("Hamon, Lord of Striking Thunder", "h"),
                                                             ("Raviel, Lord of Phantasms", "r"))]
    armityle = card("Armityle the Chaos Phantasm").as_object("ar", "p1", "extra_deck")
    for paid, zone in ((["u", "h", "r"], "monster_zone"), (["u", "h"], "extra_deck")):
        trace, result = steps(frame([armityle, *lords], [{"type": "special_summon", "method": "inherent", "card": "ar",
                                                          "cost": [{"do": "banish", "card": c} for c in paid]}]))
        assert {o["id"]: o["zone"] for o in result["objects"]}["ar"] == zone, paid
        assert ("ygo.illegal.summon_cost" in [m for m, _ in trace]) is (zone == "extra_deck")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_man_eater_bug_from_the_library_destroys_the_monster_chosen_when_it_flips(ruleset):
    bug = on_field(card("Man-Eater Bug"), "bug", "p1")
    bug["position"] = "face-down defense"
    scenario = frame([bug, on_field(card("Dark Magician"), "dm", "p2")], [{"type": "flip_summon", "card": "bug"}], ruleset)
    trace, result = steps(scenario)
    assert [m for m, _ in trace][-1] == "ygo.choice.trigger_targets" and result["complete"] is False
    scenario["options"] = {"trigger_targets": {"bug": ["dm"]}}
    trace, result = steps(scenario)
    assert {o["id"]: o["zone"] for o in result["objects"]} == {"bug": "monster_zone", "dm": "graveyard"}
    assert result["complete"] is True


def test_spirit_reaper_from_the_library_triggers_on_the_battle_damage_it_deals():
    scenario = frame([on_field(card("Spirit Reaper"), "sr", "p1")], [{"type": "attack", "attacker": "sr"}])
    scenario["turn"] = {"active": "p1", "phase": "battle", "step": "battle"}
    trace, result = steps(scenario)
    assert ("ygo.chain.activate", "sr") in [(m, p.get("card")) for m, p in trace]
    assert [p["detail"] for m, p in trace if m == "ygo.cannot_evaluate"] == [
        f"unsupported card text: {card('Spirit Reaper').unevaluable[0]}"]


CONDITIONED_CARDS = [(c, i) for c in CARDS for i, e in enumerate(c.obj.get("effects", []))
                     if e["class"] == "card" and "condition" in e
                     and not any(a["do"].startswith("negate_") for a in e["actions"])]
"""The cards whose activation only their condition forbids on a quiet board (a negation is refused
there anyway, with nothing to negate)."""


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("entry,index", CONDITIONED_CARDS, ids=lambda v: getattr(v, "slug", str(v)))
def test_a_library_card_with_a_condition_is_refused_on_a_quiet_board(entry, index, ruleset):
    """Nothing has happened in p1's Main Phase 1 and the chain is empty: no "when …" window is
    open, no Battle Phase, so each of these activations (p2's, from the Set position) is illegal."""
    assert len(CONDITIONED_CARDS) >= 5
    aimed = {"targets": ["t"]} if "targeting" in entry.obj["effects"][index] else {}
    trace, result = steps(frame([on_field(entry, "t", "p2")], [{"type": "activate", "card": "t", "effect": index, **aimed}],
                                ruleset))
    assert [m for m, _ in trace] == ["ygo.illegal.condition_not_met"], entry.name


@pytest.mark.parametrize("atk,answered", [(1900, True), (1400, False)])
def test_bottomless_trap_hole_from_the_library_destroys_and_banishes_a_summoned_monster_with_1500_atk(atk, answered):
    summoned = {"id": "m", "name": "Vanilla", "owner": "p1", "zone": "hand", "kind": "monster", "subtype": "normal",
                "level": 4, "atk": atk, "def": 1000}
    other = on_field(card("Dark Magician"), "dm", "p1")
    trace, result = steps(frame([summoned, other, on_field(card("Bottomless Trap Hole"), "bth", "p2")],
                                [{"type": "summon", "card": "m"}, {"type": "activate", "card": "bth"}]))
    said = [m for m, _ in trace]
    assert ("ygo.illegal.condition_not_met" in said) is not answered
    zones = {o["id"]: o["zone"] for o in result["objects"]}
    assert (zones["m"], zones["dm"]) == (("banished" if answered else "monster_zone"), "monster_zone")
    if answered:
        moves = [(p["card"], p["to"], p["reason"]) for m, p in trace if m == "ygo.move" and p["card"] == "m"]
        assert moves[-2:] == [("m", "graveyard", "destroy"), ("m", "banished", "banish")]
        assert result["complete"] is True


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_chain_link_of_a_library_flip_effect_applies_it_to_the_targets_the_link_gives(ruleset):
    board = [on_field(card("Man-Eater Bug"), "bug", "p1"), on_field(card("Dark Magician"), "dm", "p2")]
    scenario = frame(board, [{"type": "resolve"}], ruleset)
    scenario["chain"] = [{"card": "bug", "targets": ["dm"]}]
    trace, result = steps(scenario)
    assert {o["id"]: o["zone"] for o in result["objects"]} == {"bug": "monster_zone", "dm": "graveyard"}
    scenario["chain"] = [{"card": "bug"}]  # a targeting effect on the chain without its target is not a board
    assert [e["path"] for e in engine.validate(scenario)] == ["chain[0].targets"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_effect_veiler_from_the_library_answers_only_in_the_opponents_main_phase(ruleset):
    """Honest's own return to the hand is on the chain in p1's Main Phase 1: p2's Effect Veiler
    negates it; p1's own copy is refused (it is not p1's opponent's turn)."""
    for owner, veiled in (("p2", True), ("p1", False)):
        board = [on_field(card("Honest"), "h", "p1"), card("Effect Veiler").as_object("v", owner, "hand")]
        trace, result = steps(frame(board, [{"type": "activate", "card": "h", "effect": 0},
                                            {"type": "activate", "card": "v", "targets": ["h"],
                                             "actions": [{"do": "negate_effects", "target": "h", "until": "end_phase"}]}],
                                    ruleset))
        zones = {o["id"]: o["zone"] for o in result["objects"]}
        assert (zones["h"], zones["v"]) == (("monster_zone", "graveyard") if veiled else ("hand", "hand")), owner
        assert ("ygo.illegal.condition_not_met" in [m for m, _ in trace]) is not veiled


# ----------------------------------------------------------------------------- issue 16: the library fully evaluable

ISSUE_16_CARDS = ("Monster Reborn", "Solemn Judgment", "Mirror Force", "Book of Moon", "Mystical Space Typhoon", "Sangan",
                  "Effect Veiler", "Call of the Haunted", "Bottomless Trap Hole", "Dark Hole", "Torrential Tribute",
                  'Maxx "C"', "Ash Blossom & Joyous Spring")
STILL_UNEVALUATED_NAMED = {'Maxx "C"'}
"""Issue 16 cards with text the vocabulary cannot say yet: Maxx "C"'s draw each time the opponent
Special Summons this turn (a trigger made by a resolved effect). It is reported as ``cannot_evaluate``
when it applies; the set may only shrink."""
UNEVALUABLE_TARGET = 0.10
UNEVALUABLE_NOW = 58
"""Issue 16 asks for at most 10 % of the library with unevaluable text; how many cards carry some
today, which may only fall (lower it as cards become evaluable)."""
LIBRARY_GOLDENS = sorted((ROOT / "fixtures" / "scenarios" / "ygo").glob("library-*.json"))


def _unevaluable_share():
    return sum(1 for c in CARDS if c.unevaluable) / len(CARDS)


def test_the_issue_16_cards_are_fully_in_the_vocabulary():
    left = {name for name in ISSUE_16_CARDS if card(name).unevaluable}
    assert left <= STILL_UNEVALUATED_NAMED, sorted(left - STILL_UNEVALUATED_NAMED)
    assert left == STILL_UNEVALUATED_NAMED, f"now evaluable, take them out of STILL_UNEVALUATED_NAMED: {sorted(STILL_UNEVALUATED_NAMED - left)}"


def test_the_share_of_cards_with_unevaluable_text_only_falls():
    assert len(CARDS) >= 150
    left = sorted(c.name for c in CARDS if c.unevaluable)
    assert len(left) <= UNEVALUABLE_NOW, f"{len(left)} cards carry unevaluable text (at most {UNEVALUABLE_NOW}): {left}"


@pytest.mark.xfail(reason="issue 16: at most 10 % of the library may carry unevaluable text; not there yet", strict=True)
def test_at_most_ten_percent_of_the_library_carries_unevaluable_text():
    assert _unevaluable_share() <= UNEVALUABLE_TARGET


def _holds_as_filed(obj, entry):
    """Return whether a golden object is ``entry`` exactly as its file has it (SELF as the object's id)."""
    return obj.get("name") == entry.name and all(obj.get(k) == v for k, v in
                                                   entry.as_object(obj["id"], obj["owner"], obj["zone"]).items()
                                                   if k not in ("id", "owner", "zone"))


QUIET = {"priority", "activate", "respond", "end", "setup", "summon"}


def _acts_in(golden, oid):
    """Return whether the card ``oid`` acts in the golden past the setup: its ability resolves,
    pays, moves or negates something, is refused or reported, or its trigger is chosen."""
    trace = engine.resolve(golden["scenario"])["trace"]
    resolving = {s["params"].get("link") for s in trace if s["message_id"] == "ygo.chain.resolve_link"
                 and s["params"].get("card") == oid}
    return any(s["kind"] not in QUIET and (oid in (s["params"].get("card"), s["params"].get("source"), s["params"].get("attacker"))
                                           or (s["params"].get("by_link") in resolving - {None})
                                           or (s["params"].get("link") in resolving - {None} and s["kind"] != "resolve"))
               for s in trace)


def _library_goldens():
    for path in LIBRARY_GOLDENS:
        golden = json.loads(path.read_text(encoding="utf-8"))
        yield path.stem, golden


def _cards_with_goldens():
    found = set()
    for _stem, golden in _library_goldens():
        for obj in golden["scenario"]["objects"]:
            entry = by_name("ygo").get(obj["name"].casefold())
            if entry is not None and _holds_as_filed(obj, entry) and _acts_in(golden, obj["id"]):
                found.add(entry.name)
    return found


def test_every_library_golden_holds_library_cards_as_filed_and_replays():
    assert len(LIBRARY_GOLDENS) >= 40
    for stem, golden in _library_goldens():
        names = {c.name for c in CARDS}
        held = [o for o in golden["scenario"]["objects"] if o["name"] in names]
        assert held and all(_holds_as_filed(o, card(o["name"])) for o in held), stem
        assert golden["source"].startswith(("ygo-ocg-rules-arcv ", "ygo-rulebook-mr2 ")), stem


def test_the_issue_16_cards_and_the_two_minute_boards_have_goldens():
    covered = _cards_with_goldens()
    assert set(ISSUE_16_CARDS) <= covered, sorted(set(ISSUE_16_CARDS) - covered)
    stems = {stem for stem, _ in _library_goldens()}
    assert {"library-monster-reborn-answered-by-solemn-judgment", "library-mirror-force-answers-an-attack",
            "library-sangan-destroyed-by-battle-searches"} <= stems


def test_library_cards_without_a_golden_only_become_fewer():
    missing = {c.name for c in CARDS} - _cards_with_goldens()
    assert len(missing) <= GOLDENS_MISSING_AT_MOST, sorted(missing)


GOLDENS_MISSING_AT_MOST = 31
"""Issue 16 asks for a golden per library card; how many lack one today, which may only fall."""


def test_breakthrough_skill_sent_to_the_graveyard_during_the_turn_cannot_use_its_graveyard_effect_that_turn():
    """ARC-V 4.2.3.i1: the card resolved from the field this turn is marked as sent to the
    Graveyard this turn, so its "except the turn it was sent" effect is refused; the board's
    own Graveyard card, not sent this turn, may use it."""
    skill = on_field(card("Breakthrough Skill"), "bs", "p1")
    honest = [on_field(card("Honest"), oid, "p2") for oid in ("h1", "h2")]
    trace, result = steps(frame([skill, *honest], [{"type": "activate", "card": "bs", "effect": 0, "targets": ["h1"]},
                                                   {"type": "resolve"},
                                                   {"type": "activate", "card": "bs", "effect": 1, "targets": ["h2"]}]))
    zones = {o["id"]: o["zone"] for o in result["objects"]}
    assert zones["bs"] == "graveyard"
    assert [p["condition"] for m, p in trace if m == "ygo.illegal.condition_not_met"] == ["not_sent_this_turn: true"]
    bs = next(o for o in result["objects"] if o["id"] == "bs")
    assert bs.get("sent_to_graveyard_this_turn") is True
