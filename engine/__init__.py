"""rulesite's rules engine: pure Python, never imports Django.

>>> import engine
>>> engine.validate({"format": "1"})[0]["path"]
'game'

Public API: :func:`resolve`, :func:`validate`, :func:`canonical_json`,
:func:`scenario_code`, :data:`ENGINE_VERSION`, :class:`ScenarioError`.
"""

from . import fow, mtg, ygo  # noqa: F401  (register the Force of Will, Magic and Yu-Gi-Oh! rulesets)
from .core import ScenarioError, canonical_json, resolve, scenario_code, validate
from .core.registry import reserve_game

ENGINE_VERSION = "0.3.0"
"""The engine version; a stored ruling records the version that resolved it."""

__all__ = ["ENGINE_VERSION", "ScenarioError", "canonical_json", "resolve", "scenario_code", "validate"]
