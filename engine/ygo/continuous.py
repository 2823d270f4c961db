"""Continuous Effects that negate the effects of face-up monsters ("Skill Drain": "negate the
effects of all face-up monsters while they are face-up on the field"; ARC-V 3.2.7.1.i2–i3,
whose example is "Destiny HERO - Plasma" negating "Banisher of the Radiance"; MR2 ch2.7).

Like the protections (:mod:`engine.ygo.protection`) the negation is read from the field when
it matters (:func:`~engine.ygo.protection.effects_negated`): a monster in its scope applies none
of its Continuous Effects, and its effects that resolve while it is face-up on the field resolve
without effect, exactly while the negating card is face-up on the field with its own effects
not negated. What this module adds is the moment it starts and ends: when the negating card
comes face-up, the Continuous Effects of the monsters it names stop applying at once (their
ATK/DEF changes end), and when it leaves the field, turns face-down or has its effects negated,
they apply again (ARC-V 3.2.7.1.i3: a Continuous Effect stops applying the moment its card is no
longer face-up, even mid-resolution).
"""

from __future__ import annotations

from ..core.vocabulary import Choice, Row
from .duel import Duel
from .model import FIELD_ZONES, Card, CardKind, EffectClass, GameState, Instruction, Zone
from .protection import effects_negated, in_scope, negating_source
from .rules import R
from .values import apply_continuous_of, end_continuous, has_continuous
from .vocabulary import VOCABULARY

_MONSTERS = Choice(values=("all", "opponent", "self"), what="monsters", label="Whose face-up monsters",
                   labels={"all": "Every face-up monster", "opponent": "The opponent's", "self": "Its controller's"},
                   help="all (every face-up monster on the field but this card), opponent or self")


def _negating_parts(card: Card) -> list[Instruction]:
    return [part for effect in card.effects if effect.effect_class is EffectClass.CONTINUOUS
            for part in effect.actions if part.do == "negate_effects"]


def _rival(state: GameState, source: Card, part: Instruction) -> Card | None:
    """Return another face-up monster whose ``negate_effects`` names ``source`` while ``source``'s
    names it: which of the two applies depends on which applied first (official ruling), which
    the scenario does not say."""
    if source.kind is not CardKind.MONSTER:
        return None
    for other in state.cards:
        if (other.id != source.id and other.kind is CardKind.MONSTER and other.zone is Zone.MONSTER_ZONE
                and other.face_up and in_scope(part.face_up_monsters, source, other)
                and any(in_scope(theirs.face_up_monsters, other, source) for theirs in _negating_parts(other))):
            return other
    return None


def negate_on_field(duel: Duel, state: GameState, source: Card, part: Instruction, arrived: bool) -> GameState:
    """Stop the Continuous Effects of each face-up monster ``part`` names (``arrived``: the source
    has just come face-up: each such monster is a ``negate`` step)."""
    rival = _rival(state, source, part)
    if rival is not None and arrived:
        state = duel.cannot_evaluate(state, "ygo.cannot_evaluate.negation_order", card=source.id,
                                     card_name=source.name, other=rival.id, other_name=rival.name)
    for card in state.cards_in(Zone.MONSTER_ZONE):
        if (card.id == source.id or not card.effects or not in_scope(part.face_up_monsters, source, card)
                or negating_source(state.cards, card) is None):
            continue
        if arrived:
            state = duel.step(state, "negate", "ygo.negate.continuous", R.CONTINUOUS_APPLIES, card=card.id,
                              card_name=card.name, source=source.id, source_name=source.name)
        state = end_continuous(duel, state, card.id, key=R.EFFECTS_NEGATED)
    return state


def restore(duel: Duel, state: GameState, source_id: str) -> GameState:
    """Apply again the Continuous Effects of the face-up monsters that a card's ``negate_effects``
    negated, now that it is no longer face-up on the field or its effects are negated (ARC-V
    3.2.7.1.i3); nothing if the card has no such effect."""
    source = state.card(source_id)
    parts = _negating_parts(source)
    if not parts or (source.zone in FIELD_ZONES and source.face_up and not effects_negated(duel, state, source)):
        return state
    for card in state.cards_in(Zone.MONSTER_ZONE):
        if (card.id == source.id or not card.effects or not card.face_up or effects_negated(duel, state, card)
                or not any(in_scope(part.face_up_monsters, source, card) for part in parts)):
            continue
        state = duel.step(state, "negate", "ygo.negate.continuous_ends", R.CONTINUOUS_ENDS, card=card.id,
                          card_name=card.name, source=source.id, source_name=source.name)
        if has_continuous(card):
            state = apply_continuous_of(duel, state, state.card(card.id), arrived=False)
    return state


VOCABULARY.entry(
    "continuous", "negate_effects", rule=(R.CONTINUOUS_APPLIES, R.CONTINUOUS_ENDS, R.EFFECTS_NEGATED),
    label="Negate face-up monsters' effects", keys={"face_up_monsters": _MONSTERS}, required=("face_up_monsters",),
    messages=("ygo.negate.continuous", "ygo.negate.continuous_ends", "ygo.cannot_evaluate.negation_order"),
    row=Row(main=("face_up_monsters",)),
    doc="While its card is face-up on the field with its effects not negated, the effects of the face-up monsters "
        "it names (`all`: every one but its own card; `opponent`; `self`, from its controller) are negated while "
        "they are face-up on the field: their Continuous Effects do not apply (their ATK/DEF changes end at once), "
        "and their effects that resolve while they are face-up on the field resolve without effect; an effect "
        "activated in the hand or Graveyard is not negated. The moment its card is no longer face-up on the field, "
        "their effects apply again (ARC-V 3.2.7.1.i2–i3, whose example is this; MR2 ch2.7). A monster unaffected "
        "by its card's effects is not negated. Two monsters whose effects would negate each other's are a "
        "`cannot_evaluate` step: which applies depends on which applied first (official ruling).",
    example={"do": "negate_effects", "face_up_monsters": "all"})(negate_on_field)


__all__ = ["negate_on_field", "restore"]
