"""Force of Will: the vocabulary registry and the validation derived from it (issue 12).

Nothing accepted and ignored: every key a ``fow`` scenario may carry is applied or refused with
an error naming its path."""

from __future__ import annotations

import json

import pytest

import engine
from engine.__main__ import main
from engine.core.vocabulary import vocabulary_of
from engine.fow.scenario import ABILITY_KINDS, ACTIONS, INSTRUCTIONS

from .test_fow_audit import PASS, _board, _instant, _obj, _res

FOW = vocabulary_of("fow")


def _errors(doc):
    return {e["path"]: e["message"] for e in engine.validate(doc)}


def _spell(effect, targets=(), **kw):
    return _instant("s", "p1", effect, targets, **kw)


class RegistryTests:
    def test_every_slot_has_entries_and_the_builder_names_derive_from_it(self):
        assert {slot: len(FOW.names(slot)) for slot in FOW.slots} == {
            "option": 13, "ability": 8, "limit": 2, "trigger": 21, "standby_condition": 21, "instruction": 31, "change": 12,
            "effect": 3, "filter": 9, "target": 2, "cost": 10, "amount": 1, "duration": 4, "keyword": 11, "action": 18}
        assert ABILITY_KINDS == tuple(FOW.names("ability")) and ACTIONS == tuple(FOW.names("action"))
        assert INSTRUCTIONS == tuple(FOW.names("instruction"))

    def test_every_instruction_action_and_condition_with_behaviour_of_its_own_has_an_apply_function(self):
        for slot in ("instruction", "standby_condition"):
            assert [e.ref for e in FOW.entries(slot) if e.apply is None] == []
        read_by_others = {"attack", "no_attack", "block", "no_block", "choose", "mulligan"}
        assert {e.name for e in FOW.entries("action") if e.apply is None} == read_by_others

    def test_each_entry_lives_in_the_module_of_its_chapter(self):
        topics = {e.ref: e.topic for e in FOW.entries() if e.apply is not None}
        assert topics["instruction:destroy"] == "engine.fow.game_actions"
        assert topics["instruction:deal_damage"] == "engine.fow.damage"
        assert topics["instruction:search"] == "engine.fow.information"
        assert topics["instruction:modify"] == "engine.fow.effects"
        assert topics["action:battle"] == "engine.fow.battle"
        assert topics["action:loop"] == "engine.fow.special"

    def test_python_m_engine_vocabulary_lists_every_entry_with_schema_rule_and_row(self, capsys):
        assert main(["vocabulary", "--game", "fow", "--format", "json"]) == 0
        data = json.loads(capsys.readouterr().out)["games"][0]
        entries = [e for slot in data["slots"] for e in slot["entries"]]
        assert len(entries) == sum(len(FOW.names(s)) for s in FOW.slots)
        destroy = next(e for e in entries if e["ref"] == "instruction:destroy")
        assert destroy["rule"] == {"wp-2.3": [{"document": "fow-whitepaper-2.3", "number": "10.9"},
                                              {"document": "fow-whitepaper-2.3", "number": "3.1"}]}
        assert destroy["row"] == {"main": ["target"], "extra": []} and "target" in destroy["keys"]
        counters = next(e for e in entries if e["ref"] == "instruction:add_counter")
        assert counters["rule"]["wp-2.3"] == [{"ruling": "not covered by this document: counters are card text; "
                                                         "the whitepaper defines none"}]


