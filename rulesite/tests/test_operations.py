"""Operations: the health check, request ids and JSON log lines."""

from __future__ import annotations

import json
import logging
from io import StringIO
from unittest import mock

import pytest
from django.urls import NoReverseMatch, reverse

from rulesite.logging import JsonFormatter, RequestIdFilter, request_id_var

pytestmark = pytest.mark.django_db


class HealthTests:
    def test_it_is_ok_when_the_database_and_the_cache_answer(self, client):
        response = client.get("/healthz")
        assert response.status_code == 200 and response.json() == {"status": "ok"}
        assert "no-cache" in response["Cache-Control"]

    def test_it_is_503_naming_the_cache_when_the_cache_fails(self, client):
        with mock.patch("rulesite.views.cache.set", side_effect=ConnectionError("redis down")):
            response = client.get("/healthz")
        assert response.status_code == 503
        assert response.json() == {"status": "error", "database": "ok", "cache": "ConnectionError"}


class RequestIdTests:
    def test_every_answer_carries_a_request_id(self, client):
        assert len(client.get("/healthz")["X-Request-ID"]) == 32

    def test_it_keeps_a_well_formed_id_from_the_proxy_and_replaces_a_bad_one(self, client):
        assert client.get("/healthz", HTTP_X_REQUEST_ID="proxy-1234abcd")["X-Request-ID"] == "proxy-1234abcd"
        assert client.get("/healthz", HTTP_X_REQUEST_ID="bad id\n<x>")["X-Request-ID"] != "bad id\n<x>"


class JsonLogTests:
    def test_it_writes_one_json_object_a_line_with_the_request_id(self):
        stream = StringIO()
        handler = logging.StreamHandler(stream)
        handler.setFormatter(JsonFormatter())
        handler.addFilter(RequestIdFilter())
        logger = logging.getLogger("rulesite.tests.json")
        logger.addHandler(handler)
        logger.propagate = False
        token = request_id_var.set("abc12345")
        try:
            logger.warning("imported %s", "連鎖", extra={"sections": 3})
        finally:
            request_id_var.reset(token)
            logger.removeHandler(handler)
        record = json.loads(stream.getvalue())
        assert record["message"] == "imported 連鎖" and record["level"] == "WARNING"
        assert record["request_id"] == "abc12345" and record["sections"] == 3
        assert record["logger"] == "rulesite.tests.json" and record["time"]


class BenchViewTests:
    def test_the_minimal_view_is_not_routed_unless_asked_for(self, client):
        with pytest.raises(NoReverseMatch):
            reverse("bench-minimal")
        assert client.get("/bench/minimal").status_code == 404
