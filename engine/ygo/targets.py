"""The cards a resolving action applies to: its targets and its open choices (ARC-V 4.2.3.3;
MR2 ch5.28).

A card in the link's ``targets`` was fixed on activation and is affected only if it is still
in the zone it was targeted in (ARC-V 4.2.3.3.i3); a card named without targeting is looked up
on resolution. An action that says ``"choose": N, "from": [...]`` is a choice made on
resolution (4.2.3.3.1.i1): its ``chosen`` answer is used when it is one of the options;
otherwise (left open, or answered with a value that is not an option) the resolution branches
on every option (:class:`OpenChoice`), an invalid answer first being an ``illegal`` step that
lists the options.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from itertools import combinations, islice
from typing import Any

from ..core.vocabulary import Integer, ListOf, Ref, Validation
from ..core.validation import Path
from .duel import Duel
from .filters import CardFilterField, ranked
from .model import FIELD_ZONES, Card, CardFilter, ChainLink, GameState, Instruction
from .protection import unaffected
from .rules import R

REFERENCE_KEYS = {
    "target": Ref(spaces=("object",), label="Target", help="one card (targeted if it is in the link's targets)"),
    "targets": ListOf(item=Ref(spaces=("object",)), min_items=1, label="Targets",
                      help="cards (each targeted if it is in the link's targets)"),
    "choose": Integer(low=1, high=999_999, label="Choose", help="how many of from are chosen on resolution"),
    "from": ListOf(item=Ref(spaces=("object",)), min_items=1, label="Choose from", help="the cards chosen among"),
    "chosen": ListOf(item=Ref(spaces=("object",)), label="Chosen", help="the cards the player chose (else open)"),
    "among": CardFilterField(label="Choose among the cards that fit", allow_event=True,
                             help="with choose, instead of from: the choice is made on resolution among every card "
                                  "that fits this filter then (in the Deck, the hand … as its zone says)"),
    "all": CardFilterField(label="Every card that fits", allow_event=True,
                           help="instead of named cards: every card that fits this filter when the action applies, "
                                "read from the side of the effect's controller (on the field unless it names a zone)"),
}
"""The keys an action uses to name the cards it applies to."""


def check_references(value: Mapping[str, Any], path: Path, v: Validation, *, alternatives: tuple[str, ...] = (),
                     required: bool = True) -> None:
    """Refuse combinations of :data:`REFERENCE_KEYS` the engine would not read: both ``target``
    and ``targets``, a choice together with targets, ``choose`` without ``from`` and the reverse,
    ``chosen`` without ``choose``; and, when ``required``, an action that names no card at all
    (no ``target``, ``targets`` or ``choose``, nor one of the verb's ``alternatives`` such as
    ``from_top``): it would resolve doing nothing, so it is refused at ``target``. An action of an
    effect with ``targeting`` may name none: it applies to the targets chosen on activation."""
    aimed = path[:-1] in getattr(v, "aimed", ())
    if required and not aimed and not any(key in value for key in ("target", "targets", "choose", "all", *alternatives)):
        others = "".join(f", or {key}" for key in alternatives)
        v.error((*path, "target"), f"name the cards it applies to: target, targets, all, or choose and from{others}")
    if "all" in value and any(key in value for key in ("target", "targets", "choose")):
        v.error((*path, "all"), "all names every card that fits a filter: give it or target(s) or a choice, not both")
    if "target" in value and "targets" in value:
        v.error((*path, "targets"), "give target or targets, not both")
    if "choose" in value and ("target" in value or "targets" in value):
        v.error((*path, "choose"), "a choice on resolution names no targets: give choose and from, or target(s)")
    pool = [key for key in ("from", "among") if key in value]
    if len(pool) > 1:
        v.error((*path, "among"), "give from (the cards) or among (a filter), not both")
    if ("choose" in value) != bool(pool):
        missing = "from" if "choose" in value else "choose"
        v.error((*path, missing), "choose needs from or among: the cards to choose among" if missing == "from"
                else f"{pool[0]} needs choose: how many of them are chosen")
    if "chosen" in value and "choose" not in value:
        v.error((*path, "chosen"), "chosen answers a choice: give choose and from too")


def select_cards(state: GameState, link: ChainLink, part: Instruction) -> Instruction:
    """Return ``part`` naming the cards its ``all`` filter selects now, in board order: on the
    field unless the filter names a zone, read from the side of the link's controller, ``event``
    being the cards of the event the link answered. An effect that does not target applies to
    the cards that fit when it resolves (ARC-V 4.2.3.3.i5, 4.1.2.i3; MR2 ch5.28): a card that
    fits only later, or no longer fits, is not affected. An action without ``all`` is returned
    as it is. ``among`` with ``choose`` is a choice on resolution (4.2.3.3.1.i1) among the cards
    that fit then; where no more fit than it chooses, it applies to all of them."""
    if part.among is not None:
        options = _fitting(state, link, part.among)
        if len(options) > (part.choose or 1):
            return replace(part, options=options)
        # no more cards fit than it chooses: nothing is left to choose, it applies to those there are (ARC-V 4.1.2.i3)
        return replace(part, choose=None, among=None, objects=options)
    if part.select is None:
        return part
    return replace(part, objects=_fitting(state, link, part.select))


def _fitting(state: GameState, link: ChainLink, wanted: CardFilter) -> tuple[str, ...]:
    found = [c for c in state.cards if (wanted.zone is not None or c.zone in FIELD_ZONES)
             and wanted.matches(c, link.controller, state, link.event_cards, link.card)]
    return tuple(c.id for c in ranked(found, wanted.rank))


class OpenChoice(Exception):
    """Resolution reached a choice the scenario leaves open; the runner branches on it."""

    def __init__(self, state: GameState, link: ChainLink, action_index: int, instruction: Instruction, *,
                 answer_key: str = "chosen") -> None:
        super().__init__("open choice")
        self.state = state
        self.link = link
        self.action_index = action_index
        self.instruction = instruction
        self.answer_key = answer_key
        """The key a branch's document answers the choice with: ``chosen`` (a list of cards), or
        ``result`` (one value: the face of a coin or die)."""

    def answer(self, chosen: list[str]) -> Any:
        """Return the value a branch writes under :attr:`answer_key` for ``chosen``."""
        return list(chosen) if self.answer_key == "chosen" else chosen[0]

    @property
    def link_source(self) -> tuple[str, int]:
        """Return where the open link's request is in the document."""
        return self.link.source

    def count(self) -> int:
        """Return how many combinations there are, without listing them."""
        from math import comb

        return comb(len(self.instruction.options), self.instruction.choose or 1)

    def options(self, limit: int | None = None) -> list[tuple[str, ...]]:
        """Return every combination the player could choose (at most ``limit``), in order."""
        found = combinations(self.instruction.options, self.instruction.choose or 1)
        return list(found if limit is None else islice(found, limit))


