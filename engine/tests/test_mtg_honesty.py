"""Nothing accepted and ignored in Magic: unknown keys refused at their path, amounts accepted only
where they are evaluated, a choice answered outside its options an ``illegal`` step, what the
engine does not evaluate named whenever it becomes relevant, a cascade's decisions kept after
its spell leaves the stack (issue 12)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import engine
from engine.mtg.examples import card, creature, keyword, scenario, spell, static

GOLDENS = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "mtg"


def _golden(name: str) -> dict:
    return json.loads((GOLDENS / f"{name}.json").read_text(encoding="utf-8"))["scenario"]


def _ids(out: dict) -> list[str]:
    return [s["message_id"] for s in out["trace"]]


def _errors(doc: dict) -> dict[str, str]:
    return {e["path"]: e["message"] for e in engine.validate(doc)}


class UnknownKeyTests:
    def test_an_unknown_key_of_an_action_is_refused_with_the_nearest_name(self):
        doc = scenario([creature("c", "Bears", 2, 2, zone="hand", mana_cost="{1}{G}")],
                       [{"type": "cast", "player": "p1", "card": "c", "tragets": []}])
        assert 'did you mean "targets"' in _errors(doc)["actions[0].tragets"]

    def test_an_unknown_key_of_a_player_is_one_error_at_its_path(self):
        doc = copy.deepcopy(_golden("faq-retaliator-griffin-dies-at-the-same-time"))
        doc["players"][0]["lief"] = 20
        errors = _errors(doc)
        assert list(errors) == ["players[0].lief"] and 'did you mean "life"' in errors["players[0].lief"]

    def test_an_unknown_key_of_an_ability_is_refused(self):
        doc = scenario([creature("c", "Bears", 2, 2, abilities=[keyword("flying", flavor="wings")])])
        assert "actions" not in _errors(doc) and "objects[0].abilities[0].flavor" in _errors(doc)

    def test_a_keyword_key_goes_with_its_keyword(self):
        doc = scenario([creature("c", "Bears", 2, 2, abilities=[keyword("flying", cost="{2}")])])
        assert _errors(doc) == {"objects[0].abilities[0].cost": "cost goes with the keyword cycling or typecycling or equip or ward or morph, not flying"}

    def test_613_4_an_amount_the_layer_system_does_not_evaluate_is_refused_in_a_static_ability(self):
        # {"power_of": …} is determined as an instruction resolves (608.2h); in a static ability it
        # used to validate and count as 0.
        anthem = card("a", "Anthem", types=["enchantment"],
                      abilities=[static({"do": "modify_pt", "power": {"power_of": "source"}, "toughness": 0},
                                        affected={"types": ["creature"]})])
        path = "objects[0].abilities[0].effects[0].power.power_of"
        assert "is not evaluated by the layer system" in _errors(scenario([anthem]))[path]

    def test_608_2h_an_amount_only_the_layer_system_evaluates_is_refused_in_an_instruction(self):
        bolt = card("b", "Bolt", zone="hand", types=["instant"], mana_cost="{R}",
                    abilities=[spell({"do": "deal_damage", "amount": {"colors_of_affected": True}, "target": 0},
                                     targets=[{"filter": {"types": ["creature"]}}])])
        assert "objects[0].abilities[0].effects[0].amount.colors_of_affected" in _errors(scenario([bolt]))

    def test_701_17a_a_player_who_sacrifices_needs_a_choice(self):
        edict = card("e", "Edict", zone="hand", types=["sorcery"],
                     abilities=[spell({"do": "sacrifice", "player": "opponent", "target": 0},
                                      targets=[{"filter": {"types": ["creature"]}}])])
        assert "objects[0].abilities[0].effects[0].player" in _errors(scenario([edict]))

    def test_an_instruction_names_its_objects_one_way(self):
        zap = card("z", "Zap", zone="hand", types=["instant"],
                   abilities=[spell({"do": "destroy", "target": 0, "affected": {"types": ["land"]}},
                                    targets=[{"filter": {"types": ["creature"]}}])])
        assert "objects[0].abilities[0].effects[0].affected" in _errors(scenario([zap]))

    def test_603_2_a_damage_trigger_from_what_it_is_attached_to_fires(self):
        blade = card("blade", "Blade", types=["artifact"], subtypes=["Equipment"], attached_to="bear", abilities=[
            {"kind": "triggered", "trigger": {"event": "damage", "source": "attached", "to": "player"},
             "effects": [{"do": "draw", "amount": 1}]}])
        doc = scenario([creature("bear", "Bears", 2, 2), blade, card("l", "Card", zone="library")],
                       [{"type": "declare_attackers", "attackers": ["bear"]}, {"type": "next_step", "step": "end_of_combat"}])
        out = engine.resolve(doc)
        assert "mtg.trigger" in _ids(out) and next(o for o in out["result"]["objects"] if o["id"] == "l")["zone"] == "hand"


class ChoiceTests:
    def test_601_2b_an_answer_outside_the_options_is_an_illegal_step_listing_them(self):
        doc = _golden("704-5j-legend-rule-player-chooses-open-branches")
        doc = copy.deepcopy(doc)
        [key] = [k for k in (doc.get("options") or {}).get("choices", {})] or ["legend:p1:Thraximundar"]
        doc.setdefault("options", {}).setdefault("choices", {})[key] = "nobody"
        assert engine.validate(doc) == []
        out = engine.resolve(doc)
        [illegal] = [s for s in out["trace"] if s["message_id"] == "mtg.illegal.choice"]
        assert illegal["kind"] == "illegal" and illegal["params"]["given"] == "nobody"
        assert illegal["params"]["choice"] == key and illegal["options"] == out["trace"][-1]["options"]
        assert out["trace"][-1]["kind"] == "choice" and len(out["trace"][-1]["branches"]) == len(illegal["options"])
        assert out["result"]["complete"] is False

    def test_an_answer_outside_a_single_option_is_illegal_and_the_option_is_used(self):
        watcher = creature("w", "Watcher", 1, 1, abilities=[
            {"kind": "triggered", "trigger": {"event": "enters", "self": True}, "targets": [{"filter": {"types": ["creature"],
             "other": True}}], "effects": [{"do": "tap", "target": 0}]}], zone="hand", mana_cost="{G}")
        doc = scenario([watcher, creature("bear", "Bears", 2, 2, owner="p2")], [{"type": "cast", "player": "p1", "card": "w"}])
        doc["options"] = {"choices": {"targets:w:0": ["ghost"]}}
        out = engine.resolve(doc)
        [illegal] = [s for s in out["trace"] if s["message_id"] == "mtg.illegal.choice"]
        assert illegal["params"]["options"] == ["bear"]
        assert next(o for o in out["result"]["objects"] if o["id"] == "bear")["tapped"] is True

    def test_603_3b_an_order_with_other_labels_is_illegal_and_the_order_stays_open(self):
        doc = copy.deepcopy(_golden("trigger-order-603-3b-the-chosen-order-is-used"))
        doc["options"]["choices"] = {"order:p1:1": ["nobody", "else"]}
        out = engine.resolve(doc)
        assert "mtg.illegal.choice" in _ids(out) and out["trace"][-1]["message_id"] == "mtg.choice.trigger_order_open"

    def test_601_2b_a_misspelt_choice_key_is_reported_with_the_key_that_was_asked(self):
        doc = copy.deepcopy(_golden("faq-retaliator-griffin-dies-at-the-same-time"))
        [key] = [k for k in doc["options"]["choices"] if k.startswith("may:")]
        right = engine.resolve(doc)
        assert not any(s["message_id"].startswith("mtg.choice.never_asked") for s in right["trace"])
        given = doc["options"]["choices"].pop(key)
        doc["options"]["choices"][key.replace("griffin", "grifin")] = given
        out = engine.resolve(doc)
        last = out["trace"][-1]
        assert last["kind"] == "choice" and last["message_id"] == "mtg.choice.never_asked_nearest"
        assert last["params"] == {"choice": key.replace("griffin", "grifin"), "nearest": key}
        # the decision itself is open again: its branches are in the trace
        assert any(s.get("branches") and s["params"]["choice"] == key for s in out["trace"])

    def test_a_choice_for_a_trigger_that_never_happens_is_reported_unused(self):
        doc = copy.deepcopy(_golden("faq-unscythe-only-the-creature-it-equips-now"))
        out = engine.resolve(doc)
        [unused] = [s for s in out["trace"] if s["message_id"] == "mtg.choice.never_asked"]
        assert unused["params"] == {"choice": "may:unscythe:1"}
        doc["options"]["choices"] = {}
        assert "mtg.choice.never_asked" not in _ids(engine.resolve(doc))

    def test_a_choice_first_asked_inside_a_branch_is_not_reported_unused(self):
        doc = copy.deepcopy(_golden("faq-retaliator-griffin-dies-at-the-same-time"))
        twin = copy.deepcopy(doc["objects"][0])
        twin["id"] = "twin"
        doc["objects"].insert(1, twin)
        # twin's trigger goes on the stack first (bottom), so the griffin's resolves first and its
        # open "may" ends the main line: twin's "may" is asked only inside the branches.
        doc["options"]["choices"] = {"order:p1:1": ["twin", "griffin"], "may:twin:1": False}
        out = engine.resolve(doc)
        [opened] = [s for s in out["trace"] if s.get("branches")]
        assert opened["params"]["choice"] == "may:griffin:1"
        assert all("mtg.resolve.declined" in [s["message_id"] for s in b["trace"]] for b in opened["branches"])
        assert not any(s["message_id"].startswith("mtg.choice.never_asked") for s in out["trace"])

    def test_113_1a_when_used_without_a_part_that_reports_itself_is_refused(self):
        odd = {"id": "s", "owner": "p1", "zone": "hand", "name": "Odd", "mana_cost": "{0}", "types": ["instant"],
               "abilities": [{"kind": "spell", "effects": [{"do": "draw", "amount": 1, "player": "you"}]},
                             {"kind": "unsupported", "text": "One targeted spell is countered.", "when_used": True}]}
        doc = scenario([odd], [{"type": "cast", "player": "p1", "card": "s"}])
        errors = _errors(doc)
        assert list(errors) == ["objects[0].abilities[1].when_used"] and "never be reported" in errors["objects[0].abilities[1].when_used"]
        odd["abilities"][0]["effects"].append({"do": "unsupported", "text": "One targeted spell is countered."})
        assert _errors(doc) == {}

    def test_a_choice_of_the_wrong_type_or_kind_is_refused_at_its_path(self):
        doc = scenario([creature("c", "Bears", 2, 2)])
        doc["options"] = {"choices": {"may:c:0": "yes", "legend:p1": "c"}}
        errors = _errors(doc)
        assert errors["options.choices.may:c:0"] == "options.choices.may:c:0 must be true or false, not a string"
        assert errors["options.choices.legend:p1"] == "a legend key is legend:<player>:<name>"
        doc["options"] = {"choices": {"legnd:p1:Bears": "c"}}
        assert 'did you mean "legend"' in _errors(doc)["options.choices.legnd:p1:Bears"]


class UnevaluatedAtUseTests:
    TEXT = "Players can't gain life."

    def _cast(self, *more, zone="hand"):
        odd = card("odd", "Odd Spell", zone=zone, types=["sorcery"], mana_cost="{B}",
                   abilities=[{"kind": "unsupported", "text": self.TEXT}, spell({"do": "draw", "amount": 1})])
        return scenario([odd, card("l", "Card", zone="library"), *more], [{"type": "cast", "player": "p1", "card": "odd"}])

    def test_113_1a_text_of_a_card_cast_from_the_hand_is_reported_on_the_stack_once(self):
        out = engine.resolve(self._cast())
        steps = [s for s in out["trace"] if s["message_id"] == "mtg.cannot_evaluate.ability"]
        assert [(s["params"]["card"], s["params"]["zone"], s["params"]["text"]) for s in steps] == [("odd", "stack", self.TEXT)]
        assert _ids(out).index("mtg.cannot_evaluate.ability") > _ids(out).index("mtg.cast.complete")
        assert out["result"]["complete"] is False

    def test_113_6_a_creature_spells_text_is_reported_on_the_stack_and_again_on_the_battlefield(self):
        odd = creature("odd", "Odd Bear", 2, 2, zone="hand", mana_cost="{G}",
                       abilities=[{"kind": "unsupported", "text": self.TEXT}])
        doc = scenario([odd], [{"type": "cast", "player": "p1", "card": "odd"}, {"type": "pass", "player": "p1"},
                               {"type": "pass", "player": "p2"}])
        out = engine.resolve(doc)
        steps = [s for s in out["trace"] if s["message_id"] == "mtg.cannot_evaluate.ability"]
        assert [(s["params"]["card"], s["params"]["zone"]) for s in steps] == [("odd", "stack"), ("odd", "battlefield")]
        assert out["result"]["complete"] is False

    def test_113_1a_text_in_a_library_is_not_reported_while_it_stays_there(self):
        doc = self._cast()
        doc["objects"][0]["zone"] = "library"
        doc["actions"] = []
        out = engine.resolve(doc)
        assert "mtg.cannot_evaluate.ability" not in _ids(out) and out["result"]["complete"] is True

    def test_702_1_a_keyword_of_a_permanent_that_enters_later_is_reported_when_it_enters(self):
        wolf = creature("wolf", "Wolf", 2, 2, zone="graveyard", abilities=[keyword("wither")])
        raise_dead = card("rd", "Return", zone="hand", types=["sorcery"], mana_cost="{B}", abilities=[
            spell({"do": "return_to_battlefield", "target": 0, "zone": "graveyard"},
                  targets=[{"zone": "graveyard", "filter": {"types": ["creature"]}}])])
        doc = scenario([wolf, raise_dead], [{"type": "cast", "player": "p1", "card": "rd", "targets": ["wolf"]}])
        out = engine.resolve(doc)
        [step] = [s for s in out["trace"] if s["message_id"] == "mtg.cannot_evaluate.keyword"]
        assert step["params"]["card"] == "wolf" and step["params"]["zone"] == "battlefield"
        assert _ids(out).index("mtg.cannot_evaluate.keyword") > _ids(out).index("mtg.move")

    def test_113_1a_an_ability_gained_from_an_effect_is_reported(self):
        doc = scenario([creature("c", "Bears", 2, 2)], effects=[
            {"id": "g", "do": "add_ability", "affected": ["c"], "abilities": [{"kind": "unsupported", "text": self.TEXT}]}])
        out = engine.resolve(doc)
        [step] = [s for s in out["trace"] if s["message_id"] == "mtg.cannot_evaluate.ability"]
        assert step["params"]["card"] == "c" and out["result"]["complete"] is False


class CascadeTests:
    def test_702_85a_the_decisions_of_a_countered_cascade_spell_are_kept(self):
        # Bloodbraid Elf is cast with "don't cast what cascade finds" and countered before its
        # cascade trigger resolves: the decision still applies (it used to be lost: Divination was cast).
        out = engine.resolve(_golden("faq-cascade-countering-spell-not-trigger"))
        ids = _ids(out)
        assert "mtg.cascade.declined" in ids
        assert not [s for s in out["trace"] if s["message_id"] == "mtg.cast" and s["params"]["card"] == "sorc"]
        assert next(o for o in out["result"]["objects"] if o["id"] == "sorc")["zone"] == "library"

    def test_702_85a_the_cast_actions_cascade_decision_is_used_or_the_card_is_cast(self):
        doc = copy.deepcopy(_golden("faq-cascade-countering-spell-not-trigger"))
        doc["actions"] = [{"type": "cast", "player": "p1", "card": "bbe", "cascade": [{"cast": False}]}]
        out = engine.resolve(doc)
        assert "mtg.cascade.declined" in _ids(out)
        doc["actions"][0]["cascade"] = []
        assert "mtg.cascade.declined" not in _ids(engine.resolve(doc))
