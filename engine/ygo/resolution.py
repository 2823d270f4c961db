"""Resolving the chain (MR2 ch4.13, ch4.15; ARC-V 3.3.1.i9, 3.3.3.3.i6, 3.4.3.2.i9, 4.1.2.i3).

The chain resolves last in, first out. A link whose activation was negated does nothing; one
whose effect was negated resolves without effect; a Continuous, Field or Equip Spell, a
Continuous Trap or a Pendulum Effect whose card has left the field does not apply. Otherwise
the link's actions apply in the order written, each dispatched to its entry of the
``instruction`` slot (:data:`~engine.ygo.vocabulary.VOCABULARY`). After the whole chain, the
resolved Normal, Quick-Play and Ritual Spells and Normal and Counter Traps go to the Graveyard.
"""

from __future__ import annotations

from dataclasses import replace

from ..core.deadline import check as check_deadline
from .duel import Duel
from .model import FIELD_ZONES, CardKind, ChainLink, EffectClass, GameState, Instruction, Zone
from .equip import equip_negated
from .primitives import move
from .rules import R
from .targets import select_cards
from .protection import negating_source
from .values import apply_continuous_of, has_continuous, text_only
from .vocabulary import VOCABULARY

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


def apply_instruction(duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
    """Apply one action of a resolving link (one "thing" that happens, ARC-V 4.2.3.2) through
    its registry entry, and put what it changed on the board."""
    state = duel.bump(state)
    part = select_cards(state, link, part)
    state = VOCABULARY.apply_of("instruction", part.do)(duel, state, link, index, part)
    return duel.sync(state)


def apply_actions(duel: Duel, state: GameState, link: ChainLink) -> GameState:
    """Apply a link's actions in the order written (ARC-V 4.1.2.i3).

    A link with no actions whose effect gives card ``text`` does what that text says, which
    the engine cannot evaluate (ARC-V 4.1.2.i1): a ``cannot_evaluate`` step naming the card
    and the text, the same as an ``unsupported`` action, and the result is incomplete.
    """
    if not link.actions and link.effect >= 0:
        card = state.card(link.card)
        effect = card.effects[link.effect]
        if text_only(effect):
            return duel.cannot_evaluate(state, "ygo.cannot_evaluate", link=link.number, card=card.id,
                                        card_name=card.name, detail=f"unsupported card text: {effect.text}")
    for index, part in enumerate(link.actions):
        state = apply_instruction(duel, state, link, index, part)
        if state.ended:
            break
    return state


def resolve_chain(duel: Duel, state: GameState) -> GameState:
    """Resolve the whole chain, last link first, and return the new state.

    Stops as soon as the Duel ends. Raises :class:`~engine.ygo.targets.OpenChoice` at a choice
    the scenario leaves open.
    """
    total = len(state.chain)
    resolved: list[ChainLink] = []
    while state.chain and not state.ended:
        check_deadline(f"resolving a chain of {total} links")
        link = state.chain[-1]
        card = state.card(link.card)
        duel.record("resolve", "ygo.chain.resolve_link", R.RESOLVE_LIFO, link=link.number, card=card.id,
                    card_name=card.name)
        base = {"link": link.number, "card": card.id, "card_name": card.name}
        leave_rule = LEAVE_FIELD_RULE.get((card.kind.value, card.subtype))
        if link.effect_class is EffectClass.PENDULUM:
            leave_rule = R.LEFT_FIELD_PENDULUM
        if link.activation_negated:
            duel.record("no_effect", "ygo.no_effect.activation_negated", R.NEGATED_NO_EFFECT, **base)
        elif link.effect_negated:
            equipped = equip_negated(duel, state, link)
            if equipped is None:
                duel.record("no_effect", "ygo.no_effect.effect_negated", R.NEGATED_NO_EFFECT, **base)
            else:
                state = equipped
        elif card.effects_negated and not link.is_card_activation and card.zone in FIELD_ZONES and card.face_up:
            duel.record("no_effect", "ygo.no_effect.card_effects_negated", R.EFFECTS_NEGATED, **base)
        elif "negate_effects" in duel.continuous_verbs and (negator := negating_source(state.cards, card)) is not None:
            # A monster's effects on the field, or a Spell or Trap Card's (its card activation too) under a
            # Continuous negate_effects (ARC-V 3.2.7.1.i2).
            key = R.CONTINUOUS_APPLIES if card.zone is Zone.MONSTER_ZONE else R.SPELL_TRAP_NEGATED
            duel.record("no_effect", "ygo.no_effect.negated_on_field", key, **base, source=negator.id,
                        source_name=negator.name)
        elif leave_rule is not None and link.activated_on_field and (card.zone not in FIELD_ZONES or not card.face_up):
            duel.record("no_effect", "ygo.no_effect.card_left_field", leave_rule, **base)
        else:
            state = apply_actions(duel, state, link)
            state = _stays_and_applies(duel, state, link)
        if state.ended:
            break
        resolved.append(link)
        state = duel.sync(replace(state, chain=state.chain[:-1]))
    if not state.ended:
        duel.record("end", "ygo.chain.end", R.CHAIN_END, links=total)
        for link in resolved:
            state = _after_resolving(duel, state, link, whole_chain=total > 1)
    return state


def _stays_and_applies(duel: Duel, state: GameState, link: ChainLink) -> GameState:
    """Once a Continuous, Equip or Field Spell or a Continuous Trap has resolved its card
    activation, its Continuous Effects apply while it stays face-up on the field (ARC-V
    3.2.7.1.i2, 3.3.3.3.i2; MR2 ch2.7)."""
    card = state.card(link.card)
    if (link.is_card_activation and card.kind is not CardKind.MONSTER and card.zone in FIELD_ZONES and card.face_up
            and has_continuous(card)):
        return apply_continuous_of(duel, state, card)
    return state


def _after_resolving(duel: Duel, state: GameState, link: ChainLink, *, whole_chain: bool = False) -> GameState:
    """Send a resolved Normal, Quick-Play or Ritual Spell, or Normal or Counter Trap, to the Graveyard.

    Called once the whole chain has resolved: such a card stays on the field until then, so
    a later-resolving link can still affect it (ruling; ARC-V 3.3.1.i9, 3.3.3.1.i2 and MR2
    ch2.25, ch2.32 only say "after its effect is resolved"). With a one-link chain the two
    readings agree and the document is cited; with a longer chain, the ruling
    (:attr:`R.TO_GY_AFTER_CHAIN`). A card no longer face-up on the field stays where it is, and so
    does a Normal Trap that has equipped itself to a monster (ARC-V 3.4.3.1.i4).
    """
    card = state.card(link.card)
    key = TO_GY_AFTER_RESOLVING.get((card.kind.value, card.subtype))
    if (link.is_card_activation and key is not None and not link.activation_negated
            and card.zone in FIELD_ZONES and card.face_up and card.equipped_to is None):
        return move(duel, state, card, Zone.GRAVEYARD, "resolved", R.TO_GY_AFTER_CHAIN if whole_chain else key)
    return state
