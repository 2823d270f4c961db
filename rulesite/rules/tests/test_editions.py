"""Editions: diffs between editions, rule history, as-of links, glossary index, citation checks."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from conftest import CORPORA, needs_corpora
from rulesite.rules.editions import diff_html, document_units, edition_diff, iter_trace_citations, unit_body
from rulesite.rules.importers import ParsedDocument, ParsedSection
from rulesite.rules.models import Document, Section
from rulesite.rules.services import document_import
from rulesite.scenarios.models import Scenario

pytestmark = pytest.mark.django_db

OLD, NEW = "mtg-cr-2020-06-01", "mtg-cr-2022-04-29"


def cr_diff():
    return edition_diff(old=Document.objects.get(slug=OLD), new=Document.objects.get(slug=NEW))


def bodies(slug: str) -> dict[str, str]:
    rows = Section.objects.filter(document__slug=slug).values_list("number", "title", "text", "data")
    return {n: unit_body(t, x, (d or {}).get("examples") or []) for n, t, x, d in rows}


@needs_corpora
class ComprehensiveRulesDiffTests:
    def test_number_level_counts_match_plain_set_arithmetic(self):
        old, new = bodies(OLD), bodies(NEW)
        assert len(new.keys() - old.keys()) == 524
        assert len(old.keys() - new.keys()) == 253
        assert sum(old[n] != new[n] for n in old.keys() & new.keys()) == 1074
        assert sum(old[n] == new[n] for n in old.keys() & new.keys()) == 1822

    def test_it_counts_changes_once_renumbering_is_followed(self):
        assert cr_diff().counts() == {"changed": 368, "renumbered": 946, "added": 284, "removed": 13, "unchanged": 1822}

    def test_every_number_is_accounted_for_by_the_pairing(self):
        diff, old, new = cr_diff(), bodies(OLD), bodies(NEW)
        by_status = {status: set() for status in ("added", "removed", "changed")}
        for entry in diff.entries:
            if entry.status in by_status:
                by_status[entry.status].add(entry.number)
        paired_new = set(diff.old_to_new.values())
        # Unchanged units keep their number; a number only in the new edition is new text or
        # the new home of a renumbered rule; one only in the old edition was removed or moved.
        assert {n for n in old.keys() & new.keys() if old[n] == new[n]} <= {o for o, n in diff.old_to_new.items() if o == n}
        assert new.keys() - old.keys() <= by_status["added"] | paired_new
        assert old.keys() - new.keys() <= by_status["removed"] | diff.old_to_new.keys()
        assert by_status["changed"] <= {n for n in old.keys() & new.keys() if old[n] != new[n]}
        assert by_status["added"] | paired_new == new.keys()

    def test_cascade_702_84_is_renumbered_702_85(self):
        old_to_new = cr_diff().old_to_new
        assert old_to_new["702.84"] == "702.85"
        assert old_to_new["702.84a"] == "702.85a"  # text changed: converted mana cost → mana value
        assert old_to_new["702.84b"] == "702.85c"  # a new 702.85b was inserted before it

    def test_swapped_and_shifted_rules_are_renumbered(self):
        old_to_new = cr_diff().old_to_new
        assert old_to_new["103.1"] == "103.2" and old_to_new["103.2"] == "103.1"  # shuffle and first player swapped
        assert old_to_new["706.9"] == "707.9"
        assert old_to_new["glossary/converted-mana-cost"] == "glossary/mana-value"

    def test_renumbered_rule_without_text_change_is_marked_same_text(self):
        entry = next(e for e in cr_diff().entries if e.old_number == "702.84")
        assert entry.status == "renumbered" and not entry.text_changed

    def test_diff_page_marks_words_and_escapes_everything_else(self, client):
        response = client.get("/rules/mtg-cr/diff/2020-06-01/2022-04-29/", {"group": "702", "status": "changed"})
        body = response.content.decode()
        assert response.status_code == 200
        article = body[body.index('id="702.6a"') : body.index("</article>", body.index('id="702.6a"'))]
        assert "<del>" in article and "<ins>" in article
        assert "&quot;Equip [cost]&quot;" in article  # rule text quotes are escaped
        tags = set(re.findall(r"<(/?\w+)", article.split('class="diff-text">', 1)[1]))
        assert tags <= {"ins", "/ins", "del", "/del", "/div"}

    def test_diff_page_is_paginated_and_filtered(self, client):
        body = client.get("/rules/mtg-cr/diff/2020-06-01/2022-04-29/").content.decode()
        assert "946 renumbered" in body and "Page 1 of" in body
        body = client.get("/rules/mtg-cr/diff/2020-06-01/2022-04-29/", {"status": "removed"}).content.decode()
        assert body.count('class="diff-entry"') == 13

    def test_default_diff_is_newest_against_previous(self, client):
        response = client.get("/rules/mtg-cr/diff/")
        assert response.status_code == 302
        assert response.url == "/rules/mtg-cr/diff/2020-06-01/2022-04-29/"

    def test_editions_page_lists_dates_languages_and_diffs(self, client):
        body = client.get("/rules/mtg-cr/editions/").content.decode()
        assert body.index("2022-04-29") < body.index("2020-06-01")
        assert 'href="/rules/mtg-cr/diff/2020-06-01/2022-04-29/"' in body
        assert 'href="/rules/mtg-cr-2022-04-29/glossary/"' in body


@needs_corpora
class HistoryTests:
    def test_history_follows_cascade_through_its_renumbering(self, client):
        body = client.get("/rules/mtg-cr/history/702.85a/").content.decode()
        assert 'href="/rules/mtg-cr-2020-06-01/702.84a/"' in body
        assert 'href="/rules/mtg-cr-2022-04-29/702.85a/"' in body
        assert "was 702.84a" in body
        assert "<del>converted mana cost </del><ins>mana value </ins>" in body

    def test_history_of_an_older_edition_number(self, client):
        body = client.get("/rules/mtg-cr/history/702.84/", {"edition": "2020-06-01"}).content.decode()
        assert 'href="/rules/mtg-cr-2022-04-29/702.85/"' in body

    def test_edition_switch_follows_the_rule_not_the_number(self, client):
        response = client.get("/rules/mtg-cr/switch/2022-04-29/2020-06-01/702.85/")
        assert response.url == "/rules/mtg-cr-2020-06-01/702.84/"

    def test_section_page_has_the_edition_switcher(self, client):
        body = client.get("/rules/mtg-cr-2022-04-29/702.85/").content.decode()
        assert 'href="/rules/mtg-cr/switch/2022-04-29/2020-06-01/702.85/"' in body
        assert 'href="/rules/mtg-cr/history/702.85/?edition=2022-04-29"' in body

    def test_unknown_number_has_no_history(self, client):
        assert client.get("/rules/mtg-cr/history/999.99z/").status_code == 404


@needs_corpora
class AsOfTests:
    def test_as_of_picks_the_edition_in_force_that_day(self, client):
        url = "/rules/mtg-cr/current/702.85/"
        assert client.get(url, {"as_of": "2021-01-01"}).url == "/rules/mtg-cr-2020-06-01/702.85/"
        assert client.get(url, {"as_of": "2022-04-29"}).url == "/rules/mtg-cr-2022-04-29/702.85/"
        assert client.get(url).url == "/rules/mtg-cr-2022-04-29/702.85/"

    def test_before_the_oldest_edition_is_a_clear_404(self, client, settings):
        settings.DEBUG = True  # show the message in the 404 page
        response = client.get("/rules/mtg-cr/current/702.85/", {"as_of": "2019-01-01"})
        assert response.status_code == 404
        assert "No edition of mtg-cr was in force on 2019-01-01" in response.content.decode()

    def test_a_malformed_date_is_a_404(self, client):
        assert client.get("/rules/mtg-cr/current/702.85/", {"as_of": "yesterday"}).status_code == 404


def import_zh(edition: str, date: str, sections: list[ParsedSection]) -> Document:
    parsed = ParsedDocument("test-zh-rules", edition, "zh-Hans", "ygo", "测试规则", sections, date)
    document_import(parsed=parsed, fingerprint=f"test-zh-{edition}", source_name="test")
    return Document.objects.get(slug=parsed.slug)


@pytest.fixture
def zh_editions():
    old = import_zh("1", "2020-01-01", [
        ParsedSection("1", "总则", "", kind="chapter"),
        ParsedSection("1.1", "", "连锁处理时，后发动的效果先处理。<b>", parent="1", kind="rule"),
        ParsedSection("1.2", "", "怪兽的攻击力不能低于0。", parent="1", kind="rule"),
    ])
    new = import_zh("2", "2021-01-01", [
        ParsedSection("1", "总则", "", kind="chapter"),
        ParsedSection("1.1", "", "连锁处理时，后发动的效果先适用。<b>", parent="1", kind="rule"),
        ParsedSection("1.2", "", "每个回合只能通常召唤一次。", parent="1", kind="rule"),
        ParsedSection("1.3", "", "怪兽的攻击力不能低于0。", parent="1", kind="rule"),
    ])
    return old, new


class ChineseDiffTests:
    def test_chinese_is_compared_by_character(self):
        assert diff_html("后发动的效果先处理。", "后发动的效果先适用。") == "后发动的效果先<del>处理</del><ins>适用</ins>。"

    def test_a_small_chinese_edition_pair(self, zh_editions):
        old, new = zh_editions
        diff = edition_diff(old=old, new=new)
        assert diff.counts() == {"changed": 1, "renumbered": 1, "added": 1, "removed": 0, "unchanged": 1}
        assert diff.old_to_new["1.2"] == "1.3"
        assert diff.numbers("added") == ["1.2"]

    def test_chinese_diff_page_escapes_rule_text(self, client, zh_editions):
        body = client.get("/rules/test-zh-rules/diff/1/2/").content.decode()
        assert "先<del>处理</del><ins>适用</ins>。&lt;b&gt;" in body
        assert "。<b>" not in body


class GlossaryTests:
    @needs_corpora
    def test_glossary_index_lists_terms_by_initial(self, client):
        body = client.get("/rules/mtg-cr-2022-04-29/glossary/").content.decode()
        assert 'id="initial-C"' in body
        assert 'href="/rules/mtg-cr-2022-04-29/glossary/cascade/"' in body
        assert body.index('id="initial-A"') < body.index('id="initial-Z"')

    @needs_corpora
    def test_glossary_entries_still_have_their_own_page(self, client):
        assert client.get("/rules/mtg-cr-2022-04-29/glossary/cascade/").status_code == 200

    def test_a_document_without_glossary_has_no_index(self, client):
        assert client.get("/rules/fow-whitepaper-2.3/glossary/").status_code == 404


def make_ruling(code: str, citations: list[tuple[str, str]]) -> Scenario:
    trace = [{"index": 0, "kind": "choice", "rule": None, "branches": [
        {"choice": "a", "trace": [{"index": i, "kind": "resolve", "rule": {"document": d, "number": n}} for i, (d, n) in enumerate(citations)], "result": {}},
    ]}]
    return Scenario.objects.create(code=code, game="mtg", ruleset="cr-2022-04-29", canonical="{}", trace=trace, result={}, engine_version="0")


class CitationCheckTests:
    def test_citations_are_found_inside_branches(self):
        trace = make_ruling("t1", [("doc", "1.1"), ("doc", "2")]).trace
        assert list(iter_trace_citations(trace)) == [("0.branches[0].0", "doc", "1.1"), ("0.branches[0].1", "doc", "2")]

    @needs_corpora
    def test_a_missing_number_is_listed_with_its_likely_new_number_and_exits_1(self):
        make_ruling("missing1", [(NEW, "706.9"), (NEW, "702.85a")])
        out = io.StringIO()
        with pytest.raises(CommandError) as raised:
            call_command("check_citations", "--no-golden", stdout=out)
        assert raised.value.returncode == 1
        assert "missing: mtg-cr-2022-04-29 706.9 → likely mtg-cr-2022-04-29 707.9" in out.getvalue()
        assert "cited by /r/missing1/ step 0.branches[0].0" in out.getvalue()
        assert "702.85a" not in out.getvalue()  # current and present: nothing to say

    @needs_corpora
    def test_a_ruling_on_an_older_edition_is_told_of_renumbering_and_changes(self):
        make_ruling("old1", [(OLD, "702.84a"), (OLD, "100.1")])
        out = io.StringIO()
        call_command("check_citations", "--no-golden", stdout=out)
        assert "renumbered: mtg-cr-2020-06-01 702.84a → likely mtg-cr-2022-04-29 702.85a" in out.getvalue()
        assert "0 missing" in out.getvalue()

    def test_the_maintenance_page_is_for_staff_only(self, client):
        make_ruling("x1", [("ygo-ocg-rules-arcv", "99.99")])
        assert client.get("/rules/maintenance/citations/").status_code == 302
        staff = get_user_model().objects.create_user("judge", password="pw", is_staff=True)
        client.force_login(staff)
        body = client.get("/rules/maintenance/citations/").content.decode()
        assert "missing" in body and "99.99" in body


@needs_corpora
class DryRunTests:
    def test_a_new_editions_dry_run_shows_the_diff_against_the_previous_edition(self):
        Document.objects.filter(slug=NEW).delete()  # rolled back after the test
        out = io.StringIO()
        call_command("import_rules", str(CORPORA / "MagicCompRules-20220429.txt"), "--format", "mtg-cr", "--dry-run", stdout=out)
        assert "against mtg-cr-2020-06-01: +284 -13 ~368 renumbered 946, unchanged 1822" in out.getvalue()
        assert "  renumbered (946): 103.2→103.1, 103.2a→103.1a" in out.getvalue()
        assert not Document.objects.filter(slug=NEW).exists()
        assert Document.objects.get(slug=OLD).sections.count() == 3149

    def test_importing_a_new_edition_keeps_the_older_one(self):
        old = Document.objects.get(slug=OLD)
        parsed = ParsedDocument("mtg-cr", "2099-01-01", "en", "mtg", "Test edition", [ParsedSection("100", "General", "")], "2099-01-01")
        document_import(parsed=parsed, fingerprint="test-new-edition", source_name="test")
        assert Document.objects.get(slug=OLD).section_count == old.section_count == Section.objects.filter(document=old).count()
        assert Document.objects.filter(family="mtg-cr").count() == 4  # 2020-06-01, 2022-04-29, its zh-Hans translation, 2099-01-01
