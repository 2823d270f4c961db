"""Errors raised by the engine.

Two kinds of failure are kept apart (DESIGN.md, "Interfaces"): a document that is not a valid
scenario raises :class:`ScenarioError` (an HTTP 400 at the API); a legal document whose
actions break a rule produces an ``illegal`` trace step, never an exception. Internally a
rule breach is an :class:`IllegalAction` that the resolver turns into that step.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .rules import Citation


@dataclass(frozen=True, slots=True)
class FieldError:
    """One problem with a scenario document."""

    path: str
    """Where the problem is, e.g. ``chain[3].targets[0]``; ``""`` for the whole document."""
    message: str
    """An English sentence naming the field and what is wrong with it."""

    def to_dict(self) -> dict[str, str]:
        """Return ``{path, message}``."""
        return {"path": self.path, "message": self.message}


class ScenarioError(ValueError):
    """The document is not a valid scenario.

    ``errors`` is a list of ``{path, message}`` dicts, in document order.
    """

    too_complex = False
    """True when the document is valid but could not be resolved within the deadline."""

    def __init__(self, errors: list[FieldError]) -> None:
        self.field_errors = tuple(errors)
        self.errors = [error.to_dict() for error in errors]
        first = errors[0] if errors else FieldError("", "invalid scenario")
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        location = f"{first.path}: " if first.path else ""
        super().__init__(f"{location}{first.message}{more}")


@dataclass(frozen=True)
class IllegalAction(Exception):
    """A player action breaks a rule; carries the rule and the trace message for it."""

    citation: Citation
    """The rule the action breaks."""
    message_id: str
    """The catalogue id of the ``illegal`` step to record."""
    params: Mapping[str, Any] = field(default_factory=dict)
    """The message parameters."""

    def __str__(self) -> str:
        return f"{self.message_id} ({self.citation})"


class BudgetExceeded(Exception):
    """The resolution took more steps than its budget allows."""
