"""The board at every step on the ruling page: the list without script, the stepper's data,
anchors for the URL fragment, old rulings whose boards are recomputed, and the size caps.

The rulings are the engines' own answers (the Mirror Force chain, goldens with open choices and
a countered spell); hand-made data is kept for the drawing code itself (a diff that does not
apply, the size caps), in the shape of the game's real board (``boards_data``).
"""

from __future__ import annotations

import copy
import json
import re

import pytest

import engine
from engine.core import board as core_board
from rulesite.api.tests.test_api import MIRROR_FORCE
from rulesite.scenarios import boards, selectors
from rulesite.scenarios.models import Scenario
from rulesite.scenarios.services import cited_documents, scenario_create

from .boards_data import MAGIC_SCENARIO, golden, long_resolution, without_boards

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]

OPEN_CHOICE = "ygo/arcv-open-choice-branches"
"""Tribute to the Doomed destroys one of two monsters, the choice left open: two branches."""
COUNTERED = "mtg/faq-cascade-countering-spell-not-trigger"
"""Cancel counters Bloodbraid Elf under its cascade trigger: the stack is replaced whole."""


def store(answer: dict, scenario: dict | None = None, **fields) -> Scenario:
    """Store ``answer`` (a resolution) as the ruling of ``scenario`` the way scenario_create does."""
    scenario = scenario or MIRROR_FORCE
    return Scenario.objects.create(
        code=engine.scenario_code(scenario), game=scenario["game"], ruleset=scenario["ruleset"],
        canonical=engine.canonical_json(scenario), trace=answer["trace"], result=answer["result"],
        engine_version=engine.ENGINE_VERSION, board=answer.get("board"), rules_documents=cited_documents(answer["trace"]),
        **fields,
    )


def stepper_json(body: str) -> dict:
    match = re.search(r'<script id="stepper-data" type="application/json">(.*?)</script>', body, re.S)
    assert match, "the page has no stepper data"
    return json.loads(match.group(1))


def list_of(body: str) -> str:
    """Return the Resolution section (the list of steps) of a ruling page."""
    return re.split(r'<section class="card chain-drawing"|<div class="boards">', body.split('id="resolution-h"', 1)[1])[0]


def steps_of(body: str) -> dict[str, str]:
    """Return ``{anchor: html}`` of the main trace's steps in a page's list."""
    return dict(re.findall(r'<li class="step kind-[a-z_]+" id="(step-\d+)">(.*?)(?=<li class="step kind|\Z)', list_of(body), re.S))


def zone_cards(html: str, zone: str) -> str:
    """Return the card list of the first zone headed ``zone`` in ``html``."""
    return re.search(rf'<h4>{re.escape(zone)} <span class="meta">\(\d+\)</span></h4>\s*<ul class="board-cards">(.*?)</ul>', html, re.S).group(1)


@pytest.fixture
def ruling() -> Scenario:
    stored, created = scenario_create(scenario=MIRROR_FORCE)
    assert created
    return stored


