"""The rule points the Yu-Gi-Oh! engine applies, as keys into each ruleset's citation table.

Each ruleset module (:mod:`engine.ygo.arcv`, :mod:`engine.ygo.mr2`) maps every key to a
section of its own document, or to a :class:`~engine.core.Ruling` where that document is
silent, so a wrong citation is corrected in one table.
"""

from enum import Enum, auto


class R(Enum):
    """A rule point of the chain slice."""

    # Spell Speed and responses
    SPELL_SPEED = auto()            # every activated effect has a Spell Speed
    SS_SPELL = auto()               # Spells other than Quick-Play: SS1
    SS_QUICK_PLAY = auto()          # Quick-Play Spell: SS2
    SS_TRAP = auto()                # Normal/Continuous Trap: SS2
    SS_COUNTER = auto()             # Counter Trap: SS3
    SS_MONSTER = auto()             # Ignition/Trigger/Flip: SS1
    SS_QUICK_EFFECT = auto()        # Quick Effect: SS2
    SS_SPELL_EFFECT = auto()        # effect activation of a face-up Spell: SS1
    SS_TRAP_EFFECT = auto()         # effect activation of a face-up Trap: SS2
    SS_PENDULUM = auto()            # Pendulum Effect: SS1
    SS1_NO_RESPONSE = auto()        # SS1 cannot respond
    SS3_ONLY_ON_SS3 = auto()        # only SS3 responds to SS3
    NOT_ACTIVATED = auto()          # Continuous effects apply without a chain
    # Building the chain
    CHAIN_LINK_1 = auto()
    CHAIN_RESPONSE = auto()
    PRIORITY_TO_OPPONENT = auto()
    BOTH_PASS_RESOLVE = auto()
    # Where a card is activated from
    SPELL_PLACED = auto()           # Spell activated: placed face-up in the S/T Zone
    TRAP_FROM_SET = auto()          # Trap activated from the Set position
    EFFECT_ACTIVATION = auto()      # effect activation from the field or GY
    PENDULUM_ZONE_ONLY = auto()     # Pendulum Effects only from the Pendulum Zone
    FIELD_REPLACED = auto()         # a new Field Spell replaces the old one
    ST_ZONE_FULL = auto()
    MONSTER_ZONE_FULL = auto()
    # Negation
    NEGATE_ADJACENT = auto()        # negating an activation: chained directly to it
    CARD_VS_EFFECT_ACTIVATION = auto()
    UNRESOLVABLE = auto()           # an effect that could not resolve at all cannot be activated
    NEGATE_SPELL = auto()
    NEGATE_TRAP = auto()
    NEGATE_MONSTER_EFFECT = auto()
    NEGATED_SPELL_TO_GY = auto()
    NEGATED_TRAP_TO_GY = auto()
    NEGATED_NO_EFFECT = auto()      # a negated activation / effect does nothing on resolution
    # Costs
    COST_PAID = auto()
    COST_UNPAYABLE = auto()
    LP_COST_LIMIT = auto()
    HALVING = auto()
    COST_TRIBUTE = auto()
    COST_DISCARD = auto()
    COST_SEND = auto()
    COST_BANISH = auto()
    COST_DETACH = auto()             # a detached Xyz Material goes to the GY, not from the field
    COST_COUNTERS = auto()           # counters removed as a cost
    COUNTERS = auto()                # what a counter is
    COST_OWN_CARDS = auto()          # a cost is paid from the player's own cards
    TOKEN_NOT_SENT_AS_COST = auto()
    # Resolution
    RESOLVE_LIFO = auto()
    CHAIN_END = auto()
    EFFECT_PARTS = auto()           # a link's actions apply in the order written
    TARGET_GONE = auto()
    CHOICE_ON_RESOLUTION = auto()
    LEFT_FIELD_CONTINUOUS_SPELL = auto()
    LEFT_FIELD_EQUIP = auto()
    LEFT_FIELD_FIELD_SPELL = auto()
    LEFT_FIELD_CONTINUOUS_TRAP = auto()
    LEFT_FIELD_PENDULUM = auto()
    TO_GY_NORMAL_SPELL = auto()
    TO_GY_RITUAL_SPELL = auto()
    TO_GY_QUICK_PLAY = auto()
    TO_GY_NORMAL_TRAP = auto()
    TO_GY_COUNTER_TRAP = auto()
    TO_GY_AFTER_CHAIN = auto()      # resolved Normal/Quick-Play/Ritual Spells, Normal/Counter Traps: after the whole chain
    # What effects do
    DESTROY = auto()
    SEND_TO_GY = auto()
    TO_OWNER = auto()               # a card leaving the field goes to its owner's pile
    BANISH = auto()
    RETURN = auto()
    DRAW = auto()
    BOTH_PLAYERS_ACT = auto()       # both players act at once by one effect: the turn player first
    SPECIAL_SUMMON = auto()
    CONTROL = auto()
    STAT_CHANGE = auto()
    STAT_FLOOR = auto()
    FACE_DOWN_UNAFFECTED = auto()
    DAMAGE = auto()
    GAIN_LP = auto()
    CARD_TEXT = auto()              # card text decides; the engine cannot read it
    # Moving cards between the Deck, hand, Graveyard and banishment (issue 13)
    SEARCH_SHUFFLE = auto()         # a Deck searched by an effect is shuffled afterwards
    SHUFFLE = auto()                # what shuffling is
    DECK_ORDER_HIDDEN = auto()      # the order of a shuffled Deck is not known
    BANISH_FACE_DOWN = auto()       # "banish face-down": hidden, only the owner may look
    DISCARD = auto()                # discarding: from the hand to the Graveyard
    ADD_TO_HAND = auto()            # adding a card to the hand from the Deck, GY or banishment
    DECK_BOTTOM = auto()            # a card placed on the bottom of the Deck
    # Values, positions and negation by effects (issue 13)
    ORIGINAL_CHANGED = auto()       # a changed original ATK/DEF is the new original
    POSITION_BY_EFFECT = auto()     # a position change by an effect: no limit per turn
    NEGATE_ATTACK = auto()          # a negated attack ends: no damage calculation
    NO_ATTACK_TO_NEGATE = auto()    # a negation of an attack needs an attack
    EFFECTS_NEGATED = auto()        # a card whose effects are negated applies none of them
    PENDULUM_SPELL_ACTIVATION = auto()  # placing a Pendulum Scale is the activation of a Spell Card
    CONTINUOUS_NEGATION_ORDER = auto()  # two Continuous Effects that negate each other's cards: the first applied wins
    LEVEL_CHANGED = auto()          # a monster whose Level an effect changed has only the new Level
    RACE_CHANGED = auto()           # ... only the new Type
    ATTRIBUTE_CHANGED = auto()      # ... only the new Attribute
    COIN_DIE = auto()               # coins and dice for card effects
    REVEAL = auto()                 # a card revealed by an effect is public while the effect applies
    EXCAVATE = auto()               # excavated cards are revealed and stay on top of the Deck
    # Equip Cards, Tributes by effects, values read from the game (issue 13, verbs)
    EQUIP = auto()                  # an Equip Card is equipped to the monster it targets
    EQUIP_BY_EFFECT = auto()        # a card equipped by an effect is treated as an Equip Card
    EQUIP_NO_TARGET = auto()        # the monster is gone when it resolves: not equipped, to the GY
    EQUIP_NEGATED = auto()          # an Equip Spell whose effect is negated is equipped, negated
    EQUIP_TRAP = auto()             # a Trap that equips itself stays on the field as an Equip Card
    SEND_FROM_TOP = auto()          # sending the top cards of the Deck is not a search: no shuffle
    DECK_EMPTY_NO_LOSS = auto()     # an effect that cannot take cards from an empty Deck does not make the player lose
    TRIBUTE_BY_EFFECT = auto()      # a Tribute by an effect: sent to the GY, not destroyed
    LAST_KNOWN = auto()             # a value read from a card that left the field: as it last was there
    STAT_LOST = auto()              # "the ATK it lost" is the amount it really went down
    SUMMON_CONDITIONS = auto()      # conditions a Special Summon by effect puts on the monster
    CANNOT_ATTACK = auto()          # "it cannot attack this turn"
    # Rule processing and the end of the Duel
    TOKEN_REMOVED = auto()
    EQUIP_DESTROYED = auto()
    XYZ_MATERIALS = auto()
    XYZ_NEGATED_MATERIALS = auto()  # the materials of a negated Xyz Summon go to the GY, not from the field
    XYZ_MATERIAL_NOT_ON_FIELD = auto()  # an Xyz Material sent to the GY is not sent from the field
    PENDULUM_TO_EXTRA = auto()
    LP_ZERO = auto()
    BOTH_ZERO = auto()
    DECK_OUT = auto()
    # Turn structure (issue 3)
    PHASE_ORDER = auto()
    DRAW_PHASE = auto()
    FIRST_TURN_DRAW = auto()        # flag: does the first player draw on turn 1?
    FIRST_TURN_NO_BATTLE = auto()
    END_DECLARED = auto()           # declaring the end of a phase/step passes priority
    TURN_PLAYER_PRIORITY = auto()
    HAND_LIMIT = auto()
    NEXT_TURN = auto()
    LINGERING_EXPIRES = auto()
    # Activation timing
    SPELL_TIMING = auto()           # SS1 Spells: own Main Phase, empty chain
    IGNITION_TIMING = auto()
    TRAP_SET_THIS_TURN = auto()
    QUICK_PLAY_SET_THIS_TURN = auto()
    QUICK_PLAY_HAND_OWN_TURN = auto()
    DAMAGE_STEP_LIMIT = auto()      # monster effects in the Damage Step
    DAMAGE_STEP_CARDS = auto()      # Spell/Trap cards in the Damage Step
    DAMAGE_STEP_TRIGGER = auto()    # optional triggers raised in the Damage Step
    # Summoning
    NORMAL_SUMMON = auto()
    NORMAL_SUMMON_ONCE = auto()
    NORMAL_SUMMON_ZONE = auto()
    TRIBUTE_COUNT = auto()
    TRIBUTE_OWN = auto()
    TRIBUTE_TOKEN = auto()
    SET_MONSTER = auto()
    NORMAL_SUMMON_POSITION = auto()  # a Normal Summon is face-up Attack, a Set face-down Defense
    SPECIAL_SUMMON_POSITION = auto()  # a Special Summon: face-up Attack or Defense unless stated
    FLIP_SUMMON = auto()
    FLIP_SUMMON_SET_THIS_TURN = auto()
    FLIP_SUMMON_ONCE = auto()
    SET_SPELL = auto()
    SET_TRAP = auto()
    SPECIAL_SUMMON_ZONE = auto()
    INHERENT_SUMMON = auto()
    SUMMON_NOT_CHAIN = auto()
    NOTHING_CHAINS_TO_SUMMON = auto()  # a Summon is not an activation: nothing is chained to it
    SUMMON_NEGATION_WINDOW = auto()
    NEGATED_SUMMON_TO_GY = auto()
    NEGATED_SUMMON_PENDULUM = auto()  # a Pendulum whose Summon is negated is not sent from the field
    SUMMON_SUCCESS = auto()
    SPECIAL_SUMMON_SUCCESS = auto()
    SYNCHRO = auto()
    SYNCHRO_MATERIALS = auto()
    XYZ = auto()
    XYZ_NO_TOKEN = auto()
    FUSION = auto()
    RITUAL = auto()
    RITUAL_LEVELS = auto()
    RITUAL_NO_EXCESS = auto()
    PENDULUM_SUMMON = auto()
    PENDULUM_SUMMON_ONCE = auto()
    PENDULUM_SCALES = auto()
    PENDULUM_PLACE = auto()         # a Pendulum Monster activated from the hand as a Spell Card in the Pendulum Zone
    PENDULUM_ZONE_FULL = auto()     # two Pendulum Zones per player
    NEGATED_PENDULUM_CARD = auto()  # a negated Pendulum activation goes to the Graveyard
    CHANGE_POSITION = auto()
    POSITION_SUMMONED_THIS_TURN = auto()
    POSITION_ONCE = auto()
    POSITION_AFTER_ATTACK = auto()  # a monster that declared an attack cannot change position
    MAIN_PHASE_ACTION = auto()      # summons, Sets, position changes: own Main Phase, empty chain
    # Triggers and SEGOC
    FLIPPED = auto()
    TRIGGER_EVENT = auto()
    FLIP_EFFECT = auto()
    SEGOC = auto()
    SEGOC_SS1 = auto()
    MANDATORY_TRIGGER = auto()
    OPTIONAL_TRIGGER = auto()
    MISSED_TIMING = auto()
    TRIGGER_AT_WILL = auto()          # a trigger is activated at its timing, never by choice afterwards
    ONCE_PER_TURN_EFFECT = auto()     # "you can only use this effect of <name> once per turn", by name
    ONCE_PER_TURN_CARD = auto()       # "you can only activate 1 <name> per turn", by name
    HAND_SUMMON_TRIGGERS = auto()     # self-summoning hand triggers cannot be chained together
    IF_OPTIONAL_AFTER = auto()
    MANDATORY_AFTER = auto()
    TRIGGER_HIDDEN = auto()
    MISSED_TIMING_PROCEDURE = auto()  # Tributed for a Tribute Summon
    MISSED_TIMING_SYNCHRO = auto()    # sent as a material of a summon by procedure (Synchro)
    MISSED_TIMING_FUSION = auto()     # sent as a Fusion Material during resolution
    MISSED_TIMING_RITUAL = auto()     # Tributed for a Ritual Summon during resolution
    CONTINUOUS_APPLIES = auto()
    CONTINUOUS_ENDS = auto()
    CANNOT_BE_TARGETED = auto()     # a card that cannot be targeted cannot be chosen; one already chosen stays
    CANNOT_SPECIAL_SUMMON = auto()  # an effect that would Special Summon cannot be activated while forbidden
    # Battle
    ATTACK_DECLARE = auto()
    ATTACK_ONCE = auto()
    ATTACK_FACE_DOWN_NO = auto()
    ATTACK_DEFENSE_NO = auto()
    DIRECT_ATTACK = auto()
    REPLAY = auto()
    ATTACK_STOPPED = auto()         # the attacker left the field or Attack Position: no damage calculation
    DAMAGE_STEP = auto()
    FLIP_IN_BATTLE = auto()
    FLIP_EFFECT_AFTER_CALC = auto()
    BATTLE_ATK_VS_ATK = auto()
    BATTLE_ATK_VS_DEF = auto()
    BATTLE_ZERO_ATK = auto()
    BATTLE_DAMAGE = auto()
    # Numbers and winning
    STAT_SUM = auto()               # modifiers add up; the floor applies to the result
    HALVE_STAT = auto()
    ORIGINAL_VALUE = auto()
    WIN_BY_EFFECT = auto()
    LP_START = auto()
    # Activation conditions (issue 13)
    ACTIVATION_CONDITION = auto()   # an effect is activated only when its stated condition is met
    CONDITION_COUNT = auto()        # "exactly 1 monster" is not met by two or more Summoned together
    CONDITION_WINDOW = auto()       # a "when …" condition: only while the event can still be responded to
    # issue 13: summon procedures and materials (engine/ygo/requirements.py)
    INHERENT_COST = auto()          # cards sent or Tributed to meet an inherent condition move by procedure
    CONTACT_FUSION = auto()         # a Fusion Monster that does not use Polymerization: Summoned by its own method
    CONTACT_NOT_FUSION = auto()     # no card is activated, no chain, and it is not a Fusion Summon
    SYNCHRO_NON_TUNER = auto()      # a condition on the non-Tuners holds for every non-Tuner
    SYNCHRO_TUNER = auto()          # a condition on the Tuner
    XYZ_COUNT = auto()              # the Xyz Monster decides how many materials
    XYZ_MATERIAL_FILTER = auto()    # the Xyz Monster decides what its materials are beyond the Level
    MATERIALS_KEPT = auto()         # the monsters used are its materials
    MATERIALS_LOST = auto()         # they stop being its materials when it leaves the field
    MISSED_TIMING_INHERENT = auto() # a card paid for an inherent Special Summon: the Summon still follows
    CONTACT_NO_POLYMERIZATION = auto()  # a Fusion Monster that does not use Polymerization cannot be Fusion Summoned
    # Replacement effects from card text (engine/ygo/replacement.py)
    REPLACE_DESTINATION = auto()     # "… is banished instead": the card goes elsewhere, never to the Graveyard
    REPLACE_OVER_PENDULUM = auto()   # the card's text wins over "a Pendulum Monster goes to the Extra Deck"
    REPLACE_PENDULUM_SPELL = auto()  # a Pendulum Monster in the Pendulum Zone is a Spell Card, not a monster
    REPLACE_TRIBUTE = auto()         # a Tribute for a Tribute Summon can be made; it is banished instead
    REPLACE_FUSION = auto()          # Fusion Materials are banished instead
    REPLACE_SYNCHRO = auto()         # Synchro Materials are banished instead
    REPLACE_COST_TRIBUTE = auto()    # a Tribute as a cost can be paid; it is banished instead
    REPLACE_COST_DISCARD = auto()    # a discard cost can be paid; the card is banished instead
    REPLACE_COST_SEND = auto()       # a "send to the GY" cost cannot be paid while it would be banished instead
    REPLACE_SELF = auto()            # "if this card leaves the field, banish it": not activated, applies at once
    REPLACE_NOT_SENT = auto()        # a card that went elsewhere instead was not sent to the GY (its triggers)
    REPLACE_DESTRUCTION = auto()     # "if this card would be destroyed, you can … instead"
    REPLACE_DESTRUCTION_IMPOSSIBLE = auto()  # the part done instead must be possible, else it is destroyed
    REPLACE_OWN_CARD = auto()        # Macro Cosmos itself goes to the GY: its effect ends as it leaves the field
    # issue 13: trigger events and qualifiers
    STANDBY_PHASE_TRIGGER = auto()  # "during the Standby Phase" is handled in that phase
    END_PHASE_TRIGGER = auto()      # "during the End Phase" is handled in that phase
    PHASE_TRIGGERS = auto()         # how triggers of the same phase start go on the chain (ARC-V: one at a time)
    DRAWN_EVENT = auto()            # a card drawn: one event per card drawn
    TARGET_AT_ACTIVATION = auto()   # a targeting effect's targets are chosen when it is activated
    SELECT_ALL = auto()             # "all cards that …" does not target: the cards that fit when it applies
    FACE_DOWN_NOT_TARGET = auto()   # a face-down card is no target for "target 1 <characteristic> monster"
    TRIGGER_NO_TARGET = auto()      # a trigger that targets cannot be activated without a legal target
    # issue 13 (gaps): Tributed events, what a Summon must be, Xyz Materials, Spell/Trap negation
    TRIBUTED = auto()               # sending a monster to the GY for a Summon or as a cost is Tributing it
    XYZ_MATERIALS_ATTACHED = auto() # the cards under an Xyz Monster are its Xyz Materials
    SPELL_TRAP_NEGATED = auto()     # "negate all Trap effects on the field": they resolve without effect


