"""Force of Will whitepaper 2.3: the rules added by the coverage pass, each test named after its section.

Every test quotes (in its docstring) the passage of ``fow-whitepaper-2.3`` it checks.
"""

from __future__ import annotations

import engine

from .test_fow_audit import PASS, _board, _instant, _obj, _res, _resolve, _steps  # noqa: F401


# ---------------------------------------------------------------- 7.10 lifebreak

def test_7_10_a_cancelled_break_ability_still_puts_its_lifebreak_card_into_the_graveyard():
    """7.10: 「如果綻放異能可以施放, 在綻放異能從連鎖區中移除後將這張生命綻放牌置入墳場」 — the break
    ability leaves the chase when it is cancelled (10.11) as well as when it resolves."""
    brk = {"id": "lb", "name": "Break", "owner": "p1", "zone": "lifebreak", "type": "resonator", "atk": 100, "def": 100,
           "abilities": [{"kind": "break", "effect": [{"do": "gain_life", "target": "you", "amount": 100}]}]}
    counter = _instant("cx", "p2", [{"do": "cancel", "target": 0}], [{"zone": "chase"}])
    doc = _board([brk, counter], [{"type": "lifebreak", "player": "p1"},
                                  {"type": "play", "player": "p2", "card": "cx", "targets": ["chase:1"]},
                                  *PASS, *PASS], options={"variant": "valhalla"})
    doc["players"][0]["life"] = 1000
    out = _resolve(doc)
    assert _obj(out, "lb")["zone"] == "graveyard"
    assert out["result"]["players"][0]["life"] == 1000


# ---------------------------------------------------------------- 3.1 several cards at once

def test_3_1_cards_destroyed_together_go_to_the_graveyard_in_their_owners_order():
    """3.1: 「當多張牌移動至一個新區域時, 且這個新區域中的牌是有順序的, 那麼由這些牌的擁有者來決定它們在新區域中的放置順序」"""
    wipe = _instant("w", "p1", [{"do": "destroy", "target": {"types": ["resonator"], "controller": "opponent"}}])
    out = _resolve(_board([_res("x", "p2"), _res("y", "p2"), wipe], [{"type": "play", "player": "p1", "card": "w"}, *PASS[::-1]]))
    choice = _steps(out, "fow.choice")[0]
    assert choice["params"]["kind"] == "zone_order" and choice["params"]["player"] == "p2"
    assert [b["choice"] for b in choice["branches"]] == [["x", "y"], ["y", "x"]]
    given = _resolve(_board([_res("x", "p2"), _res("y", "p2"), wipe],
                            [{"type": "play", "player": "p1", "card": "w"}, *PASS[::-1],
                             {"type": "choose", "player": "p2", "choice": ["y", "x"]}]))
    graveyard = [o["id"] for o in given["result"]["objects"] if o["zone"] == "graveyard" and o["owner"] == "p2"]
    assert graveyard == ["y", "x"]  # top first


# ---------------------------------------------------------------- 9.10 / 10.17 replacements

def _shielded(reading, amount=500):
    twin = _instant("t", "p1", [{"do": "deal_damage", "target": 0, "amount": 200}] * 2, [{"types": ["resonator"]}])
    doc = _board([_res("x", "p2"), twin], [{"type": "play", "player": "p1", "card": "t", "targets": ["x"]}, *PASS[::-1]],
                 options={"partial_prevention": reading})
    doc["effects"] = [{"id": "sh", "kind": "replacement", "source": "x", "controller": "p2", "timestamp": 1,
                       "spec": {"do": "prevent", "amount": amount}, "affected": ["x"]}]
    return _resolve(doc)


def test_10_17_prevent_n_is_spent_after_one_hit_under_9_10_and_kept_under_the_other_reading():
    """9.10: 「所有替代性效應只能適用1次」; 10.17: 「如果防止傷害中的一部分數值, 則改為造成減少那部分數值之後的傷害」"""
    assert _obj(_shielded("spent"), "x")["damage"] == 200
    assert _obj(_shielded("kept"), "x")["damage"] == 0
    assert _steps(_shielded("spent"), "fow.prevention.leftover")[0]["rule"]["number"] == "9.10"


def test_9_10_the_affected_player_chooses_among_replacements_and_each_applies_once():
    """9.10: 「由原先情況的玩家或是原先情況的牌異能的操控者選擇其中1個替代性效應並使它生效」"""
    bolt = _instant("b", "p1", [{"do": "deal_damage", "target": 0, "amount": 500}], [{"types": ["resonator"]}])
    doc = _board([_res("x", "p2"), _res("y", "p2"), bolt], [{"type": "play", "player": "p1", "card": "b", "targets": ["x"]}, *PASS[::-1],
                                                            {"type": "choose", "player": "p2", "choice": "guard"}])
    doc["effects"] = [{"id": "guard", "kind": "replacement", "source": "y", "controller": "p2", "timestamp": 1,
                       "spec": {"do": "replace", "event": "damage", "instead": {"redirect": "y"}}, "affected": ["x"]},
                      {"id": "sh", "kind": "replacement", "source": "x", "controller": "p2", "timestamp": 2,
                       "spec": {"do": "prevent", "amount": 300}, "affected": ["x"]}]
    out = _resolve(doc)
    dealt = _steps(out, "fow.damage.card")[0]["params"]
    assert (dealt["target"], dealt["amount"]) == ("y", 500)  # x's shield no longer meets the redirected event
    assert _steps(out, "fow.damage.prevented") == [] and _obj(out, "x")["damage"] == 0


