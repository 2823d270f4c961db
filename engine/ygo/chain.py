"""Building and resolving a Yu-Gi-Oh! chain (ARC-V 4.2.4; MR2 ch4.10–ch4.16).

:class:`ChainEngine` holds the ruleset (its flags and citation table) and the trace recorder.
Player actions come as verify / can / do trios: ``verify_activation`` raises
:class:`~engine.core.IllegalAction` naming the rule broken, ``can_activate`` returns a bool,
``do_activate`` verifies, applies and returns the new state. States are never mutated.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..core import Citation, IllegalAction, TraceRecorder
from .model import (
    EXTRA_DECK_SUBTYPES, FIELD_ZONES, STAYS_ON_FIELD, Card, CardKind, ChainLink, EffectClass, GameState,
    Instruction, PlayerId, Position, Zone, opponent_of,
)
from .rules import R
from .scenario import Activation

if TYPE_CHECKING:
    from .ruleset import YgoRuleset

MAX_BRANCHES = 24
"""At most this many branches for an open choice (DESIGN.md, "Trace")."""

NEGATIONS = ("negate_activation", "negate_effect")
LEAVE_FIELD_RULE = {
    ("spell", "continuous"): R.LEFT_FIELD_CONTINUOUS_SPELL,
    ("spell", "equip"): R.LEFT_FIELD_EQUIP,
    ("spell", "field"): R.LEFT_FIELD_FIELD_SPELL,
    ("trap", "continuous"): R.LEFT_FIELD_CONTINUOUS_TRAP,
}
TO_GY_AFTER_RESOLVING = {
    ("spell", "normal"): R.TO_GY_NORMAL_SPELL,
    ("spell", "ritual"): R.TO_GY_RITUAL_SPELL,
    ("spell", "quick-play"): R.TO_GY_QUICK_PLAY,
    ("trap", "normal"): R.TO_GY_NORMAL_TRAP,
    ("trap", "counter"): R.TO_GY_COUNTER_TRAP,
}


class OpenChoice(Exception):
    """Resolution reached a choice the scenario leaves open; the runner branches on it."""

    def __init__(self, state: GameState, link: ChainLink, action_index: int, instruction: Instruction) -> None:
        super().__init__("open choice")
        self.state = state
        self.link = link
        self.action_index = action_index
        self.instruction = instruction

    @property
    def link_source(self) -> tuple[str, int]:
        """Return where the open link's request is in the document."""
        return self.link.source

    def options(self) -> list[tuple[str, ...]]:
        """Return every combination the player could choose, in order."""
        return list(combinations(self.instruction.options, self.instruction.choose or 1))


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


def _negation_scope_fits(what: str, link: ChainLink, card: Card) -> bool:
    kind = activated_kind(link, card)
    if what == "any":
        return True
    if what == "monster_effect":
        return kind is CardKind.MONSTER
    kinds = {"spell_card": {CardKind.SPELL}, "trap_card": {CardKind.TRAP},
             "spell_trap_card": {CardKind.SPELL, CardKind.TRAP}}[what]
    return link.is_card_activation and kind in kinds