SHARED_RULINGS = {
    R.LINGERING_EXPIRES: "an effect that lasts until the End Phase ends there and the value is computed again without it",
    R.ONCE_PER_TURN_CARD: "'you can only activate 1 <name> per turn' limits the player to one activation of a card "
        "of that name each turn, counted even if it was negated; official ruling, not in this "
        "document",
    R.CANNOT_SPECIAL_SUMMON: "official ruling, not in this document: while a player cannot Special Summon, an "
        "effect that would Special Summon for them cannot be activated",
    R.ATTACK_STOPPED: "an attack stops, with no damage calculation, if the attacking monster leaves the field or is no longer in Attack Position",
    R.STAT_SUM: "ATK/DEF changes add up from the original value in the order applied; only the result is floored at 0",
    R.DECK_BOTTOM: "official ruling, not in this document: a card placed on the bottom of the Deck goes under "
        "the others, and the Deck is not shuffled",
    R.EQUIP_NO_TARGET: "official ruling, not in this document: an Equip Card whose monster is no longer face-up "
        "on the field when it resolves is not equipped and is sent to the Graveyard",
    R.SEND_FROM_TOP: "official ruling, not in this document: sending the top cards of the Deck to the Graveyard "
        "does not search the Deck, so it is not shuffled",
    R.LAST_KNOWN: "official ruling, not in this document: an effect that reads the ATK or DEF of a monster that "
        "has left the field uses the value it last had on the field (last known information)",
    R.EXCAVATE: "official ruling, not in this document: excavated cards are revealed from the top of the Deck "
        "and stay there, in order, until the effect moves them",
    R.NEGATE_ATTACK: "official ruling, not in this document: a negated attack ends at once; there is no damage "
        "calculation, and the monster has still attacked this turn",
    R.NO_ATTACK_TO_NEGATE: "official ruling, not in this document: an effect that negates an attack can be "
        "activated only while an attack is in progress",
    R.EFFECTS_NEGATED: "official ruling, not in this document: a card whose effects are negated applies none "
        "of them while it stays face-up on the field; its effects on the chain resolve without "
        "effect",
    R.CONDITION_COUNT: "official ruling, not in this document: a card activated when \"exactly 1\" monster is "
        "Summoned cannot be activated when two or more monsters are Summoned at the same time; "
        "one that reads \"a monster(s)\" can",
    R.CONDITION_WINDOW: "official ruling, not in this document: a Spell or Trap activated \"when\" a monster is "
        "Summoned or an attack is declared is activated in response to that event only: right "
        "after it, or right after the chain whose last action it was; not once anything else "
        "has happened since or another action has been taken",
    R.CONTINUOUS_NEGATION_ORDER: "official ruling, not in this document: of two Continuous Effects that "
        "would negate each other's cards, the one that applied first applies",
    R.SYNCHRO_TUNER: "official ruling, not in this document: a Synchro Monster whose text names its Tuner "
        "(\"1 DARK Tuner\") can only use a Tuner that fits it",
    R.TRIGGER_NO_TARGET: "official ruling, not in this document: an effect that targets cannot be activated "
        "when there is no card it could target, so such a trigger is not activated",
    R.SPELL_TRAP_NEGATED: "official ruling, not in this document: while a Continuous Effect negates the Trap (or Spell) effects on the field, a Trap (or Spell) Card can still be activated, and it resolves without effect; a Continuous Trap's effects do not apply",
    R.REPLACE_NOT_SENT: "official ruling, not in this document: a card that is banished (or goes elsewhere) instead of "
                        "being sent to the Graveyard was never sent there, so its 'sent to the Graveyard' effects do "
                        "not activate; a card destroyed that way was still destroyed",
    R.REPLACE_DESTRUCTION: "official ruling, not in this document: 'if this card would be destroyed, you can ... "
                           "instead' is not activated and starts no chain; its controller chooses when the destruction "
                           "happens, and then the card is not destroyed and stays where it is",
    R.REPLACE_DESTRUCTION_IMPOSSIBLE: "official ruling, not in this document: a destruction can be replaced only if "
                                      "what is done instead can be done in full; otherwise the card is destroyed",
    R.REPLACE_OWN_CARD: "official ruling, not in this document: a card whose effect banishes the cards sent to the "
                        "Graveyard instead (Macro Cosmos, Dimensional Fissure) is itself sent to the Graveyard when it "
                        "leaves the field: its effect no longer applies as it leaves",
}
"""The official rulings that neither document states and both rulesets cite with the same words
(replacement effects among them); arcv.py and mr2.py add them to their citations."""
