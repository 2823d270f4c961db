"""Equip Cards: an Equip Spell that resolves becomes equipped to the monster it targets, and a
card an effect equips to a monster is treated as an Equip Card (ARC-V 3.3.3.4, 3.4.3.1.i4;
MR2 ch5.27).

``equip`` is the instruction: ``{"do": "equip", "target": "m1"}`` in an Equip Spell's card
activation equips the Spell itself; with ``"card": "m5"`` it equips another card (a monster
from the hand, the Deck or the Graveyard) to ``m1``, which then sits face-up in the Spell &
Trap Zone of the link's controller. The board shows it as ``equipped_to``. When the equipped
monster leaves the field the Equip Card is destroyed by rule (:mod:`engine.ygo.primitives`,
ARC-V 3.3.3.4.i8; MR2 ch5.27); a Continuous ``change_atk`` / ``change_def`` with
``equipped: true`` on the Equip Card changes the equipped monster (:mod:`engine.ygo.values`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Optional

from ..core.validation import Path
from ..core.vocabulary import Ref, Row, Validation
from .duel import Duel
from .model import FIELD_ZONES, Card, CardKind, ChainLink, GameState, Instruction, Position, Zone
from .effects import shuffle_searched
from .primitives import move
from .rules import R
from .targets import REFERENCE_KEYS, check_references, not_applicable, objects_of
from .values import apply_continuous_of
from .vocabulary import VOCABULARY

ST_ZONES = 5
"""Spell & Trap Zones per player (ARC-V 2.1.2; MR2 ch1.7)."""
EQUIPPED_FROM = frozenset({Zone.HAND, Zone.DECK, Zone.EXTRA_DECK, Zone.GRAVEYARD, Zone.BANISHED})
"""Where a card an effect equips can come from (not the field: a monster moving from its Monster Zone
to become an Equip Card is not in the vocabulary)."""


def _check_equip(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    check_references(value, path, v, required=False)  # its own message below names the equipped monster
    if "targets" in value and len(value["targets"]) != 1:
        v.error((*path, "targets"), "an Equip Card is equipped to exactly one monster: give one target")
    if "choose" in value and value["choose"] != 1:
        v.error((*path, "choose"), "an Equip Card is equipped to exactly one monster: choose 1")
    aimed = path[:-1] in getattr(v, "aimed", ())  # an effect with targeting: the target chosen on activation
    if "target" not in value and "targets" not in value and "choose" not in value and not aimed:
        v.error((*path, "target"), "name the monster it is equipped to: target")
    if "card" in value and value["card"] in (value.get("target"), *value.get("targets", ())):
        v.error((*path, "card"), "a card cannot be equipped to itself")


def _holder(card: Optional[Card], state: GameState, equip: Card) -> Optional[Card]:
    """Return the monster ``equip`` can be equipped to, ``None`` if it is not a face-up monster on the field."""
    if card is None:
        return None
    card = state.card(card.id)
    if card.zone is not Zone.MONSTER_ZONE or not card.face_up or card.id == equip.id:
        return None
    return card


@VOCABULARY.entry(
    "instruction", "equip", rule=(R.EQUIP, R.EQUIP_BY_EFFECT, R.EQUIP_TRAP, R.EQUIP_NO_TARGET, R.EQUIP_NEGATED,
                                  R.ST_ZONE_FULL, R.TARGET_GONE, R.SEARCH_SHUFFLE),
    label="Equip", keys={**REFERENCE_KEYS, "card": Ref(spaces=("object",), label="Equip Card",
                                                       help="the card equipped (blank: this card, an Equip Spell)")},
    check=_check_equip, messages=("ygo.equip", "ygo.equip.not_equipped", "ygo.equip.negated", "ygo.no_effect.zone_full",
                                  "ygo.move", "ygo.deck.shuffled"),
    row=Row(main=("target", "card"), extra=("targets", "choose", "from", "chosen")),
    doc="Equips a card to the one face-up monster it names: the Equip Spell whose card activation resolves (the "
        "default; a Normal Trap that equips itself stays on the field as an Equip Card, ARC-V 3.4.3.1.i4), or the "
        "card `card` names (a monster from the hand, Deck, Extra Deck, Graveyard or banishment, "
        "treated as an Equip Card and placed face-up in the Spell & Trap Zone of the link's controller). The board shows "
        "`equipped_to`; the Equip Card's Continuous Effects with `equipped: true` change the equipped monster, and "
        "it is destroyed when that monster leaves the field (ARC-V 3.3.3.4.i3, 3.3.3.4.i8, 3.4.3.1.i4; MR2 ch5.27). "
        "If the monster is no longer face-up on the field when it resolves, the Equip Spell is not equipped and is "
        "sent to the Graveyard (official ruling); a card an effect would equip then stays where it is. An Equip "
        "Spell whose activation is negated is not equipped; one whose effect is negated is equipped all the same, with "
        "its effects negated (ARC-V 3.3.3.4.i7).",
    example={"do": "equip", "target": "m1"})
def equip(duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
    """Equip the link's card (or ``part.card``) to the monster the action names."""
    equip_card = state.card(part.card or link.card)
    # A Spell or Trap equips itself where it is; a monster becomes an Equip Card in the Spell & Trap Zone.
    own = not part.card and equip_card.kind is not CardKind.MONSTER
    found = objects_of(duel, state, link, index, part)
    holder = _holder(found[0][0] if found else None, state, equip_card)
    if found and holder is None:
        not_applicable(duel, link, found[0][0], part)
    if own:
        if equip_card.zone not in FIELD_ZONES or not equip_card.face_up:
            not_applicable(duel, link, equip_card, part)
            return state
        if holder is None:
            duel.record("rule_processing", "ygo.equip.not_equipped", R.EQUIP_NO_TARGET, link=link.number,
                        card=equip_card.id, card_name=equip_card.name)
            return move(duel, state, equip_card, Zone.GRAVEYARD, "equip", R.EQUIP_NO_TARGET)
        key = R.EQUIP_TRAP if equip_card.kind is CardKind.TRAP else R.EQUIP
        return duel.step(state.with_card(replace(equip_card, equipped_to=holder.id)), "move", "ygo.equip",
                         key, card=equip_card.id, card_name=equip_card.name, target=holder.id,
                         target_name=holder.name)
    if holder is None:
        return state
    if equip_card.zone not in EQUIPPED_FROM or (equip_card.kind is CardKind.MONSTER and equip_card.is_token):
        not_applicable(duel, link, equip_card, part)
        return state
    player = link.controller
    in_zone = [c for c in state.cards_in(Zone.SPELL_TRAP_ZONE, player) if c.id != equip_card.id]
    if len(in_zone) >= ST_ZONES:
        duel.record("no_effect", "ygo.no_effect.zone_full", R.ST_ZONE_FULL, link=link.number, target=equip_card.id,
                    target_name=equip_card.name)
        return state
    searched = [equip_card.owner] if equip_card.zone is Zone.DECK and not equip_card.revealed else []
    state = move(duel, state, equip_card, Zone.SPELL_TRAP_ZONE, "equip", R.EQUIP_BY_EFFECT, position=Position.FACE_UP)
    moved = replace(state.card(equip_card.id), controller=player, position=Position.FACE_UP, equipped_to=holder.id)
    state = duel.step(state.with_card(moved), "move", "ygo.equip", R.EQUIP_BY_EFFECT, card=moved.id,
                      card_name=moved.name, target=holder.id, target_name=holder.name)
    return shuffle_searched(duel, apply_continuous_of(duel, state, state.card(moved.id)), searched)


