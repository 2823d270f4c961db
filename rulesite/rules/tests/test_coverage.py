"""Engine coverage of a document: the sections demo rulings cite, with the rulings as evidence."""

from __future__ import annotations

import pytest

from rulesite.rules.coverage import document_coverage
from rulesite.rules.editions import iter_trace_citations

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]
ARCV = "ygo-ocg-rules-arcv"


@pytest.fixture
def demo():
    from rulesite.api.tests.test_api import MIRROR_FORCE
    from rulesite.scenarios.services import scenario_create

    scenario, _ = scenario_create(scenario=MIRROR_FORCE, title="Mirror Force demo", is_demo=True)
    return scenario


class DocumentCoverageTests:
    def test_every_section_a_demo_cites_is_listed_with_the_ruling_and_its_step_count(self, demo):
        cited_here = [number for _, document, number in iter_trace_citations(demo.trace) if document == ARCV]
        coverage = document_coverage(document_slug=ARCV)
        rows = {row.section.number: row for row in coverage.cited}
        assert set(rows) == set(cited_here)
        for number, row in rows.items():
            assert row.rulings[0].code == demo.code and row.rulings[0].title == "Mirror Force demo"
            assert row.steps == cited_here.count(number)
        assert coverage.total == coverage.document.sections.count() == len(coverage.cited) + len(coverage.uncited)

    def test_rulings_that_are_not_demos_or_are_withdrawn_do_not_count(self, demo):
        from django.utils import timezone

        from rulesite.scenarios.models import Scenario

        Scenario.objects.filter(pk=demo.pk).update(is_demo=False)
        assert document_coverage(document_slug=ARCV).cited == []
        Scenario.objects.filter(pk=demo.pk).update(is_demo=True, withdrawn_at=timezone.now())
        assert document_coverage(document_slug=ARCV).cited == []

    def test_a_new_demo_is_seen_at_once(self, demo):
        assert document_coverage(document_slug="fow-whitepaper-2.3").cited == []
        import json
        from pathlib import Path

        from django.conf import settings

        from rulesite.scenarios.services import scenario_create

        path = sorted((Path(settings.BASE_DIR) / "fixtures" / "scenarios" / "fow").glob("*.json"))[0]
        scenario_create(scenario=json.loads(path.read_text())["scenario"], title="FoW demo", is_demo=True)
        assert document_coverage(document_slug="fow-whitepaper-2.3").cited


class CoveragePageTests:
    def test_the_page_lists_cited_sections_linking_rules_and_rulings(self, client, demo):
        body = client.get(f"/rules/{ARCV}/coverage/").content.decode()
        assert 'href="/rules/ygo-ocg-rules-arcv/4.2.4.2.i1/"' in body
        assert f'href="/r/{demo.code}/"' in body and "Mirror Force demo" in body
        assert "not cited by any demo ruling" in body

    def test_the_document_page_links_to_it_and_an_unknown_document_is_a_404(self, client):
        assert f'href="/rules/{ARCV}/coverage/"' in client.get(f"/rules/{ARCV}/").content.decode()
        assert client.get("/rules/no-such-document/coverage/").status_code == 404
