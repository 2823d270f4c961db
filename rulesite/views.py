"""Site-wide operational views: the health check and the benchmark's minimal view."""

from __future__ import annotations

import uuid

from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache


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
