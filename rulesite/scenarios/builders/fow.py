"""The Force of Will board form (``/scenarios/new/fow/``): docs/scenario-format.md §7 as
field specs. The vocabulary comes from the engine (``engine.fow``) so the two cannot drift.

Abilities, the J-ruler side's text and an effect's ``spec`` are rules text as data (§7.4):
they are JSON fields of the card or effect row.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from engine.fow.model import ADDITION_SUBTYPES, KEYWORDS, SPELL_SUBTYPES, TYPES, ZONES
from engine.fow.model import WILL_KINDS
from engine.fow.scenario import ABILITY_KINDS, ACTIONS, INSTRUCTIONS, OPTIONS, PHASE_STEPS

from .common import ChildList, GameSpec, Part, Section, Spec, lazy_percent

PLAYER_LABELS = {"p1": _("Player 1"), "p2": _("Player 2")}
PHASE_LABELS = {"draw": _("Draw phase"), "recovery": _("Recovery phase"), "main": _("Main phase"), "end": _("End phase")}
STEPS = tuple(dict.fromkeys(step for steps in PHASE_STEPS.values() for step in steps))
STEP_LABELS = {
    "start": _("Beginning (start)"), "draw": _("Draw"), "recover": _("Recover"), "main": _("Main (no battle)"),
    "beginning_of_battle": _("Battle: beginning of battle"), "declare_attack": _("Battle: declare attack"),
    "declare_block": _("Battle: declare block"), "block_declared": _("Battle: block declared"),
    "first_strike": _("Battle: first strike damage"), "normal_damage": _("Battle: normal damage"),
    "end_of_battle": _("Battle: end of battle"), "end_of_turn": _("End of turn"), "final": _("Final step"),
}
ZONE_LABELS = {
    "main_deck": _("Main deck"), "stone_deck": _("Magic stone deck"), "hand": _("Hand"), "field": _("Field"),
    "stone_area": _("Magic stone area"), "ruler_area": _("Ruler area"), "graveyard": _("Graveyard"),
    "lifebreak": _("Lifebreak area (Valhalla)"), "standby": _("Standby area"), "removed": _("Removed area"),
    "chase": _("On the chase"),
}
TYPE_LABELS = {
    "ruler": _("Ruler"), "j_ruler": _("J-ruler"), "resonator": _("Resonator"), "spell": _("Spell"),
    "addition": _("Addition"), "regalia": _("Regalia"), "magic_stone": _("Magic stone"),
}
SUBTYPE_LABELS = {
    "chant": _("Chant"), "chant_instant": _("Chant-Instant"), "chant_standby": _("Chant-Standby"),
    "field": _("Addition: Field"), "resonator": _("Addition: Resonator"), "ruler": _("Addition: Ruler"),
    "j_ruler": _("Addition: J-ruler"), "resonator_j_ruler": _("Addition: Resonator/J-ruler"),
    "ruler_j_ruler": _("Addition: Ruler/J-ruler"),
}
SUBTYPES = tuple(dict.fromkeys(SPELL_SUBTYPES + ADDITION_SUBTYPES))
ACTION_LABELS = {
    "pass": _("Pass priority"), "play": _("Play a card from the hand"), "activate": _("Play an activated ability"),
    "will": _("Produce will"), "play_standby": _("Play a Chant-Standby"), "call_stone": _("Call a magic stone"),
    "judgment": _("Perform Judgment"), "standby": _("Put a card into the standby area"),
    "lifebreak": _("Lifebreak (Valhalla)"), "battle": _("Initiate a battle"), "attack": _("Declare an attack"),
    "no_attack": _("Declare no attack"), "block": _("Declare a block"), "no_block": _("Declare no block"),
    "choose": _("Make an open choice"), "concede": _("Concede"), "loop": _("Perform a loop (14.1)"),
    "mulligan": _("Mulligan (setup)"),
}
OPTION_QUESTIONS = {
    "variant": _("Rules variant (lifebreak area)"),
    "trigger_order": _("Order of triggered abilities (6.2 or 9.6)"),
    "priority_after_judgment": _("Priority after Judgment (6.4)"),
    "main_timing_in_battle": _("Main timing during a battle (6.3)"),
    "blocker_rests": _("The blocker is rested (8.3)"),
    "removed_blocker": _("A blocker that left the field (8.4/8.5)"),
    "j_ruler_attack_on_judgment_turn": _("A J-ruler attacks on its Judgment turn (8.2/9.5)"),
    "pierce_blocker_damage": _("Pierce: damage to the blocker (11.1)"),
    "explode_on_player_damage": _("Explode on damage to a player (11.4)"),
    "condition_effect_scope": _("Scope of a condition effect (9.9)"),
    "lifebreak_threshold": _("Lifebreak threshold (7.10)"),
    "life_rounding": _("Life below 100 rounded up (1.5)"),
    "partial_prevention": _("A prevention effect that prevented only part (10.17)"),
}
OPTION_VALUE_LABELS = {
    "bifrost": _("Bifrost"), "valhalla": _("Valhalla"), "priority_chapter": _("Turn player first (6.2)"),
    "abilities_chapter": _("Players alternate (9.6)"), "keep": _("The player keeps priority"),
    "opponent": _("It passes to the opponent"), "forbidden": _("Forbidden"), "allowed": _("Allowed"),
    "damage_to_target": _("Damage goes to the attack target"), "no_damage": _("No damage"),
    "full": _("The full ATK"), "capacity": _("Only its capacity"), "yes": _("Yes"), "no": _("No"),
    "locked": _("Fixed to the cards there when it began"), "any_card": _("Any card that meets it"),
    "literal": _("More than ⌊(life − 1)/1000⌋"), "per_1000": _("More than ⌈life/1000⌉"),
    "round_up": _("Rounded up"), "none": _("Not rounded"), "spent": _("It is used up"), "kept": _("What is left stays"),
}
DURATION_LABELS = {"permanent": _("Permanent"), "end_of_turn": _("Until end of turn"), "end_of_battle": _("Until end of battle"),
                   "during_battle": _("During the battle")}
DURATIONS = tuple(DURATION_LABELS)
EFFECT_KIND_LABELS = {"continuous": _("Continuous"), "replacement": _("Replacement"), "delayed": _("Delayed trigger")}
CHASE_KIND_LABELS = {"card": _("A card (spell or summon)"), "ability": _("An ability"), "judgment": _("Judgment")}
WILL_HELP = _("e.g. “fire: 1, void: 2” (light, fire, water, wind, darkness, void, moon)")


def _option(key: str) -> Spec:
    """Return the select of one option flag; its blank choice is the documented default."""
    default, values = OPTIONS[key]
    question = OPTION_QUESTIONS.get(key, key.replace("_", " "))
    if isinstance(default, bool):
        return Spec(key, f"opt_{key}", "yesno", question, path=("options", key), main=False,
                    blank=_("Default (%(value)s)") % {"value": _("Yes") if default else _("No")})
    return Spec(key, f"opt_{key}", "choice", question, choices=values, labels=OPTION_VALUE_LABELS,
                path=("options", key), main=False,
                blank=_("Default (%(value)s)") % {"value": OPTION_VALUE_LABELS.get(default, default)})


def _player_fields(pid: str) -> tuple[Spec, ...]:
    n = pid[1]
    return (
        Spec("name", f"{pid}_name", "text", lazy_percent(_("Player %(n)s name"), n=n), path=("players", pid, "name")),
        Spec("life", f"{pid}_life", "int", lazy_percent(_("Player %(n)s life"), n=n), min_value=-1_000_000, max_value=1_000_000,
             path=("players", pid, "life"), help=_("Blank: 4000."), initial=4000),
        Spec("will", f"{pid}_will", "counts", lazy_percent(_("Player %(n)s will pool"), n=n), help=WILL_HELP, path=("players", pid, "will"), empty={}),
        Spec("called_stone", f"{pid}_called_stone", "yesno", lazy_percent(_("Player %(n)s called a stone this turn"), n=n),
             path=("players", pid, "called_stone"), main=False),
        Spec("judged", f"{pid}_judged", "yesno", lazy_percent(_("Player %(n)s performed Judgment this turn"), n=n),
             path=("players", pid, "judged"), main=False),
        Spec("first_turn", f"{pid}_first_turn", "yesno", lazy_percent(_("Player %(n)s is in their first turn"), n=n),
             path=("players", pid, "first_turn"), main=False),
        Spec("may_battle", f"{pid}_may_battle", "yesno", lazy_percent(_("Player %(n)s may initiate a battle"), n=n),
             path=("players", pid, "may_battle"), main=False),
        Spec("hand_limit", f"{pid}_hand_limit", "int", lazy_percent(_("Player %(n)s hand limit"), n=n), min_value=0, max_value=99,
             path=("players", pid, "hand_limit"), main=False),
        Spec("lifebreak_limit", f"{pid}_lifebreak_limit", "int", lazy_percent(_("Player %(n)s lifebreak limit"), n=n),
             min_value=0, max_value=99, path=("players", pid, "lifebreak_limit"), main=False),
    )


FILTER_FIELDS = (
    ("types", "words", _("Card types")),
    ("zone", "choice", _("Zone")),
    ("controller", "choice", _("Controller")),
    ("rested", "yesno", _("Rested")),
    ("race", "text", _("Race")),
    ("keyword", "text", _("Keyword")),
    ("atk_at_least", "int", _("ATK at least")),
    ("def_at_least", "int", _("DEF at least")),
    ("name", "text", _("Name contains")),
)
FILTER_ZONES = ("field", "battle_area", "player", "chase", *ZONES)
FILTER_CHOICES = {"zone": FILTER_ZONES, "controller": ("you", "opponent", "any")}
FILTER_LABELS = {"zone": ZONE_LABELS | {"battle_area": _("Battle area"), "player": _("A player"), "chase": _("The chase")},
                 "controller": {"you": _("You"), "opponent": _("An opponent"), "any": _("Any player")}}
FILTER = tuple(Part(key, kind, label, choices=FILTER_CHOICES.get(key, ()), labels=FILTER_LABELS.get(key, {}),
                    main=key in ("types", "zone", "controller", "rested")) for key, kind, label in FILTER_FIELDS)
"""A filter (§7.4): targets, ``applies_to``, an instruction's ``target``."""
CHANGES = (
    Spec("atk", "atk", "int", _("ATK ±"), min_value=-999_999, max_value=999_999),
    Spec("def", "def", "int", _("DEF ±"), min_value=-999_999, max_value=999_999),
    Spec("set_atk", "set_atk", "int", _("ATK becomes"), min_value=0, max_value=999_999),
    Spec("set_def", "set_def", "int", _("DEF becomes"), min_value=0, max_value=999_999),
    Spec("gain", "gain", "words", _("Gains"), help=_("Keywords, comma-separated.")),
    Spec("lose", "lose", "words", _("Loses")),
    Spec("lose_all", "lose_all", "flag", _("Loses all abilities")),
    Spec("races_become", "races_become", "words", _("Races become")),
    Spec("races_gain", "races_gain", "words", _("Gains the races")),
    Spec("name_become", "name_become", "text", _("Name becomes")),
)
"""The changes of a continuous effect (``modify``, ``continuous``, an effect's ``spec``; FoW 9.9)."""
TRIGGER_EVENTS = (
    "enter", "destroyed", "attacks", "blocks", "spell_played", "state", "start_of_turn", "start_of_draw", "start_of_recovery",
    "end_of_recovery", "start_of_main", "start_of_end", "end_of_turn", "start_of_battle", "start_of_declare_attack",
    "start_of_declare_block", "end_of_battle", "any_time", "opponent_plays_spell", "opponent_plays_ability", "opponent_attacks",
)
_CHANGE_NAMES = " ".join(spec.name for spec in CHANGES)
BATTLE_COST = (
    Spec("cost.life", "bc_life", "int", _("Cost to attack/block: life"), min_value=0, max_value=99_900),
    Spec("cost.discard", "bc_discard", "int", _("Cost to attack/block: discard this many"), min_value=0, max_value=99),
    Spec("cost.rest.filter", "bc_rest_filter", "record", _("Cost to attack/block: rest recovered cards that match"), parts=FILTER),
    Spec("cost.rest.count", "bc_rest_count", "int", _("…how many"), min_value=0, max_value=99),
    Spec("cost", "bc_will", "counts", _("Cost to attack/block: will"), help=WILL_HELP),
)
"""The ``cost`` of a cost to attack or to block (§7.4.2)."""
_BC_NAMES = "bc_action " + " ".join(spec.name for spec in BATTLE_COST)
_BC_ACTION = dict(choices=("attack", "block"), labels={"attack": _("To attack"), "block": _("To block")})
SETUP = (
    Spec("ruleset", "ruleset", "choice", _("Rules"), choices=("wp-2.3",), labels={"wp-2.3": _("Whitepaper 2.3")},
         path=("ruleset",), required=True, blank=None),
    Spec("active", "active", "choice", _("Turn player"), choices=("p1", "p2"), labels=PLAYER_LABELS, path=("turn", "active"),
         required=True, blank=None),
    Spec("phase", "phase", "choice", _("Phase"), choices=tuple(PHASE_STEPS), labels=PHASE_LABELS, path=("turn", "phase"),
         required=True, blank=None, initial="main"),
    Spec("step", "step", "choice", _("Step"), choices=STEPS, labels=STEP_LABELS, path=("turn", "step"), initial="main"),
    Spec("number", "number", "int", _("Turn number"), min_value=1, max_value=9_999, path=("turn", "number"),
         help=_("Turn 1: the first player skips the draw.")),
    Spec("priority", "priority", "choice", _("Priority now"), choices=("p1", "p2"), labels=PLAYER_LABELS,
         path=("turn", "priority"), blank=_("The turn player")),
    Spec("passes", "passes", "int", _("Passes so far"), min_value=0, max_value=1, path=("turn", "passes"), main=False),
    Spec("attacker", "battle_attacker", "ref", _("Battle: the attacker"), path=("turn", "battle", "attacker"), main=False),
    Spec("target", "battle_target", "ref", _("Battle: what it attacks"), players=True, path=("turn", "battle", "target"), main=False),
    Spec("blocker", "battle_blocker", "ref", _("Battle: the blocker"), path=("turn", "battle", "blocker"), main=False),
    Spec("first_strike_dealt", "battle_first_strike_dealt", "yesno", _("Battle: first strike damage dealt"),
         path=("turn", "battle", "first_strike_dealt"), main=False),
    Spec("opponent_played", "battle_opponent_played", "yesno", _("Battle: the opponent played something"),
         path=("turn", "battle", "opponent_played"), main=False),
    Spec("effect_order", "effect_order", "words", _("Tie order of continuous effects"), path=("turn", "effect_order"),
         main=False, help=_("Effect keys, comma-separated (FoW 9.9).")),
    *_player_fields("p1"),
    *_player_fields("p2"),
    *(_option(key) for key in OPTIONS),
)

