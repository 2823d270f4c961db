"""Yu-Gi-Oh! OCG rules of the ARC-V era (Master Rule 3), cited from ``ygo-ocg-rules-arcv``.

Section numbers follow ``docs/sections-ygo-ocg-rules-arcv.md``; ``.i<n>`` is the n-th ``●``
item of a section. The transcription is cut off inside 4.2.4.2.1, so how a chain resolves, the
turn and the battle are not in it: where the 2011 rulebook states such a point it is cited from
there (``ygo-rulebook-mr2``, marked in the trace with ``basis``, see
:data:`engine.ygo.duel.OLDER_DOCUMENT_BASIS`); where neither document states it, the step rests
on a :class:`~engine.core.Ruling`.
"""

from __future__ import annotations

from ..core import Rule, Ruling, register_ruleset
from .rules import SHARED_RULINGS, R
from .ruleset import YgoRuleset

DOCUMENT = "ygo-ocg-rules-arcv"


def _s(number: str) -> Rule:
    return Rule(DOCUMENT, number)


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
    R.COST_PAID: _s("4.2.2.i2"),
    R.COST_UNPAYABLE: _s("4.2.2.i3"),
    R.LP_COST_LIMIT: _s("1.4.1.i5"),
    R.HALVING: _s("4.1.4.i1"),
    R.COST_TRIBUTE: _s("4.2.2.1.i2"),
    R.COST_DISCARD: _s("4.2.2.2.i1"),
    R.COST_SEND: _s("4.2.2.3.i1"),
    R.COST_BANISH: _s("4.2.2.i2"),
    R.COST_DETACH: _s("3.2.2.3.1.1.4.1.i5"),
    R.COST_COUNTERS: _s("4.2.2.i2"),
    R.COUNTERS: _s("1.2.i1"),
    R.COST_OWN_CARDS: _s("4.2.2.i5"),
    R.TOKEN_NOT_SENT_AS_COST: _s("4.2.2.3.i6"),
    R.EFFECT_PARTS: _s("4.1.2.i3"),
    R.BOTH_PLAYERS_ACT: _s("4.1.2.i5"),
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
    R.TO_GY_AFTER_CHAIN: Ruling("a resolved Normal, Quick-Play or Ritual Spell, or Normal or Counter Trap, stays on the field "
                                "until the whole chain has resolved and is then sent to the Graveyard; 3.3.1.i9 and "
                                "3.3.3.1.i2 say only 'after its effect is resolved'"),
    R.DESTROY: _s("2.1.3.i1"),
    R.SEND_TO_GY: _s("2.1.3.i1"),
    R.TO_OWNER: _s("2.1.3.i5"),
    R.BANISH: _s("2.3.i1"),
    R.SPECIAL_SUMMON: _s("3.2.2.3.2.i1"),
    R.CONTROL: _s("4.1.3.i1"),
    R.STAT_FLOOR: _s("4.1.5.i1"),
    R.FACE_DOWN_UNAFFECTED: _s("3.2.4.3.i3"),
    R.DAMAGE: _s("1.4.1.i2"),
    R.GAIN_LP: Ruling("the effect gives LP as its text says; neither document states a general rule for gaining LP"),
    R.CARD_TEXT: _s("4.1.2.i1"),
    R.TOKEN_REMOVED: _s("3.2.6.i2"),
    R.EQUIP_DESTROYED: _s("3.3.3.4.i8"),
    R.XYZ_MATERIALS: _s("3.2.2.3.1.1.4.1.i4"),
    R.XYZ_NEGATED_MATERIALS: _s("3.2.2.3.1.1.4.1.i3"),
    R.XYZ_MATERIAL_NOT_ON_FIELD: _s("3.2.2.3.1.1.4.1.i5"),
    R.PENDULUM_TO_EXTRA: _s("2.1.6.1.i1"),
    R.LP_ZERO: _s("1.4.1.i6"),
    R.BOTH_ZERO: _s("1.4.4.i1"),
    R.DECK_OUT: _s("1.4.2.i1"),
}

_MR2 = "ygo-rulebook-mr2"


def _mr2(number: str) -> Rule:
    """Cite the 2011 rulebook where the ARC-V transcription is silent (marked in the trace)."""
    return Rule(_MR2, number)


