"""The Force of Will and Magic board forms (``/scenarios/new/fow/``, ``/scenarios/new/mtg/``):
spec-driven conversion, the rendered forms, errors next to fields, and the Magic catalogue."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any
from unittest import mock

from django.test import TestCase
from django.utils.html import escape

import engine
from engine.core import cards

from rulesite.scenarios.builders import common, fow, mtg
from rulesite.scenarios.builders.forms import GameBoardForm
from rulesite.scenarios.models import Scenario

from .test_builder import _querydict, field_wrapper, form_data, rendered_sample

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "scenarios"
SPECS = {"fow": fow.SPEC, "mtg": mtg.SPEC}


def golden(game: str) -> list[Path]:
    return sorted((FIXTURES / game).glob("*.json"))


def scenario_of(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))["scenario"]


class RoundTripTests(TestCase):
    def test_every_golden_file_survives_scenario_to_form_to_scenario(self) -> None:
        for game, spec in SPECS.items():
            for path in golden(game):
                scenario = scenario_of(path)
                with self.subTest(path.name):
                    self.assertEqual(common.initial_to_scenario(spec, common.scenario_to_initial(spec, scenario)), scenario)

    def test_every_golden_file_survives_the_rendered_form_and_a_submit(self) -> None:
        for game, spec in SPECS.items():
            for path in rendered_sample(golden(game)):
                with self.subTest(path.name):
                    page = self.client.get(f"/scenarios/new/{game}/?demo={game}/{path.stem}")
                    self.assertEqual(page.status_code, 200)
                    board = GameBoardForm(spec, _querydict(form_data(page.content.decode())))
                    self.assertTrue(board.is_valid(), _errors(board))
                    self.assertEqual(board.to_scenario(), scenario_of(path))

    def test_what_no_field_holds_is_kept_in_extra(self) -> None:
        doc = scenario_of(golden("fow")[0])
        doc["objects"][0]["future_key"] = [1, 2]
        doc["turn"]["mystery"] = True
        data = common.scenario_to_initial(fow.SPEC, doc)
        self.assertEqual(data["cards"][0]["extra"], {"future_key": [1, 2]})
        self.assertEqual(data["setup"]["extra"]["turn"], {"mystery": True})
        self.assertEqual(common.initial_to_scenario(fow.SPEC, data), doc)

    def test_a_word_the_form_does_not_list_yet_is_shown_and_kept(self) -> None:
        doc = scenario_of(golden("fow")[0])
        doc["actions"] = [{"type": "future_action", "player": "p1"}]
        doc["turn"]["phase"] = "future_phase"
        response = self.client.post("/scenarios/new/fow/?mode=json", {"scenario": json.dumps(doc), "to_form": "1"})
        html = response.content.decode()
        self.assertRegex(html, r'name="after-0-type"[^>]* value="future_action"')  # a shared choice: a text input until builder.js runs
        board = GameBoardForm(fow.SPEC, _querydict(form_data(html)))
        self.assertTrue(board.is_valid(), _errors(board))
        self.assertEqual(board.to_scenario(), doc)

    def test_an_empty_board_gives_a_minimal_document(self) -> None:
        doc = common.initial_to_scenario(mtg.SPEC, {"setup": {"ruleset": "cr-2022-04-29", "active": "p1", "step": "main1",
                                                               "p1_life": 20, "p2_life": 20}})
        self.assertEqual(doc["players"], [{"id": "p1", "life": 20}, {"id": "p2", "life": 20}])
        self.assertEqual(doc["objects"], [])
        self.assertEqual(doc["turn"], {"active": "p1", "step": "main1"})


class PageTests(TestCase):
    def test_each_form_has_labels_no_inline_script_and_the_start_box(self) -> None:
        for game in SPECS:
            html = self.client.get(f"/scenarios/new/{game}/").content.decode()
            for field_id in ("id_setup-p1_life", "id_cards-0-name", "id_cards-0-zone", "id_after-0-type"):
                self.assertIn(f'<label for="{field_id}"', html, game)
            self.assertNotRegex(html, r"<script(?![^>]*\ssrc=)")
            self.assertNotRegex(html, r"\son(click|change|input|load)=")
            self.assertIn("?demos=1", html)  # the long list of demos is on the page only when asked for
            self.assertIn('name="demo"', self.client.get(f"/scenarios/new/{game}/?demos=1").content.decode())
            self.assertIn("data-field-maps=", html)
        self.assertContains(self.client.get("/scenarios/new/mtg/"), '<datalist id="card-names">')
        self.assertContains(self.client.get("/scenarios/new/fow/"), "Default (Bifrost)")

    def test_demo_with_or_without_the_game_and_unknown_demos(self) -> None:
        stem = golden("fow")[0].stem
        self.assertEqual(self.client.get(f"/scenarios/new/fow/?demo={stem}").status_code, 200)
        self.assertEqual(self.client.get(f"/scenarios/new/fow/?demo=fow/{stem}").status_code, 200)
        self.assertEqual(self.client.get(f"/scenarios/new/fow/?demo=mtg/{golden('mtg')[0].stem}").status_code, 404)
        self.assertEqual(self.client.get("/scenarios/new/fow/?demo=../../settings").status_code, 404)
        self.assertEqual(self.client.get("/scenarios/new/ygo/?demo=ygo/" + golden("ygo")[0].stem).status_code, 200)

    def test_a_post_of_each_game_redirects_to_a_permalink_that_resolves_and_can_be_edited(self) -> None:
        for game in SPECS:
            path = golden(game)[0]
            page = self.client.get(f"/scenarios/new/{game}/?demo={game}/{path.stem}")
            response = self.client.post(f"/scenarios/new/{game}/", _querydict(form_data(page.content.decode())))
            self.assertEqual(response.status_code, 302, response.content.decode()[:2000])
            code = response["Location"].split("/")[-2]
            self.assertEqual(response["Location"], f"/r/{code}/")
            stored = Scenario.objects.get(code=code)
            self.assertEqual(json.loads(stored.canonical), scenario_of(path))
            self.assertTrue(stored.trace)
            copy = self.client.get(f"/scenarios/new/{game}/?from={code}")
            board = GameBoardForm(SPECS[game], _querydict(form_data(copy.content.decode())))
            self.assertTrue(board.is_valid(), _errors(board))
            self.assertEqual(board.to_scenario(), scenario_of(path))

    def test_show_and_download_json(self) -> None:
        page = self.client.get(f"/scenarios/new/mtg/?demo=mtg/{golden('mtg')[0].stem}")
        data = _querydict(form_data(page.content.decode()))
        data["download"] = "1"
        download = self.client.post("/scenarios/new/mtg/", data)
        self.assertEqual(json.loads(download.content), scenario_of(golden("mtg")[0]))
        del data["download"]
        data["show_json"] = "1"
        self.assertContains(self.client.post("/scenarios/new/mtg/", data), 'id="shown-scenario"')
        self.assertEqual(Scenario.objects.count(), 0)

    def test_pasted_json_opens_in_the_form(self) -> None:
        raw = json.dumps(scenario_of(golden("fow")[1]))
        response = self.client.post("/scenarios/new/fow/?mode=json", {"scenario": raw, "to_form": "1"})
        board = GameBoardForm(fow.SPEC, _querydict(form_data(response.content.decode())))
        self.assertTrue(board.is_valid(), _errors(board))
        self.assertEqual(board.to_scenario(), json.loads(raw))


def fow_post(**changes: Any) -> dict[str, Any]:
    """A small Force of Will board: a resonator attacks the opponent."""
    data: dict[str, Any] = {
        "setup-ruleset": "wp-2.3", "setup-active": "p1", "setup-phase": "main", "setup-step": "main", "setup-number": "3",
        "setup-p1_life": "4000", "setup-p2_life": "4000",
        "cards-TOTAL_FORMS": "2", "cards-INITIAL_FORMS": "0",
        "cards-0-id": "n", "cards-0-name": "Little Red", "cards-0-owner": "p1", "cards-0-zone": "field",
        "cards-0-type": "resonator", "cards-0-atk": "500", "cards-0-defense": "500", "cards-0-rested": "no",
        "cards-1-id": "c1", "cards-1-owner": "p1", "cards-1-zone": "field", "cards-1-type": "resonator",
        "after-TOTAL_FORMS": "2", "after-INITIAL_FORMS": "0",
        "after-0-type": "battle", "after-0-player": "p1",
        "after-1-type": "attack", "after-1-player": "p1", "after-1-attacker": "n", "after-1-target": "p2",
    }
    data.update(changes)
    return data


class ErrorTests(TestCase):
    def test_invalid_input_rerenders_with_errors_next_to_fields_and_values_kept(self) -> None:
        data = fow_post(**{"setup-p1_life": "lots", "setup-p1_will": "fire=1", "after-1-attacker": "",
                           "after-0-targets": ["zz"], "cards-0-name": "Little Red <b>"})
        response = self.client.post("/scenarios/new/fow/", data)
        self.assertEqual(response.status_code, 400)
        html = response.content.decode()
        self.assertIn('role="alert"', html)
        posted = form_data(html)
        self.assertEqual(posted["setup-p1_life"], ["lots"])
        self.assertEqual(posted["setup-p1_will"], ["fire=1"])
        self.assertEqual(posted["after-0-targets"], ["zz"])
        self.assertEqual(posted["cards-0-name"], ["Little Red <b>"])
        for field_id, text in (("id_setup-p1_life", "whole number"), ("id_setup-p1_will", "name: number"),
                               ("id_after-1-attacker", "Pick the attacker"), ("id_after-0-targets", "zz")):
            self.assertIn(text, field_wrapper(html, field_id), field_id)
        self.assertNotIn("Little Red <b>", html)
        self.assertEqual(Scenario.objects.count(), 0)

    def test_engine_errors_go_next_to_the_row_field(self) -> None:
        # A spell on the field is an impossible board: only the engine knows (objects[0].zone).
        response = self.client.post("/scenarios/new/fow/", fow_post(**{"cards-0-type": "spell", "cards-0-subtype": "chant"}))
        self.assertEqual(response.status_code, 400)
        html = response.content.decode()
        self.assertIn("cannot be in the field", field_wrapper(html, "id_cards-0-zone"))
        self.assertEqual(form_data(html)["cards-0-type"], ["spell"])

    def test_magic_invalid_post_keeps_values_and_marks_fields(self) -> None:
        data = {
            "setup-ruleset": "cr-2022-04-29", "setup-active": "p1", "setup-step": "main1",
            "setup-p1_life": "20", "setup-p2_life": "20",
            "cards-TOTAL_FORMS": "1", "cards-INITIAL_FORMS": "0",
            "cards-0-id": "o", "cards-0-name": "<script>x</script>", "cards-0-owner": "p1", "cards-0-zone": "battlefield",
            "cards-0-types": "creature", "cards-0-power": "two", "cards-0-counters": "+1/+1 2",
            "after-TOTAL_FORMS": "1", "after-INITIAL_FORMS": "0", "after-0-type": "declare_blockers", "after-0-blockers": "o",
        }
        response = self.client.post("/scenarios/new/mtg/", data)
        self.assertEqual(response.status_code, 400)
        html = response.content.decode()
        self.assertNotIn("<script>x</script>", html)
        self.assertIn('value="&lt;script&gt;x&lt;/script&gt;"', html)
        for field_id in ("id_cards-0-power", "id_cards-0-counters", "id_after-0-blockers"):
            self.assertTrue(field_wrapper(html, field_id), field_id)
        self.assertEqual(form_data(html)["cards-0-counters"], ["+1/+1 2"])

    def test_a_key_in_other_fields_that_a_field_gives_is_a_form_error_on_the_box(self) -> None:
        data = {
            "setup-ruleset": "cr-2022-04-29", "setup-active": "p1", "setup-step": "main1",
            "setup-p1_life": "20", "setup-p2_life": "20",
            "cards-TOTAL_FORMS": "1", "cards-INITIAL_FORMS": "0",
            "cards-0-id": "o", "cards-0-name": "Ogre", "cards-0-owner": "p1", "cards-0-zone": "battlefield",
            "cards-0-types": "creature", "cards-0-power": "2", "cards-0-toughness": "2",
            "cards-0-extra": '{"power": 9, "future": 1}',
            "after-TOTAL_FORMS": "0", "after-INITIAL_FORMS": "0",
        }
        response = self.client.post("/scenarios/new/mtg/", data)
        self.assertEqual(response.status_code, 400)
        wrapper = field_wrapper(response.content.decode(), "id_cards-0-extra")
        self.assertIn("“power”", wrapper)
        self.assertNotIn("“future”", wrapper)

    def test_error_paths_map_to_rows_and_fields(self) -> None:
        place = common.error_place
        self.assertEqual(place(fow.SPEC, "objects[2].zone"), common.ErrorPlace("cards", 2, field="zone", key="zone"))
        self.assertEqual(place(fow.SPEC, "objects[0].def"), common.ErrorPlace("cards", 0, field="defense", key="def"))
        self.assertEqual(place(fow.SPEC, "objects[0].abilities[1].cost"), common.ErrorPlace("cards", 0, key="abilities"))
        self.assertEqual(place(fow.SPEC, "players[1].life"), common.ErrorPlace("setup", field="p2_life", key="life"))
        self.assertEqual(place(fow.SPEC, "options.variant").field, "opt_variant")
        self.assertEqual(place(fow.SPEC, "turn.phase").field, "phase")
        self.assertEqual(place(fow.SPEC, "turn.nonsense").field, "extra")
        self.assertEqual(place(mtg.SPEC, "actions[3].blockers[0]"), common.ErrorPlace("after", 3, field="blockers", key="blockers"))
        self.assertEqual(place(mtg.SPEC, "chain[0]"), common.ErrorPlace("chain", 0))
        self.assertEqual(place(mtg.SPEC, "").section, "")


class CatalogueTests(TestCase):
    def test_the_endpoint_lists_catalogue_cards_with_characteristics(self) -> None:
        response = self.client.get("/scenarios/catalogue/mtg.json")
        self.assertEqual(response.status_code, 200)
        cards = response.json()["cards"]
        sphinx = next(card for card in cards if card["name"] == "Enigma Sphinx")
        self.assertIn("types", sphinx)
        self.assertNotIn("faq", sphinx)
        fow_names = [card["name"] for card in self.client.get("/scenarios/catalogue/fow.json").json()["cards"]]
        self.assertIn("Stoning to Death", fow_names)  # the Force of Will library (test_builder_fow_library.py)
        self.assertEqual(self.client.get("/scenarios/catalogue/chess.json").status_code, 404)

    def test_a_catalogue_name_fills_in_the_characteristics_on_submit(self) -> None:
        data = {
            "setup-ruleset": "cr-2022-04-29", "setup-active": "p1", "setup-step": "main1",
            "setup-p1_life": "20", "setup-p2_life": "20",
            "cards-TOTAL_FORMS": "1", "cards-INITIAL_FORMS": "0",
            "cards-0-id": "ogre", "cards-0-name": "madrush cyclops", "cards-0-owner": "p1", "cards-0-zone": "battlefield",
            "download": "1",
        }
        document = json.loads(self.client.post("/scenarios/new/mtg/", data).content)
        card = mtg.catalogue_card("Madrush Cyclops")
        self.assertIsNotNone(card)
        obj = document["objects"][0]
        for key in ("mana_cost", "types", "power", "toughness", "abilities"):
            self.assertEqual(obj.get(key), card.get(key), key)
        self.assertEqual(obj["name"], "madrush cyclops")  # the name stays as typed

    def test_a_library_card_is_copied_whole_into_the_stored_scenario(self) -> None:
        """A card named in the builder is copied from the card library (fixtures/cards/mtg/)
        into the scenario: the permalink holds every characteristic and ability itself, so it
        resolves the same when the library is edited or gone."""
        data = {
            "setup-ruleset": "cr-2022-04-29", "setup-active": "p1", "setup-step": "main1",
            "setup-p1_life": "20", "setup-p2_life": "20", "cards-TOTAL_FORMS": "2", "cards-INITIAL_FORMS": "0",
            "cards-0-id": "pulse", "cards-0-name": "Maelstrom Pulse", "cards-0-owner": "p1", "cards-0-zone": "hand",
            "cards-1-id": "nexus", "cards-1-name": "Maelstrom Nexus", "cards-1-owner": "p2", "cards-1-zone": "battlefield",
        }
        response = self.client.post("/scenarios/new/mtg/", data)
        stored = Scenario.objects.get()
        self.assertRedirects(response, stored.get_absolute_url(), fetch_redirect_response=False)
        scenario = json.loads(stored.canonical)
        for obj, (oid, owner, zone) in zip(scenario["objects"], [("pulse", "p1", "hand"), ("nexus", "p2", "battlefield")]):
            expected = cards.by_name("mtg")[obj["name"].casefold()].as_object(oid, owner, zone)
            self.assertEqual({key: obj.get(key) for key in expected}, expected)
            self.assertFalse(set(obj) - set(expected) - {"controller", "tapped", "counters", "timestamp"}, obj)
        scenario["objects"].append({"id": "bear", "name": "Bear", "owner": "p2", "zone": "battlefield", "types": ["creature"],
                                    "power": 2, "toughness": 2})
        scenario["actions"] = [{"type": "cast", "player": "p1", "card": "pulse", "targets": ["bear"]}]
        before = engine.resolve(scenario)
        said = [step["params"].get("text") for step in before["trace"] if step["message_id"].startswith("mtg.cannot_evaluate")]
        self.assertTrue({*cards.by_name("mtg")["maelstrom nexus"].unevaluable} <= {*said}, said)
        with tempfile.TemporaryDirectory() as empty, mock.patch.object(cards, "LIBRARY", Path(empty)):
            cards.library.cache_clear()
            try:
                self.assertEqual(cards.library("mtg"), ())
                self.assertEqual(engine.resolve(scenario), before)
            finally:
                cards.library.cache_clear()

    def test_the_autocomplete_offers_only_names_the_catalogue_fills(self) -> None:
        # A name met only in stored rulings would be suggested and then fill nothing: a judge
        # choosing it would resolve a blank card without a word (issue 14 trial).
        page = self.client.get(f"/scenarios/new/mtg/?demo=mtg/{golden('mtg')[0].stem}")
        self.client.post("/scenarios/new/mtg/", _querydict(form_data(page.content.decode())))
        names = mtg.card_names()
        self.assertIn("Enigma Sphinx", names)
        catalogue = {card["name"] for card in mtg._catalogue()}
        self.assertEqual(set(names), catalogue)
        stored_only = {obj["name"] for obj in scenario_of(golden("mtg")[0])["objects"]} - catalogue
        html = self.client.get("/scenarios/new/mtg/").content.decode()
        for name in stored_only:
            self.assertNotIn(f'<option value="{escape(name)}">', html)

def _errors(board: GameBoardForm) -> str:
    parts = [str(board.setup.errors)]
    for _section, formset in board.sections:
        parts += [str(formset.non_form_errors())] + [f"{f.prefix}: {f.errors}" for f in formset.forms if f.errors]
    return "\n".join(p for p in parts if p and p != "[]")


class OversizedPostTests(TestCase):
    def test_a_huge_row_count_is_refused_at_once(self) -> None:
        response = self.client.post("/scenarios/new/ygo/", {"cards-TOTAL_FORMS": "100000", "cards-INITIAL_FORMS": "0"})
        self.assertEqual(response.status_code, 400)
        self.assertContains(response, "cards-TOTAL_FORMS asks for 100000 rows", status_code=400)

    def test_a_body_over_the_request_limit_gets_a_message_not_an_error_page(self) -> None:
        response = self.client.post("/scenarios/new/mtg/?mode=json", {"scenario": "x" * 4_100_000})
        self.assertEqual(response.status_code, 400)
        self.assertContains(response, "more than any scenario can be", status_code=400)

    def test_nan_in_the_json_builder_is_an_error_at_its_field_not_an_error_page(self) -> None:
        raw = json.dumps(scenario_of(golden("mtg")[0])).replace('"life": 20', '"life": NaN', 1)
        self.assertIn("NaN", raw)
        response = self.client.post("/scenarios/new/mtg/?mode=json", {"scenario": raw})
        self.assertEqual(response.status_code, 400)
        self.assertContains(response, "players[0].life", status_code=400)
        self.assertContains(response, "NaN, Infinity", status_code=400)

    def test_a_chinese_scenario_under_1_mb_fits_through_the_json_builder(self) -> None:
        doc = scenario_of(golden("mtg")[0])
        doc.setdefault("options", {})["note"] = "連鎖" * 100_000  # 600 KB of UTF-8, 1.8 MB form-encoded
        response = self.client.post("/scenarios/new/mtg/?mode=json", {"scenario": json.dumps(doc, ensure_ascii=False)})
        self.assertNotContains(response, "more than any scenario can be", status_code=response.status_code)


class UsedCardNameTests(TestCase):
    def test_the_builders_without_a_catalogue_fill_suggest_the_names_of_cards_used_before(self) -> None:
        # Magic suggests only what its catalogue fills (RoundTripTests above).
        from rulesite.scenarios.services import scenario_create

        for game in ("ygo", "fow"):
            scenario = scenario_of(golden(game)[0])
            scenario_create(scenario=scenario)
            name = next(obj["name"] for obj in scenario["objects"] if obj.get("name"))
            page = self.client.get(f"/scenarios/new/{game}/")
            self.assertContains(page, '<datalist id="card-names">')
            self.assertContains(page, f'<option value="{escape(name)}">')
            self.assertContains(page, 'list="card-names"')
