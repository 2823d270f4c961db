"""Force of Will: the board at every step, the deadline, choices answered with a value that is
not an option, and card text the engine cannot read reported whenever it becomes relevant."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import engine
from engine.core import board
from engine.core.deadline import DeadlineExceeded, deadline
from engine.fow import continuous as cont
from engine.fow import scenario as fmt

from .test_fow_audit import PASS, _board, _instant, _res

FOW = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "fow"
GOLDENS = sorted(FOW.glob("*.json"))


def _golden(name):
    return json.loads((FOW / f"{name}.json").read_text(encoding="utf-8"))["scenario"]


def _boards(out):
    """Return (step, board after it) for every step of the main trace."""
    return list(zip(out["trace"], board.boards(out["board"], out["trace"])))


def _after(out, message_id, nth=0, **params):
    """Return the board after the ``nth`` step with ``message_id`` (and ``params``)."""
    found = [b for s, b in _boards(out) if s["message_id"] == message_id
             and all(s["params"].get(k) == v for k, v in params.items())]
    return found[nth]


def _disagreements(out):
    """Return where the board after the last step differs from ``result``."""
    final = board.boards(out["board"], out["trace"])[-1] if out["trace"] else out["board"]
    result = out["result"]
    problems = []
    objects = {o["id"]: o for o in result["objects"]}
    if set(objects) != set(final["objects"]):
        problems.append(f"objects {sorted(set(objects) ^ set(final['objects']))}")
    for cid, seen in final["objects"].items():
        expected = objects.get(cid, {})
        for key in ("zone", "controller", "rested", "damage", "attached_to", "counters", "atk", "def"):
            if seen.get(key) != expected.get(key):
                problems.append(f"{cid}.{key}: board {seen.get(key)!r}, result {expected.get(key)!r}")
    for player in result["players"]:
        seen = final["players"][player["id"]]
        if (seen["life"], seen["will"]) != (player["life"], player["will"]):
            problems.append(f"{player['id']}: board {seen}, result {player['life']} {player['will']}")
    turn = result["turn"]
    for key, value in (("phase", turn["phase"]), ("step", turn["step"]), ("priority", turn["priority"]),
                       ("active", turn["active"])):
        if final["turn"][key] != value:
            problems.append(f"turn.{key}: board {final['turn'][key]!r}, result {value!r}")
    chain = [(i["kind"], i["source"], i["controller"], i["targets"]) for i in result["chain"]]
    if [(i["kind"], i["source"], i["controller"], i["targets"]) for i in final["chain"]] != chain:
        problems.append(f"chain: board {final['chain']}, result {result['chain']}")
    return problems


class BoardTests:
    def test_9_9_atk_between_two_chase_links_as_each_resolves(self):
        out = engine.resolve(_golden("9-9-atk-between-two-chase-links"))
        assert out["board"]["objects"]["x"]["atk"] == 500
        assert [i["source"] for i in _after(out, "fow.play.card", 1)["chain"]] == ["pump", "shrink"]
        after_shrink = _after(out, "fow.effect.create", 0)
        assert after_shrink["objects"]["x"]["atk"] == 0 and [i["source"] for i in after_shrink["chain"]] == ["pump"]
        after_pump = _after(out, "fow.effect.create", 1)
        assert after_pump["objects"]["x"]["atk"] == 200 and after_pump["chain"] == []
        assert _disagreements(out) == []

    def test_10_1_a_card_moving_from_the_hand_to_the_chase_and_the_field(self):
        out = engine.resolve(_golden("10-1-addition-attached-raises-atk"))
        assert out["board"]["objects"]["ad"]["zone"] == "hand"
        assert _after(out, "fow.move.new_card", 0, card="ad")["objects"]["ad"]["zone"] == "chase"
        on_field = _after(out, "fow.move.new_card", 1, card="ad")["objects"]["ad"]
        assert on_field["zone"] == "field" and "attached_to" not in on_field
        attached = _after(out, "fow.attach")
        assert attached["objects"]["ad"]["attached_to"] == "x" and attached["objects"]["x"]["atk"] == 700
        assert _disagreements(out) == []

    def test_1_5_life_changes_at_the_damage_step_rounded_up(self):
        out = engine.resolve(_golden("1-5-life-rounding-round-up"))
        step = next(s for s in out["trace"] if s["message_id"] == "fow.life")
        before = board.boards(out["board"], out["trace"])[step["index"] - 1]
        after = _after(out, "fow.life.rounded") if any(s["message_id"] == "fow.life.rounded" for s in out["trace"]) \
            else _after(out, "fow.life")
        player = step["params"]["player"]
        assert before["players"][player]["life"] == 4000
        assert after["players"][player]["life"] == next(p["life"] for p in out["result"]["players"] if p["id"] == player)
        assert after["players"][player]["life"] % 100 == 0 and after["players"][player]["life"] < 4000

    @pytest.mark.parametrize("path", GOLDENS, ids=lambda p: p.stem)
    def test_the_board_after_the_last_step_agrees_with_the_result(self, path):
        out = engine.resolve(json.loads(path.read_text(encoding="utf-8"))["scenario"])
        if out["trace"][-1]["kind"] == "choice" or any(s["params"].get("topic") == "life_payment_over_life"
                                                       for s in out["trace"]):
            pytest.skip("stopped: the result is the state at the last priority point, the board where it stopped")
        assert _disagreements(out) == []

    def test_a_branch_diffs_from_the_board_at_its_choice_step(self):
        out = engine.resolve(_golden("6-2-open-trigger-choice-branches"))
        choice = out["trace"][-1]
        assert choice["kind"] == "choice" and choice["branches"]
        at_choice = board.boards(out["board"], out["trace"])[-1]
        for branch in choice["branches"]:
            final = board.boards(at_choice, branch["trace"])[-1]
            assert _disagreements({"board": final, "trace": [], "result": branch["result"]}) == []

    def test_every_board_change_lands_on_a_step_and_the_output_stays_json(self):
        out = engine.resolve(_golden("8-5-blocked-both-deal-damage"))
        json.dumps(out)
        assert "board_complete" not in out
        changed = [s["message_id"] for s in out["trace"] if s.get("board")]
        assert "fow.battle.attack" in changed and "fow.damage.card" in changed and "fow.move.new_card" in changed


def _big_board(cards=300):
    """Every card gains Beast for every Beast: the dependency trials of FoW 9.9 grow as n²."""
    objects = [_res(f"c{i}", "p1", races=["Beast"] if i % 2 else [], timestamp=i,
                    abilities=[{"kind": "static", "continuous": {"applies_to": {"race": "Beast"}, "races_gain": ["Beast"]}}])
               for i in range(cards)]
    return _board(objects, [])


class DeadlineTests:
    def test_a_big_board_past_a_tiny_deadline_is_too_complex_naming_what_grew(self):
        doc = _big_board()
        assert engine.validate(doc) == []
        with pytest.raises(engine.ScenarioError) as caught:
            engine.resolve(doc, deadline_s=0.01)
        assert caught.value.too_complex is True
        message = caught.value.errors[0]["message"]
        assert message.startswith("the board is too complex to resolve within 0.01 s: it stopped while ")
        assert re.search(r"while .*\(\d+", message), message

    def test_9_9_the_dependency_trials_check_the_deadline(self):
        state = fmt.parse_state(_big_board())
        with deadline(0.0), pytest.raises(DeadlineExceeded) as caught:
            cont.compute(state)
        assert re.fullmatch(r"(continuous effects|dependency trials) in the non_numeric step \(300 effects\)",
                            caught.value.what)

    def test_the_priority_sequence_checks_the_deadline(self):
        doc = _board([], PASS * 400)
        with pytest.raises(engine.ScenarioError) as caught:
            engine.resolve(doc, deadline_s=0.0)
        assert caught.value.too_complex
        assert "it stopped while " in caught.value.errors[0]["message"]


def _trigger_board(choice):
    """Two of the turn player's triggers wait: their order is a choice (FoW 6.2)."""
    trig = {"kind": "triggered", "trigger": {"event": "start_of_main"},
            "effect": [{"do": "gain_life", "target": "you", "amount": 100}]}
    doc = _board([_res("a1", "p1", abilities=[trig]), _res("a2", "p1", abilities=[trig])],
                 [{"type": "choose", "player": "p1", "choice": choice}])
    doc["pending"] = [{"source": "a1", "ability": 0}, {"source": "a2", "ability": 0}]
    return doc


