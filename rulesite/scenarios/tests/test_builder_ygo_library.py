"""The Yu-Gi-Oh! builder offers the card library (fixtures/cards/ygo/) by name: the autocomplete
lists its cards, the catalogue endpoint serves them, and a card row that names one and types
nothing of its own is stored with the library card's characteristics and effects."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from unittest import mock

from django.test import TestCase
from django.utils.html import escape

import engine
from engine.core import cards
from rulesite.scenarios.builders import ygo_library
from rulesite.scenarios.models import Scenario

URL = "/scenarios/new/ygo/"


def post(**rows: str) -> dict[str, str]:
    """Return a builder POST: p1's Main Phase 1, Pot of Greed in p1's hand, Solemn Judgment Set
    by p2, three Deck cards, p1 activating the Pot and p2 answering with Solemn Judgment."""
    data = {
        "setup-ruleset": "arcv", "setup-active": "p1", "setup-phase": "main1",
        "setup-p1_name": "Alice", "setup-p1_lp": "8000", "setup-p2_name": "Bob", "setup-p2_lp": "8000",
        "cards-TOTAL_FORMS": "5", "cards-INITIAL_FORMS": "0",
        "cards-0-id": "pot", "cards-0-name": "Pot of Greed", "cards-0-owner": "p1", "cards-0-zone": "hand",
        "cards-0-kind": "monster",
        "cards-1-id": "sj", "cards-1-name": "神之宣告", "cards-1-owner": "p2", "cards-1-zone": "spell_trap_zone",
        "cards-1-position": "face-down", "cards-1-kind": "monster",
        "chain-TOTAL_FORMS": "0", "chain-INITIAL_FORMS": "0",
        "after-TOTAL_FORMS": "2", "after-INITIAL_FORMS": "0",
        "after-0-type": "activate", "after-0-card": "pot",
        "after-1-type": "activate", "after-1-card": "sj", "after-1-effect": "negate_card",
    }
    for index in (2, 3, 4):
        data.update({f"cards-{index}-id": f"d{index}", f"cards-{index}-name": f"Deck card {index}", f"cards-{index}-owner": "p1",
                     f"cards-{index}-zone": "deck", f"cards-{index}-kind": "monster", f"cards-{index}-subtype": "normal"})
    data.update(rows)
    return data


class YgoLibraryBuilderTests(TestCase):
    def test_the_autocomplete_and_the_catalogue_offer_the_library_cards(self) -> None:
        html = self.client.get(URL).content.decode()
        for card in cards.library("ygo"):
            self.assertIn(f'<option value="{escape(card.name)}">', html)
        served = self.client.get("/scenarios/catalogue/ygo.json").json()["cards"]
        self.assertEqual([c["name"] for c in served], [c.name for c in cards.library("ygo")])
        jinzo = next(c for c in served if c["name"] == "Jinzo")
        self.assertEqual((jinzo["kind"], jinzo["level"], jinzo["atk"], jinzo["def"]), ("monster", 6, 2400, 1500))
        self.assertEqual(jinzo["unsupported"], list(cards.by_name("ygo")["jinzo"].unevaluable))

    def test_a_library_card_named_in_a_row_is_copied_whole_into_the_stored_scenario(self) -> None:
        response = self.client.post(URL, post())
        stored = Scenario.objects.get()
        self.assertRedirects(response, stored.get_absolute_url(), fetch_redirect_response=False)
        scenario = json.loads(stored.canonical)
        pot, judgment = scenario["objects"][:2]
        self.assertEqual(pot, {**cards.by_name("ygo")["pot of greed"].as_object("pot", "p1", "hand"), **pot})
        expected = cards.by_name("ygo")["solemn judgment"].as_object("sj", "p2", "spell_trap_zone", position="face-down")
        self.assertEqual({key: judgment.get(key) for key in expected if key != "name"},
                         {key: value for key, value in expected.items() if key != "name"})
        self.assertEqual(judgment["name"], "神之宣告")  # the name stays as typed
        before = engine.resolve(scenario)
        self.assertEqual([p["lp"] for p in before["result"]["players"]], [8000, 4000])
        self.assertFalse([s for s in before["trace"] if s["message_id"] == "ygo.move.draw"])
        with tempfile.TemporaryDirectory() as empty, mock.patch.object(cards, "LIBRARY", Path(empty)):
            cards.library.cache_clear()
            try:
                self.assertEqual(cards.library("ygo"), ())
                self.assertEqual(engine.resolve(scenario), before)  # the permalink holds the cards itself
            finally:
                cards.library.cache_clear()

    def test_a_row_that_types_its_own_characteristics_is_kept_as_typed(self) -> None:
        data = post(**{"cards-0-kind": "spell", "cards-0-subtype": "normal", "cards-0-effect_class": "card",
                       "cards-0-act-TOTAL_FORMS": "1", "cards-0-act-INITIAL_FORMS": "0",
                       "cards-0-act-0-do": "draw", "cards-0-act-0-amount": "1"})
        self.assertIs(ygo_library.fill_from_library({"cards-TOTAL_FORMS": "1", "cards-0-name": "Pot of Greed",
                                                     "cards-0-level": "4"}).get("cards-0-extra"), None)
        self.client.post(URL, data)
        pot = json.loads(Scenario.objects.get().canonical)["objects"][0]
        self.assertEqual(pot["effects"], [{"class": "card", "actions": [{"do": "draw", "amount": 1}]}])

    def test_a_name_the_library_does_not_know_is_left_alone(self) -> None:
        data = {"cards-TOTAL_FORMS": "1", "cards-0-name": "Alice's Attacker", "cards-0-kind": "monster"}
        self.assertIs(ygo_library.fill_from_library(data), data)
        self.assertIsNotNone(ygo_library.library_card("  mystical   space TYPHOON "))

    def test_this_card_becomes_the_rows_id_even_a_blank_one(self) -> None:
        data = {"cards-TOTAL_FORMS": "2", "cards-0-id": "", "cards-0-name": "Kuriboh", "cards-0-kind": "monster",
                "cards-1-id": "c1", "cards-1-name": "Dark Magician", "cards-1-kind": "monster"}
        filled = ygo_library.fill_from_library(data)
        self.assertEqual(filled["cards-0-id"], "c2")
        self.assertEqual(json.loads(filled["cards-0-extra"])["effects"][0]["cost"], [{"do": "discard", "card": "c2"}])
        self.assertEqual((filled["cards-1-subtype"], filled["cards-1-level"], filled["cards-1-defense"]), ("normal", "7", "2100"))
        self.assertNotIn("cards-1-extra", filled)
