"""Ruling permalinks: stored once, immutable, shown with every step cited."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command

import engine
from rulesite.api.tests.test_api import MIRROR_FORCE
from rulesite.scenarios.models import Scenario
from rulesite.scenarios.services import cited_documents, scenario_create

pytestmark = pytest.mark.django_db

GOLDEN_DIR = Path(__file__).resolve().parents[3] / "fixtures" / "scenarios"


class PermalinkTests:
    def test_the_code_comes_from_the_scenario_alone(self):
        scenario, created = scenario_create(scenario=MIRROR_FORCE)
        assert created and scenario.code == engine.scenario_code(MIRROR_FORCE)
        again, created_again = scenario_create(scenario=json.loads(json.dumps(MIRROR_FORCE)))
        assert not created_again and again.pk == scenario.pk

    def test_a_stored_permalink_is_never_rewritten(self):
        scenario, _ = scenario_create(scenario=MIRROR_FORCE)
        canonical, trace = scenario.canonical, scenario.trace
        scenario_create(scenario=MIRROR_FORCE, title="another title")
        scenario.refresh_from_db()
        assert scenario.canonical == canonical and scenario.trace == trace and scenario.title == ""

    def test_the_page_shows_board_steps_and_rule_links(self, client):
        scenario, _ = scenario_create(scenario=MIRROR_FORCE)
        response = client.get(f"/r/{scenario.code}/")
        body = response.content.decode()
        assert response.status_code == 200
        assert "Dark Magician" in body and "Trap Jammer" in body
        assert 'class="cite" href="/rules/ygo-ocg-rules-arcv/' in body
        assert scenario.engine_version in body

    def test_every_cited_rule_exists_in_the_imported_documents(self):
        from rulesite.rules.models import Section

        scenario, _ = scenario_create(scenario=MIRROR_FORCE)
        for step in scenario.trace:
            if step["rule"]:
                assert Section.objects.filter(
                    document__slug=step["rule"]["document"], number=step["rule"]["number"]
                ).exists(), step["rule"]

    def test_the_cited_documents_are_recorded(self):
        scenario, _ = scenario_create(scenario=MIRROR_FORCE)
        # ARC-V steps cite the 2011 rulebook where the ARC-V transcription is cut off.
        assert scenario.rules_documents == cited_documents(scenario.trace)
        assert "ygo-ocg-rules-arcv" in scenario.rules_documents

    def test_markup_in_card_names_is_escaped(self, client):
        hostile = json.loads(json.dumps(MIRROR_FORCE))
        hostile["objects"][0]["name"] = "<script>alert('x')</script>"
        scenario, _ = scenario_create(scenario=hostile)
        body = client.get(f"/r/{scenario.code}/").content.decode()
        assert "<script>alert" not in body
        assert "&lt;script&gt;alert" in body

    def test_unknown_code_is_404(self, client):
        assert client.get("/r/doesnotexist/").status_code == 404

    def test_a_withdrawn_permalink_shows_a_notice(self, client):
        from django.utils import timezone

        scenario, _ = scenario_create(scenario=MIRROR_FORCE)
        Scenario.objects.filter(pk=scenario.pk).update(withdrawn_at=timezone.now(), withdrawn_reason="abusive content")
        response = client.get(f"/r/{scenario.code}/")
        assert response.status_code == 410
        assert "abusive content" in response.content.decode()


class DemoScenarioTests:
    def test_every_golden_file_loads_as_a_demo_and_is_listed_on_the_home_page(self, client):
        files = sorted(GOLDEN_DIR.glob("*/*.json"))
        assert files, "there must be demo scenarios"
        call_command("load_scenarios", stdout=open("/dev/null", "w"))
        assert Scenario.objects.demos().count() == len({engine.scenario_code(json.loads(f.read_text())["scenario"]) for f in files})
        body = client.get("/").content.decode()
        first = Scenario.objects.demos().first()
        assert first.get_absolute_url() in body

    def test_loading_twice_stores_nothing_new(self):
        call_command("load_scenarios", stdout=open("/dev/null", "w"))
        count = Scenario.objects.count()
        call_command("load_scenarios", stdout=open("/dev/null", "w"))
        assert Scenario.objects.count() == count


class HealthTests:
    def test_healthz(self, client):
        response = client.get("/healthz")
        assert response.status_code == 200 and response.json() == {"status": "ok"}
