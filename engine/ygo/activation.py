"""Activating an effect and building the chain (ARC-V 3.2.7, 3.3.1, 3.4.1, 4.2.1–4.2.4.2;
MR2 ch2.24–ch2.31, ch4.4, ch4.10–ch4.14).

An activation is a verify / can / do trio: :func:`verify_activation` raises
:class:`~engine.core.IllegalAction` citing the rule broken (timing, where the card is, Spell
Speed against the chain, costs, negations), :func:`can_activate` returns a bool and
:func:`do_activate` verifies, records the new chain link, pays its costs and passes priority.
:class:`LegalActivations` lists lazily what a player could activate at a priority point.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import islice
from typing import Any

from ..core import IllegalAction
from ..core.deadline import check as check_deadline
from .abilities import spell_speed
from .conditions import record_condition, verify_condition
from .costs import pay_cost, verify_cost
from .duel import Duel
from .model import FIELD_ZONES, Activation, Card, CardKind, ChainLink, Effect, EffectClass, GameState, PlayerId, Position, Zone, opponent_of
from .primitives import move
from .protection import verify_allowed, verify_targets
from .restrictions import record_once_per_turn, verify_hand_summon_chain, verify_once_per_turn
from .rules import R
from .trigger_targets import legal_targets
from .tribute_lock import verify_activation_tributes
from .vocabulary import VOCABULARY

MAIN_PHASES = ("main1", "main2")
SPEED_1_TIMING = {EffectClass.IGNITION: R.IGNITION_TIMING, EffectClass.PENDULUM: R.IGNITION_TIMING}
MAX_LISTED = 5
"""At most this many effects are listed in a priority step's ``may_activate``."""
LISTED_ZONES = frozenset({Zone.HAND, Zone.GRAVEYARD, *FIELD_ZONES})
"""Where an effect a player activates at will can be (ARC-V 3.2.7.2.i3, 3.3.1.i2, 3.4.1.i2)."""
TRIGGERED = frozenset({EffectClass.TRIGGER, EffectClass.FLIP})
"""Effect classes activated only at their event's timing, through SEGOC (ARC-V 4.2.3.2, 3.2.7.3.i1)."""
STAT_CHANGES = frozenset({"change_atk", "change_def"})
"""Verbs that may be activated in the Damage Step (MR2 ch4.4; ARC-V 3.2.7.4.i6)."""


def _verify_timing(duel: Duel, state: GameState, act: Activation, card: Card, effect: Effect) -> None:
    """Check when the effect may be activated (issue 3's timing rules)."""
    cls = effect.effect_class
    base = {"card": card.id, "card_name": card.name}
    if cls is EffectClass.CARD and card.kind is CardKind.TRAP and card.set_this_turn:
        raise duel.illegal(R.TRAP_SET_THIS_TURN, "ygo.illegal.set_this_turn", **base)
    if cls is EffectClass.CARD and card.subtype == "quick-play" and card.kind is CardKind.SPELL:
        if card.zone is not Zone.HAND and card.set_this_turn:
            raise duel.illegal(R.QUICK_PLAY_SET_THIS_TURN, "ygo.illegal.set_this_turn", **base)
        if card.zone is Zone.HAND and act.controller != state.turn.active:
            raise duel.illegal(R.QUICK_PLAY_HAND_OWN_TURN, "ygo.illegal.timing", **base, phase=state.turn.phase,
                               player=act.controller)
    speed_1 = (cls in SPEED_1_TIMING or (cls in (EffectClass.CARD, EffectClass.EFFECT)
               and card.kind is CardKind.SPELL and card.subtype != "quick-play"))
    if speed_1 and not state.chain:
        own_main = act.controller == state.turn.active and state.turn.phase in MAIN_PHASES
        if not own_main or state.attack is not None:
            key = SPEED_1_TIMING.get(cls, R.SPELL_TIMING)
            raise duel.illegal(key, "ygo.illegal.timing", **base, phase=state.turn.phase, player=act.controller)
    if state.turn.phase == "battle" and state.turn.step == "damage":
        counter = card.kind is CardKind.TRAP and card.subtype == "counter" and cls is EffectClass.CARD
        stat = any(i.do in STAT_CHANGES for i in act.actions)
        negation = (duel.ruleset.damage_step_negations and cls is EffectClass.QUICK
                    and any(i.do == "negate_activation" for i in act.actions))
        if not counter and not stat and not negation:
            key = R.DAMAGE_STEP_LIMIT if card.kind is CardKind.MONSTER else R.DAMAGE_STEP_CARDS
            raise duel.illegal(key, "ygo.illegal.damage_step", **base)


