"""Continuous Effects that forbid Tributes (ARC-V 3.2.7.1.i2; MR2 ch2.7): "neither player can
Tribute cards" (Mask of Restrict).

``cannot_tribute`` is the entry: ``{"do": "cannot_tribute", "players": "both"}`` on a Continuous
Effect. While its card is face-up on the field with its effects not negated, the players it names
cannot Tribute: a Tribute Summon (or Set) with Tributes is illegal
(:func:`engine.ygo.summoning.verify_summon`), so is activating an effect that Tributes as a cost,
by its effect or for a Ritual Summon (:func:`verify_activation_tributes`), and such an effect
already on the chain Tributes nothing when it resolves (:func:`tribute_forbidder`).
"""

from __future__ import annotations

from typing import Optional

from ..core.vocabulary import Choice, Row
from .duel import Duel
from .model import Activation, Card, ChainLink, GameState, Instruction, PlayerId
from .protection import forbidding
from .rules import R
from .targets import not_applicable
from .vocabulary import VOCABULARY

VERB = "cannot_tribute"
TRIBUTING = frozenset({"tribute", "ritual_summon"})
"""The instructions that Tribute (the ``tribute`` cost is read from the activation's costs)."""


def _in_force(duel: Duel, state: GameState, source: Card, part: object, arrived: bool) -> GameState:
    """Nothing to put on the cards: the restriction is read from the field when a card would be Tributed."""
    return state


VOCABULARY.entry(
    "continuous", VERB, rule=(R.CONTINUOUS_APPLIES,), label="Cannot Tribute",
    keys={"players": Choice(values=("self", "opponent", "both"), what="player", label="Player",
                            labels={"self": "This card's controller", "opponent": "Their opponent",
                                    "both": "Both players"},
                            help="both (the default), self (this card's controller) or opponent", default="both")},
    messages=("ygo.illegal.cannot_tribute", "ygo.no_effect.tribute_forbidden"), row=Row(main=("players",)),
    doc="While its card is face-up on the field and its effects are not negated, the players named cannot Tribute "
        "cards: a Tribute Summon or Set with Tributes is illegal, and so is activating an effect that Tributes as a "
        "cost, by its effect or for a Ritual Summon (the priority steps do not offer them); such an effect already "
        "on the chain Tributes nothing when it resolves (ARC-V 3.2.7.1.i2, 4.2.3.i2; MR2 ch2.7).",
    example={"do": VERB, "players": "both"})(_in_force)


def tribute_forbidder(duel: Duel, state: GameState, player: PlayerId) -> Optional[Card]:
    """Return the face-up card whose ``cannot_tribute`` forbids ``player`` to Tribute now, or ``None``
    (ARC-V 3.2.7.1.i2)."""
    return forbidding(duel, state, VERB, player)


def tribute_refused(duel: Duel, state: GameState, link: ChainLink, card: Card, part: Instruction) -> bool:
    """Return whether the ``tribute`` instruction ``part`` of ``link`` does not Tribute ``card``,
    recording why: a card Tributed by an effect must be its player's own (ARC-V 3.2.2.1.1.1.i4), and a
    face-up ``cannot_tribute`` that forbids that player keeps it where it is (3.2.7.1.i2)."""
    if card.controller != link.controller:
        not_applicable(duel, link, card, part, R.TRIBUTE_OWN)
        return True
    lock = tribute_forbidder(duel, state, link.controller)
    if lock is not None:
        duel.record("no_effect", "ygo.no_effect.tribute_forbidden", R.CONTINUOUS_APPLIES, link=link.number,
                    target=card.id, target_name=card.name, source=lock.id, source_name=lock.name)
    return lock is not None


def verify_may_tribute(duel: Duel, state: GameState, card: Card, player: PlayerId) -> None:
    """Raise :class:`~engine.core.IllegalAction` (``ygo.illegal.cannot_tribute``) when ``player``,
    using ``card`` (the monster Summoned or the card activated), cannot Tribute (ARC-V 3.2.7.1.i2)."""
    source = tribute_forbidder(duel, state, player)
    if source is not None:
        raise duel.illegal(R.CONTINUOUS_APPLIES, "ygo.illegal.cannot_tribute", card=card.id, card_name=card.name,
                           player=player, source=source.id, source_name=source.name)


def verify_activation_tributes(duel: Duel, state: GameState, card: Card, act: Activation) -> None:
    """Refuse an activation that Tributes (a ``tribute`` cost, a ``tribute`` or ``ritual_summon``
    action) while its player cannot Tribute (ARC-V 3.2.7.1.i2, 4.2.3.i2)."""
    if any(cost.do == "tribute" for cost in act.cost) or any(part.do in TRIBUTING for part in act.actions):
        verify_may_tribute(duel, state, card, act.controller)


__all__ = ["tribute_forbidder", "tribute_refused", "verify_activation_tributes", "verify_may_tribute"]
