"""Bad input: the API answers generated documents and its own schema's cases without a 5xx.

Two fuzzers, each a short run in ``make test`` and a long one in ``make fuzz``
(``FUZZ_MAX_EXAMPLES`` sets the number of examples per test):

* hypothesis posts generated JSON (random shapes and values, golden scenarios with one
  value replaced, huge strings, deep nesting, bytes that are not JSON) to
  ``/api/v1/resolve/`` and ``/api/v1/scenarios/``: never a 5xx, and a 400 is always
  ``{"errors": [{"path", "message"}, ...]}``;
* schemathesis generates requests for every operation of ``/api/schema/`` and sends them to
  the Django WSGI application: never a 5xx.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.django_db

MAX_EXAMPLES = int(os.environ.get("FUZZ_MAX_EXAMPLES", "25"))
FUZZ_SETTINGS = settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    derandomize=MAX_EXAMPLES <= 25,  # the short run in `make test` is the same every time
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)
GOLDENS = [
    json.loads(path.read_text(encoding="utf-8"))["scenario"]
    for path in sorted((Path(__file__).resolve().parents[3] / "fixtures" / "scenarios").glob("*/*.json"))
]

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40)
    | st.sampled_from(["", "ygo", "fow", "mtg", "arcv", "mr2", "1", "p1", "hand", "activate", "<script>x</script>"])
)
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner, max_size=5), max_leaves=30
)


def _replace(document: Any, path: list[int], value: Any) -> Any:
    """Return ``document`` with the node chosen by ``path`` (indices into the tree) replaced."""
    if not path or not isinstance(document, (dict, list)) or not document:
        return value
    keys = list(document) if isinstance(document, dict) else list(range(len(document)))
    key = keys[path[0] % len(keys)]
    copy = dict(document) if isinstance(document, dict) else list(document)
    copy[key] = _replace(document[key], path[1:], value)
    return copy


mutated_goldens = st.builds(
    _replace, st.sampled_from(GOLDENS), st.lists(st.integers(min_value=0, max_value=50), max_size=6), json_values
)
huge_strings = st.sampled_from([10_000, 600_000, 1_200_000, 5_000_000]).map(lambda n: {"format": "1", "game": "ygo", "x": "y" * n})
bodies = st.one_of(
    json_values.map(json.dumps),
    mutated_goldens.map(json.dumps),
    huge_strings.map(json.dumps),
    st.integers(min_value=1, max_value=200_000).map(lambda depth: "[" * depth + "]" * depth),
    st.integers(min_value=1, max_value=200_000).map(lambda depth: '{"a":' * depth + "1" + "}" * depth),
    st.binary(max_size=200).map(lambda raw: raw.decode("latin-1")),
    st.sampled_from(["", "null", "[]", "{}", "\ufeff{}", '{"format": "1"', "NaN", "1e999999"]),
)


def assert_clean_answer(response) -> None:
    """Assert ``response`` is not a 5xx, and is ``{errors: [{path, message}]}`` when a 400."""
    assert response.status_code < 500, response.content[:500]
    if response.status_code == 400:
        errors = response.json()["errors"]
        assert errors and all(set(error) == {"path", "message"} for error in errors), errors


class GeneratedDocumentTests:
    @FUZZ_SETTINGS
    @given(body=bodies)
    def test_it_never_answers_resolve_with_a_server_error(self, client, body: str):
        assert_clean_answer(client.post("/api/v1/resolve/", data=body.encode("utf-8", "surrogatepass"), content_type="application/json"))

    @FUZZ_SETTINGS
    @given(body=bodies)
    def test_it_never_answers_storing_a_scenario_with_a_server_error(self, client, body: str):
        assert_clean_answer(client.post("/api/v1/scenarios/", data=body.encode("utf-8", "surrogatepass"), content_type="application/json"))


@pytest.fixture
def api_schema(db):
    """Yield the API's own OpenAPI schema, served by the Django WSGI application.

    Like Django's test client, keep the request signals from closing the database
    connection, which holds the test's transaction (PostgreSQL would lose it).
    """
    from django.core.signals import request_finished, request_started
    from django.core.wsgi import get_wsgi_application
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, deadline=None, derandomize=MAX_EXAMPLES <= 25,
          suppress_health_check=list(HealthCheck))
def test_it_never_answers_a_schema_generated_request_with_a_server_error(case):
    response = case.call()
    assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.status_code} {response.text[:500]}"
    if response.status_code == 400 and case.formatted_path.startswith("/api/v1/"):
        assert "errors" in response.json()
