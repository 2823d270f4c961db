"""Re-checking, exporting, importing and withdrawing ruling permalinks."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model

import engine
from rulesite.api.tests.test_api import MIRROR_FORCE
from rulesite.scenarios.diff import result_diff, trace_diff
from rulesite.scenarios.models import Scenario
from rulesite.scenarios.services import scenario_create, scenario_withdraw

pytestmark = pytest.mark.django_db


@pytest.fixture
def ruling():
    scenario, _ = scenario_create(scenario=MIRROR_FORCE)
    return scenario


def simulate_old_engine(scenario: Scenario) -> None:
    """Rewrite the stored answer as an older engine might have given it."""
    trace = json.loads(json.dumps(scenario.trace))
    # Find the steps by what they say, not by position: later engines add steps around them.
    negate = next(i for i, step in enumerate(trace) if step["message_id"] == "ygo.negate.activation")
    trace[negate]["rule"]["number"] = "3.4.1"
    del trace[next(i for i, step in enumerate(trace) if step["message_id"] == "ygo.no_effect.activation_negated")]
    result = json.loads(json.dumps(scenario.result))
    result["objects"][0]["zone"] = "graveyard"
    Scenario.objects.filter(pk=scenario.pk).update(trace=trace, result=result, engine_version="0.0.9")


class RecheckTests:
    def test_a_fresh_ruling_shows_no_difference(self, client, ruling):
        response = client.get(f"/r/{ruling.code}/recheck/")
        assert response.status_code == 200
        assert "No difference" in response.content.decode()

    def test_an_old_trace_shows_each_difference_step_by_step(self, client, ruling):
        simulate_old_engine(ruling)
        body = client.get(f"/r/{ruling.code}/recheck/").content.decode()
        assert "No difference" not in body
        assert "1 step differs" not in body and "2 steps differ" in body
        assert "<del>ygo-ocg-rules-arcv 3.4.1</del>" in body and "<ins>ygo-ocg-rules-arcv 3.4.1.i6</ins>" in body
        assert "added" in body and "ygo.no_effect.activation_negated" in body
        assert "objects[m1].zone" in body and "<del>graveyard</del>" in body

    def test_a_recheck_never_overwrites_the_stored_ruling(self, client, ruling):
        simulate_old_engine(ruling)
        stored = Scenario.objects.get(pk=ruling.pk)
        client.get(f"/r/{ruling.code}/recheck/")
        again = Scenario.objects.get(pk=ruling.pk)
        assert (again.trace, again.result, again.engine_version) == (stored.trace, stored.result, "0.0.9")

    def test_the_diff_aligns_an_inserted_step_instead_of_shifting_every_step(self):
        old = [{"kind": "a", "message_id": "m.a", "params": {}, "rule": None}, {"kind": "c", "message_id": "m.c", "params": {}, "rule": None}]
        new = [old[0], {"kind": "b", "message_id": "m.b", "params": {}, "rule": None}, old[1]]
        assert [(c.op, c.new["kind"]) for c in trace_diff(old, new)] == [("added", "b")]

    def test_the_diff_ignores_the_rendered_text(self):
        step = {"kind": "a", "message_id": "m.a", "params": {"x": 1}, "rule": None, "text": "one"}
        assert trace_diff([step], [{**step, "text": "another wording"}]) == []
        assert [(c.name, c.old, c.new) for c in trace_diff([step], [{**step, "params": {"x": 2}}])[0].fields] == [("params.x", "1", "2")]

    def test_the_result_diff_names_objects_by_id(self):
        changes = result_diff({"objects": [{"id": "m1", "atk": 1}]}, {"objects": [{"id": "m1", "atk": 2}], "winner": "p1"})
        assert [(c.name, c.old, c.new) for c in changes] == [("objects[m1].atk", "1", "2"), ("winner", "—", "p1")]


class ExportImportTests:
    def test_the_export_has_the_scenario_answer_and_provenance(self, client, ruling):
        response = client.get(f"/r/{ruling.code}/export.json")
        assert response.status_code == 200 and response["Content-Type"] == "application/json"
        assert "attachment" in response["Content-Disposition"]
        data = response.json()
        assert data["code"] == ruling.code and data["scenario"] == json.loads(ruling.canonical)
        assert data["trace"] == ruling.trace and data["result"] == ruling.result
        assert data["engine_version"] == engine.ENGINE_VERSION and data["created_at"].startswith(str(ruling.created_at.year))

    def test_a_round_trip_keeps_the_code_and_resolves_again(self, client, ruling):
        exported = client.get(f"/r/{ruling.code}/export.json").json()
        Scenario.objects.all().delete()  # "elsewhere": a site that does not have it
        response = client.post("/api/v1/scenarios/import/", data=json.dumps(exported), content_type="application/json")
        assert response.status_code == 201
        body = response.json()
        assert body["code"] == ruling.code and body["created"] and body["matches"]
        assert Scenario.objects.get(code=ruling.code).trace == engine.resolve(MIRROR_FORCE)["trace"]

    def test_a_tampered_trace_is_not_trusted(self, client, ruling):
        exported = client.get(f"/r/{ruling.code}/export.json").json()
        Scenario.objects.all().delete()
        exported["trace"][5]["params"]["by_link"] = 99
        exported["result"]["winner"] = "p2"
        response = client.post("/api/v1/scenarios/import/", data=json.dumps(exported), content_type="application/json")
        body = response.json()
        assert response.status_code == 201 and body["code"] == ruling.code and not body["matches"]
        assert body["step_differences"] == 1 and body["result_differences"] == 1
        stored = Scenario.objects.get(code=ruling.code)
        assert stored.trace[5]["params"]["by_link"] == 2 and stored.result["winner"] is None

    def test_the_import_page_says_when_the_file_differs(self, client, ruling):
        exported = client.get(f"/r/{ruling.code}/export.json").json()
        Scenario.objects.all().delete()
        exported["trace"][0]["rule"]["number"] = "9.9.9"
        response = client.post("/r/import/", {"text": json.dumps(exported)})
        body = response.content.decode()
        assert response.status_code == 200 and "Ruling imported" in body
        assert f"/r/{ruling.code}/" in body and "The file was not trusted" in body and "<del>ygo-ocg-rules-arcv 9.9.9</del>" in body

    def test_an_uploaded_file_is_imported(self, client, ruling):
        from django.core.files.uploadedfile import SimpleUploadedFile

        exported = client.get(f"/r/{ruling.code}/export.json").content
        response = client.post("/r/import/", {"file": SimpleUploadedFile("ruling.json", exported, "application/json")})
        body = response.content.decode()
        assert response.status_code == 200 and "This ruling is already here" in body and "No difference" in body

    def test_a_file_that_is_not_an_export_is_a_400(self, client):
        response = client.post("/api/v1/scenarios/import/", data=json.dumps(MIRROR_FORCE), content_type="application/json")
        assert response.status_code == 400 and response.json()["errors"][0]["path"] == "format"
        assert client.post("/r/import/", {"text": "not json"}).status_code == 400

    def test_an_edited_code_is_reported_and_ignored(self, client, ruling):
        exported = client.get(f"/r/{ruling.code}/export.json").json()
        exported["code"] = "forgedcode"
        body = client.post("/api/v1/scenarios/import/", data=json.dumps(exported), content_type="application/json").json()
        assert body["code"] == ruling.code and body["code_matches"] is False
        assert not Scenario.objects.filter(code="forgedcode").exists()


class WithdrawTests:
    def test_a_withdrawn_permalink_is_410_and_its_code_is_never_reused(self, client, ruling):
        scenario_withdraw(scenario=ruling, reason="abusive names")
        response = client.get(ruling.get_absolute_url())
        assert response.status_code == 410 and "abusive names" in response.content.decode()
        assert "Dark Magician" not in response.content.decode()
        again, created = scenario_create(scenario=MIRROR_FORCE)
        assert not created and again.pk == ruling.pk and again.withdrawn_at is not None
        assert Scenario.objects.filter(code=ruling.code).count() == 1

    def test_importing_a_withdrawn_code_does_not_bring_it_back(self, client, ruling):
        exported = client.get(f"/r/{ruling.code}/export.json").json()
        scenario_withdraw(scenario=ruling, reason="abuse")
        response = client.post("/api/v1/scenarios/import/", data=json.dumps(exported), content_type="application/json")
        assert response.status_code == 200 and response.json()["created"] is False
        assert Scenario.objects.get(code=ruling.code).withdrawn_at is not None
        assert client.get(ruling.get_absolute_url()).status_code == 410

    def test_a_withdrawn_permalink_has_no_export_recheck_or_qr(self, client, ruling):
        scenario_withdraw(scenario=ruling, reason="abuse")
        for suffix in ("export.json", "recheck/", "qr.svg"):
            assert client.get(f"/r/{ruling.code}/{suffix}").status_code == 404

    def test_an_administrator_withdraws_with_a_reason_from_the_admin(self, client, ruling):
        admin = get_user_model().objects.create_superuser("admin", "admin@example.org", "admin-pass")
        client.force_login(admin)
        url = "/admin/scenarios/scenario/"
        form = client.post(url, {"action": "withdraw", "_selected_action": [ruling.pk]})
        assert form.status_code == 200 and "Reason shown on the page" in form.content.decode()
        done = client.post(url, {"action": "withdraw", "_selected_action": [ruling.pk], "apply": "1", "reason": "spam"})
        assert done.status_code == 302
        ruling.refresh_from_db()
        assert ruling.withdrawn_at is not None and ruling.withdrawn_reason == "spam"

    def test_scenarios_and_annotations_are_in_the_admin(self, client):
        admin = get_user_model().objects.create_superuser("admin", "admin@example.org", "admin-pass")
        client.force_login(admin)
        assert client.get("/admin/scenarios/scenario/").status_code == 200
        assert client.get("/admin/scenarios/annotation/").status_code == 200
