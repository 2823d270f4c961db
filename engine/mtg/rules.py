"""The rule points the Magic engine applies, and where each Comprehensive Rules edition has them.

Every trace step cites a :class:`K` key; :data:`CITATIONS` maps each key to its number in
the 2020-06-01 and the 2022-04-29 edition (the numbering moved: cascade is 702.84 in 2020
and 702.85 in 2022, copying 706 and 707, split cards 708 and 709) and to a word that the
rule's own text contains, so ``engine/tests/test_mtg_citations.py`` can check each number
against both corpora with the site's importer.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto
from typing import Optional, Union

from ..core import Rule
from .keyword_sections import KEYWORD_SECTIONS  # re-exported: every keyword's section of CR 702


class K(Enum):
    """A rule point of the Magic engine (a stable key into both editions)."""

    # Timing and priority (117), special actions (116), casting (601), activating (602)
    PRIORITY_AP_FIRST = auto()
    PRIORITY_AFTER_RESOLVE = auto()
    PRIORITY_AFTER_ACTION = auto()
    PRIORITY_PASS = auto()
    ALL_PASS = auto()
    SBA_BEFORE_PRIORITY = auto()
    TIMING_INSTANT = auto()
    TIMING_SORCERY = auto()
    FLASH = auto()
    SPLIT_SECOND = auto()
    SPLIT_SECOND_MANA = auto()
    MANA_ABILITY = auto()
    MANA_ABILITY_NO_STACK = auto()
    SPECIAL_ACTION = auto()
    PLAY_LAND = auto()
    LAND_TIMING = auto()
    CAST_TO_STACK = auto()
    CAST_MODES = auto()
    CAST_TARGETS = auto()
    CAST_LEGALITY = auto()
    CAST_TOTAL_COST = auto()
    CAST_PAY = auto()
    CAST_BECOMES_CAST = auto()
    CAST_PERMISSION = auto()
    ALTERNATIVE_COST = auto()
    X_ZERO_WITHOUT_PAYING = auto()
    HYBRID = auto()
    MANA_VALUE = auto()
    COLOR_FROM_COST = auto()
    ACTIVATE = auto()
    ACTIVATE_RESTRICTION = auto()
    ACTIVATE_AS_SORCERY = auto()
    TAP_ABILITY_SICK = auto()
    # Resolution (608), countering, copies, keywords
    RESOLVE_TOP = auto()
    INTERVENING_IF_RESOLVE = auto()
    TARGETS_RECHECKED = auto()
    INSTRUCTIONS_IN_ORDER = auto()
    LAST_KNOWN = auto()
    SOURCE_LKI = auto()
    CAST_DURING_RESOLUTION = auto()
    COPY_PERMANENT_TOKEN = auto()
    SPELL_TO_GRAVEYARD = auto()
    PERMANENT_RESOLVES = auto()
    COUNTER = auto()
    DESTROY = auto()
    EXILE = auto()
    SACRIFICE = auto()
    DISCARD = auto()
    TAP = auto()
    DRAW = auto()
    DAMAGE = auto()
    LIFE = auto()
    CREATE_TOKEN = auto()
    SEARCH = auto()
    NEW_OBJECT = auto()
    NEW_OBJECT_SPELL = auto()
    COPY_SPELL = auto()
    COPY_NEW_TARGETS = auto()
    COPIABLE_VALUES = auto()
    CASCADE = auto()
    CASCADE_INSTANCES = auto()
    CYCLING = auto()
    TYPECYCLING = auto()
    CAN_T_BEATS_CAN = auto()
    # Triggered abilities (603)
    TRIGGER = auto()
    TRIGGER_TO_STACK = auto()
    TRIGGER_CONTROLLER = auto()
    TRIGGER_APNAP = auto()
    TRIGGER_MODE = auto()
    INTERVENING_IF = auto()
    ENTERS_TRIGGER = auto()
    LEAVES_LOOK_BACK = auto()
    DELAYED_TRIGGER = auto()
    DELAYED_ONCE = auto()
    DELAYED_NEW_OBJECT = auto()
    # State-based actions (704)
    SBA_CHECK = auto()
    SBA_LIFE = auto()
    SBA_DRAW_EMPTY = auto()
    SBA_POISON = auto()
    SBA_TOKEN = auto()
    SBA_SPELL_COPY = auto()
    SBA_TOUGHNESS = auto()
    SBA_LETHAL_DAMAGE = auto()
    SBA_DEATHTOUCH = auto()
    SBA_LOYALTY = auto()
    SBA_LEGEND = auto()
    SBA_AURA = auto()
    SBA_EQUIPMENT = auto()
    SBA_COUNTERS = auto()
    SBA_WORLD = auto()
    SBA_ATTACHED = auto()
    SBA_MAX_COUNTERS = auto()
    SBA_SAGA = auto()
    GAME_WON = auto()
    GAME_DRAW = auto()
    # Continuous effects (611-613)
    DURATION = auto()
    LOCKED_IN = auto()
    STATIC_NOT_LOCKED = auto()
    LAYERS = auto()
    L1A_COPY = auto()
    L1B_FACE_DOWN = auto()
    L2_CONTROL = auto()
    L3_TEXT = auto()
    L4_TYPE = auto()
    L5_COLOR = auto()
    L6_ABILITY = auto()
    L7_PT = auto()
    L7A_CDA = auto()
    L7B_SET = auto()
    L7C_MODIFY = auto()
    L7D_SWITCH = auto()
    CDA_FIRST = auto()
    CDA = auto()
    SAME_SET_LATER_LAYERS = auto()
    TIMESTAMP = auto()
    TIMESTAMP_STATIC = auto()
    TIMESTAMP_RESOLVED = auto()
    TIMESTAMP_COUNTER = auto()
    TIMESTAMP_ENTERS = auto()
    TIMESTAMP_ATTACH = auto()
    DEPENDENCY = auto()
    DEPENDENCY_WAIT = auto()
    DEPENDENCY_REEVALUATE = auto()
    PLAYER_EFFECTS = auto()
    # Text-changing effects (612), conditional static abilities, granted abilities
    TEXT_CHANGE = auto()
    TEXT_WORDS = auto()
    CDA_CRITERIA = auto()
    GRANTED_EARLIER_LAYER = auto()
    GRANT_DEPTH = auto()
    # Replacement and prevention (614-616)
    REPLACEMENT = auto()
    ENTERS_REPLACEMENT = auto()
    PREVENTION = auto()
    REPLACEMENT_ORDER = auto()
    REPLACEMENT_CHOICE = auto()
    # Turn structure and combat (5xx, 702 keywords)
    UPKEEP = auto()
    DRAW_STEP = auto()
    END_STEP = auto()
    CLEANUP = auto()
    DECLARE_ATTACKERS = auto()
    ATTACK_TAPS = auto()
    SUMMONING_SICKNESS = auto()
    HASTE = auto()
    VIGILANCE = auto()
    DECLARE_BLOCKERS = auto()
    FLYING = auto()
    COMBAT_DAMAGE = auto()
    FIRST_STRIKE = auto()
    TRAMPLE = auto()
    LIFELINK = auto()
    DEATHTOUCH = auto()
    INDESTRUCTIBLE = auto()
    EXALTED = auto()
    EQUIP = auto()
    ENCHANT = auto()
    LAND_TYPE_SET = auto()
    APNAP_ORDER = auto()
    # Added by the replacement, choice, combat, planeswalker and turn pass
    CHOICE_GIVEN = auto()
    TRIGGER_TARGETS = auto()
    REPLACEMENT_SKIP = auto()
    REPLACEMENT_ONCE = auto()
    REPLACEMENT_NEVER_HAPPENS = auto()
    SKIP_STEP = auto()
    SELF_REPLACEMENT = auto()
    SELF_REPLACEMENT_FIRST = auto()
    REPLACEMENT_REPEAT = auto()
    PLANESWALKER_DAMAGE = auto()
    LOYALTY_TIMING = auto()
    LOYALTY_COST = auto()
    LOYALTY_NEGATIVE = auto()
    ATTACKABLE = auto()
    ATTACK_PLANESWALKER = auto()
    UNBLOCKED_DAMAGE = auto()
    BLOCKED_DAMAGE = auto()
    DAMAGE_ORDER = auto()
    DOUBLE_STRIKE = auto()
    MODES = auto()
    UNLESS_PAYS = auto()
    PAY_OR_NOT = auto()
    DIVIDE = auto()
    BASIC_LAND_MANA = auto()
    ACTIVATE_ANNOUNCE = auto()
    ACTIVATE_COSTS = auto()
    TRIGGER_ON_TRIGGER = auto()
    UNTAP_STEP = auto()
    UNTAP_NO_PRIORITY = auto()
    CLEANUP_NO_PRIORITY = auto()
    TURN_PHASES = auto()
    REMOVE_DAMAGE = auto()
    # Added by the modes, "unless", division, turn and timestamp pass
    MODES_TRIGGERED = auto()
    MODES_TARGETS = auto()
    MODES_REPEAT = auto()
    MODES_COPY = auto()
    X_ANNOUNCED = auto()
    UPKEEP_TRIGGERS = auto()
    HAND_SIZE = auto()
    TIMESTAMP_SHARED = auto()
    TURN_SICKNESS_ENDS = auto()
    CLEANUP_PRIORITY = auto()
    # Added by the Alara Reborn catalogue pass (optional triggers, choices at resolution, keywords)
    TRIGGER_OPTIONAL = auto()
    COIN_FLIP = auto()
    REVEAL = auto()
    SHUFFLE = auto()
    SEARCH_FAIL = auto()
    WIN_BY_EFFECT = auto()
    FEAR = auto()
    MENACE = auto()
    DEFENDER = auto()
    HEXPROOF_TARGET = auto()
    SHROUD_TARGET = auto()
    PROTECTION_TARGET = auto()
    ILLEGAL_ACTION = auto()
    ABILITY_TEXT = auto()
    KEYWORD_ABILITIES = auto()
    BLOCK_ONE_ATTACKER = auto()
    DEVOUR = auto()
    UNEARTH = auto()
    AS_ENTERS_CHOICE = auto()
    CHOOSE_NAME = auto()
    DAMAGE_LIFE_LOSS = auto()
    BLOCKED_REMAINS = auto()
    LEAVES_TRIGGER = auto()
    SHUFFLE_ANYWAY = auto()
    BLOCK_REQUIREMENTS = auto()
    # Added by the vocabulary registry (issue 12): what each entry of the vocabulary cites
    CARD_TYPES = auto()
    SUBTYPES = auto()
    SUPERTYPES = auto()
    COLORS = auto()
    MULTICOLORED = auto()
    MONOCOLORED = auto()
    NAME = auto()
    SELF_REFERENCE = auto()
    TOKEN = auto()
    TOKEN_CHARACTERISTICS = auto()
    STATUS = auto()
    POWER = auto()
    ATTACKING = auto()
    CONTROLLER = auto()
    OWNER = auto()
    NO_CONTROLLER_OWNER = auto()
    YOU = auto()
    OBJECT = auto()
    ATTACHED = auto()
    ZONES = auto()
    OUTSIDE_BATTLEFIELD = auto()
    LINKED_CHOICE = auto()
    SPEND_AS_ANY_COLOR = auto()
    LIBRARY = auto()
    HAND = auto()
    BATTLEFIELD = auto()
    GRAVEYARD = auto()
    STACK = auto()
    EXILE_ZONE = auto()
    COMMAND = auto()
    COUNTERS = auto()
    PT_COUNTERS = auto()
    KEYWORD_COUNTERS = auto()
    LOYALTY_COUNTERS = auto()
    COST = auto()
    ADDITIONAL_COST = auto()
    ACTIVATION_COST = auto()
    SPELL_ABILITY = auto()
    ACTIVATED_ABILITY = auto()
    TRIGGERED_ABILITY = auto()
    STATIC_ABILITY = auto()
    TARGETS = auto()
    FOR_AS_LONG_AS = auto()
    STATIC_EFFECT = auto()
    MODAL = auto()
    X = auto()
    ILLEGAL_CHOICE = auto()
    ATTACH = auto()
    ADD_MANA = auto()
    # Added by the keywords pass (issue 14: keywords applied, not just named)
    LANDWALK = auto()
    PERSIST = auto()
    UNDYING = auto()
    ANNIHILATOR = auto()
    ANNIHILATOR_INSTANCES = auto()
    PROTECTION_BLOCK = auto()
    PROTECTION_AURA = auto()
    PROTECTION_EQUIPMENT = auto()
    # Costs and casting permissions (118, 601.2f, 601.3)
    COST_INCREASE = auto()
    COST_REDUCTION = auto()
    COST_REDUCTION_COLORED = auto()
    COST_FLOOR = auto()
    ALTERNATIVE_ONE = auto()
    ALTERNATIVE_CHANGES = auto()
    ADDITIONAL_MUST_PAY = auto()
    REVEAL_COST = auto()
    CAST_PROHIBITED = auto()
    COMBAT_PHASE = auto()
    AS_THOUGH_FLASH = auto()
    FLASH_FOR_COST = auto()
    PAY_LIFE = auto()
    ALTERNATIVE_PARTS = auto()
    # Card forms (issue 14): split cards (708 in 2020, 709 in 2022), fuse, face-down spells and
    # permanents (707 / 708), morph (702.36 / 702.37)
    SPLIT_CHOOSE_HALF = auto()
    SPLIT_ON_STACK = auto()
    SPLIT_COMBINED = auto()
    FUSE = auto()
    FACE_DOWN_CAST = auto()
    FACE_UP_BY_EFFECT = auto()
    MORPH = auto()
    MORPH_CAST = auto()
    MORPH_ONLY = auto()
    MORPH_TURN_UP = auto()
    TURN_FACE_UP = auto()
    TIMESTAMP_FACE_UP = auto()
    # Added by the targets pass (issue 14): abilities on the stack, players with hexproof, changeling
    ABILITY_ON_STACK = auto()
    COUNTER_ABILITY = auto()
    HEXPROOF_PLAYER = auto()
    NOT_A_TARGET = auto()
    CHANGELING = auto()
    # Added by issue 14 (effects and look-ahead)
    LOOK_AHEAD = auto()
    ENTERS_CONTINUOUS = auto()
    ENTERS_WITH_COUNTERS = auto()
    MOVE_COUNTERS = auto()
    SCRY = auto()
    SCRY_ZERO = auto()
    SURVEIL = auto()
    UNTIL = auto()
    UNTIL_ALREADY = auto()
    UNTIL_OWNER = auto()
    DEVOTION = auto()
    STATE_TRIGGER = auto()
    PROTECTION_QUALITY = auto()
    PROTECTION_DAMAGE = auto()
    PROTECTION_EVERYTHING = auto()
    PROTECTION_PLAYER = auto()


CITATIONS: dict[K, tuple[str, str, str]] = {
    # key: (number in 2020-06-01, number in 2022-04-29, a word of the rule's text)
    K.PRIORITY_AP_FIRST: ("117.3a", "117.3a", "active player receives priority"),
    K.PRIORITY_AFTER_RESOLVE: ("117.3b", "117.3b", "resolves"),
    K.PRIORITY_AFTER_ACTION: ("117.3c", "117.3c", "receives priority afterward"),
    K.PRIORITY_PASS: ("117.3d", "117.3d", "passes"),
    K.ALL_PASS: ("117.4", "117.4", "pass in succession"),
    K.SBA_BEFORE_PRIORITY: ("117.5", "117.5", "state-based actions"),
    K.TIMING_INSTANT: ("117.1a", "117.1a", "instant"),
    K.TIMING_SORCERY: ("117.1a", "117.1a", "noninstant"),
    K.FLASH: ("702.8a", "702.8a", "flash"),
    K.SPLIT_SECOND: ("702.60a", "702.61a", "split second"),
    K.SPLIT_SECOND_MANA: ("702.60b", "702.61b", "mana abilities"),
    K.MANA_ABILITY: ("605.3a", "605.3a", "mana ability"),
    K.MANA_ABILITY_NO_STACK: ("605.3b", "605.3b", "doesn't go on the stack"),
    K.SPECIAL_ACTION: ("116.1", "116.1", "special actions"),
    K.PLAY_LAND: ("116.2a", "116.2a", "playing a land"),
    K.LAND_TIMING: ("305.1", "305.1", "main phase"),
    K.CAST_TO_STACK: ("601.2a", "601.2a", "stack"),
    K.CAST_MODES: ("601.2b", "601.2b", "mode"),
    K.CAST_TARGETS: ("601.2c", "601.2c", "target"),
    K.CAST_LEGALITY: ("601.2e", "601.2e", "legally be cast"),
    K.CAST_TOTAL_COST: ("601.2f", "601.2f", "total cost"),
    K.CAST_PAY: ("601.2h", "601.2h", "pays the total cost"),
    K.CAST_BECOMES_CAST: ("601.2i", "601.2i", "cast"),
    K.CAST_PERMISSION: ("601.3", "601.3", "cast"),
    K.ALTERNATIVE_COST: ("118.9", "118.9", "alternative cost"),
    K.X_ZERO_WITHOUT_PAYING: ("107.3b", "107.3b", "0"),
    K.HYBRID: ("107.4e", "107.4e", "hybrid"),
    K.MANA_VALUE: ("202.3", "202.3", "mana"),
    K.COLOR_FROM_COST: ("202.2", "202.2", "color"),
    K.ACTIVATE: ("602.2", "602.2", "activate"),
    K.ACTIVATE_RESTRICTION: ("602.5", "602.5", "prohibited"),
    K.ACTIVATE_AS_SORCERY: ("602.5d", "602.5d", "timing rules for casting a sorcery spell"),
    K.TAP_ABILITY_SICK: ("602.5a", "602.5a", "tap symbol"),
    K.RESOLVE_TOP: ("608.1", "608.1", "top"),
    K.INTERVENING_IF_RESOLVE: ("608.2a", "608.2a", "intervening"),
    K.TARGETS_RECHECKED: ("608.2b", "608.2b", "targets"),
    K.INSTRUCTIONS_IN_ORDER: ("608.2c", "608.2c", "instructions"),
    K.LAST_KNOWN: ("608.2g", "608.2h", "information from the game"),
    K.SOURCE_LKI: ("113.7a", "113.7a", "independently of its source"),
    K.CAST_DURING_RESOLUTION: ("608.2f", "608.2g", "during resolution"),
    # 2020-06-01 has no rule for a resolving copy of a permanent spell: its column cites what copying
    # a spell is (706.10), beside a cannot_evaluate step (ruleset.copy_of_permanent_becomes_token).
    K.COPY_PERMANENT_TOKEN: ("706.10", "608.3b", "copy"),
    K.SPELL_TO_GRAVEYARD: ("608.2k", "608.2m", "graveyard"),
    K.PERMANENT_RESOLVES: ("608.3", "608.3", "permanent spell"),
    K.COUNTER: ("701.5a", "701.5a", "counter"),
    K.DESTROY: ("701.7a", "701.7a", "destroy"),
    K.EXILE: ("701.11a", "701.11a", "exile"),
    K.SACRIFICE: ("701.16a", "701.17a", "sacrifice"),
    K.DISCARD: ("701.8a", "701.8a", "discard"),
    K.TAP: ("701.20a", "701.21a", "tap"),
    K.DRAW: ("121.1", "121.1", "draws"),
    K.DAMAGE: ("120.3", "120.3", "damage"),
    K.LIFE: ("119.3", "119.3", "life"),
    K.CREATE_TOKEN: ("701.6a", "701.6a", "token"),
    K.SEARCH: ("701.18a", "701.19a", "search"),
    K.NEW_OBJECT: ("400.7", "400.7", "new object"),
    K.NEW_OBJECT_SPELL: ("400.7a", "400.7a", "permanent spell"),
    K.COPY_SPELL: ("706.10", "707.10", "copy"),
    K.COPY_NEW_TARGETS: ("706.10c", "707.10c", "new targets"),
    K.COPIABLE_VALUES: ("706.2", "707.2", "copiable values"),
    K.CASCADE: ("702.84a", "702.85a", "cascade"),
    K.CASCADE_INSTANCES: ("702.84b", "702.85c", "cascade"),
    K.CYCLING: ("702.28a", "702.29a", "cycling"),
    K.TYPECYCLING: ("702.28e", "702.29e", "typecycling"),
    K.CAN_T_BEATS_CAN: ("101.2", "101.2", "can't"),
    K.TRIGGER: ("603.2", "603.2", "trigger"),
    K.TRIGGER_TO_STACK: ("603.3", "603.3", "puts it on the stack"),
    K.TRIGGER_CONTROLLER: ("603.3a", "603.3a", "controlled"),
    K.TRIGGER_APNAP: ("603.3b", "603.3b", "APNAP"),
    K.TRIGGER_MODE: ("603.3c", "603.3c", "modal"),
    K.INTERVENING_IF: ("603.4", "603.4", "if"),
    K.ENTERS_TRIGGER: ("603.6a", "603.6a", "enters"),
    K.LEAVES_LOOK_BACK: ("603.10a", "603.10a", "look back"),
    K.DELAYED_TRIGGER: ("603.7", "603.7", "delayed triggered ability"),
    K.DELAYED_ONCE: ("603.7b", "603.7b", "only once"),
    K.DELAYED_NEW_OBJECT: ("603.7c", "603.7c", "new object"),
    K.SBA_CHECK: ("704.3", "704.3", "state-based actions"),
    K.SBA_LIFE: ("704.5a", "704.5a", "0 or less life"),
    K.SBA_DRAW_EMPTY: ("704.5b", "704.5b", "draw a card from a library with no cards"),
    K.SBA_POISON: ("704.5c", "704.5c", "poison"),
    K.SBA_TOKEN: ("704.5d", "704.5d", "token"),
    K.SBA_SPELL_COPY: ("704.5e", "704.5e", "copy of a spell"),
    K.SBA_TOUGHNESS: ("704.5f", "704.5f", "toughness 0 or less"),
    K.SBA_LETHAL_DAMAGE: ("704.5g", "704.5g", "lethal damage"),
    K.SBA_DEATHTOUCH: ("704.5h", "704.5h", "deathtouch"),
    K.SBA_LOYALTY: ("704.5i", "704.5i", "loyalty 0"),
    K.SBA_LEGEND: ("704.5j", "704.5j", "legendary"),
    K.SBA_AURA: ("704.5m", "704.5m", "aura"),
    K.SBA_EQUIPMENT: ("704.5n", "704.5n", "equipment"),
    K.SBA_COUNTERS: ("704.5q", "704.5q", "-1/-1 counter"),
    K.SBA_WORLD: ("704.5k", "704.5k", "world rule"),
    K.SBA_ATTACHED: ("704.5p", "704.5p", "neither an Aura, an Equipment, nor a Fortification"),
    K.SBA_MAX_COUNTERS: ("704.5r", "704.5r", "can't have more than N counters"),
    K.SBA_SAGA: ("704.5s", "704.5s", "lore counters"),
    K.GAME_WON: ("104.2a", "104.2a", "wins the game"),
    K.GAME_DRAW: ("104.4a", "104.4a", "the game is a draw"),
    K.DURATION: ("611.2a", "611.2a", "duration"),
    K.LOCKED_IN: ("611.2c", "611.2c", "affected"),
    K.STATIC_NOT_LOCKED: ("611.3a", "611.3a", "locked in"),
    K.LAYERS: ("613.1", "613.1", "layer"),
    K.L1A_COPY: ("613.2a", "613.2a", "copiable effects"),
    K.L1B_FACE_DOWN: ("613.2b", "613.2b", "face-down"),
    K.L2_CONTROL: ("613.1b", "613.1b", "control-changing"),
    K.L3_TEXT: ("613.1c", "613.1c", "text-changing"),
    K.L4_TYPE: ("613.1d", "613.1d", "type-changing"),
    K.L5_COLOR: ("613.1e", "613.1e", "color-changing"),
    K.L6_ABILITY: ("613.1f", "613.1f", "ability-adding"),
    K.L7_PT: ("613.1g", "613.1g", "toughness-changing"),
    K.L7A_CDA: ("613.4a", "613.4a", "characteristic-defining"),
    K.L7B_SET: ("613.4b", "613.4b", "set power"),
    K.L7C_MODIFY: ("613.4c", "613.4c", "counters that modify"),
    K.L7D_SWITCH: ("613.4d", "613.4d", "switch"),
    K.CDA_FIRST: ("613.3", "613.3", "characteristic-defining abilities first"),
    K.CDA: ("604.3", "604.3", "characteristic-defining"),
    K.SAME_SET_LATER_LAYERS: ("613.6", "613.6", "same set of objects"),
    K.TIMESTAMP: ("613.7", "613.7", "timestamp"),
    K.TIMESTAMP_STATIC: ("613.7a", "613.7a", "static ability"),
    K.TIMESTAMP_RESOLVED: ("613.7b", "613.7b", "resolution"),
    K.TIMESTAMP_COUNTER: ("613.7c", "613.7c", "counter"),
    K.TIMESTAMP_ENTERS: ("613.7d", "613.7d", "enters a zone"),
    K.TIMESTAMP_ATTACH: ("613.7e", "613.7e", "attached"),
    K.DEPENDENCY: ("613.8a", "613.8a", "depend on"),
    K.DEPENDENCY_WAIT: ("613.8b", "613.8b", "dependency loop"),
    K.DEPENDENCY_REEVALUATE: ("613.8c", "613.8c", "reevaluated"),
    K.PLAYER_EFFECTS: ("613.10", "613.10", "players"),
    K.TEXT_CHANGE: ("612.1", "612.1", "text-changing effect"),
    K.TEXT_WORDS: ("612.2", "612.2", "can't change a card name"),
    K.CDA_CRITERIA: ("604.3a", "604.3a", "only if certain conditions are met"),
    K.GRANTED_EARLIER_LAYER: ("613.1", "613.1", "series of layers in the following order"),
    K.GRANT_DEPTH: ("613.1f", "613.1f", "ability-adding effects"),
    K.REPLACEMENT: ("614.1a", "614.1a", "instead"),
    K.ENTERS_REPLACEMENT: ("614.1c", "614.1c", "enters the battlefield"),
    K.PREVENTION: ("615.1", "615.1", "prevention"),
    K.REPLACEMENT_ORDER: ("616.1", "616.1", "affected"),
    K.REPLACEMENT_CHOICE: ("616.1d", "616.1e", "may be chosen"),
    K.UPKEEP: ("503.1", "503.1", "upkeep"),
    K.DRAW_STEP: ("504.1", "504.1", "draws a card"),
    K.END_STEP: ("513.1", "513.1", "end step"),
    K.CLEANUP: ("514.2", "514.2", "until end of turn"),
    K.DECLARE_ATTACKERS: ("508.1", "508.1", "attack"),
    K.ATTACK_TAPS: ("508.1f", "508.1f", "taps the chosen creatures"),
    K.SUMMONING_SICKNESS: ("302.6", "302.6", "can't attack"),
    K.HASTE: ("702.10b", "702.10b", "haste"),
    K.VIGILANCE: ("702.20b", "702.20b", "vigilance"),
    K.DECLARE_BLOCKERS: ("509.1", "509.1", "declares blockers"),
    K.FLYING: ("702.9b", "702.9b", "flying"),
    K.COMBAT_DAMAGE: ("510.1", "510.1", "combat damage"),
    K.FIRST_STRIKE: ("702.7b", "702.7b", "first strike"),
    K.TRAMPLE: ("702.19b", "702.19b", "trample"),
    K.LIFELINK: ("702.15b", "702.15b", "lifelink"),
    K.DEATHTOUCH: ("702.2b", "702.2b", "deathtouch"),
    K.INDESTRUCTIBLE: ("702.12b", "702.12b", "destroyed"),
    K.EXALTED: ("702.82a", "702.83a", "exalted"),
    K.EQUIP: ("702.6a", "702.6a", "equip"),
    K.ENCHANT: ("303.4a", "303.4a", "enchant"),
    K.LAND_TYPE_SET: ("305.7", "305.7", "loses all abilities generated from its rules text"),
    K.APNAP_ORDER: ("101.4", "101.4", "active player"),
    K.CHOICE_GIVEN: ("601.2b", "601.2b", "announces"),
    K.TRIGGER_TARGETS: ("603.3d", "603.3d", "601.2c"),
    K.REPLACEMENT_SKIP: ("614.1b", "614.1b", "skip"),
    K.REPLACEMENT_ONCE: ("614.5", "614.5", "only one opportunity"),
    K.REPLACEMENT_NEVER_HAPPENS: ("614.6", "614.6", "never happens"),
    K.SKIP_STEP: ("614.10", "614.10", "skip"),
    K.SELF_REPLACEMENT: ("614.15", "614.15", "self-replacement"),
    K.SELF_REPLACEMENT_FIRST: ("616.1a", "616.1a", "self-replacement"),
    K.REPLACEMENT_REPEAT: ("616.1e", "616.1f", "repeated"),
    K.PLANESWALKER_DAMAGE: ("120.3c", "120.3c", "loyalty counters"),
    K.LOYALTY_TIMING: ("606.3", "606.3", "loyalty ability"),
    K.LOYALTY_COST: ("606.4", "606.4", "loyalty counters"),
    K.LOYALTY_NEGATIVE: ("606.5", "606.6", "negative loyalty cost"),
    K.ATTACKABLE: ("506.3", "506.3", "planeswalker"),
    K.ATTACK_PLANESWALKER: ("508.1b", "508.1b", "planeswalker"),
    K.UNBLOCKED_DAMAGE: ("510.1b", "510.1b", "unblocked"),
    K.BLOCKED_DAMAGE: ("510.1c", "510.1c", "damage assignment order"),
    K.DAMAGE_ORDER: ("509.2", "509.2", "damage assignment order"),
    K.DOUBLE_STRIKE: ("702.4b", "702.4b", "double strike"),
    K.MODES: ("700.2a", "700.2a", "mode"),
    K.UNLESS_PAYS: ("118.12a", "118.12a", "unless"),
    K.PAY_OR_NOT: ("118.12", "118.12", "cost"),
    K.DIVIDE: ("601.2d", "601.2d", "divide"),
    K.BASIC_LAND_MANA: ("305.6", "305.6", "basic land type"),
    K.ACTIVATE_ANNOUNCE: ("602.2a", "602.2a", "announces"),
    K.ACTIVATE_COSTS: ("602.2b", "602.2b", "activation cost"),
    K.TRIGGER_ON_TRIGGER: ("603.3b", "603.3b", "in any order they choose"),
    K.UNTAP_STEP: ("502.2", "502.3", "untap"),
    K.UNTAP_NO_PRIORITY: ("502.3", "502.4", "no player receives priority"),
    K.CLEANUP_NO_PRIORITY: ("514.3", "514.3", "no player receives priority"),
    K.TURN_PHASES: ("500.1", "500.1", "five phases"),
    K.REMOVE_DAMAGE: ("120.6", "120.6", "damage"),
    K.MODES_TRIGGERED: ("700.2b", "700.2b", "triggered ability"),
    K.MODES_TARGETS: ("700.2c", "700.2c", "only if they chose that mode"),
    K.MODES_REPEAT: ("700.2d", "700.2d", "can't choose the same mode more than once"),
    K.MODES_COPY: ("700.2g", "700.2g", "copies the mode"),
    K.X_ANNOUNCED: ("107.3a", "107.3a", "announces the value of X"),
    K.UPKEEP_TRIGGERS: ("503.1a", "503.1a", "beginning of the upkeep"),
    K.HAND_SIZE: ("514.1", "514.1", "maximum hand size"),
    K.TIMESTAMP_SHARED: ("613.7b", "613.7b", "receives a timestamp at the time it's created"),
    K.TURN_SICKNESS_ENDS: ("302.6", "302.6", "most recent turn"),
    K.CLEANUP_PRIORITY: ("514.3a", "514.3a", "another cleanup step"),
    K.TRIGGER_OPTIONAL: ("603.5", "603.5", "optional"),
    K.COIN_FLIP: ("705.1", "705.1", "flip a coin"),
    K.REVEAL: ("701.15a", "701.16a", "reveal"),
    K.SHUFFLE: ("701.19a", "701.20a", "randomize"),
    K.SEARCH_FAIL: ("701.18b", "701.19b", "isn't required to find"),
    K.WIN_BY_EFFECT: ("104.2b", "104.2b", "wins the game"),
    K.FEAR: ("702.35b", "702.36b", "artifact creatures and/or black creatures"),
    K.MENACE: ("702.110b", "702.111b", "two or more creatures"),
    K.DEFENDER: ("702.3b", "702.3b", "can't attack"),
    K.HEXPROOF_TARGET: ("702.11b", "702.11b", "your opponents control"),
    K.SHROUD_TARGET: ("702.18a", "702.18a", "can't be the target"),
    K.PROTECTION_TARGET: ("702.16b", "702.16b", "can't be targeted"),
    K.ILLEGAL_ACTION: ("723.1", "726.1", "illegal action"),
    K.ABILITY_TEXT: ("113.1a", "113.1a", "defined by its rules text"),
    K.KEYWORD_ABILITIES: ("702.1", "702.1", "keyword"),
    K.BLOCK_ONE_ATTACKER: ("509.1a", "509.1a", "chooses one creature for it to block"),
    K.DEVOUR: ("702.81a", "702.82a", "sacrifice any number of creatures"),
    K.UNEARTH: ("702.83a", "702.84a", "unearth"),
    K.AS_ENTERS_CHOICE: ("614.12a", "614.12a", "choice is made before"),
    K.CHOOSE_NAME: ("201.3", "201.4", "choose a card name"),
    K.DAMAGE_LIFE_LOSS: ("120.3a", "120.3a", "lose that much life"),
    K.BLOCKED_REMAINS: ("509.1h", "509.1h", "blocked creature"),
    K.LEAVES_TRIGGER: ("603.6c", "603.6c", "leaves-the-battlefield"),
    K.SHUFFLE_ANYWAY: ("701.19c", "701.20c", "shuffled even if none of those objects"),
    K.BLOCK_REQUIREMENTS: ("509.1c", "509.1c", "maximum possible number of requirements"),
    K.CARD_TYPES: ("205.2a", "205.2a", "card types"),
    K.SUBTYPES: ("205.3a", "205.3a", "subtypes"),
    K.SUPERTYPES: ("205.4a", "205.4a", "supertypes"),
    K.COLORS: ("105.1", "105.1", "five colors"),
    K.MULTICOLORED: ("105.4", "105.4", "multicolored"),
    K.MONOCOLORED: ("105.2a", "105.2a", "monocolored"),
    K.NAME: ("201.2", "201.2", "name"),
    K.SELF_REFERENCE: ("201.4", "201.5", "refers to the object it's on"),
    K.TOKEN: ("111.1", "111.1", "token"),
    K.TOKEN_CHARACTERISTICS: ("111.4", "111.4", "creates a token"),
    K.STATUS: ("110.5", "110.5", "tapped"),
    K.POWER: ("208.1", "208.1", "power"),
    K.ATTACKING: ("508.1a", "508.1a", "will attack"),
    K.CONTROLLER: ("110.2", "110.2", "controller"),
    K.OWNER: ("108.3", "108.3", "owner"),
    K.NO_CONTROLLER_OWNER: ("108.4a", "108.4a", "use its owner instead"),
    K.YOU: ("109.5", "109.5", "you"),
    K.OBJECT: ("109.1", "109.1", "object"),
    K.ATTACHED: ("301.5a", "301.5a", "attached to"),
    K.ZONES: ("400.1", "400.1", "zone"),
    K.OUTSIDE_BATTLEFIELD: ("613.1", "613.1", "all applicable continuous effects"),
    K.LINKED_CHOICE: ("607.2d", "607.2d", "the chosen [value]"),
    K.SPEND_AS_ANY_COLOR: ("609.4b", "609.4b", "as though it were mana of any"),
    K.LIBRARY: ("401.1", "401.1", "library"),
    K.HAND: ("402.1", "402.1", "hand"),
    K.BATTLEFIELD: ("403.1", "403.1", "battlefield"),
    K.GRAVEYARD: ("404.1", "404.1", "graveyard"),
    K.STACK: ("405.1", "405.1", "stack"),
    K.EXILE_ZONE: ("406.1", "406.1", "exile"),
    K.COMMAND: ("408.1", "408.1", "command zone"),
    K.COUNTERS: ("122.1", "122.1", "counter"),
    K.PT_COUNTERS: ("122.1a", "122.1a", "+X/+Y counter"),
    K.KEYWORD_COUNTERS: ("122.1b", "122.1b", "keyword counter"),
    K.LOYALTY_COUNTERS: ("306.5b", "306.5b", "loyalty counters"),
    K.COST: ("118.1", "118.1", "cost"),
    K.ADDITIONAL_COST: ("118.8", "118.8", "additional cost"),
    K.ACTIVATION_COST: ("602.1a", "602.1a", "activation cost"),
    K.SPELL_ABILITY: ("113.3a", "113.3a", "spell abilities"),
    K.ACTIVATED_ABILITY: ("113.3b", "113.3b", "activated abilities"),
    K.TRIGGERED_ABILITY: ("113.3c", "113.3c", "triggered abilities"),
    K.STATIC_ABILITY: ("113.3d", "113.3d", "static abilities"),
    K.TARGETS: ("115.1", "115.1", "targets"),
    K.FOR_AS_LONG_AS: ("611.2b", "611.2b", "for as long as"),
    K.STATIC_EFFECT: ("611.3", "611.3", "static ability"),
    K.MODAL: ("700.2", "700.2", "modal"),
    K.X: ("107.3", "107.3", "X"),
    K.ILLEGAL_CHOICE: ("601.2b", "601.2b", "announces"),
    K.ATTACH: ("701.3a", "701.3a", "attach"),
    K.ADD_MANA: ("106.4", "106.4", "add mana"),
    K.LANDWALK: ("702.14c", "702.14c", "defending player controls at least one land"),
    K.PERSIST: ("702.78a", "702.79a", "if it had no -1/-1 counters on it"),
    K.UNDYING: ("702.92a", "702.93a", "if it had no +1/+1 counters on it"),
    K.ANNIHILATOR: ("702.85a", "702.86a", "defending player sacrifices N permanents"),
    K.ANNIHILATOR_INSTANCES: ("702.85b", "702.86b", "each triggers separately"),
    K.PROTECTION_BLOCK: ("702.16f", "702.16f", "can't be blocked by creatures that have the stated quality"),
    K.PROTECTION_AURA: ("702.16c", "702.16c", "can't be enchanted by Auras that have the stated quality"),
    K.PROTECTION_EQUIPMENT: ("702.16d", "702.16d", "can't be equipped by Equipment that have the stated quality"),
    K.COST_INCREASE: ("601.2f", "601.2f", "cost increases"),
    K.COST_REDUCTION: ("118.7a", "118.7a", "generic mana component"),
    K.COST_REDUCTION_COLORED: ("118.7b", "118.7b", "doesn't require mana of that type"),
    K.COST_FLOOR: ("601.2f", "601.2f", "can't be reduced to less than {0}"),
    K.ALTERNATIVE_ONE: ("118.9a", "118.9a", "only one alternative cost"),
    K.ALTERNATIVE_CHANGES: ("118.9d", "118.9d", "applied to that alternative cost"),
    K.ADDITIONAL_MUST_PAY: ("118.8", "118.8", "must pay"),
    K.REVEAL_COST: ("701.15a", "701.16a", "reveal a card"),
    K.CAST_PROHIBITED: ("601.3", "601.3", "prohibits"),
    K.COMBAT_PHASE: ("506.1", "506.1", "combat phase has five steps"),
    K.AS_THOUGH_FLASH: ("601.3b", "601.3b", "as though it had flash"),
    K.FLASH_FOR_COST: ("601.3c", "601.3c", "alternative or additional cost is paid"),
    K.PAY_LIFE: ("119.4", "119.4", "greater than or equal to the amount of the payment"),
    K.ALTERNATIVE_PARTS: ("118.3", "118.3", "pay it fully"),
    K.SPLIT_CHOOSE_HALF: ("708.3", "709.3", "which half"),
    K.SPLIT_ON_STACK: ("708.3b", "709.3b", "only the characteristics of the half being cast exist"),
    K.SPLIT_COMBINED: ("708.4", "709.4", "two halves combined"),
    K.FUSE: ("702.101a", "702.102a", "cast both halves"),
    K.FACE_DOWN_CAST: ("707.4", "708.4", "cast face down"),
    K.FACE_UP_BY_EFFECT: ("707.7", "708.7", "turn it face up"),
    K.MORPH: ("702.36a", "702.37a", "morph"),
    K.MORPH_CAST: ("702.36c", "702.37c", "pay {3} rather than pay its mana cost"),
    K.MORPH_ONLY: ("702.36d", "702.37d", "can't normally cast a card face down"),
    K.MORPH_TURN_UP: ("702.36e", "702.37e", "morph cost"),
    K.TURN_FACE_UP: ("116.2b", "116.2b", "face-down creature face up"),
    K.TIMESTAMP_FACE_UP: ("613.7f", "613.7f", "turns face up"),
    K.ABILITY_ON_STACK: ("113.1c", "113.1c", "activated or triggered ability on the stack"),
    K.COUNTER_ABILITY: ("113.9", "113.9", "specifically counter abilities"),
    K.HEXPROOF_PLAYER: ("702.11c", "702.11c", "on a player"),
    K.NOT_A_TARGET: ("115.10a", "115.10a", "doesn't make that object or player a target"),
    K.CHANGELING: ("702.72a", "702.73a", "every creature type"),
    K.LOOK_AHEAD: ("614.12", "614.12", "as it would exist on the battlefield"),
    K.ENTERS_CONTINUOUS: ("614.1d", "614.1d", "enter the battlefield"),
    K.ENTERS_WITH_COUNTERS: ("122.6", "122.6", "given counters as it enters"),
    K.MOVE_COUNTERS: ("122.5", "122.5", "move"),
    K.SCRY: ("701.17a", "701.18a", "scry"),
    K.SCRY_ZERO: ("701.17b", "701.18b", "no scry event occurs"),
    K.SURVEIL: ("701.41a", "701.42a", "surveil"),
    K.UNTIL: ("610.3", "610.3", "until"),
    K.UNTIL_ALREADY: ("610.3a", "610.3a", "doesn't move"),
    K.UNTIL_OWNER: ("610.3b", "610.3c", "owner's control"),
    K.DEVOTION: ("700.5", "700.5", "devotion"),
    K.STATE_TRIGGER: ("603.8", "603.8", "state triggers"),
    K.PROTECTION_QUALITY: ("702.16a", "702.16a", "quality"),
    K.PROTECTION_DAMAGE: ("702.16e", "702.16e", "prevented"),
    K.PROTECTION_EVERYTHING: ("702.16j", "702.16j", "protection from everything"),
    K.PROTECTION_PLAYER: ("702.16k", "702.16k", "specific player"),
}

EDITIONS = {"cr-2020-06-01": 0, "cr-2022-04-29": 1}
"""Ruleset name → column of :data:`CITATIONS`."""


def citation(ruleset: str, key: K) -> Rule:
    """Return the section of ``key`` as the ruleset's own edition numbers it.

    >>> citation("cr-2020-06-01", K.CASCADE).number, citation("cr-2022-04-29", K.CASCADE).number
    ('702.84a', '702.85a')
    """
    column = EDITIONS[ruleset]
    return Rule(f"mtg-{ruleset}", CITATIONS[key][column])




@dataclass(frozen=True)
class KeywordRule:
    """A rule key naming a keyword's own section of CR 702 (:data:`KEYWORD_SECTIONS`)."""

    keyword: str


RuleKey = Union[K, KeywordRule]
"""What an entry of the Magic vocabulary cites: a :class:`K` rule point or a keyword's section."""


def cite(key: RuleKey, ruleset: str) -> Optional[Rule]:
    """Return the section of ``key`` in the ruleset's edition, or ``None`` when that edition has
    no such rule (a keyword added later); raise ``KeyError`` for an unknown ruleset or keyword.

    >>> cite(KeywordRule("ward"), "cr-2020-06-01") is None, cite(KeywordRule("ward"), "cr-2022-04-29").number
    (True, '702.21')
    """
    if isinstance(key, K):
        return citation(ruleset, key)
    number = KEYWORD_SECTIONS[key.keyword][EDITIONS[ruleset]]
    return Rule(f"mtg-{ruleset}", number) if number else None