CARDS = Section(
    "cards", "objects",
    (
        Spec("id", "id", "text", _("Id"), help=_("Blank: c1, c2…")),
        Spec("name", "name", "text", _("Name"), required=True, attrs={"list": "card-names", "autocomplete": "off"}),
        Spec("owner", "owner", "choice", _("Owner"), choices=("p1", "p2"), labels=PLAYER_LABELS, required=True, blank=None),
        Spec("controller", "controller", "choice", _("Controller"), choices=("p1", "p2"), labels=PLAYER_LABELS,
             blank=_("Same as owner")),
        Spec("zone", "zone", "choice", _("Zone"), choices=ZONES, labels=ZONE_LABELS, required=True, blank=None, initial="field"),
        Spec("type", "type", "choice", _("Card type"), choices=TYPES, labels=TYPE_LABELS, required=True, blank=None,
             initial="resonator"),
        Spec("subtype", "subtype", "choice", _("Subtype"), choices=SUBTYPES, labels=SUBTYPE_LABELS),
        Spec("rested", "rested", "yesno", _("Rested or recovered"), labels={"yes": _("Rested"), "no": _("Recovered")}),
        Spec("atk", "atk", "int", _("ATK"), min_value=0, max_value=999_999),
        Spec("def", "defense", "int", _("DEF"), min_value=0, max_value=999_999),
        Spec("damage", "damage", "int", _("Damage marked"), min_value=0, max_value=999_999),
        Spec("cost", "cost", "counts", _("Cost"), help=WILL_HELP, empty={}),
        Spec("side", "side", "choice", _("Side up (ruler card)"), choices=("ruler", "j_ruler"),
             labels={"ruler": _("Ruler"), "j_ruler": _("J-ruler")}, main=False),
        Spec("keywords", "keywords", "words", _("Keywords"), main=False,
             help=", ".join(KEYWORDS + ("must_attack", "cannot_attack", "indestructible"))),
        Spec("races", "races", "words", _("Races"), main=False),
        Spec("attributes", "attributes", "words", _("Attributes"), main=False),
        Spec("counters", "counters", "counts", _("Counters"), main=False, help=_("e.g. “+100/+100: 2”")),
        Spec("attached_to", "attached_to", "ref", _("Attached to"), main=False),
        Spec("entered_this_turn", "entered_this_turn", "yesno", _("Entered the battle area this turn"), main=False),
        Spec("on_field_since_turn_start", "on_field_since_turn_start", "yesno", _("J-ruler on the field since the turn began"),
             main=False),
        Spec("placed_this_turn", "placed_this_turn", "yesno", _("Put into standby this turn"), main=False),
        Spec("timestamp", "timestamp", "int", _("Timestamp"), min_value=0, max_value=1_000_000, main=False),
        Spec("j_ruler.name", "j_name", "text", _("J-ruler side: name"), main=False),
        Spec("j_ruler.atk", "j_atk", "int", _("J-ruler side: ATK"), min_value=0, max_value=999_999, main=False),
        Spec("j_ruler.def", "j_def", "int", _("J-ruler side: DEF"), min_value=0, max_value=999_999, main=False),
        Spec("j_ruler.keywords", "j_keywords", "words", _("J-ruler side: keywords"), main=False),
        Spec("j_ruler.races", "j_races", "words", _("J-ruler side: races"), main=False),
        Spec("awakening.cost", "awakening_cost", "counts", _("Awakening cost"), main=False, help=WILL_HELP),
        Spec("incarnation", "incarnation", "groups", _("Incarnation (attributes per resonator)"), main=False,
             help=_("e.g. “fire; fire, water”")),
    ),
    _("Cards"), _("Every card that matters, with its zone. Ordered zones (decks, graveyard) top card first."),
    _("Add a card"), _("Card"), card_ids=True, extra_rows=3,
)

