"""The trace: the list of immutable records a resolution produces (pokerkit ``operations``).

Each :class:`TraceStep` carries a ``kind`` from a documented list, a ``message_id`` and
``params`` (what the site translates), the English ``text`` rendered from the
:class:`MessageCatalogue`, and the rule it applies (see ``docs/scenario-format.md`` §4).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from .board import MAX_BOARD_OPS
from .board import diff as board_diff
from .deadline import check as check_deadline
from .errors import BudgetExceeded
from .rules import RULING_BASIS, Citation, Rule, Ruling

ParamValue = Any
"""A JSON value: str, int, bool, None, or a list of those."""

DEFAULT_STEP_BUDGET = 50_000
"""How many trace steps one resolution may record, branches included, before it stops."""


class MessageCatalogue:
    """English message templates keyed by ``message_id``.

    Templates use ``str.format`` fields named after the params; a list param is rendered
    comma-separated. Games register their messages when their package is imported.
    """

    def __init__(self) -> None:
        self._templates: dict[str, str] = {}

    def register(self, templates: Mapping[str, str]) -> None:
        """Add templates; raise ``ValueError`` if an id is already taken by another text."""
        for message_id, template in templates.items():
            if self._templates.get(message_id, template) != template:
                raise ValueError(f"message id {message_id!r} registered twice")
            self._templates[message_id] = template

    def __contains__(self, message_id: str) -> bool:
        return message_id in self._templates

    def ids(self) -> list[str]:
        """Return every registered message id, sorted."""
        return sorted(self._templates)

    def render(self, message_id: str, params: Mapping[str, ParamValue]) -> str:
        """Return the English text of a message; raise ``KeyError`` for an unknown id."""
        template = self._templates[message_id]
        # Lists read as "a, b"; an empty one as "—" rather than nothing ("may play: —.").
        shown = {
            key: (", ".join(str(item) for item in value) or "—") if isinstance(value, (list, tuple)) else value
            for key, value in params.items()
        }
        return template.format_map(shown)


def shown_value(value: Any) -> str:
    """Return a layer walk value as a judge reads it: ``types: land; subtypes: Mountain`` for a
    mapping (empty parts left out), ``a, b`` for a list, ``—`` for nothing."""
    if isinstance(value, Mapping):
        parts = [f"{key}: {shown_value(item)}" for key, item in value.items() if item not in ([], (), "", None, {})]
        return "; ".join(parts) or "—"
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(shown_value(item) for item in value) or "—"
    return "—" if value is None else str(value)


CATALOGUE = MessageCatalogue()
"""The engine's one English catalogue."""


@dataclass(frozen=True, slots=True)
class TraceStep:
    """One record of the trace."""

    index: int
    """Position in the trace, from 0."""
    kind: str
    """The step kind (``activate``, ``respond``, ``illegal``, ``resolve``, …)."""
    message_id: str
    """The catalogue id; with ``params``, what the site translates."""
    params: Mapping[str, ParamValue]
    """Message parameters (read-only mapping of JSON values)."""
    text: str
    """The English message rendered from the catalogue."""
    citation: Citation
    """The section applied, or the ruling the step rests on."""
    extra: Mapping[str, Any]
    """Kind-specific keys added to the dict form, e.g. a choice's ``options`` and ``branches``."""
    board: tuple[Mapping[str, Any], ...] = ()
    """What this step changed on the board: JSON Patch operations (:mod:`engine.core.board`)."""

    @property
    def rule(self) -> Rule | None:
        """Return the cited section, or ``None`` when the step rests on a ruling."""
        return self.citation if isinstance(self.citation, Rule) else None

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form ``{index, kind, message_id, params, text, rule[, basis, source, see_also]}``."""
        out: dict[str, Any] = {
            "index": self.index,
            "kind": self.kind,
            "message_id": self.message_id,
            "params": _plain(self.params),
            "text": self.text,
            "rule": self.citation.to_dict() if isinstance(self.citation, Rule) else None,
        }
        if isinstance(self.citation, Ruling):
            out["basis"] = RULING_BASIS
            out["source"] = self.citation.source
            if self.citation.see_also:
                out["see_also"] = [rule.to_dict() for rule in self.citation.see_also]
        for key, value in self.extra.items():
            out[key] = _plain(value)
        if self.board:
            out["board"] = [dict(op) for op in self.board]
        return out


def _plain(value: Any) -> Any:
    """Return ``value`` with read-only mappings and tuples turned into dicts and lists."""
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


class Budget:
    """A shared count of trace steps left, so that no resolution loops forever, and of the
    board-diff operations left (:data:`~engine.core.board.MAX_BOARD_OPS`)."""

    def __init__(self, steps: int = DEFAULT_STEP_BUDGET, board_ops: int = MAX_BOARD_OPS) -> None:
        self.remaining = steps
        self.board_ops = board_ops
        self.board_complete = True
        """False once some step's board diff was left out for the size cap."""

    def spend(self) -> None:
        """Use one step; raise :class:`BudgetExceeded` when none are left, and
        :class:`~engine.core.deadline.DeadlineExceeded` past the deadline."""
        self.remaining -= 1
        if self.remaining < 0:
            raise BudgetExceeded("the resolution needs more steps than its budget allows")
        if not self.remaining & 31:
            check_deadline("recording trace steps")


