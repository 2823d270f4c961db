"""The targets of a trigger met during play: chosen when it is activated, among the cards its
filter allows (ARC-V 4.2.3.3.i2; MR2 ch5.28).

A ``trigger`` or ``flip`` effect with ``targeting`` (``{"count": N, "filter": FILTER}``, a key of
those effect classes: engine/ygo/abilities.py) targets
N cards on the field that meet the filter (read from its controller's side). A face-down card
is no target for a filter that names a characteristic (3.2.4.3.i7), and a card that cannot be
targeted by it is not one either (4.2.3.3.i4). The scenario answers the choice in
``options.trigger_targets`` (trigger card → target ids); left open, the resolution branches on
every legal set; an answer that is not one is an ``illegal`` step listing them, then a branch
on each. Where no set is legal the trigger is not activated (official ruling). Once chosen,
the targets are the link's ``targets``, and each action of the effect that names no card of
its own applies to them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from itertools import combinations, islice
from math import comb
from typing import Any, Optional

from ..core.validation import Path
from ..core.vocabulary import ListOf, MapOf, Ref, Validation
from .duel import Duel
from .filters import ranked
from .model import FIELD_ZONES, Card, CardFilter, CardKind, Effect, GameState, Instruction, Pending
from .protection import protection
from .rules import R
from .vocabulary import VOCABULARY

CHARACTERISTICS = ("name", "subtype", "attribute", "race", "level", "level_min", "level_max", "atk_min", "atk_max",
                   "def_max")
"""Filter keys that read what a face-down card does not show (ARC-V 3.2.4.3.i7). Its kind is
known from its zone only in part: a face-down card in the Monster Zone is a monster; one in the
Spell & Trap Zone is "a Spell/Trap", neither a Spell nor a Trap as far as anyone can tell."""

def _check_answers(value: Any, path: Path, v: Validation) -> None:
    """Each card an answer names must have a trigger with ``targeting`` (else it is never read)."""
    objects = getattr(v, "objects", None)
    if not objects or not isinstance(value, Mapping):
        return
    for card_id in value:
        card = objects.get(card_id)
        effects = card.get("effects", []) if card is not None else []
        if card is not None and not any(isinstance(e, dict) and "targeting" in e for e in effects):
            v.error((*path, card_id), f"card {card_id!r} has no trigger with targeting, so this answer would never be read")


VOCABULARY.define(
    "option", "trigger_targets", rule=(R.TARGET_AT_ACTIVATION, R.FACE_DOWN_NOT_TARGET, R.TRIGGER_NO_TARGET),
    label="Targets of triggers met during play",
    value=MapOf(key=Ref(spaces=("object",)), value=ListOf(item=Ref(spaces=("object",)), min_items=1, unique=True)),
    check=_check_answers,
    doc="For each card whose trigger with `targeting` is met during play, the cards its controller targets when it is "
        "activated (ARC-V 4.2.3.3.i2; MR2 ch5.28). They must be `count` cards on the field that meet its filter, not "
        "face-down if the filter names a characteristic (ARC-V 3.2.4.3.i7) and not protected from it (4.2.3.3.i4); "
        "otherwise an `illegal` step lists the legal sets. Left out, the resolution branches on each legal set; with "
        "none, the trigger is not activated (official ruling).",
    example={"trigger_targets": {"m1": ["m2"]}})


class OpenTriggerTargets(Exception):
    """A targeting trigger whose targets the scenario does not give; the runner branches on them."""

    def __init__(self, state: GameState, card: str, player: str, count: int, legal: list[str]) -> None:
        super().__init__("open trigger targets")
        self.state = state
        self.card = card
        self.player = player
        self.count_needed = count
        self.legal = legal
        """The cards that may be targeted, in board order."""

    def count(self) -> int:
        """Return how many sets of targets there are, without listing them."""
        return comb(len(self.legal), self.count_needed)

    def options(self, limit: Optional[int] = None) -> list[list[str]]:
        """Return every set of targets (at most ``limit``), in order."""
        found = combinations(self.legal, self.count_needed)
        return [list(option) for option in (found if limit is None else islice(found, limit))]


def targeting_of(raw: Mapping[str, Any], card_filter: Any) -> Optional[tuple[int, CardFilter]]:
    """Return the ``targeting`` of a validated effect (``card_filter`` parses its filter)."""
    spec = raw.get("targeting")
    return None if spec is None else (spec.get("count", 1), card_filter(spec["filter"]))


def legal_targets(duel: Duel, state: GameState, card: Card, effect: Effect, controller: str) -> list[Card]:
    """Return the cards ``card``'s targeting effect may target: they meet its filter from
    ``controller``'s side (on the field unless the filter names a ``zone``), a card on the field
    is face-up unless the filter names no characteristic (ARC-V 3.2.4.3.i7), and no face-up effect
    keeps them from being targeted by it (4.2.3.3.i4)."""
    assert effect.targeting is not None
    _, wanted = effect.targeting
    reads = any(getattr(wanted, key) is not None for key in CHARACTERISTICS)
    kinds = set(wanted.kinds or ((wanted.kind,) if wanted.kind else ()))
    hidden_kind = bool(kinds) and not {"spell", "trap"} <= kinds
    out = []
    answered = state.last_event.cards if state.last_event is not None else ()
    for candidate in state.cards:
        if (wanted.zone is None and candidate.zone not in FIELD_ZONES) or not wanted.matches(candidate, controller, state,
                                                                                           answered, card.id):
            continue
        if candidate.zone in FIELD_ZONES and not candidate.face_up and (reads or (hidden_kind and candidate.kind is not CardKind.MONSTER)):
            continue
        if protection(duel, state, "cannot_be_targeted", candidate, by=controller, effect_card=card,
                      effect_class=effect.effect_class) is not None:
            continue
        out.append(candidate)
    return ranked(out, wanted.rank)


def choose_targets(duel: Duel, state: GameState, item: Pending, card: Card, effect: Effect) -> Optional[tuple[str, ...]]:
    """Return the targets of a targeting trigger, ``None`` when it cannot be activated for want
    of a legal target (a ``trigger`` step says so) or when the ``pending`` item gives targets that
    are not a legal set (an ``illegal`` step), or raise :class:`OpenTriggerTargets` when the
    scenario leaves them open or answers ``options.trigger_targets`` with a set that is not legal
    (after an ``illegal`` step listing the legal cards)."""
    assert effect.targeting is not None
    count, _ = effect.targeting
    legal = [c.id for c in legal_targets(duel, state, card, effect, item.controller)]
    base = {"card": card.id, "card_name": card.name, "player": item.controller}
    if len(legal) < count:
        duel.record("trigger", "ygo.trigger.no_target", R.TRIGGER_NO_TARGET, **base, count=count, options=legal)
        return None
    pending_gave = bool(item.targets)
    given = item.targets or duel.options.trigger_targets.get(card.id)
    if given is None:
        raise OpenTriggerTargets(state, card.id, item.controller, count, legal)
    if len(given) != count or len(set(given)) != len(given) or any(t not in legal for t in given):
        key = R.FACE_DOWN_NOT_TARGET if any(t in _face_down(state) for t in given) else R.TARGET_AT_ACTIVATION
        duel.record("illegal", "ygo.illegal.trigger_targets", key, **base, count=count, given=list(given),
                    options=legal)
        if pending_gave:
            return None
        raise OpenTriggerTargets(state, card.id, item.controller, count, legal)
    duel.record("trigger", "ygo.trigger.targets_chosen", R.TARGET_AT_ACTIVATION, **base, targets=list(given),
                names=[state.card(t).name for t in given])
    return tuple(given)


def _face_down(state: GameState) -> set[str]:
    return {c.id for c in state.cards if c.zone in FIELD_ZONES and not c.face_up}


def aimed(actions: tuple[Instruction, ...], targets: tuple[str, ...]) -> tuple[Instruction, ...]:
    """Return the actions with each one that can name cards but names none pointed at ``targets``."""
    out = []
    for part in actions:
        takes_cards = "target" in VOCABULARY.get("instruction", part.do).keys if VOCABULARY.has("instruction", part.do) else False
        if takes_cards and not part.objects and part.choose is None and not part.face_up_monsters and part.select is None:
            part = replace(part, objects=targets)
        out.append(part)
    return tuple(out)


__all__ = ["OpenTriggerTargets", "aimed", "choose_targets", "legal_targets", "targeting_of"]
