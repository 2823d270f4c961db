"""Yu-Gi-Oh! OCG rules of the ARC-V era (Master Rule 3), cited from ``ygo-ocg-rules-arcv``.

Section numbers follow ``docs/sections-ygo-ocg-rules-arcv.md``; ``.i<n>`` is the n-th ``●``
item of a section. The transcription is cut off inside 4.2.4.2.1, so how a chain resolves is
not in it: those points rest on rulings (and are stated in the MR2 rulebook, ch4.13).
"""

from __future__ import annotations

from ..core import Rule, Ruling, register_ruleset
from .rules import R
from .ruleset import YgoRuleset

DOCUMENT = "ygo-ocg-rules-arcv"


def _s(number: str) -> Rule:
    return Rule(DOCUMENT, number)


_LOST = "chain resolution is in the part of the ARC-V rules lost from this transcription (cut off in 4.2.4.2.1)"

CITATIONS = {
    R.SPELL_SPEED: _s("4.2.4.1.i1"),
    R.SS_SPELL: _s("3.3.1.i5"),
    R.SS_QUICK_PLAY: _s("3.3.3.6.i2"),
    R.SS_TRAP: _s("3.4.1.i1"),
    R.SS_COUNTER: _s("3.4.3.3.i2"),
    R.SS_MONSTER: _s("4.2.4.1.1.i3"),
    R.SS_QUICK_EFFECT: _s("3.2.7.4.i3"),
    R.SS_SPELL_EFFECT: _s("3.3.3.3.i5"),
    R.SS_TRAP_EFFECT: _s("3.4.3.2.i6"),
    R.SS_PENDULUM: _s("3.3.3.7.i8"),
    R.SS1_NO_RESPONSE: _s("4.2.4.1.1.i1"),
    R.SS3_ONLY_ON_SS3: _s("4.2.4.1.2.i1"),
    R.NOT_ACTIVATED: _s("4.2.1.i3"),
    R.CHAIN_LINK_1: _s("4.2.4.2.i1"),
    R.CHAIN_RESPONSE: _s("4.2.4.2.i2"),
    R.PRIORITY_TO_OPPONENT: _s("4.2.4.2.i1"),
    R.BOTH_PASS_RESOLVE: _s("4.2.4.2.i3"),
    R.SPELL_PLACED: _s("3.3.1.i2"),
    R.TRAP_FROM_SET: _s("3.4.1.i2"),
    R.EFFECT_ACTIVATION: _s("4.2.1.1.i1"),
    R.PENDULUM_ZONE_ONLY: _s("3.3.3.7.i2"),
    R.FIELD_REPLACED: _s("3.3.3.5.i3"),
    R.ST_ZONE_FULL: _s("2.1.2.i3"),
    R.MONSTER_ZONE_FULL: _s("2.1.1.i2"),
    R.NEGATE_ADJACENT: _s("3.4.3.3.i4"),
    R.CARD_VS_EFFECT_ACTIVATION: _s("4.2.1.1.i3"),
    R.UNRESOLVABLE: _s("4.2.3.i2"),
    R.NEGATE_SPELL: _s("3.3.1.i6"),
    R.NEGATE_TRAP: _s("3.4.1.i6"),
    R.NEGATE_MONSTER_EFFECT: _s("3.2.7.4.i4"),
    R.NEGATED_SPELL_TO_GY: _s("3.3.1.i7"),
    R.NEGATED_TRAP_TO_GY: _s("3.4.1.i7"),
    R.NEGATED_NO_EFFECT: Ruling("a link whose activation or effect was negated resolves without effect; " + _LOST),
    R.COST_PAID: _s("4.2.2.i2"),
    R.COST_UNPAYABLE: _s("4.2.2.i3"),
    R.LP_COST_LIMIT: _s("1.4.1.i5"),
    R.HALVING: _s("4.1.4.i1"),
    R.COST_TRIBUTE: _s("4.2.2.1.i2"),
    R.COST_DISCARD: _s("4.2.2.2.i1"),
    R.COST_SEND: _s("4.2.2.3.i1"),
    R.COST_BANISH: _s("4.2.2.i1"),
    R.TOKEN_NOT_SENT_AS_COST: _s("4.2.2.3.i6"),
    R.RESOLVE_LIFO: Ruling("chain links resolve last in, first out; " + _LOST),
    R.CHAIN_END: Ruling("the chain ends when its Chain Link 1 has resolved; " + _LOST),
    R.EFFECT_PARTS: _s("4.1.2.i3"),
    R.TARGET_GONE: _s("4.2.3.3.i3"),
    R.CHOICE_ON_RESOLUTION: _s("4.2.3.3.1.i1"),
    R.LEFT_FIELD_CONTINUOUS_SPELL: _s("3.3.3.3.i6"),
    R.LEFT_FIELD_EQUIP: _s("3.3.3.4.i12"),
    R.LEFT_FIELD_FIELD_SPELL: _s("3.3.3.5.i8"),
    R.LEFT_FIELD_CONTINUOUS_TRAP: _s("3.4.3.2.i9"),
    R.LEFT_FIELD_PENDULUM: _s("3.3.3.7.i9"),
    R.TO_GY_NORMAL_SPELL: _s("3.3.3.1.i2"),
    R.TO_GY_RITUAL_SPELL: _s("3.3.3.2.i3"),
    R.TO_GY_QUICK_PLAY: _s("3.3.3.6.i7"),
    R.TO_GY_NORMAL_TRAP: _s("3.4.3.1.i3"),
    R.TO_GY_COUNTER_TRAP: _s("3.4.3.3.i6"),
    R.DESTROY: _s("2.1.3.i1"),
    R.SEND_TO_GY: _s("2.1.3.i1"),
    R.TO_OWNER: _s("2.1.3.i5"),
    R.BANISH: _s("2.3.i1"),
    R.RETURN: _s("4.1.2.i3"),
    R.DRAW: _s("4.1.2.i3"),
    R.SPECIAL_SUMMON: _s("3.2.2.3.2.i1"),
    R.CONTROL: _s("4.1.3.i1"),
    R.STAT_CHANGE: _s("4.1.2.i3"),
    R.STAT_FLOOR: _s("4.1.5.i1"),
    R.FACE_DOWN_UNAFFECTED: _s("3.2.4.3.i3"),
    R.DAMAGE: _s("1.4.1.i2"),
    R.GAIN_LP: _s("4.1.2.i3"),
    R.CARD_TEXT: _s("4.1.2.i1"),
    R.TOKEN_REMOVED: _s("3.2.6.i2"),
    R.EQUIP_DESTROYED: _s("3.3.3.4.i8"),
    R.XYZ_MATERIALS: _s("3.2.2.3.1.1.4.1.i4"),
    R.PENDULUM_TO_EXTRA: _s("2.1.6.1.i1"),
    R.LP_ZERO: _s("1.4.1.i6"),
    R.BOTH_ZERO: _s("1.4.4.i1"),
    R.DECK_OUT: _s("1.4.2.i1"),
}


@register_ruleset
class ArcV(YgoRuleset):
    """Yu-Gi-Oh! OCG, ARC-V era (Master Rule 3): Pendulum Zones, one Field Spell per player."""

    name = "arcv"
    document = DOCUMENT
    title = "Yu-Gi-Oh! OCG rules, ARC-V (Master Rule 3)"
    citations = CITATIONS
    pendulum = True
    field_zone_per_player = True
