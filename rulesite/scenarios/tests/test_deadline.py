"""The deadline on the site: RESOLVE_DEADLINE_S, read from the environment and failing loudly on a
bad value, passed to every resolution (the API, the builder, imports, re-checks,
load_scenarios, an old ruling's boards); past it a 400 saying the board is too complex, naming
what grew, and a warning in the log with the scenario's code.

No test here is timed: a deadline of a microsecond is past at the first check the engine
makes (every engine checks in its loops over actions and chain links, so even the one-link
Mirror Force chain reaches one), and where a small board must get through while a big one is
stopped, the engine's clock is a counter that moves on by a fixed step at every reading
(:func:`counting_clock`): the board whose loops grow reads it far more often.
"""

from __future__ import annotations

import json
import logging
from io import StringIO

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import CommandError, call_command
from django.test import override_settings

import engine
from rulesite.api.tests.test_api import MIRROR_FORCE
from rulesite.scenarios import selectors
from rulesite.scenarios.models import Scenario
from rulesite.scenarios.services import scenario_create
from rulesite.scenarios.tests.boards_data import without_boards
from rulesite.scenarios.tests.test_builder import form_data
from rulesite.settings import env_seconds

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]

TINY = 1e-6
"""A deadline every resolution that reaches a check is past."""


def big_chain(links: int = 80) -> dict:
    """Return a valid Yu-Gi-Oh! board whose chain grows to ``links`` Quick Effects."""
    objects = [{"id": f"q{i}", "name": f"Quick {i}", "owner": "p1" if i % 2 == 0 else "p2", "zone": "graveyard",
                "kind": "monster", "subtype": "effect", "level": 4, "atk": 1000, "def": 1000,
                "effects": [{"class": "quick", "actions": [{"do": "damage", "player": "opponent", "amount": 1}]}]}
               for i in range(links)]
    return {"format": "1", "game": "ygo", "ruleset": "arcv", "options": {},
            "players": [{"id": "p1", "lp": 8000}, {"id": "p2", "lp": 8000}],
            "turn": {"active": "p1", "phase": "main1", "step": None, "number": 3},
            "objects": objects, "chain": [], "pending": [], "effects": [],
            "actions": [{"type": "activate", "card": f"q{i}"} for i in range(links)]}


@pytest.fixture
def counting_clock(monkeypatch):
    """Make the engine's deadline clock move on by 10 ms at every reading (never by wall time)."""
    import engine.core.deadline as deadline

    class Clock:
        readings = 0

        @classmethod
        def monotonic(cls) -> float:
            cls.readings += 1
            return cls.readings * 0.01

    monkeypatch.setattr(deadline, "time", Clock)
    return Clock


def post_json(client, url: str, body: object):
    return client.post(url, data=json.dumps(body), content_type="application/json")


def assert_too_complex(errors: list[dict]) -> None:
    assert len(errors) == 1 and errors[0]["path"] == ""
    message = errors[0]["message"]
    assert message.startswith("the board is too complex to resolve within 1e-06 s: it stopped while "), message
    assert len(message.rsplit("it stopped while ", 1)[1]) > 3  # names what grew


class SettingTests:
    @pytest.mark.parametrize(("value", "seconds"), [(None, 2.0), ("", 2.0), ("2", 2.0), ("0.5", 0.5), ("1e-3", 0.001), (" 10 ", 10.0)])
    def test_it_reads_a_number_of_seconds(self, monkeypatch, value, seconds):
        if value is None:
            monkeypatch.delenv("RESOLVE_DEADLINE_S", raising=False)
        else:
            monkeypatch.setenv("RESOLVE_DEADLINE_S", value)
        assert env_seconds("RESOLVE_DEADLINE_S", 2.0) == seconds

    @pytest.mark.parametrize("value", ["2s", "two", "0", "-1", "nan", "inf", "601"])
    def test_a_bad_value_fails_loudly(self, monkeypatch, value):
        monkeypatch.setenv("RESOLVE_DEADLINE_S", value)
        with pytest.raises(ImproperlyConfigured, match="RESOLVE_DEADLINE_S must be"):
            env_seconds("RESOLVE_DEADLINE_S", 2.0)

    def test_the_default_is_two_seconds(self, settings):
        import os

        if "RESOLVE_DEADLINE_S" not in os.environ:
            assert settings.RESOLVE_DEADLINE_S == 2.0


