"""Judges' annotations: stored beside the permalink, one per judge, changed only by their author."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from rulesite.api.tests.test_api import MIRROR_FORCE
from rulesite.scenarios.models import Annotation
from rulesite.scenarios.services import annotation_save, scenario_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def ruling():
    scenario, _ = scenario_create(scenario=MIRROR_FORCE)
    return scenario


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice", "alice@example.org", "judge-pass-1")


@pytest.fixture
def bob():
    return get_user_model().objects.create_user("bob", "bob@example.org", "judge-pass-2")


def notes_url(ruling) -> str:
    return f"/r/{ruling.code}/notes/"


class AnnotationTests:
    def test_a_judge_saves_a_title_notes_and_review_mark(self, client, ruling, alice):
        client.force_login(alice)
        response = client.post(notes_url(ruling), {"title": "Top 8 call", "notes": "Upheld on appeal.", "reviewed": "on"})
        assert response.status_code == 302 and response["Location"] == ruling.get_absolute_url()
        annotation = Annotation.objects.get(scenario=ruling, author=alice)
        assert (annotation.title, annotation.notes, annotation.reviewed) == ("Top 8 call", "Upheld on appeal.", True)
        body = client.get(ruling.get_absolute_url()).content.decode()
        assert "Top 8 call" in body and "Upheld on appeal." in body and "alice" in body

    def test_the_permalink_itself_is_not_changed(self, client, ruling, alice):
        canonical, trace, title = ruling.canonical, ruling.trace, ruling.title
        client.force_login(alice)
        client.post(notes_url(ruling), {"title": "Renamed", "notes": ""})
        ruling.refresh_from_db()
        assert (ruling.canonical, ruling.trace, ruling.title) == (canonical, trace, title)

    def test_each_judge_has_their_own_annotation(self, client, ruling, alice, bob):
        annotation_save(scenario=ruling, author=alice, title="Alice's", notes="mine", reviewed=True)
        client.force_login(bob)
        client.post(notes_url(ruling), {"title": "Bob's", "notes": "his"})
        assert Annotation.objects.get(author=alice).notes == "mine"
        assert Annotation.objects.get(author=bob).notes == "his"
        assert Annotation.objects.filter(scenario=ruling).count() == 2

    def test_saving_again_replaces_only_the_judges_own_annotation(self, client, ruling, alice):
        client.force_login(alice)
        client.post(notes_url(ruling), {"title": "first", "notes": ""})
        client.post(notes_url(ruling), {"title": "second", "notes": ""})
        assert list(Annotation.objects.filter(scenario=ruling).values_list("title", flat=True)) == ["second"]

    def test_another_judge_cannot_change_the_review_mark(self, client, ruling, alice, bob):
        annotation = annotation_save(scenario=ruling, author=alice, title="", notes="", reviewed=False)
        client.force_login(bob)
        response = client.post(f"/accounts/rulings/{annotation.pk}/review/", {"reviewed": "on"})
        assert response.status_code == 404
        annotation.refresh_from_db()
        assert annotation.reviewed is False

    def test_the_author_marks_their_annotation_reviewed(self, client, ruling, alice):
        annotation = annotation_save(scenario=ruling, author=alice, title="", notes="", reviewed=False)
        client.force_login(alice)
        assert client.post(f"/accounts/rulings/{annotation.pk}/review/", {"reviewed": "on"}).status_code == 302
        annotation.refresh_from_db()
        assert annotation.reviewed is True

    def test_anonymous_users_can_read_but_not_annotate(self, client, ruling, alice):
        annotation_save(scenario=ruling, author=alice, title="Alice's call", notes="", reviewed=False)
        assert "Alice&#x27;s call" in client.get(ruling.get_absolute_url()).content.decode()
        response = client.post(notes_url(ruling), {"title": "drive-by", "notes": ""})
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
        assert not Annotation.objects.filter(title="drive-by").exists()

    def test_htmx_saves_without_a_reload(self, client, ruling, alice):
        client.force_login(alice)
        response = client.post(notes_url(ruling), {"title": "quick", "notes": "n"}, HTTP_HX_REQUEST="true")
        body = response.content.decode()
        assert response.status_code == 200
        assert body.lstrip().startswith('<section class="card annotations" id="annotations"') and "Saved." in body

    def test_notes_are_escaped(self, client, ruling, alice):
        client.force_login(alice)
        client.post(notes_url(ruling), {"title": "<b>x</b>", "notes": "<script>alert(1)</script>"})
        body = client.get(ruling.get_absolute_url()).content.decode()
        assert "<script>alert(1)" not in body and "&lt;script&gt;alert(1)" in body

    def test_a_withdrawn_ruling_cannot_be_annotated(self, client, ruling, alice):
        from rulesite.scenarios.services import scenario_withdraw

        scenario_withdraw(scenario=ruling, reason="abuse")
        client.force_login(alice)
        assert client.post(notes_url(ruling), {"title": "x", "notes": ""}).status_code == 404
