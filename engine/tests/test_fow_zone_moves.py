"""Force of Will: the instructions of issue 15 that put cards into zones or change their state
(FoW 3.1, 3.2, 3.10, 3.14, 3.15, 10.1, 14.2), and what the whitepaper does not settle about the
numbers on cards (counters, ATK/DEF that are not multiples of 100, FoW 1.5)."""

from __future__ import annotations

import engine

from .test_fow_audit import PASS, _board, _instant, _obj, _res, _resolve, _steps

P2_PASSES = [{"type": "pass", "player": "p2"}, {"type": "pass", "player": "p1"}]


def _errors(doc):
    return {e["path"]: e["message"] for e in engine.validate(doc)}


def _cast(effect, targets=(), target_ids=(), **kw):
    return [_instant("s", "p1", effect, targets, **kw)], [{"type": "play", "player": "p1", "card": "s",
                                                           "targets": list(target_ids)}] + P2_PASSES


class CounterTests:
    def test_a_counter_name_is_words_or_two_signed_numbers(self):
        ok = _board([_res("x", "p1", counters={"+100/+100": 1, "-200/-200": 2, "charge": 3, "Arla's mark": 1})], [])
        assert engine.validate(ok) == []
        bad = _board([_res("x", "p1", counters={"zz_key": 1, "100/100": 1})], [])
        assert set(_errors(bad)) == {"objects[2].counters.zz_key", "objects[2].counters.100/100"}

    def test_a_counter_is_reported_once_however_many_priorities_follow(self):
        out = _resolve(_board([_res("x", "p1", counters={"+100/+100": 1})], PASS + PASS))
        steps = [s for s in _steps(out, "fow.not_covered") if s["params"]["topic"] == "counters"]
        assert len(steps) == 1 and steps[0]["params"]["counter"] == "+100/+100"
        assert _obj(out, "x")["atk"] == 500 and out["result"]["complete"] is False

    def test_removing_a_counter_is_not_reported_as_a_new_one(self):
        cards, actions = _cast([{"do": "remove_counter", "target": 0, "counter": "charge"}], [{"types": ["resonator"]}], ["x"])
        out = _resolve(_board([_res("x", "p1")] + cards, actions))
        assert [s["params"]["counters"] for s in _steps(out, "fow.counters")] == ["charge:0"]
        assert _steps(out, "fow.not_covered") == [] and out["result"]["complete"] is True


class RoundingTests:
    def test_1_5_atk_and_def_that_are_multiples_of_100_leave_nothing_uncovered(self):
        out = _resolve(_board([_res("x", "p1", 1200, 300)], PASS))
        assert _steps(out, "fow.not_covered") == [] and out["result"]["complete"] is True

    def test_1_5_a_def_below_a_hundred_is_reported_with_its_value(self):
        out = _resolve(_board([_res("x", "p1", 500, 50)], PASS))
        [step] = _steps(out, "fow.not_covered")
        assert step["params"] | {"default": None} == {"topic": "atk_def_rounding", "card": "x", "characteristic": "def",
                                                       "value": 50, "default": None}
        assert step["rule"] is None and [r["number"] for r in step["see_also"]] == ["909.1i", "1206.1"]


class ControlTests:
    def test_3_14_a_card_in_the_hand_is_not_moved(self):
        cards, actions = _cast([{"do": "change_control", "target": "y"}])
        out = _resolve(_board([_res("y", "p2", zone="hand")] + cards, actions))
        assert _steps(out, "fow.control.not_moved")[0]["params"]["zone"] == "hand"
        assert _obj(out, "y")["controller"] == "p2"

    def test_3_14_giving_a_card_to_the_opponent_moves_it_to_their_field(self):
        cards, actions = _cast([{"do": "change_control", "target": "x", "to": "opponent"}])
        out = _resolve(_board([_res("x", "p1")] + cards, actions))
        assert _obj(out, "x")["controller"] == "p2" and "new_card" not in _obj(out, "x")


class PutTests:
    def test_3_15_a_ruler_is_not_put_onto_the_field(self):
        cards, actions = _cast([{"do": "put_onto_field", "target": "rp1"}])
        out = _resolve(_board(cards, actions))
        assert _steps(out, "fow.put.refused")[0]["rule"]["number"] == "3.15"
        assert _obj(out, "rp1")["zone"] == "ruler_area"

    def test_3_10_target_and_top_of_main_deck_are_not_given_together(self):
        cards, actions = _cast([{"do": "put_into_lifebreak", "target": "x", "top_of_main_deck": 1}])
        assert "objects[2].abilities[0].effect[0]" in _errors(_board(cards, actions))

    def test_3_10_player_goes_with_top_of_main_deck(self):
        cards, actions = _cast([{"do": "put_into_lifebreak", "target": 0, "player": "opponent"}], [{"types": ["resonator"]}])
        assert "objects[2].abilities[0].effect[0].player" in _errors(_board(cards, actions))


class FaceDownTests:
    def test_3_2_a_card_in_a_hidden_zone_is_not_turned(self):
        cards, actions = _cast([{"do": "turn_face_down", "target": "y"}])
        out = _resolve(_board([_res("y", "p1", zone="hand")] + cards, actions))
        assert _steps(out, "fow.face_down.unchanged")[0]["params"]["reason"] == "the hand is a hidden zone"
        assert out["result"]["complete"] is True

    def test_3_1_a_face_down_card_that_moves_is_a_new_card_face_up(self):
        cards, actions = _cast([{"do": "turn_face_down", "target": "x"}, {"do": "return_to_hand", "target": "x"}])
        out = _resolve(_board([_res("x", "p1")] + cards, actions))
        assert "face_down" not in _obj(out, "x") and _obj(out, "x")["zone"] == "hand"


class SeveralTargetsTests:
    def test_10_9_a_list_of_chosen_targets_names_each_once_and_only_chosen_ones(self):
        specs = [{"types": ["resonator"]}, {"types": ["resonator"]}]
        twice, _ = _cast([{"do": "destroy", "target": [0, 0]}], specs)
        assert "objects[2].abilities[0].effect[0].target" in _errors(_board(twice, []))
        beyond, _ = _cast([{"do": "destroy", "target": [0, 2]}], specs)
        assert _errors(_board(beyond, []))["objects[2].abilities[0].effect[0].target[1]"].startswith("target 2 names no chosen")
        empty, _ = _cast([{"do": "destroy", "target": []}], specs)
        assert "objects[2].abilities[0].effect[0].target" in _errors(_board(empty, []))

    def test_10_6_one_deal_damage_may_name_a_card_and_a_player_target(self):
        cards, actions = _cast([{"do": "deal_damage", "target": [0, 1], "amount": 300}],
                               [{"types": ["resonator"]}, {"zone": "player"}], ["x", "p2"])
        out = _resolve(_board([_res("x", "p2")] + cards, actions))
        assert _obj(out, "x")["damage"] == 300 and out["result"]["players"][1]["life"] == 3700


class RegistryTests:
    def test_each_new_entry_lives_in_the_module_of_its_topic(self):
        from engine.core.vocabulary import vocabulary_of

        topics = {e.ref: e.topic for e in vocabulary_of("fow").entries() if e.apply is not None}
        for name in ("change_control", "put_onto_field", "put_into_lifebreak", "turn_face_down"):
            assert topics[f"instruction:{name}"] == "engine.fow.zone_moves"
        assert {e.name for e in vocabulary_of("fow").entries("change") if e.name.startswith("half_")} == {"half_atk", "half_def"}