def _verify_place(duel: Duel, state: GameState, card: Card, effect_class: EffectClass, controller: PlayerId) -> None:
    """Check that the card is where its effect can be activated from (ARC-V 3.3.1.i2, 3.4.1.i2, 4.2.1.1.i1)."""
    base = {"card": card.id, "card_name": card.name, "zone": card.zone.value}
    if effect_class is EffectClass.CARD:
        if card.kind is CardKind.TRAP:
            if card.zone is Zone.SPELL_TRAP_ZONE and card.position is not Position.FACE_DOWN:
                raise _wrong_position(duel, R.TRAP_FROM_SET, card, Position.FACE_DOWN)
            if card.zone is not Zone.SPELL_TRAP_ZONE:
                raise duel.illegal(R.TRAP_FROM_SET, "ygo.illegal.card_not_available", **base)
            return
        set_on_field = card.zone in (Zone.SPELL_TRAP_ZONE, Zone.FIELD_ZONE) and card.position is Position.FACE_DOWN
        if card.zone in (Zone.SPELL_TRAP_ZONE, Zone.FIELD_ZONE) and not set_on_field:
            raise _wrong_position(duel, R.SPELL_PLACED, card, Position.FACE_DOWN)
        if not set_on_field and card.zone is not Zone.HAND:
            raise duel.illegal(R.SPELL_PLACED, "ygo.illegal.card_not_available", **base)
        if card.zone is Zone.HAND and card.subtype != "field" and len(state.cards_in(Zone.SPELL_TRAP_ZONE, controller)) >= 5:
            raise duel.illegal(R.ST_ZONE_FULL, "ygo.illegal.zone_full", card=card.id, card_name=card.name,
                               player=controller, zone=Zone.SPELL_TRAP_ZONE.value)
    elif effect_class is EffectClass.EFFECT:
        face_up_on_field = card.zone in FIELD_ZONES and card.face_up
        if card.zone in FIELD_ZONES and not card.face_up:
            raise _wrong_position(duel, R.EFFECT_ACTIVATION, card, Position.FACE_UP)
        if not face_up_on_field and card.zone is not Zone.GRAVEYARD:
            raise duel.illegal(R.EFFECT_ACTIVATION, "ygo.illegal.card_not_available", **base)
    elif effect_class is EffectClass.PENDULUM:
        if card.zone is not Zone.PENDULUM_ZONE or not card.face_up:
            raise duel.illegal(R.PENDULUM_ZONE_ONLY, "ygo.illegal.card_not_available", **base)
    elif card.zone in FIELD_ZONES and not card.face_up:
        raise _wrong_position(duel, R.EFFECT_ACTIVATION, card, Position.FACE_UP)
    elif card.zone in (Zone.DECK, Zone.MATERIAL, Zone.REMOVED):
        raise duel.illegal(R.EFFECT_ACTIVATION, "ygo.illegal.card_not_available", **base)


def _wrong_position(duel: Duel, key: R, card: Card, allowed: Position) -> IllegalAction:
    """Return the refusal of a card in the right zone but the wrong position: the step says the
    position it is in and the one it must be in (ARC-V 3.4.1.i2, 3.3.1.i2, 4.2.1.1.i1)."""
    position = card.position.value if card.position is not None else "face-down"
    return duel.illegal(key, "ygo.illegal.card_position", card=card.id, card_name=card.name, zone=card.zone.value,
                        position=position, allowed=allowed.value)


