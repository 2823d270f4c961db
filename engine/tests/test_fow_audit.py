"""Force of Will whitepaper 2.3: rulings found by the rules audit, each named after its section.

Every test quotes (in its docstring) the passage of ``fow-whitepaper-2.3`` it checks.
"""

from __future__ import annotations

import engine

PASS = [{"type": "pass", "player": "p1"}, {"type": "pass", "player": "p2"}]


def _ruler(pid, **kw):
    return {"id": f"r{pid}", "name": f"Ruler {pid}", "owner": pid, "zone": "ruler_area", "type": "ruler",
            "abilities": [{"kind": "judgment", "cost": {"void": 0}}],
            "j_ruler": {"name": f"J {pid}", "atk": 1000, "def": 1000}, **kw}


def _board(objects, actions, options=None, **turn):
    return {"format": "1", "game": "fow", "ruleset": "wp-2.3", "options": options or {},
            "players": [{"id": "p1", "life": 4000}, {"id": "p2", "life": 4000}],
            "turn": {"active": "p1", "phase": "main", "step": "main", "number": 3, **turn},
            "objects": [_ruler("p1"), _ruler("p2")] + objects, "chain": [], "pending": [], "effects": [],
            "actions": actions}


def _res(cid, pid, atk=500, def_=500, **kw):
    return {"id": cid, "name": cid, "owner": pid, "zone": "field", "type": "resonator", "atk": atk, "def": def_, **kw}


def _instant(cid, pid, effect, targets=(), **kw):
    return {"id": cid, "name": cid, "owner": pid, "zone": "hand", "type": "spell", "subtype": "chant_instant",
            "abilities": [{"kind": "spell", "targets": list(targets), "effect": effect}], **kw}


def _resolve(doc):
    assert engine.validate(doc) == []
    return engine.resolve(doc)


def _obj(out, cid):
    return next(o for o in out["result"]["objects"] if o["id"] == cid)


def _ids(out):
    return [s["message_id"] for s in out["trace"]]


def _steps(out, message_id):
    return [s for s in out["trace"] if s["message_id"] == message_id]


def _battle(attacker, target, blocker=None):
    """Actions from the main phase through a battle: attack, block (or not), both damage steps."""
    block = {"type": "block", "player": "p2", "blocker": blocker} if blocker else {"type": "no_block", "player": "p2"}
    return ([{"type": "battle", "player": "p1"}] + PASS + PASS + [{"type": "attack", "player": "p1", "attacker": attacker,
                                                                   "target": target}] + PASS + PASS + [block])


# ---------------------------------------------------------------- 10.9 destroy


def test_10_9_an_effect_that_destroys_a_ruler_puts_it_into_the_graveyard():
    """10.9: 如果效應明確說明消滅領主, 那麼將領主區中的領主牌移動至其擁有者的墳場 (3.15: 被消滅的領主會進入墳場)."""
    kill = _instant("k", "p1", [{"do": "destroy", "target": 0}], [{"types": ["ruler"], "zone": "ruler_area"}])
    out = _resolve(_board([kill], [{"type": "play", "player": "p1", "card": "k", "targets": ["rp2"]}] + PASS[::-1]))
    assert _obj(out, "rp2")["zone"] == "graveyard"
    assert "fow.destroy.ruler_area" not in _ids(out)


def test_10_9_destroying_an_astral_ruler_does_nothing():
    """10.9: 如果某些異能等將消滅領主區中的裁決者, 它不會起任何作用."""
    kill = _instant("k", "p1", [{"do": "destroy", "target": 0}], [{"types": ["astral_ruler"], "zone": "ruler_area"}])
    doc = _board([kill], [{"type": "play", "player": "p1", "card": "k", "targets": ["rp2"]}] + PASS[::-1])
    doc["objects"][1]["side"] = "j_ruler"
    out = _resolve(doc)
    assert _obj(out, "rp2")["zone"] == "ruler_area"
    assert "fow.destroy.ruler_area" in _ids(out)


# ---------------------------------------------------------------- 13.3 / 7.2 additions


def test_13_3_an_addition_ruler_attached_to_the_ruler_in_the_ruler_area_is_legal():
    """7.2: 指定的目標必須是戰鬥區中的 1 張相應類型的牌; 13.3 only excepts a J-ruler in the ruler area."""
    crown = {"id": "ad", "name": "Crown", "owner": "p1", "zone": "hand", "type": "addition", "subtype": "ruler"}
    out = _resolve(_board([crown], [{"type": "play", "player": "p1", "card": "ad", "targets": ["rp1"]}] + PASS[::-1]))
    assert _obj(out, "ad")["zone"] == "field"
    assert _obj(out, "ad")["attached_to"] == "rp1"
    assert "fow.rule.illegal_addition" not in _ids(out)