CHASE = Section(
    "chain", "chain",
    (
        Spec("kind", "kind", "choice", _("Item"), choices=("card", "ability", "judgment"), labels=CHASE_KIND_LABELS,
             required=True, blank=None),
        Spec("source", "source", "ref", _("Card"), required=True),
        Spec("controller", "controller", "choice", _("Controller"), choices=("p1", "p2"), labels=PLAYER_LABELS),
        Spec("ability", "ability", "int", _("Ability (index)"), min_value=0, max_value=99),
        Spec("targets", "targets", "refs", _("Targets"), players=True, allow=r"chase:\d{1,4}"),
        Spec("from_hand", "from_hand", "yesno", _("Played from the hand")),
        Spec("awakened", "awakened", "yesno", _("Awakened")),
    ),
    _("The chase"), _("Items on the chase, the bottom one first."), _("Add a chase item"), _("Chase item"),
    switch="kind", uses={"card": "source controller targets from_hand awakened", "ability": "source controller ability targets",
                         "judgment": "source controller"}, extra_rows=0,
)

PENDING = Section(
    "pending", "pending",
    (
        Spec("source", "source", "ref", _("Card"), required=True),
        Spec("ability", "ability", "int", _("Ability (index)"), min_value=0, max_value=99),
        Spec("controller", "controller", "choice", _("Controller"), choices=("p1", "p2"), labels=PLAYER_LABELS),
        Spec("count", "count", "int", _("Times triggered"), min_value=1, max_value=999),
    ),
    _("Triggered abilities waiting"), _("Abilities that have triggered and wait for priority processing."),
    _("Add a triggered ability"), _("Trigger"), extra_rows=0,
)