class UnknownKeyTests:
    def test_an_unknown_key_in_an_action_is_an_error_at_its_path(self):
        doc = _board([], [{"type": "pass", "player": "p1", "cardd": "x"}])
        assert _errors(doc) == {"actions[0].cardd": "unknown field 'cardd'; expected one of: player"}

    def test_an_unknown_key_in_a_loop_iteration_is_an_error_at_its_path(self):
        doc = _board([], [{"type": "loop", "player": "p1", "actions": [{"type": "pass", "player": "p1", "x": 1}]}])
        assert "actions[0].actions[0].x" in _errors(doc)

    def test_9_6_an_unknown_trigger_event_is_refused_with_did_you_mean(self):
        ability = {"kind": "triggered", "trigger": {"event": "destoyed"}, "effect": [{"do": "draw"}]}
        message = _errors(_board([_res("x", "p1", abilities=[ability])], []))["objects[2].abilities[0].trigger.event"]
        assert message.startswith('unknown trigger event "destoyed" (did you mean "destroyed"?); expected one of: enter')

    def test_9_6_events_the_engine_never_fires_are_refused(self):
        for event in ("deals_damage", "put_into_graveyard", "any_time"):
            ability = {"kind": "triggered", "trigger": {"event": event}, "effect": [{"do": "draw"}]}
            assert "objects[2].abilities[0].trigger.event" in _errors(_board([_res("x", "p1", abilities=[ability])], []))

    def test_an_unknown_continuous_change_an_amount_and_a_duration_are_refused(self):
        errors = _errors(_board([_spell([{"do": "modify", "target": "this", "atk": 100, "duration": "end_of_trun"},
                                         {"do": "deal_damage", "target": "opponent", "amount": {"power_of": "this"}}])], []))
        assert errors["objects[2].abilities[0].effect[0].duration"].startswith('unknown duration "end_of_trun" (did you mean')
        assert errors["objects[2].abilities[0].effect[1].amount.power_of"] == 'unknown amount "power_of"; expected one of: lki'


class IgnoredKeysAreRefusedTests:
    """Keys the engine accepted and never read before issue 12."""

    @pytest.mark.parametrize(("ability", "path"), [
        ({"kind": "activated", "name": "Zap", "effect": []}, "name"),
        # A static replacement is applied since issue 15 (FoW 9.4, 9.10); an ability is never spent.
        ({"kind": "static", "continuous": {"atk": 1}, "replacement": {"do": "prevent", "once": True}}, "replacement.once"),
        ({"kind": "triggered", "trigger": {"event": "start_of_main", "card": "any"}, "effect": []}, "trigger.card"),
        ({"kind": "triggered", "trigger": {"event": "enter"}, "cost": {"void": 1}, "effect": []}, "cost"),
        ({"kind": "will", "cost": {"rest": True, "fire": 1}, "produce": {"fire": 1}}, "cost.fire"),
        ({"kind": "triggered", "trigger": {"event": "state", "life_at_most": 1000, "hand_empty": True}, "effect": []},
         "trigger"),
        ({"kind": "activated", "effect": [{"do": "destroy", "target": 0, "duration": "end_of_turn"}],
          "targets": [{}]}, "effect[0].duration"),
        ({"kind": "activated", "effect": [{"do": "destroy", "target": 1}], "targets": [{}]}, "effect[0].target"),
        ({"kind": "activated", "effect": [{"do": "draw", "target": 0}], "targets": [{}]}, "effect[0].target"),
        ({"kind": "activated", "effect": [{"do": "destroy", "target": 0}], "targets": [{"zone": "player"}]},
         "effect[0].target"),
        ({"kind": "activated", "effect": [{"do": "cancel", "target": 0}], "targets": [{}]}, "effect[0].target"),
        ({"kind": "activated", "effect": [{"do": "modify", "target": "this"}]}, "effect[0]"),
        ({"kind": "activated", "effect": [{"do": "delayed", "event": "end_of_turn",
                                           "effect": [{"do": "destroy", "target": 0}]}], "targets": [{}]},
         "effect[0].effect[0].target"),
        ({"kind": "activated", "effect": [{"do": "search", "filter": {"zone": "hand"}}]}, "effect[0].filter.zone"),
        ({"kind": "activated", "effect": [{"do": "replace", "event": "damage", "instead": {"move_to": "removed"}}]},
         "effect[0].instead.move_to"),
        ({"kind": "static", "cost_change": {"applies_to": {}}}, "cost_change"),
        ({"kind": "static"}, ""),
        ({"kind": "spell", "effect": []}, "kind"),
        ({"kind": "judgment", "cost": {"void": 1}}, "kind"),
    ])
    def test_it_is_refused_at_its_path(self, ability, path):
        where = "objects[2].abilities[0]" + (f".{path}" if path else "")
        assert where in _errors(_board([_res("x", "p1", abilities=[ability])], []))

    def test_a_subtype_j_ruler_side_and_special_belong_to_their_card_types(self):
        errors = _errors(_board([_res("x", "p1", subtype="chant", side="ruler", special=True)], []))
        assert {"objects[2].subtype", "objects[2].side", "objects[2].special"} <= set(errors)

    def test_7_9_only_a_chant_standby_has_a_condition(self):
        chant = _instant("c", "p1", [], subtype="chant")
        chant["abilities"][0]["trigger"] = {"event": "any_time"}
        assert "objects[2].abilities[0].trigger" in _errors(_board([chant], []))

    def test_a_chase_item_takes_only_the_keys_of_its_kind(self):
        doc = _board([_res("x", "p1", abilities=[{"kind": "activated", "effect": []}])], [])
        doc["chain"] = [{"kind": "judgment", "source": "rp1", "controller": "p1", "targets": ["x"]},
                        {"kind": "ability", "source": "x", "controller": "p1", "ability": 3},
                        {"kind": "card", "source": "x", "controller": "p1", "effect": []}]
        assert {"chain[0].targets", "chain[1].ability", "chain[2].effect"} <= set(_errors(doc))

    def test_a_pending_trigger_names_an_ability_of_its_source(self):
        doc = _board([_res("x", "p1")], [])
        doc["pending"] = [{"source": "x", "ability": 0}, {"source": "x"}]
        assert {"pending[0].ability", "pending[1].ability"} <= set(_errors(doc))

    def test_an_effect_in_force_takes_the_keys_of_its_kind(self):
        doc = _board([_res("x", "p1")], [])
        doc["effects"] = [{"kind": "continuous", "spec": {"atk": 100, "target": 0}, "affected": ["x"]},
                          {"kind": "replacement", "spec": {"do": "modify", "atk": 1}},
                          {"kind": "delayed", "spec": {"event": "end_of_turn", "effect": []}, "affected": ["x"]}]
        assert {"effects[0].spec.target", "effects[1].spec.do", "effects[2].spec.effect",
                "effects[2].affected"} <= set(_errors(doc))

    def test_an_action_names_objects_that_exist(self):
        doc = _board([], [{"type": "play", "player": "p1", "card": "ghost"}])
        assert _errors(doc)["actions[0].card"].startswith("unknown object id 'ghost'")


