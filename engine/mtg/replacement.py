"""Replacement and prevention effects (CR 614-616): what each replaces (an entry of the
``replacement`` slot per event), the order in which several apply (616.1), self-replacement
(614.15, on the instruction itself: ``resolution.py``), "enters tapped" (614.1c); the
``replacement`` ability, document effect and instruction, and ``exile_instead``."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Optional

from ..core.schema import Validation
from ..core.validation import Path
from .choices import MAX_BRANCHES
from .filters import Context, matches
from .model import GameState, ObjectId, PlayerId, StackItem, Zone, freeze
from .players import is_player
from .resolution import COMMON, REFS, Resolution, check_instruction
from .rules import K
from .vocabulary import (
    COUNTER, FILTER, INSTRUCTIONS, VOCABULARY, Boolean, Deferred, Choice, Const, Either, Integer, ListOf, Record, Text, row,
)


@dataclass(frozen=True, slots=True)
class Replacement:
    """A replacement effect that may modify an event (CR 614.1), from a permanent's
    ``replacement`` ability or from a ``replacement`` effect (docs/scenario-format.md §8.10)."""

    id: str
    """``<object>.<ability index>`` or the effect's id; what ``options.choices`` orders."""
    source: Optional[ObjectId]
    controller: PlayerId
    """Whom ``you`` means."""
    spec: Mapping[str, Any]
    """``event``, ``affected``/``to``/``from``/``player``/``owner``/``combat``, ``instead`` or ``skip``."""
    name: str
    """What the trace calls it (its text, or the effect id)."""
    timestamp: int
    affected_ids: Optional[tuple[ObjectId, ...]] = None
    """Objects it is limited to (``object``/``target`` of the instruction that created it)."""
    affected_filter: Optional[Mapping[str, Any]] = None


