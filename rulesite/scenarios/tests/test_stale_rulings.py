"""Stored rulings that the stricter engine no longer accepts (a key it used to ignore): the page
still shows the stored resolution and says plainly, near the top, "Not valid under engine X:
`<path>`: <message>"; the re-check says the same; never a 500."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

import engine
from rulesite.api.tests.test_api import MIRROR_FORCE
from rulesite.scenarios.models import Scenario
from rulesite.scenarios.services import cited_documents

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]

STALE = {**MIRROR_FORCE, "notes": "the judge's own note, which an older engine ignored"}
"""A scenario an older engine took, keeping a key it ignored; this engine refuses it."""


@pytest.fixture
def stale() -> Scenario:
    """Store ``STALE`` as an older engine did: its code and canonical JSON, the answer it gave."""
    answer = engine.resolve(MIRROR_FORCE)
    assert engine.validate(STALE) and not engine.validate(MIRROR_FORCE)
    return Scenario.objects.create(
        code=engine.scenario_code(STALE), game="ygo", ruleset="arcv", canonical=engine.canonical_json(STALE),
        trace=answer["trace"], result=answer["result"], engine_version="0.1.0", rules_documents=cited_documents(answer["trace"]),
    )


def notice(body: str) -> str:
    return body.split('<div class="notice invalid-notice" role="alert">', 1)[1].split("</div>", 1)[0]


class StaleRulingTests:
    def test_the_page_shows_the_stored_resolution_and_says_why_it_no_longer_validates(self, client, stale):
        response = client.get(stale.get_absolute_url())
        assert response.status_code == 200
        body = response.content.decode()
        error = engine.validate(STALE)[0]
        shown = notice(body)
        assert f"<strong>Not valid under engine {engine.ENGINE_VERSION}:</strong> <code>{error['path']}</code>:" in shown
        assert error["path"] == "notes" and error["message"].replace("'", "&#x27;") in shown
        assert body.index("invalid-notice") < body.index('id="glance-h"'), "near the top"
        timeline = body.split('<ol class="timeline">', 1)[1].split("</ol>", 1)[0]
        assert timeline.count('<li class="step') == len(stale.trace)

    def test_the_recheck_says_the_same(self, client, stale):
        response = client.get(f"/r/{stale.code}/recheck/")
        assert response.status_code == 200
        body = response.content.decode()
        assert f"<strong>Not valid under engine {engine.ENGINE_VERSION}:</strong> <code>notes</code>:" in notice(body)
        assert "The stored ruling is not changed" in notice(body)

    def test_it_is_said_in_chinese(self, client, stale):
        with translation.override("zh-hans"):
            body = client.get(stale.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
        assert f"在引擎 {engine.ENGINE_VERSION} 下无效：" in notice(body)
        with translation.override("zh-hant"):
            body = client.get(f"/r/{stale.code}/recheck/", HTTP_ACCEPT_LANGUAGE="zh-hant").content.decode()
        assert f"在引擎 {engine.ENGINE_VERSION} 下無效：" in notice(body)

    def test_its_stored_json_code_export_and_api_answer_stay_as_they_were(self, client, stale):
        before = Scenario.objects.filter(pk=stale.pk).values("code", "canonical", "trace", "result").get()
        client.get(stale.get_absolute_url())
        client.get(f"/r/{stale.code}/recheck/")
        assert Scenario.objects.filter(pk=stale.pk).values("code", "canonical", "trace", "result").get() == before
        assert client.get(f"/r/{stale.code}/export.json").json()["scenario"] == STALE
        assert client.get(f"/api/v1/scenarios/{stale.code}/").json()["trace"] == stale.trace

    def test_many_errors_are_listed_and_a_broken_canonical_never_gives_a_500(self, client):
        many = {**MIRROR_FORCE, **{f"extra{i}": i for i in range(25)}}
        answer = engine.resolve(MIRROR_FORCE)
        stored = Scenario.objects.create(code=engine.scenario_code(many), game="ygo", ruleset="arcv",
                                         canonical=engine.canonical_json(many), trace=answer["trace"], result=answer["result"],
                                         engine_version="0.1.0")
        body = client.get(stored.get_absolute_url()).content.decode()
        assert notice(body).count("<li>") == 20 and "and 5 more" in notice(body)
        odd = Scenario.objects.create(code="odd000000000", game="ygo", ruleset="arcv", canonical=json.dumps({"format": "1"}),
                                      trace=[{"kind": "weird"}], result={}, engine_version="0.0.1")
        assert client.get(odd.get_absolute_url()).status_code == 200
        assert client.get(f"/r/{odd.code}/recheck/").status_code == 200

    def test_a_valid_ruling_has_no_notice(self, client):
        answer = engine.resolve(MIRROR_FORCE)
        stored = Scenario.objects.create(code=engine.scenario_code(MIRROR_FORCE), game="ygo", ruleset="arcv",
                                         canonical=engine.canonical_json(MIRROR_FORCE), trace=answer["trace"],
                                         result=answer["result"], engine_version="0.1.0")
        assert "invalid-notice" not in client.get(stored.get_absolute_url()).content.decode()
