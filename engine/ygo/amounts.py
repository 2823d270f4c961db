"""Amounts read from the game: "damage equal to its ATK", "equal to its original ATK", "equal to
the ATK it lost" (ARC-V 4.1.5.i1; last known information: official ruling).

``damage`` and ``gain_lp`` take ``equal_to`` and ``of`` instead of a fixed ``amount``; the value
is read when the action applies:

- ``atk`` / ``def``: the card's current value while it is a face-up monster on the field; if it
  has left the field during the resolution, the value it last had there (last known
  information, an official ruling: neither document states it); a card that was never on the
  field in the resolution (in the hand, the Graveyard as the board gives it) has its printed
  value there. A face-down monster, on the field or as it left it, is a ``cannot_evaluate``
  step: what its value counts as is in neither document.
- ``original_atk`` / ``original_def``: its original value (ARC-V 3.1.4.5.i2; MR2 ch5.36), the
  printed one once it is off the field.
- ``atk_lost``: how much ATK the link's own earlier actions really took from it: a decrease
  below 0 counts only down to 0 (ARC-V 4.1.5.i1 and its example).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from ..core.validation import Path
from ..core.vocabulary import Choice, Ref, Validation
from .duel import Duel
from .model import ChainLink, GameState, Instruction, Zone
from .rules import R
from .values import base, original

AMOUNT_SOURCES = ("atk", "def", "original_atk", "original_def", "atk_lost")
AMOUNT_LABELS = {"atk": "Its ATK", "def": "Its DEF", "original_atk": "Its original ATK",
                 "original_def": "Its original DEF", "atk_lost": "The ATK it lost"}
AMOUNT_KEYS = {
    "equal_to": Choice(values=AMOUNT_SOURCES, what="value", label="Equal to", labels=AMOUNT_LABELS,
                       help="read the amount from a card (of): atk, def, original_atk, original_def or atk_lost"),
    "of": Ref(spaces=("object",), label="Of card",
              help="the card equal_to reads; left out in an effect that targets, the card it targets"),
}
"""The keys of an amount read from a card, shared by ``damage`` and ``gain_lp``."""
AMOUNT_MESSAGES = ("ygo.amount.read", "ygo.amount.last_known", "ygo.amount.lost", "ygo.cannot_evaluate")
AMOUNT_DOC = ("`atk`/`def` is its value now while it is face-up on the field, and the value it last had there once it "
              "has left the field (last known information, official ruling); `original_atk`/`original_def` its "
              "original value (the printed one off the field); `atk_lost` the ATK this link's earlier actions really "
              "took from it, a decrease below 0 counting only down to 0 (ARC-V 4.1.5.i1). In an effect with `targeting`, "
              "`of` left out reads the card it targets (chosen on activation, ARC-V 4.2.3.3.i2).")


def check_amount(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    """Refuse an amount given twice or not at all, and ``equal_to`` without ``of`` (or the reverse)."""
    if ("amount" in value) == ("equal_to" in value):
        v.error((*path, "amount"), "give exactly one of amount and equal_to")
    aimed = path[:-1] in getattr(v, "aimed", ()) and "equal_to" in value  # of: the card it targets
    if ("equal_to" in value) != ("of" in value) and not aimed:
        v.error((*path, "of" if "equal_to" in value else "equal_to"),
                "equal_to needs of: the card it reads" if "equal_to" in value else "of needs equal_to: what it reads")


def _stat(source: str) -> str:
    return "def" if source.endswith("def") else "atk"


def read_amount(duel: Duel, state: GameState, link: ChainLink, part: Instruction) -> tuple[Optional[int], GameState]:
    """Return the amount ``part.equal_to`` reads from ``part.of`` and the state, recording how it
    was read; ``None`` (after a ``cannot_evaluate`` step) when the card has no such value. Without
    ``of`` (an effect that targets) it reads the link's first target (chosen on activation, ARC-V
    4.2.3.3.i2), wherever it is now."""
    if not part.of and not link.targets:
        return None, duel.cannot_evaluate(state, "ygo.cannot_evaluate", link=link.number, card=link.card,
                                          card_name=state.card(link.card).name,
                                          detail="the amount is read from the card the link targets, and it targets none")
    card = state.card(part.of or link.targets[0])
    source, stat = part.equal_to, _stat(part.equal_to)
    on_field = card.zone is Zone.MONSTER_ZONE and card.face_up
    params = {"link": link.number, "card": card.id, "card_name": card.name, "value": source}
    key, message = R.DAMAGE if part.do == "damage" else R.GAIN_LP, "ygo.amount.read"
    if source == "atk_lost":
        lost = [c.before - c.after for c in card.history if c.stat == "atk" and c.source == link.card]
        value: Optional[int] = max(0, lost[-1]) if lost else 0
        key, message = R.STAT_LOST, "ygo.amount.lost"
    elif source.startswith("original_"):
        value = original(card, stat) if on_field else base(card, stat)
        key = R.ORIGINAL_VALUE
    elif on_field:
        value = card.atk if stat == "atk" else card.def_
    elif card.last_known[2] and card.zone is not Zone.MONSTER_ZONE:
        value = card.last_known[0] if stat == "atk" else card.last_known[1]
        key, message = R.LAST_KNOWN, "ygo.amount.last_known"
    elif card.zone is Zone.MONSTER_ZONE or card.last_known != (None, None, False):
        value = None
    else:
        value = card.atk if stat == "atk" else card.def_
    if value is None:
        detail = (f"{card.name} is face-down: its {stat.upper()} is not known" if card.zone is Zone.MONSTER_ZONE
                  else f"{card.name} left the field face-down: the ATK/DEF it had there is not known"
                  if card.last_known != (None, None, False) else f"{card.name} has no {stat.upper()} in the scenario")
        return None, duel.cannot_evaluate(state, "ygo.cannot_evaluate", link=link.number, card=card.id,
                                          card_name=card.name, detail=detail)
    duel.record("lki" if message == "ygo.amount.last_known" else "effect", message, key, **params, amount=value,
                zone=card.zone.value)
    return value, state


__all__ = ["AMOUNT_DOC", "AMOUNT_KEYS", "AMOUNT_MESSAGES", "AMOUNT_SOURCES", "check_amount", "read_amount"]
