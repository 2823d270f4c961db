"""Force of Will whitepaper 2.3: the battle audit — costs to attack or block, battle durations, copying
Judgment, and the battle sentences checked one by one. Each test is named after its section and
quotes (in its docstring) the passage of ``fow-whitepaper-2.3`` it checks.
"""

from __future__ import annotations

import engine

from .test_fow_audit import PASS, _board, _ids, _instant, _obj, _res, _resolve, _steps

BATTLE = [{"type": "battle", "player": "p1"}, *PASS, *PASS]
"""Initiate a battle and pass the beginning of battle and declare attack priorities (FoW 8.1, 8.2)."""
TO_END = [*PASS, *PASS, {"type": "no_block", "player": "p2"}, *PASS, *PASS, *PASS, *PASS]
"""After an attack: the declare attack and block priorities, no block, both damage steps, end of battle."""


def _stone(cid, pid, kind="fire"):
    return {"id": cid, "name": cid, "owner": pid, "zone": "stone_area", "type": "magic_stone",
            "abilities": [{"kind": "will", "cost": {"rest": True}, "produce": {kind: 1}}]}


def _tax(action, cost, applies_to=None):
    spec = {"action": action, "cost": cost}
    if applies_to is not None:
        spec["applies_to"] = applies_to
    return {"kind": "static", "battle_cost": spec}


def _attack(attacker="a", target="p2", **kw):
    return {"type": "attack", "player": "p1", "attacker": attacker, "target": target, **kw}


def _index(out, message_id):
    return _ids(out).index(message_id)


# ---------------------------------------------------------------- 8.2 costs to attack

def test_8_2_the_attacker_is_rested_then_the_cost_is_paid_then_it_attacks():
    """8.2: 「橫置進攻的生物/裁決者 如果玩家需要執行任何動作進行攻擊, 在此時點進行 … 從此時點開始, 該生物/裁決者成為攻擊中的生物/裁決者」"""
    toll = _res("x", "p2", abilities=[_tax("attack", {"void": 1}, {"types": ["resonator"], "controller": "opponent"})])
    out = _resolve(_board([_stone("s1", "p1"), _res("a", "p1", atk=800), toll],
                          BATTLE + [_attack(pay_with=["s1"])] + TO_END))
    order = [_index(out, m) for m in ("fow.state.rest", "fow.battle.cost", "fow.cost.will", "fow.battle.attack")]
    assert order == sorted(order)
    assert _steps(out, "fow.battle.cost")[0]["params"]["sources"] == ["x#0"]
    assert out["result"]["players"][1]["life"] == 3200
    assert _obj(out, "s1")["rested"] is True and out["result"]["players"][0]["will"] == {}


def test_8_2_an_unpayable_attack_cost_returns_the_whole_state_to_the_choice():
    """8.2: 「如果玩家不能執行, 他不可以進行攻擊並將遊戲狀態倒回至選擇攻擊或放棄攻擊時」 — the will played
    for the cost is undone with the rest, and the player declares again."""
    toll = _res("a", "p1", atk=800, abilities=[_tax("attack", {"water": 1})])
    out = _resolve(_board([_stone("s1", "p1"), toll], BATTLE + [_attack(pay_with=["s1"])]))
    rollback = _steps(out, "fow.battle.rollback")[0]
    assert rollback["rule"]["number"] == "8.2"
    assert rollback["params"] == {"player": "p1", "card": "a", "action": "attack", "missing": "1 water"}
    assert _ids(out)[-1] == "fow.wait.attack" and "fow.battle.attack" not in _ids(out)
    assert _obj(out, "a")["rested"] is False and _obj(out, "s1")["rested"] is False
    assert out["result"]["players"][0]["will"] == {}
    assert out["result"]["turn"]["battle"]["attacker"] is None


def test_8_2_every_cost_that_applies_is_performed():
    """8.2: 「如果玩家需要執行任何動作進行攻擊, 在此時點進行」 — any actions: a cost of the card itself and one
    imposed by the opponent's card are both performed."""
    own = _res("a", "p1", atk=800, abilities=[_tax("attack", {"life": 200})])
    toll = _res("x", "p2", abilities=[_tax("attack", {"void": 1}, {"types": ["resonator"], "controller": "opponent"})])
    out = _resolve(_board([_stone("s1", "p1"), own, toll], BATTLE + [_attack(pay_with=["s1"])] + TO_END))
    assert _steps(out, "fow.battle.cost")[0]["params"]["cost"] == "1 void, 200 life"
    assert out["result"]["players"][0]["life"] == 3800
    assert out["result"]["players"][1]["life"] == 3200


