"""Yu-Gi-Oh! rules: chain building and resolution under Master Rule 2 (``mr2``) and the
ARC-V OCG rules (``arcv``), each step citing its document.

The vocabulary is one registry (:mod:`engine.ygo.vocabulary`); the engine is split by rules
topic: :mod:`~engine.ygo.abilities` (effect classes, Spell Speeds), :mod:`~engine.ygo.activation`
(activating, building the chain), :mod:`~engine.ygo.costs`, :mod:`~engine.ygo.resolution`
(resolving the chain), :mod:`~engine.ygo.effects` and :mod:`~engine.ygo.negation` (what effects
do), :mod:`~engine.ygo.values` (ATK/DEF, Continuous Effects), :mod:`~engine.ygo.protection`
and :mod:`~engine.ygo.replacement` (protections; "… instead" replacement effects), :mod:`~engine.ygo.summoning` and
:mod:`~engine.ygo.procedures` (Summons), :mod:`~engine.ygo.triggers` (SEGOC, missing the
timing), :mod:`~engine.ygo.battle`, :mod:`~engine.ygo.turn` and :mod:`~engine.ygo.play` (the
replay of a scenario); card-topic modules such as :mod:`~engine.ygo.equip`,
:mod:`~engine.ygo.attack_restrictions`, :mod:`~engine.ygo.tribute_lock` and
:mod:`~engine.ygo.battle_shields` hold the entries of one kind of card text each.
"""

from . import arcv, mr2  # noqa: F401  (register the rulesets)
from .abilities import spell_speed
from .duel import Duel
from .ruleset import YgoRuleset
from .vocabulary import VOCABULARY

__all__ = ["Duel", "VOCABULARY", "YgoRuleset", "spell_speed"]
