"""Effect classes and Spell Speeds (ARC-V 3.2.7, 4.2.1, 4.2.4.1; MR2 ch2.6–ch2.10, ch4.14).

Each class an object's effect can have is one entry of the ``ability`` slot, named by the
effect's ``class``; its keys are what that class reads (a Trigger Effect its event and
timing, a Continuous Effect only what it applies). :func:`spell_speed` derives the Spell
Speed of an activated effect from its card and class.
"""

from __future__ import annotations

from ..core.vocabulary import Boolean, Choice, Field, Integer, ListOf, Record, Row, Text
from .filters import CardFilterField
from .model import Card, CardKind, ChainLink, EffectClass
from .qualifiers import check_qualifiers
from .rules import R
from .vocabulary import VOCABULARY

MAX_ID = 64
MAX_TEXT = 4_000

_COMMON: dict[str, Field] = {
    "id": Text(min_length=1, max_length=MAX_ID, label="Effect id",
               help="optional; a chain link or pending trigger may name the effect by it instead of its index"),
    "text": Text(max_length=MAX_TEXT, label="Card text",
                 help="the effect's text, shown to the judge and never interpreted; an effect with text and no "
                      "actions cannot be evaluated (a cannot_evaluate step when it applies)"),
}
_ACTIVATED: dict[str, Field] = {
    **_COMMON,
    "cost": ListOf(item=VOCABULARY.use("cost"), label="Cost", help="paid on activation (the link may give its own)"),
    "actions": ListOf(item=VOCABULARY.use("instruction"), label="Actions",
                      help="what a link activating it does on resolution, in order (the link may give its own)"),
    "once_per_turn": Choice(values=("card", "effect"), what="same-name restriction", label="Once per turn by name",
                            help='"card": you can only activate 1 card of this name per turn; "effect": you can only '
                                 "use this effect of a card of this name once per turn (ARC-V 3.1.2.i3)"),
}
TARGETING = Record(
    fields={"count": Integer(low=1, high=5, label="How many", help="how many cards it targets; default 1", default=1),
            "filter": CardFilterField(label="Which cards", allow_event=True,
                                      help="the cards it may target: on the field unless the filter names a zone")},
    required=("filter",), label="Targets on activation",
    help='{"count": N, "filter": FILTER}: "target N cards that …". The targets are chosen when it is activated (the '
         "chain link's or activate action's targets; a trigger met during play: options.trigger_targets) and must fit "
         "the filter, read from its controller's side (ARC-V 4.2.3.3.i2; MR2 ch5.28); its actions that name no card "
         "apply to them")
ACTIVATED_TARGETING = Record(
    fields={**TARGETING.fields, "up_to": Boolean(label="Up to", default=False,
                                                 help='"target up to N cards": from 1 to count targets')},
    required=("filter",), label=TARGETING.label, help=TARGETING.help + '; with up_to, from 1 to count of them')
_CONDITIONED: dict[str, Field] = {
    **_ACTIVATED,
    "targeting": ACTIVATED_TARGETING,
    "condition": VOCABULARY.use("activation_condition", label="Activation condition",
                                help="when it may be activated (\"when your opponent Normal Summons\", \"during the "
                                     "Battle Phase\"): every key must hold, or the activation is illegal (ARC-V 4.2.3.i1)"),
}
"""The keys of an effect a player activates at will: it may state an activation condition."""
_TRIGGERED: dict[str, Field] = {
    **_ACTIVATED,
    "trigger": VOCABULARY.use("trigger_event", label="Trigger event",
                              help="the event of this card that activates it; without it the effect is activated "
                                   "only as a pending trigger or a chain link"),
    "optional": Boolean(label="Optional", help='"you can": the player may choose not to activate it (ARC-V 4.2.3.1.i1)',
                        default=False),
    "timing": VOCABULARY.use("timing", label="Timing", help="when (…时) or if (…的场合); default if", default="if"),
    "targeting": TARGETING,
    "qualifiers": VOCABULARY.use("trigger_qualifier", label="Event qualifiers",
                                 help="what the event must also be: from (zones), by (effect, battle, cost), method "
                                      "(of a Summon), player (self or opponent), zone (where this card is)"),
    "condition": VOCABULARY.use("activation_condition", label="Activation condition",
                                help="what must also hold when it is activated (\"if you control no Spell/Trap "
                                     "Cards\"): every key must hold, or it cannot be activated (ARC-V 4.2.3.i1)"),
}
_ROW = Row(main=("actions",), extra=("id", "text", "cost", "once_per_turn", "condition", "targeting"))
_TRIGGER_ROW = Row(main=("trigger", "optional", "timing", "actions"),
                   extra=("qualifiers", "condition", "targeting", "id", "text", "cost", "once_per_turn"))


