"""Continuous Effects that negate the effects of face-up monsters ("Skill Drain": "negate the
effects of all face-up monsters while they are face-up on the field"; ARC-V 3.2.7.1.i2–i3,
whose example is "Destiny HERO - Plasma" negating "Banisher of the Radiance"; MR2 ch2.7).

Like the protections (:mod:`engine.ygo.protection`) the negation is read from the field when
it matters (:func:`~engine.ygo.protection.effects_negated`): a monster in its scope applies none
of its Continuous Effects, and its effects that resolve while it is face-up on the field resolve
without effect, exactly while the negating card is face-up on the field with its own effects
not negated. What this module adds is the moment it starts and ends: when the negating card
comes face-up, the Continuous Effects of the monsters it names stop applying at once (their
ATK/DEF changes end), and when it leaves the field, turns face-down or has its effects negated,
they apply again (ARC-V 3.2.7.1.i3: a Continuous Effect stops applying the moment its card is no
longer face-up, even mid-resolution).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Optional

from ..core.validation import Path
from ..core.vocabulary import Choice, Integer, Row, Text, Validation
from .duel import Duel
from .filters import MAX_NAME
from .model import FIELD_ZONES, Card, EffectClass, GameState, Instruction, Modifier, Zone
from .protection import effects_negated, negates, negating_source
from .rules import R
from .targets import REFERENCE_KEYS
from .values import ContinuousChange, apply_continuous_of, end_continuous, has_continuous
from .vocabulary import VOCABULARY

_MONSTERS = Choice(values=("all", "opponent", "self"), what="monsters", label="Whose face-up monsters",
                   labels={"all": "Every face-up monster", "opponent": "The opponent's", "self": "Its controller's"},
                   help="all (every face-up monster on the field but this card), opponent or self")


def _negating_parts(card: Card) -> list[Instruction]:
    return [part for effect in card.effects if effect.effect_class is EffectClass.CONTINUOUS
            for part in effect.actions if part.do == "negate_effects"]


def _on_field(state: GameState) -> list[Card]:
    return [card for card in state.cards if card.zone in FIELD_ZONES]


def negate_on_field(duel: Duel, state: GameState, source: Card, part: Instruction, arrived: bool) -> GameState:
    """Stop the Continuous Effects of each face-up card ``part`` names, a monster or a Spell or
    Trap Card (``arrived``: the source has just come face-up: each such card is a ``negate`` step)."""
    for card in _on_field(state):
        if (not card.effects or not negates(part, source, card)
                or negating_source(state.cards, card) is None):
            continue
        if arrived:
            state = duel.step(state, "negate", "ygo.negate.continuous", R.CONTINUOUS_APPLIES, card=card.id,
                              card_name=card.name, source=source.id, source_name=source.name)
        state = end_continuous(duel, state, card.id, key=R.EFFECTS_NEGATED)
    return state


def restore(duel: Duel, state: GameState, source_id: str) -> GameState:
    """Apply again the Continuous Effects of the face-up monsters that a card's ``negate_effects``
    negated, now that it is no longer face-up on the field or its effects are negated (ARC-V
    3.2.7.1.i3); nothing if the card has no such effect."""
    source = state.card(source_id)
    parts = _negating_parts(source)
    if not parts or (source.zone in FIELD_ZONES and source.face_up and not effects_negated(duel, state, source)):
        return state
    for card in _on_field(state):
        if (not card.effects or effects_negated(duel, state, card)
                or not any(negates(part, source, card) for part in parts)):
            continue
        state = duel.step(state, "negate", "ygo.negate.continuous_ends", R.CONTINUOUS_ENDS, card=card.id,
                          card_name=card.name, source=source.id, source_name=source.name)
        if has_continuous(card):
            state = apply_continuous_of(duel, state, state.card(card.id), arrived=False)
    return state


_CARDS = Choice(values=("spell", "trap"), what="kind of card", label="Or the Spell or Trap Cards",
                labels={"spell": "Spell Cards on the field", "trap": "Trap Cards on the field"},
                help="instead of face_up_monsters: spell (Imperial Order) or trap (Royal Decree): every other face-up "
                     "card of that kind on the field")


def _check_negate(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    if ("face_up_monsters" in value) == ("cards" in value):
        v.error((*path, "face_up_monsters"), "give face_up_monsters (monsters) or cards (spell or trap), one of them")


VOCABULARY.entry(
    "continuous", "negate_effects", rule=(R.CONTINUOUS_APPLIES, R.CONTINUOUS_ENDS, R.EFFECTS_NEGATED,
                                          R.SPELL_TRAP_NEGATED),
    label="Negate face-up monsters' effects", keys={"face_up_monsters": _MONSTERS, "cards": _CARDS},
    check=_check_negate,
    messages=("ygo.negate.continuous", "ygo.negate.continuous_ends", "ygo.cannot_evaluate.negation_order"),
    row=Row(main=("face_up_monsters", "cards")),
    doc="While its card is face-up on the field with its effects not negated, the effects of the face-up monsters "
        "it names (`all`: every one but its own card; `opponent`; `self`, from its controller) are negated while "
        "they are face-up on the field: their Continuous Effects do not apply (their ATK/DEF changes end at once), "
        "and their effects that resolve while they are face-up on the field resolve without effect; an effect "
        "activated in the hand or Graveyard is not negated. The moment its card is no longer face-up on the field, "
        "their effects apply again (ARC-V 3.2.7.1.i2–i3, whose example is this; MR2 ch2.7). A monster unaffected "
        "by its card's effects is not negated. Two monsters whose effects would negate each other's are a "
        "`cannot_evaluate` step: which applies depends on which applied first (official ruling). With `cards` "
        "instead (`trap`: Royal Decree's \"negate all other Trap effects on the field\", the second sentence of "
        "Jinzo; `spell`: Imperial Order) it negates every other face-up Trap (or Spell) Card on the field in the "
        "same way: a Continuous Trap's effects stop applying, and a Trap Card activated meanwhile is activated but "
        "resolves without effect (official ruling, not in either document); a Trap Card treated as a monster, in "
        "the Monster Zone, is not covered.",
    example={"do": "negate_effects", "face_up_monsters": "all"})(negate_on_field)


# ----------------------------------------------------------------------------- Level, Type, Attribute

class ContinuousTrait(ContinuousChange):
    """``change_level`` / ``change_race`` / ``change_attribute`` as a Continuous Effect: a
    modifier on each face-up monster it names, kept while its source is face-up on the field
    (ARC-V 3.2.7.1.i2); the monster is only the changed value (3.1.4.1.i4, 3.1.4.2.i2,
    3.1.4.3.i2), which every filter, material check and condition reads (``Card.level``,
    ``Card.race``, ``Card.attribute``). The value before the first change is kept in
    ``Card.base_traits``, so that it comes back when the change ends."""

    def change(self, target: Card, source: Card, part: Instruction) -> Optional[tuple[Card, Modifier, R]]:
        stat, level = self.stat, self.stat == "level"
        if level and (target.level is None or target.subtype == "xyz"):
            return None  # an Xyz Monster has a Rank, no Level (ARC-V 3.1.4.1.i2)
        mod = Modifier(stat, amount=part.amount or 0, set_value=part.set_value if level else None,
                       value="" if level else part.becomes, source=source.id, until="continuous")
        if stat not in dict(target.base_traits):
            target = replace(target, base_traits=target.base_traits + ((stat, getattr(target, stat)),))
        return target, mod, TRAIT_RULES[stat]


TRAIT_RULES = {"level": R.LEVEL_CHANGED, "race": R.RACE_CHANGED, "attribute": R.ATTRIBUTE_CHANGED}
R_SECTIONS = {"race": "3.1.4.3.i2", "attribute": "3.1.4.2.i2"}


def _check_level(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    if ("amount" in value) == ("set" in value):
        v.error((*path, "amount"), "give exactly one of amount and set")
    _check_cards(value, path, v)


def _check_cards(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    if ("target" in value) == ("targets" in value):
        v.error((*path, "targets"), "give target or targets (one of them)")


_TRAIT_CARDS = {"target": REFERENCE_KEYS["target"], "targets": REFERENCE_KEYS["targets"]}
VOCABULARY.entry(
    "continuous", "change_level", rule=(R.LEVEL_CHANGED, R.CONTINUOUS_APPLIES, R.CONTINUOUS_ENDS),
    label="Level while face-up", check=_check_level, messages=("ygo.modify.level",),
    keys={**_TRAIT_CARDS, "amount": Integer(low=-12, high=12, label="Level change", help="signed: +1 raises, -1 lowers"),
          "set": Integer(low=1, high=12, label="Level becomes", help='the Level it becomes ("becomes Level X")')},
    row=Row(main=("targets", "amount", "set"), extra=("target",)),
    doc="While its card is face-up on the field, each face-up monster it names (with a Level: not an Xyz Monster, "
        "whose `level` is its Rank, ARC-V 3.1.4.1.i2) has its Level raised or "
        "lowered by `amount` (never below 1: official ruling) or set to `set`, including a monster that comes face-up later; it is "
        "only that Level (ARC-V 3.1.4.1.i4), for filters, Synchro and Xyz Materials and conditions, and the board "
        "shows it. The change ends the moment its card is no longer face-up on the field (3.2.7.1.i3). The "
        "document gives the printed Level; the change is applied at the start.",
    example={"do": "change_level", "targets": ["m1"], "amount": 1})(ContinuousTrait("level"))
for _stat, _name, _example in (("race", "Type", "Dragon"), ("attribute", "Attribute", "DARK")):
    VOCABULARY.entry(
        "continuous", f"change_{_stat}", rule=(TRAIT_RULES[_stat], R.CONTINUOUS_APPLIES, R.CONTINUOUS_ENDS),
        label=f"{_name} while face-up", check=_check_cards, messages=(f"ygo.modify.{_stat}",), required=("becomes",),
        keys={**_TRAIT_CARDS, "becomes": Text(min_length=1, max_length=MAX_NAME, label=f"{_name} becomes",
                                          help=f"as the objects write it (`{_example}`)")},
        row=Row(main=("targets", "becomes"), extra=("target",)),
        doc=f"While its card is face-up on the field, each face-up monster it names is of the {_name} `becomes` and only "
            f"that {_name} (ARC-V {R_SECTIONS[_stat]}), for filters, material checks and conditions, and the board "
            f"shows it; the change ends the moment its card is no longer face-up on the field (3.2.7.1.i3). The "
            f"document gives the printed {_name}; the change is applied at the start.",
        example={"do": f"change_{_stat}", "targets": ["m1"], "becomes": _example})(ContinuousTrait(_stat))


__all__ = ["ContinuousTrait", "negate_on_field", "restore"]