class ChoiceTests:
    def test_a_value_that_is_not_an_option_is_an_illegal_step_listing_the_options(self):
        out = engine.resolve(_trigger_board("a3#0"))
        illegal = [s for s in out["trace"] if s["message_id"] == "fow.illegal.choice"]
        assert illegal[0]["kind"] == "illegal"
        assert illegal[0]["params"] == {"kind": "trigger", "choice": "a3#0", "options": ["a1#0", "a2#0"]}
        choice = out["trace"][-1]
        assert choice["kind"] == "choice" and [b["choice"] for b in choice["branches"]] == ["a1#0", "a2#0"]
        for branch in choice["branches"]:  # each branch takes the refused value once, then its own answer
            ids = [s["message_id"] for s in branch["trace"]]
            assert ids.count("fow.illegal.choice") == 1 and "fow.choice.made" in ids
        assert out["result"]["complete"] is False

    def test_a_value_given_among_the_options_is_taken(self):
        out = engine.resolve(_trigger_board("a2#0"))
        made = next(s for s in out["trace"] if s["message_id"] == "fow.choice.made")
        assert made["params"]["choice"] == "a2#0"
        assert not any(s["message_id"] == "fow.illegal.choice" for s in out["trace"])

    def test_3_1_a_wrong_order_of_five_cards_is_refused_not_ignored(self):
        """Five cards destroyed at once: 120 orders, too many to branch; a wrong order is refused."""
        cards = [_res(f"x{i}", "p2") for i in range(5)]
        wipe = _instant("wipe", "p1", [{"do": "destroy", "target": {"controller": "opponent"}}])
        doc = _board(cards + [wipe], [{"type": "play", "player": "p1", "card": "wipe"}, *PASS[::-1],
                                      {"type": "choose", "player": "p2", "choice": ["x0", "x1"]}])
        out = engine.resolve(doc)
        illegal = next(s for s in out["trace"] if s["message_id"] == "fow.illegal.choice")
        assert illegal["params"]["kind"] == "zone_order" and illegal["params"]["choice"] == "['x0', 'x1']"
        assert len(illegal["params"]["options"]) == 25 and illegal["params"]["options"][-1] == "… (120 options in all)"
        assert out["trace"][-1]["message_id"] == "fow.choice.too_many"