def verify_activation(duel: Duel, state: GameState, act: Activation, *, simultaneous: bool = False) -> tuple[int, EffectClass]:
    """Check that ``act`` may be activated now; return its Spell Speed and effect class.

    Raises :class:`IllegalAction` citing the rule broken. Timing (unless ``simultaneous``): a
    Trap Set this turn (ARC-V 3.4.1.i4), a Quick-Play Spell Set this turn (3.3.3.6.i6) or
    activated from the hand in the opponent's turn (3.3.3.6.i4), a Spell Speed 1 Spell or
    Ignition Effect outside its controller's Main Phase with an empty chain (3.3.1.i1,
    3.2.7.2.i1), anything but a Counter Trap, an ATK/DEF change or (under ARC-V) a Quick Effect
    negating an activation in the Damage Step (3.2.7.4.i6; Spells and Traps: MR2 ch4.4); a
    summon negation with no summon to negate (3.2.2.1.i7). Then the chain: a Continuous effect
    (4.2.1.i3), a card not where it can be activated from (3.3.1.i2, 3.4.1.i2, 4.2.1.1.i1), a
    full zone (2.1.2.i3), a stated Spell Speed that is wrong (4.2.4.1.i1), a Spell Speed 1
    response (4.2.4.1.1.i1), a response to Spell Speed 3 below 3 (4.2.4.1.2.i1), an unpayable
    cost (4.2.2.i3, 1.4.1.i5), or an action that cannot be activated now (a negation not chained
    directly to the activation it negates, 3.4.3.3.i4, or unable to affect it, 4.2.1.1.i3,
    4.2.3.i2). A Trigger or Flip Effect named by an ``activate`` action is refused: it is
    activated only at its event's timing, through SEGOC (4.2.3.2). A same-name restriction
    already used this turn (3.1.2.i3; ``card``: official ruling), an activation condition not met
    (4.2.3.i1, :mod:`engine.ygo.conditions`) and a second self-summoning hand
    trigger of one player in the chain (3.2.7.3.i9) are refused. ``simultaneous``: the effect is
    one of several triggers put on the chain together, where Spell Speed 1 may be chained
    (4.2.4.2.1.i2).
    """
    card = state.card(act.card)
    effect = card.effects[act.effect]
    base = {"card": card.id, "card_name": card.name}
    if not simultaneous:
        _verify_timing(duel, state, act, card, effect)
    if any(i.do == "negate_summon" for i in act.actions) and (not state.summoning or state.chain):
        raise duel.illegal(R.SUMMON_NEGATION_WINDOW, "ygo.illegal.no_summon_to_negate", **base)
    if not simultaneous and act.source[0] == "actions" and effect.effect_class in TRIGGERED:
        raise duel.illegal(R.TRIGGER_AT_WILL, "ygo.illegal.trigger_at_will", **base,
                           effect_class=effect.effect_class.value)
    speed = spell_speed(card, effect.effect_class)
    if speed is None:
        raise duel.illegal(R.NOT_ACTIVATED, "ygo.illegal.not_activatable", **base, effect_class=effect.effect_class.value)
    _verify_place(duel, state, card, effect.effect_class, act.controller)
    verify_condition(duel, state, card, effect, act.controller)
    verify_allowed(duel, state, card, act.controller, act.actions, effect.effect_class)
    verify_targets(duel, state, card, act.controller, act.targets, effect.effect_class)
    if effect.targeting is not None and not act.own_actions and effect.effect_class not in TRIGGERED:
        verify_chosen_targets(duel, state, act, card, effect)
    derived, speed_rule = speed
    if act.spell_speed is not None and act.spell_speed != derived:
        raise duel.illegal(speed_rule, "ygo.illegal.spell_speed_mismatch", **base, given=act.spell_speed, derived=derived)
    if state.chain:
        top = state.chain[-1]
        if derived == 1 and not simultaneous:
            raise duel.illegal(R.SS1_NO_RESPONSE, "ygo.illegal.spell_speed_1_response", **base, answers_link=top.number)
        if top.spell_speed == 3 and derived < 3:
            raise duel.illegal(R.SS3_ONLY_ON_SS3, "ygo.illegal.only_ss3_answers_ss3", **base, spell_speed=derived,
                               answers_link=top.number)
    verify_once_per_turn(duel, state, act, card, effect)
    verify_hand_summon_chain(duel, state, act, card, effect)
    for cost in act.cost:
        verify_cost(duel, state, card, act.controller, cost)
    for part in act.actions:
        verify = getattr(VOCABULARY.apply_of("instruction", part.do), "verify_activation", None)
        if verify is not None:
            verify(duel, state, card, part)
    verify_resolvable(duel, state, card, act)
    verify_activation_tributes(duel, state, card, act)
    return derived, effect.effect_class


HIDDEN_ZONES = frozenset({"deck", "hand", "extra_deck"})
"""Zones whose cards a player does not see: a filter reading them never makes an activation unresolvable."""


