"""Force of Will whitepaper 2.3: ability features of issue 15 (use limits 9.1, validity 9.2,
modes 9.3, static and optional replacements 9.4, 9.10), each test named after its section.

Every test quotes (in its docstring) the passage of ``fow-whitepaper-2.3`` it checks.
"""

from __future__ import annotations

import engine

from .test_fow_audit import PASS, _board, _instant, _obj, _res, _resolve, _steps

P2P1 = PASS[::-1]
CHARM = [{"kind": "spell", "modes": {"choose": 1, "options": [
    {"label": "deal 300", "targets": [{"types": ["resonator"]}], "effect": [{"do": "deal_damage", "target": 0, "amount": 300}]},
    {"label": "gain 500", "effect": [{"do": "gain_life", "target": "you", "amount": 500}]}]}}]


def _errors(doc):
    return {e["path"]: e["message"] for e in engine.validate(doc)}


def _stone(cid="s1"):
    return {"id": cid, "name": "Stone", "owner": "p1", "zone": "stone_area", "type": "magic_stone",
            "abilities": [{"kind": "will", "cost": {"rest": True}, "produce": {"fire": 1}}]}


# ---------------------------------------------------------------- 9.3 modes

def test_9_3_a_modal_ability_keeps_its_targets_and_effect_in_its_modes():
    """9.3: 「如果異能的描述中帶有選擇(數字), 玩家具有該數位選項的描述」 — each mode is its own text."""
    ability = {**CHARM[0], "effect": [{"do": "draw"}]}
    doc = _board([{**_instant("c", "p1", []), "abilities": [ability]}], [])
    assert "objects[2].abilities[0].effect" in _errors(doc)


def test_9_3_choosing_more_modes_than_there_are_and_a_mode_target_it_does_not_have_are_refused():
    """9.3: 「未被選擇的選項視為不存在」 — a mode names only its own targets."""
    modes = {"choose": 3, "options": [{"effect": [{"do": "destroy", "target": 0}]}, {"effect": [{"do": "draw"}]}]}
    doc = _board([{**_instant("c", "p1", []), "abilities": [{"kind": "spell", "modes": modes}]}], [])
    assert "objects[2].abilities[0].modes.choose" in _errors(doc)
    modes["choose"] = 1
    assert "objects[2].abilities[0].modes.options[0].effect[0].target" in _errors(doc)


def test_9_3_a_chase_item_names_modes_only_for_a_modal_card_and_in_the_right_number():
    """9.3: the modes are chosen when it is played and stay with it on the chase."""
    doc = _board([_res("x", "p2"), {**_instant("c", "p1", []), "abilities": CHARM}], [])
    doc["chain"] = [{"kind": "card", "source": "c", "controller": "p1", "modes": [0, 1]}]
    assert "chain[0].modes" in _errors(doc)
    doc["chain"] = [{"kind": "card", "source": "x", "controller": "p2", "modes": [0]}]
    assert "chain[0].modes" in _errors(doc)


def test_9_3_a_chase_item_given_with_its_mode_resolves_that_mode_only():
    """9.3: 「未被選擇的選項視為不存在」"""
    card = {**_instant("c", "p1", []), "abilities": CHARM}
    doc = _board([_res("x", "p2"), card], [*P2P1])
    doc["objects"][-1]["zone"] = "hand"
    doc["chain"] = [{"kind": "card", "source": "c", "controller": "p1", "targets": ["x"], "modes": [0]}]
    doc["turn"]["priority"] = "p2"
    out = _resolve(doc)
    assert _obj(out, "x")["damage"] == 300 and out["result"]["players"][0]["life"] == 4000


def test_9_3_modes_given_for_an_ability_that_is_not_modal_are_refused():
    """9.3: only an ability whose text says 「選擇(數字)」 has modes to choose."""
    sage = _res("y", "p1", abilities=[{"kind": "activated", "cost": {"void": 0}, "effect": [{"do": "draw"}]}])
    out = _resolve(_board([sage], [{"type": "activate", "player": "p1", "card": "y", "modes": [0]}]))
    assert _steps(out, "fow.illegal.modes")[0]["rule"]["number"] == "9.3"


