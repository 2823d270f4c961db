"""What a trigger's event must also be: "sent to the Graveyard *from the field*", "*by a card
effect*", "if you *Tribute Summon*", "*your opponent's* Standby Phase" (ARC-V 3.2.7.3.i1: a
Trigger Effect activates at the timing its text states; MR2 ch2.9).

Each key of a trigger's ``qualifiers`` is one entry of the ``trigger_qualifier`` slot, read by
:func:`qualifies` against the :class:`~engine.ygo.events.Event` the engine noted (its
``origin``, ``cause``, ``method`` and ``player``, filled where the event happens:
engine/ygo/primitives.py, summoning.py, procedures.py, battle.py, turn.py). A qualifier that
means nothing for the trigger's event is refused (:func:`check_qualifiers`), never ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from ..core.validation import Path
from ..core.vocabulary import Choice, ListOf, Validation
from .model import FIELD_ZONES, Card, Event, Zone
from .rules import R
from .vocabulary import VOCABULARY

ORIGINS = ("field", "hand", "deck", "extra_deck", "graveyard", "banished")
"""Where a card can come from (``field``: any zone on the field, ARC-V 2.1)."""
CAUSES = ("effect", "battle", "cost")
METHODS = ("normal", "tribute", "effect", "fusion", "ritual", "synchro", "xyz", "pendulum", "inherent")
"""How a monster can be Summoned, as the engine notes it (an event's ``method``)."""
PLAYERS = ("self", "opponent")

QUALIFIED_EVENTS = {
    "from": ("sent_to_graveyard", "banished", "special_summoned"),
    "by": ("sent_to_graveyard", "sent_from_field", "destroyed", "banished", "tributed"),
    "method": ("summoned", "special_summoned"),
    "player": ("summoned", "special_summoned", "flip_summoned", "sent_to_graveyard", "sent_from_field", "destroyed",
               "destroyed_by_battle", "banished", "standby_phase", "end_phase", "drawn", "battle_damage", "activated",
               "targeted", "tributed"),
    "zone": ("standby_phase", "end_phase"),
}
"""The trigger events each qualifier means something for; on any other it is refused."""
METHODS_OF = {"summoned": ("normal", "tribute"),
              "special_summoned": ("effect", "fusion", "ritual", "synchro", "xyz", "pendulum", "inherent")}
"""The Summon methods each Summon event can have."""

_RULE = (R.TRIGGER_EVENT,)
VOCABULARY.define(
    "trigger_qualifier", "from", rule=(R.TRIGGER_EVENT, R.XYZ_MATERIAL_NOT_ON_FIELD), label="From where",
    value=ListOf(item=Choice(values=ORIGINS, what="zone"), min_items=1, unique=True, label="From",
                 help="field, hand, deck, extra_deck, graveyard, banished: one or more"),
    doc="Only when the card came from one of these zones: \"sent from the hand or Deck to the Graveyard\" is "
        "`[\"hand\", \"deck\"]`, \"from the field\" `[\"field\"]` (any zone on the field; an Xyz Material was never "
        "there, ARC-V 3.2.2.3.1.1.4.1.i5). For `sent_to_graveyard`, `banished` and `special_summoned`, by a card "
        "effect (\"Special Summoned from the Graveyard\") or by procedure (an inherent Special Summon \"from the "
        "hand\", a Synchro or Xyz Summon from the Extra Deck, a Pendulum Summon from the hand or the Extra Deck: "
        "where the monster was when the Summon began, ARC-V 3.2.2.3.i6).",
    example={"from": ["hand", "deck"]})
VOCABULARY.define(
    "trigger_qualifier", "by", rule=(R.TRIGGER_EVENT, R.COST_PAID), label="By what",
    value=Choice(values=CAUSES, what="cause", label="By",
                 labels={"effect": "By a card effect", "battle": "By battle", "cost": "As a cost"},
                 help="effect (a card effect resolving), battle, or cost (paid on activation)"),
    doc="Only when the card moved for this reason: `effect` (a card effect resolving), `battle`, or `cost` (paid "
        "when an effect was activated, ARC-V 4.2.2.i2). A move the rules make (a Tribute for a Summon, a resolved "
        "card going to the Graveyard, the hand limit, an Xyz Material) is none of them. For `sent_to_graveyard`, "
        "`sent_from_field`, `destroyed`, `banished` and `tributed` (a Tribute for a Summon is by neither: "
        "`cost` is a Tribute paid on activation, `effect` one made by `do: tribute`).",
    example={"by": "effect"})
VOCABULARY.define(
    "trigger_qualifier", "method", rule=(R.TRIGGER_EVENT, R.TRIBUTE_COUNT, R.SPECIAL_SUMMON), label="Summon method",
    value=Choice(values=METHODS, what="Summon method", label="Method",
                 help="summoned: normal or tribute; special_summoned: effect, fusion, ritual, synchro, xyz, pendulum, "
                      "inherent"),
    doc="Only a Summon of this kind: for `summoned`, `tribute` (with Tributes, ARC-V 3.2.2.1.1) or `normal` "
        "(without); for `special_summoned`, `effect` (by a card's `special_summon`), `fusion`, `ritual` (by "
        "effect), `synchro`, `xyz`, `pendulum` or `inherent` (by procedure).",
    example={"method": "tribute"})
VOCABULARY.define(
    "trigger_qualifier", "player", rule=_RULE, label="Whose",
    value=Choice(values=PLAYERS, what="player", label="Player",
                 labels={"self": "This card's controller", "opponent": "The opponent"},
                 help="self or opponent, read from the side of the card whose trigger it is"),
    doc="Only when the event is this player's, read from the side of the trigger's card: whose card it was (a "
        "move), who Summoned (a Summon), the turn player (\"during your Standby Phase\"), who drew (`drawn`), who "
        "took the damage (`battle_damage`: \"inflicts battle damage to your opponent\" is `opponent`), who activated "
        "(`activated`, `targeted`: \"targeted by your opponent's card effect\" is `opponent`).",
    example={"player": "opponent"})

PHASE_ZONES = ("field", "graveyard")
"""Where a card can be when a phase begins and its phase trigger is noted (engine/ygo/turn.py)."""
VOCABULARY.define(
    "trigger_qualifier", "zone", rule=(R.TRIGGER_EVENT, R.STANDBY_PHASE_TRIGGER, R.END_PHASE_TRIGGER),
    label="Where this card is",
    value=ListOf(item=Choice(values=PHASE_ZONES, what="zone"), min_items=1, unique=True, label="In",
                 help="field (face-up there) or graveyard: one or both"),
    doc="Only while this card is in one of these zones when the phase begins: \"during your Standby Phase, if this "
        "card is in your Graveyard\" is `[\"graveyard\"]`, \"during your End Phase\" of a card that must be face-up "
        "on the field `[\"field\"]` (a trigger activates only at the timing and from the place its text states, "
        "ARC-V 3.2.7.3.i1; MR2 ch3.6, ch3.15). For `standby_phase` and `end_phase`, whose events are noted for a card "
        "face-up on the field or in the Graveyard; elsewhere the card is not qualified and a `trigger` step says so.",
    example={"zone": ["graveyard"]})


WINDOW_CONDITIONS = ("summoned", "attack_declared", "activated", "summoning")
"""Activation conditions that are a timing window (engine/ygo/conditions.py): a trigger's timing is its event."""
OWN_ONLY_EVENTS = ("standby_phase", "end_phase")
"""Events that are the phase's, noted for the card whose trigger reads them: never another card's."""


def check_qualifiers(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    """Refuse a trigger's qualifiers that mean nothing for its event (a qualifier on an event it
    does not read, a Summon method that event cannot have), an ``event_of`` on a phase event, and
    a ``condition`` that is a timing window (ARC-V 3.2.7.3.i1: a trigger's timing is its event)."""
    event = value.get("trigger", "flipped" if value.get("class") == "flip" else None)
    if event in OWN_ONLY_EVENTS and value.get("event_of", "self") != "self":
        v.error((*path, "event_of"), f"{event} is the phase's event, noted for this card's own trigger: event_of "
                                     "names no other card (give qualifiers.player for \"your\" / \"your opponent's\")")
    condition = value.get("condition")
    if isinstance(condition, Mapping) and any(key in WINDOW_CONDITIONS for key in condition):
        v.error((*path, "condition"), "a trigger's timing is its event (trigger, qualifiers): its condition can only say "
                                      "what must also hold, not a window (" + ", ".join(WINDOW_CONDITIONS) + ")")
    qualifiers = value.get("qualifiers")
    if not isinstance(qualifiers, Mapping):
        return
    for key, item in qualifiers.items():
        events = QUALIFIED_EVENTS.get(key)
        if events is None:
            continue
        if event not in events:
            v.error((*path, "qualifiers", key), f"{key} means nothing for the event {event!r}; it is read only for: "
                                                 f"{', '.join(events)}")
        elif key == "method" and isinstance(item, str) and item not in METHODS_OF[event]:
            v.error((*path, "qualifiers", key), f"a {event} event cannot be by {item!r}; expected one of: "
                                                 f"{', '.join(METHODS_OF[event])}")


def _origin(zone: str) -> str:
    return "field" if zone and Zone(zone) in FIELD_ZONES else zone


def unmet(qualifiers: tuple[tuple[str, Any], ...], event: Event, card: Card) -> Optional[tuple[str, Any, Any]]:
    """Return the first qualifier of ``card``'s trigger that ``event`` does not meet, as ``(key,
    wanted, what the event was)``, or ``None`` when it meets them all; ``player`` is read from
    the side of ``card`` (its controller on the field, else its owner)."""
    for key, wanted in qualifiers:
        if key == "from" and _origin(event.origin) not in wanted:
            return key, list(wanted), _origin(event.origin) or None
        if key == "by" and event.cause != wanted:
            return key, wanted, event.cause or None
        if key == "method" and event.method != wanted:
            return key, wanted, event.method or None
        if key == "zone" and _origin(card.zone.value) not in wanted:
            return key, list(wanted), _origin(card.zone.value)
        if key == "player":
            holder = card.controller if card.zone in FIELD_ZONES else card.owner
            whose = None if event.player is None else ("self" if event.player == holder else "opponent")
            if whose != wanted:
                return key, wanted, whose
    return None


__all__ = ["PHASE_ZONES", "QUALIFIED_EVENTS", "check_qualifiers", "unmet"]