def verify_resolvable(duel: Duel, state: GameState, card: Card, act: Activation) -> None:
    """Refuse an activation whose effect could not be processed at all (ARC-V 4.2.3.i2: Smashing
    Ground, with no face-up monster on the opponent's field, cannot be activated): every one of its
    actions chooses (``among``) or selects (``all``) cards by a filter, none reads the event the
    activation answers or a hidden zone (a search of the Deck is activated without knowing what it holds),
    and no card fits any of them now. Raises :class:`IllegalAction`
    (``ygo.illegal.nothing_to_apply``). An action without such a filter (a draw, a target) may apply,
    so the activation is left to the other checks."""
    wanted = [part.among if part.among is not None else part.select for part in act.actions]
    if not wanted or any(f is None or f.event or f.zone in HIDDEN_ZONES for f in wanted):
        return
    for f in wanted:
        if any((f.zone is not None or c.zone in FIELD_ZONES) and f.matches(c, act.controller, state, (), card.id)
               for c in state.cards):
            return
    raise duel.illegal(R.UNRESOLVABLE, "ygo.illegal.nothing_to_apply", card=card.id, card_name=card.name)


def verify_chosen_targets(duel: Duel, state: GameState, act: Activation, card: Card, effect: Effect) -> None:
    """Check the targets an activated effect with ``targeting`` is activated with: exactly its
    ``count`` distinct cards (with ``up_to``, from 1 to ``count``), each fitting its filter from the activating player's side (ARC-V
    4.2.3.3.i2, 3.2.4.3.i7; MR2 ch5.28). Raises :class:`IllegalAction` listing the cards it may
    target. Listing what a player may activate (no targets given) asks only that enough exist."""
    assert effect.targeting is not None
    count, _ = effect.targeting
    legal = [c.id for c in legal_targets(duel, state, card, effect, act.controller)]
    given = act.targets
    low = 1 if effect.targets_up_to else count
    if act.source[0] == "legal" and not given:
        ok = len(legal) >= low
    else:
        ok = low <= len(given) <= count and len(set(given)) == len(given) and all(t in legal for t in given)
    if not ok:
        raise duel.illegal(R.TARGET_AT_ACTIVATION, "ygo.illegal.targets", card=card.id, card_name=card.name,
                           count=count, given=list(given), options=legal)


def can_activate(duel: Duel, state: GameState, act: Activation) -> bool:
    """Return whether ``act`` may be activated now (see :func:`verify_activation`)."""
    try:
        verify_activation(duel, state, act)
    except IllegalAction:
        return False
    return True


def place_activated_card(duel: Duel, state: GameState, card: Card, controller: PlayerId) -> GameState:
    """Turn an activated Spell/Trap face-up where it is, or place it from the hand (ARC-V 3.3.1.i2);
    a Field Spell from the hand replaces the old one (ARC-V 3.3.3.5.i3: the player's own; MR2
    ch2.29: the one on the whole field, destroyed)."""
    if card.subtype == "field" and card.zone is Zone.HAND:
        for old in state.cards_in(Zone.FIELD_ZONE):
            if duel.ruleset.field_zone_per_player and old.controller != controller:
                continue
            reason = "send_to_graveyard" if duel.ruleset.field_zone_per_player else "destroy"
            state = move(duel, state, old, Zone.GRAVEYARD, reason, R.FIELD_REPLACED)
        zone = Zone.FIELD_ZONE
    else:
        zone = card.zone if card.zone is not Zone.HAND else Zone.SPELL_TRAP_ZONE
    placed = replace(state.card(card.id), zone=zone, position=Position.FACE_UP, controller=controller)
    return duel.sync(state.with_card(placed))


def do_activate(duel: Duel, state: GameState, act: Activation, *, simultaneous: bool = False) -> GameState:
    """Activate ``act`` as the next chain link and return the new state.

    Records the activation (ARC-V 4.2.4.2.i1 for Chain Link 1, 4.2.4.2.i2 for a response),
    the costs paid (4.2.2.i2: never refunded) and priority passing to the opponent, and notes
    the ``activated`` event of the card and the ``targeted`` event of each target. A
    ``simultaneous`` trigger (SEGOC) passes no priority: the next simultaneous trigger is put
    on the chain at once, and :func:`~engine.ygo.triggers.build_segoc` passes priority after the
    last one (ARC-V 4.2.4.2.1.i1; MR2 ch5.5).
    Raises :class:`IllegalAction` (before any change) if the activation breaks a rule.
    """
    derived, effect_class = verify_activation(duel, state, act, simultaneous=simultaneous)
    card = state.card(act.card)
    answered = state.last_event.cards if state.last_event is not None else ()
    state = record_once_per_turn(state, act, card, card.effects[act.effect])
    number = len(state.chain) + 1
    first = number == 1
    message, key = (("ygo.chain.activate", R.CHAIN_LINK_1) if first else ("ygo.chain.simultaneous", R.SEGOC)
                    if simultaneous else ("ygo.chain.respond", R.CHAIN_RESPONSE))
    duel.record("activate" if first else "respond", message, key, link=number, card=card.id,
                card_name=card.name, player=act.controller, spell_speed=derived)
    record_condition(duel, state, card, card.effects[act.effect], act.controller)
    if effect_class is EffectClass.CARD:
        state = place_activated_card(duel, state, card, act.controller)
    for cost in act.cost:
        state = pay_cost(duel, state, card, act.controller, cost, number)
        if state.ended:
            return state
    link = ChainLink(
        number=number, card=card.id, effect=act.effect, controller=act.controller, spell_speed=derived,
        effect_class=effect_class, targets=act.targets,
        target_zones=tuple((state.card(t).zone, state.card(t).controller) for t in act.targets),
        actions=act.actions,
        source=(str(act.source[0]), int(act.source[1])),
        activated_on_field=state.card(card.id).zone in FIELD_ZONES,
        event_cards=answered,
    )
    state = duel.sync(replace(state, chain=state.chain + (link,)))
    state = duel.event(state, "activated", card.id, player=act.controller)
    for target in act.targets:
        state = duel.event(state, "targeted", target, player=act.controller)
    if simultaneous:
        return state
    return pass_priority(duel, state, opponent_of(act.controller), R.PRIORITY_TO_OPPONENT)


