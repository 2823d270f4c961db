"""Activation restrictions by card name (ARC-V 3.1.2.i3, 3.2.7.3.i9; MR2: official rulings).

Two limits that count other cards of the same name, or of the same kind, and so are checked
against the whole state rather than the card being activated alone:

* a same-name restriction written on a card (an effect's ``once_per_turn``): ``effect``
  ("you can only use this effect of <name> once per turn") counts that effect of every card
  with that name the player activated this turn (ARC-V 3.1.2.i3); ``card`` ("you can only
  activate 1 <name> per turn") counts every activation of a card of that name (official
  ruling). An activation counts when it is made, even if it is negated afterwards;
* two or more Trigger Effects in a player's hand that Special Summon their own card cannot be
  chained together: only one of them is activated (ARC-V 3.2.7.3.i9).
"""

from __future__ import annotations

from dataclasses import replace

from .duel import Duel
from .model import Activation, Card, Effect, EffectClass, GameState, Instruction, Zone
from .rules import R


def _use_key(act: Activation, effect: Effect) -> str | None:
    """Return how ``effect``'s restriction counts its activation, or ``None`` if it has none."""
    if effect.once_per_turn == "card":
        return "card"
    if effect.once_per_turn == "effect":
        return f"effect:{act.effect}"
    return None


def verify_once_per_turn(duel: Duel, state: GameState, act: Activation, card: Card, effect: Effect) -> None:
    """Raise :class:`~engine.core.IllegalAction` if ``act`` breaks its card's same-name restriction.

    Input: the activation, its card and effect. The restriction is used when ``act.controller``
    already activated, this turn, the same effect (``effect``) or any effect (``card``) of a
    card named ``card.name`` with that restriction: ARC-V 3.1.2.i3 (``effect``), an official
    ruling (``card``).
    """
    key = _use_key(act, effect)
    if key is None or (act.controller, card.name, key) not in state.turn.used_once:
        return
    rule = R.ONCE_PER_TURN_CARD if key == "card" else R.ONCE_PER_TURN_EFFECT
    raise duel.illegal(rule, "ygo.illegal.once_per_turn", card=card.id, card_name=card.name, player=act.controller,
                       restriction=effect.once_per_turn)


def record_once_per_turn(state: GameState, act: Activation, card: Card, effect: Effect) -> GameState:
    """Return ``state`` with ``act``'s same-name restriction marked used for this turn (a no-op
    without one); called when the activation is made, so a negated activation still counts."""
    key = _use_key(act, effect)
    if key is None:
        return state
    used = (act.controller, card.name, key)
    if used in state.turn.used_once:
        return state
    return replace(state, turn=replace(state.turn, used_once=state.turn.used_once + (used,)))


def _summons_itself_from_hand(card: Card, effect: Effect, actions: tuple[Instruction, ...]) -> bool:
    """Return whether ``effect`` is a Trigger Effect of a card in the hand whose actions Special
    Summon that card."""
    if effect.effect_class is not EffectClass.TRIGGER or card.zone is not Zone.HAND:
        return False
    return any(part.do == "special_summon" and card.id in part.objects for part in actions)


def verify_hand_summon_chain(duel: Duel, state: GameState, act: Activation, card: Card, effect: Effect) -> None:
    """Raise :class:`~engine.core.IllegalAction` if ``act`` is a self-summoning hand trigger and
    the chain already holds another of the same player's (ARC-V 3.2.7.3.i9: only one of them can
    be activated; the others are not chained to it).

    Input: the activation, its card and effect; the chain is ``state.chain``.
    """
    if not _summons_itself_from_hand(card, effect, act.actions):
        return
    for link in state.chain:
        other = state.card(link.card)
        if link.controller != act.controller or other.id == card.id:
            continue
        if _summons_itself_from_hand(other, other.effects[link.effect], link.actions):
            raise duel.illegal(R.HAND_SUMMON_TRIGGERS, "ygo.illegal.hand_summon_chain", card=card.id,
                               card_name=card.name, other=other.id, other_name=other.name, link=link.number)