# ---------------------------------------------------------------- 9.5 / 9.7 will abilities


def test_9_5_a_resonators_rest_will_ability_needs_it_in_the_battle_area_since_the_turn_began():
    """9.7: 不需指定目標且產生魔力的啟動異能是魔力異能; 9.5: 生物的需要 [rest] 作為費用的啟動異能僅當該生物從本回合開始就持續在你的戰鬥區中時才可以施放."""
    elf = _res("w", "p1", entered_this_turn=True,
               abilities=[{"kind": "will", "cost": {"rest": True}, "produce": {"fire": 1}}])
    out = _resolve(_board([elf], [{"type": "will", "player": "p1", "card": "w"}]))
    assert _steps(out, "fow.illegal.rest_resonator_new")[0]["rule"]["number"] == "9.5"
    assert out["result"]["players"][0]["will"] == {}


# ---------------------------------------------------------------- 9.6 / 9.11 last known information


def test_9_6_a_destroyed_trigger_reads_the_moved_card_as_it_was_in_the_battle_area():
    """9.6: 如果被移動的卡牌時從戰鬥區移動至另 1 個區域 (非戰鬥區), 異能指的是當其在戰鬥區中的卡牌."""
    watcher = _res("wt", "p1", abilities=[{"kind": "triggered", "trigger": {
        "event": "destroyed", "card": {"types": ["resonator"], "controller": "you"}},
        "effect": [{"do": "gain_life", "target": "you", "amount": 100}]}])
    kill = _instant("k", "p1", [{"do": "destroy", "target": 0}], [{"types": ["resonator"]}])
    out = _resolve(_board([watcher, _res("v", "p1"), kill],
                          [{"type": "play", "player": "p1", "card": "k", "targets": ["v"]}] + PASS[::-1] + PASS))
    assert [s["params"]["card"] for s in _steps(out, "fow.trigger.met")] == ["wt"]
    assert out["result"]["players"][0]["life"] == 4100


def _pinger(**kw):
    return _res("s", "p1", atk=700, abilities=[{"kind": "activated", "targets": [{"types": ["resonator"]}],
                                                "effect": [{"do": "deal_damage", "target": 0, "amount": {"lki": "atk"}}]}],
                **kw)


def test_9_11_an_ability_reads_its_sources_atk_while_the_source_is_still_there():
    """9.11 is needed only when the card moved; otherwise the card's current information is read."""
    out = _resolve(_board([_pinger(), _res("x", "p2", def_=2000)],
                          [{"type": "activate", "player": "p1", "card": "s", "targets": ["x"]}] + PASS[::-1]))
    assert _obj(out, "x")["damage"] == 700


def test_9_11_an_ability_whose_source_left_uses_its_last_known_information():
    """9.11: 如果卡牌不是從戰鬥區移動至戰鬥區, 則查閱其在之前區域中的資訊這稱作最終已知資訊."""
    bounce = _instant("b", "p2", [{"do": "return_to_hand", "target": 0}], [{"types": ["resonator"]}])
    pump = {"kind": "static", "continuous": {"applies_to": {"types": ["resonator"], "controller": "you"}, "atk": 200}}
    anthem = {"id": "an", "name": "Anthem", "owner": "p1", "zone": "field", "type": "regalia", "abilities": [pump]}
    out = _resolve(_board([_pinger(), anthem, _res("x", "p2", def_=2000), bounce],
                          [{"type": "activate", "player": "p1", "card": "s", "targets": ["x"]},
                           {"type": "play", "player": "p2", "card": "b", "targets": ["s"]}] + PASS + PASS))
    assert _obj(out, "s")["zone"] == "hand"
    assert _obj(out, "x")["damage"] == 900
    assert _steps(out, "fow.lki")[0]["params"]["value"] == 900


def test_3_1_an_ability_does_not_follow_its_source_into_a_new_zone():
    """3.1: 否則, 視它為新區域中的一張新卡牌沒有特殊說明時, 原先區域中任何效應不會影響到新卡牌."""
    sac = _res("s", "p1", abilities=[{"kind": "activated", "effect": [{"do": "destroy", "target": "this"}]}])
    bounce = _instant("b", "p2", [{"do": "return_to_hand", "target": 0}], [{"types": ["resonator"]}])
    out = _resolve(_board([sac, bounce], [{"type": "activate", "player": "p1", "card": "s"},
                                          {"type": "play", "player": "p2", "card": "b", "targets": ["s"]}] + PASS + PASS))
    assert _obj(out, "s")["zone"] == "hand"


