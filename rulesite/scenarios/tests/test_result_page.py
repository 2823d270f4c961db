"""The result page: summary, numbered timeline, chain drawing, boards, citations, QR, print."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.utils import translation

import engine
from rulesite.api.tests.test_api import MIRROR_FORCE
from rulesite.scenarios.models import Scenario
from rulesite.scenarios.presentation import chain_snapshots, citation_text, ruling_title, summarize, value_histories
from rulesite.scenarios.services import scenario_create

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "scenarios" / "ygo"


@pytest.fixture
def ruling():
    scenario, _ = scenario_create(scenario=MIRROR_FORCE)
    return scenario


class ResultPageTests:
    def test_it_shows_a_summary_composed_from_the_trace(self, client, ruling):
        body = client.get(ruling.get_absolute_url()).content.decode()
        summary = re.search(r'<ul class="summary">(.*?)</ul>', body, re.S).group(1)
        assert "Chain Link 2 resolves first: Trap Jammer negates the activation of Mirror Force" in summary
        assert "Chain Link 1 resolves: Mirror Force does nothing." in summary
        assert "Winner" not in summary  # the summary names a winner only when there is one (issue 16)

    def test_a_player_who_leaves_during_a_resolution_is_said_and_a_long_title_is_cut_at_a_word(self):
        path = FIXTURES.parent / "mtg" / "800-4a-a-player-leaves-in-the-middle-of-a-resolution-and-it-goes-on-without-them.json"
        golden = json.loads(path.read_text(encoding="utf-8"))
        scenario, _ = scenario_create(scenario=golden["scenario"], title=golden["title"] * 2)
        assert any("p2 leaves the game" in sentence for sentence in summarize(scenario.trace, scenario.result))
        assert len(scenario.title) <= 200 and scenario.title.endswith("…")
        assert golden["title"].startswith(scenario.title[:-1]) or (golden["title"] * 2).startswith(scenario.title[:-1])
        assert not scenario.title[:-1].endswith(" ")

    def test_a_protected_card_is_named_in_the_summary_not_does_nothing(self):
        golden = json.loads((FIXTURES / "arcv-negate-and-destroy-leaves-an-indestructible-monster.json").read_text(encoding="utf-8"))
        scenario, _ = scenario_create(scenario=golden["scenario"])
        summary = summarize(scenario.trace, scenario.result)
        assert summary[0] == ("Chain Link 2 resolves first: Alice's Negating Counter Trap negates the activation of "
                              "Bob's Sturdy Effect Monster and Bob's Sturdy Effect Monster is not destroyed.")

    def test_it_numbers_every_step_of_the_timeline(self, client, ruling):
        body = client.get(ruling.get_absolute_url()).content.decode()
        # The timeline's steps (each step's board after it nests lists of its own inside the step).
        timeline = body.split('<ol class="timeline">', 1)[1].split('<section class="card chain-drawing"', 1)[0]
        assert re.findall(r'<li class="step kind-[a-z_]+" id="step-(\d+)">', timeline) == [str(n) for n in range(1, len(ruling.trace) + 1)]
        assert f"{len(ruling.trace)} steps" in body

    def test_it_draws_the_chain_emptying_step_by_step(self, client, ruling):
        body = client.get(ruling.get_absolute_url()).content.decode()
        drawing = body.split('<ol class="chain-steps">', 1)[1].split("</section>", 1)[0]
        stacks = re.findall(r'<ol class="stack".*?</ol>', drawing, re.S)
        assert [stack.count('class="chain-card') for stack in stacks] == [2, 1, 0]
        assert "Trap Jammer" in stacks[0] and 'chain-card resolving' in stacks[0]
        assert "stack-empty" in stacks[-1]

    def test_it_shows_the_board_before_and_after(self, client, ruling):
        body = client.get(ruling.get_absolute_url()).content.decode()
        before = body.split('id="before-h"', 1)[1].split("</section>", 1)[0]
        after = body.split('id="after-h"', 1)[1].split("</section>", 1)[0]
        assert "Spell &amp; Trap Zone" in before and "Mirror Force" in before
        assert re.search(r"Mirror Force <span class=\"meta\">t1</span></td><td>Graveyard", after)

    def test_each_citation_links_to_its_rule_with_a_copyable_citation_and_popover(self, client, ruling):
        body = client.get(ruling.get_absolute_url()).content.decode()
        assert 'class="cite" href="/rules/ygo-ocg-rules-arcv/4.2.4.2.i2/"' in body
        assert 'data-citation="YGO ARC-V 4.2.4.2.i2"' in body
        assert '<details class="rule-pop">' in body and 'role="note"' in body

    def test_it_uses_no_inline_script_or_handler(self, client, ruling):
        body = client.get(ruling.get_absolute_url()).content.decode()
        # The one script element without src is the stepper's data, which no browser runs.
        assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", body) == ['<script id="stepper-data" type="application/json">']
        assert not re.search(r"\son[a-z]+=", body)
        assert "js/permalink.js" in body and "htmx.min.js" in body

    def test_the_qr_code_is_an_svg_that_opens_the_permalink(self, client, ruling):
        response = client.get(f"/r/{ruling.code}/qr.svg")
        assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
        svg = response.content.decode()
        assert "<svg" in svg and f"http://testserver/r/{ruling.code}/" in svg
        assert f'src="/r/{ruling.code}/qr.svg"' in client.get(ruling.get_absolute_url()).content.decode()

    def test_the_print_stylesheet_hides_navigation(self, client, ruling):
        from django.contrib.staticfiles import finders

        css = open(finders.find("css/result.css"), encoding="utf-8").read()
        print_rules = css.split("@media print", 1)[1]
        assert ".site-header" in print_rules and "display: none" in print_rules

    def test_reading_needs_no_account(self, client, ruling):
        body = client.get(ruling.get_absolute_url()).content.decode()
        assert "to add your own title and notes" in body
        assert 'name="notes"' not in body


class CitationTextTests:
    @pytest.mark.parametrize(
        ("document", "number", "page", "expected"),
        [
            ("mtg-cr-2022-04-29", "613.8a", "", "CR 613.8a (2022-04-29)"),
            ("fow-whitepaper-2.3", "6.1", "p.12", "FoW 6.1"),
            ("ygo-ocg-rules-arcv", "4.2.4", "", "YGO ARC-V 4.2.4"),
            ("ygo-rulebook-mr2", "ch4.3", "p.41", "YGO MR2 ch4.3 p.41"),
            ("somewhere-else", "1", "", "somewhere-else 1"),
        ],
    )
    def test_it_writes_rules_as_judges_cite_them(self, document, number, page, expected):
        assert citation_text(document, number, page) == expected

    def test_mr2_citations_carry_the_printed_page(self, client):
        scenario = json.loads(json.dumps(MIRROR_FORCE))
        scenario["ruleset"] = "mr2"
        stored, _ = scenario_create(scenario=scenario)
        body = client.get(stored.get_absolute_url()).content.decode()
        assert re.search(r'data-citation="YGO MR2 ch\d+(\.\d+)* p\.\d+"', body)


class PresentationTests:
    def test_the_summary_names_an_illegal_activation_and_a_winner(self):
        trace = [
            {"kind": "illegal", "params": {"card_name": "Pot of Greed"}, "text": ""},
            {"kind": "resolve", "params": {"link": 1, "card_name": "Ookazi"}, "text": ""},
            {"kind": "damage", "params": {"player": "p2", "amount": 800}, "text": ""},
        ]
        result = {"winner": "p1", "players": [{"id": "p1", "name": "Alice"}], "complete": True}
        assert summarize(trace, result) == [
            "Not allowed: Pot of Greed.",
            "Chain Link 1 resolves: Ookazi p2 takes 800 damage.",
            "Winner: Alice (p1).",
        ]

    def test_a_stack_without_link_numbers_empties_from_the_top(self):
        trace = [
            {"kind": "cast", "params": {"name": "Lightning Bolt"}},
            {"kind": "cast", "params": {"name": "Counterspell"}},
            {"kind": "resolve", "params": {}},
            {"kind": "resolve", "params": {}},
        ]
        snapshots = chain_snapshots(trace)
        assert [[c.name for c in s.cards] for s in snapshots] == [["Counterspell", "Lightning Bolt"], ["Lightning Bolt"], []]
        assert [s.leaving.name for s in snapshots[:2]] == ["Counterspell", "Lightning Bolt"]

    def test_any_list_of_dicts_in_the_result_becomes_a_value_table(self):
        rule = {"document": "mtg-cr-2022-04-29", "number": "613.4c"}
        result = {
            "objects": [
                {"id": "m1", "name": "Dark Magician", "effects": [{"class": "card"}], "history": [{"atk": 2500, "rule": None}, {"atk": 3000, "rule": rule}]}
            ],
            "layers": [{"layer": "7c", "power": 3, "rule": rule}],
        }
        tables = value_histories(result)
        assert [(t.title, t.columns) for t in tables] == [("Dark Magician · history", ["atk", "rule"]), ("layers", ["layer", "power", "rule"])]
        assert tables[1].rows[0]["cells"][2]["is_rule"] and not tables[0].rows[0]["cells"][1]["is_rule"]

    def test_a_bare_rule_number_in_a_value_table_is_read_in_the_cited_document(self):
        (table,) = value_histories({"objects": [{"id": "b", "name": "Bears", "layers": [{"layer": "2", "rule": "613.1b"}]}]}, "mtg-cr-2022-04-29")
        assert table.rows[0]["cells"][1]["rule"] == {"document": "mtg-cr-2022-04-29", "number": "613.1b"}

    def test_value_tables_render_with_citation_links(self, client):
        stored, _ = scenario_create(scenario=MIRROR_FORCE)
        stored.result = {**stored.result, "objects": [{**o, "history": [{"atk": 2500, "rule": {"document": "ygo-ocg-rules-arcv", "number": "4.2.4"}}]} for o in stored.result["objects"][:1]]}
        stored.save()
        body = client.get(stored.get_absolute_url()).content.decode()
        assert "How each value was reached" in body and "Dark Magician · history" in body
        assert 'data-citation="YGO ARC-V 4.2.4"' in body and 'href="/rules/ygo-ocg-rules-arcv/4.2.4/"' in body


class UnevaluatedPointsTests:
    def test_the_glance_says_how_many_points_could_not_be_evaluated(self, client):
        golden = json.loads(open("fixtures/scenarios/mtg/cannot-evaluate-unknown-text.json", encoding="utf-8").read())
        stored, _ = scenario_create(scenario=golden["scenario"])
        count = sum(1 for step in stored.trace if step["kind"] in ("cannot_evaluate", "not_covered"))
        assert count >= 1
        body = client.get(stored.get_absolute_url()).content.decode()
        glance = body.split('id="glance-h"', 1)[1].split("</section>", 1)[0]
        label = "point could not be evaluated" if count == 1 else "points could not be evaluated"
        assert f"<strong>{count} {label}:</strong>" in glance

    def test_a_ruling_that_evaluated_everything_says_nothing_of_the_kind(self, client, ruling):
        assert "could not be evaluated:" not in client.get(ruling.get_absolute_url()).content.decode()


class PageSizeCapTests:
    """A long trace or chain makes a bounded page (a 1,000-link chain made 78 MB of HTML)."""

    def test_past_the_step_cap_the_trace_stops_and_says_where_the_rest_is(self, client, ruling, monkeypatch):
        from django.core.cache import cache

        from rulesite.scenarios import presentation

        cache.clear()
        monkeypatch.setattr(presentation, "MAX_LISTED_STEPS", 3)
        body = client.get(ruling.get_absolute_url()).content.decode()
        timeline = body.split('<ol class="timeline">', 1)[1].split('<section class="card chain-drawing"', 1)[0]
        assert re.findall(r'<li class="step kind-[a-z_]+" id="step-(\d+)">', timeline) == ["1", "2", "3"]
        left = len(ruling.trace) - 3
        assert left > 0 and f"{left} more steps are not listed on this page" in body
        assert f'href="/r/{ruling.code}/export.json"' in body.split("more steps are not listed", 1)[1][:400]
        cache.clear()
        monkeypatch.setattr(presentation, "MAX_LISTED_STEPS", 1_500)
        assert "not listed on this page" not in client.get(ruling.get_absolute_url()).content.decode()

    def test_past_the_card_cap_the_chain_drawing_stops_and_says_so(self, client, ruling, monkeypatch):
        from django.core.cache import cache

        from rulesite.scenarios import presentation

        cache.clear()
        monkeypatch.setattr(presentation, "MAX_CHAIN_DRAWN", 2)  # the first snapshot draws 2 cards, the next 1
        body = client.get(ruling.get_absolute_url()).content.decode()
        drawing = body.split('<ol class="chain-steps">', 1)[1].split("</section>", 1)[0]
        assert drawing.count('<ol class="stack"') == 1
        assert "2 more resolutions are not drawn here" in drawing

    def test_branch_steps_count_toward_the_step_cap(self):
        from rulesite.scenarios.presentation import listed_steps

        trace = [{"kind": "a"}, {"kind": "choice", "branches": [{"choice": 1, "trace": [{"kind": "b"}] * 5},
                                                                {"choice": 2, "trace": [{"kind": "c"}] * 5}]}]
        shown, left = listed_steps(trace, max_steps=8)
        assert [len(b["trace"]) for b in shown[1]["branches"]] == [5, 1] and left == 4
        assert len(trace[1]["branches"][0]["trace"]) == 5  # the stored trace is not changed


class AnswerFirstTests:
    """Issue 16 item 4: a title made from the board, the answer in the summary, a layer table in words."""

    @staticmethod
    def _golden(name):
        return json.loads(open(f"fixtures/scenarios/mtg/{name}.json", encoding="utf-8").read())

    def test_layers_give_a_title_and_each_creatures_final_pt_and_types(self):
        golden = self._golden("dep-humility-then-opalescence")
        answer = engine.resolve(golden["scenario"])
        with translation.override("en"):
            title = ruling_title(golden["scenario"], answer["result"], answer["trace"])
            summary = summarize(answer["trace"], answer["result"], golden["scenario"])
        assert title == "Humility + Opalescence: power and toughness"
        assert "Humility: 4/4 Enchantment Creature." in summary and "Grizzly Bears: 1/1 Creature — Bear." in summary
        assert not any("Winner" in s for s in summary)

    def test_the_other_timestamp_order_gives_the_other_answer(self):
        golden = self._golden("dep-opalescence-then-humility")
        answer = engine.resolve(golden["scenario"])
        with translation.override("en"):
            summary = summarize(answer["trace"], answer["result"], golden["scenario"])
            title = ruling_title(golden["scenario"], answer["result"], answer["trace"])
        assert "Humility: 1/1 Enchantment Creature." in summary
        assert title == "Opalescence + Humility: power and toughness"

    def test_a_stack_title_names_the_spells_and_life_changes_are_said(self):
        scenario = json.loads(json.dumps(MIRROR_FORCE))
        answer = engine.resolve(scenario)
        with translation.override("en"):
            title = ruling_title(scenario, answer["result"], answer["trace"])
        assert title.endswith(": the chain") and "Mirror Force" in title
        before = {"players": [{"id": "p1", "name": "Alice", "life": 20}, {"id": "p2", "life": 20}]}
        result = {"players": [{"id": "p1", "life": 17}, {"id": "p2", "life": 20}], "objects": [], "winner": None}
        with translation.override("en"):
            assert summarize([], result, before) == ["Alice (p1): life 20 → 17."]
            assert summarize([], {"players": [], "objects": []}) == ["Nothing resolves and no player wins."]

    def test_the_layer_table_reads_as_words(self):
        golden = self._golden("dep-humility-then-opalescence")
        answer = engine.resolve(golden["scenario"])
        with translation.override("en"):
            (humility, _bears) = value_histories(answer["result"], "mtg-cr-2022-04-29")
        assert humility.title == "Humility · layers"
        assert humility.headers == ["Layer", "Effect", "Timestamp", "Applied because", "Change", "Rule"]
        first = {cell["column"]: cell["text"] for cell in humility.rows[2]["cells"]}
        assert first["layer"] == "7b" and first["label"] == "Humility: Has base power/toughness"
        assert first["reason"] == "timestamp order" and first["change"].endswith("→ 1, 1")
        assert "do" not in humility.columns and "layer_rule" not in humility.columns and "effect" not in humility.columns

    def test_a_given_title_wins_and_a_demo_title_gives_way_on_a_chinese_page(self, client):
        stored, _ = scenario_create(scenario=MIRROR_FORCE, title="Mirror Force v. Trap Jammer", is_demo=True)
        with translation.override("en"):
            assert stored.heading == "Mirror Force v. Trap Jammer" and stored.given_title == ""
        with translation.override("zh-hans"):
            assert stored.heading != "Mirror Force v. Trap Jammer" and stored.given_title == "Mirror Force v. Trap Jammer"
        body = client.get(stored.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
        assert "连锁" in body.split("<h1>", 1)[1].split("</h1>", 1)[0]

    def test_the_builder_passes_the_judges_title(self, client):
        response = client.post("/scenarios/new/ygo/?mode=json", {"scenario": json.dumps(MIRROR_FORCE), "ruling_title": "  Mirror   Force  "})
        assert response.status_code == 302
        stored = Scenario.objects.get(code=engine.scenario_code(MIRROR_FORCE))
        assert stored.title == "Mirror Force" and stored.heading == "Mirror Force"


def test_a_spell_that_does_not_resolve_is_not_said_to_resolve():
    trace = [
        {"kind": "resolve", "message_id": "mtg.resolve", "params": {"item": "s1", "card_name": "Giant Growth"}, "text": "s1 resolves: Giant Growth."},
        {"kind": "resolve", "message_id": "mtg.resolve.target_illegal", "params": {"item": "s1", "card_name": "Giant Growth"},
         "text": "Grizzly Bears is no longer a legal target."},
        {"kind": "resolve", "message_id": "mtg.resolve.no_legal_targets", "params": {"item": "s1", "card_name": "Giant Growth"},
         "text": "s1 (Giant Growth) does not resolve: all its targets are illegal."},
    ]
    with translation.override("en"):
        summary = summarize(trace, {"players": [], "objects": [], "winner": None})
    assert summary == ["s1 (Giant Growth) does not resolve: all its targets are illegal."]


def test_a_creature_that_dies_to_damage_is_in_the_summary():
    golden = json.loads(open("fixtures/scenarios/mtg/107-3a-x-is-announced-while-casting.json", encoding="utf-8").read())
    scenario = golden["scenario"]
    answer = engine.resolve(scenario)
    died = [s for s in answer["trace"] if s.get("message_id") == "mtg.sba.graveyard"]
    assert died
    with translation.override("en"):
        text = " ".join(summarize(answer["trace"], answer["result"], scenario))
    for step in died:
        assert f"{step['params']['card_name']} is put into its owner's graveyard" in text
