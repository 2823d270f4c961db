"""ATK and DEF: changes by effects, Continuous Effects and lingering effects (ARC-V 3.1.4.5,
3.2.7.1, 4.1.4, 4.1.5; MR2 ch2.7, ch5.36).

A monster's ATK/DEF is its original value with its modifiers applied in the order they were
made, floored at 0 (ARC-V 4.1.5.i1; that the changes add up before the floor is a ruling).
Each change is a :class:`~engine.ygo.model.Modifier` kept on the card, so that when one ends
(the End Phase, its source leaving the field) the value is computed again without it; every
change is also kept in the card's value history (the result's ``value_history``).

The verbs ``change_atk`` / ``change_def`` are registered twice: as instructions (a resolving
link changes the value) and as Continuous Effects (the value is changed while the source is
face-up on the field). ``unsupported`` in a Continuous Effect, and a Continuous Effect given
only as ``text``, are reported as text the engine cannot evaluate whenever its card is, or
comes, face-up on the field.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from typing import Any, Optional

from ..core.validation import Path
from ..core.vocabulary import Boolean, Integer, Row, Text, Validation
from .duel import Duel
from .filters import CardFilterField
from .model import FIELD_ZONES, Card, ChainLink, Effect, EffectClass, GameState, Instruction, Modifier, ValueChange, Zone
from .protection import effects_negated, negates, negating_source, protection
from .rules import R
from .targets import REFERENCE_KEYS, check_references, not_applicable, objects_of
from .vocabulary import VOCABULARY

MAX_VALUE = 999_999
STATS = ("atk", "def")
TRAITS = ("level", "race", "attribute")
"""What a Continuous Effect of engine/ygo/continuous.py changes besides ATK/DEF."""

VOCABULARY.define("duration", "permanent", rule=(R.STAT_CHANGE,), label="Permanent",
                  doc="The change lasts as long as the monster stays face-up on the field; it ends when the monster "
                      "leaves the field (the default of an instruction's `until`).", example="permanent")
VOCABULARY.define("duration", "end_phase", rule=(R.LINGERING_EXPIRES, R.STAT_SUM), label="Until the End Phase",
                  doc="A lingering change: it ends when the End Phase begins and the value is computed again without "
                      "it (a ruling; the default of a lingering effect's `until`).", example="end_phase")


# ----------------------------------------------------------------------------- computing values

def original(card: Card, stat: str) -> Optional[int]:
    """Return the original value of a stat now: the printed one, or the last value an effect
    changed the original to (ARC-V 3.1.4.5.i2, 3.1.4.5.i3)."""
    value = base(card, stat)
    for mod in card.modifiers:
        if mod.stat == stat and mod.original and value is not None:
            value = mod.set_value
    return value


def computed(card: Card, stat: str) -> Optional[int]:
    """Return the stat from the original value and the other modifiers in order, floored at 0.

    A change of the original value (``Modifier.original``) is applied first, whenever it was
    made: the other changes apply on top of the new original (ARC-V 3.1.4.5.i3). ARC-V 4.1.5.i1
    floors the result at 0; the modifiers themselves add up (ruling).
    """
    value = original(card, stat)
    if value is None:
        return None
    for mod in card.modifiers:
        if mod.stat == stat and not mod.original:
            value = mod.set_value if mod.set_value is not None else value + mod.amount
    return max(0, value)


def base(card: Card, stat: str) -> Optional[int]:
    """Return the original value of a stat (the printed one, ARC-V 3.1.4.5.i2)."""
    return card.original_atk if stat == "atk" else card.original_def


def trait(card: Card, stat: str) -> Any:
    """Return a monster's Level, Type or Attribute (``stat`` in :data:`TRAITS`) from the value it
    had before any change (``Card.base_traits``) and its modifiers in order: it is only the
    changed value (ARC-V 3.1.4.1.i4, 3.1.4.2.i2, 3.1.4.3.i2); a Level never goes below 1 (official
    ruling)."""
    value = dict(card.base_traits).get(stat, getattr(card, stat))
    for mod in card.modifiers:
        if mod.stat != stat:
            continue
        if stat != "level":
            value = mod.value
        elif value is not None:
            value = max(1, mod.set_value if mod.set_value is not None else value + mod.amount)
    return value


def printed_traits(card: Card) -> dict[str, Any]:
    """Return the Level, Type and Attribute a card has again when no change applies to it (it
    left the field): ``replace(card, **printed_traits(card))``."""
    return {**{stat: value for stat, value in card.base_traits}, "base_traits": ()}


def set_modifiers(duel: Duel, state: GameState, card: Card, modifiers: tuple[Modifier, ...], *, source: str,
                  reason: str, key: R) -> GameState:
    """Replace a card's modifiers, recompute ATK/DEF (and a changed Level, Type or Attribute),
    and record each value that changed."""
    card = replace(card, modifiers=modifiers)
    state = state.with_card(card)
    for stat in STATS:
        before = card.atk if stat == "atk" else card.def_
        after = computed(card, stat)
        if before is None or after is None or after == before:
            continue
        card = replace(card, atk=after) if stat == "atk" else replace(card, def_=after)
        change = ValueChange(stat, before, after, source, reason, len(duel.recorder.steps))
        card = replace(card, history=card.history + (change,))
        state = duel.step(state.with_card(card), "modify", f"ygo.modify.{stat}", key, card=card.id,
                          card_name=card.name, before=before, after=after, source=source, reason=reason)
    for stat in TRAITS if card.base_traits else ():
        before, after = getattr(card, stat), trait(card, stat)
        if after != before:
            card = replace(card, **{stat: after})
            state = duel.step(state.with_card(card), "modify", f"ygo.modify.{stat}", key, card=card.id,
                              card_name=card.name, before=before, after=after, source=source, reason=reason)
    return state


# ----------------------------------------------------------------------------- instructions

class ChangeStat:
    """``change_atk`` / ``change_def`` as an instruction: one modifier per monster it applies to."""

    def __init__(self, stat: str) -> None:
        self.stat = stat

    def __call__(self, duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
        """Add the change to each face-up monster the action names (ARC-V 3.2.4.3.i3: never a face-down one)."""
        stat = self.stat
        for card, _targeted in objects_of(duel, state, link, index, part):
            # Read the card again: an earlier pass of this loop may have changed it (same card twice).
            card = state.card(card.id)
            if card.zone is not Zone.MONSTER_ZONE:
                not_applicable(duel, link, card, part)
                continue
            if not card.face_up:
                not_applicable(duel, link, card, part, R.FACE_DOWN_UNAFFECTED)
                continue
            current = card.atk if stat == "atk" else card.def_
            if current is None:
                state = duel.cannot_evaluate(state, "ygo.cannot_evaluate", link=link.number, card=card.id,
                                             card_name=card.name, detail=f"{card.name} has no {stat.upper()} in the scenario")
                continue
            if part.half:
                mod, key = Modifier(stat, set_value=(current + 1) // 2, source=link.card, until=part.until), R.HALVE_STAT
            elif part.set_value is not None:
                mod, key = Modifier(stat, set_value=part.set_value, source=link.card, until=part.until), R.STAT_CHANGE
            else:
                amount = part.amount or 0
                mod = Modifier(stat, amount=amount, source=link.card, until=part.until)
                key = R.STAT_FLOOR if current + amount < 0 else R.STAT_CHANGE
            reason = "lingering" if part.until == "end_phase" else "effect"
            state = set_modifiers(duel, state, card, card.modifiers + (mod,), source=link.card, reason=reason, key=key)
        return state


def _check_change(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    given = [key for key in ("amount", "set", "half") if key in value]
    if len(given) != 1:
        v.error((*path, "amount"), "give exactly one of amount, set and half"
                + (f" (it has {', '.join(given)})" if given else ""))
    check_references(value, path, v)


_CHANGE_KEYS = {
    **REFERENCE_KEYS,
    "amount": Integer(low=-MAX_VALUE, high=MAX_VALUE, label="Change", help="signed: +500 raises, -500 lowers"),
    "set": Integer(low=0, high=MAX_VALUE, label="Becomes", help='the value it becomes ("becomes X")'),
    "half": Boolean(label="Halve", help="halve the current value, rounding up (ARC-V 4.1.4.i1)"),
    "until": VOCABULARY.use("duration", label="Until", help="permanent (the default) or end_phase", default="permanent"),
}

def _instruction_entry(stat: str, name: str) -> None:
    VOCABULARY.entry(
        "instruction", f"change_{stat}", rule=(R.STAT_CHANGE, R.STAT_FLOOR, R.HALVE_STAT, R.FACE_DOWN_UNAFFECTED),
        label=f"Change {name}", keys=_CHANGE_KEYS, check=_check_change,
        messages=(f"ygo.modify.{stat}",),
        row=Row(main=("targets", "amount", "set", "half"), extra=("target", "until", "choose", "from", "chosen")),
        doc=f"Changes the {name} of each face-up monster it names by `amount` (signed), to `set`, or to half "
            f"(`half`, rounding up); the result is never below 0 and a face-down monster is not affected (ARC-V "
            f"4.1.5.i1, 4.1.4.i1, 3.2.4.3.i3; MR2 ch5.36). With `until: end_phase` the change ends in the End Phase.",
        example={"do": f"change_{stat}", "target": "m1", "amount": 500})(ChangeStat(stat))


_instruction_entry("atk", "ATK")
_instruction_entry("def", "DEF")


class ChangeOriginal:
    """``change_original_atk`` / ``change_original_def``: the original value becomes ``set`` or
    half of itself (``half``, rounding up), and every other change applies on top of it."""

    def __init__(self, stat: str) -> None:
        self.stat = stat

    def __call__(self, duel: Duel, state: GameState, link: ChainLink, index: int, part: Instruction) -> GameState:
        """Change the original value of each face-up monster the action names (ARC-V 3.1.4.5.i3)."""
        stat = self.stat
        for card, _targeted in objects_of(duel, state, link, index, part):
            card = state.card(card.id)
            if card.zone is not Zone.MONSTER_ZONE or not card.face_up:
                not_applicable(duel, link, card, part, R.EFFECT_PARTS if card.zone is not Zone.MONSTER_ZONE
                               else R.FACE_DOWN_UNAFFECTED)
                continue
            now = original(card, stat)
            if now is None:
                state = duel.cannot_evaluate(state, "ygo.cannot_evaluate", link=link.number, card=card.id,
                                             card_name=card.name, detail=f"{card.name} has no {stat.upper()} in the scenario")
                continue
            value = (now + 1) // 2 if part.half else part.set_value
            mod = Modifier(stat, set_value=value, source=link.card, until=part.until, original=True)
            state = duel.step(state, "modify", "ygo.modify.original", R.ORIGINAL_CHANGED, card=card.id,
                              card_name=card.name, stat=stat, before=now, after=value)
            state = set_modifiers(duel, state, card, card.modifiers + (mod,), source=link.card, reason="original",
                                  key=R.HALVE_STAT if part.half else R.ORIGINAL_CHANGED)
        return state


def _check_original(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    if ("set" in value) == ("half" in value):
        v.error((*path, "set"), "give exactly one of set and half")
    check_references(value, path, v)


_ORIGINAL_KEYS = {**REFERENCE_KEYS,
                  "set": Integer(low=0, high=MAX_VALUE, label="Original becomes", help="the new original value"),
                  "half": Boolean(label="Halve the original", help="halve the original value, rounding up (ARC-V 4.1.4.i1)"),
                  "until": _CHANGE_KEYS["until"]}
for _stat, _name in (("atk", "ATK"), ("def", "DEF")):
    VOCABULARY.entry(
        "instruction", f"change_original_{_stat}", rule=(R.ORIGINAL_CHANGED, R.HALVE_STAT, R.ORIGINAL_VALUE),
        label=f"Change original {_name}", keys=_ORIGINAL_KEYS, check=_check_original,
        messages=("ygo.modify.original", f"ygo.modify.{_stat}"),
        row=Row(main=("targets", "set", "half"), extra=("target", "until", "choose", "from", "chosen")),
        doc=f"Changes the original {_name} of each face-up monster it names: it becomes `set`, or half of itself "
            f"(`half`, rounding up), and is its original {_name} from then on; every other change to its {_name}, made "
            f"before or after, applies on top of the new original. So halving the original of a 2000 {_name} monster "
            f"with +500 gives 1500, where `change_{_stat}` with `half` gives 1250 (ARC-V 3.1.4.5.i2–i3, 4.1.4.i1; MR2 "
            f"ch5.36 and a ruling). A face-down monster is not affected.",
        example={"do": f"change_original_{_stat}", "target": "m1", "half": True})(ChangeOriginal(_stat))


# ----------------------------------------------------------------------------- Continuous Effects

def newly_changed(duel: Duel, state: GameState, source: Card, part: Instruction, stat: str) -> Iterator[Card]:
    """Yield each face-up monster on the field that ``part`` of ``source``'s Continuous Effect
    names and that does not have its change of ``stat`` yet, unless it is unaffected by
    ``source``'s effects (ARC-V 3.2.7.1.i2)."""
    for target_id in continuous_targets(source, part, state.cards, state):
        target = state.card(target_id)
        if target.zone is not Zone.MONSTER_ZONE or not target.face_up:
            continue
        if protection(duel, state, "unaffected", target, by=source.controller, effect_card=source) is not None:
            continue
        if not any(m.source == source.id and m.until == "continuous" and m.stat == stat for m in target.modifiers):
            yield target