def equip_negated(duel: Duel, state: GameState, link: ChainLink) -> Optional[GameState]:
    """Resolve an Equip Spell's card activation whose effect (not activation) was negated: it is
    still equipped to its monster, with its effects negated (ARC-V 3.3.3.4.i7); ``None`` when
    ``link`` is not such an activation (the caller records the negated effect as usual)."""
    card = state.card(link.card)
    part = next((p for p in link.actions if p.do == "equip" and not p.card), None)
    if (part is None or not link.is_card_activation or card.zone not in FIELD_ZONES or not card.face_up
            or (card.kind.value, card.subtype) != ("spell", "equip")):
        return None
    found = objects_of(duel, state, link, link.actions.index(part), part)
    holder = _holder(found[0][0] if found else None, state, card)
    if holder is None:
        duel.record("rule_processing", "ygo.equip.not_equipped", R.EQUIP_NO_TARGET, link=link.number, card=card.id,
                    card_name=card.name)
        return move(duel, state, card, Zone.GRAVEYARD, "equip", R.EQUIP_NO_TARGET)
    negated = replace(card, equipped_to=holder.id, effects_negated="permanent")
    return duel.step(state.with_card(negated), "move", "ygo.equip.negated", R.EQUIP_NEGATED, link=link.number,
                     card=card.id, card_name=card.name, target=holder.id, target_name=holder.name)


__all__ = ["equip", "equip_negated"]
