"""Split cards (CR 709 in 2022-04-29, 708 in 2020-06-01) and fuse (702.102 / 702.101).

A split card is an object with two ``split_half`` abilities. Outside the stack it has the two
halves' characteristics combined (709.4): both names (709.4a, ``"Fire // Ice"``), the combined
mana cost with its colors and mana value (709.4b), each card type of either half (709.4c) and the
halves as its abilities. The player chooses which half they cast before it goes on the stack
(709.3, the ``cast`` action's ``half``); only that half is evaluated to see whether it can be cast
(709.3a) and only its characteristics exist on the stack (709.3b): :func:`cast_half` returns the
object as that half, with the whole card kept in :attr:`GameObject.card` until it leaves the stack.
A split card with fuse may be cast from the hand with both halves (``fused``, 702.102a): the
fused split spell has the combined characteristics (702.102b), its total cost both mana costs
(702.102c), and it follows the left half's instructions, then the right half's (702.102d).

A name is compared one name at a time (:func:`~engine.mtg.filters.names_of`): a split card has
a chosen name when one of its names is that name (709.4a).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Callable, Optional

from ..core import IllegalAction
from ..core.schema import Validation
from .mana import colors_of_cost
from .model import Ability, Chars, GameObject, Zone, freeze
from .modes import MODAL_KEYS, _shift
from .rules import K
from .vocabulary import INSTRUCTIONS, TARGETS, VOCABULARY, Choice, Integer, ListOf, ManaSymbols, Text, row

HALF_TYPES = ("instant", "sorcery")
"""The card types a half may have: every split card of both editions' rules is an instant or a
sorcery on each half (a permanent half is not covered)."""
HALF_SPELL_KEYS = {"targets": TARGETS, "effects": INSTRUCTIONS, **MODAL_KEYS}
"""The keys of a half that are its spell ability (CR 113.3a): what it does when that half is cast."""
HALF_KEYS = {
    "name": Text(min_length=1, max_length=200, label="Name", help="this half's name (CR 709.4a: the card has both)"),
    "mana_cost": ManaSymbols(label="Mana cost", help="this half's mana cost"),
    "types": ListOf(item=Choice(values=HALF_TYPES, what="card type of a half"), min_items=1, max_items=2, unique=True,
                    label="Card types"),
    **HALF_SPELL_KEYS,
}
FRAME_FROM_HALVES = ("mana_cost", "colors", "types", "subtypes", "supertypes", "power", "toughness", "loyalty")
"""Object keys a split card does not give: its halves combined define them (CR 709.4)."""

VOCABULARY.define(
    "ability", "split_half", rule=(K.SPLIT_COMBINED, K.SPLIT_ON_STACK), keys=HALF_KEYS,
    required=("name", "mana_cost", "types"), label="Half of a split card",
    messages=("mtg.cast.half", "mtg.cast.fused"),
    doc="One half of a split card (CR 709.1); a split card has exactly two, in printed order (left, then right). "
        "Outside the stack the card has both halves' characteristics combined (709.4): both names (a name chosen "
        "or named is one of them, 709.4a), the combined mana cost, its colors and mana value (709.4b), each card "
        "type of either half (709.4c); the object gives no `mana_cost`, `types` or `colors` of its own and its "
        "`name`, if given, is the two names joined by ` // `. It is cast one half at a time (the `cast` action's "
        "`half`, 709.3): only that half is evaluated to see if it can be cast (709.3a) and only its "
        "characteristics exist on the stack (709.3b). A half's `targets`, `effects` and modes are its spell "
        "ability. With the keyword fuse it may be cast from the hand with both halves (`fused`, 702.102).",
    example={"kind": "split_half", "name": "Ice", "mana_cost": "{1}{U}", "types": ["instant"],
             "targets": [{}], "effects": [{"do": "tap", "target": 0}, {"do": "draw", "amount": 1}]},
    row=row(HALF_KEYS, main=("name", "mana_cost", "types", "targets", "effects")),
)


VOCABULARY.define("choice", "half", rule=K.SPLIT_CHOOSE_HALF, value=Integer(low=0, high=1), key_parts=("card",),
                  label="The half of a split card cast",
                  doc="Which half of a split card is cast, 0 left or 1 right (CR 709.3): for a `cast` action without "
                      "`half`, or a split card found by cascade without a `half` in its decision.",
                  messages=("mtg.choice.made", "mtg.illegal.choice", "mtg.choice.half"), example={"half:fi": 1},
                  row=row({}, main=("half",)))


def halves(chars: Chars) -> tuple[Ability, ...]:
    """Return the ``split_half`` abilities of a card, in printed order (two for a split card)."""
    return tuple(a for a in chars.abilities if a.kind == "split_half")


def is_split(chars: Chars) -> bool:
    """Whether the characteristics are a split card's (two halves, CR 709.1)."""
    return len(halves(chars)) == 2


