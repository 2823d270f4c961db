"""Cross-references as stored and linked on the section pages, per form (issue 17), and the
``check_references`` report of number-like text left unlinked."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from conftest import needs_corpora
from rulesite.rules.models import Reference

pytestmark = pytest.mark.django_db

CR, ZH, WP = "mtg-cr-2022-04-29", "mtg-cr-2022-04-29-zh", "fow-whitepaper-2.3"


def targets(document: str, number: str) -> set[str]:
    return set(Reference.objects.filter(source__document__slug=document, source__number=number)
               .values_list("target__number", flat=True))


def links(client, document: str, number: str) -> dict[str, str]:
    """Return ``{link text: target number}`` of the page's cross-reference links."""
    body = client.get(f"/rules/{document}/{number}/").content.decode()
    return {text: href for href, text in re.findall(rf'<a class="xref" href="/rules/{document}/([^"]+)/">([^<]+)</a>', body)}


@needs_corpora
class ComprehensiveRulesTests:
    def test_a_range_links_its_end(self, client):
        assert {"509.1", "509.3"} <= targets(CR, "509.4a")
        assert links(client, CR, "509.4a")["3"] == "509.3"  # not chapter 3
        assert {"601.2a", "601.2h"} <= targets(CR, "601.2i")
        assert {"616.1a", "616.1f"} <= targets(CR, "616.1g")
        assert {"119.7", "119.8"} <= targets(CR, "701.10c")

    def test_a_range_cites_the_rules_between_its_ends(self, client):
        assert "509.2" in targets(CR, "509.4a")
        assert {"601.2b", "601.2c", "601.2g"} <= targets(CR, "601.2i")
        # Only the ends are links in the text.
        assert set(links(client, CR, "601.2i").values()) >= {"601.2a", "601.2h"}
        assert "601.2c" not in links(client, CR, "601.2i").values()

    def test_a_list_links_every_number(self, client):
        assert {"205.1a", "205.1b", "305.7", "613.1d"} <= targets(CR, "glossary/type-changing-effect")

    def test_numbers_without_a_cue_word(self, client):
        assert "101.4a" in targets(CR, "101.4b")
        assert "613.10" in targets(CR, "700.5a")

    def test_chinese_forms(self, client):
        assert {"613.7", "613.8"} <= targets(ZH, "613.10")
        assert links(client, ZH, "613.10")["613.8"] == "613.8"
        assert "101.4a" in targets(ZH, "101.4b")


class WhitepaperTests:
    def test_a_chapter_in_brackets_and_steps(self, client):
        assert "8" in targets(WP, "7.4")
        assert {"8.4", "8.5"} <= targets(WP, "11.3")
        assert links(client, WP, "11.3") == {"8.4": "8.4", "8.5": "8.5"}


class ReportTests:
    def test_the_report_counts_links_and_lists_what_is_left(self):
        out = io.StringIO()
        call_command("check_references", WP, "ygo-rulebook-mr2", stdout=out)
        lines = out.getvalue().splitlines()
        wp_links = Reference.objects.filter(source__document__slug=WP).count()
        assert lines[0] == f"{WP}: {wp_links} links, 0 number-like texts unlinked"
        assert re.fullmatch(r"2 documents: \d+ links, \d+ number-like texts unlinked\.", lines[-1])

    @needs_corpora
    def test_an_unlinked_number_is_listed_with_its_section(self):
        out = io.StringIO()
        call_command("check_references", CR, stdout=out)
        assert "108.2a: '2.5' in …" in out.getvalue()  # a card's size, not a rule

    def test_an_unknown_document_is_refused(self):
        with pytest.raises(CommandError, match="no such document: nope"):
            call_command("check_references", "nope", stdout=io.StringIO())