# ---------------------------------------------------------------- 8 battle


def test_8_5_an_attacker_whose_first_strike_damage_was_prevented_deals_damage_in_normal_damage():
    """8.5: 如果攻擊中的生物/裁決者沒有在先攻戰鬥結算步驟中造成傷害, 它造成等同於其攻擊力的傷害; 10.17: 改為不造成傷害."""
    fast = _res("a", "p1", atk=800, def_=600, keywords=["first_strike"])
    wall = _res("b", "p2", atk=100, def_=2000)
    shield = _instant("sh", "p2", [{"do": "prevent", "target": 0, "amount": 800}], [{"types": ["resonator"]}])
    actions = _battle("a", "p2", "b") + [{"type": "pass", "player": "p1"},
                                         {"type": "play", "player": "p2", "card": "sh", "targets": ["b"]}] + PASS * 4
    out = _resolve(_board([fast, wall, shield], actions))
    assert _obj(out, "b")["damage"] == 800
    assert [s["rule"]["number"] for s in _steps(out, "fow.damage.card") if s["params"]["source"] == "a"] == ["8.5"]


def test_8_2_a_will_ability_of_the_non_turn_player_counts_as_playing_an_ability():
    """8.2: 如果非主動玩家沒有在此次戰鬥中施放法術或異能而主動玩家選擇放棄進攻 …; 9.7: 魔力異能 is played (施放)."""
    stone = {"id": "st", "name": "Stone", "owner": "p2", "zone": "stone_area", "type": "magic_stone",
             "abilities": [{"kind": "will", "cost": {"rest": True}, "produce": {"fire": 1}}]}
    for action in ({"type": "will", "player": "p2", "card": "st"},
                   {"type": "activate", "player": "p2", "card": "st", "ability": 0}):
        out = _resolve(_board([stone, _res("a", "p1")],
                              [{"type": "battle", "player": "p1"}, {"type": "pass", "player": "p1"}, action,
                               {"type": "pass", "player": "p2"}, {"type": "pass", "player": "p1"}, *PASS,
                               {"type": "no_attack", "player": "p1"}]))
        assert "fow.battle.no_attack" in _ids(out) and "fow.illegal.no_priority" not in _ids(out), action["type"]
        assert "fow.battle.no_more_battles" not in _ids(out), action["type"]


# ---------------------------------------------------------------- 10.18 discard


def test_10_18_discarding_some_cards_is_a_choice_not_the_first_cards_listed():
    """10.18: 棄一張牌是指將你手中的 1 張牌置入你的墳場; the hand has no order (3.5), so which cards is chosen."""
    rummage = _instant("d", "p1", [{"do": "discard", "target": "you", "count": 1}])
    hand = [{"id": c, "name": c, "owner": "p1", "zone": "hand", "type": "resonator", "atk": 1, "def": 1} for c in ("h1", "h2")]
    out = _resolve(_board([rummage] + hand, [{"type": "play", "player": "p1", "card": "d"}] + PASS[::-1]))
    choice = out["trace"][-1]
    assert choice["kind"] == "choice" and choice["params"]["player"] == "p1"
    assert [b["choice"] for b in choice["branches"]] == [["h1"], ["h2"]]


# ---------------------------------------------------------------- 12.2 Incarnation


def test_12_2_incarnation_needs_the_ability_and_resonators_of_its_attributes():
    """12.2: 顯現 (屬性) … 你可以破壞特定數量 (屬性) 的生物來代替支付此牌的費用."""
    plain = _res("ic", "p1", zone="hand", cost={"fire": 3})
    fodder = _res("f1", "p1", attributes=["water"])
    out = _resolve(_board([plain, fodder], [{"type": "play", "player": "p1", "card": "ic", "incarnation": ["f1"]}]))
    assert _steps(out, "fow.illegal.incarnation")[0]["rule"]["number"] == "12.2"
    fiery = dict(plain, incarnation=[["fire"]])
    out = _resolve(_board([fiery, fodder], [{"type": "play", "player": "p1", "card": "ic", "incarnation": ["f1"]}]))
    assert _obj(out, "f1")["zone"] == "field"
    out = _resolve(_board([fiery, dict(fodder, attributes=["fire"])],
                          [{"type": "play", "player": "p1", "card": "ic", "incarnation": ["f1"]}]))
    assert _obj(out, "f1")["zone"] == "graveyard"
    assert _obj(out, "ic")["zone"] == "chase"