class Replacing:
    """Replacement effects (CR 614, 616) for :class:`~engine.mtg.game.Game`."""

    def replacements(self, state: GameState) -> list[Replacement]:
        """Every replacement effect in force (CR 614.1): ``replacement`` abilities with an ``event``
        of permanents as the layers leave them (an ability removed by Humility replaces nothing),
        and ``replacement``/``exile_instead`` effects of resolved spells and of the document (while
        a document effect's ``if`` holds, 611.3a)."""
        out: list[Replacement] = []
        layers = self.layers(state)
        for oid in self.permanents(state):
            chars = layers.chars[oid]
            for ability in chars.abilities:
                if ability.kind == "replacement" and "event" in ability.spec:
                    out.append(Replacement(f"{oid}.{ability.key[1]}" if ability.key[0] == oid else f"{oid}.{ability.key[0]}.{ability.key[1]}",
                                           oid, chars.controller, ability.spec, chars.name,
                                           state.objects[oid].timestamp))
        for e in state.effects:
            if e.do not in ("replacement", "exile_instead") or not self.effect_holds(state, e):
                continue
            if e.do == "replacement":
                spec = dict(e.params)
                spec.pop("do", None)
                out.append(Replacement(e.id, e.source, e.controller, freeze(spec), str(e.params.get("text") or e.id),
                                       e.timestamp, e.affected_ids, e.affected_filter))
            else:
                out.append(Replacement(e.id, e.source, e.controller,
                                       freeze({"event": "zone_change", "from": "battlefield", "to": "graveyard",
                                               "instead": {"to": "exile"}, "legacy": "exile_instead"}),
                                       e.id, e.timestamp, e.affected_ids, e.affected_filter))
        return out

    def replacement_applies(self, state: GameState, r: Replacement, event: Mapping[str, Any]) -> bool:
        """Whether ``r`` would modify ``event`` now (CR 614.1, 614.7): the REPLACEMENT entry of the
        event says what it must match."""
        if r.spec.get("event") != event["event"]:
            return False
        ctx = Context(r.source, r.controller, state.objects[r.source].attached_to if r.source in state.objects else None)
        return VOCABULARY.apply_of("replacement", event["event"])(self, state, r, event, ctx)

    def affects_object(self, state: GameState, r: Replacement, oid: str, flt: Any, ctx: Context) -> bool:
        """Whether ``r`` is about the object ``oid``: its locked-in objects, or the FILTER ``flt``."""
        if r.affected_ids is not None:
            return oid in r.affected_ids
        flt = flt if flt is not None else r.affected_filter
        if flt is None:
            return True
        if oid not in state.objects:
            return False
        return matches(flt, oid, self.chars(state, oid), state.objects[oid], ctx)

    def affected_player(self, state: GameState, event: Mapping[str, Any]) -> PlayerId:
        """Who orders the replacement effects (CR 616.1): the affected player, or the affected
        object's controller (its owner if it has none)."""
        subject = event.get("target") if event["event"] == "damage" else event.get("object") or event.get("player")
        if is_player(subject):
            return subject
        obj = state.objects.get(subject)
        if obj is None:
            return state.active
        return self.chars(state, subject).controller if obj.zone is Zone.BATTLEFIELD else obj.owner

    def replace_event(self, state: GameState, event: Mapping[str, Any]) -> tuple[GameState, Optional[dict[str, Any]]]:
        """Apply the replacement effects that would modify ``event`` (CR 614, 616.1).

        ``event`` shapes: ``{event: damage, source, target, amount, combat, source_chars}``,
        ``{event: zone_change, object, from, to}``, ``{event: destroy, object}``,
        ``{event: draw, player}``, ``{event: draw_step, player}``. Each applicable effect gets one
        opportunity (614.5); with two or more, the affected player or controller chooses which
        applies first (616.1, ``options.choices["replace:<event>:<subject>"]`` = effect ids in
        order, else an open choice among the orders), and the rest are re-checked after each
        (616.1e/616.1f in 2020/2022). Effects that modify how a permanent enters (tapped, counters)
        give the same result in any order, so they apply in the order found, with no choice. Returns
        the state and the modified event, or ``None``
        when the event was replaced by something else or skipped (614.6).
        Errors: :class:`~engine.mtg.choices.OpenChoice` when the order is open.
        """
        current: dict[str, Any] = dict(event)
        applied: list[str] = []
        while True:
            candidates = [r for r in self.replacements(state)
                          if r.id not in applied and self.replacement_applies(state, r, current)]
            if not candidates:
                return state, current
            if len(candidates) > 1 and current["event"] != "enters":
                subject = current.get("target") or current.get("object") or current.get("player")
                ids = [r.id for r in candidates]
                options = [list(p) for p in itertools.islice(itertools.permutations(ids), MAX_BRANCHES + 1)]
                order = self.choose(state, f"replace:{current['event']}:{subject}", options, "mtg.choice.replacement_order",
                                    K.REPLACEMENT_ORDER if not applied else K.REPLACEMENT_REPEAT,
                                    player=self.affected_player(state, current), event=current["event"], effects=ids)
                chosen = next(r for rid in order for r in candidates if r.id == rid)
            else:
                chosen = candidates[0]
            applied.append(chosen.id)
            state, result = self.apply_replacement(state, chosen, current, repeat=len(applied) > 1)
            if result is None:
                return state, None
            current = result

    def apply_replacement(self, state: GameState, r: Replacement, event: dict[str, Any],
                          repeat: bool) -> tuple[GameState, Optional[dict[str, Any]]]:
        """Apply one replacement effect: the modified event, or ``None`` (CR 614.6)."""
        spec = r.spec
        kind = event["event"]
        key = K.REPLACEMENT_ONCE if repeat else K.REPLACEMENT
        subject = event.get("object") or event.get("target") or event.get("player")
        if spec.get("skip"):
            self.record("replace", "mtg.replace.skip", K.SKIP_STEP if kind == "draw_step" else K.REPLACEMENT_SKIP,
                        effect=r.id, effect_name=r.name, event=kind, subject=subject)
            return state, None
        instead = spec.get("instead")
        if isinstance(instead, (list, tuple)):
            self.record("replace", "mtg.replace.apply", K.REPLACEMENT_NEVER_HAPPENS, effect=r.id, effect_name=r.name,
                        event=kind, subject=subject, detail="instructions")
            item = StackItem(f"r:{r.id}", "replacement", r.controller, r.source or "", r.name, tuple(instead),
                             event=freeze({"object": event.get("object") or event.get("target"),
                                           "player": event.get("player") or r.controller}))
            return self.execute(state, item, ()), None
        instead = instead or {}
        new = dict(event)
        if kind == "damage":
            amount = event["amount"]
            if "amount_times" in instead:
                amount *= int(instead["amount_times"])
            amount += int(instead.get("amount_plus", 0)) - int(instead.get("amount_minus", 0))
            new["amount"] = max(amount, 0)
            detail = f"{event['amount']} → {new['amount']}"
        elif kind == "zone_change" and "to" in instead:
            new["to"] = instead["to"]
            detail = f"{event['to']} → {new['to']}"
        elif kind == "enters":
            return state, self.enters_modified(r, event)
        else:
            detail = "no change"
        if spec.get("legacy") == "exile_instead":
            self.record("replace", "mtg.replace.exile_instead", K.REPLACEMENT, card=subject,
                        card_name=self.name_of(state, subject))
        else:
            self.record("replace", "mtg.replace.apply", key, effect=r.id, effect_name=r.name, event=kind,
                        subject=subject, detail=detail)
        return state, new

    def enters_modified(self, r: Replacement, event: Mapping[str, Any]) -> dict[str, Any]:
        """Apply one replacement effect of the ``enters`` event: the permanent enters tapped and/or
        with counters (CR 614.1c for its own ability, 614.1d for another source's; 122.6)."""
        instead, new = r.spec.get("instead") or {}, dict(event)
        oid = event["object"]
        key = K.ENTERS_REPLACEMENT if r.source == oid else K.ENTERS_CONTINUOUS
        if instead.get("tapped"):
            new["tapped"] = True
            self.record("replace", "mtg.replace.enters_tapped", key, card=oid, card_name=self.name_of_entering(oid, event),
                        effect=r.id, effect_name=r.name)
        if "counter" in instead:
            kind = instead["counter"]
            count = int(event.get("x", 0)) if instead.get("count") == "x" else int(instead.get("count", 1))
            counters = dict(new["counters"])
            counters[kind] = counters.get(kind, 0) + count
            new["counters"] = counters
            self.record("counters", "mtg.enters.counters", K.ENTERS_WITH_COUNTERS, card=oid,
                        card_name=self.name_of_entering(oid, event), kind=kind, count=count, effect=r.id,
                        effect_name=r.name)
        return new

    def name_of_entering(self, oid: str, event: Mapping[str, Any]) -> str:
        """What the trace calls the permanent an ``enters`` event is about."""
        return str(event.get("name") or oid)

    @staticmethod
    def enters_tapped(chars: Any) -> bool:
        """Whether a permanent with the characteristics ``chars`` (as it would exist on the
        battlefield, CR 614.12) has "enters the battlefield tapped" (614.1c)."""
        return any(a.kind == "replacement" and a.spec.get("replace") == "enters_tapped" for a in chars.abilities)


