"""Yu-Gi-Oh! rules: chain building and resolution under Master Rule 2 (``mr2``) and the
ARC-V OCG rules (``arcv``), each step citing its document."""

from . import arcv, mr2  # noqa: F401  (register the rulesets)
from .chain import ChainEngine, spell_speed
from .ruleset import YgoRuleset

__all__ = ["ChainEngine", "YgoRuleset", "spell_speed"]