def test_8_2_an_attack_cost_from_an_effect_until_end_of_battle_ends_with_the_battle():
    """8.2 with 8.6: 「清除所有 … 直到戰鬥結束時失效的持續性效應」 — a cost to attack made by a resolved
    spell in the beginning of battle step stops the attack, then ends in the end of battle step."""
    fog = _instant("fog", "p2", [{"do": "battle_cost", "target": {"types": ["resonator"], "controller": "opponent"},
                                  "action": "attack", "cost": {"void": 2}, "duration": "end_of_battle"}])
    actions = [{"type": "battle", "player": "p1"}, {"type": "pass", "player": "p1"},
               {"type": "play", "player": "p2", "card": "fog"}, *PASS, *PASS, *PASS, _attack(),
               {"type": "no_attack", "player": "p1"}, *PASS]
    out = _resolve(_board([_res("a", "p1"), fog], actions))
    assert _steps(out, "fow.battle.rollback")[0]["params"]["missing"] == "2 void"
    assert _steps(out, "fow.battle.final_step")[0]["params"]["effects_ended"] == ["e2"]
    assert out["result"]["effects"] == []
    assert out["result"]["players"][0]["may_battle"] is True  # the opponent played a spell in this battle


# ---------------------------------------------------------------- 8.3 costs to block

def test_8_3_a_block_cost_resting_a_card_is_a_choice_with_a_branch_per_card():
    """8.3: 「如果玩家需要執行任何動作進行阻擋, 則在此時點進行」 — the player chooses which card to rest."""
    guard = _res("b", "p2", def_=2000, abilities=[_tax("block", {"rest": {"filter": {"types": ["resonator"]}, "count": 1}})])
    out = _resolve(_board([_res("a", "p1", atk=800), guard, _res("c", "p2"), _res("d", "p2")],
                          BATTLE + [_attack(), *PASS, *PASS, {"type": "block", "player": "p2", "blocker": "b"}]))
    choice = _steps(out, "fow.choice")[0]
    assert choice["params"]["kind"] == "battle_cost_rest" and choice["rule"]["number"] == "8.3"
    rested = {tuple(b["choice"]): {o["id"]: o["rested"] for o in b["result"]["objects"] if o["id"] in "bcd"}
              for b in choice["branches"]}
    assert rested == {("c",): {"b": True, "c": True, "d": False}, ("d",): {"b": True, "c": False, "d": True}}


def test_8_3_an_unpayable_block_cost_returns_to_the_choice_and_the_blocker_stays_recovered():
    """8.3: 「如果玩家不能執行, 他不可以進行阻擋並將遊戲狀態倒回至選擇阻擋或放棄阻擋時」"""
    guard = _res("b", "p2", def_=2000, abilities=[_tax("block", {"discard": 1})])
    out = _resolve(_board([_res("a", "p1", atk=800), guard],
                          BATTLE + [_attack(), *PASS, *PASS, {"type": "block", "player": "p2", "blocker": "b"}]))
    assert _steps(out, "fow.battle.rollback")[0]["rule"]["number"] == "8.3"
    assert _ids(out)[-1] == "fow.wait.block"
    assert _obj(out, "b")["rested"] is False and out["result"]["turn"]["battle"]["blocker"] is None


def test_8_3_a_block_cost_without_blocker_rests_does_not_rest_the_blocker():
    """8.3 (reading ``blocker_rests: false``): the blocker is not rested, the cost is still performed."""
    guard = _res("b", "p2", def_=2000, abilities=[_tax("block", {"life": 300})])
    out = _resolve(_board([_res("a", "p1", atk=800), guard],
                          BATTLE + [_attack(), *PASS, *PASS, {"type": "block", "player": "p2", "blocker": "b"}],
                          options={"blocker_rests": False}))
    assert "fow.state.rest" not in _ids(out)
    assert _obj(out, "b")["rested"] is False and out["result"]["players"][1]["life"] == 3700


# ---------------------------------------------------------------- 7.12 must attack

def test_7_12_a_must_attack_card_whose_attack_needs_a_cost_lets_its_player_decline():
    """7.12: 「能夠合法進行攻擊需要滿足下列條件: … 攻擊時不需要其他額外動作」"""
    berserker = _res("m", "p1", keywords=["must_attack"], abilities=[_tax("attack", {"life": 200})])
    out = _resolve(_board([berserker], BATTLE + [{"type": "no_attack", "player": "p1"}]))
    assert "fow.illegal.must_attack" not in _ids(out)
    assert _steps(out, "fow.battle.must_attack_cost")[0]["params"] == {"card": "m", "cost": "200 life"}
    assert out["result"]["players"][0]["may_battle"] is False