# ---------------------------------------------------------------- 10.16 copy, 10.13 search, 10.4 reveal

def test_10_16_a_copy_on_the_field_ceases_to_exist_when_it_leaves():
    """10.16: 「當複製品離開該區域時, 它便不再存在」"""
    mirror = _instant("m", "p1", [{"do": "copy", "target": 0}, {"do": "return_to_hand", "target": {"types": ["resonator"], "controller": "you"}}],
                      [{"types": ["resonator"]}])
    out = _resolve(_board([_res("y", "p1"), mirror], [{"type": "play", "player": "p1", "card": "m", "targets": ["y"]}, *PASS[::-1]]))
    assert _steps(out, "fow.copy.ceases")[0]["params"]["from"] == "field"
    assert not [o for o in out["result"]["objects"] if o["id"].startswith("y+copy")]
    assert _obj(out, "y")["zone"] == "hand"


def test_10_13_a_hidden_zone_offers_not_found_and_a_public_one_does_not():
    """10.13: 「該玩家便可以宣佈沒有找到, 即使該區域中確實存在符合特定資訊的牌」"""
    def search(zone):
        card = {"id": "w", "name": "Wolf", "owner": "p1", "zone": zone, "type": "resonator"}
        spell = _instant("s", "p1", [{"do": "search", "zone": zone, "filter": {"types": ["resonator"]}}])
        return _resolve(_board([card, spell], [{"type": "play", "player": "p1", "card": "s"}, *PASS[::-1]]))
    assert _steps(search("main_deck"), "fow.choice")[0]["params"]["options"] == ["['w']", "not_found"]
    assert _obj(search("graveyard"), "w")["zone"] == "hand"


# ---------------------------------------------------------------- 9.3 cost changes

def test_9_3_cost_changes_apply_in_the_order_nature_increase_decrease():
    """9.3: 「如果有任何效應改變其性能, 先適用此類效應, 接著適用任何增加數量的效應, 然後適用任何減少數量的效應」"""
    def coster(cid, change, ts):
        return _res(cid, "p1", timestamp=ts, abilities=[{"kind": "static", "cost_change": {"applies_to": {"types": ["spell"]}, **change}}])
    spell = _instant("s", "p1", [], cost={"void": 2})
    doc = _board([coster("d", {"decrease": {"void": 3}}, 1), coster("i", {"increase": {"void": 1}}, 2), spell],
                 [{"type": "play", "player": "p1", "card": "s"}])
    kinds = [s["params"]["kind"] for s in _steps(_resolve(doc), "fow.cost.change")]
    assert kinds == ["increase", "decrease"]  # the decrease (older) still comes last and stops at 0


# ---------------------------------------------------------------- 1.3, 1.5, 14.1, 4.2

def test_1_3_concede_without_priority_ends_the_game():
    """1.3: 「玩家可以隨時認輸並結束本局遊戲, 並且他的對手獲得本局遊戲勝利」"""
    out = _resolve(_board([], [{"type": "concede", "player": "p2"}]))
    assert out["result"]["winner"] == "p1"


def test_1_5_paying_more_life_than_you_have_is_not_covered_and_stops():
    """1.5: 「如果一個效應讓玩家支付一定數量的生命值, 該玩家支付100的倍數的生命值」 — silent on paying more than one has."""
    a = _res("a", "p1", abilities=[{"kind": "activated", "cost": {"life": 600}, "effect": []}])
    doc = _board([a], [{"type": "activate", "player": "p1", "card": "a", "ability": 0}])
    doc["players"][0]["life"] = 500
    out = _resolve(doc)
    step = _steps(out, "fow.not_covered")[0]
    assert step["rule"] is None and step["params"]["topic"] == "life_payment_over_life"
    assert out["result"]["complete"] is False and out["result"]["players"][0]["life"] == 500


def test_14_1_both_players_can_stop_the_smaller_declared_count_is_performed():
    """14.1: 「主動玩家宣佈1個迴圈次數接著非主動玩家同樣宣佈1個迴圈次數, 然後按其中較小的次數執行迴圈」"""
    a = _res("a", "p1", abilities=[{"kind": "activated", "effect": [{"do": "gain_life", "target": "you", "amount": 100}]}])
    it = [{"type": "activate", "player": "p1", "card": "a", "ability": 0}, *PASS[::-1]]
    out = _resolve(_board([a], [{"type": "loop", "player": "p1", "actions": it, "stoppable_by": ["p1", "p2"],
                                 "declare": {"p1": 4, "p2": 1}}]))
    assert out["result"]["players"][0]["life"] == 4100


def test_4_2_the_first_player_chooses_the_mulligan_first():
    """4.2: 「先手玩家首先選擇需要重調手牌的數量, 之後後手玩家做出同樣的選擇」"""
    deck = [{"id": f"{p}{i}", "name": f"C{i}", "owner": p, "zone": "main_deck", "type": "resonator"}
            for p in ("p1", "p2") for i in range(6)]
    out = _resolve(_board(deck, [{"type": "mulligan", "player": "p2", "cards": []}], phase="setup", step="start"))
    assert _steps(out, "fow.illegal.expected_mulligan")[0]["params"]["player"] == "p1"
    assert _steps(out, "fow.wait.mulligan")[0]["params"]["player"] == "p1"
