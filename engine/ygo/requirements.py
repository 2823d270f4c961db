"""What a Summon procedure asks for beyond counts, and what it leaves on the monster.

- A monster's own Special Summon (``summon_procedure`` of an object, ``special_summon`` with
  ``method: inherent``): the condition its text states (``summon_condition`` entries), checked
  when the player would Special Summon it, and its cost (cards discarded, Tributed, sent to the
  Graveyard or banished, each fitting a filter), given in the action's ``cost`` as ``cost``
  slot values and paid as part of the procedure, not by an effect (ARC-V 3.2.2.3.1.i1,
  3.2.2.3.1.i5; MR2 ch2.20). From the Extra Deck it is a Fusion Monster that does not use
  Polymerization: no card is activated, there is no chain, and it is not a Fusion Summon
  (3.2.2.3.1.1.2.2.i1–i2); the opponent can still negate it in the summon-negation window.
- Synchro and Xyz material requirements (``synchro_materials``, ``xyz_materials``): a filter
  the Tuner fits, one every non-Tuner fits (3.2.2.3.1.1.3.i3), one every Xyz Material fits and
  how many there are (3.2.2.3.1.1.4.i2; MR2 ch2.11); the failing material is named.
- The materials a Synchro, Xyz or Fusion Summon used are kept on the monster
  (:attr:`~engine.ygo.model.Card.summoned_with`, as they were when used) until it leaves the
  field (3.2.2.3.1.1.3.1.i1, .i7); the ``summoned_with`` filter key reads them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, Optional

from ..core.validation import Path
from ..core.vocabulary import KEYED, Choice, Integer, ListOf, Record, Ref, Validation
from .costs import verify_cost
from .duel import Duel
from .filters import CardFilterField, card_filter
from .model import (
    FIELD_ZONES, Card, CardFilter, CostRequirement, GameState, Instruction, MaterialRule, PlayerId, SummonProcedure,
    Zone, opponent_of,
)
from .primitives import move
from .rules import R
from .vocabulary import VOCABULARY

COST_VERBS = ("discard", "tribute", "send_to_graveyard", "banish")
"""The ``cost`` entries a summoning procedure's cost can name: each moves one card per cost."""
COST_ZONES = {"hand": (Zone.HAND,), "field": tuple(FIELD_ZONES), "graveyard": (Zone.GRAVEYARD,)}
COST_FROM = {"discard": ("hand",), "tribute": ("field",), "send_to_graveyard": ("hand", "field"),
             "banish": ("hand", "field", "graveyard")}
"""Where each cost verb takes its card from (the ``cost`` entries of engine/ygo/costs.py)."""
SOURCES = ("hand", "extra_deck")
MAX_COSTS = 5

VOCABULARY.slot(
    "summon_condition", style=KEYED, kind="condition", label="Summon condition",
    doc="What must hold for a monster's own Special Summon (`summon_procedure.condition` of an object): every key "
        "given. It is checked when the player would Special Summon the monster; if it does not hold the Summon is "
        "illegal (ARC-V 3.2.2.3.1.i1; MR2 ch2.20).")


def _monsters(state: GameState, player: PlayerId, wanted: CardFilter) -> list[Card]:
    """The monsters in ``player``'s Monster Zone that fit ``wanted``; a face-down one fits only a
    filter that reads none of its characteristics (they are hidden: official ruling)."""
    hidden = any(getattr(wanted, key) is not None for key in ("name", "attribute", "race", "level", "subtype"))
    return [c for c in state.cards_in(Zone.MONSTER_ZONE, player) if wanted.matches(c, None, state) and (c.face_up or not hidden)]


def _check_no_controller(value: Any, path: Path, v: Validation) -> None:
    if isinstance(value, Mapping) and "controller" in value:
        v.error((*path, "controller"), "the condition already says whose monsters it reads: controller cannot be given")


_CONDITION_DOC = ("The filter is read on the monsters in that player's Monster Zone (a face-down one fits only a filter "
                  "that names no characteristic: official ruling); `controller` is refused (the key says whose). ARC-V "
                  "3.2.2.3.1.i1; MR2 ch2.20.")
_CONDITIONS = (
    ("opponent_controls", "Opponent controls", "a monster the opponent must control",
     "The opponent controls at least one monster this filter fits (\"if your opponent controls a monster\").",
     {"kind": "monster"}, lambda state, player, wanted: bool(_monsters(state, opponent_of(player), wanted))),
    ("you_control", "You control", "a monster the player must control",
     "The player controls at least one monster this filter fits (\"if you control a Machine monster\").",
     {"race": "Machine"}, lambda state, player, wanted: bool(_monsters(state, player, wanted))),
    ("you_control_none", "You control none", "what the player must not control",
     "The player controls no monster this filter fits (`{\"kind\": \"monster\"}`: \"if you control no monsters\").",
     {"kind": "monster"}, lambda state, player, wanted: not _monsters(state, player, wanted)),
)
for _name, _label, _help, _doc, _example, _holds in _CONDITIONS:
    VOCABULARY.entry("summon_condition", _name, rule=(R.INHERENT_SUMMON,), label=_label,
                     value=CardFilterField(label="Monster", help=_help), check=_check_no_controller,
                     messages=("ygo.illegal.summon_condition",), doc=f"{_doc} {_CONDITION_DOC}",
                     example={_name: _example})(_holds)


