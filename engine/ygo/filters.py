"""Card filters: which cards a Fusion Material requirement or a trigger's ``event_of`` names
(ARC-V 3.2.2.3.1.1.2.i3, 3.2.7.3.i1).

Each key of a filter is one entry of the ``filter`` slot, read by :meth:`CardFilter.matches`
(``engine/ygo/model.py``); every key given must hold. :class:`CardFilterField` is the field
that checks a filter where a document writes one (a card name alone for a Fusion Material,
``"self"`` for a trigger's own event), and :func:`card_filter` parses it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.validation import Path
from ..core.vocabulary import Boolean, Choice, Field, Integer, ListOf, Ref, Text, Validation
from .model import SUBTYPES, CardFilter, CardKind
from .rules import R
from .vocabulary import VOCABULARY

MAX_NAME = 200
KINDS = tuple(kind.value for kind in CardKind)
ALL_SUBTYPES = tuple(sorted({subtype for values in SUBTYPES.values() for subtype in values}))
FILTER_KEYS = ("card", "name", "kind", "subtype", "attribute", "race", "level", "controller", "summoned_with", "face_up",
               "level_min", "level_max", "kinds", "atk_min", "atk_max", "has_material",
               "zone", "position", "event", "other", "def_max", "rank",
               "name_includes", "effect_monster")

_RULE = (R.TRIGGER_EVENT, R.FUSION)
VOCABULARY.define("filter", "card", rule=_RULE, label="This card", value=Ref(spaces=("object",), label="Card"),
                  doc="The one card with this object id.", example={"card": "m1"})
VOCABULARY.define("filter", "name", rule=_RULE, label="Card name", value=Text(min_length=1, max_length=MAX_NAME),
                  doc="Cards with exactly this name.", example={"name": "Dark Magician"})
VOCABULARY.define("filter", "kind", rule=_RULE, label="Card kind", value=Choice(values=KINDS, what="card kind"),
                  doc="Monsters, Spells or Traps (ARC-V 3.1.1).", example={"kind": "monster"})
VOCABULARY.define("filter", "subtype", rule=_RULE, label="Subtype", value=Choice(values=ALL_SUBTYPES, what="subtype"),
                  doc="Cards of this subtype (with `kind`, one of that kind's subtypes).",
                  example={"kind": "monster", "subtype": "synchro"})
VOCABULARY.define("filter", "attribute", rule=_RULE, label="Attribute", value=Text(max_length=MAX_NAME),
                  doc="Monsters of this Attribute, as the objects write it (`DARK`).", example={"attribute": "DARK"})
VOCABULARY.define("filter", "race", rule=_RULE, label="Type", value=Text(max_length=MAX_NAME),
                  doc="Monsters of this Type, as the objects write it (`Spellcaster`).", example={"race": "Spellcaster"})
VOCABULARY.define("filter", "level", rule=_RULE, label="Level", value=Integer(low=0, high=13),
                  doc="Monsters of exactly this Level (Rank for an Xyz Monster).", example={"level": 4})
VOCABULARY.define("filter", "controller", rule=_RULE, label="Controller",
                  value=Choice(values=("self", "opponent"), what="controller"),
                  doc="Cards the effect's player controls (`self`) or the opponent does, read from the side of the "
                      "card whose text it is; a card off the field counts for its owner.",
                  example={"controller": "opponent"})

# issue 13: "a face-up monster", "a Level 5 or higher monster"
VOCABULARY.define("filter", "face_up", rule=(*_RULE, R.FACE_DOWN_UNAFFECTED), label="Face-up",
                  value=Boolean(label="Face-up", help="true: face-up cards only; false: face-down cards only"),
                  doc="Face-up cards (`true`) or face-down ones (`false`), on the field or banished; a card in the hand, "
                      "Deck or Graveyard has no position and never matches (ARC-V 3.2.4).",
                  example={"kind": "monster", "face_up": True})
VOCABULARY.define("filter", "kinds", rule=_RULE, label="Any of these kinds",
                  value=ListOf(item=Choice(values=KINDS, what="card kind"), min_items=2, unique=True, label="Kinds",
                               help="two or more of monster, spell, trap"),
                  doc="Cards of any of these kinds: \"a Spell/Trap\" is `[\"spell\", \"trap\"]` (ARC-V 3.1.1). Not "
                      "together with `kind`.",
                  example={"kinds": ["spell", "trap"]})
VOCABULARY.define("filter", "level_min", rule=_RULE, label="Level N or higher", value=Integer(low=1, high=13),
                  doc="Monsters of this Level (Rank for an Xyz Monster) or higher; a card without one never matches.",
                  example={"level_min": 5})
VOCABULARY.define("filter", "level_max", rule=_RULE, label="Level N or lower", value=Integer(low=1, high=13),
                  doc="Monsters of this Level (Rank for an Xyz Monster) or lower; a card without one never matches.",
                  example={"level_max": 4})

# issue 13 (gaps): "a monster with 1000 or more ATK" (Trap Hole)
MAX_ATK = 999_999
VOCABULARY.define("filter", "atk_min", rule=(*_RULE, R.FACE_DOWN_NOT_TARGET), label="N or more ATK",
                  value=Integer(low=0, high=MAX_ATK),
                  doc="Monsters with this much ATK or more, their current ATK as the board shows it (after every "
                      "change); a card without ATK (a Spell or Trap) never matches, and a face-down monster is no "
                      "target for it (ARC-V 3.2.4.3.i7).",
                  example={"kind": "monster", "atk_min": 1000})
VOCABULARY.define("filter", "atk_max", rule=(*_RULE, R.FACE_DOWN_NOT_TARGET), label="N or less ATK",
                  value=Integer(low=0, high=MAX_ATK),
                  doc="Monsters with this much ATK or less, their current ATK as the board shows it; a card without "
                      "ATK never matches, and a face-down monster is no target for it (ARC-V 3.2.4.3.i7).",
                  example={"kind": "monster", "atk_max": 1500})


# issue 16: "a monster in either GY" (Monster Reborn), "Attack Position monsters" (Mirror Force)
FILTER_ZONES = ("field", "hand", "deck", "extra_deck", "graveyard", "banished", "monster_zone", "spell_trap_zone",
                "field_zone", "pendulum_zone")
VOCABULARY.define("filter", "zone", rule=(*_RULE, R.TARGET_AT_ACTIVATION), label="Zone",
                  value=Choice(values=FILTER_ZONES, what="zone"),
                  doc="Cards in this zone: `field` is any zone on the field, else one zone (`graveyard`, `hand`, "
                      "`banished`, `monster_zone` …). A targeting effect or a selector without `zone` reads the field "
                      "only (ARC-V 2.1, 4.2.3.3).",
                  example={"kind": "monster", "zone": "graveyard"})
VOCABULARY.define("filter", "position", rule=(*_RULE, R.CHANGE_POSITION), label="Battle position",
                  value=Choice(values=("attack", "defense", "face-down defense"), what="battle position"),
                  doc="Monsters in the Monster Zone in this battle position: `attack`, `defense` (face-up or face-down "
                      "Defense Position) or `face-down defense`; a card elsewhere never matches (ARC-V 3.2.4).",
                  example={"kind": "monster", "position": "attack", "controller": "opponent"})


VOCABULARY.define("filter", "name_includes", rule=_RULE, label="Name includes",
                  value=Text(min_length=1, max_length=MAX_NAME),
                  doc="Cards whose name includes this text, as written (\"a 'Gravekeeper's' monster\": "
                      "`Gravekeeper's`); an archetype the card counts as without the text in its name is not read "
                      "(official ruling; not in either document).",
                  example={"kind": "monster", "name_includes": "Gravekeeper's"})
VOCABULARY.define("filter", "def_max", rule=(*_RULE, R.FACE_DOWN_NOT_TARGET), label="N or less DEF",
                  value=Integer(low=0, high=MAX_ATK),
                  doc="Monsters with this much DEF or less, their current DEF as the board shows it; a card without "
                      "DEF never matches, and a face-down monster is no target for it (ARC-V 3.2.4.3.i7).",
                  example={"kind": "monster", "def_max": 1500})
VOCABULARY.define("filter", "effect_monster", rule=_RULE, label="Effect Monsters", value=Boolean(),
                  doc="`true`: Effect Monsters, that is `effect` monsters and the Fusion, Ritual, Synchro, Xyz and "
                      "Pendulum Monsters that have effects (a Pendulum Effect alone does not make one); Normal "
                      "Monsters and Tokens never match.",
                  example={"kind": "monster", "effect_monster": True})
VOCABULARY.define("filter", "other", rule=(R.SELECT_ALL,), label="Other than this card",
                  value=Boolean(label="Other cards", help="true: not the card whose effect this is"),
                  doc="\"Other\" cards: never the card whose effect reads the filter (a Spell that destroys every "
                      "other Spell and Trap). Only in an effect's `targeting`, an action's `all` or `among`, or a "
                      "cost's `among`, where that card is known.",
                  example={"kinds": ["spell", "trap"], "other": True})
RANKS = ("lowest_atk", "highest_atk", "lowest_def", "highest_def")
VOCABULARY.define("filter", "rank", rule=(R.SELECT_ALL, R.CHOICE_ON_RESOLUTION), label="The lowest or highest",
                  value=Choice(values=RANKS, what="rank"),
                  doc="Among the cards the rest of the filter fits, only those with the lowest (or highest) ATK (or "
                      "DEF) of them, read when it applies (\"the face-up monster with the lowest ATK your opponent "
                      "controls\"); with several tied, `choose` picks among them (ARC-V 4.2.3.3.1.i1). A card without "
                      "that value is left out. Only in an effect's `targeting`, an action's `all` or `among`, or a cost's "
                      "`among`.",
                  example={"kind": "monster", "face_up": True, "controller": "opponent", "rank": "lowest_atk"})
VOCABULARY.define("filter", "event", rule=(R.TARGET_AT_ACTIVATION,), label="The card(s) of the event answered",
                  value=Boolean(label="That card", help="true: only the cards of the event the activation answers"),
                  doc="\"That monster\": only the card(s) of the event the activation answers (the monster(s) just "
                      "Summoned, the monster that declared the attack), as its activation condition reads it "
                      "(ARC-V 4.2.3.i1). Only in an effect's `targeting` or an action's `all`, where the activation "
                      "is known.",
                  example={"event": True, "atk_min": 1000})


def ranked(cards: list[Any], rank: str | None) -> list[Any]:
    """Return the cards with the extreme value ``rank`` names (``lowest_atk`` …), all of them tied;
    ``cards`` unchanged without a rank. A card without that value is left out."""
    if rank is None:
        return cards
    extreme, stat = rank.split("_")
    valued = [(c, getattr(c, "def_" if stat == "def" else "atk")) for c in cards]
    valued = [(c, value) for c, value in valued if value is not None]
    best = (min if extreme == "lowest" else max)((value for _, value in valued), default=None)
    return [c for c, value in valued if value == best]


@dataclass(frozen=True, kw_only=True)
class CardFilterField(Field):
    """A card filter where a document writes one: an object of ``filter`` keys, or (with
    ``allow_name``) a card name alone, or (with ``allow_self``) ``"self"``; ``event`` only with
    ``allow_event`` (where the event an activation answers is known)."""

    allow_name: bool = False
    allow_self: bool = False
    allow_event: bool = False

    def check(self, value: Any, path: Path, v: Validation) -> bool:
        if self.allow_self and value == "self":
            return True
        if self.allow_name and isinstance(value, str):
            return v.checker.string(value, path, min_length=1, max_length=MAX_NAME) is not None
        if not VOCABULARY.check(value, path, "filter", v):
            return False
        for key in ("event", "other", "rank"):
            if key in value and not self.allow_event:
                v.error((*path, key), f"{key} reads the activation the filter belongs to: only in an effect's "
                                      "targeting or an action's all or among")
        low, high = value.get("level_min"), value.get("level_max")
        if isinstance(low, int) and isinstance(high, int) and low > high:
            v.error((*path, "level_max"), f"level_max {high} is below level_min {low}: no card would match")
        if "kind" in value and "kinds" in value:
            v.error((*path, "kinds"), "give kind (one) or kinds (any of several), not both")
        if "level" in value and ("level_min" in value or "level_max" in value):
            v.error((*path, "level"), "give level (exactly) or level_min / level_max, not both")
        low, high = value.get("atk_min"), value.get("atk_max")
        if isinstance(low, int) and isinstance(high, int) and low > high:
            v.error((*path, "atk_max"), f"atk_max {high} is below atk_min {low}: no card would match")
        kind, subtype = value.get("kind"), value.get("subtype")
        if kind is not None and subtype is not None:
            return Choice(values=SUBTYPES[CardKind(kind)], what=f"{kind} subtype").check(subtype, (*path, "subtype"), v)
        return True

    def describe(self) -> str:
        first = ('"self" or ' if self.allow_self else "") + ("a card name or " if self.allow_name else "")
        return f"{first}FILTER"

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "slot": "filter", "allow_name": self.allow_name, "allow_self": self.allow_self,
                "allow_event": self.allow_event}


def _check_material_filter(value: Any, path: Path, v: Validation) -> None:
    """A material is read as it was when it was used: whose it is now, and its own materials,
    say nothing about it, so ``controller`` and ``summoned_with`` are refused inside."""
    if isinstance(value, Mapping):
        for key in ("controller", "summoned_with", "has_material"):
            if key in value:
                v.error((*path, key), f"{key} cannot be read on a material (it is read as it was when it was used)")


VOCABULARY.define(
    "filter", "summoned_with", rule=(R.MATERIALS_KEPT, R.MATERIALS_LOST), label="Summoned with a material",
    value=CardFilterField(label="Material", help="a filter one of its materials fits"), check=_check_material_filter,
    doc="Monsters Synchro, Xyz or Fusion Summoned using at least one material this filter fits, the material read as "
        "it was when it was used (\"if this card was Synchro Summoned using a WATER monster\"). A monster loses its "
        "materials when it leaves the field (ARC-V 3.2.2.3.1.1.3.1.i1, 3.2.2.3.1.1.3.1.i7; MR2: official ruling).",
    example={"summoned_with": {"attribute": "WATER"}})


def _check_attached(value: Any, path: Path, v: Validation) -> None:
    """An attached material is read as it is now, but it has no controller and no materials of
    its own (ARC-V 3.2.2.3.1.1.4.1.i5): ``controller``, ``summoned_with`` and ``has_material``
    are refused inside."""
    _check_material_filter(value, path, v)


VOCABULARY.define(
    "filter", "has_material", rule=(R.XYZ_MATERIALS_ATTACHED, R.XYZ_MATERIAL_NOT_ON_FIELD), label="Has as Xyz Material",
    value=CardFilterField(label="Xyz Material", help="a filter one of its Xyz Materials attached now fits"),
    check=_check_attached,
    doc="Xyz Monsters that have an Xyz Material attached now that this filter fits (\"an Xyz Monster that has a "
        "LIGHT monster as material\"): the materials it has at the moment the filter is read, not the ones it was "
        "Summoned with (a material detached is no longer one; that is `summoned_with`). A monster with no Xyz "
        "Materials never matches (ARC-V 3.2.2.3.1.1.4.1.i1, 3.2.2.3.1.1.4.1.i5; MR2 ch5.14).",
    example={"kind": "monster", "has_material": {"attribute": "LIGHT"}})


def card_filter(raw: Any) -> CardFilter:
    """Return the :class:`CardFilter` of a validated filter (a string is a card name)."""
    if isinstance(raw, str):
        return CardFilter(name=raw)
    assert isinstance(raw, Mapping)
    keys = {key: tuple(raw[key]) if isinstance(raw[key], list) else raw[key] for key in FILTER_KEYS if key in raw}
    for nested in ("summoned_with", "has_material"):
        if nested in keys:
            keys[nested] = card_filter(keys[nested])
    return CardFilter(**keys)
