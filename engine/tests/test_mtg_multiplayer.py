"""Magic with more than two players (issue 18): the document's frame (2 to 6 players, seats in
turn order, options not covered refused), two-player documents unchanged, and what the goldens
under fixtures/scenarios/mtg/ (three and four players) do not already pin down."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import engine
from engine.core.canonical import scenario_code
from engine.mtg.examples import creature, scenario

GOLDENS = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios"


def _golden(path: str) -> dict:
    return json.loads((GOLDENS / f"{path}.json").read_text(encoding="utf-8"))["scenario"]


def _errors(doc: dict) -> dict[str, str]:
    return {e["path"]: e["message"] for e in engine.validate(doc)}


def _seated(*ids: str, **extra) -> dict:
    doc = scenario([creature("ogre", "Ogre", 3, 3)], **extra)
    doc["players"] = [{"id": p, "life": 20} for p in ids]
    return doc


FOUR = "mtg/101-4-apnap-four-players-in-seat-order-the-last-players-trigger-resolves-first"


def test_three_to_six_players_are_valid_in_any_seat_order():
    for ids in (("p1", "p2", "p3"), ("p3", "p1", "p2", "p4"), ("p1", "p2", "p3", "p4", "p5", "p6")):
        assert _errors(_seated(*ids)) == {}


def test_seven_players_are_refused():
    errors = _errors(_seated("p1", "p2", "p3", "p4", "p5", "p6", "p1"))
    assert "2 to 6 players" in errors["players"] and "800.1" in errors["players"]


def test_the_players_must_be_p1_to_pn_each_once():
    assert "p1, p2, p3, each exactly once" in _errors(_seated("p1", "p2", "p4"))["players"]
    assert "p1, p2, p3, each exactly once" in _errors(_seated("p1", "p2", "p2"))["players"]
    assert "p1 and p2 exactly once" in _errors(_seated("p1"))["players"]


def test_a_player_id_not_seated_is_refused_at_its_path():
    doc = scenario([creature("ogre", "Ogre", 3, 3, owner="p3")])
    assert _errors(doc) == {"objects[0].owner": "p3 is not a player of this scenario (players: p1, p2)"}
    doc["players"].append({"id": "p3", "life": 20})
    assert _errors(doc) == {}


def test_multiplayer_options_not_covered_are_refused_not_ignored():
    doc = _seated("p1", "p2", "p3")
    doc["options"] = {"range_of_influence": 1, "attack_left": True, "teams": [["p1", "p2"]]}
    errors = _errors(doc)
    assert "limited range of influence option (CR 801) is not covered" in errors["options.range_of_influence"]
    assert "(CR 803) is not covered" in errors["options.attack_left"]
    assert "teams" in errors["options.teams"] and len(errors) == 3


def test_yugioh_and_force_of_will_stay_two_player():
    ygo = _golden(f"ygo/{sorted(p.stem for p in (GOLDENS / 'ygo').glob('*.json'))[0]}")
    ygo["players"].append({**ygo["players"][0], "id": "p3"})
    assert "only Magic scenarios may have more" in " ".join(e["message"] for e in engine.validate(ygo))
    fow = _golden("fow/1-3-both-players-lose-draw")
    fow["players"].append({**fow["players"][0], "id": "p3"})
    assert "exactly two players" in " ".join(e["message"] for e in engine.validate(fow))


def test_two_player_documents_keep_their_permalink_codes():
    # The code of this two-player golden as the engine before multiplayer (9d06274) computes it
    # for the document as it is now (its card text was reworded in issue 16, which changed the
    # code once): the document is not rewritten, so its code and its ruling stay.
    doc = _golden("mtg/603-3b-apnap-order")
    assert scenario_code(doc) == "dnzgphiyybz5"
    assert engine.validate(copy.deepcopy(doc)) == []


def test_the_seating_is_the_turn_order_of_priority():
    doc = _seated("p1", "p3", "p2")
    doc["objects"].append({"id": "bolt", "name": "Shock", "owner": "p1", "zone": "hand", "types": ["instant"],
                           "abilities": [{"kind": "spell", "targets": [{"player": True}],
                                          "effects": [{"do": "deal_damage", "amount": 2, "target": 0}]}]})
    doc["actions"] = [{"type": "cast", "player": "p1", "card": "bolt", "targets": ["p2"]}]
    out = engine.resolve(doc)
    passes = [s["params"]["player"] for s in out["trace"] if s["message_id"] == "mtg.priority.pass"]
    assert passes == ["p1", "p3", "p2"]


def test_a_pass_by_a_player_without_priority_is_illegal_in_a_multiplayer_game():
    doc = _seated("p1", "p2", "p3")
    doc["actions"] = [{"type": "pass", "player": "p3"}]
    out = engine.resolve(doc)
    assert any(s["message_id"] == "mtg.illegal.no_priority" and s["params"]["player"] == "p3" for s in out["trace"])


def test_the_winner_sentence_waits_for_the_last_player():
    out = engine.resolve(_golden("mtg/800-4-a-player-at-zero-life-leaves-and-the-game-goes-on"))
    assert out["result"]["winner"] is None
    assert not any(s["message_id"] == "mtg.end.game" for s in out["trace"])
    out = engine.resolve(_golden("mtg/104-2a-the-game-ends-only-when-one-player-remains"))
    assert [s["params"]["winner"] for s in out["trace"] if s["message_id"] == "mtg.end.game"] == ["p1"]


def test_a_player_who_left_cannot_be_targeted():
    doc = _golden("mtg/104-2a-the-game-ends-only-when-one-player-remains")
    doc["actions"][-1] = {"type": "cast", "player": "p1", "card": "bolt2", "targets": ["p3"]}
    out = engine.resolve(doc)
    assert any(s["message_id"] == "mtg.illegal.target" and s["params"]["target"] == "p3" for s in out["trace"])


def test_the_four_player_golden_lists_every_players_board():
    out = engine.resolve(_golden(FOUR))
    assert [p["id"] for p in out["result"]["players"]] == ["p1", "p3", "p2", "p4"]


def test_in_a_two_player_game_a_concession_ends_the_game_at_once():
    doc = scenario([creature("ogre", "Ogre", 3, 3)], [{"type": "concede", "player": "p2"}])
    out = engine.resolve(doc)
    assert out["result"]["winner"] == "p1"
    assert [s["rule"]["number"] for s in out["trace"] if s["message_id"] == "mtg.end.game"] == ["104.2a"]
    assert not any(s["message_id"] == "mtg.leave.player" for s in out["trace"])  # 800.4a is multiplayer only
