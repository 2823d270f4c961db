"""Game-neutral core of the rules engine: rules references, the trace, errors, validation,
the ruleset registry and canonical scenario codes. It never names a game."""

from .api import resolve, validate
from .canonical import canonical_json, scenario_code
from .errors import BudgetExceeded, FieldError, IllegalAction, ScenarioError
from .registry import Ruleset, get_ruleset, register_ruleset, reserve_game, ruling_sources
from .rules import NOT_COVERED, RULING_BASIS, Citation, Rule, Ruling
from .trace import CATALOGUE, Budget, MessageCatalogue, TraceRecorder, TraceStep, shown_value

__all__ = [
    "CATALOGUE", "NOT_COVERED", "RULING_BASIS", "Budget", "BudgetExceeded", "Citation", "FieldError",
    "IllegalAction", "MessageCatalogue", "Rule", "Ruleset", "Ruling", "ScenarioError",
    "TraceRecorder", "TraceStep", "canonical_json", "get_ruleset", "register_ruleset", "ruling_sources",
    "reserve_game", "resolve", "scenario_code", "shown_value", "validate",
]
