"""The Yu-Gi-Oh! board-state builder: form ⇄ scenario conversion, the page, and errors."""

from __future__ import annotations

import json
import os
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from django.test import TestCase

import engine
from rulesite.scenarios import builder
from rulesite.scenarios.forms import BoardForm
from rulesite.scenarios.models import Scenario

URL = "/scenarios/new/ygo/"
GOLDEN = sorted(Path(__file__).resolve().parents[3].joinpath("fixtures", "scenarios", "ygo").glob("*.json"))


def rendered_sample(paths: list[Path]) -> list[Path]:
    """Return the golden files whose rendered form is round-tripped in ``make test``.

    Every file goes through the conversion functions; rendering a page per file takes
    minutes, so ``make test`` renders every fourth file (and every demo), and ``make fuzz``
    (``RULESITE_FULL_BUILDER_TESTS=true``) renders them all.
    """
    if os.environ.get("RULESITE_FULL_BUILDER_TESTS") == "true":
        return paths
    return [path for index, path in enumerate(paths) if index % 4 == 0 or path.stem.startswith("demo-")]


class BoardFormParser(HTMLParser):
    """Collect what a browser would submit from the page's ``.board-form``.

    Rows inside ``<template>`` are not submitted; checkboxes count only when checked; a
    select gives its selected options (the first option of a single select by default).
    """

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.data: list[tuple[str, str]] = []
        self.in_form = False
        self.template_depth = 0
        self.select: dict[str, Any] | None = None
        self.option: dict[str, Any] | None = None
        self.textarea: dict[str, Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "form" and "board-form" in a.get("class", ""):
            self.in_form = True
        if not self.in_form:
            return
        if tag == "template":
            self.template_depth += 1
        if self.template_depth:
            return
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            if kind not in ("submit", "button"):
                self.data.append((a["name"], a.get("value", "on" if kind == "checkbox" else "")))
        elif tag == "select":
            self.select = {"name": a.get("name"), "multiple": "multiple" in a, "options": []}
        elif tag == "option" and self.select is not None:
            self.option = {"value": a.get("value"), "selected": "selected" in a, "text": ""}
            self.select["options"].append(self.option)
        elif tag == "textarea":
            self.textarea = {"name": a.get("name"), "text": ""}

    def handle_data(self, data: str) -> None:
        if self.option is not None:
            self.option["text"] += data
        if self.textarea is not None:
            self.textarea["text"] += data

    def handle_endtag(self, tag: str) -> None:
        if not self.in_form:
            return
        if tag == "template":
            self.template_depth -= 1
        elif tag == "form" and not self.template_depth:
            self.in_form = False
        elif tag == "option":
            self.option = None
        elif tag == "select" and self.select is not None:
            options = self.select["options"]
            chosen = [o for o in options if o["selected"]]
            if not chosen and options and not self.select["multiple"]:
                chosen = options[:1]
            for option in chosen:
                value = option["value"] if option["value"] is not None else option["text"]
                self.data.append((self.select["name"], value))
            self.select = None
        elif tag == "textarea" and self.textarea is not None:
            # A browser drops the one newline that follows <textarea>; Python's parser keeps it.
            text = self.textarea["text"]
            self.data.append((self.textarea["name"], text[1:] if text.startswith("\n") else text))
            self.textarea = None


def form_data(html: str) -> dict[str, list[str]]:
    """Return the board form's submitted values, as ``{name: [values]}``."""
    parser = BoardFormParser()
    parser.feed(html)
    out: dict[str, list[str]] = {}
    for name, value in parser.data:
        out.setdefault(name, []).append(value)
    return out


def field_wrapper(html: str, field_id: str) -> str:
    """Return the markup of the marked-as-wrong field wrapper holding ``field_id`` ("" if none)."""
    for chunk in html.split('<div class="field ')[1:]:
        if f'id="{field_id}"' in chunk.split("</div>\n")[-1] or f'for="{field_id}"' in chunk:
            return chunk if "has-error" in chunk.split(">", 1)[0] else ""
    return ""


def mirror_force_post(**changes: Any) -> dict[str, Any]:
    """Return the POST of the Mirror Force + Trap Jammer board (docs/scenario-format.md §2.7)."""
    data: dict[str, Any] = {
        "setup-ruleset": "arcv", "setup-active": "p1", "setup-phase": "battle", "setup-step": "battle",
        "setup-p1_name": "Alice", "setup-p1_lp": "8000", "setup-p2_name": "Bob", "setup-p2_lp": "8000",
        "cards-TOTAL_FORMS": "4", "cards-INITIAL_FORMS": "0",
        "cards-0-id": "m1", "cards-0-name": "Dark Magician", "cards-0-owner": "p1", "cards-0-zone": "monster_zone",
        "cards-0-position": "attack", "cards-0-kind": "monster", "cards-0-subtype": "normal", "cards-0-level": "7",
        "cards-0-atk": "2500", "cards-0-defense": "2100",
        "cards-1-id": "t1", "cards-1-name": "Mirror Force", "cards-1-owner": "p2", "cards-1-zone": "spell_trap_zone",
        "cards-1-position": "face-down", "cards-1-kind": "trap", "cards-1-subtype": "normal", "cards-1-effect_class": "card",
        "cards-1-effect_text": "Every opposing monster in Attack Position is destroyed.",
        "cards-1-act-TOTAL_FORMS": "1", "cards-1-act-INITIAL_FORMS": "0",
        "cards-1-act-0-do": "destroy", "cards-1-act-0-targets": ["m1"],
        "cards-2-id": "t2", "cards-2-name": "Trap Jammer", "cards-2-owner": "p1", "cards-2-zone": "spell_trap_zone",
        "cards-2-position": "face-down", "cards-2-kind": "trap", "cards-2-subtype": "counter", "cards-2-effect_class": "card",
        "cards-2-act-TOTAL_FORMS": "1", "cards-2-act-INITIAL_FORMS": "0",
        "cards-2-act-0-do": "negate_activation", "cards-2-act-0-what": "trap_card", "cards-2-act-0-destroy": "on",
        # A spare row, left as the page shows it: ignored.
        "cards-3-id": "c1", "cards-3-owner": "p1", "cards-3-zone": "monster_zone", "cards-3-kind": "monster",
        "chain-TOTAL_FORMS": "2", "chain-INITIAL_FORMS": "0",
        "chain-0-card": "t1",
        "after-TOTAL_FORMS": "1", "after-INITIAL_FORMS": "0",
        "after-0-type": "activate", "after-0-card": "t2",
    }
    data.update(changes)
    return data


def engine_ready() -> bool:
    return engine.validate({"format": "1", "game": "ygo", "ruleset": "arcv"}) != [] and bool(
        __import__("engine.core.registry", fromlist=["is_implemented"]).is_implemented("ygo", "arcv")
    )


class BuilderPageTests(TestCase):
    def test_it_renders_every_field_with_a_label(self) -> None:
        response = self.client.get(URL)
        self.assertEqual(response.status_code, 200)
        html = response.content.decode()
        for field_id in ("id_setup-p1_lp", "id_cards-0-name", "id_cards-0-zone", "id_cards-0-act-0-do",
                         "id_cards-0-act-0-targets", "id_chain-0-card", "id_chain-0-targets", "id_after-0-type"):
            self.assertIn(f'<label for="{field_id}"', html)
        self.assertIn('value="8000"', html)
        self.assertIn("<template>", html)
        self.assertIn("cards-__prefix__-act-__act__-do", html)
        self.assertIn("data-parent-index=\"__prefix__\"", html)
        self.assertIn("js/builder.js", html)
        self.assertIn("css/builder.css", html)

    def test_it_has_no_inline_script(self) -> None:
        html = self.client.get(URL).content.decode()
        for attrs in re.findall(r"<script([^>]*)>", html):
            self.assertIn("src=", attrs)
        self.assertNotRegex(html, r"\son(click|change|input|load)=")

    def test_it_keeps_the_json_builder_for_every_game(self) -> None:
        for game in ("mtg", "fow"):
            response = self.client.get(f"/scenarios/new/{game}/?mode=json")
            self.assertContains(response, 'name="scenario"')
        self.assertContains(self.client.get(URL + "?mode=json"), 'name="scenario"')
        self.assertEqual(self.client.get("/scenarios/new/chess/").status_code, 404)

    def test_the_json_builder_refuses_a_key_given_twice_naming_its_path(self) -> None:
        text = '{"format": "1", "game": "mtg", "ruleset": "cr-2022-04-29", "ruleset": "cr-2020-06-01"}'
        response = self.client.post("/scenarios/new/mtg/?mode=json", {"scenario": text})
        self.assertContains(response, "more than once", status_code=400)
        self.assertContains(response, "ruleset", status_code=400)
        self.assertNotContains(response, "not valid JSON", status_code=400)
        self.assertEqual(Scenario.objects.count(), 0)


@pytest.mark.skipif(not GOLDEN, reason="no ygo golden files yet")
class BuilderResolveTests(TestCase):
    def test_it_stores_the_board_and_redirects_to_the_permalink(self) -> None:
        response = self.client.post(URL, mirror_force_post())
        self.assertEqual(response.status_code, 302, response.content.decode()[:3000])
        code = response["Location"].split("/")[-2]
        self.assertEqual(response["Location"], f"/r/{code}/")
        stored = Scenario.objects.get(code=code)
        document = json.loads(stored.canonical)
        self.assertEqual(document["chain"], [{"card": "t1"}])
        self.assertEqual(document["actions"], [{"type": "activate", "card": "t2"}])
        self.assertEqual(document["objects"][2]["effects"][0]["actions"],
                         [{"do": "negate_activation", "what": "trap_card", "destroy": True}])
        self.assertEqual(len(document["objects"]), 3)
        negations = [s for s in stored.trace if s["kind"] == "negate"]
        self.assertEqual([s["message_id"] for s in negations], ["ygo.negate.activation"])
        self.assertEqual(negations[0]["params"]["card"], "t1")
        dark_magician = next(o for o in stored.result["objects"] if o["id"] == "m1")
        self.assertEqual(dark_magician["zone"], "monster_zone")

    def test_the_same_post_twice_gives_the_same_code(self) -> None:
        first = self.client.post(URL, mirror_force_post())
        second = self.client.post(URL, mirror_force_post())
        self.assertEqual(first["Location"], second["Location"])
        self.assertEqual(Scenario.objects.count(), 1)

    def test_it_gives_blank_ids_c1_c2(self) -> None:
        data = mirror_force_post(**{"cards-0-id": "", "cards-1-act-0-targets": ["c1"], "cards-3-id": ""})
        response = self.client.post(URL, data)
        self.assertEqual(response.status_code, 302, response.content.decode()[:3000])
        document = json.loads(Scenario.objects.get().canonical)
        self.assertEqual([o["id"] for o in document["objects"]], ["c1", "t1", "t2"])

    def test_show_json_shows_the_document_without_storing_it(self) -> None:
        response = self.client.post(URL, mirror_force_post(show_json="1"))
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "&quot;negate_activation&quot;")
        self.assertEqual(Scenario.objects.count(), 0)
        download = self.client.post(URL, mirror_force_post(download="1"))
        self.assertEqual(json.loads(download.content)["chain"], [{"card": "t1"}])
        self.assertIn("attachment", download["Content-Disposition"])


