"""Spells and abilities on the chase, the may-play list, and the zone-change and Judgment trigger
events (FoW 3.13, 7.5, 9.3, 9.6; issue 15)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import engine
from engine.fow.model import Card, ChaseItem
from engine.fow.targets import chase_item_ok
from engine.fow.triggers import zone_events

from .test_fow_audit import PASS, _board, _instant, _obj, _res


def _errors(doc):
    return {e["path"]: e["message"] for e in engine.validate(doc)}


def _game(reading="opponent"):
    return SimpleNamespace(options={"priority_after_judgment": reading})


SPELL = ChaseItem("card", "bolt", "p1", position=1)
ABILITY = ChaseItem("ability", "a", "p1", 0, position=1)
JUDGMENT = ChaseItem("judgment", "rp1", "p1", position=1)


class ChaseItemTests:
    """What a ``chase`` target's ``item`` names (FoW 3.13: every card on the chase is a spell)."""

    @pytest.mark.parametrize(("item", "spell", "ability"), [
        (None, True, True), ("spell", True, False), ("ability", False, True), ("spell_or_ability", True, True)])
    def test_3_13_item_names_spells_abilities_or_both(self, item, spell, ability):
        spec = {"zone": "chase"} if item is None else {"zone": "chase", "item": item}
        assert chase_item_ok(_game(), spec, SPELL) is spell
        assert chase_item_ok(_game(), spec, ABILITY) is ability

    @pytest.mark.parametrize("reading", ["opponent", "keep"])
    def test_7_5_judgment_is_never_a_spell(self, reading):
        assert not chase_item_ok(_game(reading), {"zone": "chase", "item": "spell"}, JUDGMENT)

    def test_7_5_judgment_is_an_ability_only_under_the_reading_opponent(self):
        spec = {"zone": "chase", "item": "ability"}
        assert chase_item_ok(_game("opponent"), spec, JUDGMENT)
        assert not chase_item_ok(_game("keep"), spec, JUDGMENT)

    def test_7_5_any_chase_item_takes_judgment_under_either_reading(self):
        assert chase_item_ok(_game("keep"), {"zone": "chase"}, JUDGMENT)

    def test_9_3_an_unknown_item_word_is_refused_at_its_path(self):
        cancel = _instant("cx", "p2", [{"do": "cancel", "target": 0}], [{"zone": "chase", "item": "spells"}])
        doc = _board([cancel], [])
        path = f"objects[{doc['objects'].index(cancel)}].abilities[0].targets[0].item"
        assert "spell" in _errors(doc)[path]


class MayPlayTests:
    """A card or ability whose targets cannot all be chosen is not offered (FoW 9.3)."""

    def _listing(self, objects):
        out = engine.resolve(_board(objects, []))
        return next(s for s in out["trace"] if s["message_id"] == "fow.priority"), out

    def test_9_3_a_spell_with_a_target_is_offered(self):
        step, out = self._listing([_res("x", "p2"), _instant("bolt", "p1", [{"do": "destroy", "target": 0}],
                                                             [{"types": ["resonator"]}])])
        assert step["params"]["may_play"] == ["bolt"]
        assert "fow.priority.no_target" not in [s["message_id"] for s in out["trace"]]

    def test_9_3_two_targets_need_two_different_cards(self):
        two = _instant("two", "p1", [{"do": "destroy", "target": 0}, {"do": "destroy", "target": 1}],
                       [{"types": ["resonator"]}, {"types": ["resonator"]}])
        step, out = self._listing([_res("x", "p2"), two])
        assert step["params"]["may_play"] == []
        why = next(s for s in out["trace"] if s["message_id"] == "fow.priority.no_target")
        assert why["params"] == {"player": "p1", "cards": ["two"]} and why["rule"]["number"] == "9.3"


class ZoneEventTests:
    """Which card events a move is (FoW 9.6)."""

    def _card(self, zone):
        return Card(id="c", name="c", owner="p1", controller="p1", zone=zone, type="resonator")

    @pytest.mark.parametrize(("zone", "to", "reason", "events"), [
        ("hand", "field", "search", ("enters_field",)),
        ("graveyard", "field", "replaced", ("enters_field",)),
        ("chase", "field", "resolved", ()),  # fired by the resolution once attached and awakened
        ("ruler_area", "field", "judgment", ()),  # fired once the J-ruler is turned (7.5)
        ("field", "graveyard", "destroy", ("to_graveyard_from_field",)),
        ("field", "graveyard", "banish", ("to_graveyard_from_field",)),
        ("field", "hand", "return_to_hand", ()),
        ("hand", "graveyard", "discard", ("discarded",)),
        ("main_deck", "graveyard", "search", ()),
        ("stone_area", "graveyard", "destroy", ()),
    ])
    def test_9_6_a_move_is_the_events_its_zones_and_reason_make(self, zone, to, reason, events):
        assert zone_events(self._card(zone), to, reason) == events

    def test_10_18_a_hand_limit_discard_triggers_a_discard_watcher(self):
        watcher = _res("w", "p2", abilities=[{"kind": "triggered", "effect": [{"do": "gain_life", "target": "you", "amount": 100}],
                                              "trigger": {"event": "discarded", "card": {"zone": "graveyard", "controller": "opponent"}}}])
        hand = [{"id": f"h{i}", "name": f"h{i}", "owner": "p1", "zone": "hand", "type": "resonator"} for i in range(8)]
        doc = _board([watcher, *hand], [*PASS, *PASS, {"type": "choose", "player": "p1", "choice": ["h0"]}],
                     phase="end", step="start")
        out = engine.resolve(doc)
        assert _obj(out, "h0")["zone"] == "graveyard"
        assert [s["params"]["card"] for s in out["trace"] if s["message_id"] == "fow.trigger.met"] == ["w"]