EFFECTS = Section(
    "effects", "effects",
    (
        Spec("id", "id", "text", _("Key")),
        Spec("kind", "kind", "choice", _("Kind"), choices=("continuous", "replacement", "delayed"), labels=EFFECT_KIND_LABELS,
             required=True, blank=None),
        Spec("source", "source", "ref", _("Source")),
        Spec("controller", "controller", "choice", _("Controller"), choices=("p1", "p2"), labels=PLAYER_LABELS),
        Spec("timestamp", "timestamp", "int", _("Timestamp"), min_value=0, max_value=1_000_000),
        Spec("duration", "duration", "choice", _("Lasts"), choices=DURATIONS,
             labels=DURATION_LABELS),
        Spec("affected", "affected", "refs", _("Affects")),
        Spec("spec.do", "spec_do", "choice", _("What it does"), choices=("modify", "prevent", "replace", "cannot_be_destroyed"),
             labels={"modify": _("Modify (explicitly)"), "prevent": _("Prevent damage"), "replace": _("Replace an event"),
                     "cannot_be_destroyed": _("Cannot be destroyed")}, blank=_("Change the cards (below)")),
        *(Spec("spec." + spec.key, "spec_" + spec.name, spec.kind, spec.label, choices=spec.choices, labels=spec.labels,
               min_value=spec.min_value, max_value=spec.max_value, help=spec.help) for spec in CHANGES),
        Spec("spec.amount", "spec_amount", "int", _("Damage prevented"), min_value=0, max_value=999_999, help=_("Blank: all.")),
        Spec("spec.event", "spec_event", "choice", _("Replaces"), choices=("damage", "destroy"),
             labels={"damage": _("Damage"), "destroy": _("Destruction")}),
        Spec("spec.instead.redirect", "spec_redirect", "text", _("Instead, the damage goes to"), help=_("you, opponent, this, or a card id")),
        Spec("spec.instead.move_to", "spec_move_to", "choice", _("Instead, it is put into"), choices=ZONES, labels=ZONE_LABELS),
        Spec("spec.once", "spec_once", "flag", _("Only once")),
    ),
    _("Effects in force"), _("Effects of abilities that resolved earlier: continuous, replacement, delayed."),
    _("Add an effect"), _("Effect"), extra_rows=0,
)