class BuilderErrorTests(TestCase):
    def test_invalid_board_rerenders_with_errors_next_to_fields_and_values_kept(self) -> None:
        data = mirror_force_post(**{
            "setup-p1_lp": "-100",
            "chain-0-targets": ["zz9"],
            "chain-1-card": "nope",
            "cards-0-name": "Dark Magician of Chaos",
        })
        response = self.client.post(URL, data)
        self.assertEqual(response.status_code, 400)
        html = response.content.decode()
        self.assertIn('role="alert"', html)
        posted = form_data(html)
        self.assertEqual(posted["setup-p1_lp"], ["-100"])
        self.assertEqual(posted["chain-0-targets"], ["zz9"])
        self.assertEqual(posted["chain-1-card"], ["nope"])
        self.assertEqual(posted["cards-0-name"], ["Dark Magician of Chaos"])
        self.assertEqual(posted["cards-2-act-0-what"], ["trap_card"])
        self.assertEqual(posted["cards-1-effect_text"], ["Every opposing monster in Attack Position is destroyed."])
        # Each error sits in the field's own wrapper, with its label.
        for field_id, text in (("id_setup-p1_lp", "cannot be negative"),
                               ("id_chain-0-targets", "zz9"), ("id_chain-1-card", "nope")):
            self.assertIn(text, field_wrapper(html, field_id), field_id)
        self.assertEqual(Scenario.objects.count(), 0)

    @pytest.mark.skipif(not GOLDEN, reason="no ygo engine yet")
    def test_engine_errors_go_next_to_the_row_field(self) -> None:
        # The engine rejects a position for a card in the hand (objects[0].position) and a
        # "card" effect on a monster (objects[1].effects[0].class); the form cannot know.
        data = mirror_force_post(**{"cards-0-zone": "hand", "cards-1-kind": "monster", "cards-1-subtype": "effect"})
        response = self.client.post(URL, data)
        self.assertEqual(response.status_code, 400)
        html = response.content.decode()
        for field_id, text in (("id_cards-0-position", "a card in the hand has no position"),
                               ("id_cards-1-effect_class", "unknown effect class")):
            self.assertIn(text, field_wrapper(html, field_id), field_id)
        self.assertEqual(form_data(html)["cards-0-zone"], ["hand"])

    def test_zone_capacity_errors_are_shown_at_the_top(self) -> None:
        data = mirror_force_post(**{"cards-TOTAL_FORMS": "9"})
        for index in range(3, 9):
            data.update({f"cards-{index}-id": f"x{index}", f"cards-{index}-name": f"Token {index}", f"cards-{index}-owner": "p1",
                         f"cards-{index}-zone": "monster_zone", f"cards-{index}-position": "attack",
                         f"cards-{index}-kind": "monster", f"cards-{index}-subtype": "token"})
        response = self.client.post(URL, data)
        self.assertContains(response, "at most 5", status_code=400)
        self.assertEqual(form_data(response.content.decode())["cards-8-name"], ["Token 8"])

    def test_error_paths_map_to_rows_and_fields(self) -> None:
        self.assertEqual(builder.error_place("objects[2].zone"), builder.ErrorPlace("cards", 2, field="zone", key="zone"))
        self.assertEqual(builder.error_place("chain[1].targets[0]"), builder.ErrorPlace("chain", 1, field="targets", key="targets"))
        self.assertEqual(builder.error_place("players[1].lp"), builder.ErrorPlace("setup", field="p2_lp"))
        self.assertEqual(builder.error_place("objects[0].effects[0].actions[1].target").action, 1)
        self.assertEqual(builder.error_place("objects[0].effects[0].cost[0].amount").field, "cost_amount")
        self.assertEqual(builder.error_place("actions[0].card").section, "after")
        self.assertEqual(builder.error_place("").section, "")
        self.assertEqual(builder.error_place("pending").section, "")


