"""State-based actions 704.5k, p, r, s (and what is not covered), and the order of
simultaneous triggered abilities as an open choice (CR 603.3b); docs/scenario-format.md §8.6,
§8.7, §8.10."""

from __future__ import annotations

import copy

import pytest

import engine
from engine.mtg.examples import card, creature, scenario, static

EDITIONS = ("cr-2020-06-01", "cr-2022-04-29")


def _obj(out, oid):
    return next(o for o in out["result"]["objects"] if o["id"] == oid)


def _player(out, pid):
    return next(p for p in out["result"]["players"] if p["id"] == pid)


def _steps(out, message_id):
    return [s for s in out["trace"] if s["message_id"] == message_id]


def _world(oid, name, **fields):
    return card(oid, name, supertypes=["world"], types=["enchantment"], **fields)


# ----------------------------------------------------------------------------- 704.5k


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_704_5k_world_rule_keeps_the_newest(ruleset):
    out = engine.resolve(scenario([_world("old", "Old World", timestamp=3), _world("new", "New World", timestamp=7)],
                                  ruleset=ruleset))
    assert _obj(out, "old")["zone"] == "graveyard"
    assert _obj(out, "new")["zone"] == "battlefield"
    [step] = [s for s in _steps(out, "mtg.sba.graveyard") if s["params"]["card"] == "old"]
    assert step["rule"]["number"] == "704.5k" and step["params"]["reason"] == "world_rule"
    assert out["result"]["complete"] is True


def test_704_5k_world_rule_tie_for_the_shortest_time_puts_all_into_graveyards():
    out = engine.resolve(scenario([_world("a", "A World", timestamp=5), _world("b", "B World", timestamp=5),
                                   _world("c", "C World", timestamp=2)]))
    assert [_obj(out, o)["zone"] for o in ("a", "b", "c")] == ["graveyard", "graveyard", "graveyard"]


def test_704_5k_world_rule_a_locked_in_effect_that_gives_world_counts_from_its_timestamp():
    # "old" is printed world (timestamp 1); "late" (timestamp 2) becomes world at timestamp 10: it is the newest.
    doc = scenario([_world("old", "Old World", timestamp=1), card("late", "Late", types=["enchantment"], timestamp=2)],
                   effects=[{"id": "e1", "do": "add_type", "supertypes": ["world"], "affected": ["late"],
                             "duration": "permanent", "timestamp": 10}])
    out = engine.resolve(doc)
    assert _obj(out, "old")["zone"] == "graveyard" and _obj(out, "late")["zone"] == "battlefield"


def test_704_5k_world_rule_from_a_filter_effect_is_not_covered():
    doc = scenario([_world("old", "Old World", timestamp=1), card("late", "Late", types=["enchantment"], timestamp=2)],
                   effects=[{"id": "e1", "do": "add_type", "supertypes": ["world"], "affected": {"ids": ["late"]},
                             "duration": "permanent", "timestamp": 10}])
    out = engine.resolve(doc)
    [step] = _steps(out, "mtg.sba.not_covered")
    assert step["kind"] == "cannot_evaluate" and step["rule"]["number"] == "704.5k"
    assert step["params"]["reason"] == "world_since_unknown"
    assert out["result"]["complete"] is False
    assert _obj(out, "old")["zone"] == "battlefield" and _obj(out, "late")["zone"] == "battlefield"


def test_704_5k_one_world_permanent_stays():
    out = engine.resolve(scenario([_world("w", "Only World")]))
    assert _obj(out, "w")["zone"] == "battlefield" and not _steps(out, "mtg.sba.check")


# ----------------------------------------------------------------------------- 704.5p


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_704_5p_a_creature_attached_to_a_permanent_becomes_unattached(ruleset):
    out = engine.resolve(scenario([creature("host", "Host", 2, 2), creature("rider", "Rider", 1, 1, attached_to="host")],
                                  ruleset=ruleset))
    rider = _obj(out, "rider")
    assert rider["zone"] == "battlefield" and rider["attached_to"] is None
    [step] = _steps(out, "mtg.sba.unattach")
    assert step["rule"]["number"] == "704.5p" and step["params"]["card"] == "rider"