class ContinuousChange:
    """``change_atk`` / ``change_def`` as a Continuous Effect: a modifier on each face-up
    monster it names, kept while its source is face-up on the field (ARC-V 3.2.7.1.i2)."""

    def __init__(self, stat: str) -> None:
        self.stat = stat

    def __call__(self, duel: Duel, state: GameState, source: Card, part: Instruction, arrived: bool) -> GameState:
        for target in list(newly_changed(duel, state, source, part, self.stat)):
            change = self.change(state.card(target.id), source, part)
            if change is not None:
                target, mod, key = change
                state = set_modifiers(duel, state, target, target.modifiers + (mod,), source=source.id,
                                      reason="continuous", key=key)
        return state

    def change(self, target: Card, source: Card, part: Instruction) -> Optional[tuple[Card, Modifier, R]]:
        """Return the monster, the modifier ``part`` puts on it and the rule; ``None``: none."""
        return target, Modifier(self.stat, amount=part.amount or 0, set_value=part.set_value, source=source.id,
                                until="continuous"), R.CONTINUOUS_APPLIES


def continuous_targets(source: Card, part: Instruction, cards: Iterable[Card] = (),
                       state: Optional[GameState] = None) -> tuple[str, ...]:
    """Return the monsters a Continuous ATK/DEF change names: its targets, or with ``equipped``
    the monster its card is equipped to, if any (ARC-V 3.3.3.4.i4; MR2 ch5.27), or with ``all``
    each face-up monster of ``cards`` in a Monster Zone that its filter fits, read from the side of
    ``source``'s controller ("all Fiend monsters on the field gain 200 ATK", ARC-V 3.2.7.1.i2)."""
    if part.equipped:
        return (source.equipped_to,) if source.equipped_to else ()
    if part.select is not None:
        return tuple(c.id for c in cards if c.zone is Zone.MONSTER_ZONE and c.face_up
                     and part.select.matches(c, source.controller, state, (), source.id))
    return part.objects


