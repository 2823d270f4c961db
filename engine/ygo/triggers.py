"""Trigger Effects, missing the timing and simultaneous triggers (SEGOC) (ARC-V 3.2.7.3,
4.2.3.1–4.2.3.2, 4.2.4.2.1; MR2 ch2.9, ch5.5, ch5.23).

The engine notes every event of a move (:meth:`~engine.ygo.duel.Duel.event`); when the game
state opens, :func:`collect_triggers` turns them into pending triggers (reporting those that
miss the timing or cannot activate) and :func:`build_segoc` puts the pending ones on the chain
in the rule version's order. The scenario answers the players' choices here through its
``options`` (the ``option`` slot).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations, product
from math import prod
from typing import Any

from ..core import IllegalAction
from ..core.deadline import check as check_deadline
from ..core.validation import Path
from ..core.vocabulary import ListOf, Ref, Validation
from .activation import do_activate, pass_priority
from .duel import Duel
from .model import FIELD_ZONES, Activation, Card, Effect, EffectClass, Event, GameState, Pending, Zone, opponent_of
from .primitives import PROCEDURE_MISSED_TIMING
from .protection import lock_of
from .qualifiers import unmet
from .trigger_targets import aimed, choose_targets
from .rules import R
from .vocabulary import VOCABULARY

HIDDEN_ZONES = frozenset({Zone.HAND, Zone.DECK})

for _name, _rule, _label, _doc in (
        ("summoned", R.SUMMON_SUCCESS, "Normal Summoned",
         "The card is Normal Summoned face-up and the Summon succeeds (ARC-V 3.2.2.1.i9; a Set is not a Summon)."),
        ("special_summoned", R.SPECIAL_SUMMON_SUCCESS, "Special Summoned",
         "The card is Special Summoned, by procedure once the Summon succeeds, by an effect when it is placed "
         "(ARC-V 3.2.2.3.i6)."),
        ("flip_summoned", R.FLIP_SUMMON, "Flip Summoned",
         "The card is Flip Summoned and the Summon succeeds (ARC-V 3.2.2.4.i1); a flip by battle or an effect is not."),
        ("flipped", R.FLIPPED, "Flipped face-up",
         "The card is turned face-up from face-down Defense Position, by a Flip Summon, an attack or an effect (ARC-V "
         "3.2.3.i1); the default event of a Flip Effect."),
        ("sent_to_graveyard", R.TRIGGER_EVENT, "Sent to the Graveyard",
         "The card goes to the Graveyard from anywhere (a Pendulum Monster that goes to the Extra Deck instead "
         "counts too) (ARC-V 3.2.7.3.i1)."),
        ("sent_from_field", R.XYZ_MATERIAL_NOT_ON_FIELD, "Sent from the field to the Graveyard",
         "The card goes from the field to the Graveyard (or, a Pendulum Monster, to the Extra Deck instead). An Xyz "
         "Material was never on the field and a monster whose Summon was negated never arrived there: neither raises "
         "it (ARC-V 3.2.2.3.1.1.4.1.i5, 3.2.2.1.i8; MR2 ch5.14)."),
        ("destroyed", R.DESTROY, "Destroyed", "The card is destroyed on the field, by an effect or by battle."),
        ("destroyed_by_battle", R.BATTLE_ATK_VS_ATK, "Destroyed by battle",
         "The card is destroyed by battle (MR2 ch4.7–ch4.8)."),
        ("banished", R.BANISH, "Banished", "The card is banished (ARC-V 2.3.i1).")):
    VOCABULARY.define("trigger_event", _name, rule=(_rule, R.TRIGGER_EVENT), label=_label, doc=_doc, example=_name)

# issue 13: the phase, draw and battle-damage events
VOCABULARY.define(
    "trigger_event", "standby_phase", rule=(R.STANDBY_PHASE_TRIGGER, R.PHASE_TRIGGERS, R.TRIGGER_EVENT),
    label="The Standby Phase begins",
    doc="\"During the Standby Phase\": raised for this card when a Standby Phase begins during play while it is "
        "face-up on the field or in the Graveyard (MR2 ch3.6); `qualifiers.player` makes it \"your\" or \"your "
        "opponent's\" (the turn player's side). Under ARC-V two or more such triggers are not simultaneous: one is "
        "activated and resolved, then the next (ARC-V 3.2.7.3.i5); under MR2 they form one chain (ch5.5). A board "
        "that starts in the phase has had it.",
    example="standby_phase")
VOCABULARY.define(
    "trigger_event", "end_phase", rule=(R.END_PHASE_TRIGGER, R.PHASE_TRIGGERS, R.TRIGGER_EVENT),
    label="The End Phase begins",
    doc="\"During the End Phase\": raised for this card when an End Phase begins during play while it is face-up "
        "on the field or in the Graveyard (MR2 ch3.15); one at a time under ARC-V (3.2.7.3.i5), one chain under MR2 "
        "(ch5.5), as for `standby_phase`.",
    example="end_phase")
VOCABULARY.define(
    "trigger_event", "drawn", rule=(R.DRAWN_EVENT, R.DRAW, R.TRIGGER_EVENT), label="Drawn",
    doc="The card is drawn, in the Draw Phase or by an effect (\"each player draws\" included); `qualifiers.player` "
        "is who drew. Its own trigger is activated from the hand it was drawn into, as its text states (ARC-V "
        "3.2.7.3.i1; the hidden-zone rule 3.2.7.3.i4 is for a card that went back to the hand or Deck). A trigger on other cards' draws (`event_of`, \"each time your opponent draws\") meets one draw "
        "of several cards once (MR2 ch5.31: \"draw 2\" is one draw).",
    example="drawn")
VOCABULARY.define(
    "trigger_event", "battle_damage", rule=(R.BATTLE_DAMAGE, R.DAMAGE_STEP_TRIGGER, R.TRIGGER_EVENT),
    label="Inflicts battle damage",
    doc="The card inflicts battle damage (the attacker on a direct attack or when it wins the battle; the defending "
        "monster when the attacker takes the damage) (ARC-V 1.4.1.i2; MR2 ch5.25); `qualifiers.player` is who took "
        "it (\"to your opponent\": `opponent`). It happens in the Damage Step, where an optional trigger on it is "
        "not among the ones ARC-V 3.2.7.3.i6 lets activate (a mandatory one is).",
    example="battle_damage")
_CHAIN_BUILDING = ("Neither document says how a trigger whose event is an activation is handled; the engine treats "
                   "it like the event of a cost: it waits for the chain, then a mandatory or \"if\" trigger is "
                   "activated and a \"when … you can\" one misses the timing (ARC-V 4.2.3.2.i2–i4).")
VOCABULARY.define(
    "trigger_event", "activated", rule=(R.TRIGGER_EVENT, R.MANDATORY_AFTER, R.MISSED_TIMING), label="Activated",
    doc="The card or one of its effects is activated (a chain link is made, its cost paid), including the triggers "
        "SEGOC puts on the chain; with `event_of` \"each time a Spell Card is activated\", with `qualifiers.player` "
        "whose activation. " + _CHAIN_BUILDING,
    example="activated")
VOCABULARY.define(
    "trigger_event", "targeted", rule=(R.TRIGGER_EVENT, R.MANDATORY_AFTER, R.MISSED_TIMING), label="Targeted",
    doc="The card is targeted by an activation (each card of a chain link's `targets`); `qualifiers.player` is who "
        "activated it (\"targeted by your opponent's card effect\": `opponent`). A Quick Effect that responds to "
        "the activation is an `activate` action, not this event. " + _CHAIN_BUILDING,
    example="targeted")
VOCABULARY.define(
    "trigger_event", "tributed", rule=(R.TRIBUTED, R.TRIGGER_EVENT, R.MISSED_TIMING_PROCEDURE, R.REPLACE_TRIBUTE),
    label="Tributed",
    doc="\"If this card is Tributed\": the card is Tributed for a Tribute Summon or Set, for a Ritual Summon, for an "
        "inherent Special Summon (its `summon_procedure` cost), as a cost (`cost: tribute`) or by an effect (`do: tribute`) (ARC-V 3.2.2.1.1.1.i1, 4.2.2.1.i2; MR2 ch5.16). "
        "It is Tributed wherever it goes: one banished instead is still Tributed (ARC-V 3.2.2.1.1.1.i8). A Tribute "
        "for a Summon is part of the procedure, so a \"when … you can\" trigger on it misses the timing and an "
        "\"if\" one is activated after the Summon (3.2.2.1.1.i6); `qualifiers.by` tells a cost or an effect from "
        "the Tribute of a Summon, `qualifiers.player` whose monster it was.",
    example="tributed")
PHASE_TRIGGERS = frozenset({"standby_phase", "end_phase"})

VOCABULARY.define(
    "timing", "when", rule=(R.MISSED_TIMING,), label='"When … you can" (…时)',
    doc='An optional trigger that reads "when": it misses the timing (is not activated) unless its event was the last '
        "thing to happen (ARC-V 4.2.3.2.i4); a Tribute or a material of a Summon never is (3.2.2.1.1.i6).",
    example="when")
VOCABULARY.define(
    "timing", "if", rule=(R.IF_OPTIONAL_AFTER, R.MANDATORY_AFTER), label='"If … you can" (…的场合)',
    doc="A trigger that reads \"if\" (and any mandatory one): met in the middle of a chain or a procedure, it is "
        "activated after it (ARC-V 4.2.3.2.i2–i3). The default.",
    example="if")


def _check_trigger_cards(value: Any, path: Path, v: Validation, *, optional_only: bool) -> None:
    """Each card an option names must have a trigger it answers for (else the answer is never read)."""
    objects = getattr(v, "objects", None)
    if not objects or not isinstance(value, list):
        return
    for i, card_id in enumerate(value):
        card = objects.get(card_id)
        effects = card.get("effects", []) if card is not None else []
        triggers = [e for e in effects if isinstance(e, dict) and e.get("class") in ("trigger", "flip")
                    and (e.get("optional", False) or not optional_only)]
        if card is not None and not triggers:
            what = "optional trigger or flip effect" if optional_only else "trigger or flip effect"
            v.error((*path, i), f"card {card_id!r} has no {what}, so this answer would never be read")


def _check_activate(value: Any, path: Path, v: Validation) -> None:
    _check_trigger_cards(value, path, v, optional_only=True)


def _check_order(value: Any, path: Path, v: Validation) -> None:
    _check_trigger_cards(value, path, v, optional_only=False)
    if isinstance(value, list) and len(set(value)) != len(value):
        v.error(path, "a card is named twice in trigger_order")


_CARDS = ListOf(item=Ref(spaces=("object",)), label="Cards")
VOCABULARY.define(
    "option", "trigger_order", rule=(R.SEGOC,), label="Order of simultaneous triggers", value=_CARDS, check=_check_order,
    doc="Card ids in the order their controller puts simultaneous triggers on the chain; each player orders their "
        "own within a priority tier (ARC-V 4.2.4.2.1.i1; MR2 ch5.5). Two or more without an order are a choice: one "
        "branch per order.",
    example={"trigger_order": ["m2", "m1"]})
VOCABULARY.define(
    "option", "activate_triggers", rule=(R.OPTIONAL_TRIGGER,), label="Optional triggers activated", value=_CARDS,
    check=_check_activate,
    doc='Cards whose optional ("you can") triggers met during play are activated (ARC-V 4.2.3.1.i1); an optional '
        "trigger neither list names is a choice: one branch per combination of activating and declining.",
    example={"activate_triggers": ["m1"]})
VOCABULARY.define(
    "option", "decline_triggers", rule=(R.OPTIONAL_TRIGGER,), label="Optional triggers declined", value=_CARDS,
    check=_check_activate,
    doc="Cards whose optional triggers met during play are not activated (a `trigger` step says so).",
    example={"decline_triggers": ["m1"]})


class OpenOrder(Exception):
    """Simultaneous triggers whose order the scenario leaves open; the runner branches on it."""

    def __init__(self, state: GameState, groups: list[list[Pending]], one_at_a_time: bool = False) -> None:
        super().__init__("open trigger order")
        self.state = state
        self.groups = groups
        """The groups (one player, one priority tier) of two or more triggers without an order."""
        self.one_at_a_time = one_at_a_time
        """Every one is a trigger of a phase's start under a ruleset where those are not
        simultaneous (ARC-V 3.2.7.3.i5): the order is which is activated (and resolved) first."""

    def orders(self) -> list[list[str]]:
        """Return every full order, as lists of ``card`` ids, group by group."""
        per_group = [list(permutations(group)) for group in self.groups]
        return [[p.card for perm in combo for p in perm] for combo in product(*per_group)]

    def count(self) -> int:
        """Return how many orders there are, without listing them."""
        total = 1
        for group in self.groups:
            total *= prod(range(1, len(group) + 1))
        return total


class OpenTriggerChoice(Exception):
    """Optional triggers the scenario neither activates nor declines; the runner branches on them."""

    def __init__(self, state: GameState, items: list[Pending]) -> None:
        super().__init__("open optional triggers")
        self.state = state
        self.items = items
        """The optional triggers whose activation is open, in the order they were met."""

    def count(self) -> int:
        """Return how many combinations of "activate" / "decline" there are."""
        return 2 ** len(self.items)

    def combinations(self) -> list[tuple[str, ...]]:
        """Return every combination, one "activate"/"decline" per trigger, activating first."""
        return list(product(("activate", "decline"), repeat=len(self.items)))


def triggered_by(duel: Duel, state: GameState, event: Event) -> list[tuple[Card, int, Effect]]:
    """Return the triggers an event meets: its card's own, then those of other cards whose
    ``event_of`` filter names it (ARC-V 3.2.7.3.i1: a trigger activates at the timing its text states).

    A card watching other cards' events must be face-up on the field, in the Graveyard or in
    the hand (a hand trigger, 3.2.7.3.i9) when the event happens; face-down or elsewhere its
    effect does not apply.
    """
    own = state.card(event.card)
    found = [(own, index, effect) for index, effect in enumerate(own.effects)
             if effect.effect_class in (EffectClass.TRIGGER, EffectClass.FLIP) and effect.trigger == event.kind
             and (event.flip_effects or effect.effect_class is not EffectClass.FLIP)
             and effect.event_of is None and _qualifies(duel, effect, event, own)]
    for card_id, index, effect in duel.watchers:
        if effect.trigger != event.kind:
            continue
        card = state.card(card_id)
        active = (card.zone in FIELD_ZONES and card.face_up) or card.zone in (Zone.GRAVEYARD, Zone.HAND)
        holder = card.controller if card.zone in FIELD_ZONES else card.owner
        assert effect.event_of is not None
        if (active and effect.event_of.matches(own, holder, state) and (card_id != own.id or effect.event_of.card == own.id)
                and _qualifies(duel, effect, event, card)):
            found.append((card, index, effect))
    return found


def _qualifies(duel: Duel, effect: Effect, event: Event, card: Card) -> bool:
    """Return whether ``event`` meets the qualifiers of ``card``'s trigger; if it does not, record
    a ``trigger`` step naming the qualifier (ARC-V 3.2.7.3.i1: the trigger activates only at the
    timing its text states)."""
    missed = unmet(effect.qualifiers, event, card)
    if missed is None:
        return True
    key, wanted, was = missed
    duel.record("trigger", "ygo.trigger.not_qualified", R.TRIGGER_EVENT, card=card.id, card_name=card.name,
                event=event.kind, event_card=event.card, qualifier=key, wanted=wanted, was=was)
    return False


def _one_draw(seen: set[tuple[str, int, int, Any]], card: Card, index: int, event: Event) -> bool:
    """Return whether a trigger on other cards' draws already met this draw (one draw of several
    cards counts once, MR2 ch5.31); note it as met."""
    key = (card.id, index, event.moment, event.player)
    if key in seen:
        return True
    seen.add(key)
    return False


def _damage_step_trigger_allowed(effect: Effect, event: Event, card: Card) -> bool:
    """Return whether an optional trigger raised in the Damage Step may be activated there.

    ARC-V 3.2.7.3.i6: basically no trigger can be activated in the Damage Step, except
    mandatory ones, a card's own "when Special Summoned", Flip Effects (and effects activated
    when flipped), and a card's own "when destroyed, banished or added to the hand". An
    optional "when … sent to the Graveyard" is not among them.
    """
    if effect.effect_class is EffectClass.FLIP:
        return True
    own = event.card == card.id
    return own and event.kind in ("special_summoned", "flipped", "destroyed", "destroyed_by_battle", "banished")


def collect_triggers(duel: Duel, state: GameState) -> GameState:
    """Turn the events since the last check into pending triggers; report those that cannot activate.

    ARC-V 4.2.3.2: a mandatory trigger (.i2) and an optional "if … you can" (.i3) are
    activated after the chain even if their event happened mid-chain; an optional "when … you
    can" (.i4) misses the timing unless its event was the last thing to happen (a Tribute for
    a Summon never is, 3.2.2.1.1.i6). A trigger whose card went to the hand or Deck cannot
    activate (3.2.7.3.i4). Flip Effects of a monster flipped by an attack activate after
    damage calculation (3.2.7.3.i7).
    """
    pending = list(state.pending)
    draws: set[tuple[str, int, int, Any]] = set()
    for event in state.events:
        check_deadline(f"collecting the triggers of {len(state.events)} events")
        for card, index, effect in triggered_by(duel, state, event):
            base = {"card": card.id, "card_name": card.name, "event": event.kind}
            if card.id != event.card:
                if event.kind == "drawn" and _one_draw(draws, card, index, event):
                    continue
                base["event_card"] = event.card
            elif event.kind != "drawn" and (card.zone in HIDDEN_ZONES or card.zone in (Zone.MATERIAL, Zone.REMOVED)):
                duel.record("missed_timing", "ygo.trigger.cannot_activate", R.TRIGGER_HIDDEN, **base,
                            zone=card.zone.value)
                continue
            if event.damage_step and effect.optional and not _damage_step_trigger_allowed(effect, event, card):
                duel.record("missed_timing", "ygo.trigger.damage_step", R.DAMAGE_STEP_TRIGGER, **base)
                continue
            last = event.moment == state.moment or effect.effect_class is EffectClass.FLIP
            if effect.optional and effect.timing == "when" and not last:
                key = PROCEDURE_MISSED_TIMING.get(event.procedure, R.MISSED_TIMING)
                duel.record("missed_timing", "ygo.trigger.missed_timing", key, **base)
                continue
            if not last:
                key = R.MANDATORY_AFTER if not effect.optional else R.IF_OPTIONAL_AFTER
                duel.record("trigger", "ygo.trigger.after_chain", key, **base)
            controller = card.controller if card.zone in FIELD_ZONES else card.owner
            pending.append(Pending(card.id, index, controller, not effect.optional, effect.timing, last,
                                   activate=duel.decision(card.id), source=("events", len(pending)),
                                   zone=card.zone.value if event.kind in PHASE_TRIGGERS else ""))
    return replace(state, events=(), pending=tuple(item for item in pending if _still_there(duel, state, item)))


def _still_there(duel: Duel, state: GameState, item: Pending) -> bool:
    """Return whether a pending trigger can still be activated: one of a phase's start cannot
    (a ``missed_timing`` step says so) once its card has left the zone it was in when the phase
    began or been turned face-down while it waited, since the waiting triggers are activated
    only after the first has resolved (ARC-V 3.2.7.3.i5)."""
    if not item.zone:
        return True
    card = state.card(item.card)
    if card.zone.value == item.zone and (card.zone not in FIELD_ZONES or card.face_up):
        return True
    duel.record("missed_timing", "ygo.trigger.phase_card_left", R.PHASE_TRIGGERS, card=card.id, card_name=card.name,
                zone=card.zone.value, was=item.zone)
    return False


def _tier(duel: Duel, state: GameState, item: Pending) -> int:
    """Return a trigger's priority tier (ARC-V 4.2.4.2.1.i1); 0 where the version has no tiers."""
    if not duel.ruleset.segoc_tiers:
        return 0
    if item.mandatory:
        return 1
    card = state.card(item.card)
    public = (card.zone is Zone.GRAVEYARD or (card.zone in FIELD_ZONES and card.face_up)
              or (card.zone in (Zone.BANISHED, Zone.EXTRA_DECK) and card.face_up))
    return 2 if public else 3