# ----------------------------------------------------------------------------- the events replaced

ZONES = ("battlefield", "graveyard", "hand", "library", "exile", "stack", "command")
ZONE_OR_ZONES = Either(options=(Choice(values=ZONES, what="zone"),
                                ListOf(item=Choice(values=ZONES, what="zone"), min_items=1, max_items=7)),
                       label="Zone or zones")
MESSAGES = ("mtg.replace.apply", "mtg.replace.skip")


def _replaced(name: str, rule: Any, keys: dict, label: str, doc: str, example: dict, required: tuple[str, ...] = (),
              check: Any = None, messages: tuple[str, ...] = MESSAGES):
    return VOCABULARY.entry("replacement", name, rule=rule, keys=keys, required=required, label=label, doc=doc,
                            example={"event": name, **example}, messages=messages, check=check, row=row(keys))


DAMAGE_INSTEAD = Record(fields={"amount_times": Integer(low=0, high=99, label="Times"),
                                "amount_plus": Integer(low=0, high=999_999, label="Plus"),
                                "amount_minus": Integer(low=0, high=999_999, label="Minus")},
                        label="Instead", help="the damage becomes amount × times + plus − minus")


@_replaced("damage", (K.REPLACEMENT, K.DAMAGE), {
    "to": FILTER, "player": Choice(values=("you", "opponent", "any"), what="player", label="To the player"),
    "from": FILTER, "combat": Boolean(label="Combat damage", help="true: combat damage only; false: other damage only"),
    "instead": Either(options=(DAMAGE_INSTEAD, INSTRUCTIONS)),
}, "Damage would be dealt",
   "Damage that would be dealt: to a permanent matching `to`, to the player `player` (`you`, `opponent`, `any`), "
   "from a source matching `from`, combat damage only or not (`combat`); neither `to` nor `player`: to any recipient. "
   "`instead` changes the amount (`amount_times`, `amount_plus`, `amount_minus`) or is instructions that happen "
   "instead (CR 614.1a, 614.6).", {"player": "opponent", "instead": {"amount_times": 2}}, required=("instead",))