def pass_priority(duel: Duel, state: GameState, player: PlayerId, key: R) -> GameState:
    """Record that priority passes to ``player``, with what they could activate now."""
    duel.record("priority", "ygo.priority.pass_to", key, player=player, **priority_params(duel, state, player))
    return state


class LegalActivations:
    """What one player could activate at one priority point, found lazily (python-chess's
    ``LegalMoveGenerator`` style): iterating checks one candidate at a time, so ``first(n)`` and
    ``bool()`` stop early and only ``len()`` looks at the whole board.

    A candidate is an effect of a class activated at will (not a Trigger or Flip Effect, which
    go on the chain through SEGOC, nor a Continuous Effect, ARC-V 4.2.1.i3) of a card the player
    holds or controls, activated with its default costs and actions. It is listed when
    :func:`verify_activation` accepts it: Spell Speed against the chain (4.2.4.1), timing
    (3.3.1.i1, 3.2.7.2.i1), Set this turn (3.4.1.i4), the Damage Step (3.2.7.4.i6), costs,
    negation scope; in a summon-negation window only a summon negation (3.2.2.1.i7).
    Yields ``{"card", "effect", "spell_speed"}`` dicts (``effect``: the effect id, else its index).
    """

    def __init__(self, duel: Duel, state: GameState, player: PlayerId) -> None:
        self.duel = duel
        self.state = state
        self.player = player

    def _candidates(self) -> Iterator[tuple[Card, int, Effect, int]]:
        state, player = self.state, self.player
        window = bool(state.summoning) and not state.chain
        floor = 1
        if state.chain:
            floor = 3 if state.chain[-1].spell_speed == 3 else 2
        for card_id, index, effect, speed, negates_summon in self.duel.free_effects:
            check_deadline("listing what a player may activate")
            if speed < floor or (window and not negates_summon):
                continue
            card = state.card(card_id)
            if card.zone not in LISTED_ZONES or (card.controller if card.zone in FIELD_ZONES else card.owner) != player:
                continue
            yield card, index, effect, speed

    def __iter__(self) -> Iterator[dict[str, Any]]:
        for card, index, effect, speed in self._candidates():
            act = Activation(card=card.id, effect=index, controller=self.player, spell_speed=None, targets=(),
                             cost=effect.cost, actions=effect.actions, source=("legal", 0), own_actions=False)
            if can_activate(self.duel, self.state, act):
                yield {"card": card.id, "effect": effect.id if effect.id is not None else index, "spell_speed": speed}

    def first(self, count: int) -> list[dict[str, Any]]:
        """Return at most ``count`` legal activations, checking no more candidates than needed."""
        return list(islice(self, count))

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def priority_params(duel: Duel, state: GameState, player: PlayerId) -> dict[str, Any]:
    """Return ``may_activate`` (at most :data:`MAX_LISTED` entries) and, if more, ``may_activate_more``.

    Each entry is ``{card, effect, spell_speed}``: an effect ``player`` could activate at this
    priority point under the rules the engine checks (:func:`verify_activation`).
    """
    listed = LegalActivations(duel, state, player).first(MAX_LISTED + 1)
    params: dict[str, Any] = {"may_activate": listed[:MAX_LISTED]}
    if len(listed) > MAX_LISTED:
        params["may_activate_more"] = True
    return params