class StoredBoardsTests:
    def test_a_stored_ruling_keeps_the_engines_board(self, ruling):
        fresh = engine.resolve(MIRROR_FORCE)
        assert ruling.board == fresh["board"] and [s.get("board") for s in ruling.trace] == [s.get("board") for s in fresh["trace"]]
        # Before the first step Mirror Force is still Set: Chain Link 1 is built by the first step.
        assert ruling.board["objects"]["t1"] == {"zone": "spell_trap_zone", "controller": "p2", "position": "face-down"}
        assert ruling.board["chain"] == {} and ruling.board["players"]["p1"] == {"lp": 8000}
        assert {"op": "replace", "path": "/objects/t1/zone", "value": "graveyard"} in ruling.trace[6]["board"]

    def test_the_export_and_the_api_give_the_stored_board(self, client, ruling):
        assert client.get(f"/r/{ruling.code}/export.json").json()["board"] == ruling.board
        assert client.get(f"/api/v1/scenarios/{ruling.code}/").json()["board"] == ruling.board

    def test_the_list_gives_each_changed_step_the_board_after_it(self, client, ruling):
        steps = steps_of(client.get(ruling.get_absolute_url()).content.decode())
        assert list(steps) == [f"step-{n}" for n in range(1, 12)]
        # Each chain link built, Trap Jammer's negation, Mirror Force destroyed, each link leaving the
        # chain, Trap Jammer sent to the Graveyard once the chain has resolved.
        assert [anchor for anchor, html in steps.items() if 'class="step-board"' in html] == [
            "step-1", "step-3", "step-6", "step-7", "step-9", "step-11"]
        seventh = steps["step-7"]
        assert zone_cards(seventh, "Graveyard").startswith('<li class="board-card changed"><span class="card-name">Mirror Force</span>')
        assert "changed in this step" in zone_cards(seventh, "Graveyard")
        assert '<span class="card-name">Dark Magician</span> <span class="meta">m1</span>' in seventh
        assert "<h3>Alice (p1)</h3>" in seventh and '<span class="fact-key">LP</span> <span class="fact-value">8000</span>' in seventh
        chain = seventh.split('<ol class="board-chain-items">', 1)[1].split("</ol>", 1)[0]
        assert chain.count('<li class="board-card') == 1 and '<span class="card-name">Mirror Force</span>' in chain
        assert '<span class="fact-key">negated</span> <span class="fact-value">activation</span>' in chain

    def test_a_fact_naming_a_player_shows_the_players_name_with_the_id_small(self, client, ruling):
        first = steps_of(client.get(ruling.get_absolute_url()).content.decode())["step-1"]
        assert ('<span class="fact-key">active player</span> <span class="fact-value"><span class="ref">Alice '
                '<span class="meta">p1</span></span></span>') in first
        chain = first.split('<ol class="board-chain-items">', 1)[1].split("</ol>", 1)[0]
        assert '<span class="fact-key">controller</span> <span class="fact-value"><span class="ref">Bob <span class="meta">p2</span>' in chain

    def test_the_stepper_data_rebuilds_every_board_of_the_trace(self, client, ruling):
        data = stepper_json(client.get(ruling.get_absolute_url()).content.decode())
        assert data["board"] == ruling.board and data["reason"] == "" and data["partial"] is False
        tree = data["trace"]
        assert tree["count"] == tree["known"] == 11 and tree["branches"] == {}
        rebuilt = core_board.boards(data["board"], [{"board": ops} if ops else {} for ops in tree["ops"]])
        assert rebuilt[2]["chain"] == {"1": {"card": "t1", "effect": 0, "controller": "p2", "spell_speed": 2, "targets": []},
                                       "2": {"card": "t2", "effect": 0, "controller": "p1", "spell_speed": 3, "targets": []}}
        assert rebuilt[6]["objects"]["t1"] == {"zone": "graveyard", "controller": "p2"}
        assert list(rebuilt[6]["chain"]) == ["1"] and rebuilt[6]["chain"]["1"]["negated"] == "activation"
        assert rebuilt[8]["chain"] == {} and rebuilt[9]["objects"]["t2"]["zone"] == "spell_trap_zone"
        final = rebuilt[-1]["objects"]
        assert {o["id"]: o["zone"] for o in ruling.result["objects"]} == {oid: card["zone"] for oid, card in final.items()}
        assert data["terms"]["zone"]["graveyard"] == "Graveyard" and data["keys"]["lp"] == "LP"
        assert data["names"]["t2"] == "Trap Jammer" and data["names"]["p1"] == "Alice"
        assert "zone" in data["plain_keys"] and "targets" not in data["plain_keys"]
        assert data["ui"]["chain"] == "The chain (Chain Link 1 first)"

    def test_the_data_is_a_json_block_and_the_page_has_no_inline_script(self, client, ruling):
        body = client.get(ruling.get_absolute_url()).content.decode()
        scripts = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", body)
        assert scripts == ['<script id="stepper-data" type="application/json">']
        assert "js/stepper.js" in body and 'id="stepper"' in body and " hidden>" in body.split('id="stepper"', 1)[1][:120]

    def test_markup_in_a_name_is_escaped_in_the_list_and_the_data(self, client):
        scenario = copy.deepcopy(MIRROR_FORCE)
        scenario["objects"][0]["name"] = "</script><b>x</b>"
        stored, _ = scenario_create(scenario=scenario)
        body = client.get(stored.get_absolute_url()).content.decode()
        assert "</script><b>" not in body and "&lt;/script&gt;&lt;b&gt;x&lt;/b&gt;" in body
        assert stepper_json(body)["names"]["m1"] == "</script><b>x</b>"

    def test_a_choices_branches_start_from_the_board_at_their_choice(self, client):
        stored, _ = scenario_create(scenario=golden(OPEN_CHOICE))
        body = client.get(stored.get_absolute_url()).content.decode()
        for anchor in ("step-4", "step-4b1-1", "step-4b1-4", "step-4b1-6", "step-4b2-4"):
            assert f'id="{anchor}"' in body
        fourth = body.split('id="step-4b1-4"', 1)[1].split('id="step-4b1-5"', 1)[0]
        board = fourth.split('class="step-board"', 1)[1]
        # Tribute to the Doomed went to the Spell & Trap Zone in the main trace's step 1, before the
        # choice; in this branch Gemini Elf (x1) is the monster destroyed.
        assert '<span class="card-name">Tribute to the Doomed</span> <span class="meta">c1</span>' in zone_cards(board, "Spell &amp; Trap Zone")
        assert zone_cards(board, "Graveyard").startswith('<li class="board-card changed"><span class="card-name">Gemini Elf</span>')
        assert '<span class="card-name">Vorse Raider</span>' in zone_cards(board, "Monster Zone")
        tree = stepper_json(body)["trace"]
        assert [b["choice"] for b in tree["branches"]["3"]] == ["x1", "x2"]
        assert {"op": "replace", "path": "/objects/x2/zone", "value": "graveyard"} in tree["branches"]["3"][1]["trace"]["ops"][3]
        assert "If the choice is</summary>" not in body and "If the choice is x1</summary>" in body

    @pytest.mark.parametrize("name", ["mtg/603-3d-trigger-target-is-a-choice-with-branches",
                                      "fow/8-3-block-cost-discard-choice-branches", OPEN_CHOICE])
    def test_each_games_branches_step_through_from_their_choice(self, client, name):
        # A Magic or Yu-Gi-Oh! branch resolves the whole document again: its first step's diff
        # leads back from the board at the choice to the start.
        stored, _ = scenario_create(scenario=golden(name))
        body = client.get(stored.get_absolute_url()).content.decode()
        assert "do not fit together" not in body and stepper_json(body)["board"] == stored.board
        choice = next(step for step in stored.trace if step.get("branches"))
        for number, branch in enumerate(choice["branches"], start=1):
            anchor = f"step-{choice['index'] + 1}b{number}-"
            changed = [i + 1 for i, step in enumerate(branch["trace"]) if step.get("board")]
            for index in changed:
                assert f'class="step-board" data-anchor="{anchor}{index}"' in body

    def test_a_branch_does_not_carry_its_choice_steps_own_change(self, client):
        # The engine's branches diff from the board just before their choice step: were the choice
        # step to change the board itself, that change is not on the branches' boards.
        scenario = golden(OPEN_CHOICE)
        answer = engine.resolve(scenario)
        answer["trace"][3]["board"] = [{"op": "replace", "path": "/players/p1/lp", "value": 7000}]
        stored = store(answer, scenario)
        body = client.get(stored.get_absolute_url()).content.decode()
        choice = body.split('id="step-4"', 1)[1].split('class="branches"', 1)[0]
        assert '<span class="fact-key">LP</span> <span class="fact-value">7000</span>' in choice
        branch = body.split('id="step-4b1-4"', 1)[1].split('id="step-4b1-5"', 1)[0]
        assert "7000" not in branch and '<span class="fact-key">LP</span> <span class="fact-value">8000</span>' in branch

    def test_a_diff_that_does_not_apply_is_reported_not_a_500(self, client):
        answer = engine.resolve(MIRROR_FORCE)
        answer["trace"][2]["board"] = [{"op": "replace", "path": "/objects/nobody/zone", "value": "hand"}]
        stored = store(answer)
        response = client.get(stored.get_absolute_url())
        assert response.status_code == 200
        body = response.content.decode()
        assert "the stored board changes do not fit together" in body
        assert stepper_json(body)["board"] is None and 'class="step-board"' not in body


