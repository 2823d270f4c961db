"""The builders find imported cards after the library: a row named after one is filled with its
characteristics on submit, and its own text is shown beside the form for the judge."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from django.test import TestCase

from rulesite.cards.builder import fill_from_imported
from rulesite.cards.models import ImportedCard
from rulesite.cards.services import cards_import
from rulesite.cards.tests import files

MTG_SETUP = {"setup-ruleset": "cr-2022-04-29", "setup-active": "p1", "setup-step": "main1",
             "setup-p1_life": "20", "setup-p2_life": "20", "cards-INITIAL_FORMS": "0"}
YGO_SETUP = {"setup-ruleset": "arcv", "setup-active": "p1", "setup-phase": "main1", "setup-p1_lp": "8000",
             "setup-p2_lp": "8000", "cards-INITIAL_FORMS": "0", "chain-TOTAL_FORMS": "0", "chain-INITIAL_FORMS": "0",
             "after-TOTAL_FORMS": "0", "after-INITIAL_FORMS": "0"}


class ImportedCardBuilderTests(TestCase):
    @classmethod
    def setUpTestData(cls) -> None:
        folder = Path(tempfile.mkdtemp())
        cards_import(path=files.atomic_cards(folder), file_format="mtgjson")
        cards_import(path=files.cards_cdb(folder), file_format="ygopro-cdb")
        library = json.loads(json.dumps(files.ATOMIC))
        library["data"]["Madrush Cyclops"] = [{"name": "Madrush Cyclops", "layout": "normal", "manaCost": "{9}",
                                               "types": ["Artifact"], "text": "Made up."}]
        cards_import(path=files.atomic_cards(folder, library), file_format="mtgjson")

    def test_a_magic_row_named_in_chinese_is_filled_from_the_imported_card(self) -> None:
        data = {**MTG_SETUP, "cards-TOTAL_FORMS": "1", "cards-0-id": "w", "cards-0-name": "港灣靈",
                "cards-0-owner": "p1", "cards-0-zone": "battlefield", "download": "1"}
        obj = json.loads(self.client.post("/scenarios/new/mtg/", data).content)["objects"][0]
        self.assertEqual({k: obj.get(k) for k in ("name", "mana_cost", "colors", "types", "subtypes", "power", "toughness", "text")},
                         {"name": "港灣靈", "mana_cost": "{1}{U}", "colors": ["blue"], "types": ["creature"], "subtypes": ["Spirit"],
                          "power": 1, "toughness": 3, "text": "A made-up text: it flies."})
        self.assertNotIn("abilities", obj)

    def test_a_library_card_wins_over_an_imported_one(self) -> None:
        data = {**MTG_SETUP, "cards-TOTAL_FORMS": "1", "cards-0-name": "Madrush Cyclops", "cards-0-owner": "p1",
                "cards-0-zone": "battlefield"}
        self.assertIs(fill_from_imported("mtg", data), data)
        data["download"] = "1"
        obj = json.loads(self.client.post("/scenarios/new/mtg/", data).content)["objects"][0]
        self.assertNotEqual(obj["mana_cost"], "{9}")
        self.assertIn("abilities", obj)

    def test_a_row_that_types_its_characteristics_is_kept_as_typed(self) -> None:
        data = {"cards-TOTAL_FORMS": "1", "cards-0-name": "Harbor Wisp", "cards-0-power": "5"}
        self.assertIs(fill_from_imported("mtg", data), data)
        ygo = {"cards-TOTAL_FORMS": "1", "cards-0-name": "暗之学徒", "cards-0-kind": "monster", "cards-0-atk": "1"}
        self.assertIs(fill_from_imported("ygo", ygo), ygo)

    def test_a_yugioh_row_named_in_traditional_chinese_is_filled_and_resolves(self) -> None:
        data = {**YGO_SETUP, "cards-TOTAL_FORMS": "2",
                "cards-0-id": "a", "cards-0-name": "暗之學徒", "cards-0-owner": "p1", "cards-0-zone": "monster_zone",
                "cards-0-position": "attack", "cards-0-kind": "monster",
                "cards-1-id": "q", "cards-1-name": "疾风符", "cards-1-owner": "p1", "cards-1-zone": "hand", "cards-1-kind": "monster",
                "download": "1"}
        response = self.client.post("/scenarios/new/ygo/", data)
        self.assertEqual(response.status_code, 200, response.content[:2000])
        apprentice, charm = json.loads(response.content)["objects"]
        self.assertEqual({k: apprentice.get(k) for k in ("kind", "subtype", "level", "atk", "def", "attribute", "race", "tuner")},
                         {"kind": "monster", "subtype": "effect", "level": 3, "atk": 1200, "def": 800, "attribute": "DARK",
                          "race": "Spellcaster", "tuner": True})
        self.assertEqual((charm["kind"], charm["subtype"]), ("spell", "quick-play"))
        data.pop("download")
        stored = self.client.post("/scenarios/new/ygo/", data)
        self.assertEqual(stored.status_code, 302, stored.content[:3000])

    def test_the_cards_own_text_is_shown_beside_the_form(self) -> None:
        page = self.client.get("/scenarios/new/ygo/")
        self.assertContains(page, 'id="imported-texts" data-lookup="/cards/ygo/lookup.json"')
        self.assertContains(page, "js/imported_cards.js")
        data = {**YGO_SETUP, "cards-TOTAL_FORMS": "1", "cards-0-id": "a", "cards-0-name": "暗之學徒", "cards-0-owner": "p1",
                "cards-0-zone": "monster_zone", "cards-0-position": "attack", "cards-0-kind": "monster", "show_json": "1"}
        shown = self.client.post("/scenarios/new/ygo/", data).content.decode()
        self.assertIn('<details class="imported-text" open data-row="1">', shown)
        self.assertIn('<p class="card-text" lang="zh-Hans">虚构效果。</p>', shown)
        self.assertNotIn("imported-texts", self.client.get("/scenarios/new/fow/").content.decode())

    def test_the_lookup_endpoint_gives_the_panel_by_any_name(self) -> None:
        found = self.client.get("/cards/mtg/lookup.json", {"name": "harbor wisp"}).json()["card"]
        self.assertEqual((found["name"], found["text"], found["source"]), ("Harbor Wisp", "A made-up text: it flies.", "mtgjson"))
        chinese = self.client.get("/cards/mtg/lookup.json", {"name": "港湾灵"}, HTTP_ACCEPT_LANGUAGE="zh-hans").json()["card"]
        self.assertEqual((chinese["language"], chinese["text"]), ("zh-Hans", "虚构的文字。"))
        self.assertIsNone(self.client.get("/cards/mtg/lookup.json", {"name": "Madrush Cyclops"}).json()["card"])
        ygo = self.client.get("/cards/ygo/lookup.json", {"name": "暗之學徒"}).json()["card"]
        self.assertEqual((ygo["fields"]["level"], ygo["fields"]["defense"], ygo["fields"]["tuner"]), ("3", "800", "on"))
        self.assertIn("level", ygo["typed"])
        self.assertEqual(self.client.get("/cards/mtg/lookup.json", {"prefix": "harb"}).json()["names"], ["Harbor Wisp"])
        self.assertEqual(self.client.get("/cards/fow/lookup.json", {"name": "x"}).status_code, 404)
        pup = ImportedCard.objects.get(external_id="Morning Pup // Night Hound")
        self.assertEqual(self.client.get(pup.get_absolute_url()).json()["external_id"], "Morning Pup // Night Hound")