VOCABULARY.define(
    "ability", "card", rule=(R.SS_SPELL, R.SS_QUICK_PLAY, R.SS_TRAP, R.SS_COUNTER, R.SPELL_PLACED, R.TRAP_FROM_SET),
    label="Card activation", keys=_CONDITIONED, row=_ROW,
    doc="The activation of a Spell or Trap Card itself (卡的发动): a Spell is played from the hand or turned face-up "
        "from the Set position, a Trap only from the Set position. Spell Speed by subtype: Normal, Equip, Field, "
        "Continuous and Ritual Spells 1, Quick-Play Spells 2, Normal and Continuous Traps 2, Counter Traps 3 "
        "(ARC-V 3.3.1.i5, 3.3.3.6.i2, 3.4.1.i1, 3.4.3.3.i2; MR2 ch4.14).",
    example={"class": "card", "actions": [{"do": "destroy", "target": "m1"}]})
VOCABULARY.define(
    "ability", "effect", rule=(R.SS_SPELL_EFFECT, R.SS_TRAP_EFFECT, R.EFFECT_ACTIVATION), label="Effect activation",
    keys=_CONDITIONED, row=_ROW,
    doc="The activation of an effect of a Spell or Trap that is already face-up on the field, or in the Graveyard "
        "(效果的发动): Spell Speed 1 for a Spell, 2 for a Trap (ARC-V 3.3.3.3.i5, 3.4.3.2.i6, 4.2.1.1.i1).",
    example={"class": "effect", "actions": [{"do": "draw", "amount": 1}]})
VOCABULARY.define(
    "ability", "ignition", rule=(R.IGNITION_TIMING, R.SS_MONSTER), label="Ignition Effect", keys=_CONDITIONED, row=_ROW,
    doc="A monster effect its controller activates in their own Main Phase with an empty chain; Spell Speed 1 "
        "(ARC-V 3.2.7.2.i1, 4.2.4.1.1.i3; MR2 ch2.8).",
    example={"class": "ignition", "actions": [{"do": "damage", "player": "opponent", "amount": 500}]})
VOCABULARY.define(
    "ability", "trigger", rule=(R.TRIGGER_EVENT, R.SS_MONSTER), label="Trigger Effect",
    keys={**_TRIGGERED, "event_of": CardFilterField(
        allow_self=True, label="Whose event",
        help='"self" (the default: this card\'s own event) or a filter naming the other cards whose event activates '
             "it")},
    row=Row(main=("trigger", "optional", "timing", "actions"),
            extra=("event_of", "qualifiers", "condition", "targeting", "id", "text", "cost", "once_per_turn")),
    check=check_qualifiers,
    doc="A monster effect activated when its event happens (ARC-V 3.2.7.3.i1; MR2 ch2.9); Spell Speed 1. "
        "Simultaneous triggers go on the chain together (SEGOC); an optional `when` trigger misses the timing "
        "unless its event was the last thing to happen.",
    example={"class": "trigger", "trigger": "destroyed", "optional": True, "timing": "when",
             "actions": [{"do": "draw", "amount": 1}]})