class SizeCapTests:
    def test_a_4000_step_trace_adds_little_to_the_page(self, client):
        answer = long_resolution(4000, 40)
        with_boards_page = client.get(store(answer, MAGIC_SCENARIO).get_absolute_url()).content
        other = {**MAGIC_SCENARIO, "players": [{**p, "name": f"Player {p['id']}"} for p in MAGIC_SCENARIO["players"]]}
        without_page = client.get(store(without_boards(answer), other).get_absolute_url()).content
        added = len(with_boards_page) - len(without_page)
        assert added < boards.MAX_STEPPER_BYTES + 600_000, f"the boards add {added:,} bytes"
        body = with_boards_page.decode()
        # The list draws boards until its 1,500 card rows are spent (37 boards of 40 cards), the
        # stepper's data holds the rest.
        drawn = list_of(body).count('<div class="board-state">')
        assert drawn == boards.MAX_LISTED_ROWS // 40 and body.count("<h3>p1</h3>") == drawn
        assert "Not drawn in this list, which draws at most 200 boards" in body
        # the page lists (and steps through) its first 1,500 steps; the JSON export has all 4,000
        from rulesite.scenarios.presentation import MAX_LISTED_STEPS

        assert stepper_json(body)["trace"]["known"] == MAX_LISTED_STEPS == stepper_json(body)["trace"]["count"]
        assert "2500 more steps are not listed on this page" in body

    def test_past_the_stepper_cap_the_steps_say_their_board_is_unknown(self, client, monkeypatch):
        monkeypatch.setattr(boards, "MAX_STEPPER_BYTES", 4_000)
        body = client.get(store(long_resolution(500, 5), MAGIC_SCENARIO).get_absolute_url()).content.decode()
        data = stepper_json(body)
        assert data["cut"] is True and data["partial"] is True
        assert 0 < data["trace"]["known"] < 500 == data["trace"]["count"]
        assert "Some steps' boards are left out" in body

    def test_the_list_stops_drawing_boards_at_its_row_cap(self, monkeypatch):
        monkeypatch.setattr(boards, "MAX_LISTED_ROWS", 25)
        answer = long_resolution(20, 10)
        trace = boards.list_boards(initial=answer["board"], trace=answer["trace"], complete=True, game="mtg", names={}, zones=[])
        assert [bool(step.get("board_view")) for step in trace] == [True, True] + [False] * 18
        assert all(step["board_changed"] for step in trace)

    def test_when_the_engine_cut_the_diffs_the_steps_after_the_last_one_are_unknown(self):
        answer = long_resolution(10, 3)
        for step in answer["trace"][6:]:
            del step["board"]
        data = boards.stepper_data(initial=answer["board"], trace=answer["trace"], complete=False, game="mtg", names={}, zones=[])
        assert data["trace"]["known"] == 6 and data["partial"] is True


