"""Use limits of abilities (FoW 9.1, 1.4): "play this ability only once per turn".

A limit is card text (FoW 1.4: card text wins over the rules); the whitepaper's part is 9.1,
which says what the text counts: "this ability" (此異能) is the same ability of every card with
the same name controlled by the same player, "this card's this ability" (此牌的此異能) only that
card. Uses are kept in the state (:attr:`~engine.fow.model.GameState.uses`), one per ability put
on the chase, with the turn it was played in.
"""

from __future__ import annotations

from dataclasses import replace

from ..core import IllegalAction
from ..core.vocabulary import Integer, ListOf
from .model import Ability, Card, GameState
from .rules import wp
from .vocabulary import VOCABULARY

VOCABULARY.define("limit", "once_per_turn", rule=("9.1", "1.4"), label="Once per turn (this ability)",
                  doc="\"Play this ability only once per turn\": once the ability has gone on the chase this turn from "
                      "any card with this card's name that its player controls (FoW 9.1: \"this ability\" is the same "
                      "ability of all of them), playing it again this turn is refused; a triggered ability that "
                      "triggers again is not played and its trigger count drops by one (9.6).",
                  messages=("fow.illegal.once_per_turn", "fow.trigger.not_played"), example="once_per_turn")
VOCABULARY.define("limit", "once_per_turn_this_card", rule=("9.1", "1.4"), label="Once per turn (this card's ability)",
                  doc="\"This card's this ability only once per turn\": counted for this card alone (FoW 9.1 excludes "
                      "other cards with the same name); a card that became a new card (FoW 3.1) has not used it.",
                  messages=("fow.illegal.once_per_turn", "fow.trigger.not_played"), example="once_per_turn_this_card")

USED_THIS_TURN = ListOf(item=Integer(low=0, high=99), max_items=30, label="Abilities played this turn",
                        help="the indexes of this card's abilities with a use limit already played this turn, before "
                             "the scenario's moment (FoW 9.1)")
"""An object's ``used_this_turn``: the uses before the scenario (read by :func:`initial_uses`)."""


def used_up(state: GameState, card: Card, ability: Ability) -> bool:
    """Return whether ``ability`` of ``card`` has reached its use limit this turn (FoW 9.1, 1.4).

    ``once_per_turn`` counts every card with the same name and controller (9.1 「此異能」),
    ``once_per_turn_this_card`` only this card as it is now (9.1 「此牌的此異能」, 3.1).
    """
    if ability.limit is None:
        return False
    for turn, controller, name, cid, incarnation, index in state.uses:
        if turn != state.turn_number or index != ability.index:
            continue
        if ability.limit == "once_per_turn_this_card":
            if cid == card.id and incarnation == card.incarnation:
                return True
        elif controller == card.controller and name == card.name:
            return True
    return False


def verify_limit(state: GameState, card: Card, ability: Ability) -> None:
    """Raise :class:`IllegalAction` (FoW 9.1) when the ability's use limit is reached this turn."""
    if used_up(state, card, ability):
        raise IllegalAction(wp("9.1"), "fow.illegal.once_per_turn",
                            {"card": card.id, "card_name": card.name, "ability": ability.index, "limit": ability.limit})


def record_use(state: GameState, card: Card, ability: Ability) -> GameState:
    """Return ``state`` with one use of ``ability`` of ``card`` this turn kept, if it has a limit."""
    if ability.limit is None:
        return state
    use = (state.turn_number, card.controller, card.name, card.id, card.incarnation, ability.index)
    return replace(state, uses=state.uses + (use,))


def uses_of(state: GameState, card: Card) -> list[int]:
    """Return the indexes of the card's abilities used this turn (the result's ``used_this_turn``)."""
    return sorted({use[5] for use in state.uses if use[0] == state.turn_number and use[3] == card.id
                   and use[4] == card.incarnation})