@pytest.mark.skipif(not GOLDEN, reason="no ygo golden files yet")
class BuilderEscapingTests(TestCase):
    def test_markup_in_a_card_name_is_escaped_on_the_form_and_the_permalink(self) -> None:
        evil = "<script>alert(1)</script>"
        invalid = self.client.post(URL, mirror_force_post(**{"cards-0-name": evil, "setup-p2_lp": "-1"}))
        self.assertEqual(invalid.status_code, 400)
        self.assertNotContains(invalid, evil, status_code=400)
        self.assertContains(invalid, "&lt;script&gt;alert(1)&lt;/script&gt;", status_code=400)
        response = self.client.post(URL, mirror_force_post(**{"cards-0-name": evil}))
        self.assertEqual(response.status_code, 302)
        page = self.client.get(response["Location"])
        self.assertNotContains(page, evil)
        self.assertContains(page, "&lt;script&gt;alert(1)&lt;/script&gt;")
        copy = self.client.get(URL + "?from=" + response["Location"].split("/")[-2])
        self.assertNotContains(copy, evil)
        self.assertContains(copy, 'value="&lt;script&gt;alert(1)&lt;/script&gt;"')


class BuilderConversionTests(TestCase):
    def test_blank_ids_become_the_next_free_cn(self) -> None:
        self.assertEqual(builder.assign_card_ids(["", "c1", "", "c3", ""]), ["c2", "c1", "c4", "c3", "c5"])

    def test_a_row_keeps_what_it_has_no_field_for(self) -> None:
        obj = {"id": "x", "name": "Kuriboh", "owner": "p2", "zone": "hand", "kind": "monster", "future_key": {"a": 1},
               "set_this_turn": False,
               "effects": [{"class": "quick", "actions": [{"do": "destroy", "target": "x"}, {"do": "draw", "player": "self", "amount": 1}]}]}
        row = builder.card_to_form(obj)
        self.assertEqual(row["extra"], {"future_key": {"a": 1}, "set_this_turn": False})
        self.assertEqual(row["actions"][0]["targets"], ["x"])
        self.assertTrue(row["actions"][0]["single"])
        self.assertEqual(row["actions"][1]["amount"], "1")
        self.assertEqual(builder.card_to_json(row, "x"), obj)

    def test_a_card_with_two_effects_gets_the_first_in_fields_and_the_rest_as_json(self) -> None:
        obj = {"id": "a", "name": "A", "owner": "p1", "zone": "hand", "kind": "spell",
               "effects": [{"class": "card"}, {"class": "effect"}]}
        row = builder.card_to_form(obj)
        self.assertEqual(row["effect_class"], "card")
        self.assertEqual(row["more_effects"], [{"class": "effect"}])
        self.assertIsNone(row["extra"])
        self.assertEqual(builder.card_to_json(row, "a"), obj)

    def test_effects_the_fields_cannot_hold_stay_whole_in_extra(self) -> None:
        obj = {"id": "a", "name": "A", "owner": "p1", "zone": "hand", "kind": "spell",
               "effects": [{"class": "card", "cost": [{"do": "pay_lp", "amount": 1}, {"do": "pay_lp", "amount": 2}]}]}
        row = builder.card_to_form(obj)
        self.assertEqual(row["extra"], {"effects": obj["effects"]})
        self.assertEqual(builder.card_to_json(row, "a"), obj)

    @pytest.mark.skipif(not GOLDEN, reason="no ygo golden files yet")
    def test_golden_scenarios_survive_scenario_to_form_to_scenario(self) -> None:
        for path in GOLDEN:
            scenario = json.loads(path.read_text(encoding="utf-8"))["scenario"]
            with self.subTest(path.name):
                self.assertEqual(builder.initial_to_scenario(builder.scenario_to_initial(scenario)), scenario)

    @pytest.mark.skipif(not GOLDEN, reason="no ygo golden files yet")
    def test_golden_scenarios_survive_the_rendered_form_and_a_submit(self) -> None:
        for path in rendered_sample(GOLDEN):
            scenario = json.loads(path.read_text(encoding="utf-8"))["scenario"]
            with self.subTest(path.name):
                page = self.client.get(URL + "?demo=" + path.stem)
                self.assertEqual(page.status_code, 200)
                board = BoardForm(_querydict(form_data(page.content.decode())))
                self.assertTrue(board.is_valid(), _errors(board))
                self.assertEqual(board.to_scenario(), scenario)

    def test_unknown_demo_and_code_are_404(self) -> None:
        self.assertEqual(self.client.get(URL + "?demo=../../settings").status_code, 404)
        self.assertEqual(self.client.get(URL + "?from=nosuchcode").status_code, 404)