class RecomputedBoardsTests:
    """A ruling stored before the engine described boards (no ``board``, no step diffs): its page
    resolves the stored scenario again (cached by code and engine version) and uses the boards
    when the steps agree."""

    @pytest.fixture
    def old(self) -> Scenario:
        stored, _ = scenario_create(scenario=MIRROR_FORCE)
        Scenario.objects.filter(pk=stored.pk).update(board=None, trace=without_boards({"trace": stored.trace})["trace"])
        stored.refresh_from_db()
        assert stored.board is None and not any("board" in step for step in stored.trace)
        return stored

    @pytest.fixture
    def calls(self, monkeypatch) -> list[int]:
        """Count the resolutions the page asks for (each one the real engine's)."""
        seen: list[int] = []
        real = selectors.scenario_resolve

        def resolve(*, scenario):
            seen.append(1)
            return real(scenario=scenario)

        monkeypatch.setattr(selectors, "scenario_resolve", resolve)
        return seen

    def test_the_page_steps_through_an_old_ruling_and_its_stored_json_stays_byte_identical(self, client, old, calls):
        before = Scenario.objects.filter(pk=old.pk).values("code", "canonical", "trace", "result", "board").get()
        raw = json.dumps([before["canonical"], before["trace"], before["result"]], sort_keys=True)
        fresh = engine.resolve(MIRROR_FORCE)
        for _ in range(2):
            body = client.get(old.get_absolute_url()).content.decode()
            data = stepper_json(body)
            assert data["board"] == fresh["board"] and data["trace"]["ops"][6] == fresh["trace"][6]["board"]
            assert 'class="step-board" data-anchor="step-7"' in body
        assert len(calls) == 1, "the recomputed boards are cached"
        after = Scenario.objects.filter(pk=old.pk).values("code", "canonical", "trace", "result", "board").get()
        assert after == before and json.dumps([after["canonical"], after["trace"], after["result"]], sort_keys=True) == raw
        assert after["board"] is None and after["code"] == engine.scenario_code(json.loads(after["canonical"]))

    def test_the_cache_key_names_the_code_and_the_engine_version(self, old, calls):
        selectors.ruling_status(old)
        from django.core.cache import cache

        assert cache.get(f"scenarios:ruling-status:{engine.ENGINE_VERSION}:{old.code}")["board"] == engine.resolve(MIRROR_FORCE)["board"]

    def test_when_the_current_engine_resolves_it_otherwise_there_are_no_boards_and_it_says_why(self, client, old, calls):
        # An older engine recorded Trap Jammer's resolution against another link: the current
        # engine's boards belong to its own steps, not to these.
        trace = copy.deepcopy(old.trace)
        trace[4]["params"] = {**trace[4]["params"], "link": 9}
        Scenario.objects.filter(pk=old.pk).update(trace=trace)
        old.refresh_from_db()
        body = client.get(old.get_absolute_url()).content.decode()
        assert "resolves this board differently from the stored ruling" in body
        assert stepper_json(body)["board"] is None and 'class="step-board"' not in body
        assert stepper_json(body)["trace"]["count"] == len(old.trace) and len(calls) == 1

    def test_an_engine_answer_without_boards_is_said_and_the_steps_still_step_through(self, client, old, monkeypatch):
        # The API contract lets an engine give no boards (docs/design-changes.md, issue 12): the
        # page says so and steps through the text alone.
        monkeypatch.setattr(selectors, "scenario_resolve", lambda *, scenario: without_boards(engine.resolve(scenario)))
        body = client.get(old.get_absolute_url()).content.decode()
        assert "the engine does not describe the boards of this game yet" in body
        assert stepper_json(body)["trace"]["count"] == len(old.trace) and 'id="step-11"' in body


