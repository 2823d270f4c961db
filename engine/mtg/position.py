"""The position a judge sets up (issue 14, "Actions"): continuous effects the document states
(CR 611) — in force from the start (``effects[]``) or beginning and ending at a point of the
actions — counters put on an object, and a card moved without a cause; the ``create_effect``,
``end_effect``, ``put_counters`` and ``move_card`` actions.

What a judge sets up is not a spell or ability, but it is still the game's event: an effect
created at a point gets its timestamp then (613.7b), counters put get theirs (613.7c), and a
card moved is a zone change like any other (400.7): it becomes a new object, and abilities that
trigger on it leaving or entering the battlefield (603.6a, 603.6c, dying: 700.4) trigger and look
back in time (603.10a). Nothing caused it, so nothing triggers on a sacrifice, a destruction or a
discard. After each action state-based actions are checked and triggers put on the stack before
the player who had priority receives it again (117.5, 704.3, 603.3).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Optional

from ..core.schema import Field, Validation, check_keys
from ..core.validation import Path
from .effects import DOCUMENT_EFFECTS
from .filters import STATIC_CONDITIONS
from .layer_effects import LAYER_OF
from .model import Effect, GameState, PlayerId, Zone, freeze
from .rules import K
from .vocabulary import (
    AFFECTED, COUNT, COUNTER, OBJECT, PLAYER_ID, VOCABULARY, Boolean, Choice, Const, Either, Integer, Only, Text, row,
)

DURATIONS = ("end_of_turn", "permanent", "static", "next_untap")
"""The durations a document effect may have (``while_counter`` needs a created effect's counter)."""
EFFECT_FRAME = {
    "id": Text(min_length=1, max_length=64), "affected": AFFECTED,
    "duration": Only(slot="duration", vocabulary=VOCABULARY, names=DURATIONS, where="for a document effect",
                     label="Duration", help="default end_of_turn"),
    "source": OBJECT, "controller": PLAYER_ID, "timestamp": COUNT,
    "cda": Boolean(label="Characteristic-defining", help="applied first in its layer (CR 604.3, 613.4a)"),
    "if": Only(slot="condition", vocabulary=VOCABULARY, names=STATIC_CONDITIONS,
               where="in a document effect's if (CR 611.3a)", label="As long as"),
}
"""The keys of a document effect around the EFFECT it is."""
DOCUMENT_EFFECT = Only(slot="effect", vocabulary=VOCABULARY, names=DOCUMENT_EFFECTS, where="as a document effect")


def check_document_effect(effect: Any, path: Path, v: Validation, at_action: bool = False) -> bool:
    """Check a document effect at ``path``: its frame (id, affected, duration, source, controller,
    timestamp, cda, if) and the EFFECT it is. An effect created by an action gets its timestamp
    then (CR 613.7b): ``at_action`` refuses ``timestamp``. Return whether it is usable."""
    if v.checker.mapping(effect, path) is None:
        return False
    errors = len(v.checker.errors)
    frame = {key: item for key, item in effect.items() if key in EFFECT_FRAME}
    check_keys(frame, path, v, EFFECT_FRAME)
    DOCUMENT_EFFECT.check({key: item for key, item in effect.items() if key not in EFFECT_FRAME}, path, v)
    if effect.get("cda") and effect.get("do") not in LAYER_OF:
        v.error((*path, "cda"), "cda goes with an effect that changes characteristics (CR 604.3, 613.3)")
    if "affected" in effect and effect.get("do") in ("cant_cast", "unsupported", "player_keyword"):
        v.error((*path, "affected"), f"the {effect['do']} effect applies to no objects: it has no affected")
    if effect.get("do") == "grant_spell" and not isinstance(effect.get("affected"), list):
        v.error((*path, "affected"), "grant_spell applies to the spells named by id (affected: [ids], CR 611.2c)")
    if at_action and "timestamp" in effect:
        v.error((*path, "timestamp"), "an effect created by an action gets its timestamp as it is created (CR 613.7b)")
    return len(v.checker.errors) == errors


def document_effect(raw: Mapping[str, Any], default_id: str, timestamp: int, active: PlayerId) -> Effect:
    """Return the :class:`Effect` a document effect ``raw`` states, with ``timestamp`` (CR 613.7):
    locked to the ids of a list ``affected`` (611.2c) or matching a FILTER at each moment."""
    affected = raw.get("affected")
    params = {k: v for k, v in raw.items() if k not in EFFECT_FRAME}
    effect_id = raw.get("id", default_id)
    return Effect(effect_id, raw["do"], freeze(params), raw.get("source"), raw.get("controller", active), timestamp,
                  affected_ids=tuple(affected) if isinstance(affected, list) else None,
                  affected_filter=freeze(affected) if isinstance(affected, Mapping) else None,
                  duration=raw.get("duration", "end_of_turn"), cda=bool(raw.get("cda")), group=effect_id,
                  condition=freeze(raw["if"]) if "if" in raw else None)


@dataclass(frozen=True, kw_only=True)
class DocumentEffect(Field):
    """A document effect as the value of a key (the ``create_effect`` action's ``effect``)."""

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        return check_document_effect(value, path, v, at_action=True)

    def describe(self) -> str:
        return "a document effect: EFFECT with id, affected, duration, source, controller, cda, if"


def _then(game: Any, state: GameState) -> GameState:
    """State-based actions and triggers, then the player who had priority has it again (CR 117.5)."""
    return game.settle(state, player=state.priority, why=K.SBA_BEFORE_PRIORITY)


CREATE_KEYS = {"effect": DocumentEffect(label="Effect", help="a document effect (as in `effects[]`), without timestamp")}


@VOCABULARY.entry("action", "create_effect", rule=(K.TIMESTAMP_SHARED, K.DURATION), keys=CREATE_KEYS, required=("effect",),
                  label="A continuous effect begins",
                  messages=("mtg.setup.effect_created", "mtg.cannot_evaluate.effect_zone"),
                  example={"type": "create_effect", "effect": {"id": "giant_growth", "do": "modify_pt", "power": 3,
                                                               "toughness": 3, "affected": ["bears"]}},
                  doc="A judge's set-up: the document effect `effect` (the shape of an `effects[]` entry) begins now, "
                      "with the timestamp of this moment (CR 613.7b), so effects and objects from before it come "
                      "first in its layer (613.7); `end_effect` ends it. Its id defaults to `effect@<timestamp>`. An effect "
                      "naming a card that is not a permanent (a graveyard card gaining flashback) is a `cannot_evaluate` "
                      "step: the engine applies continuous effects to permanents (613.1).",
                  row=row(CREATE_KEYS))
def create_effect(game: Any, state: GameState, action: Mapping[str, Any]) -> GameState:
    """Add the action's document effect to the effects in force with a new timestamp."""
    ts, state = state.stamp()
    effect = document_effect(action["effect"], f"effect@{ts}", ts, state.active)
    state = replace(state, effects=state.effects + (effect,))
    game.record("effect", "mtg.setup.effect_created", K.TIMESTAMP_SHARED, effect=effect.id, do=effect.do, timestamp=ts)
    game.report_effect_zones(effect.id, effect.do, action["effect"].get("affected"),
                             {o.id: (o.zone.value, o.printed.name) for o in state.objects.values()})
    game.recorder.sync(state)
    return _then(game, state)


END_KEYS = {"effect": Text(min_length=1, max_length=64, label="Effect id", help="the id of a document effect in force")}


@VOCABULARY.entry("action", "end_effect", rule=K.DURATION, keys=END_KEYS, required=("effect",),
                  label="A continuous effect ends", messages=("mtg.setup.effect_ended", "mtg.illegal.no_effect"),
                  example={"type": "end_effect", "effect": "e1"},
                  doc="A judge's set-up: the document effect with this id (from `effects[]` or a `create_effect`) "
                      "ends now, as if its duration were over (CR 611.2a). An id that names no effect in force is an "
                      "`illegal` step and nothing ends.",
                  row=row(END_KEYS))
def end_effect(game: Any, state: GameState, action: Mapping[str, Any]) -> GameState:
    """Remove the document effect ``action["effect"]`` from the effects in force."""
    name = action["effect"]
    kept = tuple(e for e in state.effects if e.id != name)
    if len(kept) == len(state.effects):
        game.record("illegal", "mtg.illegal.no_effect", K.DURATION, effect=name,
                    effects=[e.id for e in state.effects])
        return state
    state = replace(state, effects=kept)
    game.record("effect", "mtg.setup.effect_ended", K.DURATION, effect=name)
    game.recorder.sync(state)
    return _then(game, state)


COUNTER_KEYS = {"object": OBJECT, "kind": COUNTER,
                "count": Integer(low=1, high=999, label="How many", help="default 1")}


@VOCABULARY.entry("action", "put_counters", rule=(K.COUNTERS, K.TIMESTAMP_COUNTER), keys=COUNTER_KEYS,
                  required=("object", "kind"), label="Put counters on an object", messages=("mtg.setup.counters",),
                  example={"type": "put_counters", "object": "bears", "kind": "+1/+1", "count": 2},
                  doc="A judge's set-up: `count` (default 1) counters of `kind` are put on the object (CR 122.1); on a "
                      "permanent every counter of that kind gets the timestamp of this moment (613.7c). State-based "
                      "actions follow (a creature with toughness 0 dies, +1/+1 and -1/-1 counters are removed in "
                      "pairs: 704.5f, 704.5q).",
                  row=row(COUNTER_KEYS))
def put_counters(game: Any, state: GameState, action: Mapping[str, Any]) -> GameState:
    """Put the counters on the object."""
    obj = state.objects[action["object"]]
    kind, count = action["kind"], int(action.get("count", 1))
    counters = dict(obj.counters)
    counters[kind] = counters.get(kind, 0) + count
    ts, state = state.stamp()
    stamps = {**dict(obj.counter_timestamps), kind: ts}
    state = state.with_object(replace(obj, counters=MappingProxyType(counters), counter_timestamps=MappingProxyType(stamps)))
    game.record("counters", "mtg.setup.counters", K.COUNTERS, card=obj.id, card_name=obj.printed.name, kind=kind,
                added=count, count=counters[kind], timestamp=ts)
    game.recorder.sync(state)
    return _then(game, state)


TO_ZONES = ("battlefield", "graveyard", "hand", "library", "exile", "command")
MOVE_KEYS = {
    "card": OBJECT, "to": Choice(values=TO_ZONES, what="zone", label="To the zone"),
    "position": Either(options=(Integer(low=1, high=999), Const(value="bottom")), label="Position in the library",
                       help="1 = on top (the default), n = nth from the top, or bottom"),
    "controller": PLAYER_ID,
}


def _check_move(value: Any, path: Path, v: Validation) -> None:
    if "position" in value and value.get("to") != "library":
        v.error((*path, "position"), "position goes with \"to\": \"library\"")
    if "controller" in value and value.get("to") != "battlefield":
        v.error((*path, "controller"), "controller goes with \"to\": \"battlefield\" (elsewhere a card is its owner's, CR 400.3)")


@VOCABULARY.entry("action", "move_card", rule=(K.NEW_OBJECT, K.ENTERS_TRIGGER, K.LEAVES_TRIGGER), keys=MOVE_KEYS,
                  required=("card", "to"), check=_check_move, label="Move a card (no cause)",
                  messages=("mtg.move", "mtg.illegal.move"),
                  example={"type": "move_card", "card": "bears", "to": "graveyard"},
                  doc="A judge's set-up: the card moves to its owner's `to` zone (the battlefield under `controller`, "
                      "default its owner; a library at `position`) with no spell or ability causing it. It is still a "
                      "zone change (CR 400.7): a new object, and what triggers on a permanent leaving or entering the "
                      "battlefield (603.6a, 603.6c) or dying (700.4) triggers, looking back in time (603.10a); nothing "
                      "triggers on a sacrifice, destruction or discard, since there was none; replacement effects on "
                      "the zone change apply (614.1). A spell on the stack or a card already in that zone is an "
                      "`illegal` step.",
                  row=row(MOVE_KEYS, main=("card", "to"), extra=("position", "controller")))
def move_card(game: Any, state: GameState, action: Mapping[str, Any]) -> GameState:
    """Move the card to the zone without a cause (a zone change all the same, CR 400.7)."""
    obj = state.objects[action["card"]]
    to = Zone(action["to"])
    why: Optional[str] = "on_the_stack" if obj.zone is Zone.STACK else "already_there" if obj.zone is to else None
    if why:
        game.record("illegal", "mtg.illegal.move", K.NEW_OBJECT, card=obj.id, card_name=obj.printed.name, why=why,
                    zone=obj.zone.value)
        return state
    position = action.get("position", 1)
    state = game.move(state, obj.id, to, "set_up", K.NEW_OBJECT, controller=action.get("controller"),
                      top=to is Zone.LIBRARY and position == 1, bottom=position == "bottom",
                      position=position if isinstance(position, int) and position > 1 else None)
    return _then(game, state)
