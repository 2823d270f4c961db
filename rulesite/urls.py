"""URL configuration: see DESIGN.md, "Interfaces other parts rely on"."""

import base64
import hashlib
import re
from pathlib import Path

import drf_spectacular
from csp.decorators import csp_update
from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from rulesite.ratelimits import limit
from rulesite.views import SignInView, SignUpView, bench_minimal, healthz


def _swagger_style_hash() -> str:
    """Return the CSP source (``'sha256-…'``) of the fixed ``<style>`` block of the API docs page."""
    template = Path(drf_spectacular.__file__).parent / "templates" / "drf_spectacular" / "swagger_ui.html"
    match = re.search(r"<style>(.*?)</style>", template.read_text(encoding="utf-8"), re.S)
    if match is None:
        return "'none'"
    return "'sha256-" + base64.b64encode(hashlib.sha256(match.group(1).encode()).digest()).decode() + "'"


api_docs = csp_update({"style-src": [_swagger_style_hash()]})(SpectacularSwaggerSplitView.as_view(url_name="schema"))

urlpatterns = [
    path("", include("rulesite.scenarios.urls")),
    path("", include("rulesite.rules.urls")),
    path("", include("rulesite.cards.urls")),
    path("api/v1/", include("rulesite.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", api_docs, name="api-docs"),
    # Sign-in is rate-limited on POST (RATELIMIT_LOGIN per client IP); the rest of the
    # auth URLs are Django's own.
    path("accounts/login/", limit("login", "RATELIMIT_LOGIN", "POST")(SignInView.as_view()), name="login"),
    path("accounts/signup/", limit("signup", "RATELIMIT_SIGNUP", "POST")(SignUpView.as_view()), name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
]

handler400 = "rulesite.views.bad_request"

if settings.RULESITE_BENCH_VIEWS:
    urlpatterns.append(path("bench/minimal", bench_minimal, name="bench-minimal"))