class BoardViewTests:
    def test_cards_are_on_their_controllers_side_zone_by_zone_and_the_chain_is_bottom_first(self, ruling):
        after_respond = core_board.boards(ruling.board, ruling.trace)[2]
        names = {"m1": "Dark Magician", "t1": "Mirror Force", "t2": "Trap Jammer", "p1": "Alice", "p2": "Bob"}
        view = boards.board_view(after_respond, game="ygo", names=names, zones=["monster_zone", "spell_trap_zone"])
        alice, bob = view.players
        assert (alice.label, [z.label for z in alice.zones]) == ("Alice (p1)", ["Monster Zone", "Spell & Trap Zone"])
        assert [c.name for c in bob.zones[0].cards] == ["Mirror Force"]
        assert [f.label for f in alice.zones[0].cards[0].facts] == ["position", "ATK", "DEF"]
        assert [(c.label, [f.text for f in c.facts if f.key == "controller"]) for c in view.chain] == [
            ("Mirror Force", ["Bob (p2)"]), ("Trap Jammer", ["Alice (p1)"])]
        assert [f.text for f in view.facts] == ["Alice (p1)", "Battle Phase", "Battle Step"]

    def test_a_chain_keyed_by_link_number_is_shown_link_1_first_and_its_changes_marked(self):
        board = {"objects": {"m": {"zone": "spell_trap_zone", "controller": "p2"}, "j": {"zone": "spell_trap_zone", "controller": "p1"}},
                 "chain": {"10": {"card": "m", "effect": 0, "controller": "p2", "spell_speed": 2, "targets": []},
                           "2": {"card": "j", "effect": 0, "controller": "p1", "spell_speed": 3, "targets": []},
                           "1": {"card": "m", "effect": 0, "controller": "p2", "spell_speed": 2, "targets": []}}}
        changed = boards.changed_paths([{"op": "add", "path": "/chain/10", "value": board["chain"]["10"]}])
        view = boards.board_view(board, game="ygo", names={"m": "Mirror Force", "j": "Trap Jammer"}, zones=[], changed=changed)
        assert [(c.label, c.changed) for c in view.chain] == [("Mirror Force", False), ("Trap Jammer", False),
                                                             ("Mirror Force", True)]
        assert boards.chain_entries(["a", "b"]) == [("0", "a"), ("1", "b")]
        assert boards.chain_entries(None) == []

    def test_a_stack_replaced_whole_marks_only_the_items_that_were_not_on_it(self, client):
        stored, _ = scenario_create(scenario=golden(COUNTERED))
        # Step 16: Bloodbraid Elf (below its cascade trigger) is countered; the engine replaces the
        # stack whole, and the trigger that was already on it stays unmarked.
        assert stored.trace[15]["board"][0]["path"] == "/chain"
        sixteenth = steps_of(client.get(stored.get_absolute_url()).content.decode())["step-16"]
        chain = sixteenth.split('<section class="board-chain changed">', 1)[1].split("</section>", 1)[0]
        assert re.findall(r'<li class="board-card( changed)?"><span class="card-name">([^<]+)', chain) == [("", "Bloodbraid Elf")]
        before = [{"item": "s1", "kind": "spell", "source": "a", "controller": "p1", "targets": []},
                  {"item": "s2", "kind": "triggered", "source": "b", "controller": "p1", "targets": []}]
        now = [before[1], {"item": "s4", "kind": "spell", "source": "a", "controller": "p1", "targets": ["b"]}]
        view = boards.board_view({"objects": {}, "chain": now}, game="mtg", names={}, zones=[],
                                 changed=boards.changed_paths([{"op": "replace", "path": "/chain", "value": now}]),
                                 previous={"chain": before})
        assert [c.changed for c in view.chain] == [False, True]

    def test_a_fact_naming_a_card_shows_its_name_with_the_id_small_in_lists_and_nested_objects(self):
        board = {"turn": {"active": "p1", "phase": "main", "step": "declare_block", "battle": {"attacker": "r1", "target": "x", "blocker": None}},
                 "players": {"p1": {"life": 4000}, "p2": {"life": 4000}},
                 "objects": {"r1": {"name": "Blast J", "zone": "field", "controller": "p1"},
                             "x": {"name": "Resonator x", "zone": "field", "controller": "p2", "attached_to": "r1"},
                             "field": {"name": "A card named field", "zone": "field", "controller": "p2"}},
                 "chain": [{"position": 1, "kind": "spell", "source": "x", "controller": "p2", "targets": ["r1", "p1", "gone"]}]}
        view = boards.board_view(board, game="fow", names={"p1": "Alice"}, zones=[])
        battle = next(f for f in view.facts if f.key == "battle")
        assert battle.parts == (boards.Part("attacker: "), boards.Part("Blast J", "r1"), boards.Part("; target: "),
                                boards.Part("Resonator x", "x"))
        resonator = next(c for c in view.players[1].zones[0].cards if c.id == "x")
        assert [f.parts for f in resonator.facts if f.key == "attached_to"] == [(boards.Part("Blast J", "r1"),)]
        [targets] = [f for f in view.chain[0].facts if f.key == "targets"]
        assert targets.text == "Blast J (r1), Alice (p1), gone"
        assert [f.text for f in view.facts if f.key in ("phase", "step")] == ["Main phase", "Battle: declare block"]
        assert all(c.zones[0].label == "Field" for c in view.players)  # a zone is a word, not the card "field"

    def test_a_value_of_zero_is_shown_and_empty_ones_are_not(self):
        board = {"players": {"p1": {"life": 0, "poison": 0, "mana_pool": None}},
                 "objects": {"elves": {"name": "Llanowar Elves", "zone": "battlefield", "owner": "p1", "controller": "p1",
                                       "types": ["creature"], "abilities": [], "tapped": True, "token": False, "damage": 0}}}
        view = boards.board_view(board, game="mtg", names={}, zones=[])
        assert [(f.label, f.text) for f in view.players[0].facts] == [("life", "0"), ("poison counters", "0")]
        elves = view.players[0].zones[0].cards[0]
        assert [(f.label, f.text) for f in elves.facts] == [("types", "Creature"), ("tapped", ""), ("damage", "0")]

    def test_changes_are_marked_down_to_the_fact(self, ruling):
        after_move = core_board.boards(ruling.board, ruling.trace)[6]
        view = boards.board_view(after_move, game="ygo", names={}, zones=[], changed=boards.changed_paths(ruling.trace[6]["board"]))
        mirror_force = view.players[1].zones[0].cards[0]
        assert mirror_force.id == "t1" and mirror_force.changed and not view.players[0].zones[0].cards[0].changed
        assert [f.changed for f in mirror_force.facts] == []  # its position left with it: only the card is marked
        assert view.chain_changed and [c.changed for c in view.chain] == [False]

    def test_a_malformed_diff_is_a_board_error_for_the_list_and_skipped_by_the_stepper_data(self):
        trace = [{"board": [{"op": "replace", "value": 1}, "not an op"]}]
        with pytest.raises(boards.BoardError):
            boards.list_boards(initial={"objects": {}}, trace=json.loads(json.dumps(trace)), complete=True, game="mtg",
                               names={}, zones=[])
        data = boards.stepper_data(initial={"objects": {}}, trace=trace, complete=True, game="mtg", names={}, zones=[])
        assert data["trace"]["ops"] == [trace[0]["board"]]

    def test_apply_ops_matches_the_engines_apply_and_refuses_a_missing_path(self, ruling):
        last = core_board.boards(ruling.board, ruling.trace)[-1]
        ops = core_board.diff(ruling.board, last)
        assert boards.apply_ops(json.loads(json.dumps(ruling.board)), ops) == core_board.apply(ruling.board, ops) == last
        with pytest.raises(boards.BoardError):
            boards.apply_ops({"objects": {}}, [{"op": "replace", "path": "/objects/x", "value": 1}])