def test_7_12_without_a_cost_the_must_attack_card_still_forces_the_attack():
    """7.12 / 8.2: 「如果玩家操控若干個需要攻擊的生物/裁決者, 則需要從中選擇1個」"""
    out = _resolve(_board([_res("m", "p1", keywords=["must_attack"])], BATTLE + [{"type": "no_attack", "player": "p1"}]))
    assert _steps(out, "fow.illegal.must_attack")[0]["params"]["card"] == "m"


# ---------------------------------------------------------------- 8.6 durations

def _stone_skin_board(extra_actions):
    skin = _instant("skin", "p2", [{"do": "modify", "target": 0, "set_def": 1000, "duration": "end_of_battle"}],
                    [{"types": ["resonator"], "controller": "you"}])
    doc = _board([_res("a", "p1", atk=700, def_=700), _res("x", "p2", atk=300, def_=500, rested=True), skin],
                 BATTLE + [_attack("a", "x"), {"type": "pass", "player": "p1"},
                           {"type": "play", "player": "p2", "card": "skin", "targets": ["x"]}, *PASS] + extra_actions)
    doc["effects"] = [{"id": "s1", "kind": "continuous", "source": "x", "controller": "p2", "timestamp": 1,
                       "spec": {"do": "modify", "def": 100}, "affected": ["x"]}]
    return _resolve(doc)


def test_8_6_an_until_end_of_battle_effect_applies_in_timestamp_order_during_the_battle():
    """9.9: 「先適用較早產生的效應」 — +100 (older) then "DEF becomes 1000" while the battle lasts."""
    out = _stone_skin_board([])
    assert _obj(out, "x")["def"] == 1000
    assert [e["effect"] for e in _obj(out, "x")["continuous"]] == ["s1", "e3"]


def test_8_6_the_effect_ends_in_the_final_step_and_the_step_is_performed_again():
    """8.6: 「清除所有戰鬥中生效的持續性效應和直到戰鬥結束時失效的持續性效應 如果有任何規則處理或異能觸發,
    執行優先權處理並重新執行此步驟」"""
    out = _stone_skin_board([*PASS, *PASS, {"type": "no_block", "player": "p2"}, *PASS, *PASS, *PASS, *PASS, *PASS])
    finals = _steps(out, "fow.battle.final_step")
    assert [s["params"]["effects_ended"] for s in finals] == [["e3"], []]
    destroyed = _steps(out, "fow.rule.destroy_damage")[0]["params"]
    assert (destroyed["card"], destroyed["damage"], destroyed["defense"]) == ("x", 700, 600)
    assert _index(out, "fow.battle.final_step_repeat") < _index(out, "fow.rule.destroy_damage")
    assert _obj(out, "x")["zone"] == "graveyard" and out["result"]["turn"]["step"] == "main"


def test_8_6_a_battle_effect_begun_outside_a_battle_is_not_covered_and_the_end_phase_keeps_it():
    """5.4: 「結束所有直到回合結束有效的持續性效應」 only; 8.6 alone ends battle effects (not covered outside a battle)."""
    cry = _instant("cry", "p1", [{"do": "modify", "target": 0, "atk": 500, "duration": "during_battle"}],
                   [{"types": ["resonator"], "controller": "you"}])
    out = _resolve(_board([_res("a", "p1", atk=700), cry],
                          [{"type": "play", "player": "p1", "card": "cry", "targets": ["a"]}, *PASS[::-1], *PASS, *PASS, *PASS]))
    step = _steps(out, "fow.not_covered")[0]
    assert step["rule"] is None and step["params"]["topic"] == "battle_duration_outside_battle"
    assert _steps(out, "fow.end.final_step")[0]["params"]["effects_ended"] == []
    assert [e["duration"] for e in out["result"]["effects"]] == ["during_battle"]
    assert _obj(out, "a")["atk"] == 1200


def test_8_6_effect_durations_are_validated():
    """8.6 / 5.4: a duration is one of the four the engine knows; anything else names its path."""
    bad = _instant("b", "p1", [{"do": "modify", "target": "this", "atk": 1, "duration": "forever"}])
    paths = {e["path"] for e in engine.validate(_board([bad], []))}
    assert "objects[2].abilities[0].effect[0].duration" in paths
    wrong = _res("w", "p1", abilities=[_tax("charge", {"void": 1})])
    assert "objects[2].abilities[0].battle_cost.action" in {e["path"] for e in engine.validate(_board([wrong], []))}


# ---------------------------------------------------------------- 10.16 copying Judgment