class NowAppliedTests:
    def test_3_2_a_filter_s_rested_key_is_read_wherever_the_filter_is(self):
        """Before issue 12 ``rested`` was read only in target specifications; a filter ``target``
        ignored it. ``destroy`` every rested resonator of the opponent now spares the recovered one."""
        wipe = _spell([{"do": "destroy", "target": {"controller": "opponent", "rested": True}}])
        doc = _board([_res("a", "p2", rested=True), _res("b", "p2"), wipe],
                     [{"type": "play", "player": "p1", "card": "s"}, *PASS[::-1]])
        out = engine.resolve(doc)
        assert _obj(out, "a")["zone"] == "graveyard" and _obj(out, "b")["zone"] == "field"


class NowRefusedTests:
    """Keys that an action carried and the engine silently did nothing with (found writing the
    contrasting pairs of issue 12): now an ``illegal`` step naming the rule."""

    def test_9_3_targets_beyond_the_card_s_target_specifications_are_refused(self):
        heal = _spell([{"do": "gain_life", "target": "you", "amount": 100}])
        doc = _board([_res("x", "p2"), heal], [{"type": "play", "player": "p1", "card": "s", "targets": ["x"]}])
        out = engine.resolve(doc)
        step = next(s for s in out["trace"] if s["kind"] == "illegal")
        assert step["message_id"] == "fow.illegal.extra_targets" and step["rule"]["number"] == "9.3"
        assert step["params"] == {"card": "s", "count": 0, "given": ["x"]}
        assert _obj(out, "s")["zone"] == "hand"

    def test_7_10_targets_for_a_lifebreak_card_without_a_break_ability_are_refused(self):
        cards = [dict(_res(f"l{i}", "p1"), zone="lifebreak") for i in range(4)]
        doc = _board(cards, [{"type": "lifebreak", "player": "p1", "targets": ["rp2"]}], options={"variant": "valhalla"})
        out = engine.resolve(doc)
        assert [s["message_id"] for s in out["trace"] if s["kind"] in ("illegal", "action")] == ["fow.illegal.extra_targets"]
        assert _obj(out, "l0")["zone"] == "lifebreak"

    def test_7_5_a_ruler_without_a_judgment_ability_cannot_perform_judgment(self):
        """7.5: Judgment is paying the ruler's Judgment cost; before, a ruler without one turned for free."""
        doc = _board([], [{"type": "judgment", "player": "p1"}])
        doc["objects"][0]["abilities"] = []
        out = engine.resolve(doc)
        step = next(s for s in out["trace"] if s["kind"] == "illegal")
        assert step["message_id"] == "fow.illegal.no_judgment" and step["rule"]["number"] == "7.5"
        assert _obj(out, "rp1")["side"] == "ruler"

    def test_12_1_awaken_on_a_card_without_awakening_is_refused(self):
        card = dict(_res("c", "p1"), zone="hand", cost={})
        out = engine.resolve(_board([card], [{"type": "play", "player": "p1", "card": "c", "awaken": True}]))
        assert [(s["message_id"], s["rule"]["number"]) for s in out["trace"] if s["kind"] == "illegal"] == [
            ("fow.illegal.no_awakening", "12.1")]
        assert _obj(out, "c")["zone"] == "hand"

    def test_8_2_will_sources_named_for_an_attack_that_costs_nothing_are_refused(self):
        stone = {"id": "s1", "name": "Stone", "owner": "p1", "zone": "stone_area", "type": "magic_stone",
                 "abilities": [{"kind": "will", "cost": {"rest": True}, "produce": {"fire": 1}}]}
        attack = {"type": "attack", "player": "p1", "attacker": "a", "target": "p2", "pay_with": ["s1"]}
        out = engine.resolve(_board([_res("a", "p1"), stone], [{"type": "battle", "player": "p1"}, attack]))
        step = next(s for s in out["trace"] if s["kind"] == "illegal")
        assert step["message_id"] == "fow.illegal.nothing_to_pay" and step["params"]["pay_with"] == ["s1"]
        assert _obj(out, "s1")["rested"] is False and _obj(out, "a")["rested"] is False
        assert out["trace"][-1]["message_id"] == "fow.wait.attack"

    def test_3_1_a_choice_answered_by_the_other_player_stays_open(self):
        wipe = _spell([{"do": "destroy", "target": {"types": ["resonator"], "controller": "opponent"}}])
        doc = _board([_res("x", "p2"), _res("y", "p2"), wipe], [{"type": "play", "player": "p1", "card": "s"}, *PASS[::-1],
                                                               {"type": "choose", "player": "p1", "choice": ["y", "x"]}])
        out = engine.resolve(doc)
        step = next(s for s in out["trace"] if s["kind"] == "illegal")
        assert step["message_id"] == "fow.illegal.not_your_choice" and step["params"]["chooser"] == "p2"
        assert out["trace"][-1]["kind"] == "choice" and out["trace"][-1]["branches"]