ABILITIES = Section(
    "abilities", "",
    (
        Spec("kind", "kind", "choice", _("Kind"), choices=ABILITY_KINDS, required=True, blank=_("— choose —"), labels={
            "static": _("Continuous (static)"), "activated": _("Activated"), "will": _("Will ability"), "triggered": _("Automatic (triggered)"),
            "judgment": _("Judgment"), "spell": _("Spell (what it does)"), "break": _("Break ability")}),
        Spec("name", "name", "text", _("Name")),
        Spec("cost.rest", "cost_rest", "flag", _("Cost: [Rest]")),
        Spec("cost.life", "cost_life", "int", _("Cost: life"), min_value=0, max_value=99_900),
        Spec("cost", "cost", "counts", _("Cost: will"), help=WILL_HELP),
        Spec("produce", "produce", "counts", _("Produces will"), help=WILL_HELP),
        Spec("trigger.event", "trigger_event", "choice", _("Triggers on"), choices=TRIGGER_EVENTS),
        Spec("trigger.card", "trigger_card", "choice", _("…of the card"), choices=("this", "any", "opponent"),
             labels={"this": _("This card"), "any": _("Any card"), "opponent": _("An opponent's")}),
        Spec("trigger.card", "trigger_filter", "record", _("…or a card that matches"), parts=FILTER),
        Spec("trigger.player", "trigger_player", "choice", _("Player"), choices=("you", "opponent", "any"),
             labels=FILTER_LABELS["controller"]),
        Spec("trigger.life_at_most", "trigger_life_at_most", "int", _("Life at most"), min_value=0, max_value=99_999),
        Spec("trigger.hand_empty", "trigger_hand_empty", "flag", _("Hand empty")),
        Spec("trigger.cost.life", "trigger_cost_life", "int", _("Condition cost: life"), min_value=0, max_value=99_900),
        Spec("trigger.cost", "trigger_cost", "counts", _("Condition cost: will"), help=WILL_HELP),
        Spec("continuous.applies_to", "applies_to", "choice", _("Applies to"), choices=("this", "attached"),
             labels={"this": _("This card"), "attached": _("What it is attached to")}),
        Spec("continuous.applies_to", "applies_filter", "record", _("…or every card that matches"), parts=FILTER),
        *(Spec("continuous." + spec.key, "cont_" + spec.name, spec.kind, spec.label, min_value=spec.min_value,
               max_value=spec.max_value, help=spec.help) for spec in CHANGES),
        Spec("cost_change.applies_to", "cost_change_filter", "record", _("Cost change: of what matches"), parts=FILTER),
        Spec("cost_change.of", "cost_change_of", "choice", _("Cost change: of"), choices=("cards", "abilities"),
             labels={"cards": _("Cards"), "abilities": _("Abilities")}),
        Spec("cost_change.set", "cost_change_set", "counts", _("Cost becomes")),
        Spec("cost_change.increase", "cost_change_increase", "counts", _("Cost increases by")),
        Spec("cost_change.decrease", "cost_change_decrease", "counts", _("Cost decreases by")),
        Spec("battle_cost.action", "bc_action", "choice", _("Cost needed"), **_BC_ACTION),
        Spec("battle_cost.applies_to", "bc_applies_to", "choice", _("…by"), choices=("this", "attached"),
             labels={"this": _("This card"), "attached": _("What it is attached to")}),
        Spec("battle_cost.applies_to", "bc_applies_filter", "record", _("…or by every card that matches"), parts=FILTER),
        *(Spec("battle_cost." + spec.key, spec.name, spec.kind, spec.label, parts=spec.parts, min_value=spec.min_value,
               max_value=spec.max_value, help=spec.help) for spec in BATTLE_COST),
        Spec("text", "text", "longtext", _("Text the engine cannot read")),
    ),
    _("Abilities"), _("Each card's abilities, in printed order (format §7.4). What they do goes in “Ability effects”; "
                      "what they target in “Targets”."),
    _("Add an ability"), _("Ability"), switch="kind", mark="#", extra_rows=0,
    uses={
        "static": "name applies_to applies_filter cost_change_filter cost_change_of cost_change_set cost_change_increase "
                  "cost_change_decrease bc_applies_to bc_applies_filter " + _BC_NAMES + " "
                  + " ".join("cont_" + spec.name for spec in CHANGES),
        "activated": "name cost_rest cost_life cost", "will": "name cost_rest cost produce",
        "triggered": "name trigger_event trigger_card trigger_filter trigger_player trigger_life_at_most trigger_hand_empty",
        "judgment": "cost cost_life", "spell": "trigger_event trigger_card trigger_filter trigger_player trigger_life_at_most "
        "trigger_hand_empty trigger_cost trigger_cost_life", "break": "name",
    },
)

