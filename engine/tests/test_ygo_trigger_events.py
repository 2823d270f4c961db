"""Yu-Gi-Oh! trigger events and qualifiers of issue 13 (engine/ygo/triggers.py, qualifiers.py):
what the validation refuses, which draws count once (MR2 ch5.31), and why a card moved
(the ``by`` qualifier's causes)."""

from __future__ import annotations


import pytest

import engine



def _doc(objects: list[dict], *, ruleset: str = "arcv", chain: list | None = None, actions: list | None = None) -> dict:
    return {"format": "1", "game": "ygo", "ruleset": ruleset, "options": {},
            "players": [{"id": "p1", "name": "Alice", "lp": 8000}, {"id": "p2", "name": "Bob", "lp": 8000}],
            "turn": {"active": "p1", "phase": "main1", "step": None, "number": 3},
            "objects": objects, "chain": chain or [], "pending": [], "effects": [], "actions": actions or []}


def _monster(id_: str, owner: str, effects: list | None = None, zone: str = "monster_zone", level: int = 4) -> dict:
    out = {"id": id_, "name": id_, "owner": owner, "zone": zone, "kind": "monster",
           "subtype": "effect" if effects else "normal", "level": level, "atk": 1000, "def": 1000}
    if zone == "monster_zone":
        out["position"] = "attack"
    if effects:
        out["effects"] = effects
    return out


def _trigger(event: str, **keys) -> dict:
    return {"class": "trigger", "trigger": event, "actions": [{"do": "draw", "player": "self", "amount": 1}], **keys}


def _errors(doc: dict) -> dict[str, str]:
    return {error["path"]: error["message"] for error in engine.validate(doc)}


@pytest.mark.parametrize(("effect", "path", "words"), [
    (_trigger("destroyed", qualifiers={"from": ["hand"]}), "objects[0].effects[0].qualifiers.from", "means nothing"),
    (_trigger("summoned", qualifiers={"method": "xyz"}), "objects[0].effects[0].qualifiers.method", "cannot be by"),
    (_trigger("special_summoned", qualifiers={"method": "tribute"}), "objects[0].effects[0].qualifiers.method",
     "cannot be by"),
    (_trigger("standby_phase", event_of={"kind": "monster"}), "objects[0].effects[0].event_of", "phase's event"),
    (_trigger("destroyed", event_of={"level_min": 6, "level_max": 4}), "objects[0].effects[0].event_of.level_max",
     "below level_min"),
    (_trigger("destroyed", event_of={"level": 4, "level_min": 4}), "objects[0].effects[0].event_of.level", "not both"),
    (_trigger("drawn", qualifiers={}), "objects[0].effects[0].qualifiers", "at least one"),
    (_trigger("destroyed", event_of={"kind": "spell", "kinds": ["spell", "trap"]}), "objects[0].effects[0].event_of.kinds",
     "not both"),
])
def test_meaningless_qualifiers_and_filters_are_refused_at_their_path(effect, path, words):
    errors = _errors(_doc([_monster("m1", "p1", [effect])]))
    assert path in errors, errors
    assert words in errors[path]


def test_qualifiers_that_mean_something_are_accepted():
    effects = [_trigger("sent_to_graveyard", qualifiers={"from": ["hand", "deck"], "by": "cost", "player": "self"}),
               _trigger("summoned", qualifiers={"method": "tribute"}),
               _trigger("battle_damage", qualifiers={"player": "opponent"})]
    assert _errors(_doc([_monster("m1", "p1", effects)])) == {}


def _draw_watch(amount: int, player: str, watcher_filter: dict) -> dict:
    pot = {"id": "s1", "name": "Pot", "owner": "p1", "zone": "hand", "kind": "spell", "subtype": "normal",
           "effects": [{"class": "card", "actions": [{"do": "draw", "player": player, "amount": amount}]}]}
    decks = [_monster(f"d{i}", owner, zone="deck") for owner in ("p1", "p2") for i in range(3)]
    decks = [{**card, "id": f"{card['id']}{card['owner']}"} for card in decks]
    watcher = _monster("w", "p2", [{"class": "trigger", "trigger": "drawn", "event_of": watcher_filter,
                                    "actions": [{"do": "damage", "player": "opponent", "amount": 100}]}])
    return _doc([pot, watcher, *decks], chain=[{"card": "s1"}])


