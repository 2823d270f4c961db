"""Effects that shield a player from battle for the rest of the turn (the card's text, ARC-V
4.1.2.i1): "for the rest of this turn, you take no battle damage, and your monsters cannot be
destroyed by battle" (Waboku).

``shield_from_battle`` is the instruction: ``{"do": "shield_from_battle", "player": "self"}``. When
it resolves the player is shielded until the turn ends (``GameState.battle_shields``): damage
calculation inflicts no battle damage on them (``damage``) and does not destroy their monsters
(``destruction``), each reported as a step naming the card (:func:`shielded_from_damage`,
:func:`shielded_from_destruction`, read by :mod:`engine.ygo.battle`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

from ..core.vocabulary import Boolean, Choice, Row
from .duel import Duel
from .model import Card, GameState, PlayerId, opponent_of
from .rules import R
from .vocabulary import VOCABULARY


@VOCABULARY.entry(
    "instruction", "shield_from_battle", rule=(R.CARD_TEXT, R.BATTLE_DAMAGE), label="Shielded from battle this turn",
    keys={"player": Choice(values=("self", "opponent"), what="player", label="Player", default="self",
                           labels={"self": "The activating player", "opponent": "Their opponent"},
                           help="who is shielded: self (the default) or opponent"),
          "damage": Boolean(label="No battle damage", default=True, help="the player takes no battle damage"),
          "destruction": Boolean(label="Not destroyed by battle", default=True,
                                 help="the player's monsters cannot be destroyed by battle")},
    messages=("ygo.shield.battle", "ygo.battle.no_damage_shielded", "ygo.battle.not_destroyed"),
    row=Row(main=("player", "damage", "destruction")),
    doc="\"For the rest of this turn, you take no battle damage, and your monsters cannot be destroyed by battle\": "
        "from when it resolves until the turn ends, damage calculation inflicts no battle damage on the player "
        "(`damage`) and does not destroy the monsters they control (`destruction`); effect damage and destruction "
        "by effects are not affected (the card's text, ARC-V 4.1.2.i1, 1.4.1.i2).",
    example={"do": "shield_from_battle", "player": "self"})
def shield_from_battle(duel: Duel, state: GameState, link: Any, index: int, part: Any) -> GameState:
    """Shield the player from battle damage and/or destruction by battle for the rest of the turn."""
    player = link.controller if part.player == "self" else opponent_of(link.controller)
    what = "+".join(w for w, on in (("damage", part.damage), ("destruction", part.destruction)) if on)
    duel.record("effect", "ygo.shield.battle", R.CARD_TEXT, link=link.number, player=player, what=what)
    return replace(state, battle_shields=(*state.battle_shields, (player, link.card, part.damage, part.destruction)))


def shielded_from_damage(state: GameState, player: PlayerId) -> Optional[Card]:
    """Return the card whose resolved ``shield_from_battle`` spares ``player`` battle damage this turn, or ``None``."""
    return next((state.card(source) for who, source, damage, _ in state.battle_shields if who == player and damage), None)


def shielded_from_destruction(state: GameState, card: Card) -> Optional[Card]:
    """Return the card whose resolved ``shield_from_battle`` keeps ``card`` (a monster its player
    controls) from being destroyed by battle this turn, or ``None``."""
    return next((state.card(source) for who, source, _, destruction in state.battle_shields
                 if who == card.controller and destruction), None)


__all__ = ["shield_from_battle", "shielded_from_damage", "shielded_from_destruction"]