# ----------------------------------------------------------------------------- the object keys

def _no_controller(value: Any) -> bool:
    return isinstance(value, Mapping) and "controller" in value


COST_REQUIREMENT = Record(
    fields={"do": Choice(values=COST_VERBS, what="cost", label="Cost"),
            "filter": CardFilterField(label="Cards", help="what each card paid must fit"),
            "count": Integer(low=1, high=MAX_COSTS, label="How many", help="default 1"),
            "from": Choice(values=tuple(COST_ZONES), what="place", label="From",
                           help="hand, field or graveyard; blank: wherever the cost verb allows")},
    required=("do",), label="Cost", help="one cost the text states")
PROCEDURE_FIELD = Record(
    fields={"from": Choice(values=SOURCES, what="place", label="From", default="hand",
                           help="hand (the default) or extra_deck (a Fusion Monster that does not use Polymerization)"),
            "condition": VOCABULARY.use("summon_condition", label="Condition"),
            "cost": ListOf(item=COST_REQUIREMENT, min_items=1, max_items=MAX_COSTS, label="Cost")},
    label="Own Special Summon", help="how the monster Special Summons itself")
SYNCHRO_FIELD = Record(
    fields={"tuner": CardFilterField(label="Tuner", help="what the Tuner must be"),
            "non_tuner": CardFilterField(label="Non-Tuners", help="what every non-Tuner must be")},
    label="Synchro Materials")
XYZ_FIELD = Record(
    fields={"each": CardFilterField(label="Each material", help="what every Xyz Material must be"),
            "count": Integer(low=2, high=MAX_COSTS, label="How many", help="exactly this many materials")},
    label="Xyz Materials")
OBJECT_KEYS = ("summon_procedure", "synchro_materials", "xyz_materials", "summoned_with")
"""The object keys this module checks (:func:`check_object`) and parses."""


def check_object(obj: Mapping[str, Any], path: Path, ids: Mapping[str, Mapping[str, Any]], kind: Optional[str],
                 subtype: Optional[str], v: Validation) -> None:
    """Check the object keys of this module: their schema, and that the card can have them."""
    checker = v.checker
    for key, field, subtypes in (("summon_procedure", PROCEDURE_FIELD, None), ("synchro_materials", SYNCHRO_FIELD, ("synchro",)),
                                 ("xyz_materials", XYZ_FIELD, ("xyz",))):
        if key not in obj:
            continue
        if kind != "monster" or (subtypes and subtype not in subtypes):
            which = {"synchro": "a Synchro Monster", "xyz": "an Xyz Monster"}.get((subtypes or ("",))[0], "a monster")
            checker.error((*path, key), f"only {which} has {key} (this card is {subtype or kind or 'of no kind'})")
            continue
        if not field.check(obj[key], (*path, key), v):
            continue
        value = obj[key]
        for name in ("tuner", "non_tuner", "each"):
            if _no_controller(value.get(name)):
                checker.error((*path, key, name, "controller"), "materials are the summoning player's own monsters: "
                                                               "controller cannot be given")
        if key == "summon_procedure":
            _check_procedure(value, (*path, key), subtype, v)
    if "summoned_with" in obj and ListOf(item=Ref(spaces=("object",)), unique=True).check(
            obj["summoned_with"], (*path, "summoned_with"), v):
        if subtype not in ("synchro", "xyz", "fusion") or obj.get("zone") != "monster_zone":
            checker.error((*path, "summoned_with"), "only a Synchro, Xyz or Fusion Monster on the field keeps the "
                                                    "materials it was Summoned with")
        for j, ref in enumerate(obj["summoned_with"]):
            if ref == obj.get("id") or ids[ref].get("zone") in ("hand", "deck", "extra_deck", "monster_zone"):
                checker.error((*path, "summoned_with", j), f"{ref!r} cannot have been its material: a material is "
                                                           f"in the Graveyard, banished or attached as Xyz Material")