TARGETS = Section(
    "targets", "",
    tuple(Spec(part.key, part.key, part.kind, part.label, choices=part.choices, labels=part.labels) for part in FILTER),
    _("Targets"), _("What each ability targets, in order: target 0, target 1… The instructions name them by number."),
    _("Add a target"), _("Target"), mark="@", extra_rows=0,
)

INSTRUCTION_SECTION = Section(
    "instr", "",
    (
        Spec("do", "do", "choice", _("Does"), choices=INSTRUCTIONS, required=True, blank=_("— choose —"),
             labels={do: do.replace("_", " ") for do in INSTRUCTIONS}),
        Spec("target", "target", "index", _("Target"), help=_("0 = the first target; this, you, opponent, attached, attacker; chase:1")),
        Spec("target", "target_filter", "record", _("…or every card that matches"), parts=FILTER),
        Spec("amount", "amount", "amount", _("Amount"), help=_("A number, or lki:atk")),
        Spec("count", "count", "int", _("How many"), min_value=0, max_value=999),
        *CHANGES,
        Spec("duration", "duration", "choice", _("Lasts"), choices=DURATIONS, labels=DURATION_LABELS),
        Spec("event", "event", "text", _("Event"), help=_("damage, destroy; for a delayed effect a trigger event")),
        Spec("instead.redirect", "redirect", "text", _("Instead, the damage goes to")),
        Spec("instead.move_to", "move_to", "choice", _("Instead, it is put into"), choices=ZONES, labels=ZONE_LABELS),
        Spec("once", "once", "flag", _("Only once")),
        Spec("zone", "zone", "choice", _("Zone"), choices=ZONES, labels=ZONE_LABELS),
        Spec("player", "player", "choice", _("Whose"), choices=("you", "opponent"), labels=FILTER_LABELS["controller"]),
        Spec("filter", "filter", "record", _("Finds a card that matches"), parts=FILTER),
        Spec("to", "to", "choice", _("To"), choices=ZONES, labels=ZONE_LABELS),
        Spec("reveal", "reveal", "flag", _("Reveal it")),
        Spec("will", "will", "counts", _("Will"), help=WILL_HELP),
        Spec("kind", "counter_kind", "text", _("Counter kind")),
        Spec("action", "bc_action", "choice", _("Cost needed"), **_BC_ACTION),
        *BATTLE_COST,
        Spec("text", "text", "longtext", _("Text the engine cannot read")),
    ),
    _("Ability effects"), _("What each ability does, in order. “Belongs to” names the ability (c1#0 is card c1's first ability)."),
    _("Add an ability effect"), _("Effect"), switch="do", mark="/", extra_rows=0,
    uses={do: "target target_filter" for do in INSTRUCTIONS} | {
        "deal_damage": "target target_filter amount", "draw": "target count", "gain_life": "target amount", "lose_life": "target amount",
        "modify": "target target_filter duration " + _CHANGE_NAMES, "prevent": "target amount duration",
        "replace": "target event redirect move_to once duration", "reveal": "target zone player count",
        "search": "zone player filter count to reveal", "delayed": "event", "produce_will": "will", "discard": "target count",
        "add_counter": "target counter_kind count", "remove_counter": "target counter_kind count", "unsupported": "text",
        "battle_cost": "target target_filter duration " + _BC_NAMES,
    },
)

