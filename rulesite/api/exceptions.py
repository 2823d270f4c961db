"""One place that turns errors into the API's ``400 {errors: [{path, message}]}`` shape."""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

import engine


def _flatten(detail: Any, path: str = "") -> list[dict[str, str]]:
    """Turn DRF's nested error detail into ``[{path, message}]`` (``players[0].lp``)."""
    if isinstance(detail, dict):
        errors = []
        for key, value in detail.items():
            key_path = path if key == "non_field_errors" else (f"{path}.{key}" if path else str(key))
            errors += _flatten(value, key_path)
        return errors
    if isinstance(detail, list):
        if all(not isinstance(item, (dict, list)) for item in detail):
            return [{"path": path, "message": str(item)} for item in detail]
        errors = []
        for index, item in enumerate(detail):
            errors += _flatten(item, f"{path}[{index}]")
        return errors
    return [{"path": path, "message": str(detail)}]


def api_exception_handler(exc: Exception, context: dict) -> Response | None:
    """Map ``engine.ScenarioError`` and DRF errors to ``{errors: [{path, message}]}``."""
    if isinstance(exc, engine.ScenarioError):
        return Response({"errors": exc.errors}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, exceptions.ParseError):
        return Response({"errors": [{"path": "", "message": f"not valid JSON: {exc.detail}"}]}, status=400)
    response = exception_handler(exc, context)
    if response is not None and isinstance(exc, exceptions.ValidationError):
        response.data = {"errors": _flatten(response.data)}
    elif response is not None and isinstance(response.data, dict) and "detail" in response.data:
        response.data = {"errors": [{"path": "", "message": str(response.data["detail"])}]}
    return response
