"""The wall-clock deadline of one resolution (DESIGN.md, "Engine": every resolution has one).

:func:`engine.core.resolve` runs the ruleset inside :func:`deadline`; the loops that can grow
(the layer system and its dependency trials, choice branches, building a chain, rounds of
state-based actions) call :func:`check` with what they are doing. Past the deadline,
:func:`check` raises :class:`DeadlineExceeded` naming it, and ``resolve`` turns that into a
400 "too complex to resolve within 2 s", so the worker is free at once.

The deadline travels in a :class:`contextvars.ContextVar`, not through every signature: pure
functions deep in a game (the layer system) can check it without an engine object.

>>> with deadline(None):
...     check("anything")  # no deadline: never raises
>>> import time
>>> with deadline(0.0):
...     try:
...         check("layer 7b with 250 effects")
...     except DeadlineExceeded as exc:
...         print(exc.what)
layer 7b with 250 effects
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

DEFAULT_DEADLINE_S = 2.0
"""Seconds one resolution may take, branches included (``RESOLVE_DEADLINE_S`` on the site)."""


class DeadlineExceeded(Exception):
    """The resolution ran past its deadline; ``what`` names the loop that was running."""

    def __init__(self, what: str, seconds: float) -> None:
        super().__init__(f"too complex to resolve within {seconds:g} s ({what})")
        self.what = what
        self.seconds = seconds


class _Deadline:
    __slots__ = ("at", "seconds")

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.at = time.monotonic() + seconds


_CURRENT: ContextVar[_Deadline | None] = ContextVar("engine_deadline", default=None)


@contextmanager
def deadline(seconds: float | None) -> Iterator[None]:
    """Run the body under a deadline of ``seconds`` (``None``: no deadline)."""
    token = _CURRENT.set(_Deadline(seconds) if seconds is not None else None)
    try:
        yield
    finally:
        _CURRENT.reset(token)


def check(what: str) -> None:
    """Raise :class:`DeadlineExceeded` naming ``what`` if the current deadline has passed.

    ``what`` says what grew, for the judge and the log: "dependency trials in layer 4 (250
    effects)". Cheap enough for inner loops (one context lookup and one clock read).
    """
    current = _CURRENT.get()
    if current is not None and time.monotonic() > current.at:
        raise DeadlineExceeded(what, current.seconds)


def remaining() -> float | None:
    """Return the seconds left before the current deadline (``None`` when there is none)."""
    current = _CURRENT.get()
    return None if current is None else current.at - time.monotonic()
