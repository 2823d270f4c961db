"""Yu-Gi-Oh! Master Rule 2 (2011 rulebook), cited from ``ygo-rulebook-mr2``.

Section numbers follow ``docs/sections-ygo-rulebook-mr2.md`` (``ch<N>.<n>`` sub-headings in
reading order). The rulebook is a beginner's book: many points the engine applies are not
in it and rest on rulings.
"""

from __future__ import annotations

from ..core import Rule, Ruling, register_ruleset
from .rules import SHARED_RULINGS, R
from .ruleset import YgoRuleset

DOCUMENT = "ygo-rulebook-mr2"


def _s(number: str) -> Rule:
    return Rule(DOCUMENT, number)


def _ruling(text: str) -> Ruling:
    return Ruling(text + " (not in the Master Rule 2 rulebook; stated in the ARC-V OCG rules)")


CITATIONS = {
    R.SPELL_SPEED: _s("ch4.12"),
    R.SS_SPELL: _s("ch4.14"),
    R.SS_QUICK_PLAY: _s("ch4.14"),
    R.SS_TRAP: _s("ch4.14"),
    R.SS_COUNTER: _s("ch4.14"),
    R.SS_MONSTER: _s("ch4.14"),
    R.SS_QUICK_EFFECT: _s("ch4.14"),
    R.SS_SPELL_EFFECT: _ruling("an activated effect of a face-up Continuous, Equip or Field Spell is Spell Speed 1"),
    R.SS_TRAP_EFFECT: _ruling("an activated effect of a face-up Continuous Trap is Spell Speed 2"),
    R.SS_PENDULUM: _ruling("Pendulum Effects do not exist under Master Rule 2"),
    R.SS1_NO_RESPONSE: _s("ch4.14"),
    R.SS3_ONLY_ON_SS3: _s("ch4.14"),
    R.NOT_ACTIVATED: _s("ch2.7"),
    R.CHAIN_LINK_1: _s("ch4.13"),
    R.CHAIN_RESPONSE: _s("ch4.13"),
    R.PRIORITY_TO_OPPONENT: _s("ch4.11"),
    R.BOTH_PASS_RESOLVE: _s("ch4.11"),
    R.SPELL_PLACED: _s("ch2.25"),
    R.TRAP_FROM_SET: _s("ch2.31"),
    R.EFFECT_ACTIVATION: _ruling("an effect activation is made from the field or the Graveyard"),
    R.PENDULUM_ZONE_ONLY: _ruling("Pendulum Effects do not exist under Master Rule 2"),
    R.FIELD_REPLACED: _s("ch2.29"),
    R.ST_ZONE_FULL: _s("ch1.7"),
    R.MONSTER_ZONE_FULL: _s("ch1.7"),
    R.NEGATE_ADJACENT: _ruling("a card that negates an activation must be chained directly to it"),
    R.CARD_VS_EFFECT_ACTIVATION: _ruling("negating a card activation cannot negate an effect activation"),
    R.UNRESOLVABLE: _ruling("an effect that could not resolve at all cannot be activated"),
    R.NEGATE_SPELL: _s("ch4.15"),
    R.NEGATE_TRAP: _s("ch2.34"),
    R.NEGATE_MONSTER_EFFECT: _s("ch2.34"),
    R.NEGATED_SPELL_TO_GY: _ruling("a Spell whose activation is negated is sent to the Graveyard"),
    R.NEGATED_TRAP_TO_GY: _ruling("a Trap whose activation is negated is sent to the Graveyard"),
    R.NEGATED_NO_EFFECT: _s("ch4.15"),
    R.COST_PAID: _s("ch5.20"),
    R.COST_UNPAYABLE: _ruling("a card whose cost cannot be paid cannot be activated"),
    R.LP_COST_LIMIT: _ruling("an LP cost cannot be more than the LP the player has"),
    R.HALVING: _ruling("halving LP rounds half up"),
    R.COST_TRIBUTE: _s("ch5.16"),
    R.COST_DISCARD: _s("ch5.35"),
    R.COST_SEND: _s("ch5.34"),
    R.COST_BANISH: _s("ch5.19"),
    R.COST_DETACH: _s("ch5.14"),
    R.COST_COUNTERS: _s("ch5.9"),
    R.COUNTERS: _s("ch5.9"),
    R.COST_OWN_CARDS: _ruling("unless its text says otherwise, a cost is paid only from the cards the player controls"),
    R.TOKEN_NOT_SENT_AS_COST: _ruling("a Token cannot be sent to the Graveyard as a cost"),
    R.RESOLVE_LIFO: _s("ch4.13"),
    R.CHAIN_END: _s("ch4.13"),
    R.EFFECT_PARTS: _s("ch5.17"),
    R.TARGET_GONE: _ruling("a target that has left its zone is not affected; the other targets still are"),
    R.CHOICE_ON_RESOLUTION: _s("ch5.28"),
    R.LEFT_FIELD_CONTINUOUS_SPELL: _ruling("a Continuous Spell that has left the field does not apply its effect"),
    R.LEFT_FIELD_EQUIP: _ruling("an Equip Spell that has left the field does not apply its effect"),
    R.LEFT_FIELD_FIELD_SPELL: _ruling("a Field Spell that has left the field does not apply its effect"),
    R.LEFT_FIELD_CONTINUOUS_TRAP: _ruling("a Continuous Trap that has left the field does not apply its effect"),
    R.LEFT_FIELD_PENDULUM: _ruling("Pendulum Effects do not exist under Master Rule 2"),
    R.TO_GY_NORMAL_SPELL: _s("ch2.25"),
    R.TO_GY_RITUAL_SPELL: _s("ch2.26"),
    R.TO_GY_QUICK_PLAY: _ruling("a Quick-Play Spell is sent to the Graveyard after it resolves"),
    R.TO_GY_NORMAL_TRAP: _s("ch2.32"),
    R.TO_GY_COUNTER_TRAP: _ruling("a Counter Trap is sent to the Graveyard after it resolves"),
    R.TO_GY_AFTER_CHAIN: Ruling("a resolved Normal, Quick-Play or Ritual Spell, or Normal or Counter Trap, stays on the field "
                                "until the whole chain has resolved and is then sent to the Graveyard; ch2.25 and ch2.32 "
                                "say only that it goes to the Graveyard once used"),
    R.DESTROY: _s("ch5.32"),
    R.SEND_TO_GY: _s("ch5.34"),
    R.TO_OWNER: _s("ch5.21"),
    R.BANISH: _s("ch5.19"),
    R.RETURN: _s("ch5.21"),
    R.DRAW: _s("ch5.30"),
    R.BOTH_PLAYERS_ACT: _s("ch5.4"),
    R.SPECIAL_SUMMON: _s("ch2.21"),
    R.CONTROL: _s("ch5.21"),
    R.STAT_CHANGE: _s("ch5.36"),
    R.STAT_FLOOR: _ruling("ATK and DEF cannot go below 0"),
    R.FACE_DOWN_UNAFFECTED: _ruling("ATK/DEF changes do not apply to face-down monsters"),
    R.DAMAGE: _s("ch3.2"),
    R.GAIN_LP: Ruling("the effect gives LP as its text says; the rulebook states no general rule for gaining LP"),
    R.CARD_TEXT: _s("ch5.6"),
    R.TOKEN_REMOVED: _s("ch5.2"),
    R.EQUIP_DESTROYED: _s("ch5.27"),
    R.XYZ_MATERIALS: _s("ch5.14"),
    R.XYZ_NEGATED_MATERIALS: _ruling("when an Xyz Summon is negated, its Xyz Materials go to the Graveyard too, and they "
                                     "are not sent there from the field"),
    R.XYZ_MATERIAL_NOT_ON_FIELD: _s("ch5.14"),
    R.PENDULUM_TO_EXTRA: _ruling("Pendulum Monsters do not exist under Master Rule 2"),
    R.LP_ZERO: _s("ch3.2"),
    R.BOTH_ZERO: _s("ch3.2"),
    R.DECK_OUT: _s("ch3.2"),
}