def _querydict(data: dict[str, list[str]]):
    from django.http import QueryDict

    query = QueryDict(mutable=True)
    for key, values in data.items():
        query.setlist(key, values)
    return query


def _errors(board: BoardForm) -> str:
    parts = [str(board.setup.errors)]
    for formset in (board.cards, board.chain, board.after):
        parts += [str(formset.non_form_errors())] + [f"{f.prefix}: {f.errors}" for f in formset.forms if f.errors]
        parts += [f"{a.prefix}: {a.errors}" for f in formset.forms if f.actions is not None and f.actions.is_bound for a in f.actions.forms if a.errors]
    return "\n".join(p for p in parts if p and p != "[]")


def lingering_post(**changes: Any) -> dict[str, Any]:
    """Return the POST of a board with a lingering ATK boost, a waiting trigger and an attack."""
    data: dict[str, Any] = {
        "setup-ruleset": "arcv", "setup-active": "p1", "setup-phase": "main2", "setup-number": "4",
        "setup-p1_lp": "8000", "setup-p2_lp": "8000",
        "cards-TOTAL_FORMS": "2", "cards-INITIAL_FORMS": "0",
        "cards-0-id": "a", "cards-0-name": "Attacker", "cards-0-owner": "p1", "cards-0-zone": "monster_zone",
        "cards-0-position": "attack", "cards-0-kind": "monster", "cards-0-subtype": "effect", "cards-0-level": "4",
        "cards-0-atk": "2500", "cards-0-defense": "1000", "cards-0-counters": "spell: 1",
        "cards-1-id": "q", "cards-1-name": "Boost", "cards-1-owner": "p1", "cards-1-zone": "graveyard",
        "cards-1-kind": "spell", "cards-1-subtype": "quick-play",
        "effects-TOTAL_FORMS": "1", "effects-INITIAL_FORMS": "0",
        "effects-0-source": "q", "effects-0-target": "a", "effects-0-stat": "atk", "effects-0-amount": "1000",
        "effects-0-until": "end_phase",
        "after-TOTAL_FORMS": "1", "after-INITIAL_FORMS": "0", "after-0-type": "end_phase",
    }
    data.update(changes)
    return data