def combined(printed: Chars) -> Chars:
    """Return a split card's characteristics outside the stack (CR 709.4): both names joined by
    `` // `` (709.4a), the two mana costs combined with their colors (709.4b; its mana value is
    the total) and each card type of either half (709.4c); any other card unchanged."""
    parts = halves(printed)
    if len(parts) != 2:
        return printed
    cost = "".join(str(h.spec["mana_cost"]) for h in parts)
    return replace(printed, name=" // ".join(str(h.spec["name"]) for h in parts), mana_cost=cost,
                   colors=colors_of_cost(cost), types=frozenset(t for h in parts for t in h.spec["types"]))


def _spell(spec: Mapping[str, Any]) -> Mapping[str, Any]:
    return freeze({"kind": "spell", **{k: v for k, v in spec.items() if k in HALF_SPELL_KEYS or k == "text"}})


def _others(card: Chars) -> tuple[Ability, ...]:
    """The card's abilities outside its halves, that a half on the stack keeps (an ``unsupported``
    text stays reported); fuse applies only while the card is in a hand (702.102a)."""
    return tuple(a for a in card.abilities if a.kind != "split_half" and a.keyword != "fuse")


def half_chars(card: Chars, index: int) -> Chars:
    """Return the characteristics of half ``index`` (0: left, 1: right) on the stack (CR 709.3b):
    its name, mana cost and colors (so its mana value), its card types, and its spell ability."""
    half = halves(card)[index]
    cost = str(half.spec["mana_cost"])
    return replace(card, name=str(half.spec["name"]), mana_cost=cost, colors=colors_of_cost(cost),
                   types=frozenset(half.spec["types"]), abilities=(Ability(half.key, "spell", _spell(half.spec)),)
                   + _others(card))


def fused_chars(card: Chars) -> Chars:
    """Return a fused split spell's characteristics (CR 702.102b): the halves combined, with one
    spell ability that has the left half's targets and then the right half's, and follows the
    left half's instructions and then the right half's (702.102d). A half whose instructions name
    a target by index keeps naming its own target."""
    left, right = halves(card)
    offset = len(left.spec.get("targets", ()))
    spell = freeze({"kind": "spell", "targets": tuple(left.spec.get("targets", ())) + tuple(right.spec.get("targets", ())),
                    "effects": tuple(left.spec.get("effects", ())) + tuple(_shift(p, offset) for p in right.spec.get("effects", ())),
                    "text": f"{left.spec['name']}, then {right.spec['name']}"})
    return replace(combined(card), abilities=(Ability(left.key, "spell", spell),) + _others(card))


def cast_half(obj: GameObject, action: Mapping[str, Any], cite: Callable[[K], Any]) -> GameObject:
    """Return ``obj`` as what the ``cast`` action casts of it: the half ``half`` (CR 709.3,
    709.3b), both halves when ``fused`` (702.102a), or the card itself when it is not a split card.

    Errors (:class:`IllegalAction`): ``half`` or ``fused`` for a card that is not a split card,
    a split card cast without a half (709.3; :meth:`~engine.mtg.casting.Casting.choose_half`
    gives it first), ``fused`` without the keyword fuse, from a zone other than a hand, or with
    ``half`` too (702.102a).
    """
    card = obj.printed
    half, fused = action.get("half"), bool(action.get("fused"))
    params = {"card": obj.id, "card_name": card.name}
    if not is_split(card):
        if half is not None or fused:
            raise IllegalAction(cite(K.SPLIT_CHOOSE_HALF), "mtg.illegal.not_split", params)
        return obj
    if fused:
        if not card.has_keyword("fuse") or obj.zone is not Zone.HAND or half is not None:
            why = "no_fuse" if not card.has_keyword("fuse") else "half_given" if half is not None else "not_from_hand"
            raise IllegalAction(cite(K.FUSE), "mtg.illegal.fuse", {**params, "why": why})
        return replace(obj, printed=fused_chars(card), card=card)
    if half is None:
        raise IllegalAction(cite(K.SPLIT_CHOOSE_HALF), "mtg.illegal.split_half",
                            {**params, "names": [str(h.spec["name"]) for h in halves(card)]})
    return replace(obj, printed=half_chars(card, int(half)), card=card)


