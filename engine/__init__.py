"""rulesite's rules engine: pure Python, never imports Django.

>>> import engine
>>> engine.validate({"format": "1"})[0]["path"]
'game'

Public API: :func:`resolve`, :func:`validate`, :func:`canonical_json`,
:func:`scenario_code`, :data:`ENGINE_VERSION`, :class:`ScenarioError`.
"""

from . import ygo  # noqa: F401  (registers the Yu-Gi-Oh! rulesets)
from .core import ScenarioError, canonical_json, resolve, scenario_code, validate
from .core.registry import reserve_game

ENGINE_VERSION = "0.1.0"
"""The engine version; a stored ruling records the version that resolved it."""

# Magic and Force of Will are named so that their scenarios get a clear "not supported yet"
# error; their packages come in later issues.
reserve_game("mtg", ("cr-2020-06-01", "cr-2022-04-29"))
reserve_game("fow", ("wp-2.3",))

__all__ = ["ENGINE_VERSION", "ScenarioError", "canonical_json", "resolve", "scenario_code", "validate"]