@pytest.mark.parametrize(("amount", "player", "watcher_filter", "activations"), [
    (2, "self", {"controller": "opponent"}, 1),   # "draw 2" is one draw (MR2 ch5.31)
    (1, "both", {"kind": "monster"}, 2),           # each player draws: one draw each
    (1, "both", {"controller": "opponent"}, 1),    # only Alice's draw is the opponent's
])
def test_a_trigger_on_other_cards_draws_meets_each_draw_once(amount, player, watcher_filter, activations):
    out = engine.resolve(_draw_watch(amount, player, watcher_filter))
    chained = [s for s in out["trace"] if s["message_id"] == "ygo.trigger.to_chain" and s["params"]["card"] == "w"]
    # Two triggers of one card are simultaneous and their order is asked for (one branch per order).
    asked = [card for s in out["trace"] if s["message_id"] == "ygo.choice.trigger_order"
             for group in s["params"]["groups"] for card in group if card == "w"]
    assert len(chained or asked) == activations


@pytest.mark.parametrize(("reason", "kind", "cause"), [
    ("destroy", "", "effect"), ("battle", "", "battle"), ("discard", "cost", "cost"), ("tribute", "", "rule"),
    ("resolved", "", "rule"), ("hand_limit", "", "rule"), ("fusion_material", "", "effect"),
])
def test_why_a_card_moved(reason, kind, cause):
    from engine.ygo.primitives import cause_of
    from engine.ygo.rules import R

    assert cause_of(reason, R.DESTROY, kind) == cause


def test_an_xyz_material_going_to_the_graveyard_is_moved_by_the_rules():
    from engine.ygo.primitives import cause_of
    from engine.ygo.rules import R

    assert cause_of("send_to_graveyard", R.XYZ_MATERIALS, "") == "rule"


def _targeting_doc(*, count: int = 1, protected: bool = False, answer: list | None = None, **filter_keys) -> dict:
    hunter = _monster("k", "p1", [{"class": "trigger", "trigger": "summoned",
                                   "targeting": {"count": count, "filter": {"kind": "monster", **filter_keys}},
                                   "actions": [{"do": "destroy"}]}], zone="hand")
    cards = [hunter, _monster("a", "p2"), _monster("b", "p2", level=7)]
    if protected:
        cards.append({**_monster("guard", "p2"), "subtype": "effect", "effects": [
            {"class": "continuous", "actions": [{"do": "cannot_be_targeted", "targets": ["a"], "by": "opponent"}]}]})
    doc = _doc(cards, actions=[{"type": "summon", "card": "k"}])
    if answer is not None:
        doc["options"] = {"trigger_targets": {"k": answer}}
    return doc


def _choice(out: dict) -> dict:
    return next(s for s in out["trace"] if s["message_id"] == "ygo.choice.trigger_targets")


def test_a_card_that_cannot_be_targeted_is_no_legal_trigger_target():
    assert _choice(engine.resolve(_targeting_doc(controller="opponent")))["params"]["options"] == ["a", "b"]
    protected = engine.resolve(_targeting_doc(controller="opponent", protected=True))
    assert _choice(protected)["params"]["options"] == ["b", "guard"]


def test_two_targets_branch_on_each_pair_and_the_actions_apply_to_both():
    out = engine.resolve(_targeting_doc(count=2, controller="opponent", protected=True))
    choice = _choice(out)
    assert [branch["choice"] for branch in choice["branches"]] == [["b", "guard"]]
    moved = [s["params"]["card"] for s in choice["branches"][0]["trace"] if s["message_id"] == "ygo.move"
             and s["params"]["reason"] == "destroy"]
    assert moved == ["b", "guard"]


def test_a_level_filter_on_the_targets_and_a_wrong_answer():
    out = engine.resolve(_targeting_doc(level_min=5, answer=["a"]))
    illegal = next(s for s in out["trace"] if s["message_id"] == "ygo.illegal.trigger_targets")
    assert illegal["params"]["options"] == ["b"] and illegal["rule"]["number"] == "4.2.3.3.i2"
    out = engine.resolve(_targeting_doc(level_min=5, answer=["b"]))
    assert {o["id"]: o["zone"] for o in out["result"]["objects"]}["b"] == "graveyard"