def test_9_3_each_branch_of_an_open_mode_choice_resolves_its_mode():
    """9.3: the player chooses; the engine never guesses which mode."""
    card = {**_instant("c", "p1", []), "abilities": CHARM}
    out = _resolve(_board([_res("x", "p2"), card], [{"type": "play", "player": "p1", "card": "c"},
                                                     {"type": "choose", "player": "p1", "choice": ["1"]}, *P2P1]))
    assert out["result"]["players"][0]["life"] == 4500
    branches = _steps(_resolve(_board([_res("x", "p2"), card], [{"type": "play", "player": "p1", "card": "c"}, *P2P1])),
                      "fow.choice")[0]["branches"]
    assert [b["choice"] for b in branches] == [["0"], ["1"]]


def test_9_3_a_modal_trigger_with_no_legal_mode_is_not_played_and_its_count_drops():
    """9.3: 「如果玩家不能選擇合法的目標, 那麼便不能施放那張牌或異能」; 9.6: 「依舊減少1次該異能的觸發次數」"""
    modes = {"choose": 1, "options": [{"targets": [{"types": ["resonator"], "controller": "opponent"}],
                                       "effect": [{"do": "destroy", "target": 0}]},
                                      {"targets": [{"types": ["addition"]}], "effect": [{"do": "destroy", "target": 0}]}]}
    hawk = _res("h", "p1", zone="hand", abilities=[{"kind": "triggered", "trigger": {"event": "enter"}, "modes": modes}])
    out = _resolve(_board([hawk], [{"type": "play", "player": "p1", "card": "h"}, *P2P1]))
    assert _steps(out, "fow.trigger.not_played")[0]["params"]["reason"] == "fow.illegal.no_target"
    assert out["result"]["pending"] == [] and out["result"]["chain"] == []


# ---------------------------------------------------------------- 9.1 use limits

def test_9_1_used_this_turn_is_only_for_an_ability_with_a_limit():
    """9.1: 「如果某張牌提到此異能」 — only a card whose text limits "this ability" counts its uses."""
    doc = _board([_res("x", "p1", abilities=[{"kind": "activated", "effect": [{"do": "draw"}]}], used_this_turn=[0])], [])
    assert "objects[2].used_this_turn[0]" in _errors(doc)


def test_9_1_a_limit_counts_only_this_turn():
    """9.1 with 1.4: "once per turn" — a use in an earlier turn does not count."""
    imp = _res("x", "p1", abilities=[{"kind": "activated", "limit": "once_per_turn", "effect": [{"do": "gain_life", "target": "you", "amount": 100}]}])
    doc = _board([imp], [{"type": "activate", "player": "p1", "card": "x"}, *P2P1])
    out = _resolve(doc)
    assert out["result"]["players"][0]["life"] == 4100 and _obj(out, "x")["used_this_turn"] == [0]


# ---------------------------------------------------------------- 9.2 validity

def test_10_12_a_rest_cost_cannot_be_paid_by_a_card_outside_the_battle_area():
    """10.12 with 9.2: an ability valid in the graveyard whose cost is [rest] cannot rest its card there."""
    bones = {"id": "b", "name": "Bones", "owner": "p1", "zone": "graveyard", "type": "resonator",
             "abilities": [{"kind": "activated", "cost": {"rest": True}, "valid_in": ["graveyard"], "effect": [{"do": "draw"}]}]}
    out = _resolve(_board([bones], [{"type": "activate", "player": "p1", "card": "b"}]))
    assert _steps(out, "fow.illegal.rest_outside_battle_area")[0]["rule"]["number"] == "10.12"


def test_9_2_a_triggered_ability_not_valid_in_the_graveyard_does_not_trigger_there():
    """9.2: 「一般情況下, 僅當牌在下列區域中時它們的異能有效」"""
    ghost = {"id": "g", "name": "Ghost", "owner": "p1", "zone": "graveyard", "type": "resonator",
             "abilities": [{"kind": "triggered", "trigger": {"event": "destroyed", "card": "any"},
                            "effect": [{"do": "deal_damage", "target": "opponent", "amount": 300}]}]}
    kill = _instant("k", "p1", [{"do": "destroy", "target": 0}], [{"types": ["resonator"]}])
    out = _resolve(_board([ghost, _res("w", "p2"), kill], [{"type": "play", "player": "p1", "card": "k", "targets": ["w"]}, *P2P1]))
    assert _steps(out, "fow.trigger.met") == [] and out["result"]["players"][1]["life"] == 4000