def build_segoc(duel: Duel, state: GameState) -> GameState:
    """Put the pending triggers on the chain in the version's order (SEGOC).

    ARC-V 4.2.4.2.1.i1: mandatory triggers first, then optional ones of public cards, then
    optional ones of hidden cards; within a tier the turn player's first. MR2 ch5.5: the turn
    player's triggers, then the opponent's. Each player orders their own within a group by
    ``order`` / ``options.trigger_order``; two or more without an order raise
    :class:`OpenOrder`. Spell Speed 1 triggers may chain here (4.2.4.2.1.i2). An optional
    trigger met during play that the scenario neither activates nor declines
    (``options.activate_triggers`` / ``options.decline_triggers``) raises
    :class:`OpenTriggerChoice`: whether to activate it is the player's choice (4.2.3.1.i1). A
    trigger a face-up lock forbids is taken out first, never offered (:func:`_drop_locked`).
    """
    state = _drop_locked(duel, collect_triggers(duel, state))
    undecided = [item for item in state.pending if not item.mandatory and item.activate is None]
    if undecided:
        raise OpenTriggerChoice(state, undecided)
    items = []
    for item in state.pending:
        if not item.mandatory and not item.activate:
            card = state.card(item.card)
            duel.record("trigger", "ygo.trigger.declined", R.OPTIONAL_TRIGGER, card=card.id, card_name=card.name,
                        player=item.controller)
            continue
        items.append(item)
    state = replace(state, pending=())
    if not items:
        return state
    tp = state.turn.active
    groups: dict[tuple[int, bool], list[Pending]] = {}
    for item in items:
        groups.setdefault((_tier(duel, state, item), item.controller != tp), []).append(item)
    ordered: list[tuple[tuple[int, bool], list[Pending]]] = []
    open_groups = []
    for key in sorted(groups):
        group = groups[key]
        ranks = [duel.rank(p) for p in group]
        if len(group) > 1 and None in ranks:
            open_groups.append(group)
        ordered.append((key, sorted(group, key=lambda p: (duel.rank(p) is None, duel.rank(p) or 0))))
    if open_groups:
        raise OpenOrder(state, open_groups, duel.ruleset.phase_triggers_one_at_a_time
                        and all(_is_phase_trigger(state, item) for group in open_groups for item in group))
    ordered, waiting = _one_phase_trigger(duel, state, ordered)
    for (tier, _), group in ordered:
        for item in group:
            check_deadline(f"putting {len(items)} simultaneous triggers on the chain")
            state = _activate_trigger(duel, state, item, tier)
            if state.ended:
                return state
    if state.chain and any(group for _, group in ordered):
        # Every simultaneous trigger is on the chain before anyone may respond (ARC-V 4.2.4.2.1.i1; MR2 ch5.5).
        state = pass_priority(duel, state, opponent_of(state.chain[-1].controller), R.PRIORITY_TO_OPPONENT)
    return replace(state, pending=waiting)