def test_an_answer_for_a_card_without_targeting_is_refused():
    doc = _targeting_doc(answer=["a"])
    doc["options"]["trigger_targets"]["a"] = ["b"]
    assert "options.trigger_targets.a" in _errors(doc)


def _phase_doc(phase: str, *, zone: str = "monster_zone", position: str | None = None, **keys) -> dict:
    card = _monster("m1", "p1", [{"class": "trigger", "trigger": "standby_phase",
                                  "actions": [{"do": "gain_lp", "player": "self", "amount": 500}], **keys}], zone=zone)
    if position:
        card["position"] = position
    doc = _doc([card], actions=[{"type": "end_phase"}] if phase == "draw" else [])
    doc["turn"] = {"active": "p1", "phase": phase, "step": None, "number": 3}
    return doc


def _lp(out: dict) -> int:
    return next(p["lp"] for p in out["result"]["players"] if p["id"] == "p1")


@pytest.mark.parametrize(("zone", "position", "gained"), [
    ("monster_zone", None, 8500), ("graveyard", None, 8500), ("monster_zone", "face-down defense", 8000),
    ("hand", None, 8000)])
def test_a_standby_phase_trigger_is_raised_where_its_card_applies(zone, position, gained):
    assert _lp(engine.resolve(_phase_doc("draw", zone=zone, position=position))) == gained


def test_a_board_that_starts_in_the_standby_phase_has_had_its_start():
    assert _lp(engine.resolve(_phase_doc("standby"))) == 8000


def test_your_opponents_standby_phase_is_read_from_the_cards_side():
    assert _lp(engine.resolve(_phase_doc("draw", qualifiers={"player": "self"}))) == 8500
    out = engine.resolve(_phase_doc("draw", qualifiers={"player": "opponent"}))
    assert _lp(out) == 8000
    [step] = [s for s in out["trace"] if s["message_id"] == "ygo.trigger.not_qualified"]
    assert step["params"]["qualifier"] == "player" and step["params"]["was"] == "self"


def test_a_pending_targeting_trigger_has_its_given_targets_checked():
    doc = _targeting_doc(level_min=5)
    doc["objects"][0]["zone"] = "monster_zone"
    doc["objects"][0]["position"] = "attack"
    doc["actions"] = []
    doc["pending"] = [{"card": "k", "effect": 0, "targets": ["a"]}]
    out = engine.resolve(doc)
    assert [s["message_id"] for s in out["trace"]][:1] == ["ygo.illegal.trigger_targets"]
    assert {o["id"]: o["zone"] for o in out["result"]["objects"]}["a"] == "monster_zone"
    doc["pending"] = [{"card": "k", "effect": 0, "targets": ["b"]}]
    out = engine.resolve(doc)
    assert {o["id"]: o["zone"] for o in out["result"]["objects"]}["b"] == "graveyard"


# ---------------------------------------------------------------- issue 13 (gaps)

import copy  # noqa: E402
import json  # noqa: E402
from pathlib import Path  # noqa: E402

GOLDENS = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "ygo"


def _golden(stem: str) -> dict:
    return copy.deepcopy(json.loads((GOLDENS / f"{stem}.json").read_text("utf-8"))["scenario"])


def _ids(doc: dict, message_id: str) -> list[dict]:
    return [s["params"] for s in engine.resolve(doc)["trace"] if s["message_id"] == message_id]


def test_has_material_reads_the_materials_attached_now():
    doc = _golden("arcv-target-an-xyz-monster-that-has-a-light-material")
    doc["options"] = {}
    assert [p["options"] for p in _ids(doc, "ygo.choice.trigger_targets")] == [["x1"]]
    # Its LIGHT material detached (in the Graveyard now), the Xyz Monster no longer fits: no legal target.
    doc["objects"][1]["materials"] = []
    doc["objects"][2]["zone"] = "graveyard"
    assert _ids(doc, "ygo.choice.trigger_targets") == []
    assert [p["card"] for p in _ids(doc, "ygo.trigger.no_target")] == ["s"]