def _check_continuous_change(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    if ("amount" in value) == ("set" in value):
        v.error((*path, "amount"), "give exactly one of amount and set")
    if "target" in value and "targets" in value:
        v.error((*path, "targets"), "give target or targets, not both")
    if value.get("equipped") and ("target" in value or "targets" in value):
        v.error((*path, "equipped"), "equipped names the equipped monster: give it or target(s), not both")
    if not value.get("equipped") and not any(key in value for key in ("target", "targets", "all")):
        v.error((*path, "targets"), "name the monsters it changes: target, targets, all, or equipped")
    if "all" in value and any(key in value for key in ("target", "targets", "equipped")):
        v.error((*path, "all"), "all names every monster that fits a filter: give it or target(s) or equipped, not both")


_CONTINUOUS_KEYS = {
    "target": REFERENCE_KEYS["target"], "targets": REFERENCE_KEYS["targets"],
    "amount": _CHANGE_KEYS["amount"], "set": _CHANGE_KEYS["set"],
    "equipped": Boolean(label="The equipped monster", default=False,
                        help="the monster this card is equipped to (an Equip Card's \"the equipped monster\")"),
    "all": CardFilterField(label="Every monster that fits",
                           help="instead of targets: every face-up monster on the field this filter fits"),
}
for _stat, _name in (("atk", "ATK"), ("def", "DEF")):
    VOCABULARY.entry(
        "continuous", f"change_{_stat}", rule=(R.CONTINUOUS_APPLIES, R.CONTINUOUS_ENDS), label=f"{_name} while face-up",
        keys=_CONTINUOUS_KEYS, check=_check_continuous_change, messages=(f"ygo.modify.{_stat}",),
        row=Row(main=("targets", "amount"), extra=("target", "set", "equipped", "all")),
        doc=f"While its card is face-up on the field, each face-up monster it names (or, with `all`, each face-up "
            f"monster on the field its filter fits, read from its card's controller's side as the monster comes "
            f"face-up or the card does: \"all Fiend monsters on the field gain 200 ATK\") has its {_name} changed by "
            f"`amount` (or set to `set`), including a monster that comes face-up later; the change ends the moment "
            f"the card is no longer face-up on the field (ARC-V 3.2.7.1.i2, 3.2.7.1.i3). With `equipped: true` it "
            f"changes the monster its card is equipped to, whichever that is (ARC-V 3.3.3.4.i4; MR2 ch5.27). The document's `atk`/`def` "
            f"already include it.",
        example={"do": f"change_{_stat}", "targets": ["m1"], "amount": 400})(ContinuousChange(_stat))


@VOCABULARY.entry(
    "continuous", "unsupported", rule=(R.CARD_TEXT, R.CONTINUOUS_APPLIES), label="Text the engine cannot read",
    keys={"text": Text(min_length=1, max_length=4_000, label="Card text", help="what the effect says")},
    required=("text",), messages=("ygo.cannot_evaluate.continuous",), row=Row(main=("text",)),
    doc="A Continuous Effect the vocabulary cannot say. It is a `cannot_evaluate` step naming the card and the text, "
        "and the result is `complete: false`, whenever its card is face-up on the field: at the start if it is there, "
        "and each time it comes face-up later (ARC-V 4.1.2.i1, 3.2.7.1.i2).",
    example={"do": "unsupported", "text": "Trap Cards cannot be activated."})
def continuous_unsupported(duel: Duel, state: GameState, source: Card, part: Instruction, arrived: bool) -> GameState:
    """Report the text when the card has come face-up on the field (``arrived``)."""
    if not arrived:
        return state
    return duel.cannot_evaluate(state, "ygo.cannot_evaluate.continuous", card=source.id, card_name=source.name,
                                text=part.text)


def continuous_parts(card: Card) -> list[Instruction]:
    """Return what a card's Continuous Effects apply, in order."""
    return [part for effect in card.effects if effect.effect_class is EffectClass.CONTINUOUS for part in effect.actions]


def text_only(effect: Effect) -> bool:
    """Return whether an effect gives card text and nothing the engine can apply (no actions):
    what it does is text the engine cannot evaluate (ARC-V 4.1.2.i1), never nothing."""
    return not effect.actions and bool(effect.text.strip())


def has_continuous(card: Card) -> bool:
    """Return whether a card has a Continuous Effect that applies something or says text."""
    return any(effect.effect_class is EffectClass.CONTINUOUS and (effect.actions or text_only(effect))
               for effect in card.effects)


def apply_continuous_of(duel: Duel, state: GameState, source: Card, *, arrived: bool = True) -> GameState:
    """Apply one face-up card's Continuous Effects (``arrived``: it has just come face-up).

    A Continuous Effect given only as ``text`` (Jinzo's "Trap Cards cannot be activated") is in
    force all the same (ARC-V 3.2.7.1.i2): when its card arrives face-up it is a
    ``cannot_evaluate`` step naming the card and the text, like ``unsupported``.
    """
    source = state.card(source.id)
    if source.zone not in FIELD_ZONES or not source.face_up:
        return state
    if effects_negated(duel, state, source):
        negator = negating_source(state.cards, source) if not source.effects_negated else None
        if arrived and negator is not None and any(part.do == "negate_effects" and negates(part, source, negator)
                                                   for part in continuous_parts(source)):
            # Each negates the other's effects: which applies is decided by which applied first.
            state = duel.cannot_evaluate(state, "ygo.cannot_evaluate.negation_order", R.CONTINUOUS_NEGATION_ORDER,
                                         card=source.id, card_name=source.name, other=negator.id, other_name=negator.name)
        elif arrived and negator is not None and has_continuous(source):
            state = duel.step(state, "negate", "ygo.negate.continuous", R.CONTINUOUS_APPLIES, card=source.id,
                              card_name=source.name, source=negator.id, source_name=negator.name)
        return state
    for effect in source.effects:
        if effect.effect_class is not EffectClass.CONTINUOUS:
            continue
        if text_only(effect):
            if arrived:
                state = duel.cannot_evaluate(state, "ygo.cannot_evaluate.continuous", card=source.id,
                                             card_name=source.name, text=effect.text)
            continue
        for part in effect.actions:
            state = VOCABULARY.apply_of("continuous", part.do)(duel, state, source, part, arrived)
    return state


def apply_continuous(duel: Duel, state: GameState, source: Card) -> GameState:
    """Apply the Continuous Effects once a monster is face-up on the field.

    ARC-V 3.2.7.1.i2: a Continuous Effect applies the moment its card is face-up, without a chain;
    it applies for as long as its card stays face-up, so a monster it names that comes face-up
    on the field later gets it then too.
    """
    source = state.card(source.id)
    if source.zone is Zone.MONSTER_ZONE and source.face_up:
        for other in state.cards:
            if other.id != source.id and other.zone in FIELD_ZONES and other.face_up and any(
                    source.id in part.objects or (part.select is not None and part.do in ("change_atk", "change_def")
                                                  and source.id in continuous_targets(other, part, (source,), state))
                    for part in continuous_parts(other)):
                state = apply_continuous_of(duel, state, other, arrived=False)
    return apply_continuous_of(duel, state, state.card(source.id))


def report_unevaluated(duel: Duel, state: GameState) -> GameState:
    """Report the Continuous Effects the engine cannot read of every card face-up on the field
    when the resolution starts; their ATK/DEF changes are already in the document's values (and
    on the cards as modifiers), so applying them again changes nothing."""
    for card in state.cards:
        if card.zone in FIELD_ZONES and card.face_up and has_continuous(card) and not (
                "negate_effects" in duel.continuous_verbs and negating_source(state.cards, card) is not None
                and not any(part.do == "negate_effects" for part in continuous_parts(card))):
            # A monster a Continuous Effect negates is reported by that effect's card (unless it
            # negates back: then which applies is not evaluated).
            state = apply_continuous_of(duel, state, card)
    return state


def end_continuous(duel: Duel, state: GameState, source_id: str, *, key: R = R.CONTINUOUS_ENDS) -> GameState:
    """Remove the Continuous Effects of a card that is no longer face-up on the field (ARC-V
    3.2.7.1.i3), or whose effects are negated (``key``: :attr:`R.EFFECTS_NEGATED`)."""
    reason = "source_left" if key is R.CONTINUOUS_ENDS else "negated"
    for card in state.cards:
        kept = tuple(m for m in card.modifiers if not (m.source == source_id and m.until == "continuous"))
        if len(kept) != len(card.modifiers):
            state = set_modifiers(duel, state, card, kept, source=source_id, reason=reason, key=key)
    return state


def expire_lingering(duel: Duel, state: GameState) -> GameState:
    """End every "until the End Phase" modifier and recompute the values it changed; a card
    whose effects were negated until the End Phase applies its Continuous Effects again; a monster
    whose control was taken until the End Phase goes back to the player who had it."""
    for card in state.cards:
        if card.effects_negated == "end_phase":
            state = duel.step(state.with_card(replace(card, effects_negated="")), "negate", "ygo.negate.card_effects_end",
                              R.LINGERING_EXPIRES, card=card.id, card_name=card.name)
            state = apply_continuous_of(duel, state, state.card(card.id), arrived=False)
    for card in state.cards:
        if card.control_returns_to is not None and card.zone is Zone.MONSTER_ZONE:
            back = card.control_returns_to
            state = duel.step(state.with_card(replace(card, controller=back, control_returns_to=None)), "move",
                              "ygo.move.control_back", R.LINGERING_EXPIRES, card=card.id, card_name=card.name, player=back)
    for card in state.cards:
        kept = tuple(m for m in card.modifiers if m.until != "end_phase")
        if len(kept) != len(card.modifiers):
            gone = next(m for m in card.modifiers if m.until == "end_phase")
            state = set_modifiers(duel, state, card, kept, source=f"expired:{gone.source}", reason="expired",
                                  key=R.LINGERING_EXPIRES)
    return state


__all__ = ["ChangeOriginal", "ChangeStat", "ContinuousChange", "apply_continuous", "apply_continuous_of", "base", "computed",
           "continuous_targets",
           "end_continuous", "expire_lingering", "has_continuous", "original", "report_unevaluated", "set_modifiers", "text_only"]