def _cannot(out):
    return [(s["params"]["card"], s["params"]["detail"]) for s in out["trace"] if s["kind"] == "cannot_evaluate"]


class CannotEvaluateTests:
    TEXT = {"kind": "static", "text": "Your resonators cannot be targeted."}

    def test_9_4_static_text_on_the_field_is_reported_at_the_start(self):
        out = engine.resolve(_board([_res("x", "p1", abilities=[self.TEXT])], []))
        assert _cannot(out) == [("x", "Your resonators cannot be targeted.")]
        assert out["trace"][1]["kind"] == "cannot_evaluate" and out["result"]["complete"] is False

    def test_9_4_static_text_of_a_card_played_from_the_hand_is_reported_when_it_enters(self):
        card = _res("x", "p1", zone="hand", abilities=[self.TEXT])
        out = engine.resolve(_board([card], [{"type": "play", "player": "p1", "card": "x"}, *PASS[::-1]]))
        ids = [s["message_id"] for s in out["trace"]]
        assert _cannot(out) == [("x", "Your resonators cannot be targeted.")]
        assert ids.index("fow.cannot_evaluate") > ids.index("fow.resolve")
        assert out["result"]["complete"] is False

    def test_static_text_in_the_hand_is_not_relevant(self):
        out = engine.resolve(_board([_res("x", "p1", zone="hand", abilities=[self.TEXT])], []))
        assert _cannot(out) == [] and out["result"]["complete"] is True

    def test_9_7_a_will_ability_with_text_is_reported_when_played(self):
        stone = {"id": "s", "name": "Stone", "owner": "p1", "zone": "stone_area", "type": "magic_stone",
                 "abilities": [{"kind": "will", "cost": {"rest": True}, "produce": {"fire": 1}, "text": "Gain 100 life."}]}
        out = engine.resolve(_board([stone], [{"type": "will", "player": "p1", "card": "s"}]))
        assert _cannot(out) == [("s", "Gain 100 life.")]
        assert out["result"]["players"][0]["will"] == {"fire": 1} and out["result"]["complete"] is False

    def test_an_unsupported_instruction_of_a_delayed_trigger_is_reported_when_it_resolves(self):
        later = _instant("later", "p1", [{"do": "delayed", "event": "start_of_end",
                                          "effect": [{"do": "unsupported", "text": "Swap the decks."}]}])
        out = engine.resolve(_board([later], [{"type": "play", "player": "p1", "card": "later"}, *PASS[::-1],
                                              *PASS, *PASS]))
        assert ("later", "Swap the decks.") in _cannot(out)
        assert out["result"]["complete"] is False