def _is_phase_trigger(state: GameState, item: Pending) -> bool:
    effects = state.card(item.card).effects
    return isinstance(item.effect, int) and item.effect < len(effects) and effects[item.effect].trigger in PHASE_TRIGGERS


Ordered = list[tuple[tuple[int, bool], list[Pending]]]


def _one_phase_trigger(duel: Duel, state: GameState, ordered: Ordered) -> tuple[Ordered, tuple[Pending, ...]]:
    """Under a ruleset whose phase triggers are not simultaneous (ARC-V 3.2.7.3.i5), keep only the
    first of two or more triggers of the phase's start in ``ordered`` (by tier, turn player first,
    then their order) and return the others, which wait until it has resolved."""
    phase_items = [item for _, group in ordered for item in group if _is_phase_trigger(state, item)]
    if not duel.ruleset.phase_triggers_one_at_a_time or len(phase_items) < 2:
        return ordered, ()
    first, waiting = phase_items[0], tuple(phase_items[1:])
    card = state.card(first.card)
    duel.record("trigger", "ygo.trigger.phase_one_at_a_time", R.PHASE_TRIGGERS, card=card.id, card_name=card.name,
                player=first.controller, waiting=[item.card for item in waiting], count=len(waiting))
    kept = [(key, [item for item in group if item not in waiting]) for key, group in ordered]
    return [(key, group) for key, group in kept if group], waiting


