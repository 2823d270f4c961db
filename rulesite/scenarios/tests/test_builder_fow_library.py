"""The Force of Will builder offers the card library (fixtures/cards/fow/) by name: the autocomplete
lists its cards, the catalogue endpoint serves them with the card row's boxes and ability rows, and
a card row that names one and types nothing of its own is stored with the library card's printed
information and every ability (its own, its J-ruler side's, its Awakening text's)."""

from __future__ import annotations

from typing import Any

from django.http import QueryDict
from django.test import TestCase

from engine.core.cards import library
from engine.fow import catalogue
from rulesite.scenarios.builders import common, fow, fow_library
from rulesite.scenarios.builders.forms import GameBoardForm

from .test_builder_abilities import board_errors, post_data

CARDS = library("fow")
FRAME = {"format": "1", "game": "fow", "ruleset": "wp-2.3", "options": {},
         "players": [{"id": "p1", "life": 4000}, {"id": "p2", "life": 4000}],
         "turn": {"active": "p1", "phase": "main", "step": "main", "number": 3}, "chain": [], "pending": [],
         "effects": [], "actions": []}


def library_scenario() -> dict[str, Any]:
    """A board holding every library card where its type belongs, with ids k0, k1 …"""
    return {**FRAME, "objects": [card.as_object(f"k{i}", "p1", catalogue.home(card)) for i, card in enumerate(CARDS)]}


def named_only(data: QueryDict) -> QueryDict:
    """Return ``data`` with each card row keeping only its id, name, owner and zone, and no owned rows:
    what a judge types who names the cards and nothing else."""
    kept = QueryDict(mutable=True)
    owned = {section.prefix for section in fow.SPEC.sections if section.owned}
    for key, values in data.lists():
        prefix, _, rest = key.partition("-")
        if prefix in owned:
            continue
        if prefix == "cards" and rest.split("-")[-1] not in ("id", "name", "owner", "zone", "TOTAL_FORMS", "INITIAL_FORMS"):
            continue
        kept.setlist(key, values)
    for prefix in owned:
        kept[f"{prefix}-TOTAL_FORMS"], kept[f"{prefix}-INITIAL_FORMS"] = "0", "0"
    return kept


class FowLibraryBuilderTests(TestCase):
    def test_the_autocomplete_and_the_catalogue_offer_every_library_card(self) -> None:
        page = self.client.get("/scenarios/new/fow/").content.decode()
        self.assertIn('data-catalogue="/scenarios/catalogue/fow.json"', page)
        self.assertIn("Magic Stone of Heat Ray", page)
        cards = self.client.get("/scenarios/catalogue/fow.json").json()["cards"]
        self.assertEqual(sorted(c["name"] for c in cards), sorted(c.name for c in CARDS))
        pandora = next(c for c in cards if c["name"] == "Pandora, Girl of the Box")
        self.assertEqual(pandora["fields"]["j_name"], "Pandora of Light")
        self.assertEqual([row["owner"] for row in pandora["rows"]["abilities"]], ["__card__", "__card__.j_ruler"])
        grail = next(c for c in cards if c["name"] == "Holy Grail")
        self.assertEqual(grail["unsupported"], list(next(c for c in CARDS if c.name == "Holy Grail").unevaluable))

    def test_a_named_card_row_is_stored_with_the_whole_library_card(self) -> None:
        scenario = library_scenario()
        full = post_data(fow.SPEC, common.scenario_to_initial(fow.SPEC, scenario))
        board = GameBoardForm(fow.SPEC, fow_library.fill_from_library(named_only(full)))
        self.assertTrue(board.is_valid(), board_errors(board))
        self.assertEqual(board.to_scenario()["objects"], scenario["objects"])

    def test_a_row_with_its_own_information_is_kept_as_typed(self) -> None:
        data = QueryDict(mutable=True)
        data.update({"cards-TOTAL_FORMS": "1", "cards-INITIAL_FORMS": "0", "cards-0-id": "x", "cards-0-name": "sleeping rat",
                     "cards-0-owner": "p1", "cards-0-zone": "field", "cards-0-type": "resonator", "cards-0-atk": "1000"})
        self.assertIs(fow_library.fill_from_library(data), data)
        filled = fow_library.fill_from_library(QueryDict("cards-TOTAL_FORMS=1&cards-0-name=Sleeping%20Rat&cards-0-zone=field"))
        self.assertEqual((filled["cards-0-id"], filled["cards-0-atk"], filled["cards-0-defense"]), ("c1", "300", "300"))