VOCABULARY.define(
    "ability", "flip", rule=(R.FLIP_EFFECT, R.SS_MONSTER), label="Flip Effect", keys=_TRIGGERED, row=_TRIGGER_ROW,
    check=check_qualifiers,
    doc="A Trigger Effect activated when the monster is flipped face-up (its `trigger` defaults to `flipped`); "
        "flipped by an attack it activates after damage calculation (ARC-V 3.2.7.3.1.i1, 3.2.7.3.i7; MR2 ch2.6).",
    example={"class": "flip", "actions": [{"do": "destroy", "target": "m2"}]})
VOCABULARY.define(
    "ability", "quick", rule=(R.SS_QUICK_EFFECT,), label="Quick Effect", keys=_CONDITIONED, row=_ROW,
    doc="A monster effect that can be activated in either player's turn and in response; Spell Speed 2 "
        "(ARC-V 3.2.7.4.i3; MR2 ch4.14).",
    example={"class": "quick", "actions": [{"do": "negate_activation", "destroy": True}]})
VOCABULARY.define(
    "ability", "pendulum", rule=(R.SS_PENDULUM, R.PENDULUM_ZONE_ONLY), label="Pendulum Effect", keys=_CONDITIONED,
    row=_ROW, rulesets=("arcv",),
    doc="An effect of a Pendulum Monster activated only while it is in the Pendulum Zone; Spell Speed 1 "
        "(ARC-V 3.3.3.7.i2, 3.3.3.7.i8). Pendulums do not exist under Master Rule 2.",
    example={"class": "pendulum", "actions": [{"do": "gain_lp", "amount": 500}]})
VOCABULARY.define(
    "ability", "continuous", rule=(R.NOT_ACTIVATED, R.CONTINUOUS_APPLIES, R.CONTINUOUS_ENDS), label="Continuous Effect",
    keys={**_COMMON, "actions": ListOf(item=VOCABULARY.use("continuous"), label="What it applies",
                                       help="applied while the card is face-up on the field")},
    row=Row(main=("actions",), extra=("id", "text")),
    doc="An effect that is never activated and never a chain link: it applies while its card is face-up on the "
        "field, the moment it is, and ends the moment it is not (ARC-V 4.2.1.i3, 3.2.7.1.i2, 3.2.7.1.i3; MR2 "
        "ch2.7).",
    example={"class": "continuous", "actions": [{"do": "change_atk", "targets": ["m1"], "amount": 500}]})


def spell_speed(card: Card, effect_class: EffectClass) -> tuple[int, R] | None:
    """Return the Spell Speed of an effect and the rule giving it, or ``None`` if it is not activated.

    ARC-V 4.2.4.1.1–4.2.4.1.3 (MR2 ch4.14): Normal, Equip, Field, Continuous and Ritual Spells,
    Pendulum Effects and monster effects other than Quick Effects are SS1; Quick-Play Spells,
    Normal and Continuous Traps and Quick Effects SS2; Counter Traps SS3.
    """
    if effect_class is EffectClass.CONTINUOUS:
        return None
    if effect_class is EffectClass.CARD:
        if card.kind is CardKind.SPELL:
            return (2, R.SS_QUICK_PLAY) if card.subtype == "quick-play" else (1, R.SS_SPELL)
        return (3, R.SS_COUNTER) if card.subtype == "counter" else (2, R.SS_TRAP)
    if effect_class is EffectClass.EFFECT:
        return (1, R.SS_SPELL_EFFECT) if card.kind is CardKind.SPELL else (2, R.SS_TRAP_EFFECT)
    if effect_class is EffectClass.QUICK:
        return 2, R.SS_QUICK_EFFECT
    if effect_class is EffectClass.PENDULUM:
        return 1, R.SS_PENDULUM
    return 1, R.SS_MONSTER


def activated_kind(link: ChainLink, card: Card) -> CardKind:
    """Return the kind of card a link was activated as: a Pendulum Monster activated in the
    Pendulum Zone is a Spell Card (ARC-V 3.3.3.7.i5)."""
    if link.is_card_activation and card.kind is CardKind.MONSTER and card.subtype == "pendulum":
        return CardKind.SPELL
    return card.kind