def record_half(game: Any, obj: GameObject, action: Mapping[str, Any]) -> None:
    """Record which half of a split card was cast (CR 709.3b) or that it was fused (702.102a)."""
    if obj.card is None or not is_split(obj.card):
        return
    if action.get("fused"):
        game.record("cast", "mtg.cast.fused", K.FUSE, card=obj.id, card_name=obj.card.name,
                    halves=[str(h.spec["name"]) for h in halves(obj.card)], cost=obj.printed.mana_cost)
    else:
        game.record("cast", "mtg.cast.half", K.SPLIT_ON_STACK, card=obj.id, card_name=obj.card.name,
                    half=int(action["half"]), half_name=obj.printed.name, cost=obj.printed.mana_cost)


def check_split_card(obj: Mapping[str, Any], path: tuple[Any, ...], v: Validation) -> None:
    """A split card has two halves (CR 709.1) that define its characteristics (709.4): it gives
    no mana cost, types or colors of its own, and its ``name``, if given, is the halves' names
    joined by `` // ``. It is not written on the stack (which half is there, 709.3b, is the cast
    action's), nor face down."""
    abilities = obj.get("abilities") if isinstance(obj.get("abilities"), list) else []
    found = [j for j, a in enumerate(abilities) if isinstance(a, Mapping) and a.get("kind") == "split_half"]
    if not found:
        return
    if len(found) != 2:
        v.error((*path, "abilities", found[-1]), f"a split card has two halves (CR 709.1); this object has {len(found)}")
        return
    for key in FRAME_FROM_HALVES:
        if key in obj:
            v.error((*path, key), f"a split card's {key} is its two halves' combined (CR 709.4): give it on each "
                                  "split_half, not on the card")
    names = [abilities[j].get("name") for j in found]
    joined = " // ".join(str(n) for n in names)
    if "name" in obj and " ".join(str(obj["name"]).split()).casefold() != joined.casefold():
        v.error((*path, "name"), f"a split card's name is its halves' names, {joined!r} (CR 709.4a)")
    if obj.get("zone") == "stack":
        v.error((*path, "zone"), "a split card on the stack is the half being cast (CR 709.3b): put it there with a "
                                 "cast action and its half")
    if obj.get("face_down"):
        v.error((*path, "face_down"), "a face-down split card is not covered")


def check_fused_casts(scenario: Mapping[str, Any], v: Validation) -> None:
    """A ``fused`` cast whose halves are modal is not covered (no fuse card of either edition's
    time has modal halves): a validation error at its ``fused``."""
    by_id = {o.get("id"): o for o in scenario.get("objects") or () if isinstance(o, Mapping)}
    for i, action in enumerate(scenario.get("actions") or ()):
        if not isinstance(action, Mapping) or action.get("type") != "cast" or not action.get("fused"):
            continue
        obj = by_id.get(action.get("card")) or {}
        parts = [a for a in obj.get("abilities") or () if isinstance(a, Mapping) and a.get("kind") == "split_half"]
        if any("modes" in a for a in parts):
            v.error(("actions", i, "fused"), "a fused split spell with modal halves is not covered (CR 702.102d)")


def names_in(chars: Optional[Chars]) -> list[str]:
    """The names of a card a player may choose or name (CR 709.4a: one half's name, not both)."""
    if chars is None:
        return []
    return [str(h.spec["name"]) for h in halves(chars)] if is_split(chars) else ([chars.name] if chars.name else [])


__all__ = ["HALF_KEYS", "cast_half", "check_fused_casts", "check_split_card", "combined", "fused_chars", "half_chars",
           "halves", "is_split", "names_in", "record_half"]