@pytest.mark.skipif(not GOLDEN, reason="no ygo golden files yet")
class BuilderIssue3Tests(TestCase):
    def test_turn_number_lingering_effects_counters_and_end_phase_reach_the_document(self) -> None:
        response = self.client.post(URL, lingering_post())
        self.assertEqual(response.status_code, 302, response.content.decode()[:3000])
        document = json.loads(Scenario.objects.get().canonical)
        self.assertEqual(document["turn"]["number"], 4)
        self.assertEqual(document["effects"], [{"source": "q", "target": "a", "stat": "atk", "amount": 1000, "until": "end_phase"}])
        self.assertEqual(document["objects"][0]["counters"], {"spell": 1})
        self.assertEqual(document["actions"], [{"type": "end_phase"}])

    def test_attack_and_summon_rows_need_their_cards_and_show_only_their_fields(self) -> None:
        data = lingering_post(**{"after-TOTAL_FORMS": "2", "after-0-type": "attack", "after-1-type": "summon",
                                 "effects-0-amount": "", "cards-0-counters": "A=1"})
        response = self.client.post(URL, data)
        self.assertEqual(response.status_code, 400)
        html = response.content.decode()
        for field_id, text in (("id_after-0-attacker", "attacking monster"), ("id_after-1-card", "monster Summoned"),
                               ("id_effects-0-amount", "the value it is set to"), ("id_cards-0-counters", "name: number")):
            self.assertIn(text, field_wrapper(html, field_id), field_id)
        self.assertIn('data-show="attack_target attacker"', html)
        self.assertEqual(form_data(html)["cards-0-counters"], ["A=1"])

    def test_a_waiting_trigger_row_and_its_engine_error(self) -> None:
        data = lingering_post(**{"pending-TOTAL_FORMS": "1", "pending-INITIAL_FORMS": "0", "pending-0-card": "a",
                                 "pending-0-activate": "no", "pending-0-order": "0"})
        response = self.client.post(URL, data)
        # The attacker has no effects, so the engine rejects the trigger: next to its card.
        self.assertEqual(response.status_code, 400, response.content.decode()[:2000])
        html = response.content.decode()
        self.assertTrue(field_wrapper(html, "id_pending-0-card") or field_wrapper(html, "id_pending-0-effect"), html[:3000])
        self.assertEqual(form_data(html)["pending-0-activate"], ["no"])

    def test_demo_with_the_game_prefix_and_new_error_paths(self) -> None:
        self.assertEqual(self.client.get(URL + "?demo=ygo/" + GOLDEN[0].stem).status_code, 200)
        self.assertEqual(self.client.get(URL + "?demo=fow/" + GOLDEN[0].stem).status_code, 404)
        self.assertEqual(builder.error_place("pending[0].card"), builder.ErrorPlace("pending", 0, field="card", key="card"))
        self.assertEqual(builder.error_place("effects[1].stat").section, "effects")
        self.assertEqual(builder.error_place("turn.number"), builder.ErrorPlace("setup", field="number"))
        self.assertEqual(builder.error_place("options.trigger_order").field, "trigger_order")
        self.assertEqual(builder.error_place("actions[0].target").field, "attack_target")