def test_704_5p_an_equipment_that_became_a_creature_becomes_unattached():
    equipment = card("eq", "Blade", types=["artifact"], subtypes=["Equipment"], attached_to="host")
    doc = scenario([creature("host", "Host", 2, 2), equipment],
                   effects=[{"id": "anim", "do": "add_type", "types": ["creature"], "affected": ["eq"], "duration": "permanent"},
                            {"id": "pt", "do": "set_pt", "power": 3, "toughness": 3, "affected": ["eq"],
                             "duration": "permanent"}])
    out = engine.resolve(doc)
    assert _obj(out, "eq")["attached_to"] is None and _obj(out, "eq")["zone"] == "battlefield"
    assert [s["rule"]["number"] for s in _steps(out, "mtg.sba.unattach")] == ["704.5p"]


def test_704_5p_a_noncreature_permanent_that_is_no_aura_or_equipment_becomes_unattached():
    out = engine.resolve(scenario([creature("host", "Host", 2, 2), card("rock", "Rock", types=["artifact"], attached_to="host")]))
    assert _obj(out, "rock")["attached_to"] is None
    assert _steps(out, "mtg.sba.unattach")[0]["params"]["card"] == "rock"


def test_704_5p_an_aura_and_an_equipment_on_a_creature_stay_attached():
    aura = card("aura", "Aura", types=["enchantment"], subtypes=["Aura"], attached_to="host")
    eq = card("eq", "Blade", types=["artifact"], subtypes=["Equipment"], attached_to="host")
    out = engine.resolve(scenario([creature("host", "Host", 2, 2), aura, eq]))
    assert _obj(out, "aura")["attached_to"] == "host" and _obj(out, "eq")["attached_to"] == "host"
    assert not _steps(out, "mtg.sba.unattach")


# ----------------------------------------------------------------------------- 704.5r


def _limited(counters, most=3, kind="ice"):
    return card("mine", "Limited Mine", types=["artifact"], counters=counters,
                abilities=[static({"do": "max_counters", "kind": kind, "max": most},
                                  text=f"Limited Mine can't have more than {most} {kind} counters on it.")])


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_704_5r_counters_beyond_the_maximum_are_removed(ruleset):
    out = engine.resolve(scenario([_limited({"ice": 5, "charge": 4})], ruleset=ruleset))
    assert _obj(out, "mine")["counters"] == {"ice": 3, "charge": 4}
    [step] = _steps(out, "mtg.sba.counters_limit")
    assert step["rule"]["number"] == "704.5r"
    assert step["params"] == {**step["params"], "kind": "ice", "removed": 2, "max": 3}


def test_704_5r_at_the_maximum_nothing_is_removed():
    out = engine.resolve(scenario([_limited({"ice": 3})]))
    assert _obj(out, "mine")["counters"] == {"ice": 3} and not _steps(out, "mtg.sba.counters_limit")


def test_704_5r_a_maximum_of_zero_removes_them_all():
    out = engine.resolve(scenario([_limited({"ice": 2}, most=0)]))
    assert _obj(out, "mine")["counters"] == {}


# ----------------------------------------------------------------------------- 704.5s, 704.5t


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_704_5s_a_saga_is_reported_as_not_covered(ruleset):
    saga = card("saga", "The Eldest Reborn", types=["enchantment"], subtypes=["Saga"], counters={"lore": 3})
    out = engine.resolve(scenario([saga], ruleset=ruleset))
    [step] = _steps(out, "mtg.sba.not_covered")
    assert step["kind"] == "cannot_evaluate" and step["rule"]["number"] == "704.5s"
    assert step["params"]["reason"] == "saga" and step["params"]["card"] == "saga"
    assert out["result"]["complete"] is False
    assert _obj(out, "saga")["zone"] == "battlefield"


def test_704_5t_a_dungeon_cannot_be_written_and_venture_is_not_evaluated():
    doc = scenario([card("d", "Lost Mine of Phandelver", zone="command", types=["dungeon"])])
    assert engine.validate(doc) != []
    venture = card("v", "Venture", zone="hand", types=["sorcery"],
                   abilities=[{"kind": "spell", "targets": [], "effects": [{"do": "venture"}]}])
    [error] = engine.validate(scenario([venture], [{"type": "cast", "player": "p1", "card": "v"}]))
    assert error["path"] == "objects[0].abilities[0].effects[0].do"  # an instruction the engine does not know
    venture["abilities"][0]["effects"] = [{"do": "unsupported", "text": "Venture into the dungeon."}]
    out = engine.resolve(scenario([venture], [{"type": "cast", "player": "p1", "card": "v"}]))
    assert out["result"]["complete"] is False
    [step] = [s for s in out["trace"] if s["kind"] == "cannot_evaluate"]
    assert step["params"]["detail"] == "Venture into the dungeon."