CITATIONS.update({
    R.PHASE_ORDER: _s("ch3.4"),
    R.DRAW_PHASE: _s("ch3.5"),
    R.FIRST_TURN_DRAW: _s("ch3.5"),
    R.FIRST_TURN_NO_BATTLE: _s("ch3.9"),
    R.END_DECLARED: _s("ch4.16"),
    R.TURN_PLAYER_PRIORITY: _s("ch4.16"),
    R.HAND_LIMIT: _s("ch3.15"),
    R.NEXT_TURN: _s("ch3.4"),
    R.SPELL_TIMING: _s("ch2.24"),
    R.IGNITION_TIMING: _s("ch2.8"),
    R.TRAP_SET_THIS_TURN: _s("ch2.31"),
    R.QUICK_PLAY_SET_THIS_TURN: _s("ch2.30"),
    R.QUICK_PLAY_HAND_OWN_TURN: _s("ch2.30"),
    R.DAMAGE_STEP_LIMIT: _s("ch4.4"),
    R.DAMAGE_STEP_CARDS: _s("ch4.4"),
    R.DAMAGE_STEP_TRIGGER: _ruling("in the Damage Step an optional trigger can be activated only if it is a Flip Effect or "
                                   "it triggers on its own Special Summon, destruction, banishment or return to the hand"),
    R.NORMAL_SUMMON: _s("ch2.16"),
    R.NORMAL_SUMMON_ONCE: _s("ch3.7"),
    R.NORMAL_SUMMON_ZONE: _s("ch1.7"),
    R.TRIBUTE_COUNT: _s("ch2.17"),
    R.TRIBUTE_OWN: _s("ch2.17"),
    R.TRIBUTE_TOKEN: _s("ch5.2"),
    R.SET_MONSTER: _s("ch2.18"),
    R.NORMAL_SUMMON_POSITION: _s("ch2.16"),
    R.SPECIAL_SUMMON_POSITION: _s("ch2.20"),
    R.FLIP_SUMMON: _s("ch2.19"),
    R.FLIP_SUMMON_SET_THIS_TURN: _s("ch2.19"),
    R.FLIP_SUMMON_ONCE: _s("ch3.7"),
    R.SET_SPELL: _s("ch5.24"),
    R.SET_TRAP: _s("ch5.24"),
    R.SPECIAL_SUMMON_ZONE: _s("ch1.7"),
    R.INHERENT_SUMMON: _s("ch2.20"),
    R.SUMMON_NOT_CHAIN: _s("ch5.7"),
    R.NOTHING_CHAINS_TO_SUMMON: _s("ch5.7"),
    R.SUMMON_NEGATION_WINDOW: _ruling("a card that negates a Summon is activated while the monster is being Summoned"),
    R.NEGATED_SUMMON_TO_GY: _ruling("a monster whose Summon is negated is sent to the Graveyard"),
    R.NEGATED_SUMMON_PENDULUM: _ruling("Pendulum Monsters do not exist under Master Rule 2"),
    R.SUMMON_SUCCESS: _s("ch2.16"),
    R.SPECIAL_SUMMON_SUCCESS: _s("ch2.20"),
    R.SYNCHRO: _s("ch2.12"),
    R.SYNCHRO_MATERIALS: _s("ch2.12"),
    R.XYZ: _s("ch2.11"),
    R.XYZ_NO_TOKEN: _s("ch5.2"),
    R.FUSION: _s("ch2.14"),
    R.RITUAL: _s("ch2.14"),
    R.RITUAL_LEVELS: _s("ch2.14"),
    R.RITUAL_NO_EXCESS: _ruling("a Ritual Summon cannot Tribute more monsters than it needs"),
    R.PENDULUM_SUMMON: _ruling("Pendulum Summons do not exist under Master Rule 2"),
    R.PENDULUM_SUMMON_ONCE: _ruling("Pendulum Summons do not exist under Master Rule 2"),
    R.PENDULUM_SCALES: _ruling("Pendulum Summons do not exist under Master Rule 2"),
    R.PENDULUM_PLACE: _ruling("Pendulum Monsters and Pendulum Zones do not exist under Master Rule 2"),
    R.PENDULUM_ZONE_FULL: _ruling("Pendulum Zones do not exist under Master Rule 2"),
    R.NEGATED_PENDULUM_CARD: _ruling("Pendulum Monsters do not exist under Master Rule 2"),
    R.CHANGE_POSITION: _s("ch3.7"),
    R.POSITION_SUMMONED_THIS_TURN: _s("ch3.7"),
    R.POSITION_ONCE: _s("ch3.7"),
    R.POSITION_AFTER_ATTACK: _s("ch3.7"),
    R.MAIN_PHASE_ACTION: _s("ch3.7"),
    R.FLIPPED: _s("ch2.6"),
    R.TRIGGER_EVENT: _s("ch2.9"),
    R.FLIP_EFFECT: _s("ch2.6"),
    R.SEGOC: _s("ch5.5"),
    R.SEGOC_SS1: _s("ch5.5"),
    R.MANDATORY_TRIGGER: _s("ch5.23"),
    R.OPTIONAL_TRIGGER: _s("ch5.23"),
    R.MISSED_TIMING: _ruling("an optional 'when ... you can' trigger whose event was not the last thing to happen cannot be activated (misses the timing)"),
    R.TRIGGER_AT_WILL: _ruling("a Trigger or Flip Effect is activated only at the timing of its event; one that missed "
                               "its timing or never triggered cannot be activated afterwards"),
    R.ONCE_PER_TURN_EFFECT: _ruling("'you can only use this effect of <name> once per turn' counts every card of that "
                                    "name the player activates the effect of, even after a name change"),
    R.HAND_SUMMON_TRIGGERS: _ruling("two or more trigger effects in a player's hand that Special Summon their own card "
                                    "cannot be chained together: only one of them is activated"),
    R.IF_OPTIONAL_AFTER: _ruling("an optional 'if ... you can' trigger met during a chain is activated after the chain"),
    R.MANDATORY_AFTER: _ruling("a mandatory trigger met during a chain is activated after the chain"),
    R.TRIGGER_HIDDEN: _ruling("a trigger cannot be activated once its card has gone to the hand or Deck"),
    R.MISSED_TIMING_PROCEDURE: _ruling("a monster Tributed for a Summon is not the last thing to happen, so its 'when ... you can' trigger misses the timing"),
    R.MISSED_TIMING_SYNCHRO: _ruling("a monster sent to the Graveyard as a Synchro Material is not the last thing to happen, so its 'when ... you can' trigger misses the timing"),
    R.MISSED_TIMING_FUSION: _ruling("a Fusion Material sent to the Graveyard during resolution is not the last thing to happen, so its 'when ... you can' trigger misses the timing"),
    R.MISSED_TIMING_RITUAL: _ruling("a monster Tributed for a Ritual Summon is not the last thing to happen, so its 'when ... you can' trigger misses the timing"),
    R.CONTINUOUS_APPLIES: _s("ch2.7"),
    R.CONTINUOUS_ENDS: _s("ch2.7"),
    R.CANNOT_BE_TARGETED: _ruling("a card that cannot be targeted cannot be chosen as a target when an effect is "
                                  "activated; an effect that targeted it before that applied still applies to it"),
    R.ATTACK_DECLARE: _s("ch3.10"),
    R.ATTACK_ONCE: _s("ch3.10"),
    R.ATTACK_FACE_DOWN_NO: _s("ch3.10"),
    R.ATTACK_DEFENSE_NO: _ruling("a monster in Defense Position cannot declare an attack"),
    R.DIRECT_ATTACK: _s("ch4.9"),
    R.REPLAY: _s("ch3.13"),
    R.DAMAGE_STEP: _s("ch3.11"),
    R.FLIP_IN_BATTLE: _s("ch4.5"),
    R.FLIP_EFFECT_AFTER_CALC: _s("ch4.6"),
    R.BATTLE_ATK_VS_ATK: _s("ch4.7"),
    R.BATTLE_ATK_VS_DEF: _s("ch4.8"),
    R.BATTLE_ZERO_ATK: _s("ch5.11"),
    R.BATTLE_DAMAGE: _s("ch5.25"),
    R.HALVE_STAT: _ruling("a halved value rounds half up"),
    R.ORIGINAL_VALUE: _s("ch5.36"),
    R.WIN_BY_EFFECT: _s("ch3.2"),
    R.LP_START: _s("ch3.2"),
    # issue 13: the verbs
    R.SEARCH_SHUFFLE: _s("ch1.7"),
    R.SHUFFLE: _s("ch5.22"),
    R.DECK_ORDER_HIDDEN: _s("ch5.22"),
    R.BANISH_FACE_DOWN: _ruling("a card banished face-down is hidden; only its owner may look at it"),
    R.DISCARD: _s("ch5.35"),
    # issue 13: Equip Cards, Tributes by effects, values read from the game
    R.EQUIP: _s("ch5.27"),
    R.EQUIP_BY_EFFECT: _s("ch5.27"),
    R.EQUIP_TRAP: _s("ch5.27"),
    R.EQUIP_NEGATED: _ruling("an Equip Spell whose activation is negated is not equipped; one whose effect is negated is "
                             "equipped with its effects negated"),
    R.TRIBUTE_BY_EFFECT: _s("ch5.16"),
    R.DECK_EMPTY_NO_LOSS: _ruling("an effect that would send cards from an empty Deck does not make the player lose; only "
                                  "a draw does"),
    R.STAT_LOST: _ruling("an ATK/DEF lowered below 0 becomes 0, and \"the ATK it lost\" is the amount it really went down"),
    R.SUMMON_CONDITIONS: _s("ch5.6"),
    R.CANNOT_ATTACK: _s("ch5.6"),
    R.COIN_DIE: _s("ch1.5"),
    R.REVEAL: _ruling("a card revealed by an effect is public only while that effect applies"),
    R.ADD_TO_HAND: _ruling("an effect can add a card to the hand from the Deck, which is then searched"),
    R.ORIGINAL_CHANGED: _ruling("an original ATK/DEF changed by an effect is the monster's original value from then on"),
    R.POSITION_BY_EFFECT: _ruling("a battle position changed by an effect is not limited to once per turn"),
    R.ACTIVATION_CONDITION: _s("ch2.23"),
    R.PENDULUM_SPELL_ACTIVATION: _ruling("Pendulum Monsters and Pendulum Zones do not exist under Master Rule 2"),
    R.LEVEL_CHANGED: _ruling("a monster whose Level an effect changed has only the changed Level"),
    R.ATTRIBUTE_CHANGED: _ruling("a monster whose Attribute an effect changed has only the changed Attribute"),
    R.RACE_CHANGED: _ruling("a monster whose Type an effect changed has only the changed Type"),
    # issue 13: summon procedures and materials
    R.INHERENT_COST: _ruling("cards sent to the Graveyard or Tributed to meet a monster's own summoning condition move "
                             "as part of the procedure, not by a card effect"),
    R.CONTACT_FUSION: _ruling("a Fusion Monster whose text says it does not use Polymerization is Special Summoned from "
                              "the Extra Deck by the method its text states"),
    R.CONTACT_NOT_FUSION: _ruling("such a Special Summon activates no card, uses no chain and is not a Fusion Summon"),
    R.SYNCHRO_NON_TUNER: _ruling("a condition the Synchro Monster puts on its non-Tuners must hold for every non-Tuner"),
    R.XYZ_COUNT: _s("ch2.11"),
    R.XYZ_MATERIAL_FILTER: _s("ch2.11"),
    R.MATERIALS_KEPT: _ruling("the monsters sent to the Graveyard for a Synchro Summon are its Synchro Materials"),
    R.MATERIALS_LOST: _ruling("a Synchro Monster that leaves the field no longer has its Synchro Materials"),
    R.CONTACT_NO_POLYMERIZATION: _ruling("a Fusion Monster whose text says it does not use Polymerization cannot be "
                                         "Fusion Summoned by a card that Fusion Summons"),
    R.MISSED_TIMING_INHERENT: _ruling("a card sent to the Graveyard to Special Summon a monster by its own condition is "
                                      "not the last thing to happen (the Summon follows), so its 'when ... you can' "
                                      "trigger misses the timing"),
    # Replacement effects from card text (engine/ygo/replacement.py)
    R.REPLACE_DESTINATION: _s("ch5.6"),
    R.REPLACE_OVER_PENDULUM: _ruling("Pendulum Monsters do not exist under Master Rule 2"),
    R.REPLACE_PENDULUM_SPELL: _ruling("Pendulum Monsters do not exist under Master Rule 2"),
    R.REPLACE_TRIBUTE: _ruling("while cards sent to the Graveyard are banished instead, a Tribute Summon can still be "
                               "made and the Tributes are banished"),
    R.REPLACE_FUSION: _ruling("while cards sent to the Graveyard are banished instead, a Fusion Summon can still be "
                              "made and the materials are banished"),
    R.REPLACE_SYNCHRO: _ruling("while cards sent to the Graveyard are banished instead, a Synchro Summon can still be "
                               "made and the materials are banished"),
    R.REPLACE_COST_TRIBUTE: _ruling("while cards sent to the Graveyard are banished instead, a Tribute can still be "
                                    "paid as a cost and is banished"),
    R.REPLACE_COST_DISCARD: _ruling("while cards sent to the Graveyard are banished instead, a cost that says only "
                                    "'discard' can be paid and the card is banished"),
    R.REPLACE_COST_SEND: _ruling("while a card would be banished instead of going to the Graveyard, it cannot be "
                                 "sent to the Graveyard as a cost, and the card needing that cost cannot be activated"),
    R.REPLACE_SELF: _ruling("'if this card leaves the field, banish it' is an effect that is not activated and "
                            "applies at once"),
    **{key: Ruling(text) for key, text in SHARED_RULINGS.items()},
    # issue 13: trigger events and qualifiers
    R.STANDBY_PHASE_TRIGGER: _s("ch3.6"),
    R.END_PHASE_TRIGGER: _s("ch3.15"),
    R.PHASE_TRIGGERS: _s("ch5.5"),
    R.DRAWN_EVENT: _s("ch5.31"),
    R.TARGET_AT_ACTIVATION: _s("ch5.28"),
    R.SELECT_ALL: _s("ch5.28"),
    R.FACE_DOWN_NOT_TARGET: _ruling("a face-down card cannot be targeted by an effect that names a characteristic of its "
                                    "target (a Type, Attribute, Level or name): face-down, it has none that can be read"),
    # issue 13 (gaps)
    R.TRIBUTED: _s("ch5.16"),
    R.XYZ_MATERIALS_ATTACHED: _s("ch5.14"),
})


@register_ruleset
class MasterRule2(YgoRuleset):
    """Yu-Gi-Oh! Master Rule 2 (2011): no Pendulums, one Field Spell on the whole field."""

    name = "mr2"
    document = DOCUMENT
    title = "Yu-Gi-Oh! official rulebook, Master Rule 2 (2011)"
    citations = CITATIONS
    pendulum = False
    field_zone_per_player = False
    first_turn_draw = True
    segoc_tiers = False
