"""Request-wide glue: a request id for every log line, and the answer to a rate-limited request."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from rulesite.logging import request_id_var

REQUEST_ID_HEADER = "X-Request-ID"
_VALID_REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")


class RequestIdMiddleware:
    """Give each request an id: the proxy's ``X-Request-ID`` when well-formed, else a new one.

    Sets ``request.request_id``, makes it available to log records (``rulesite.logging``)
    while the request is served, and echoes it in the response's ``X-Request-ID`` header.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        incoming = request.headers.get(REQUEST_ID_HEADER, "")
        request_id = incoming if _VALID_REQUEST_ID.match(incoming) else uuid.uuid4().hex
        request.request_id = request_id
        token = request_id_var.set(request_id)
        try:
            response = self.get_response(request)
        finally:
            request_id_var.reset(token)
        response[REQUEST_ID_HEADER] = request_id
        return response


def ratelimited(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Answer a request over its rate limit with 429 (``RATELIMIT_VIEW``).

    The API gets ``{"errors": [{"path": "", "message": ...}]}``; pages get plain text.
    Both carry ``Retry-After: 60``.
    """
    message = _("Too many requests: please wait a minute and try again.")
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse({"errors": [{"path": "", "message": message}]}, status=429)
    else:
        response = HttpResponse(message, status=429, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = "60"
    return response
