"""The engine's public entry points: :func:`validate` and :func:`resolve`."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from .deadline import DEFAULT_DEADLINE_S, DeadlineExceeded, deadline
from .errors import BudgetExceeded, FieldError, ScenarioError
from .registry import Ruleset, get_ruleset, games, is_implemented, ruleset_names
from .trace import Budget, TraceRecorder
from .validation import FORMAT_VERSION, TOP_LEVEL_KEYS, Checker, TooManyErrors, check_limits

REQUIRED_KEYS = ("format", "game", "ruleset", "players", "turn", "objects")
"""Keys a scenario must have; the other top-level keys default to ``{}`` or ``[]``."""

logger = logging.getLogger(__name__)


def _check_top_level(scenario: Mapping[str, Any], checker: Checker) -> Ruleset | None:
    """Check the keys every game shares; return the scenario's ruleset, or ``None``."""
    checker.known_keys(scenario, (), TOP_LEVEL_KEYS)
    for key in REQUIRED_KEYS:
        if key not in scenario:
            checker.error((key,), f"{key} is required")
    if "format" in scenario and scenario["format"] != FORMAT_VERSION:
        checker.error(("format",), f"unknown format {str(scenario['format'])[:20]!r}; this engine reads format \"{FORMAT_VERSION}\"")
    for key in ("players", "objects", "chain", "pending", "effects", "actions"):
        if key in scenario:
            checker.sequence(scenario[key], (key,))
    for key in ("options", "turn"):
        if key in scenario:
            checker.mapping(scenario[key], (key,))
    game = scenario.get("game")
    if "game" not in scenario:
        return None
    if checker.choice(game, ("game",), games(), "game") is None:
        return None
    name = scenario.get("ruleset")
    if "ruleset" not in scenario:
        return None
    if checker.choice(name, ("ruleset",), ruleset_names(game), f"ruleset for {game}") is None:
        return None
    if not is_implemented(game, name):
        checker.error(("game",), f"game {game} is not supported yet (its scenario format is defined in a later issue)")
        return None
    return get_ruleset(game, name)


def _validated(scenario: Any, size: int | None) -> tuple[Ruleset | None, list[FieldError]]:
    errors = check_limits(scenario, size)
    if errors:
        return None, errors
    checker = Checker()
    ruleset = None
    try:
        ruleset = _check_top_level(scenario, checker)
        if ruleset is not None and not checker.errors:
            ruleset.validate(scenario, checker)
    except TooManyErrors:
        pass
    except UNREADABLE as exc:
        logger.warning("scenario not checkable: %s: %s", exc.__class__.__name__, exc, exc_info=True)
        if checker.errors:  # what made a later check fail is already named at its path
            return ruleset, checker.errors
        return ruleset, [FieldError("", "a value in this scenario has a type the checks cannot read")]
    return ruleset, checker.errors


def validate(scenario: Any, *, size: int | None = None) -> list[dict[str, str]]:
    """Return the problems of a scenario document as ``[{path, message}]`` (empty if valid).

    ``scenario`` is the parsed JSON; ``size`` its size in UTF-8 bytes as received, if known
    (otherwise it is measured). Checks the DESIGN limits (2,000 objects, 1,000 chain links,
    1,000 actions, 1 MB), the top level, and the game's own vocabulary.
    """
    return [error.to_dict() for error in _validated(scenario, size)[1]]


def entries_in(scenario: Any) -> list[tuple[str, str, str]]:
    """Return ``(slot, name, path)`` of every vocabulary entry a valid scenario uses, in
    document order (``[]`` for an invalid one): what the honesty tests check a contrast by."""
    errors = check_limits(scenario, None)
    if errors:
        return []
    checker = Checker()
    try:
        ruleset = _check_top_level(scenario, checker)
        if ruleset is not None and not checker.errors:
            ruleset.validate(scenario, checker)
    except (TooManyErrors, *UNREADABLE):
        return []
    return [] if checker.errors else list(checker.used)


def resolve(scenario: Any, *, size: int | None = None, budget: Budget | None = None,
            deadline_s: float | None = DEFAULT_DEADLINE_S) -> dict[str, Any]:
    """Resolve a scenario and return ``{"trace": [step, ...], "result": {...}, "board": {...}}``.

    ``result`` is the final state in the scenario's own shape plus ``winner`` and
    ``complete``; ``board`` is the board before the first step, and each step that changed it
    carries its ``board`` diff (:mod:`engine.core.board`; ``board_complete: false`` when the
    size cap left some out). Raises :class:`ScenarioError` (with ``errors: [{path,
    message}]``) if the document is not a valid scenario, needs more steps than the budget
    allows, or cannot be resolved within ``deadline_s`` seconds of wall-clock time (``None``:
    no deadline); the last has ``too_complex`` set. A rule broken by an action is an
    ``illegal`` step in the trace, not an exception.
    """
    ruleset, errors = _validated(scenario, size)
    if errors or ruleset is None:
        raise ScenarioError(errors or [FieldError("", "invalid scenario")])
    recorder = TraceRecorder(budget or Budget())
    try:
        with deadline(deadline_s):
            result = ruleset.resolve(scenario, recorder)
    except DeadlineExceeded as exc:
        logger.warning("scenario too complex: %s", exc)
        error = ScenarioError([FieldError("", f"the board is too complex to resolve within {exc.seconds:g} s: "
                                              f"it stopped while {exc.what}")])
        error.too_complex = True
        raise error from exc
    except BudgetExceeded as exc:
        raise ScenarioError([FieldError("", f"the scenario is too complex to resolve: {exc}")]) from exc
    except UNREADABLE as exc:
        # A value the validation let through but the engine cannot use (a list where a card id
        # belongs, null for a cost, …): the caller gets a 400 with the reason, never a crash.
        logger.warning("scenario not resolvable: %s: %s", exc.__class__.__name__, exc, exc_info=True)
        raise ScenarioError([FieldError("", f"a value in this scenario has a type or size the engine cannot use "
                                            f"({exc.__class__.__name__}: {str(exc)[:120]}); check the fields against "
                                            f"docs/scenario-format.md")]) from exc
    out = {"trace": recorder.to_list(), "result": result}
    if recorder.initial_board is not None:
        out["board"] = recorder.initial_board
        if not recorder.budget.board_complete:
            out["board_complete"] = False
    return out


UNREADABLE = (TypeError, KeyError, AttributeError, ValueError, IndexError, StopIteration, RecursionError, MemoryError,
              OverflowError)
"""What reading a value of the wrong type or size raises inside a ruleset."""