def _damage(game: Any, state: GameState, r: Replacement, event: Mapping[str, Any], ctx: Context) -> bool:
    spec = r.spec
    target = event["target"]
    if spec.get("combat") is not None and bool(spec["combat"]) != bool(event.get("combat")):
        return False
    if "from" in spec:
        schars, src = event.get("source_chars"), event["source"]
        sobj = state.objects.get(src)
        if schars is None or sobj is None or not matches(spec["from"], src, schars, sobj, ctx):
            return False
    if is_player(target):
        who = spec.get("player")
        if who is None:
            return "to" not in spec and r.affected_ids is None and r.affected_filter is None
        return who == "any" or (who == "you") == (target == r.controller)
    if "player" in spec and "to" not in spec:
        return False
    return game.affects_object(state, r, target, spec.get("to"), ctx)


def _object_event(game: Any, state: GameState, r: Replacement, event: Mapping[str, Any], ctx: Context) -> Optional[str]:
    oid = event.get("object")
    return oid if oid is not None and oid in state.objects else None


@_replaced("destroy", (K.REPLACEMENT, K.DESTROY), {"affected": FILTER, "instead": INSTRUCTIONS},
           "A permanent would be destroyed",
           "A permanent matching `affected` would be destroyed; the instructions happen instead, `\"object\": "
           "\"event\"` being that permanent (regeneration: tap it and remove its damage, CR 614.1a, 701.15a).",
           {"affected": {"self": True}, "instead": [{"do": "tap", "object": "event"}, {"do": "remove_damage", "object": "event"}]},
           required=("instead",))
def _destroy(game: Any, state: GameState, r: Replacement, event: Mapping[str, Any], ctx: Context) -> bool:
    oid = _object_event(game, state, r, event, ctx)
    return oid is not None and game.affects_object(state, r, oid, r.spec.get("affected"), ctx)


@_replaced("zone_change", (K.REPLACEMENT, K.NEW_OBJECT), {
    "affected": FILTER, "from": ZONE_OR_ZONES, "to": ZONE_OR_ZONES,
    "owner": Choice(values=("you", "opponent"), what="owner", label="Owned by"),
    "instead": Either(options=(Record(fields={"to": Choice(values=ZONES, what="zone")}, required=("to",)), INSTRUCTIONS)),
}, "An object would change zones",
   "An object matching `affected`, owned by `owner`, would move from a zone in `from` to one in `to`; `instead` "
   "sends it to another zone (`{\"to\": \"exile\"}`) or is instructions that happen instead (CR 614.1a, 614.6).",
   {"from": "battlefield", "to": "graveyard", "instead": {"to": "exile"}}, required=("instead",))