# ---------------------------------------------------------------- 9.4 / 9.10 static and optional replacements

def test_9_10_a_static_replacement_is_never_spent_so_once_is_refused():
    """9.4: 「只要靜止異能有效, 它的效應便持續性生效」"""
    wall = _res("w", "p1", abilities=[{"kind": "static", "replacement": {"do": "prevent", "amount": 100, "once": True}}])
    assert "objects[2].abilities[0].replacement.once" in _errors(_board([wall], []))


def test_9_10_a_static_replacement_applies_to_the_cards_a_filter_names_now():
    """9.10 with 9.4: a card's replacement ability covers every card meeting its filter while it is valid."""
    guard = _res("g", "p1", abilities=[{"kind": "static", "replacement": {"applies_to": {"controller": "you", "types": ["resonator"]},
                                                                          "do": "cannot_be_destroyed"}}])
    kill = _instant("k", "p2", [{"do": "destroy", "target": 0}], [{"types": ["resonator"]}])
    doc = _board([guard, _res("y", "p1"), kill], [{"type": "play", "player": "p2", "card": "k", "targets": ["y"]}, *PASS], priority="p2")
    out = _resolve(doc)
    assert _obj(out, "y")["zone"] == "field" and _steps(out, "fow.destroy.prevented")


def test_9_10_an_optional_replacement_declined_leaves_the_other_replacement_to_apply():
    """9.10: 「除非效應允許, 玩家不能選擇不適用替代性效應」 — declining one does not decline the others."""
    phx = _res("x", "p1", abilities=[{"kind": "static", "replacement": {"applies_to": "this", "do": "replace", "event": "destroy",
                                                                        "optional": True, "instead": {"move_to": "hand"}}}])
    kill = _instant("k", "p2", [{"do": "destroy", "target": 0}], [{"types": ["resonator"]}])
    doc = _board([phx, kill], [{"type": "play", "player": "p2", "card": "k", "targets": ["x"]}, *PASS,
                               {"type": "choose", "player": "p1", "choice": "x#0"},
                               {"type": "choose", "player": "p1", "choice": "decline"}], priority="p2")
    doc["effects"] = [{"id": "exile", "kind": "replacement", "source": "x", "controller": "p2", "spec": {
        "do": "replace", "event": "destroy", "instead": {"move_to": "removed"}}, "affected": ["x"]}]
    out = _resolve(doc)
    assert _obj(out, "x")["zone"] == "removed"


def test_9_3_a_modal_chase_item_without_its_modes_is_refused():
    """9.3: the modes were chosen when it was played; without them nothing says what it does."""
    doc = _board([{**_instant("c", "p1", []), "abilities": CHARM}], [])
    doc["chain"] = [{"kind": "card", "source": "c", "controller": "p1"}]
    assert "chain[0].modes" in _errors(doc)


def test_9_3_a_modal_chant_standby_chooses_its_mode_when_revealed():
    """7.9 with 9.3: a Chant-Standby is played from the standby area; its modes are chosen then."""
    card = {**_instant("c", "p1", []), "subtype": "chant_standby", "zone": "standby",
            "abilities": [{**CHARM[0], "trigger": {"event": "any_time"}}]}
    doc = _board([card], [{"type": "play_standby", "player": "p1", "card": "c", "modes": [1]}, *P2P1])
    out = _resolve(doc)
    assert _steps(out, "fow.modes.chosen")[0]["params"]["modes"] == [1]
    assert out["result"]["players"][0]["life"] == 4500


def test_9_10_a_static_replacement_takes_only_the_keys_its_kind_reads():
    """9.10: a prevention reduces damage (10.17); what it is replaced by belongs to a replace."""
    wall = _res("w", "p1", abilities=[{"kind": "static", "replacement": {"do": "prevent", "instead": {"move_to": "hand"}}}])
    assert "objects[2].abilities[0].replacement.instead" in _errors(_board([wall], []))
    phx = _res("w", "p1", abilities=[{"kind": "static", "replacement": {"do": "replace", "event": "destroy"}}])
    assert "objects[2].abilities[0].replacement.instead" in _errors(_board([phx], []))
