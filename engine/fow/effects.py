"""Effects of resolved abilities (FoW 9.8–9.10, 10.17, 10.19): continuous, replacement and
delayed-trigger effects, their durations, and the instructions that create them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..core.validation import Path, format_path
from ..core.vocabulary import Boolean, Choice, Field, Integer, ListOf, Record, Row, Text, Validation, check_keys
from .model import BATTLE_DURATIONS, ZONES, Effect, GameState, frozen
from .resolution import Instruction, Resolution, refs
from .rules import silent, wp
from .targets import marks
from .triggers import FIRED_EVENTS
from .vocabulary import (APPLIES_TO, BATTLE_ACTION, BATTLE_COST, CARD_ID, CARD_OR_PLAYER, PLAYER, TARGET_ANY, TARGET_CARDS, VOCABULARY,
                         Reference, SlotSubset, check_subset)

# ----------------------------------------------------------------------------- durations

for _name, _section, _label, _doc in (
        ("permanent", "9.9", "Permanent", "The effect lasts as long as the game (FoW 9.9); the default."),
        ("end_of_turn", "5.4", "Until end of turn", "Ended in the end phase's final step (FoW 5.4 「結束所有直到回合結束有效的持續性效應」)."),
        ("end_of_battle", "8.6", "Until end of battle", "\"Until the end of the battle\" (直到戰鬥結束時失效): ended in the "
         "final step of the end of battle step (FoW 8.6). Begun outside a battle it is not covered: it lasts until the "
         "next end of battle step (a not_covered step)."),
        ("during_battle", "8.6", "During the battle", "\"In effect during the battle\" (戰鬥中生效): ended in the final "
         "step of the end of battle step (FoW 8.6), as `end_of_battle`.")):
    VOCABULARY.define("duration", _name, rule=(_section, "9.1"), label=_label, doc=_doc,
                      messages=("fow.end.final_step",) if _name == "end_of_turn" else
                      ("fow.battle.final_step", "fow.not_covered") if _section == "8.6" else (), example=_name)

DURATION = VOCABULARY.use("duration", label="Lasts", default="permanent", help="how long the effect lasts")

# ----------------------------------------------------------------------------- effect-creating instructions

def create_effect(ctx: Resolution, state: GameState, instr: Instruction, kind: str) -> tuple[GameState, Resolution]:
    """Create a continuous or replacement effect fixed to the cards it affects (FoW 9.9, 9.10).

    The effect's spec is the instruction; a filter ``target`` is a condition effect whose scope
    is the ``condition_effect_scope`` reading (FoW 9.9). An effect of a battle duration begun
    outside a battle is not covered (it lasts until the next end of battle step, 8.6).
    """
    g, item = ctx.game, ctx.item
    targets = refs(ctx, state, instr)
    state, stamp = state.tick()
    spec = dict(instr)
    flt = instr.get("target") if isinstance(instr.get("target"), Mapping) else None
    affected: tuple[str, ...] | None = tuple(targets)
    if flt is not None:
        spec["applies_to"] = flt
        if g.options["condition_effect_scope"] == "any_card":
            affected = None
        g.rec("effect", "fow.effect.scope", wp("9.9"), reading=g.options["condition_effect_scope"],
              locked=list(targets) if affected is not None else [])
    duration = instr.get("duration", "permanent")
    if duration in BATTLE_DURATIONS and state.battle is None:
        g.rec("not_covered", "fow.not_covered",
              silent("battle_duration_outside_battle"),
              topic="battle_duration_outside_battle",
              default="it lasts until the next end of battle step (8.6 clears every such effect there)")
    effect = Effect(f"e{stamp}", kind, item.source, item.controller, stamp, frozen(spec), affected, marks(state, targets),
                    duration)
    state = replace(state, effects=state.effects + (effect,))
    g.rec("effect", "fow.effect.create", wp("9.10" if kind == "replacement" else "9.9"), effect=effect.id, kind=kind,
          affected=list(targets), duration=effect.duration, timestamp=stamp)
    return state, ctx


CHANGE_KEYS = tuple(VOCABULARY.names("change"))
"""The keys of a continuous-effect change (engine.fow.continuous)."""


def _check_modify(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    check_subset(value, path, v, "change", CHANGE_KEYS)


@VOCABULARY.entry("instruction", "modify", rule=("9.9", "10.19"), label="Change cards (continuous effect)",
                  doc="Creates a continuous effect (FoW 9.9) on the `target` cards that changes their information as "
                      "the change keys say (`atk`, `def`, `set_atk`, `set_def`, `gain`, `lose`, `lose_all`, "
                      "`races_become`, `races_gain`, `name_become`), for its `duration`. It is fixed to the cards it "
                      "affected when it began; with a filter `target` (a condition effect) the scope is the "
                      "`condition_effect_scope` reading.",
                  keys={"target": TARGET_CARDS, "duration": DURATION,
                        **{key: SlotSubset(slot="change", label=key) for key in CHANGE_KEYS}},
                  check=_check_modify, messages=("fow.effect.create", "fow.effect.scope", "fow.not_covered"),
                  example={"do": "modify", "target": 0, "atk": 200, "duration": "end_of_turn"},
                  row=Row(main=("target", "atk", "def", "duration"), extra=tuple(k for k in CHANGE_KEYS if k not in ("atk", "def"))))
def modify(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``modify``: a continuous effect on the ``target`` (:func:`create_effect`)."""
    return create_effect(ctx, state, instr, "continuous")