# ---------------------------------------------------------------- 9.9 dependency


def _two_effects(b_spec, a_spec):
    """Resonator x (ATK 500) under effect eB (timestamp 1) and effect eA (timestamp 2)."""
    doc = _board([_res("x", "p1", atk=500)], [])
    doc["effects"] = [{"id": key, "kind": "continuous", "source": "x", "controller": "p1", "timestamp": stamp,
                       "spec": spec, "affected": ["x"]} for key, stamp, spec in (("eB", 1, b_spec), ("eA", 2, a_spec))]
    return _obj(_resolve(doc), "x")


def test_9_9_dependency_is_whether_applying_a_first_changes_how_b_applies():
    """9.9: 若你適用 A 先於 B 會改變 B 的生效方式, 則視為 B 依賴 A; otherwise the earlier effect applies first.

    B (timestamp 1) sets ATK 0 for resonators with ATK 100 or more; A (timestamp 2) gives +100.
    Applying A first leaves B applying to the same card in the same way, so B does not depend on A:
    B applies first (0), then A (100).
    """
    x = _two_effects({"set_atk": 0, "applies_to": {"atk_at_least": 100, "types": ["resonator"]}}, {"atk": 100})
    assert x["atk"] == 100
    assert [e["order"] for e in x["continuous"]] == ["timestamp", "timestamp"]


def test_9_9_a_real_dependency_still_goes_first():
    """9.9: B depends on A when A changes which cards B applies to (here: A makes the card match B's filter)."""
    x = _two_effects({"atk": 1000, "applies_to": {"atk_at_least": 600, "types": ["resonator"]}}, {"atk": 100})
    assert x["atk"] == 1600
    assert [e["effect"] for e in x["continuous"]] == ["eA", "eB"]


# ---------------------------------------------------------------- citations


def test_3_1_returning_a_card_to_the_hand_cites_the_move_to_the_owners_zone():
    """No section defines "return to hand"; 3.1 moves a card to its owner's zone as a new card."""
    bounce = _instant("b", "p1", [{"do": "return_to_hand", "target": 0}], [{"types": ["resonator"]}])
    out = _resolve(_board([bounce, _res("x", "p2")], [{"type": "play", "player": "p1", "card": "b", "targets": ["x"]}] + PASS[::-1]))
    move = next(s for s in out["trace"] if s["message_id"] == "fow.move.new_card" and s["params"]["card"] == "x")
    assert move["rule"]["number"] == "3.1"


def test_9_3_a_chant_standby_shows_magic_stones_under_9_3():
    """9.3: 那張牌的操控者需要展示其操控的足夠與詠唱待機牌總費用數量相符的魔石 (7.9 does not say it)."""
    trap = {"id": "t", "name": "Trap", "owner": "p2", "zone": "standby", "type": "spell", "subtype": "chant_standby",
            "cost": {"void": 2}, "abilities": [{"kind": "spell", "effect": [{"do": "gain_life", "target": "you", "amount": 100}]}]}
    stone = {"id": "st", "name": "Stone", "owner": "p2", "zone": "stone_area", "type": "magic_stone"}
    out = _resolve(_board([trap, stone], [{"type": "pass", "player": "p1"},
                                          {"type": "play_standby", "player": "p2", "card": "t"}]))
    assert _steps(out, "fow.illegal.show_stones")[0]["rule"]["number"] == "9.3"
    out = _resolve(_board([trap, stone, dict(stone, id="st2")], [{"type": "pass", "player": "p1"},
                                                                  {"type": "play_standby", "player": "p2", "card": "t"}]))
    assert _steps(out, "fow.standby.reveal")[0]["rule"]["number"] == "9.3"


def test_6_3_main_timing_refused_in_battle_cites_6_3():
    """6.3 alone requires 不在戰鬥中; 7.1–7.6 list only main phase, priority and an empty chase."""
    bear = _res("y", "p1", zone="hand")
    out = _resolve(_board([bear, _res("a", "p1")], [{"type": "battle", "player": "p1"},
                                                   {"type": "play", "player": "p1", "card": "y"}]))
    assert _steps(out, "fow.illegal.main_timing")[0]["rule"]["number"] == "6.3"