CHILDREN = (
    ChildList("cards", ("abilities",), "abilities", label=_("its abilities")),
    ChildList("cards", ("j_ruler", "abilities"), "abilities", tag=".j_ruler", label=_("its J-ruler side's abilities")),
    ChildList("cards", ("awakening", "abilities"), "abilities", tag=".awakening", label=_("its Awakening abilities")),
    ChildList("abilities", ("targets",), "targets", label=_("its targets")),
    ChildList("abilities", ("effect",), "instr", label=_("what it does")),
    ChildList("instr", ("effect",), "instr", label=_("what it does")),
    ChildList("chain", ("effect",), "instr", label=_("what it does instead of its card's text")),
    ChildList("after", ("actions",), "loop", label=_("the actions of one iteration")),
)
"""Which lists of which rows are rows of their own (§7.4, §7.5)."""

ACTION_USES = {
    "pass": "player", "play": "player card targets pay_with awaken incarnation", "activate": "player card ability targets pay_with",
    "will": "player card ability", "play_standby": "player card targets", "call_stone": "player", "judgment": "player pay_with",
    "standby": "player card pay_with", "lifebreak": "player", "battle": "player", "attack": "player attacker target pay_with",
    "no_attack": "player", "block": "player blocker pay_with", "no_block": "player",
    "choose": "player choice choice_list", "concede": "player", "loop": "player stoppable_by declare", "mulligan": "player cards",
}
"""The fields each action ``type`` uses (§7.7)."""