def _zone_change(game: Any, state: GameState, r: Replacement, event: Mapping[str, Any], ctx: Context) -> bool:
    spec = r.spec
    oid = _object_event(game, state, r, event, ctx)
    if oid is None:
        return False
    frm, to = spec.get("from"), spec.get("to")
    if frm is not None and event["from"] not in ((frm,) if isinstance(frm, str) else frm):
        return False
    if to is not None and event["to"] not in ((to,) if isinstance(to, str) else to):
        return False
    if spec.get("owner") is not None and (spec["owner"] == "you") != (state.objects[oid].owner == r.controller):
        return False
    return game.affects_object(state, r, oid, spec.get("affected"), ctx)


DRAWER = Choice(values=("you", "opponent", "each"), what="player", label="Who draws")


def _check_draw(value: Any, path: Path, v: Validation) -> None:
    if ("instead" in value) == ("skip" in value):
        v.error(path, "a draw replacement has either instead (instructions) or skip: true (CR 614.1a, 614.1b)")


@_replaced("draw", (K.REPLACEMENT, K.DRAW), {"player": DRAWER, "instead": INSTRUCTIONS, "skip": Const(value=True)},
           "A player would draw a card",
           "The player (`you`, default, `opponent` or `each`) would draw a card: the instructions happen instead, or "
           "with `skip` the draw doesn't happen (CR 614.1a, 614.1b).", {"player": "you", "skip": True},
           check=_check_draw)
def _draw(game: Any, state: GameState, r: Replacement, event: Mapping[str, Any], ctx: Context) -> bool:
    who = r.spec.get("player", "you")
    return who == "each" or (who == "you") == (event["player"] == r.controller)


@_replaced("draw_step", (K.SKIP_STEP, K.DRAW_STEP), {"player": DRAWER, "skip": Const(value=True)},
           "A player's draw step", "The player's draw in their draw step doesn't happen (`skip`, CR 614.10, 504.1).",
           {"player": "you", "skip": True}, required=("skip",))
def _draw_step(game: Any, state: GameState, r: Replacement, event: Mapping[str, Any], ctx: Context) -> bool:
    return _draw(game, state, r, event, ctx)


ENTERS_INSTEAD = Record(fields={
    "tapped": Const(value=True, label="Tapped", help="it enters the battlefield tapped"),
    "counter": COUNTER,
    "count": Either(options=(Integer(low=1, high=999, label="Count"), Const(value="x")), label="How many",
                    help="a number, or \"x\": the X its spell was cast with (default 1)"),
}, label="It enters", help="tapped, and/or with `count` counters of the kind `counter`")


def _check_enters(value: Any, path: Path, v: Validation) -> None:
    instead = value.get("instead")
    if not isinstance(instead, Mapping):
        return
    if not instead.get("tapped") and "counter" not in instead:
        v.error((*path, "instead"), "an enters replacement makes it enter tapped (tapped: true) and/or with counters "
                                    "(counter, count) (CR 614.1c)")
    if "count" in instead and "counter" not in instead:
        v.error((*path, "instead", "count"), "count goes with counter (the kind of counter it enters with)")


@_replaced("enters", (K.ENTERS_REPLACEMENT, K.ENTERS_CONTINUOUS, K.LOOK_AHEAD), {
    "affected": FILTER, "instead": ENTERS_INSTEAD,
    "chosen_type": Const(value=True, label="Of the chosen type",
                         help="only a permanent of the creature type chosen as the source entered (614.12a)"),
}, "A permanent would enter the battlefield",
   "A permanent would enter the battlefield: it enters tapped and/or with counters instead (\"[this permanent] "
   "enters the battlefield with …\", CR 614.1c; \"[objects] enter the battlefield tapped\", 614.1d; 122.6). A "
   "permanent's own ability applies to itself unless it has `affected`; a FILTER `affected` is matched against the "
   "permanent as it would exist on the battlefield, after the continuous effects that would apply to it (614.12); "
   "with `chosen_type` it must also have the creature type chosen as the source entered (Metallic Mimic).",
   {"instead": {"counter": "+1/+1", "count": 2}}, required=("instead",), check=_check_enters,
   messages=("mtg.replace.enters_tapped", "mtg.enters.counters", "mtg.enters.look_ahead"))