def test_a_yes_no_choice_reads_as_yes_or_no_in_the_readers_language():
    from django.utils import translation

    from rulesite.scenarios.boards import choice_text

    assert (choice_text(True), choice_text(False), choice_text(["x1", "x2"]), choice_text("x1")) == ("Yes", "No", "x1, x2", "x1")
    with translation.override("zh-hans"):
        assert choice_text(True) == "是"


def test_a_boards_facts_read_in_the_same_order_whatever_order_the_database_kept_its_keys():
    # PostgreSQL's jsonb gives keys back shortest first: the page must not depend on that.
    natural = {"name": "Resonator", "zone": "field", "atk": 600, "def": 600, "damage": 0,
               "battle": {"attacker": "a", "target": "p2", "blocker": "b"}}
    jsonb = {k: natural[k] for k in sorted(natural, key=lambda k: (len(k), k))}
    jsonb["battle"] = {k: natural["battle"][k] for k in ("target", "blocker", "attacker")}
    views = [boards.board_view({"players": {"p1": {}}, "objects": {"r": {**b, "owner": "p1"}}}, game="fow", names={}, zones=[])
             for b in (natural, jsonb)]
    facts = [[(f.label, f.text) for f in v.players[0].zones[0].cards[0].facts] for v in views]
    assert facts[0] == facts[1]
    assert [label for label, _ in facts[0]][:3] == ["ATK", "DEF", "damage"]
    assert dict(facts[0])["battle"] == "attacker: a; target: p2; blocker: b"
    data = boards.stepper_data(initial={"players": {"p1": {}}, "objects": {"r": {**jsonb, "owner": "p1"}}}, trace=[],
                               complete=True, game="fow", names={}, zones=[])
    order = data["key_order"]
    assert order.index("atk") < order.index("def") < order.index("damage") and order.index("attacker") < order.index("blocker")