ACTIONS_SECTION = Section(
    "after", "actions",
    (
        Spec("type", "type", "choice", _("Then"), choices=ACTIONS, labels=ACTION_LABELS, required=True, blank=None),
        Spec("player", "player", "choice", _("Player"), choices=("p1", "p2"), labels=PLAYER_LABELS),
        Spec("card", "card", "ref", _("Card")),
        Spec("ability", "ability", "int", _("Ability (index)"), min_value=0, max_value=99),
        Spec("targets", "targets", "refs", _("Targets"), players=True, allow=r"chase:\d{1,4}"),
        Spec("pay_with", "pay_with", "refs", _("Pay with (will sources)")),
        Spec("awaken", "awaken", "flag", _("Awaken")),
        Spec("incarnation", "incarnation", "refs", _("Incarnation: banish")),
        Spec("attacker", "attacker", "ref", _("Attacker")),
        Spec("target", "target", "ref", _("Attack target"), players=True),
        Spec("blocker", "blocker", "ref", _("Blocker")),
        Spec("choice", "choice", "text", _("Choice"), help=_("One of the options of the open choice step, e.g. “a1#0”.")),
        Spec("choice", "choice_list", "words", _("…or several (ids, in order)"), help=_("Comma-separated.")),
        Spec("cards", "cards", "refs", _("Cards put back (bottom order)")),
        Spec("stoppable_by", "stoppable_by", "words", _("Who can stop the loop"), help=_("p1, p2; blank: the player")),
        Spec("declare", "declare", "counts", _("Iterations declared"), help=_("e.g. “p1: 3, p2: 2”")),
    ),
    _("Then"), _("What the players do next, in order. An action at the wrong moment is an illegal step and is skipped."),
    _("Add a step"), _("Step"), switch="type", uses=ACTION_USES,
    needs={
        "play": {"card": _("Pick the card played.")}, "activate": {"card": _("Pick the card whose ability is played.")},
        "will": {"card": _("Pick the will source.")}, "play_standby": {"card": _("Pick the Chant-Standby.")},
        "standby": {"card": _("Pick the card put into the standby area.")},
        "attack": {"attacker": _("Pick the attacker."), "target": _("Pick what it attacks.")},
        "block": {"blocker": _("Pick the blocker.")}, "choose": {"choice": _("Give the option chosen.")},
    },
)

LOOP_SECTION = Section(
    "loop", "", ACTIONS_SECTION.fields, _("Loop iterations"),
    _("The actions of one iteration of a loop (FoW 14.1); “Belongs to” names the loop step."),
    _("Add a loop action"), _("Loop action"), switch="type", uses=ACTION_USES, mark="~", extra_rows=0,
)

SPEC = GameSpec(
    game="fow", title=_("New Force of Will ruling"), setup=SETUP,
    sections=(CARDS, ABILITIES, TARGETS, INSTRUCTION_SECTION, CHASE, PENDING, EFFECTS, ACTIONS_SECTION, LOOP_SECTION),
    default_ruleset="wp-2.3", children=CHILDREN,
)