def _valid_answer(instruction: Instruction) -> bool:
    chosen = instruction.chosen or ()
    return (len(chosen) == (instruction.choose or 1) and len(set(chosen)) == len(chosen)
            and all(card in instruction.options for card in chosen))


def objects_of(duel: Duel, state: GameState, link: ChainLink, index: int,
               instruction: Instruction) -> list[tuple[Card, bool]]:
    """Return the cards an action applies to, each with whether it was targeted.

    Records ``ygo.no_effect.target_gone`` for each targeted card no longer where it was
    targeted (ARC-V 4.2.3.3.i3), and ``ygo.no_effect.unaffected`` for each card a face-up
    ``unaffected`` Continuous Effect keeps out of the link's effect (3.2.7.1.i2). Raises
    :class:`OpenChoice` at a choice left open, and after an ``ygo.illegal.choice`` step at a
    choice answered with a value that is not one of its options (4.2.3.3.1.i1).
    """
    if instruction.choose is not None:
        if instruction.chosen is None:
            raise OpenChoice(state, link, index, instruction)
        if not _valid_answer(instruction):
            duel.record("illegal", "ygo.illegal.choice", R.CHOICE_ON_RESOLUTION, link=link.number,
                        action=instruction.do, count=instruction.choose, given=list(instruction.chosen),
                        options=list(instruction.options))
            raise OpenChoice(state, link, index, instruction)
        return [(state.card(c), False) for c in instruction.chosen
                if not unaffected(duel, state, link, state.card(c), instruction)]
    out = []
    for object_id in instruction.objects:
        card = state.card(object_id)
        if object_id in link.targets:
            zone, _ = link.target_zones[link.targets.index(object_id)]
            if card.zone is not zone:
                duel.record("no_effect", "ygo.no_effect.target_gone", R.TARGET_GONE, link=link.number,
                            target=card.id, target_name=card.name, action=instruction.do)
                continue
        if not unaffected(duel, state, link, card, instruction):
            out.append((card, object_id in link.targets))
    return out


def not_applicable(duel: Duel, link: ChainLink, card: Card, instruction: Instruction, key: R = R.EFFECT_PARTS) -> None:
    """Record that an action does not apply to a card where it is (ARC-V 4.1.2.i3)."""
    duel.record("no_effect", "ygo.no_effect.not_applicable", key, link=link.number, target=card.id,
                target_name=card.name, action=instruction.do)