# ----------------------------------------------------------------------------- 603.3b


def _upkeep(oid, name, effects, owner="p1", player="you"):
    return card(oid, name, owner, types=["artifact"], abilities=[
        {"kind": "triggered", "trigger": {"event": "upkeep", "player": player}, "effects": effects}])


def _two_triggers(ruleset="cr-2022-04-29", **action):
    gain = _upkeep("gain", "Gainer", [{"do": "gain_life", "amount": 2}])
    drain = _upkeep("drain", "Drainer", [{"do": "lose_life", "amount": 1, "player": "opponent"}])
    library = card("l1", "Mountain", "p1", "library", types=["land"])
    return scenario([gain, drain, library], [{"type": "next_step", "step": "upkeep", **action}], step="untap",
                    ruleset=ruleset)


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_603_3b_two_triggers_without_an_order_are_an_open_choice(ruleset):
    out = engine.resolve(_two_triggers(ruleset))
    [step] = _steps(out, "mtg.choice.trigger_order_open")
    assert step["rule"]["number"] == "603.3b" and step["params"]["choice"] == "order:p1:1"
    assert step["params"]["count"] == 2 and step["options"] == [["gain", "drain"], ["drain", "gain"]]
    assert [b["choice"] for b in step["branches"]] == [["gain", "drain"], ["drain", "gain"]]
    assert out["result"]["complete"] is False
    assert not _steps(out, "mtg.trigger.to_stack")
    for branch in step["branches"]:
        stacked = [s["params"]["card"] for s in branch["trace"] if s["message_id"] == "mtg.trigger.to_stack"]
        assert stacked == branch["choice"]
        assert branch["result"]["complete"] is True


def test_603_3b_the_order_given_in_options_choices_is_used():
    doc = _two_triggers()
    doc["options"]["choices"] = {"order:p1:1": ["drain", "gain"]}
    out = engine.resolve(doc)
    [made] = _steps(out, "mtg.choice.made")
    assert made["rule"]["number"] == "603.3b" and made["params"]["chosen"] == ["drain", "gain"]
    assert [s["params"]["card"] for s in _steps(out, "mtg.trigger.to_stack")] == ["drain", "gain"]
    assert out["result"]["complete"] is True and _player(out, "p1")["life"] == 22 and _player(out, "p2")["life"] == 19


def test_603_3b_the_actions_trigger_order_is_used():
    out = engine.resolve(_two_triggers(trigger_order={"p1": ["drain", "gain"]}))
    [step] = _steps(out, "mtg.choice.trigger_order")
    assert step["params"]["order"] == ["drain", "gain"] and step["params"]["choice"] == "order:p1:1"
    assert [s["params"]["card"] for s in _steps(out, "mtg.trigger.to_stack")] == ["drain", "gain"]


def test_603_3b_an_order_that_is_not_a_permutation_stays_open():
    doc = _two_triggers()
    doc["options"]["choices"] = {"order:p1:1": ["drain", "drain"]}
    out = engine.resolve(doc)
    assert _steps(out, "mtg.choice.trigger_order_open") and out["result"]["complete"] is False


def test_603_3b_identical_triggers_of_one_source_do_not_branch():
    twice = card("twin", "Twin Tithe", "p1", types=["artifact"], abilities=[
        {"kind": "triggered", "trigger": {"event": "upkeep", "player": "you"}, "effects": [{"do": "gain_life", "amount": 1}]},
        {"kind": "triggered", "trigger": {"event": "upkeep", "player": "you"}, "effects": [{"do": "gain_life", "amount": 1}]}])
    doc = scenario([twice, card("l1", "Mountain", "p1", "library", types=["land"])],
                   [{"type": "next_step", "step": "upkeep"}], step="untap")
    out = engine.resolve(doc)
    [same] = _steps(out, "mtg.choice.trigger_order_same")
    assert same["rule"]["number"] == "603.3b" and same["params"]["order"] == ["twin:0", "twin:1"]
    assert not _steps(out, "mtg.choice.trigger_order_open")
    assert out["result"]["complete"] is True and _player(out, "p1")["life"] == 22