class ApiDeadlineTests:
    def test_the_board_resolves_under_the_default_deadline(self, client):
        response = post_json(client, "/api/v1/resolve/", big_chain())
        assert response.status_code == 200 and len(response.json()["trace"]) > 100

    @override_settings(RESOLVE_DEADLINE_S=TINY)
    def test_past_the_deadline_resolve_is_a_400_naming_what_grew_and_logged_with_the_code(self, client, caplog):
        scenario = big_chain()
        with caplog.at_level(logging.WARNING, logger="rulesite.scenarios.services"):
            response = post_json(client, "/api/v1/resolve/", scenario)
        assert response.status_code == 400
        assert_too_complex(response.json()["errors"])
        logged = [r.getMessage() for r in caplog.records if r.name == "rulesite.scenarios.services"]
        assert len(logged) == 1 and engine.scenario_code(scenario) in logged[0] and "deadline" in logged[0]

    @override_settings(RESOLVE_DEADLINE_S=TINY)
    def test_storing_a_board_past_the_deadline_is_a_400_and_stores_nothing(self, client):
        response = post_json(client, "/api/v1/scenarios/", big_chain())
        assert response.status_code == 400
        assert_too_complex(response.json()["errors"])
        assert not Scenario.objects.filter(code=engine.scenario_code(big_chain())).exists()

    def test_an_import_past_the_deadline_is_a_400(self, client):
        stored, _ = scenario_create(scenario=big_chain())
        exported = client.get(f"/r/{stored.code}/export.json").json()
        stored.delete()
        with override_settings(RESOLVE_DEADLINE_S=TINY):
            response = post_json(client, "/api/v1/scenarios/import/", exported)
        assert response.status_code == 400
        assert_too_complex(response.json()["errors"])

    def test_even_a_one_link_chain_is_checked(self, client):
        with override_settings(RESOLVE_DEADLINE_S=TINY):
            response = post_json(client, "/api/v1/resolve/", MIRROR_FORCE)
        assert response.status_code == 400
        assert_too_complex(response.json()["errors"])

    @override_settings(RESOLVE_DEADLINE_S=2.0)
    def test_a_small_board_is_not_affected_and_each_resolution_has_its_own_deadline(self, client, counting_clock):
        # The 80-link chain reads the clock over a thousand times (more than 2 s of this clock);
        # Mirror Force a dozen times: the big board is stopped, the small one before and after it
        # is not, its deadline counted from its own start.
        assert post_json(client, "/api/v1/resolve/", MIRROR_FORCE).status_code == 200
        big = post_json(client, "/api/v1/resolve/", big_chain())
        assert big.status_code == 400 and "within 2 s" in big.json()["errors"][0]["message"]
        assert counting_clock.readings > 200
        assert post_json(client, "/api/v1/resolve/", MIRROR_FORCE).status_code == 200


class SiteDeadlineTests:
    @override_settings(RESOLVE_DEADLINE_S=TINY)
    def test_the_json_builder_shows_the_message(self, client):
        response = client.post("/scenarios/new/ygo/?mode=json", {"scenario": json.dumps(big_chain())})
        assert response.status_code == 400
        assert "the board is too complex to resolve within 1e-06 s" in response.content.decode()

    def test_the_board_builder_shows_the_message_above_the_form_and_keeps_the_board(self, client):
        page = client.get("/scenarios/new/mtg/?demo=mtg/faq-shield-of-the-righteous-untaps-the-turn-after").content.decode()
        data = form_data(page)
        with override_settings(RESOLVE_DEADLINE_S=TINY):
            response = client.post("/scenarios/new/mtg/", data)
        body = response.content.decode()
        assert response.status_code == 400
        alert = body.split("This board is valid, but the engine could not resolve it in time:", 1)[1].split("</div>", 1)[0]
        assert "the board is too complex to resolve within 1e-06 s" in alert
        assert "fix the fields marked below" not in body
        assert body.index("could not resolve it in time") < body.index('<form method="post"')
        kept = {name: values for name, values in form_data(body).items() if name != "csrfmiddlewaretoken"}
        assert kept == {name: values for name, values in data.items() if name != "csrfmiddlewaretoken"}

    def test_the_recheck_page_says_the_board_could_not_be_resolved_in_time(self, client):
        stored, _ = scenario_create(scenario=big_chain())
        with override_settings(RESOLVE_DEADLINE_S=TINY):
            response = client.get(f"/r/{stored.code}/recheck/")
        body = response.content.decode()
        assert response.status_code == 200
        assert "could not resolve this board in time: the board is too complex to resolve within 1e-06 s" in body
        assert "Not valid under engine" not in body

    def test_an_old_rulings_boards_are_recomputed_under_the_deadline(self, client):
        stored, _ = scenario_create(scenario=big_chain())
        # Stored before the engine described boards: the page resolves it again for them.
        Scenario.objects.filter(pk=stored.pk).update(board=None, trace=without_boards({"trace": stored.trace})["trace"])
        stored.refresh_from_db()
        with override_settings(RESOLVE_DEADLINE_S=TINY):
            status = selectors.ruling_status(stored)
            body = client.get(stored.get_absolute_url()).content.decode()
        assert status.reason == "too_complex" and status.errors == ()
        assert "cannot resolve this board within its deadline" in body and "Not valid under engine" not in body

    @override_settings(RESOLVE_DEADLINE_S=TINY)
    def test_load_scenarios_stops_naming_the_file(self, tmp_path):
        path = tmp_path / "big.json"
        path.write_text(json.dumps({"title": "Big", "source": "test", "scenario": big_chain()}), encoding="utf-8")
        with pytest.raises(CommandError) as caught:
            call_command("load_scenarios", str(path), stdout=StringIO())
        assert str(path) in str(caught.value) and "too complex to resolve within 1e-06 s" in str(caught.value)
