"""The card library (engine/core/cards.py, fixtures/cards/<game>/): every file is a valid card,
and every card, put into a scenario of its game, validates."""

from __future__ import annotations

import pytest

import engine
from engine.core.cards import CardFileError, LIBRARY, library, parse_card, slug_of

GAMES = ("fow", "mtg", "ygo")
FRAMES = {
    "ygo": {"format": "1", "game": "ygo", "ruleset": "arcv", "options": {},
            "players": [{"id": "p1", "lp": 8000}, {"id": "p2", "lp": 8000}],
            "turn": {"active": "p1", "phase": "main1", "step": None}, "chain": [], "pending": [], "effects": [], "actions": []},
    "mtg": {"format": "1", "game": "mtg", "ruleset": "cr-2022-04-29", "options": {},
            "players": [{"id": "p1", "life": 20}, {"id": "p2", "life": 20}],
            "turn": {"active": "p1", "step": "main1"}, "chain": [], "pending": [], "effects": [], "actions": []},
    "fow": {"format": "1", "game": "fow", "ruleset": "wp-2.3", "options": {},
            "players": [{"id": "p1", "life": 4000}, {"id": "p2", "life": 4000}],
            "turn": {"active": "p1", "phase": "main", "step": "main", "number": 3}, "chain": [], "pending": [],
            "effects": [], "actions": []},
}
HOME = {"ygo": "hand", "mtg": "hand", "fow": "hand"}
FOW_HOME = {"magic_stone": "stone_area", "ruler": "ruler_area"}
"""Force of Will cards that never are in the hand (FoW 3.15) start where they belong."""


def home(card):
    """Return the zone a card of the library is put in to validate it."""
    return FOW_HOME.get(card.obj.get("type"), "hand") if card.game == "fow" else HOME[card.game]
CARDS = [card for game in GAMES for card in library(game)]

VALID = {"card": "1", "game": "toy", "names": {"en": "Giant Growth"}, "object": {"types": ["instant"]},
         "unevaluable": [], "summary": "A creature gets bigger until end of turn.", "source": ["own"]}


class CardFormatTests:
    def test_a_valid_card_parses(self):
        card = parse_card(VALID, "fixtures/cards/toy/giant-growth.json")
        assert card.name == "Giant Growth" and card.slug == "giant-growth"
        assert card.as_object("c1", "p1", "hand", tapped=True) == {
            "id": "c1", "name": "Giant Growth", "owner": "p1", "zone": "hand", "types": ["instant"], "tapped": True}
        assert parse_card(card.to_json(), "x/giant-growth.json") == card

    @pytest.mark.parametrize(("change", "message"), [
        ({"extra": 1}, "unknown key 'extra'"),
        ({"card": "2"}, 'card must be "1"'),
        ({"names": {"zh-Hans": "巨化"}}, "names.en"),
        ({"names": {"en": "Giant Growth", "zh-Hans": "巨化"}}, "needs name_sources.zh-Hans"),
        ({"names": {"en": "Giant Growth", "fr": "Croissance gigantesque"}}, "names.fr"),
        ({"object": {"id": "c1"}}, "object must not carry id"),
        ({"summary": " "}, "summary (our own words) is required"),
        ({"source": []}, "source is required"),
    ])
    def test_a_wrong_file_says_what_is_wrong(self, change, message):
        with pytest.raises(CardFileError, match=message.replace("(", r"\(").replace(")", r"\)")):
            parse_card({**VALID, **change}, "fixtures/cards/toy/giant-growth.json")

    def test_slugs_are_plain_ascii_words(self):
        assert slug_of("Mystical Space Typhoon") == "mystical-space-typhoon"
        assert slug_of("Jötun Grunt") == "jotun-grunt"


@pytest.mark.parametrize("game", GAMES)
def test_every_file_of_a_game_loads(game):
    assert len(library(game)) == len(list((LIBRARY / game).glob("*.json")))


@pytest.mark.parametrize("card", CARDS, ids=lambda c: f"{c.game}/{c.slug}")
def test_every_card_validates_in_a_scenario_of_its_game(card):
    scenario = {**FRAMES[card.game], "objects": [card.as_object("c1", "p1", home(card))]}
    assert engine.validate(scenario) == []


@pytest.mark.parametrize("card", CARDS, ids=lambda c: f"{c.game}/{c.slug}")
def test_every_card_says_what_it_cannot_evaluate_as_an_unsupported_ability(card):
    """Text the engine cannot evaluate is listed in our own words and is present in the object
    as an ability the engine reports when it meets it."""
    text = repr(card.obj)
    for sentence in card.unevaluable:
        assert sentence in text, f"{card.name}: {sentence!r} is not in the object's unsupported abilities"


def _texts(value):
    """Return every ``text`` string anywhere inside a card's object."""
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in ([v] if k == "text" and isinstance(v, str) else _texts(v))]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return []


@pytest.mark.parametrize("card", CARDS, ids=lambda c: f"{c.game}/{c.slug}")
def test_every_summary_is_short_and_says_more_than_an_ability(card):
    """A summary is our own sentence or two about the card, not one of its ability texts again."""
    summary = card.summary.strip()
    assert summary and len(summary) < 300, card.name
    assert summary not in {text.strip() for text in _texts(dict(card.obj))} | set(card.unevaluable), card.name


def test_the_texts_of_an_object_are_found_wherever_they_are():
    obj = {"abilities": [{"kind": "spell", "text": "a", "effects": [{"do": "unsupported", "text": "b"}]},
                         {"kind": "keyword", "keyword": "flying"}]}
    assert _texts(obj) == ["a", "b"]
