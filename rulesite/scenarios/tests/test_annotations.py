"""Judges' annotations: stored beside the permalink, one per judge, changed only by their author."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from rulesite.api.tests.test_api import MIRROR_FORCE
from rulesite.scenarios.models import REVIEWERS_GROUP, Annotation, Scenario
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
def reviewer():
    """A judge an administrator has added to the reviewers group."""
    from django.contrib.auth.models import Group

    user = get_user_model().objects.create_user("rhea", "rhea@example.org", "judge-pass-3")
    user.groups.add(Group.objects.get(name=REVIEWERS_GROUP))
    return user


@pytest.fixture
def bob():
    return get_user_model().objects.create_user("bob", "bob@example.org", "judge-pass-2")


def notes_url(ruling) -> str:
    return f"/r/{ruling.code}/notes/"


class AnnotationTests:
    def test_a_judge_saves_a_title_and_notes(self, client, ruling, alice):
        client.force_login(alice)
        response = client.post(notes_url(ruling), {"title": "Top 8 call", "notes": "Upheld on appeal."})
        assert response.status_code == 302 and response["Location"] == ruling.get_absolute_url()
        annotation = Annotation.objects.get(scenario=ruling, author=alice)
        assert (annotation.title, annotation.notes, annotation.reviewed) == ("Top 8 call", "Upheld on appeal.", False)
        body = client.get(ruling.get_absolute_url()).content.decode()
        assert "Top 8 call" in body and "Upheld on appeal." in body and "alice" in body
        assert "I have reviewed this ruling" not in body  # only a reviewer gets the box

    def test_a_judge_outside_the_reviewers_group_cannot_mark_reviewed_and_is_told_why(self, client, ruling, alice):
        client.force_login(alice)
        response = client.post(notes_url(ruling), {"title": "Top 8 call", "notes": "", "reviewed": "on"})
        assert response.status_code == 400
        assert "Only members of the reviewers group" in response.content.decode()
        assert not Annotation.objects.filter(scenario=ruling).exists()  # nothing half-saved

    def test_a_reviewer_marks_reviewed_and_the_badge_names_them(self, client, ruling, reviewer, alice):
        client.force_login(reviewer)
        assert "I have reviewed this ruling" in client.get(ruling.get_absolute_url()).content.decode()
        response = client.post(notes_url(ruling), {"title": "Checked", "notes": "", "reviewed": "on"})
        assert response.status_code == 302
        client.force_login(alice)
        body = client.get(ruling.get_absolute_url()).content.decode()
        assert 'class="reviewed-by"' in body and "Reviewed by rhea" in body

    def test_a_mark_left_by_a_judge_no_longer_a_reviewer_does_not_count(self, client, ruling, reviewer):
        annotation_save(scenario=ruling, author=reviewer, title="", notes="", reviewed=True)
        assert list(Scenario.objects.reviewed()) == [ruling]
        reviewer.groups.clear()
        assert list(Scenario.objects.reviewed()) == []
        assert 'class="reviewed-by"' not in client.get(ruling.get_absolute_url()).content.decode()

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

    def test_another_judge_cannot_change_the_review_mark(self, client, ruling, reviewer, bob):
        annotation = annotation_save(scenario=ruling, author=reviewer, title="", notes="", reviewed=False)
        client.force_login(bob)
        response = client.post(f"/accounts/rulings/{annotation.pk}/review/", {"reviewed": "on"})
        assert response.status_code == 404
        annotation.refresh_from_db()
        assert annotation.reviewed is False

    @pytest.mark.parametrize(
        ("judge", "status", "marked"),
        [("reviewer", 302, True), ("alice", 403, False)],
        ids=["a reviewer marks their annotation reviewed", "a judge who is not a reviewer gets a 403"],
    )
    def test_marking_ones_own_annotation_reviewed(self, request, client, ruling, judge, status, marked):
        user = request.getfixturevalue(judge)
        annotation = annotation_save(scenario=ruling, author=user, title="", notes="", reviewed=False)
        client.force_login(user)
        assert client.post(f"/accounts/rulings/{annotation.pk}/review/", {"reviewed": "on"}).status_code == status
        annotation.refresh_from_db()
        assert annotation.reviewed is marked
        page = client.get("/accounts/rulings/").content.decode()
        assert ("Mark as not reviewed" in page) is marked
        assert "Mark reviewed" not in page

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


class HomeListTests:
    def test_the_home_page_lists_reviewed_rulings_and_the_judges_own_never_everyones_newest(self, client, ruling, reviewer, alice, bob):
        from rulesite.api.tests.test_api import MIRROR_FORCE
        import copy

        other = copy.deepcopy(MIRROR_FORCE)
        other["players"][0]["lp"] = 7000
        unlisted, _ = scenario_create(scenario=other)
        mine = copy.deepcopy(MIRROR_FORCE)
        mine["players"][0]["lp"] = 6000
        own, _ = scenario_create(scenario=mine)
        annotation_save(scenario=ruling, author=reviewer, title="", notes="", reviewed=True)
        annotation_save(scenario=own, author=alice, title="", notes="", reviewed=False)
        anonymous = client.get("/").content.decode()
        assert ruling.code in anonymous and own.code not in anonymous and unlisted.code not in anonymous
        client.force_login(alice)
        body = client.get("/").content.decode()
        assert ruling.code in body and own.code in body and unlisted.code not in body
        client.force_login(bob)
        assert own.code not in client.get("/").content.decode()
