"""Rate limits (django-ratelimit) applied in the URL confs, their rates read from settings."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.decorators import ratelimit


def limit(group: str, setting: str, method: str | list[str]) -> Callable[[Callable], Callable]:
    """Return a decorator limiting a view to ``settings.<setting>`` requests per client IP.

    ``group`` names the counter (views sharing it share the count); ``method`` is the
    HTTP method or methods counted. The rate is read at request time, so
    ``override_settings`` and environment variables take effect without a restart; over
    the limit the view raises ``Ratelimited``, answered 429 by ``RATELIMIT_VIEW``.
    """

    def rate(group_name: str, request: HttpRequest) -> str:
        return getattr(settings, setting)

    return ratelimit(group=f"rulesite.{group}", key="ip", rate=rate, method=method, block=True)