def _drop_locked(duel: Duel, state: GameState) -> GameState:
    """Take out of the pending triggers each one that a face-up ``cannot_activate`` (or, for an
    effect that would Special Summon, ``cannot_special_summon``) effect forbids its controller:
    it cannot be activated, so it is neither offered as a choice nor put on the chain (ARC-V
    3.2.7.1.i2), and a ``ygo.trigger.forbidden`` step names the lock."""
    kept = []
    for item in state.pending:
        card = state.card(item.card)
        effect = card.effects[item.effect]
        lock = lock_of(duel, state, card, item.controller, effect.actions, effect.effect_class)
        if lock is None:
            kept.append(item)
            continue
        duel.record("trigger", "ygo.trigger.forbidden", lock[1], card=card.id, card_name=card.name,
                    player=item.controller, source=lock[0].id, source_name=lock[0].name)
    return replace(state, pending=tuple(kept)) if len(kept) != len(state.pending) else state


def _activate_trigger(duel: Duel, state: GameState, item: Pending, tier: int) -> GameState:
    card = state.card(item.card)
    effect = card.effects[item.effect]
    targets, actions = item.targets, effect.actions
    if effect.targeting is not None:
        chosen = choose_targets(duel, state, item, card, effect)
        if chosen is None:
            return state
        targets, actions = chosen, aimed(effect.actions, chosen)
    duel.record("trigger", "ygo.trigger.to_chain", R.SEGOC, card=card.id, card_name=card.name,
                player=item.controller, tier=tier, mandatory=item.mandatory, link=len(state.chain) + 1)
    act = Activation(card=card.id, effect=item.effect, controller=item.controller, spell_speed=None,
                     targets=targets, cost=effect.cost, actions=actions, source=item.source,
                     own_actions=False)
    try:
        return do_activate(duel, state, act, simultaneous=True)
    except IllegalAction as illegal:
        duel.record_illegal(illegal)
        return state

