"""Log records with the request id, as plain text or as JSON lines (``LOG_FORMAT=json``)."""

from __future__ import annotations

import logging
from contextvars import ContextVar

from pythonjsonlogger.json import JsonFormatter as _JsonFormatter

request_id_var: ContextVar[str] = ContextVar("request_id", default="-")
"""The id of the request being served in this context; ``-`` outside a request."""


class RequestIdFilter(logging.Filter):
    """Add ``request_id`` to every record (``-`` outside a request); never drop a record."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = request_id_var.get()
        return True


class JsonFormatter(_JsonFormatter):
    """Format a record as one JSON object: ``{time, level, logger, message, request_id, ...}``.

    Extra attributes given with ``logger.info(..., extra={...})`` become extra keys; an
    exception becomes ``exc_info`` (the formatted traceback).
    """

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("fmt", "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s")
        kwargs.setdefault("rename_fields", {"asctime": "time", "levelname": "level", "name": "logger"})
        kwargs.setdefault("json_ensure_ascii", False)
        super().__init__(*args, **kwargs)