def _enters(game: Any, state: GameState, r: Replacement, event: Mapping[str, Any], ctx: Context) -> bool:
    oid = _object_event(game, state, r, event, ctx)
    if oid is None:
        return False
    if r.spec.get("chosen_type") and game.chosen_value(state, r.source, "creature_type") not in game.chars(state, oid).subtypes:
        return False
    if "affected" not in r.spec and r.affected_ids is None and r.affected_filter is None:
        return r.source == oid
    return game.affects_object(state, r, oid, r.spec.get("affected"), ctx)


# ----------------------------------------------------------------------------- where replacement effects are written

EVENT_KEYS: dict[str, Any] = {"event": Choice(values=tuple(VOCABULARY.names("replacement")), what="replaced event",
                                              label="Replaces")}
for _entry in VOCABULARY.entries("replacement"):
    EVENT_KEYS.update({key: Deferred(label=field.label, help=field.help) for key, field in _entry.keys.items()})
"""Every key a replacement effect's event may have (each event checks its own, :func:`check_replaced`)."""


def check_replaced(value: Any, path: Path, v: Validation, frame: tuple[str, ...]) -> None:
    """Check the event keys of a replacement effect written with ``frame`` keys of its own
    (a document effect's id and duration, an instruction's objects): they must be the event's."""
    own = {key: item for key, item in value.items() if key in EVENT_KEYS and key not in frame}
    if "event" not in own:
        v.error((*path, "event"), "event is required: " + ", ".join(VOCABULARY.names("replacement")))
        return
    VOCABULARY.check(own, path, "replacement", v)


_TEXT = {"text": Text(max_length=2_000, label="Text", help="what the trace calls it")}
VOCABULARY.define("effect", "replacement", rule=K.REPLACEMENT, keys={**{k: f for k, f in EVENT_KEYS.items()}, **_TEXT},
                  required=("event",), check=lambda value, path, v: check_replaced(value, path, v, ("do", "text")),
                  label="A replacement effect", messages=MESSAGES,
                  example={"do": "replacement", "event": "zone_change", "from": "battlefield", "to": "graveyard",
                           "instead": {"to": "exile"}, "text": "Exile it instead."},
                  doc="A replacement effect in force (CR 614.1): what it replaces is its REPLACEMENT `event` with that "
                      "event's keys; it applies to the document effect's `affected` objects.")
VOCABULARY.define("effect", "exile_instead", rule=K.REPLACEMENT, label="Exiled instead of dying",
                  messages=("mtg.replace.exile_instead",), example={"do": "exile_instead"},
                  doc="If an object it affects would be put into a graveyard from the battlefield, it is exiled instead "
                      "(a zone_change replacement, CR 614.1a).")

REPLACEMENT_INSTRUCTION_KEYS = {**EVENT_KEYS, **_TEXT, "target": REFS["target"], "object": REFS["object"],
                                "duration": VOCABULARY.use("duration"), "optional": COMMON["optional"]}


def _check_instruction(value: Any, path: Path, v: Any) -> None:
    check_instruction(value, path, v)
    check_replaced(value, path, v, ("do", "text", "target", "object", "duration", "optional"))