def test_has_material_inside_a_material_filter_is_refused():
    doc = _golden("arcv-target-an-xyz-monster-that-has-a-light-material")
    target_filter = doc["objects"][0]["effects"][0]["targeting"]["filter"]
    target_filter["has_material"] = {"attribute": "LIGHT", "controller": "self"}
    paths = [e["path"] for e in engine.validate(doc)]
    assert paths == ["objects[0].effects[0].targeting.filter.has_material.controller"]
    target_filter["has_material"] = {"has_material": {"attribute": "LIGHT"}}
    assert [e["path"] for e in engine.validate(doc)] == ["objects[0].effects[0].targeting.filter.has_material.has_material"]


def test_a_ritual_tribute_is_tributed_too():
    tributed = [{"class": "trigger", "trigger": "tributed", "actions": [{"do": "damage", "player": "opponent", "amount": 300}]}]
    ritual = {"id": "r", "name": "Ritual Beast", "owner": "p1", "zone": "hand", "kind": "monster", "subtype": "ritual",
              "level": 4, "atk": 2000, "def": 1000}
    spell = {"id": "s", "name": "Ritual Spell", "owner": "p1", "zone": "hand", "kind": "spell", "subtype": "ritual",
             "effects": [{"class": "card", "actions": [{"do": "ritual_summon", "target": "r", "materials": ["m"]}]}]}
    doc = _doc([_monster("m", "p1", tributed), ritual, spell], actions=[{"type": "activate", "card": "s"}])
    trace = engine.resolve(doc)["trace"]
    assert [s["params"]["card"] for s in trace if s["message_id"] == "ygo.trigger.to_chain"] == ["m"]
    assert [s["params"]["lp"] for s in trace if s["message_id"] == "ygo.damage"] == [7700]


def test_a_tributed_qualifier_that_means_nothing_is_refused():
    card = _monster("m", "p1", [{"class": "trigger", "trigger": "tributed", "qualifiers": {"method": "tribute"},
                                 "actions": [{"do": "draw", "amount": 1}]}])
    assert [e["path"] for e in engine.validate(_doc([card]))] == ["objects[0].effects[0].qualifiers.method"]


def test_a_tribute_banished_instead_is_still_tributed():
    # ARC-V 3.2.2.1.1.1.i8: under Macro Cosmos the Tributed monster is banished, and it was Tributed.
    doc = _golden("arcv-tribute-summon-under-macro-cosmos-banishes-the-tribute")
    tributed = doc["objects"][1]
    tributed["subtype"] = "effect"
    tributed["effects"] = [{"class": "trigger", "trigger": "tributed",
                            "actions": [{"do": "damage", "player": "opponent", "amount": 300}]}]
    trace = engine.resolve(doc)["trace"]
    assert [s["params"]["to"] for s in trace if s["message_id"] == "ygo.move" and s["params"]["card"] == "m1"] == ["banished"]
    assert [s["params"]["card"] for s in trace if s["message_id"] == "ygo.trigger.to_chain"] == ["m1"]


def test_a_tribute_paid_for_an_inherent_special_summon_is_tributed():
    # "Special Summon this card by Tributing 1 monster" (Lava Golem-like): a Tribute of the procedure.
    golem = {"id": "g", "name": "Golem", "owner": "p1", "zone": "hand", "kind": "monster", "subtype": "effect", "level": 8,
             "atk": 3000, "def": 2500,
             "summon_procedure": {"cost": [{"do": "tribute", "from": "field", "filter": {"kind": "monster"}}]}}
    fodder = _monster("m", "p1", [{"class": "trigger", "trigger": "tributed", "optional": True, "timing": "if",
                                   "actions": [{"do": "damage", "player": "opponent", "amount": 300}]}])
    doc = _doc([golem, fodder], actions=[{"type": "special_summon", "method": "inherent", "card": "g",
                                          "cost": [{"do": "tribute", "card": "m"}]}])
    doc["options"] = {"activate_triggers": ["m"]}
    trace = engine.resolve(doc)["trace"]
    assert [s["params"]["card"] for s in trace if s["message_id"] == "ygo.trigger.to_chain"] == ["m"]
    doc["objects"][1]["effects"][0]["timing"] = "when"
    trace = engine.resolve(doc)["trace"]
    assert [s["params"]["card"] for s in trace if s["message_id"] == "ygo.trigger.missed_timing"] == ["m"]