class ResultEffectsTests:
    """The result lists the effects still in force, as a scenario would give them (docs §7.9)."""

    def _twin(self, reading):
        twin = _spell([{"do": "deal_damage", "target": 0, "amount": 200}], [{"types": ["resonator"]}])
        doc = _board([_res("x", "p2", def_=1000), twin], [{"type": "play", "player": "p1", "card": "s", "targets": ["x"]},
                                                          *PASS[::-1]], options={"partial_prevention": reading})
        doc["effects"] = [{"kind": "replacement", "id": "shield", "spec": {"do": "prevent", "amount": 500}, "affected": ["x"]}]
        return engine.resolve(doc)["result"]["effects"]

    def test_9_10_a_spent_replacement_effect_is_no_longer_in_force(self):
        assert self._twin("spent") == []

    def test_10_17_a_kept_prevention_shows_what_is_left_of_its_amount(self):
        assert [(e["id"], e["spec"]) for e in self._twin("kept")] == [("shield", {"do": "prevent", "amount": 300})]


class ChaseZoneTests:
    """A card "on the chase" is a chase item (FoW 3.13), not a card placed in a zone (issue 15)."""

    def test_3_13_a_card_given_in_the_chase_zone_is_refused_saying_where_it_goes(self):
        bolt = {**_spell([{"do": "deal_damage", "target": "opponent", "amount": 100}]), "zone": "chase"}
        doc = _board([bolt], [])
        message = _errors(doc)[f"objects[{doc['objects'].index(bolt)}].zone"]
        assert "chase item" in message and "`chain`" in message and "'s'" in message and "3.13" in message