@VOCABULARY.entry("instruction", "replacement", rule=(K.TIMESTAMP_RESOLVED, K.REPLACEMENT), keys=REPLACEMENT_INSTRUCTION_KEYS,
                  required=("event",), check=_check_instruction, label="Creates a replacement effect",
                  messages=("mtg.effect.created",),
                  example={"do": "replacement", "target": 0, "event": "zone_change", "from": "battlefield",
                           "to": "graveyard", "instead": {"to": "exile"}, "duration": "end_of_turn"},
                  doc="Creates a replacement effect (CR 614.1) for `duration` (Lava Coil: \"if that creature would die "
                      "this turn, exile it instead\"): its REPLACEMENT `event` with that event's keys, about the objects "
                      "`target`/`object` names (locked in) or the `affected` FILTER. Its `instead` instructions run "
                      "with `\"object\": \"event\"` meaning the affected object (614.6).",
                  row=row(REPLACEMENT_INSTRUCTION_KEYS, main=("event", "target", "instead", "duration")))
def replacement_instruction(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Create the replacement effect an instruction describes."""
    return ctx.game.create_effect(ctx, state, part)


def _check_ability(value: Any, path: Path, v: Validation) -> None:
    forms = [key for key in ("event", "replace", "as_enters") if key in value]
    if len(forms) != 1:
        v.error(path, "a replacement ability has exactly one of: event (what it replaces), replace (\"enters_tapped\") "
                      "or as_enters (a choice made as it enters)")
        return
    if forms[0] == "event":
        check_replaced(value, path, v, ("kind", "text"))
    else:
        for key in ("filter", "counters"):
            if key in value and value.get("as_enters") is None:
                v.error((*path, key), f"{key} goes with as_enters")
        if "counters" in value and value.get("as_enters") != "reveal":
            v.error((*path, "counters"), "counters goes with as_enters: reveal")
        stray = [key for key in value if key in EVENT_KEYS and key not in ("affected",)]
        for key in stray:
            v.error((*path, key), f"{key} goes with event (a replacement of an event)")


ABILITY_KEYS = {
    **EVENT_KEYS,
    "replace": Const(value="enters_tapped", label="Enters tapped", help="\"enters the battlefield tapped\" (CR 614.1c)"),
    "as_enters": Choice(values=("reveal", "choose_name", "choose_color", "choose_player", "choose_creature_type"),
                        what="as-enters choice", label="As it enters",
                        help="reveal: cards from the hand, a counter each; choose_name: a card name; choose_color: a "
                             "color; choose_player: a player; choose_creature_type: a creature type (CR 614.12a, "
                             "614.1c)"),
    "filter": FILTER, "counters": COUNTER,
}
VOCABULARY.define("ability", "replacement", rule=(K.REPLACEMENT, K.ENTERS_REPLACEMENT), keys=ABILITY_KEYS,
                  check=_check_ability, label="Replacement ability",
                  messages=("mtg.replace.apply", "mtg.replace.enters_tapped", "mtg.name.chosen", "mtg.enters.counters",
                            "mtg.enters.look_ahead", "mtg.chosen.as_enters"),
                  example={"kind": "replacement", "event": "damage", "to": {"self": True}, "instead": {"amount_minus": 1}},
                  doc="A replacement effect of the permanent (CR 614.1), applied while it has the ability after the "
                      "layers: `event` and that event's keys (REPLACEMENT); or `\"replace\": \"enters_tapped\"` (614.1c); "
                      "or a choice made as it enters (614.12a): `\"as_enters\": \"reveal\"` with a FILTER and `counters` "
                      "(reveal any number of matching cards from the hand, one counter each; key `reveal:<id>`), or "
                      "`\"as_enters\": \"choose_name\"` with a FILTER (the names of the matching cards in the scenario "
                      "are the options; key `name:<id>`), `\"as_enters\": \"choose_color\"` (a color, key `color:<id>`) or "
                      "`\"as_enters\": \"choose_player\"` (a player, key `player:<id>`) or `\"as_enters\": "
                      "\"choose_creature_type\"` (key `creature_type:<id>`): the choice is made before it enters and "
                      "belongs to that object while it stays (a protection keyword `from` `chosen_color` or "
                      "`chosen_player` reads it; an `enters` replacement's `chosen_type` the creature type).",
                  row=row(ABILITY_KEYS, main=("event", "instead", "replace", "as_enters")))