CITATIONS.update({
    # Chain resolution: cut off from the ARC-V transcription, stated in the 2011 rulebook.
    R.RESOLVE_LIFO: _mr2("ch4.13"),
    R.CHAIN_END: _mr2("ch4.13"),
    R.NEGATED_NO_EFFECT: _mr2("ch4.15"),
    # What a draw is and where a returned card goes: not in the ARC-V transcription.
    R.DRAW: _mr2("ch5.30"),
    R.RETURN: _mr2("ch5.21"),
    # Effects raise or lower ATK/DEF apart from the original value (MR2 ch5.36; ARC-V 3.1.4.5 only defines the values).
    R.STAT_CHANGE: _mr2("ch5.36"),
    R.PHASE_ORDER: _mr2("ch3.4"),
    R.DRAW_PHASE: _mr2("ch3.5"),
    R.FIRST_TURN_DRAW: Ruling("Master Rule 3 (2014): the player who goes first skips the draw of their first Draw Phase; not in this transcription"),
    R.FIRST_TURN_NO_BATTLE: _mr2("ch3.9"),
    R.END_DECLARED: _mr2("ch4.16"),
    R.TURN_PLAYER_PRIORITY: _mr2("ch4.16"),
    R.HAND_LIMIT: _s("2.2.i4"),
    R.NEXT_TURN: _mr2("ch3.4"),
    R.SPELL_TIMING: _s("3.3.1.i1"),
    R.IGNITION_TIMING: _s("3.2.7.2.i1"),
    R.TRAP_SET_THIS_TURN: _s("3.4.1.i4"),
    R.QUICK_PLAY_SET_THIS_TURN: _s("3.3.3.6.i6"),
    R.QUICK_PLAY_HAND_OWN_TURN: _s("3.3.3.6.i4"),
    R.DAMAGE_STEP_LIMIT: _s("3.2.7.4.i6"),
    R.DAMAGE_STEP_CARDS: _mr2("ch4.4"),
    R.DAMAGE_STEP_TRIGGER: _s("3.2.7.3.i6"),
    R.NORMAL_SUMMON: _s("3.2.2.1.i1"),
    R.NORMAL_SUMMON_ONCE: _s("3.2.2.1.i2"),
    R.NORMAL_SUMMON_ZONE: _s("3.2.2.1.i3"),
    R.TRIBUTE_COUNT: _s("3.2.2.1.1.i2"),
    R.TRIBUTE_OWN: _s("3.2.2.1.1.1.i4"),
    R.TRIBUTE_TOKEN: _s("3.2.2.1.1.1.i5"),
    R.SET_MONSTER: _s("3.2.2.2.i1"),
    R.NORMAL_SUMMON_POSITION: _s("3.2.2.1.i5"),
    R.SPECIAL_SUMMON_POSITION: _s("3.2.2.3.i5"),
    R.FLIP_SUMMON: _s("3.2.2.4.i1"),
    R.FLIP_SUMMON_SET_THIS_TURN: _s("3.2.2.4.i4"),
    R.FLIP_SUMMON_ONCE: _s("3.2.2.4.i3"),
    R.SET_SPELL: _s("3.3.2.i2"),
    R.SET_TRAP: _s("3.4.2.i2"),
    R.SPECIAL_SUMMON_ZONE: _s("3.2.2.3.i3"),
    R.INHERENT_SUMMON: _s("3.2.2.3.1.i1"),
    R.SUMMON_NOT_CHAIN: _s("3.2.2.3.1.i4"),
    R.NOTHING_CHAINS_TO_SUMMON: _mr2("ch5.7"),
    R.SUMMON_NEGATION_WINDOW: _s("3.2.2.1.i7"),
    R.NEGATED_SUMMON_TO_GY: _s("3.2.2.1.i8"),
    R.NEGATED_SUMMON_PENDULUM: _s("3.2.1.9.i8"),
    R.SUMMON_SUCCESS: _s("3.2.2.1.i9"),
    R.SPECIAL_SUMMON_SUCCESS: _s("3.2.2.3.i6"),
    R.SYNCHRO: _s("3.2.2.3.1.1.3.i2"),
    R.SYNCHRO_MATERIALS: _s("3.2.2.3.1.1.3.i1"),
    R.XYZ: _s("3.2.2.3.1.1.4.i2"),
    R.XYZ_NO_TOKEN: _s("3.2.2.3.1.1.4.1.i7"),
    R.FUSION: _s("3.2.2.3.1.1.2.i3"),
    R.RITUAL: _s("3.2.2.3.1.1.1.i2"),
    R.RITUAL_LEVELS: _s("3.2.2.3.1.1.1.1.i3"),
    R.RITUAL_NO_EXCESS: _s("3.2.2.3.1.1.1.1.i4"),
    R.PENDULUM_SUMMON: _s("3.2.2.3.1.1.5.i2"),
    R.PENDULUM_SUMMON_ONCE: _s("3.2.2.3.1.1.5.i5"),
    R.PENDULUM_SCALES: _s("3.2.2.3.1.1.5.i1"),
    R.PENDULUM_PLACE: _s("3.2.1.9.i5"),
    R.PENDULUM_ZONE_FULL: _s("2.1.7.i2"),
    R.NEGATED_PENDULUM_CARD: _s("3.2.1.9.i6"),
    R.CHANGE_POSITION: _s("3.2.5.i1"),
    R.POSITION_SUMMONED_THIS_TURN: _s("3.2.5.i3"),
    R.POSITION_ONCE: _s("3.2.5.i2"),
    R.POSITION_AFTER_ATTACK: _s("3.2.5.i4"),
    R.MAIN_PHASE_ACTION: _s("3.2.2.1.i1"),
    R.FLIPPED: _s("3.2.3.i1"),
    R.TRIGGER_EVENT: _s("3.2.7.3.i1"),
    R.FLIP_EFFECT: _s("3.2.7.3.1.i1"),
    R.SEGOC: _s("4.2.4.2.1.i1"),
    R.SEGOC_SS1: _s("4.2.4.2.1.i2"),
    R.MANDATORY_TRIGGER: _s("4.2.3.1.i2"),
    R.OPTIONAL_TRIGGER: _s("4.2.3.1.i1"),
    R.MISSED_TIMING: _s("4.2.3.2.i4"),
    R.TRIGGER_AT_WILL: _s("4.2.3.2"),
    R.ONCE_PER_TURN_EFFECT: _s("3.1.2.i3"),
    R.HAND_SUMMON_TRIGGERS: _s("3.2.7.3.i9"),
    R.IF_OPTIONAL_AFTER: _s("4.2.3.2.i3"),
    R.MANDATORY_AFTER: _s("4.2.3.2.i2"),
    R.TRIGGER_HIDDEN: _s("3.2.7.3.i4"),
    R.MISSED_TIMING_PROCEDURE: _s("3.2.2.1.1.i6"),
    R.MISSED_TIMING_SYNCHRO: _s("3.2.2.3.1.i6"),
    R.MISSED_TIMING_FUSION: _s("3.2.2.3.1.1.2.1.i7"),
    R.MISSED_TIMING_RITUAL: _s("3.2.2.3.1.1.1.1.i8"),
    R.CONTINUOUS_APPLIES: _s("3.2.7.1.i2"),
    R.CONTINUOUS_ENDS: _s("3.2.7.1.i3"),
    R.CANNOT_BE_TARGETED: _s("4.2.3.3.i4"),
    R.ATTACK_DECLARE: _s("3.2.4.1.i2"),
    R.ATTACK_ONCE: _mr2("ch3.10"),
    R.ATTACK_FACE_DOWN_NO: _s("3.2.4.3.i4"),
    R.ATTACK_DEFENSE_NO: _s("3.2.4.2.i2"),
    R.DIRECT_ATTACK: _mr2("ch4.9"),
    R.REPLAY: _mr2("ch3.13"),
    R.DAMAGE_STEP: _mr2("ch3.11"),
    R.FLIP_IN_BATTLE: _s("3.2.4.3.i5"),
    R.FLIP_EFFECT_AFTER_CALC: _s("3.2.7.3.i7"),
    R.BATTLE_ATK_VS_ATK: _mr2("ch4.7"),
    R.BATTLE_ATK_VS_DEF: _mr2("ch4.8"),
    R.BATTLE_ZERO_ATK: _mr2("ch5.11"),
    R.BATTLE_DAMAGE: _s("1.4.1.i2"),
    R.HALVE_STAT: _s("4.1.4.i1"),
    R.ORIGINAL_VALUE: _s("3.1.4.5.i2"),
    R.WIN_BY_EFFECT: _s("1.4.3.i1"),
    R.LP_START: _s("1.4.1.i1"),
    # issue 13: the verbs
    R.SEARCH_SHUFFLE: _s("2.1.4.i4"),
    R.SHUFFLE: _mr2("ch5.22"),
    R.DECK_ORDER_HIDDEN: _s("2.1.4.i2"),
    R.BANISH_FACE_DOWN: _s("2.3.1.i1"),
    R.DISCARD: _mr2("ch5.35"),
    R.ADD_TO_HAND: _s("2.1.4.i2"),
    R.ORIGINAL_CHANGED: _s("3.1.4.5.i3"),
    # issue 13: Equip Cards, Tributes by effects, values read from the game
    R.EQUIP: _s("3.3.3.4.i3"),
    R.EQUIP_BY_EFFECT: Ruling("official ruling, not in this document: a monster equipped to another monster by a card "
                              "effect is treated as an Equip Card and follows the Equip Spell rules (3.4.3.1.i4 states "
                              "this for Traps that become Equip Cards)"),
    R.EQUIP_TRAP: _s("3.4.3.1.i4"),
    R.EQUIP_NEGATED: _s("3.3.3.4.i7"),
    R.TRIBUTE_BY_EFFECT: _s("4.2.2.1.i2"),
    R.DECK_EMPTY_NO_LOSS: _s("1.4.2.i2"),
    R.STAT_LOST: _s("4.1.5.i1"),
    R.SUMMON_CONDITIONS: _s("4.1.2.i1"),
    R.CANNOT_ATTACK: _s("4.1.2.i1"),
    R.COIN_DIE: _s("1.2.i1"),
    R.REVEAL: _s("2.2.i7"),
    R.POSITION_BY_EFFECT: _s("3.2.5.i2"),
    R.ACTIVATION_CONDITION: _s("4.2.3.i1"),
    R.PENDULUM_SPELL_ACTIVATION: _s("3.3.3.7.i5"),
    R.LEVEL_CHANGED: _s("3.1.4.1.i4"),
    R.ATTRIBUTE_CHANGED: _s("3.1.4.2.i2"),
    R.RACE_CHANGED: _s("3.1.4.3.i2"),
    # issue 13: summon procedures and materials
    R.INHERENT_COST: _s("3.2.2.3.1.i5"),
    R.CONTACT_FUSION: _s("3.2.2.3.1.1.2.2.i1"),
    R.CONTACT_NOT_FUSION: _s("3.2.2.3.1.1.2.2.i2"),
    R.SYNCHRO_NON_TUNER: _s("3.2.2.3.1.1.3.i3"),
    R.XYZ_COUNT: _s("3.2.2.3.1.1.4.i2"),
    R.XYZ_MATERIAL_FILTER: Ruling("official ruling, not in this document: each Xyz Material must fit what the Xyz "
                                  "Monster's text lists beyond the Level (\"2 Level 4 Warrior monsters\")"),
    R.MATERIALS_KEPT: _s("3.2.2.3.1.1.3.1.i1"),
    R.MATERIALS_LOST: _s("3.2.2.3.1.1.3.1.i7"),
    R.MISSED_TIMING_INHERENT: _s("3.2.2.3.1.i6"),
    R.CONTACT_NO_POLYMERIZATION: _s("3.2.2.3.1.1.2.i8"),
    # Replacement effects from card text (engine/ygo/replacement.py)
    R.REPLACE_DESTINATION: _s("3.2.7.1.i2"),
    R.REPLACE_OVER_PENDULUM: _s("3.2.1.9.i9"),
    R.REPLACE_PENDULUM_SPELL: _s("3.2.1.9.i7"),
    R.REPLACE_TRIBUTE: _s("3.2.2.1.1.1.i8"),
    R.REPLACE_FUSION: _s("3.2.2.3.1.1.2.1.i4"),
    R.REPLACE_SYNCHRO: _s("3.2.2.3.1.1.3.1.i3"),
    R.REPLACE_COST_TRIBUTE: _s("4.2.2.1.i4"),
    R.REPLACE_COST_DISCARD: _s("4.2.2.2.i2"),
    R.REPLACE_COST_SEND: _s("4.2.2.3.i5"),
    R.REPLACE_SELF: _s("3.2.7.5.i4"),
    **{key: Ruling(text) for key, text in SHARED_RULINGS.items()},
    # issue 13: trigger events and qualifiers
    R.STANDBY_PHASE_TRIGGER: _mr2("ch3.6"),
    R.END_PHASE_TRIGGER: _mr2("ch3.15"),
    R.PHASE_TRIGGERS: _s("3.2.7.3.i5"),
    R.DRAWN_EVENT: _mr2("ch5.31"),
    R.TARGET_AT_ACTIVATION: _s("4.2.3.3.i2"),
    R.SELECT_ALL: _s("4.2.3.3.i5"),
    R.FACE_DOWN_NOT_TARGET: _s("3.2.4.3.i7"),
    # issue 13 (gaps)
    R.TRIBUTED: _s("3.2.2.1.1.1.i1"),
    R.XYZ_MATERIALS_ATTACHED: _s("3.2.2.3.1.1.4.1.i1"),
})


@register_ruleset
class ArcV(YgoRuleset):
    """Yu-Gi-Oh! OCG, ARC-V era (Master Rule 3): Pendulum Zones, one Field Spell per player."""

    name = "arcv"
    document = DOCUMENT
    title = "Yu-Gi-Oh! OCG rules, ARC-V (Master Rule 3)"
    citations = CITATIONS
    pendulum = True
    field_zone_per_player = True
    first_turn_draw = False
    segoc_tiers = True
    phase_triggers_one_at_a_time = True
    damage_step_negations = True
