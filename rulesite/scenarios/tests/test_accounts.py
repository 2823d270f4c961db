"""Accounts: sign in and out, password reset by email, "My rulings"."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from rulesite.api.tests.test_api import MIRROR_FORCE
from rulesite.scenarios.services import annotation_save, scenario_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def judge():
    return get_user_model().objects.create_user("carol", "carol@example.org", "judge-pass-3")


class AccountTests:
    def test_a_judge_signs_in_and_out(self, client, judge):
        assert client.get("/accounts/login/").status_code == 200
        response = client.post("/accounts/login/", {"username": "carol", "password": "judge-pass-3"})
        assert response.status_code == 302
        assert "Sign out" in client.get("/").content.decode()
        assert client.post("/accounts/logout/").status_code == 302
        assert "Sign in" in client.get("/").content.decode()

    def test_a_wrong_password_is_refused(self, client, judge):
        response = client.post("/accounts/login/", {"username": "carol", "password": "nope"})
        assert response.status_code == 200 and "did not match" in response.content.decode()

    def test_password_reset_sends_an_email_with_a_working_link(self, client, judge):
        response = client.post("/accounts/password_reset/", {"email": "carol@example.org"})
        assert response.status_code == 302
        assert len(mail.outbox) == 1 and mail.outbox[0].to == ["carol@example.org"]
        assert mail.outbox[0].subject == "Reset your rulesite password"
        link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
        form = client.get(link, follow=True)
        assert "Choose a new password" in form.content.decode() and form.context["validlink"]
        done = client.post(form.redirect_chain[-1][0], {"new_password1": "a-new-judge-pass", "new_password2": "a-new-judge-pass"})
        assert done.status_code == 302
        assert client.login(username="carol", password="a-new-judge-pass")

    def test_my_rulings_lists_the_judges_annotations_only(self, client, judge):
        other = get_user_model().objects.create_user("dave", "dave@example.org", "judge-pass-4")
        ruling, _ = scenario_create(scenario=MIRROR_FORCE)
        annotation_save(scenario=ruling, author=judge, title="Carol's call", notes="", reviewed=False)
        annotation_save(scenario=ruling, author=other, title="Dave's call", notes="", reviewed=True)
        client.force_login(judge)
        body = client.get("/accounts/rulings/").content.decode()
        assert "Carol&#x27;s call" in body and "Dave" not in body and ruling.code in body

    def test_my_rulings_needs_an_account(self, client):
        response = client.get("/accounts/rulings/")
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


class SignUpTests:
    GOOD = {"username": "dana", "password1": "a-long-judge-passphrase", "password2": "a-long-judge-passphrase"}

    def test_a_judge_makes_an_account_and_is_signed_in(self, client):
        assert 'href="/accounts/signup/' in client.get("/accounts/login/").content.decode()
        response = client.post("/accounts/signup/", self.GOOD)
        assert response.status_code == 302 and response["Location"] == "/accounts/rulings/"
        assert get_user_model().objects.filter(username="dana").exists()
        assert "Sign out" in client.get("/").content.decode()

    def test_it_goes_back_to_a_local_next_page_only(self, client):
        response = client.post("/accounts/signup/", {**self.GOOD, "next": "/rules/"})
        assert response["Location"] == "/rules/"
        client.logout()
        other = {**self.GOOD, "username": "erin", "next": "https://evil.example/"}
        assert client.post("/accounts/signup/", other)["Location"] == "/accounts/rulings/"

    @pytest.mark.parametrize(
        ("data", "field"),
        [
            ({"username": "carol", "password1": "a-long-judge-passphrase", "password2": "a-long-judge-passphrase"}, "username"),
            ({"username": "frank", "password1": "a-long-judge-passphrase", "password2": "another-passphrase"}, "password2"),
            ({"username": "gina", "password1": "123", "password2": "123"}, "password2"),
            ({"username": "bad name!", "password1": "a-long-judge-passphrase", "password2": "a-long-judge-passphrase"}, "username"),
            ({"username": "Admin", "password1": "a-long-judge-passphrase", "password2": "a-long-judge-passphrase"}, "username"),
            ({"username": "staff", "password1": "a-long-judge-passphrase", "password2": "a-long-judge-passphrase"}, "username"),
            ({"username": "judge", "password1": "a-long-judge-passphrase", "password2": "a-long-judge-passphrase"}, "username"),
            ({"username": "Re-viewer", "password1": "a-long-judge-passphrase", "password2": "a-long-judge-passphrase"}, "username"),
            ({"username": "ＡＤＭＩＮ", "password1": "a-long-judge-passphrase", "password2": "a-long-judge-passphrase"}, "username"),
        ],
    )
    def test_a_bad_account_is_refused_next_to_its_field_and_nothing_is_stored(self, client, judge, data, field):
        before = get_user_model().objects.count()
        response = client.post("/accounts/signup/", data)
        assert response.status_code == 200
        assert field in response.context["form"].errors
        assert get_user_model().objects.count() == before
        assert 'class="errorlist' in response.content.decode()

    def test_a_closed_site_has_no_sign_up(self, client, settings):
        settings.SIGNUP_OPEN = False
        assert client.get("/accounts/signup/").status_code == 404
        assert client.post("/accounts/signup/", self.GOOD).status_code == 404
        assert not get_user_model().objects.filter(username="dana").exists()
        assert "/accounts/signup/" not in client.get("/accounts/login/").content.decode()


class HomeTests:
    def test_home_links_each_games_builder_and_the_search_box(self, client):
        body = client.get("/").content.decode()
        for game in ("ygo", "mtg", "fow"):
            assert f'href="/scenarios/new/{game}/"' in body
        assert 'action="/search/"' in body and 'name="q"' in body

    def test_the_search_box_still_finds_a_rule_number(self, client):
        response = client.get("/search/", {"q": "4.2.4"})
        assert response.status_code in (200, 302)