def test_603_3b_alike_triggers_count_as_one_order_among_themselves():
    twice = [{"kind": "triggered", "trigger": {"event": "upkeep", "player": "you"}, "effects": [{"do": "gain_life", "amount": 1}]}] * 2
    objects = [card("twin", "Twin Tithe", "p1", types=["artifact"], abilities=copy.deepcopy(twice)),
               _upkeep("drain", "Drainer", [{"do": "lose_life", "amount": 1, "player": "opponent"}]),
               card("l1", "Mountain", "p1", "library", types=["land"])]
    out = engine.resolve(scenario(objects, [{"type": "next_step", "step": "upkeep"}], step="untap"))
    [step] = _steps(out, "mtg.choice.trigger_order_open")
    # 3! = 6 orders, but the two alike triggers of Twin Tithe only swap: 3 distinct orders.
    assert step["params"]["count"] == 3
    assert step["options"] == [["twin:0", "twin:1", "drain"], ["twin:0", "drain", "twin:1"], ["drain", "twin:0", "twin:1"]]


def test_603_3b_triggers_that_refer_to_different_events_are_not_alike():
    watcher = card("w", "Watcher", "p1", types=["enchantment"], abilities=[
        {"kind": "triggered", "trigger": {"event": "dies", "filter": {"types": ["creature"]}},
         "effects": [{"do": "gain_life", "amount": {"power_of": "event"}}]}])
    wrath = card("wrath", "Wrath", "p1", "hand", types=["sorcery"],
                 abilities=[{"kind": "spell", "targets": [], "effects": [{"do": "destroy", "affected": {"types": ["creature"]}}]}])
    out = engine.resolve(scenario([watcher, creature("x", "X", 1, 1), creature("y", "Y", 3, 3), wrath],
                                  [{"type": "cast", "player": "p1", "card": "wrath"}]))
    [step] = _steps(out, "mtg.choice.trigger_order_open")
    assert step["params"]["count"] == 2 and step["params"]["triggers"] == ["w:0:1", "w:0:2"]


def test_603_3b_more_than_24_orders_is_too_many():
    objects = [_upkeep(f"t{i}", f"T{i}", [{"do": "gain_life", "amount": i + 1}]) for i in range(5)]
    objects.append(card("l1", "Mountain", "p1", "library", types=["land"]))
    out = engine.resolve(scenario(objects, [{"type": "next_step", "step": "upkeep"}], step="untap"))
    [step] = _steps(out, "mtg.choice.too_many")
    assert step["params"]["count"] == 120 and step["params"]["choice"] == "order:p1:1"
    assert out["result"]["complete"] is False


def test_603_3b_each_player_orders_their_own_in_apnap_order():
    mine = [_upkeep("a1", "A1", [{"do": "gain_life", "amount": 1}], player="each"),
            _upkeep("a2", "A2", [{"do": "gain_life", "amount": 2}], player="each")]
    theirs = [_upkeep("b1", "B1", [{"do": "gain_life", "amount": 1}], owner="p2", player="each"),
              _upkeep("b2", "B2", [{"do": "gain_life", "amount": 2}], owner="p2", player="each")]
    doc = scenario(mine + theirs + [card("l1", "Mountain", "p1", "library", types=["land"])],
                   [{"type": "next_step", "step": "upkeep"}], step="untap")
    doc["options"]["choices"] = {"order:p1:1": ["a2", "a1"]}
    out = engine.resolve(doc)
    [step] = _steps(out, "mtg.choice.trigger_order_open")
    assert step["params"]["choice"] == "order:p2:1" and step["params"]["player"] == "p2"
    branch = step["branches"][1]
    assert branch["choice"] == ["b2", "b1"]
    assert [s["params"]["card"] for s in branch["trace"] if s["message_id"] == "mtg.trigger.to_stack"] == ["a2", "a1", "b2", "b1"]
