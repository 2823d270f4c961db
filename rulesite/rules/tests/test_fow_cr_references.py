"""The Force of Will whitepaper's silent points and sections → the Comprehensive Rules on the same
topic (issue 15): the table's targets exist, the engine's not-covered steps carry them as another
document's rules, and the pages link them as such."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import engine
from conftest import needs_corpora
from engine.fow import rules as fow_rules
from rulesite.rules.models import Section
from rulesite.scenarios.services import scenario_create

GOLDENS = Path(__file__).resolve().parents[3] / "fixtures" / "scenarios" / "fow"


def golden(name: str) -> dict:
    return json.loads((GOLDENS / f"{name}.json").read_text(encoding="utf-8"))["scenario"]


class TableTests:
    def test_every_point_and_section_of_the_table_is_the_whitepapers(self):
        assert set(fow_rules.CR_ON_SILENT_POINT) <= set(fow_rules.SILENT_POINTS)
        assert set(fow_rules.CR_ON_SECTION) <= fow_rules.SECTIONS

    def test_every_point_the_cr_speaks_to_is_in_the_table(self):
        # Only "card text the engine cannot read" has no counterpart in the CR.
        assert set(fow_rules.SILENT_POINTS) - set(fow_rules.CR_ON_SILENT_POINT) == {"cannot_evaluate"}

    def test_every_whitepaper_section_a_point_names_has_cr_rules(self):
        named = {number for text in fow_rules.SILENT_POINTS.values()
                 for number in re.findall(r"\b(\d{1,2}\.\d{1,2})\b", text)}
        assert named and named <= set(fow_rules.CR_ON_SECTION)

    def test_a_not_covered_step_carries_the_cr_rules_for_reference(self):
        trace = engine.resolve(golden("1-5-paying-more-life-than-you-have-is-not-covered"))["trace"]
        step = next(step for step in trace if step["kind"] == "not_covered")
        assert step["rule"] is None and step["source"].startswith("not covered by this document")
        assert [rule["number"] for rule in step["see_also"]] == ["105.4a", "903.2l-1"]
        assert step["see_also"][0] == {"document": "fow-cr-12.7", "number": "105.4a", "url": "/rules/fow-cr-12.7/105.4a/"}


@needs_corpora
@pytest.mark.django_db
class ImportedTests:
    def test_every_target_rule_exists_in_the_comprehensive_rules(self):
        numbers = {n for table in (fow_rules.CR_ON_SILENT_POINT, fow_rules.CR_ON_SECTION) for ns in table.values() for n in ns}
        found = set(Section.objects.filter(document__slug=fow_rules.CR_DOCUMENT, number__in=numbers)
                    .values_list("number", flat=True))
        assert numbers - found == set()

    def test_a_whitepaper_section_page_links_the_cr_as_another_document(self, client):
        page = client.get("/rules/fow-whitepaper-2.3/10.18/").content.decode()
        assert 'id="other-document"' in page
        assert 'href="/rules/fow-cr-12.7/1019.1/"' in page and 'href="/rules/fow-cr-12.7/1019.2/"' in page
        assert "the engine applies this document, not the other one" in page

    def test_a_section_without_a_counterpart_shows_none(self, client):
        assert 'id="other-document"' not in client.get("/rules/fow-whitepaper-2.3/6.1/").content.decode()

    def test_the_ruling_page_links_the_cr_beside_the_not_covered_step(self, client):
        ruling, _ = scenario_create(scenario=golden("10-16-copy-judgment-not-covered"))
        page = client.get(ruling.get_absolute_url()).content.decode()
        assert 'class="cite other-document" href="/rules/fow-cr-12.7/705.2d/"' in page
        assert "FoW CR 705.2d (12.7)" in page