def _mirror_judgment(reading, copier):
    mirror = _instant("mir", copier, [{"do": "copy", "target": 0}], [{"zone": "chase"}])
    play = {"type": "play", "player": copier, "card": "mir", "targets": ["chase:1"]}
    after = [{"type": "pass", "player": "p2"}, {"type": "pass", "player": "p1"}] if copier == "p1" else PASS
    return _resolve(_board([mirror], [{"type": "judgment", "player": "p1"}, play, *after],
                           options={"priority_after_judgment": reading}))


def test_10_16_copying_judgment_is_not_covered_and_follows_priority_after_judgment():
    """10.16: 「複製1張牌或1個異能 … 如果被複製的是連鎖區中的1個異能, 在連鎖區中製作1個相同異能」; 7.5: 「審判異能進入連鎖區」."""
    keep = _mirror_judgment("keep", "p1")
    opponent = _mirror_judgment("opponent", "p2")
    for out, reading in ((keep, "keep"), (opponent, "opponent")):
        step = _steps(out, "fow.not_covered")[0]
        assert step["rule"] is None and step["params"]["topic"] == "copy_judgment"
        assert step["params"]["reading"] == reading
    assert [i["kind"] for i in keep["result"]["chain"]] == ["judgment"]
    assert [(i["kind"], i["controller"], i["position"]) for i in opponent["result"]["chain"]] == [
        ("judgment", "p1", 1), ("judgment", "p1", 2)]
    assert _steps(opponent, "fow.copy.judgment")[0]["rule"]["number"] == "10.16"


# ---------------------------------------------------------------- the battle section, sentence by sentence

def test_8_1_initiating_a_battle_gives_the_turn_player_priority_in_the_beginning_of_battle_step():
    """8.1: 「戰鬥階段開始時觸發條件滿足 主動玩家獲得優先權並執行優先權處理」"""
    out = _resolve(_board([_res("a", "p1")], [{"type": "battle", "player": "p1"}]))
    assert _steps(out, "fow.step")[0]["params"]["step"] == "beginning_of_battle"
    assert _steps(out, "fow.priority")[-1]["params"]["player"] == "p1"
    assert (out["result"]["turn"]["step"], out["result"]["turn"]["priority"]) == ("beginning_of_battle", "p1")


def test_8_3_no_card_can_block_an_attacker_that_left_the_field():
    """8.3: 「只能選擇由他操控的可以阻擋攻擊中的卡牌 … 進行阻擋」 — a card that left is a new card (3.1)."""
    recall = _instant("bo", "p2", [{"do": "return_to_hand", "target": 0}], [{"types": ["resonator"], "controller": "opponent"}])
    out = _resolve(_board([_res("a", "p1"), _res("b", "p2"), recall],
                          BATTLE + [_attack(), {"type": "pass", "player": "p1"},
                                    {"type": "play", "player": "p2", "card": "bo", "targets": ["a"]},
                                    *PASS, *PASS, *PASS, {"type": "block", "player": "p2", "blocker": "b"}]))
    assert _steps(out, "fow.illegal.block_no_attacker")[0]["params"]["card"] == "b"
    assert _obj(out, "b")["rested"] is False


def test_11_1_two_instances_of_pierce_do_not_stack():
    """11.1: 「擁有2個或更多的貫穿不會疊加計算」"""
    out = _resolve(_board([_res("a", "p1", atk=1000, keywords=["pierce", "pierce"]), _res("b", "p2", atk=100, def_=300)],
                          BATTLE + [_attack(), *PASS, *PASS, {"type": "block", "player": "p2", "blocker": "b"},
                                    *PASS, *PASS, *PASS]))
    assert [s["params"]["excess"] for s in _steps(out, "fow.battle.pierce")] == [700]
    assert out["result"]["players"][1]["life"] == 3300


def test_11_1_pierce_applies_to_first_strike_damage_too():
    """11.1: 「在戰鬥結算階段中由攻擊的生物/裁決者造成的傷害大於阻擋中生物/裁決者的容量時, 對初始攻擊目標造成超出部分的傷害」
    — the battle resolution 階段 covers the first-strike step (8.4) as well as the normal one (8.5)."""
    out = _resolve(_board([_res("a", "p1", atk=1000, keywords=["pierce", "first_strike"]), _res("b", "p2", atk=100, def_=300)],
                          BATTLE + [_attack(), *PASS, *PASS, {"type": "block", "player": "p2", "blocker": "b"}, *PASS]))
    pierce = _steps(out, "fow.battle.pierce")[0]
    assert pierce["rule"]["number"] == "11.1" and pierce["params"]["excess"] == 700
    assert [s["rule"]["number"] for s in _steps(out, "fow.damage.player")] == ["8.4"]
    assert out["result"]["players"][1]["life"] == 3300
