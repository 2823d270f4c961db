"""Site-wide views: the health check, the 400 answer, judges' sign-up and the benchmark's minimal view."""

from __future__ import annotations

import unicodedata
import uuid
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.generic.edit import FormView


@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """Report whether the database and the cache answer.

    200 ``{"status": "ok"}`` when both do; otherwise 503
    ``{"status": "error", "database": "ok" | <exception class>, "cache": "ok" | <exception class> | "mismatch"}``.
    """
    body = {"status": "ok", "database": "ok", "cache": "ok"}
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as exc:  # any database failure means unhealthy, whatever its class
        body["database"] = exc.__class__.__name__
    try:
        probe = uuid.uuid4().hex
        cache.set("healthz:probe", probe, 30)
        if cache.get("healthz:probe") != probe:
            body["cache"] = "mismatch"
    except Exception as exc:  # an unreachable Redis raises its client's own errors
        body["cache"] = exc.__class__.__name__
    if body["database"] == "ok" and body["cache"] == "ok":
        return JsonResponse({"status": "ok"})
    body["status"] = "error"
    return JsonResponse(body, status=503)


def bench_minimal(request: HttpRequest) -> HttpResponse:
    """Return a fixed tiny page without touching the database: the benchmark's baseline.

    Routed only when ``RULESITE_BENCH_VIEWS=true`` (see ``rulesite/urls.py``).
    """
    return HttpResponse(b"ok\n", content_type="text/plain")


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Answer a malformed or oversized request with 400 and a message saying which (``handler400``).

    The API gets ``{"errors": [{"path": "", "message": ...}]}``; pages get a short HTML page.
    """
    if isinstance(exception, (RequestDataTooBig, TooManyFieldsSent)):
        limit_mb = settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 1_000_000
        message = _("The request is too large: the limit is %(limit).1f MB.") % {"limit": limit_mb}
    else:
        message = _("The request is malformed.")
    if request.path.startswith("/api/"):
        return JsonResponse({"errors": [{"path": "", "message": message}]}, status=400)
    html = format_html("<!doctype html><title>{}</title><h1>{}</h1><p>{}</p>", _("Bad request"), _("Bad request"), message)
    return HttpResponseBadRequest(html)


RESERVED_USERNAMES = frozenset({
    "admin", "administrator", "root", "staff", "judge", "judges", "headjudge", "reviewer", "reviewers",
    "moderator", "official", "support", "system", "rulesite",
})
"""Usernames nobody may sign up with: they would read as the site's or an official's voice on
an annotation. Compared case-folded, after NFKC and with everything but letters and digits
removed (``Admin``, ``re-viewer``, ``ＪＵＤＧＥ`` are all refused)."""


def reserved_username(name: str) -> bool:
    """Whether ``name`` is one of :data:`RESERVED_USERNAMES` once normalized."""
    folded = "".join(ch for ch in unicodedata.normalize("NFKC", name).casefold() if ch.isalnum())
    return folded in RESERVED_USERNAMES


class JudgeCreationForm(UserCreationForm):
    """Django's ``UserCreationForm`` that refuses a reserved username next to its field."""

    def clean_username(self) -> str:
        username = super().clean_username()
        if username and reserved_username(username):
            raise forms.ValidationError(_("This username is reserved; choose another."), code="reserved")
        return username


class SignUpView(FormView):
    """``/accounts/signup/``: a judge makes their own account (Django's ``UserCreationForm``:
    a unique username, not a reserved one, and a password that passes ``AUTH_PASSWORD_VALIDATORS``), is signed in
    and sent to ``next`` (a local URL) or their rulings. With ``SIGNUP_OPEN=false`` the page
    answers 404 and accounts are made by an administrator."""

    form_class = JudgeCreationForm
    template_name = "registration/signup.html"

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not settings.SIGNUP_OPEN:
            raise Http404("Sign-up is closed on this site.")
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(next=self._next(), **kwargs)

    def form_valid(self, form: UserCreationForm) -> HttpResponse:
        user = form.save()
        login(self.request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(self._next())

    def _next(self) -> str:
        wanted = self.request.POST.get("next") or self.request.GET.get("next") or ""
        if wanted and url_has_allowed_host_and_scheme(wanted, allowed_hosts={self.request.get_host()},
                                                     require_https=self.request.is_secure()):
            return wanted
        return reverse("scenarios:my_rulings")


class SignInView(LoginView):
    """``/accounts/login/``: Django's sign-in page, which links to sign-up while it is open."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(signup_open=settings.SIGNUP_OPEN, **kwargs)