def _check_procedure(value: Mapping[str, Any], path: Path, subtype: Optional[str], v: Validation) -> None:
    source = value.get("from", "hand")
    if source == "extra_deck" and subtype != "fusion":
        v.error((*path, "from"), "from the Extra Deck only a Fusion Monster that does not use Polymerization has its "
                                 "own procedure (a Synchro or Xyz Monster uses method synchro or xyz)")
    elif source == "hand" and subtype in ("fusion", "synchro", "xyz"):
        v.error((*path, "from"), f"a {subtype} monster starts in the Extra Deck: from must be extra_deck")
    if "condition" not in value and "cost" not in value:
        v.error(path, "give the condition or the cost its text states (or leave summon_procedure out)")
    for j, cost in enumerate(value.get("cost", [])):
        if cost.get("from") is not None and cost.get("do") in COST_FROM and cost["from"] not in COST_FROM[cost["do"]]:
            v.error((*path, "cost", j, "from"), f"{cost['do']} is paid from the {' or '.join(COST_FROM[cost['do']])}, "
                                                f"not the {cost['from']}")
        if _no_controller(cost.get("filter")):
            v.error((*path, "cost", j, "filter", "controller"), "a cost is paid with the player's own cards: "
                                                              "controller cannot be given")


def parse_object(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Return the :class:`Card` fields of this module's keys of a validated object (not ``summoned_with``,
    which :func:`with_materials` fills once every card exists)."""
    out: dict[str, Any] = {}
    if "summon_procedure" in raw:
        proc = raw["summon_procedure"]
        out["procedure"] = SummonProcedure(
            source=proc.get("from", "hand"),
            conditions=tuple((name, card_filter(flt)) for name, flt in proc.get("condition", {}).items()),
            costs=tuple(CostRequirement(do=c["do"], filter=card_filter(c.get("filter", {})), count=c.get("count", 1),
                                        zone=c.get("from")) for c in proc.get("cost", [])))
    for key in ("synchro_materials", "xyz_materials"):
        if key in raw:
            rule = raw[key]
            out["material_rule"] = MaterialRule(**{name: card_filter(rule[name]) for name in ("tuner", "non_tuner", "each")
                                                   if name in rule}, count=rule.get("count"))
    return out


def with_materials(cards: tuple[Card, ...], objects: Iterable[Mapping[str, Any]]) -> tuple[Card, ...]:
    """Fill ``summoned_with`` from the objects that give it: the materials as the document gives them."""
    given = {raw["id"]: raw["summoned_with"] for raw in objects if raw.get("summoned_with")}
    if not given:
        return cards
    by_id = {card.id: card for card in cards}
    return tuple(replace(card, summoned_with=tuple(by_id[m] for m in given[card.id])) if card.id in given else card
                 for card in cards)


# ----------------------------------------------------------------------------- describing a filter

def describe(wanted: CardFilter) -> str:
    """Return a filter in words for a refusal ("LIGHT monster", "Level 4 Warrior card")."""
    words = [f"\"{wanted.name}\"" if wanted.name is not None else ""]
    words += [wanted.attribute or "", f"Level {wanted.level}" if wanted.level is not None else "", wanted.race or "",
              wanted.subtype or "", wanted.kind or "card"]
    text = " ".join(word for word in words if word)
    if wanted.card is not None:
        text += f" (the card {wanted.card})"
    if wanted.summoned_with is not None:
        text += f" Summoned with {with_article(describe(wanted.summoned_with))} as material"
    return text


def with_article(text: str) -> str:
    """Return ``text`` after "a" or "an" ("a LIGHT card", "an EARTH Warrior monster")."""
    return ("an " if text[:1].upper() in "AEIOU" or text.startswith("Xyz") else "a ") + text


# ----------------------------------------------------------------------------- the inherent Special Summon

def verify_inherent(duel: Duel, state: GameState, player: PlayerId, card: Card, costs: tuple[Instruction, ...]) -> None:
    """Check a monster's own Special Summon: where it is, its condition, its cost.

    From the hand (ARC-V 3.2.2.3.1.i1; MR2 ch2.20) or, for a Fusion Monster whose procedure
    says so, from the Extra Deck (3.2.2.3.1.1.2.2.i1). Every ``summon_condition`` must hold
    (3.2.2.3.1.i1). ``costs`` (the action's ``cost``, in the order the text lists its costs)
    must be exactly the costs the procedure states, each card fitting its filter and place and
    payable (:func:`~engine.ygo.costs.verify_cost`, ARC-V 4.2.2.i3). Raises
    :class:`~engine.core.IllegalAction`.
    """
    procedure = card.procedure or SummonProcedure()
    base = {"card": card.id, "card_name": card.name}
    extra = procedure.source == "extra_deck"
    key = R.CONTACT_FUSION if extra else R.INHERENT_SUMMON
    if card.zone is not (Zone.EXTRA_DECK if extra else Zone.HAND) or card.kind.value != "monster" or card.owner != player:
        raise duel.illegal(key, "ygo.illegal.card_not_available", **base, zone=card.zone.value)
    for name, wanted in procedure.conditions:
        if not VOCABULARY.apply_of("summon_condition", name)(state, player, wanted):
            raise duel.illegal(R.INHERENT_SUMMON, "ygo.illegal.summon_condition", **base, condition=name,
                               wanted=describe(wanted))
    wanted_costs = [(req, i) for req in procedure.costs for i in range(req.count)]
    if len(costs) != len(wanted_costs):
        raise duel.illegal(R.INHERENT_COST, "ygo.illegal.summon_cost", **base,
                           reason=f"its text states {len(wanted_costs)} cost card(s), {len(costs)} given")
    for (req, _), cost in zip(wanted_costs, costs):
        paid = state.card(cost.objects[0]) if cost.objects else None
        if cost.do != req.do or paid is None:
            raise duel.illegal(R.INHERENT_COST, "ygo.illegal.summon_cost", **base,
                               reason=f"its text states {req.do}, not {cost.do}")
        if not req.filter.matches(paid, None, state) or (req.zone and paid.zone not in COST_ZONES[req.zone]):
            where = f" in the {req.zone}" if req.zone else ""
            raise duel.illegal(R.INHERENT_COST, "ygo.illegal.summon_cost", **base,
                               reason=f"{paid.name} is not {with_article(describe(req.filter))}{where} ({req.do})")
        verify_cost(duel, state, card, player, cost)


def pay_inherent(duel: Duel, state: GameState, player: PlayerId, card: Card, costs: tuple[Instruction, ...]) -> GameState:
    """Pay an inherent Special Summon's cost: the cards move as part of the procedure, not by an
    effect, so their "when … you can" triggers miss the timing (ARC-V 3.2.2.3.1.i5, 3.2.2.3.1.i6)."""
    for cost in costs:
        paid = state.card(cost.objects[0])
        to = VOCABULARY.apply_of("cost", cost.do).to
        state = duel.bump(state)
        state = move(duel, state, paid, to, "summon_cost", R.INHERENT_COST)
        if cost.do == "tribute":
            # Tributed for the Summon, a part of its procedure (ARC-V 3.2.2.1.1.1.i1, 3.2.2.3.1.i6).
            holder = paid.controller if paid.zone in FIELD_ZONES else paid.owner
            state = duel.event(state, "tributed", paid.id, "summon_cost", player=holder, origin=paid.zone.value,
                               cause="rule")
    return state


# ----------------------------------------------------------------------------- Synchro and Xyz materials

def verify_material_rule(duel: Duel, state: GameState, card: Card, method: str, materials: list[Card]) -> None:
    """Check what the Synchro or Xyz Monster's text asks of its materials beyond the Levels:
    the Tuner (official ruling), every non-Tuner (ARC-V 3.2.2.3.1.1.3.i3), every Xyz Material
    (MR2 ch2.11; ARC-V: official ruling) and their number (ARC-V 3.2.2.3.1.1.4.i2). Raises
    :class:`~engine.core.IllegalAction` naming the first material that fails."""
    rule = card.material_rule
    if rule is None:
        return
    base = {"card": card.id, "card_name": card.name, "method": method}
    if method == "xyz" and rule.count is not None and len(materials) != rule.count:
        raise duel.illegal(R.XYZ_COUNT, "ygo.illegal.materials", **base,
                           reason=f"its text asks for exactly {rule.count} materials, not {len(materials)}")
    checks = ((rule.tuner, R.SYNCHRO_TUNER, "the Tuner", lambda m: m.tuner),
              (rule.non_tuner, R.SYNCHRO_NON_TUNER, "every non-Tuner", lambda m: not m.tuner)) if method == "synchro" \
        else ((rule.each, R.XYZ_MATERIAL_FILTER, "every Xyz Material", lambda m: True),)
    for wanted, key, who, applies in checks:
        if wanted is None:
            continue
        for material in materials:
            if applies(material) and not wanted.matches(material, None, state):
                raise duel.illegal(key, "ygo.illegal.material_requirement", **base, material=material.id,
                                   material_name=material.name, who=who, wanted=with_article(describe(wanted)))


def keep_materials(duel: Duel, state: GameState, card_id: str, materials: tuple[Card, ...]) -> GameState:
    """Keep the materials (as they were when used) on the monster just Summoned (ARC-V 3.2.2.3.1.1.3.1.i1)."""
    if not materials:
        return state
    card = state.card(card_id)
    return duel.step(state.with_card(replace(card, summoned_with=materials)), "summon", "ygo.summon.materials",
                     R.MATERIALS_KEPT, card=card.id, card_name=card.name, materials=[m.id for m in materials],
                     material_names=", ".join(m.name for m in materials))


__all__ = ["OBJECT_KEYS", "check_object", "describe", "keep_materials", "parse_object", "pay_inherent",
           "verify_inherent", "verify_material_rule", "with_materials"]