class ChainEngine:
    """Applies the chain rules of one ruleset, recording every state change."""

    def __init__(self, ruleset: YgoRuleset, recorder: TraceRecorder) -> None:
        self.ruleset = ruleset
        self.recorder = recorder
        self.complete = True

    # ------------------------------------------------------------------ helpers

    def cite(self, key: R) -> Citation:
        """Return the ruleset's citation for a rule point."""
        return self.ruleset.citations[key]

    def record(self, kind: str, message_id: str, key: R, **params: Any) -> None:
        """Record one trace step citing ``key``."""
        self.recorder.record(kind, message_id, self.cite(key), params)

    def illegal(self, key: R, message_id: str, **params: Any) -> IllegalAction:
        """Return the :class:`IllegalAction` for breaking ``key``."""
        return IllegalAction(self.cite(key), message_id, params)

    @staticmethod
    def _player_ids(ref: str, controller: PlayerId) -> list[PlayerId]:
        if ref == "self":
            return [controller]
        if ref == "opponent":
            return [opponent_of(controller)]
        if ref == "both":
            return [controller, opponent_of(controller)]
        return [ref]

    # ------------------------------------------------------------------ activation

    def verify_activation(self, state: GameState, act: Activation, *, simultaneous: bool = False) -> tuple[int, EffectClass]:
        """Check that ``act`` may be activated now; return its Spell Speed and effect class.

        Raises :class:`IllegalAction` citing the rule broken: a Continuous effect (ARC-V
        4.2.1.i3), a card not where it can be activated from (3.3.1.i2, 3.4.1.i2, 4.2.1.1.i1),
        a full zone (2.1.2.i3), a stated Spell Speed that is wrong (4.2.4.1.i1), a Spell Speed 1
        response (4.2.4.1.1.i1), a response to Spell Speed 3 below 3 (4.2.4.1.2.i1), an unpayable
        cost (4.2.2.i3, 1.4.1.i5), or a negation that is not chained directly to the
        activation it negates (3.4.3.3.i4) or cannot affect it (4.2.1.1.i3, 4.2.3.i2).
        ``simultaneous``: the effect is one of several triggers put on the chain together, where
        Spell Speed 1 may be chained (4.2.4.2.1.i2).
        """
        card = state.card(act.card)
        effect = card.effects[act.effect]
        base = {"card": card.id, "card_name": card.name}
        speed = spell_speed(card, effect.effect_class)
        if speed is None:
            raise self.illegal(R.NOT_ACTIVATED, "ygo.illegal.not_activatable", **base,
                               effect_class=effect.effect_class.value)
        self._verify_place(state, card, effect.effect_class, act.controller)
        derived, speed_rule = speed
        if act.spell_speed is not None and act.spell_speed != derived:
            raise self.illegal(speed_rule, "ygo.illegal.spell_speed_mismatch", **base, given=act.spell_speed,
                               derived=derived)
        if state.chain:
            top = state.chain[-1]
            if derived == 1 and not simultaneous:
                raise self.illegal(R.SS1_NO_RESPONSE, "ygo.illegal.spell_speed_1_response", **base,
                                   answers_link=top.number)
            if top.spell_speed == 3 and derived < 3:
                raise self.illegal(R.SS3_ONLY_ON_SS3, "ygo.illegal.only_ss3_answers_ss3", **base,
                                   spell_speed=derived, answers_link=top.number)
        for cost in act.cost:
            self._verify_cost(state, card, act.controller, cost)
        for instruction in act.actions:
            if instruction.do in NEGATIONS:
                self._verify_negation(state, card, instruction)
        return derived, effect.effect_class

    def _verify_place(self, state: GameState, card: Card, effect_class: EffectClass, controller: PlayerId) -> None:
        base = {"card": card.id, "card_name": card.name, "zone": card.zone.value}
        if effect_class is EffectClass.CARD:
            if card.kind is CardKind.TRAP:
                if card.zone is not Zone.SPELL_TRAP_ZONE or card.position is not Position.FACE_DOWN:
                    raise self.illegal(R.TRAP_FROM_SET, "ygo.illegal.card_not_available", **base)
                return
            set_on_field = card.zone in (Zone.SPELL_TRAP_ZONE, Zone.FIELD_ZONE) and card.position is Position.FACE_DOWN
            if not set_on_field and card.zone is not Zone.HAND:
                raise self.illegal(R.SPELL_PLACED, "ygo.illegal.card_not_available", **base)
            if card.zone is Zone.HAND and card.subtype != "field" and len(state.cards_in(Zone.SPELL_TRAP_ZONE, controller)) >= 5:
                raise self.illegal(R.ST_ZONE_FULL, "ygo.illegal.zone_full", card=card.id, card_name=card.name,
                                   player=controller, zone=Zone.SPELL_TRAP_ZONE.value)
        elif effect_class is EffectClass.EFFECT:
            face_up_on_field = card.zone in FIELD_ZONES and card.face_up
            if not face_up_on_field and card.zone is not Zone.GRAVEYARD:
                raise self.illegal(R.EFFECT_ACTIVATION, "ygo.illegal.card_not_available", **base)
        elif effect_class is EffectClass.PENDULUM:
            if card.zone is not Zone.PENDULUM_ZONE or not card.face_up:
                raise self.illegal(R.PENDULUM_ZONE_ONLY, "ygo.illegal.card_not_available", **base)
        elif card.zone in (Zone.DECK, Zone.MATERIAL, Zone.REMOVED) or (card.zone in FIELD_ZONES and not card.face_up):
            raise self.illegal(R.EFFECT_ACTIVATION, "ygo.illegal.card_not_available", **base)

    def _verify_cost(self, state: GameState, card: Card, controller: PlayerId, cost: Instruction) -> None:
        base = {"card": card.id, "card_name": card.name, "cost": cost.do}
        if cost.do == "pay_lp":
            lp = state.player(controller).lp
            if not cost.half and (cost.amount or 0) > lp:
                raise self.illegal(R.LP_COST_LIMIT, "ygo.illegal.cost_unpayable", **base,
                                   reason=f"{controller} has {lp} LP")
            return
        if cost.do not in ("discard", "tribute", "send_to_graveyard", "banish"):
            return  # reported as "cannot evaluate" when paid
        paid = state.card(cost.objects[0])
        allowed = {
            "discard": {Zone.HAND},
            "tribute": {Zone.MONSTER_ZONE},
            "send_to_graveyard": {Zone.HAND, *FIELD_ZONES},
            "banish": {Zone.HAND, Zone.GRAVEYARD, *FIELD_ZONES},
        }[cost.do]
        mine = paid.controller == controller if paid.zone in FIELD_ZONES else paid.owner == controller
        if paid.zone not in allowed or not mine:
            raise self.illegal(R.COST_UNPAYABLE, "ygo.illegal.cost_unpayable", **base,
                               reason=f"{paid.name} is not in a place {controller} can pay it from")
        if cost.do == "send_to_graveyard" and paid.is_token:
            raise self.illegal(R.TOKEN_NOT_SENT_AS_COST, "ygo.illegal.cost_unpayable", **base,
                               reason=f"{paid.name} is a Token")

    def _verify_negation(self, state: GameState, card: Card, instruction: Instruction) -> None:
        link_number = len(state.chain) + 1
        below = len(state.chain)
        target = instruction.link if instruction.link is not None else below
        base = {"card": card.id, "card_name": card.name, "negates_link": target}
        if not 1 <= target <= below:
            raise self.illegal(R.UNRESOLVABLE, "ygo.illegal.negation_cannot_apply", **base, what=instruction.what)
        if instruction.do == "negate_activation" and target != below:
            raise self.illegal(R.NEGATE_ADJACENT, "ygo.illegal.negation_not_adjacent", **base, link=link_number)
        negated = state.chain[target - 1]
        negated_card = state.card(negated.card)
        if not _negation_scope_fits(instruction.what, negated, negated_card):
            card_scope = instruction.what in ("spell_card", "trap_card", "spell_trap_card")
            effect_activation = negated.effect_class is EffectClass.EFFECT
            key = R.CARD_VS_EFFECT_ACTIVATION if card_scope and effect_activation else R.UNRESOLVABLE
            raise self.illegal(key, "ygo.illegal.negation_cannot_apply", **base, what=instruction.what)

    def can_activate(self, state: GameState, act: Activation) -> bool:
        """Return whether ``act`` may be activated now (see :meth:`verify_activation`)."""
        try:
            self.verify_activation(state, act)
        except IllegalAction:
            return False
        return True

    def do_activate(self, state: GameState, act: Activation, *, simultaneous: bool = False) -> GameState:
        """Activate ``act`` as the next chain link and return the new state.

        Records the activation (ARC-V 4.2.4.2.i1 for Chain Link 1, 4.2.4.2.i2 for a response),
        the costs paid (4.2.2.i2: never refunded) and priority passing to the opponent.
        Raises :class:`IllegalAction` (before any change) if the activation breaks a rule.
        """
        derived, effect_class = self.verify_activation(state, act, simultaneous=simultaneous)
        card = state.card(act.card)
        number = len(state.chain) + 1
        first = number == 1
        self.record("activate" if first else "respond", "ygo.chain.activate" if first else "ygo.chain.respond",
                    R.CHAIN_LINK_1 if first else R.CHAIN_RESPONSE, link=number, card=card.id,
                    card_name=card.name, player=act.controller, spell_speed=derived)
        if effect_class is EffectClass.CARD:
            state = self._place_activated_card(state, card, act.controller)
        for cost in act.cost:
            state = self._pay_cost(state, card, act.controller, cost, number)
            if state.ended:
                return state
        link = ChainLink(
            number=number, card=card.id, effect=act.effect, controller=act.controller, spell_speed=derived,
            effect_class=effect_class, targets=act.targets,
            target_zones=tuple((state.card(t).zone, state.card(t).controller) for t in act.targets),
            actions=act.actions,
            source=(str(act.source[0]), int(act.source[1])),
            activated_on_field=state.card(card.id).zone in FIELD_ZONES,
        )
        state = replace(state, chain=state.chain + (link,))
        self.record("priority", "ygo.priority.pass_to", R.PRIORITY_TO_OPPONENT, player=opponent_of(act.controller),
                    **self.priority_params(state, opponent_of(act.controller)))
        return state

    def priority_params(self, state: GameState, player: PlayerId) -> dict[str, Any]:
        """Return extra params of a priority step: what ``player`` could activate now (none here)."""
        return {}

    def _place_activated_card(self, state: GameState, card: Card, controller: PlayerId) -> GameState:
        if card.subtype == "field" and card.zone is Zone.HAND:
            for old in state.cards_in(Zone.FIELD_ZONE):
                if self.ruleset.field_zone_per_player and old.controller != controller:
                    continue
                reason = "send_to_graveyard" if self.ruleset.field_zone_per_player else "destroy"
                state = self.move(state, old, Zone.GRAVEYARD, reason, R.FIELD_REPLACED)
            zone = Zone.FIELD_ZONE
        else:
            zone = card.zone if card.zone is not Zone.HAND else Zone.SPELL_TRAP_ZONE
        return state.with_card(replace(state.card(card.id), zone=zone, position=Position.FACE_UP, controller=controller))

    def _pay_cost(self, state: GameState, card: Card, controller: PlayerId, cost: Instruction, link: int) -> GameState:
        if cost.do == "pay_lp":
            player = state.player(controller)
            if cost.half:
                amount, key = player.lp - (player.lp + 1) // 2, R.HALVING
            else:
                amount, key = cost.amount or 0, R.COST_PAID
            player = replace(player, lp=player.lp - amount)
            self.record("cost", "ygo.cost.pay_lp", key, card=card.id, card_name=card.name, player=controller,
                        amount=amount, lp=player.lp)
            return self.check_lp(state.with_player(player))
        targets = {"discard": (Zone.GRAVEYARD, R.COST_DISCARD), "tribute": (Zone.GRAVEYARD, R.COST_TRIBUTE),
                   "send_to_graveyard": (Zone.GRAVEYARD, R.COST_SEND), "banish": (Zone.BANISHED, R.COST_BANISH)}
        if cost.do not in targets:
            self.complete = False
            self.record("cannot_evaluate", "ygo.cannot_evaluate", R.CARD_TEXT, link=link, card=card.id,
                        card_name=card.name, detail=f"the cost {cost.do!r} is not in the engine's vocabulary")
            return state
        zone, key = targets[cost.do]
        paid = state.card(cost.objects[0])
        return self.move(state, paid, zone, cost.do, key, kind="cost", message_id="ygo.cost.move",
                         extra={"player": controller, "cost": cost.do, "cost_card": paid.id,
                                "cost_card_name": paid.name, "card": card.id, "card_name": card.name})

    # ------------------------------------------------------------------ moving cards

    def move(self, state: GameState, card: Card, to: Zone, reason: str, key: R, *, position: Position | None = None,
             kind: str = "move", message_id: str = "ygo.move", extra: dict[str, Any] | None = None,
             top: bool = False, from_field: bool = True) -> GameState:
        """Move ``card`` to ``to`` (its owner's pile when it leaves the field) and apply rule processing.

        Tokens leaving the field are removed (ARC-V 3.2.6.i2); under ARC-V a Pendulum Monster
        sent from the field to the Graveyard goes face-up to the Extra Deck (2.1.6.1.i1), but not
        one that was never on the field (``from_field=False``: its Summon was negated, 3.2.1.9.i8);
        Fusion/Synchro/Xyz Monsters return to the Extra Deck, not the hand or Deck.
        """
        card = state.card(card.id)
        was_on_field = card.zone in FIELD_ZONES
        if card.is_token and to is not Zone.MONSTER_ZONE:
            state = state.with_card(replace(card, zone=Zone.REMOVED, position=None, controller=card.owner))
            self.record("rule_processing", "ygo.rule.token_removed", R.TOKEN_REMOVED, card=card.id, card_name=card.name)
            return self._after_leaving(state, card) if was_on_field else state
        if (to is Zone.GRAVEYARD and was_on_field and from_field and self.ruleset.pendulum and card.kind is CardKind.MONSTER
                and card.subtype == "pendulum"):
            to, position, key = Zone.EXTRA_DECK, Position.FACE_UP, R.PENDULUM_TO_EXTRA
        if to in (Zone.HAND, Zone.DECK) and card.kind is CardKind.MONSTER and card.subtype in EXTRA_DECK_SUBTYPES:
            to = Zone.EXTRA_DECK
        if to is Zone.BANISHED and position is None:
            position = Position.FACE_UP
        seq = card.seq
        if top and to is Zone.DECK:
            seq = min((c.seq for c in state.cards), default=0) - 1
        leaving = was_on_field and to not in FIELD_ZONES
        moved = replace(card, zone=to, position=position, seq=seq,
                        controller=card.owner if leaving or to not in FIELD_ZONES else card.controller,
                        equipped_to=None if leaving else card.equipped_to,
                        counters=() if leaving else card.counters)
        state = state.with_card(moved)
        params = {"card": card.id, "card_name": card.name, "from": card.zone.value, "to": to.value, "reason": reason}
        if extra:
            params.update(extra)
        self.record(kind, message_id, key, **params)
        return self._after_leaving(state, card) if leaving else state

    def _after_leaving(self, state: GameState, left: Card) -> GameState:
        """Apply rule processing after ``left`` has left the field: Equip Cards, Xyz Materials."""
        for equip in list(state.cards):
            if equip.equipped_to == left.id and equip.zone in FIELD_ZONES:
                self.record("rule_processing", "ygo.rule.equip_destroyed", R.EQUIP_DESTROYED, card=equip.id,
                            card_name=equip.name, equipped_to=left.id)
                state = self.move(state, equip, Zone.GRAVEYARD, "destroy", R.EQUIP_DESTROYED)
        if left.materials:
            self.record("rule_processing", "ygo.rule.xyz_materials", R.XYZ_MATERIALS, card=left.id,
                        card_name=left.name, count=len(left.materials))
            for material in left.materials:
                state = self.move(state, state.card(material), Zone.GRAVEYARD, "send_to_graveyard", R.XYZ_MATERIALS)
            state = state.with_card(replace(state.card(left.id), materials=()))
        return state

    # ------------------------------------------------------------------ the end of the Duel

    def check_lp(self, state: GameState) -> GameState:
        """End the Duel if a player's LP are 0 (ARC-V 1.4.1.i6; both at 0: a draw, 1.4.4.i1)."""
        if state.ended:
            return state
        return self._end_duel(state, [p.id for p in state.players if p.lp == 0], R.LP_ZERO, "lp_zero")

    def _end_duel(self, state: GameState, losers: list[PlayerId], key: R, reason: str) -> GameState:
        """End the Duel if ``losers`` is not empty: both losing is a draw (ARC-V 1.4.4.i1)."""
        if len(losers) == 2:
            self.record("end", "ygo.duel.draw", R.BOTH_ZERO, reason=reason)
            return replace(state, winner="draw")
        if losers:
            winner = opponent_of(losers[0])
            self.record("end", "ygo.duel.win", key, winner=winner, loser=losers[0], reason=reason)
            return replace(state, winner=winner)
        return state

    # ------------------------------------------------------------------ resolution

    def resolve_chain(self, state: GameState) -> GameState:
        """Resolve the whole chain, last link first, and return the new state.

        A link whose activation was negated does nothing; one whose effect was negated
        resolves without effect; a Continuous/Field/Equip card that has left the field does
        not apply its effect (ARC-V 3.3.3.3.i6, 3.4.3.2.i9, …). Afterwards a Normal, Quick-Play
        or Ritual Spell, or a Normal or Counter Trap, goes to the Graveyard. Stops as soon as the
        Duel ends. Raises :class:`OpenChoice` at a choice the scenario leaves open.
        """
        total = len(state.chain)
        resolved: list[ChainLink] = []
        while state.chain and not state.ended:
            link = state.chain[-1]
            card = state.card(link.card)
            self.record("resolve", "ygo.chain.resolve_link", R.RESOLVE_LIFO, link=link.number, card=card.id,
                        card_name=card.name)
            base = {"link": link.number, "card": card.id, "card_name": card.name}
            leave_rule = LEAVE_FIELD_RULE.get((card.kind.value, card.subtype))
            if link.effect_class is EffectClass.PENDULUM:
                leave_rule = R.LEFT_FIELD_PENDULUM
            if link.activation_negated:
                self.record("no_effect", "ygo.no_effect.activation_negated", R.NEGATED_NO_EFFECT, **base)
            elif link.effect_negated:
                self.record("no_effect", "ygo.no_effect.effect_negated", R.NEGATED_NO_EFFECT, **base)
            elif leave_rule is not None and link.activated_on_field and (card.zone not in FIELD_ZONES or not card.face_up):
                self.record("no_effect", "ygo.no_effect.card_left_field", leave_rule, **base)
            else:
                state = self.apply_actions(state, link)
            if state.ended:
                break
            resolved.append(link)
            state = replace(state, chain=state.chain[:-1])
        if not state.ended:
            self.record("end", "ygo.chain.end", R.CHAIN_END, links=total)
            for link in resolved:
                state = self._after_resolving(state, link, whole_chain=total > 1)
        return state

    def _after_resolving(self, state: GameState, link: ChainLink, *, whole_chain: bool = False) -> GameState:
        """Send a resolved Normal, Quick-Play or Ritual Spell, or Normal or Counter Trap, to the Graveyard.

        Called once the whole chain has resolved: such a card stays on the field until then, so
        a later-resolving link can still affect it (ruling; ARC-V 3.3.1.i9, 3.3.3.1.i2 and MR2
        ch2.25, ch2.32 only say "after its effect is resolved"). With a one-link chain the two
        readings agree and the document is cited; with a longer chain, the ruling
        (:attr:`R.TO_GY_AFTER_CHAIN`). A card no longer face-up on the field stays where it is.
        """
        card = state.card(link.card)
        key = TO_GY_AFTER_RESOLVING.get((card.kind.value, card.subtype))
        if (link.is_card_activation and key is not None and not link.activation_negated
                and card.zone in FIELD_ZONES and card.face_up):
            return self.move(state, card, Zone.GRAVEYARD, "resolved", R.TO_GY_AFTER_CHAIN if whole_chain else key)
        return state

    def apply_actions(self, state: GameState, link: ChainLink) -> GameState:
        """Apply a link's actions in the order written (ARC-V 4.1.2.i3)."""
        for index, instruction in enumerate(link.actions):
            state = self.apply(state, link, index, instruction)
            if state.ended:
                break
        return state

    def _objects(self, state: GameState, link: ChainLink, index: int, instruction: Instruction) -> list[tuple[Card, bool]]:
        """Return the cards an action applies to, each with whether it was targeted."""
        if instruction.choose is not None:
            if instruction.chosen is None:
                raise OpenChoice(state, link, index, instruction)
            return [(state.card(c), False) for c in instruction.chosen]
        out = []
        for object_id in instruction.objects:
            card = state.card(object_id)
            if object_id in link.targets:
                zone, _ = link.target_zones[link.targets.index(object_id)]
                if card.zone is not zone:
                    self.record("no_effect", "ygo.no_effect.target_gone", R.TARGET_GONE, link=link.number,
                                target=card.id, target_name=card.name, action=instruction.do)
                    continue
                out.append((card, True))
            else:
                out.append((card, False))
        return out

    def _not_applicable(self, link: ChainLink, card: Card, instruction: Instruction, key: R = R.EFFECT_PARTS) -> None:
        self.record("no_effect", "ygo.no_effect.not_applicable", key, link=link.number, target=card.id,
                    target_name=card.name, action=instruction.do)

    def apply(self, state: GameState, link: ChainLink, index: int, instruction: Instruction) -> GameState:
        """Apply one action of a resolving link and return the new state."""
        verb = instruction.do
        handler = getattr(self, f"_do_{verb}", None) if verb.isidentifier() else None
        if handler is None:
            card = state.card(link.card)
            self.complete = False
            detail = f"unsupported card text: {instruction.text}" if verb == "unsupported" else \
                f"the action {verb!r} is not in the engine's vocabulary"
            self.record("cannot_evaluate", "ygo.cannot_evaluate", R.CARD_TEXT, link=link.number, card=card.id,
                        card_name=card.name, detail=detail)
            return state
        return handler(state, link, index, instruction)

    # Zone-moving actions share one shape: where the card must be, where it goes.
    def _move_action(self, state: GameState, link: ChainLink, index: int, instruction: Instruction, *,
                     allowed: frozenset[Zone] | set[Zone], to: Zone, key: R, top: bool = False) -> GameState:
        for card, _targeted in self._objects(state, link, index, instruction):
            card = state.card(card.id)
            if card.zone not in allowed:
                self._not_applicable(link, card, instruction)
                continue
            state = self.move(state, card, to, instruction.do, key, top=top)
            if state.ended:
                break
        return state

    def _do_destroy(self, state, link, index, instruction):  # type: ignore[no-untyped-def]
        return self._move_action(state, link, index, instruction, allowed=FIELD_ZONES, to=Zone.GRAVEYARD, key=R.DESTROY)

    def _do_send_to_graveyard(self, state, link, index, instruction):  # type: ignore[no-untyped-def]
        allowed = {Zone.HAND, Zone.DECK, Zone.EXTRA_DECK, Zone.BANISHED, *FIELD_ZONES}
        return self._move_action(state, link, index, instruction, allowed=allowed, to=Zone.GRAVEYARD, key=R.SEND_TO_GY)

    def _do_banish(self, state, link, index, instruction):  # type: ignore[no-untyped-def]
        allowed = {Zone.HAND, Zone.DECK, Zone.EXTRA_DECK, Zone.GRAVEYARD, *FIELD_ZONES}
        return self._move_action(state, link, index, instruction, allowed=allowed, to=Zone.BANISHED, key=R.BANISH)

    def _do_return_to_hand(self, state, link, index, instruction):  # type: ignore[no-untyped-def]
        allowed = {Zone.GRAVEYARD, Zone.BANISHED, *FIELD_ZONES}
        return self._move_action(state, link, index, instruction, allowed=allowed, to=Zone.HAND, key=R.RETURN)

    def _do_return_to_deck(self, state, link, index, instruction):  # type: ignore[no-untyped-def]
        allowed = {Zone.HAND, Zone.GRAVEYARD, Zone.BANISHED, *FIELD_ZONES}
        return self._move_action(state, link, index, instruction, allowed=allowed, to=Zone.DECK, key=R.RETURN, top=True)

    def _negate(self, state: GameState, link: ChainLink, instruction: Instruction, *, activation: bool) -> GameState:
        number = instruction.link if instruction.link is not None else link.number - 1
        negated = state.chain[number - 1]
        card = state.card(negated.card)
        kind = activated_kind(negated, card)
        if activation:
            negated = replace(negated, activation_negated=True, negated_by=link.number)
            key = {CardKind.SPELL: R.NEGATE_SPELL, CardKind.TRAP: R.NEGATE_TRAP}.get(kind, R.NEGATE_MONSTER_EFFECT)
            message = "ygo.negate.activation"
        else:
            negated = replace(negated, effect_negated=True, negated_by=link.number)
            key, message = R.EFFECT_PARTS, "ygo.negate.effect"
        state = state.with_link(negated)
        self.record("negate", message, key, link=number, card=card.id, card_name=card.name, by_link=link.number)
        if activation and kind is not card.kind and card.zone in FIELD_ZONES:
            # A negated Pendulum activation is not sent from the field: it goes to the Graveyard,
            # not the Extra Deck, even when the negation destroys it (ARC-V 3.2.1.9.i6).
            reason = "destroy" if instruction.destroy else "negated"
            return self.move(state, card, Zone.GRAVEYARD, reason, R.NEGATED_PENDULUM_CARD, from_field=False)
        if instruction.destroy and card.zone in FIELD_ZONES:
            return self.move(state, card, Zone.GRAVEYARD, "destroy", R.DESTROY)
        if activation and negated.is_card_activation and card.zone in FIELD_ZONES:
            to_gy = R.NEGATED_SPELL_TO_GY if card.kind is CardKind.SPELL else R.NEGATED_TRAP_TO_GY
            return self.move(state, card, Zone.GRAVEYARD, "negated", to_gy)
        return state

    def _do_negate_activation(self, state, link, index, instruction):  # type: ignore[no-untyped-def]
        return self._negate(state, link, instruction, activation=True)

    def _do_negate_effect(self, state, link, index, instruction):  # type: ignore[no-untyped-def]
        return self._negate(state, link, instruction, activation=False)

    def _stat_targets(self, state: GameState, link: ChainLink, index: int, instruction: Instruction, stat: str):  # type: ignore[no-untyped-def]
        """Yield ``(card, current value)`` for each card an ATK/DEF change applies to.

        Records why the others are skipped: not a monster on the field, face-down (ARC-V: face-down
        monsters are not affected), or no ``stat`` given in the scenario (cannot evaluate).
        """
        for card, _targeted in self._objects(state, link, index, instruction):
            card = state.card(card.id)
            if card.zone is not Zone.MONSTER_ZONE:
                self._not_applicable(link, card, instruction)
                continue
            if not card.face_up:
                self._not_applicable(link, card, instruction, R.FACE_DOWN_UNAFFECTED)
                continue
            current = card.atk if stat == "atk" else card.def_
            if current is None:
                self.complete = False
                self.record("cannot_evaluate", "ygo.cannot_evaluate", R.CARD_TEXT, link=link.number, card=card.id,
                            card_name=card.name, detail=f"{card.name} has no {stat.upper()} in the scenario")
                continue
            yield card, current

    def _change_stat(self, state: GameState, link: ChainLink, index: int, instruction: Instruction, stat: str) -> GameState:
        for card, _ in self._stat_targets(state, link, index, instruction, stat):
            card = state.card(card.id)  # an earlier pass of this loop may have changed it
            before = card.atk if stat == "atk" else card.def_
            wanted = instruction.set_value if instruction.set_value is not None else before + (instruction.amount or 0)
            after = max(0, wanted)
            card = replace(card, atk=after) if stat == "atk" else replace(card, def_=after)
            state = state.with_card(card)
            self.record("modify", f"ygo.modify.{stat}", R.STAT_FLOOR if wanted < 0 else R.STAT_CHANGE,
                        card=card.id, card_name=card.name, before=before, after=after)
        return state

    def _do_change_atk(self, state, link, index, instruction):  # type: ignore[no-untyped-def]
        return self._change_stat(state, link, index, instruction, "atk")

    def _do_change_def(self, state, link, index, instruction):  # type: ignore[no-untyped-def]
        return self._change_stat(state, link, index, instruction, "def")

    def _do_draw(self, state, link, index, instruction):  # type: ignore[no-untyped-def]
        # ARC-V 4.1.2.i5: when both players act, the turn player goes first.
        players = self._player_ids(instruction.player, link.controller)
        players.sort(key=lambda p: p != state.turn.active)
        decked_out = []
        for player in players:
            for _ in range(instruction.amount if instruction.amount is not None else 1):
                deck = state.cards_in(Zone.DECK)
                deck = [c for c in deck if c.owner == player]
                if not deck:
                    decked_out.append(player)
                    break
                top = deck[0]
                state = state.with_card(replace(top, zone=Zone.HAND, position=None))
                self.record("move", "ygo.move.draw", R.DRAW, player=player, card=top.id, card_name=top.name)
        return self._end_duel(state, decked_out, R.DECK_OUT, "deck_out")

    def _change_lp(self, state: GameState, link: ChainLink, instruction: Instruction, sign: int) -> GameState:
        for player_id in self._player_ids(instruction.player, link.controller):
            player = state.player(player_id)
            amount = instruction.amount or 0
            player = replace(player, lp=max(0, player.lp + sign * amount))
            state = state.with_player(player)
            if sign < 0:
                self.record("damage", "ygo.damage", R.DAMAGE, player=player_id, amount=amount, lp=player.lp)
            else:
                self.record("lp", "ygo.lp.gain", R.GAIN_LP, player=player_id, amount=amount, lp=player.lp)
        return self.check_lp(state)

    def _do_damage(self, state, link, index, instruction):  # type: ignore[no-untyped-def]
        return self._change_lp(state, link, instruction, -1)

    def _do_gain_lp(self, state, link, index, instruction):  # type: ignore[no-untyped-def]
        return self._change_lp(state, link, instruction, +1)

    def _do_special_summon(self, state, link, index, instruction):  # type: ignore[no-untyped-def]
        player = self._player_ids(instruction.player, link.controller)[0]
        for card, _targeted in self._objects(state, link, index, instruction):
            card = state.card(card.id)
            if card.kind is not CardKind.MONSTER or card.zone in FIELD_ZONES or card.zone in (Zone.MATERIAL, Zone.REMOVED):
                self._not_applicable(link, card, instruction)
                continue
            if len(state.cards_in(Zone.MONSTER_ZONE, player)) >= 5:
                self.record("no_effect", "ygo.no_effect.zone_full", R.MONSTER_ZONE_FULL, link=link.number,
                            target=card.id, target_name=card.name)
                continue
            position = Position.DEFENSE if instruction.position == "defense" else Position.ATTACK
            state = self.move(state, card, Zone.MONSTER_ZONE, "special_summon", R.SPECIAL_SUMMON, position=position)
            state = state.with_card(replace(state.card(card.id), controller=player))
        return state

    def _do_change_control(self, state, link, index, instruction):  # type: ignore[no-untyped-def]
        for card, _targeted in self._objects(state, link, index, instruction):
            card = state.card(card.id)
            if card.zone is not Zone.MONSTER_ZONE or card.controller == link.controller:
                self._not_applicable(link, card, instruction)
                continue
            if len(state.cards_in(Zone.MONSTER_ZONE, link.controller)) >= 5:
                self.record("no_effect", "ygo.no_effect.zone_full", R.MONSTER_ZONE_FULL, link=link.number,
                            target=card.id, target_name=card.name)
                continue
            state = state.with_card(replace(card, controller=link.controller))
            self.record("move", "ygo.move.control", R.CONTROL, card=card.id, card_name=card.name,
                        player=link.controller)
        return state


__all__ = ["ChainEngine", "MAX_BRANCHES", "OpenChoice", "activated_kind", "spell_speed"]
