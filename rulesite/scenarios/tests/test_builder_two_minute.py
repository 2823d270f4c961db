"""Server-side defaults that make the two-minute boards short (issue 16): a "Then" step's blank
player, the library cards' row values and homes in the catalogues, owned rows named after their
card, and the Force of Will step that starts as a play. JavaScript only fills the same in early;
these are what a board posted without it gets."""

from __future__ import annotations

from django.http import QueryDict
from django.test import TestCase

from rulesite.scenarios.builders import common, fow, forms as game_forms, mtg
from rulesite.scenarios.builders import fow_library, ygo_library
from rulesite.scenarios.builder_views import _board


def posted(data: dict[str, str]) -> QueryDict:
    """Return ``data`` as a browser posts it (a QueryDict; a picker's values as a list)."""
    query = QueryDict(mutable=True)
    for key, value in data.items():
        query.setlist(key, [value])
    return query


def mtg_post(**changes: str) -> dict[str, str]:
    """Lightning Bolt (p1), Grizzly Bears and Giant Growth (p2); Bolt cast at the Bears, a pass,
    Giant Growth cast: every player left blank."""
    data = {
        "setup-active": "p1",
        "cards-TOTAL_FORMS": "3", "cards-INITIAL_FORMS": "0",
        "cards-0-name": "Lightning Bolt", "cards-0-owner": "p1", "cards-0-zone": "hand",
        "cards-1-name": "Grizzly Bears", "cards-1-owner": "p2", "cards-1-zone": "battlefield",
        "cards-2-name": "Giant Growth", "cards-2-owner": "p2", "cards-2-zone": "hand",
        "after-TOTAL_FORMS": "3", "after-INITIAL_FORMS": "0",
        "after-0-type": "cast", "after-0-card": "c1", "after-0-targets": "c2",
        "after-1-type": "pass",
        "after-2-type": "cast", "after-2-card": "c3", "after-2-targets": "c2",
    }
    data.update(changes)
    return data


class StepPlayerTests(TestCase):
    def test_a_cast_is_by_the_cards_controller_and_a_pass_by_who_holds_priority(self) -> None:
        filled = common.default_step_players(mtg_post())
        # p1 casts Bolt and keeps priority (CR 117.3c), so p1 passes; Giant Growth is p2's.
        self.assertEqual([filled[f"after-{i}-player"] for i in range(3)], ["p1", "p1", "p2"])

    def test_the_controller_wins_over_the_owner_and_a_picked_player_is_kept(self) -> None:
        filled = common.default_step_players(mtg_post(**{"cards-2-controller": "p1", "after-0-player": "p2"}))
        # The player picked for the first cast keeps priority and so passes; p1 controls Giant Growth.
        self.assertEqual([filled[f"after-{i}-player"] for i in range(3)], ["p2", "p2", "p1"])

    def test_in_force_of_will_the_opponent_holds_priority_after_a_play(self) -> None:
        data = mtg_post(**{"after-1-type": "play", "after-1-card": "c3", "after-2-type": "pass"})
        data.update({"after-TOTAL_FORMS": "4", "after-3-type": "pass"})
        filled = common.default_step_players(data, actor_keeps_priority=False)
        # p1 plays, p2 plays (FoW 6.4: the opponent receives priority), then p1 and p2 pass.
        self.assertEqual([filled[f"after-{i}-player"] for i in range(4)], ["p1", "p2", "p1", "p2"])

    def test_a_step_whose_card_is_no_card_row_keeps_its_error(self) -> None:
        data = mtg_post(**{"after-0-card": "zz"})
        self.assertNotIn("after-0-player", common.default_step_players(data))
        board = _board("mtg", data=posted(data))
        self.assertFalse(board.is_valid())
        self.assertIn("Pick who casts.", str(board.formset("after").forms[0].errors))

    def test_the_defaults_make_the_posted_steps_valid(self) -> None:
        steps = _board("mtg", data=posted(mtg_post())).formset("after")
        self.assertTrue(steps.is_valid(), steps.errors)
        self.assertEqual([(f.cleaned_data["type"], f.cleaned_data["player"]) for f in steps.forms],
                         [("cast", "p1"), ("pass", "p1"), ("cast", "p2")])


class CatalogueTests(TestCase):
    def test_a_library_card_has_a_home_when_it_never_starts_on_the_battlefield(self) -> None:
        homes = {card["name"]: card["home"] for card in mtg.catalogue_with_rows()}
        self.assertEqual(homes["Lightning Bolt"], {"zone": "hand"})
        self.assertEqual(homes["Grizzly Bears"], {})
        fow_homes = {card["name"]: card["home"] for card in fow_library.catalogue()}
        self.assertEqual(fow_homes["Stoning to Death"], {"zone": "hand"})
        self.assertEqual(fow_homes["Fire Magic Stone"], {"zone": "stone_area"})
        self.assertEqual(fow_homes["Sleeping Rat"], {})
        ygo = {card["name"]: card for card in ygo_library.catalogue()}
        self.assertEqual(ygo["Monster Reborn"]["home"], {"zone": "hand"})
        self.assertEqual(ygo["Solemn Judgment"]["home"], {"zone": "spell_trap_zone", "position": "face-down"})
        self.assertEqual(ygo["Sangan"]["home"], {})

    def test_a_ygo_card_gives_its_row_boxes_and_every_name(self) -> None:
        sangan = next(card for card in ygo_library.catalogue() if card["name"] == "Sangan")
        self.assertEqual({k: sangan["fields"][k] for k in ("kind", "level", "atk", "defense", "attribute")},
                         {"kind": "monster", "level": "3", "atk": "1000", "defense": "600", "attribute": "DARK"})
        self.assertIn('"trigger": "sent_from_field"', sangan["fields"]["extra"])
        solemn = next(card for card in ygo_library.catalogue() if card["name"] == "Solemn Judgment")
        self.assertIn("神之宣告", solemn["names"])


class OwnerLabelTests(TestCase):
    def test_an_owned_row_is_named_after_its_card(self) -> None:
        rows = {"cards": [{"id": "c1", "name": "Lightning Bolt"}], "abilities": [{"owner": "c1", "kind": "spell"}],
                "targets": [{"owner": "c1#0"}]}
        choices, _paths = game_forms.owner_choices(mtg.SPEC, rows)
        labels = [label for _value, label in choices["targets"]]
        self.assertIn("c1#0 · Lightning Bolt · spell", labels)


class FowStepTests(TestCase):
    def test_a_new_step_starts_as_a_play_then_a_pass(self) -> None:
        switch = next(spec for spec in fow.ACTIONS_SECTION.fields if spec.name == fow.ACTIONS_SECTION.switch)
        self.assertEqual(switch.choices[:2], ("play", "pass"))


class AmountChoiceTests(TestCase):
    def test_a_magic_amount_offers_equal_to_its_mana_value_as_a_choice(self) -> None:
        html = self.client.get("/scenarios/new/mtg/").content.decode()
        self.assertIn('<datalist id="amount-choices"><option value="mana_value_of_affected">Equal to its mana value', html)
        self.assertIn('list="amount-choices"', html)