class TraceRecorder:
    """Append-only builder of one trace; every state change records one step through it."""

    def __init__(self, budget: Budget | None = None, catalogue: MessageCatalogue = CATALOGUE, depth: int = 0) -> None:
        self.budget = budget or Budget()
        self.depth = depth
        """How many open choices this trace is a branch of (0: the main trace)."""
        self._catalogue = catalogue
        self._steps: list[TraceStep] = []
        self._board_of: Callable[[Any], Any] | None = None
        self._board: Any = None
        self.initial_board: Any = None
        """The board before the first step (``None`` until :meth:`watch`)."""

    # -- the board at every step (engine.core.board)

    def watch(self, board_of: Callable[[Any], Any], state: Any) -> None:
        """Start following the board: ``board_of(state)`` describes a state's board as JSON.

        On a branch's recorder (:meth:`branch`) the board it branched from is kept as the base:
        a branch that resolves the document again from its start diffs its first step back to
        the start, so every branch's diffs apply to the board at its choice step."""
        if self.depth > 0 and self._board_of is not None:
            self._board_of = board_of
            return
        self._board_of = board_of
        self._board = self.initial_board = board_of(state)

    def sync(self, state: Any) -> None:
        """Attach what changed on the board since the last sync to the last step recorded
        (before any step: to the initial board of the top-level trace; a branch's changes
        before its first step go to that step). Does nothing unless :meth:`watch` was called."""
        if self._board_of is None:
            return
        board = self._board_of(state)
        if not self._steps:
            # Before any step the top-level trace moves its initial board; a branch keeps the
            # board it branched from, so that a branch resolving the document again from its
            # start diffs its first step back from the board at its choice step.
            if self.depth == 0:
                self._board = self.initial_board = board
            return
        ops = board_diff(self._board, board)
        self._board = board
        if not ops:
            return
        if len(ops) > self.budget.board_ops:
            self.budget.board_complete = False
            self.budget.board_ops = 0
            return
        self.budget.board_ops -= len(ops)
        last = self._steps[-1]
        self._steps[-1] = replace(last, board=(*last.board, *ops))

    def branch(self) -> "TraceRecorder":
        """Return the recorder of a branch of this trace (an open choice's option): the same
        budget, one level deeper, following the board from where this trace is now."""
        child = TraceRecorder(self.budget, self._catalogue, self.depth + 1)
        if self._board_of is not None:
            child._board_of = self._board_of
            child._board = child.initial_board = self._board
        return child

    @property
    def steps(self) -> tuple[TraceStep, ...]:
        """Return the steps recorded so far."""
        return tuple(self._steps)

    def record(
        self,
        kind: str,
        message_id: str,
        citation: Citation,
        params: Mapping[str, ParamValue] | None = None,
        **extra: Any,
    ) -> TraceStep:
        """Render, append and return one step; raise :class:`BudgetExceeded` past the budget."""
        self.budget.spend()
        frozen = MappingProxyType(dict(params or {}))
        step = TraceStep(
            index=len(self._steps),
            kind=kind,
            message_id=message_id,
            params=frozen,
            text=self._catalogue.render(message_id, frozen),
            citation=citation,
            extra=MappingProxyType(extra),
        )
        self._steps.append(step)
        return step

    def to_list(self) -> list[dict[str, Any]]:
        """Return the trace in its JSON form."""
        return [step.to_dict() for step in self._steps]