@VOCABULARY.entry("instruction", "prevent", rule=("10.17", "9.10"), label="Prevent damage",
                  doc="Creates a replacement effect (FoW 10.17) on the `target` cards or players: the next damage "
                      "they would be dealt is reduced by `amount` (all of it when there is no amount). It applies "
                      "once (9.10); what is left of an amount after a smaller hit is the `partial_prevention` reading.",
                  keys={"target": TARGET_ANY, "amount": Integer(low=0, high=1_000_000, label="Amount",
                                                                help="damage prevented; none: all"),
                        "duration": DURATION},
                  messages=("fow.effect.create",), example={"do": "prevent", "target": "this", "amount": 300},
                  row=Row(main=("target", "amount"), extra=("duration",)))
def prevent(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``prevent``: a replacement effect on the ``target`` (:func:`create_effect`)."""
    return create_effect(ctx, state, instr, "replacement")


@VOCABULARY.entry("instruction", "cannot_be_destroyed", rule=("10.9", "1.4"), label="Cannot be destroyed",
                  doc="Creates an effect on the `target` cards for its `duration`: destroying them does nothing "
                      "(FoW 10.9, 1.4), rule processing's destruction (13.2) included.",
                  keys={"target": TARGET_CARDS, "duration": DURATION}, messages=("fow.effect.create",),
                  example={"do": "cannot_be_destroyed", "target": 0, "duration": "end_of_turn"},
                  row=Row(main=("target", "duration")))
def cannot_be_destroyed(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``cannot_be_destroyed``: a replacement effect on the ``target`` (:func:`create_effect`)."""
    return create_effect(ctx, state, instr, "replacement")


REDIRECT = Reference(words=("this", "you", "opponent"), index=False, filter=False, label="Redirect to",
                     help="who is dealt the damage instead: this (the effect's source), you, opponent, or an object id")
INSTEAD = Record(fields={"redirect": REDIRECT,
                         "move_to": Choice(values=tuple(z for z in ZONES if z != "chase"), what="zone", label="Put into",
                                           help="where the card goes instead of the graveyard")},
                 label="Instead", help="redirect (for damage) or move_to (for destruction)")


def check_replace(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    """Record an error unless a replacement's ``instead`` fits its ``event`` (FoW 9.10): ``damage``
    takes ``instead.redirect``, ``destroy`` ``instead.move_to`` (the ``replace`` instruction, an
    effect in force, a static ability's ``replacement``)."""
    instead = value.get("instead")
    if not isinstance(instead, Mapping):
        return
    need = {"damage": "redirect", "destroy": "move_to"}.get(value.get("event"))
    for key in instead:
        if key != need:
            v.error((*path, "instead", key), f"a replacement of {value.get('event')} takes instead.{need}, not {key}")
    if need is not None and need not in instead:
        v.error((*path, "instead", need), f"instead.{need} is required")


@VOCABULARY.entry("instruction", "replace", rule=("9.10",), label="Replace an event",
                  doc="Creates a replacement effect (FoW 9.10) on the `target` cards or players for its `duration`: "
                      "`event` `damage` with `instead.redirect` deals the damage to another card or player; `event` "
                      "`destroy` with `instead.move_to` puts the card into that zone instead of the graveyard. With "
                      "`once` it is spent after one use, otherwise it applies once to each event. With `optional` "
                      "(\"you may … instead\") its controller may decline it (9.10: only where the effect allows). When two or more "
                      "apply, the affected player (or the controller of the affected card) chooses one.",
                  keys={"target": TARGET_ANY, "event": Choice(values=("damage", "destroy"), what="event", label="Replaces"),
                        "instead": INSTEAD, "once": Boolean(label="Only once", default=False),
                        "optional": Boolean(label="Optional (you may)", default=False,
                                            help="\"you may … instead\": its controller chooses to apply or decline it "
                                                 "each time (FoW 9.10); none given: a choice"),
                        "duration": DURATION},
                  required=("event", "instead"), check=check_replace,
                  messages=("fow.effect.create", "fow.replace.redirect", "fow.replace.destroy", "fow.replace.declined"),
                  example={"do": "replace", "target": 0, "event": "destroy", "instead": {"move_to": "removed"}, "once": True},
                  row=Row(main=("target", "event", "instead"), extra=("once", "optional", "duration")))
def replace_event(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``replace``: a replacement effect on the ``target`` (:func:`create_effect`)."""
    return create_effect(ctx, state, instr, "replacement")


@VOCABULARY.entry("instruction", "battle_cost", rule=("8.2", "8.3"), label="Cost to attack or block",
                  doc="Creates a continuous effect on the `target` cards for its `duration`: their player must perform "
                      "`cost` to `action` (`attack` or `block`) with them (FoW 8.2, 8.3); when it cannot be performed "
                      "the game goes back to the choice to attack (or block) or not.",
                  keys={"target": TARGET_CARDS, "action": BATTLE_ACTION, "cost": BATTLE_COST, "duration": DURATION},
                  required=("action", "cost"), messages=("fow.effect.create", "fow.battle.cost", "fow.battle.rollback"),
                  example={"do": "battle_cost", "target": 0, "action": "attack", "cost": {"void": 1}, "duration": "end_of_turn"},
                  row=Row(main=("target", "action", "cost"), extra=("duration",)))
def battle_cost_effect(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``battle_cost``: a continuous effect on the ``target`` (:func:`create_effect`)."""
    return create_effect(ctx, state, instr, "continuous")


@VOCABULARY.entry("instruction", "delayed", rule=("9.6",), label="Delayed triggered ability",
                  doc="Creates a delayed triggered ability (FoW 9.6): the next time `event` happens it triggers once and "
                      "its `effect` (instructions, without targets) goes on the chase in priority processing.",
                  keys={"event": Choice(values=FIRED_EVENTS, what="event", label="When"),
                        "effect": ListOf(item=VOCABULARY.use("instruction"), min_items=1, max_items=20, label="Then")},
                  required=("event", "effect"), messages=("fow.effect.delayed", "fow.trigger.delayed"),
                  example={"do": "delayed", "event": "end_of_turn", "effect": [{"do": "draw", "target": "you"}]},
                  row=Row(main=("event", "effect")))
def delayed(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``delayed``: a delayed triggered ability waiting for ``event`` (FoW 9.6)."""
    g, item = ctx.game, ctx.item
    state, stamp = state.tick()
    effect = Effect(f"e{stamp}", "delayed", item.source, item.controller, stamp,
                    frozen({"event": instr["event"], "effect": instr.get("effect", [])}))
    state = replace(state, effects=state.effects + (effect,))
    g.rec("effect", "fow.effect.delayed", wp("9.6"), effect=effect.id, event=instr["event"])
    return state, ctx


# ----------------------------------------------------------------------------- effects[] of the scenario

REPLACEMENTS = ("prevent", "cannot_be_destroyed", "replace")
"""The instructions whose effects are replacement effects (``effects[].spec.do``)."""


@dataclass(frozen=True, kw_only=True)
class EffectSpec(Field):
    """The ``spec`` of an effect in force: the body of the instruction that created it (one of
    ``instructions``, named by ``do``; ``do`` may be left out for the first), without the
    ``target`` and ``duration`` the effect itself holds (``affected``, ``duration``)."""

    instructions: tuple[str, ...] = ()
    do_optional: bool = False

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        if v.checker.mapping(value, path) is None:
            return False
        do = value.get("do", self.instructions[0] if self.do_optional else None)
        if do not in self.instructions:
            v.error((*path, "do"), f"unknown effect {str(do)[:40]!r}; expected do: one of {', '.join(self.instructions)}")
            return False
        entry = VOCABULARY.get("instruction", do)
        fields = {key: item for key, item in entry.keys.items() if key not in ("target", "duration")}
        # What the effect applies to when no card was fixed (FoW 9.9): the created effect keeps its filter target here.
        fields["applies_to"] = APPLIES_TO if do == "modify" else VOCABULARY.use("filter")
        if do in REPLACEMENTS:
            del fields["applies_to"]
        ok = check_keys(value, path, v, fields, entry.required, ignore=("do",))
        v.used.append(("instruction", do, format_path(path)))
        if entry.check is not None:
            before = len(v.checker.errors)
            entry.check(value, path, v)
            ok = ok and len(v.checker.errors) == before
        return ok

    def describe(self) -> str:
        return "the body of " + " or ".join(f"`{name}`" for name in self.instructions) + " (without target and duration)"


_EFFECT_KEYS = {
    "id": Text(min_length=1, max_length=64, label="Key", help="the effect's key (default s<index>); turn.effect_order names it"),
    "source": CARD_ID, "controller": PLAYER,
    "timestamp": Integer(low=0, high=1_000_000, label="Timestamp",
                         help="when it began (FoW 9.9): continuous effects apply in this order, and effects created "
                              "later get later timestamps"),
    "affected": ListOf(item=CARD_ID, max_items=200, label="Affects",
                       help="the cards or players it is fixed to (FoW 9.9); none: the spec's applies_to is read each time"),
    "duration": DURATION,
}

VOCABULARY.define("effect", "continuous", rule=("9.9",), label="Continuous effect",
                  doc="A continuous effect of an ability that resolved earlier (FoW 9.9): `spec` holds the changes of a "
                      "`modify` (and, for a condition effect, `applies_to`) or the body of a `battle_cost`; it applies "
                      "to the `affected` cards (while they meet `applies_to`) in its step, by timestamp.",
                  keys={**_EFFECT_KEYS, "spec": EffectSpec(instructions=("modify", "battle_cost"), do_optional=True,
                                                           label="What it does")},
                  required=("spec",), messages=("fow.continuous.apply",),
                  example={"kind": "continuous", "id": "pump", "timestamp": 2, "spec": {"atk": 300}, "affected": ["x"],
                           "duration": "end_of_turn"},
                  row=Row(main=("spec", "affected", "duration"), extra=("id", "source", "controller", "timestamp")))
VOCABULARY.define("effect", "replacement", rule=("9.10",), label="Replacement effect",
                  doc="A replacement effect of an ability that resolved earlier (FoW 9.10): the body of a `prevent`, "
                      "`cannot_be_destroyed` or `replace` in `spec`, on the `affected` cards or players.",
                  keys={**_EFFECT_KEYS, "affected": ListOf(item=CARD_OR_PLAYER, max_items=200, label="Affects",
                                                           help="the cards or players it applies to (none: every one)"),
                        "spec": EffectSpec(instructions=REPLACEMENTS, label="What it does")},
                  required=("spec",), messages=("fow.damage.prevented", "fow.replace.redirect", "fow.replace.destroy"),
                  example={"kind": "replacement", "id": "shield", "spec": {"do": "prevent", "amount": 300}, "affected": ["x"]},
                  row=Row(main=("spec", "affected", "duration"), extra=("id", "source", "controller", "timestamp")))
VOCABULARY.define("effect", "delayed", rule=("9.6",), label="Delayed triggered ability",
                  doc="A delayed triggered ability made by an ability that resolved earlier (FoW 9.6): `spec` is "
                      "`{event, effect}`; the next time the event happens it triggers once.",
                  keys={key: item for key, item in _EFFECT_KEYS.items() if key != "affected"} | {
                      "spec": Record(fields={"event": Choice(values=FIRED_EVENTS, what="event"),
                                             "effect": ListOf(item=VOCABULARY.use("instruction"), min_items=1, max_items=20)},
                                     required=("event", "effect"), label="When and what")},
                  required=("spec",), messages=("fow.trigger.delayed",),
                  example={"kind": "delayed", "source": "x", "spec": {"event": "end_of_turn",
                                                                     "effect": [{"do": "draw", "target": "you"}]}},
                  row=Row(main=("spec",), extra=("id", "source", "controller", "timestamp", "duration")))
