"""Continuous Effects that forbid attack declarations (ARC-V 3.2.7.1.i2, 3.2.4.1.i2; MR2 ch2.7,
ch3.10): "monsters with 1500 or more ATK cannot declare an attack" (Messenger of Peace), "Level 4
or higher monsters cannot attack" (Gravity Bind).

``cannot_declare_attack`` is the entry: ``{"do": "cannot_declare_attack", "all": FILTER}`` on a
Continuous Effect. While its card is face-up on the field with its effects not negated, a monster
the filter fits (read from that card's controller's side, with the monster's current values) cannot
declare an attack; :func:`verify_attack_allowed` refuses the declaration and the priority steps do
not offer it (:func:`engine.ygo.battle.verify_attack`).
"""

from __future__ import annotations

from typing import Optional

from ..core.vocabulary import Row
from .duel import Duel
from .filters import CardFilterField
from .model import Card, GameState, Instruction
from .protection import parts_in_force
from .rules import R
from .vocabulary import VOCABULARY

VERB = "cannot_declare_attack"


def _in_force(duel: Duel, state: GameState, source: Card, part: Instruction, arrived: bool) -> GameState:
    """Nothing to put on the cards: the restriction is read from the field when an attack is declared."""
    return state


VOCABULARY.entry(
    "continuous", VERB, rule=(R.CONTINUOUS_APPLIES, R.ATTACK_DECLARE), label="Cannot declare an attack",
    keys={"all": CardFilterField(label="Monsters that fit", help="the monsters that cannot declare an attack "
                                                                "(\"Level 4 or higher monsters\": level_min 4)")},
    required=("all",), messages=("ygo.illegal.attack_forbidden",), row=Row(main=("all",)),
    doc="While its card is face-up on the field and its effects are not negated, no monster the filter `all` fits "
        "(read from the side of its card's controller, with the monster's ATK, DEF and Level as they are now) can "
        "declare an attack, either player's: the declaration is illegal and the priority steps do not offer it "
        "(ARC-V 3.2.7.1.i2, 3.2.4.1.i2; MR2 ch2.7, ch3.10). A monster without a Level (an Xyz Monster) does not fit "
        "a Level in the filter.",
    example={"do": VERB, "all": {"kind": "monster", "level_min": 4}})(_in_force)


def attack_forbidder(duel: Duel, state: GameState, attacker: Card) -> Optional[Card]:
    """Return the face-up card whose Continuous ``cannot_declare_attack`` fits ``attacker``, or
    ``None`` (ARC-V 3.2.7.1.i2). Input: the monster declaring the attack, as it is in ``state``."""
    for source, part in parts_in_force(duel, state, VERB):
        if part.select is not None and part.select.matches(attacker, source.controller, state, (), source.id):
            return source
    return None


def verify_attack_allowed(duel: Duel, state: GameState, attacker: Card) -> None:
    """Raise :class:`~engine.core.IllegalAction` (``ygo.illegal.attack_forbidden``) when a face-up
    Continuous Effect says ``attacker`` cannot declare an attack (ARC-V 3.2.7.1.i2, 3.2.4.1.i2)."""
    source = attack_forbidder(duel, state, attacker)
    if source is not None:
        raise duel.illegal(R.CONTINUOUS_APPLIES, "ygo.illegal.attack_forbidden", card=attacker.id,
                           card_name=attacker.name, source=source.id, source_name=source.name)


__all__ = ["attack_forbidder", "verify_attack_allowed"]
