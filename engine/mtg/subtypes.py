"""Subtypes (CR 205.3): the sets of land, artifact, enchantment, spell and planeswalker types
(205.3g-205.3k, both editions' lists) and the card types they belong to; every other subtype is
a creature type (205.3m), shared by creatures and tribals. An object that is every creature type
(changeling, 702.73a) has each of them: :func:`has_subtype`.

>>> subtype_set("Swamp"), subtype_set("Aura"), subtype_set("Goblin")
('land', 'enchantment', 'creature')
"""

from __future__ import annotations

from typing import Optional

from .mana import BASIC_LAND_MANA
from .model import Chars, GameObject, Zone

LAND_SUBTYPES = frozenset(BASIC_LAND_MANA) | {"Desert", "Gate", "Lair", "Locus", "Mine", "Power-Plant", "Tower", "Urza's"}
ARTIFACT_SUBTYPES = frozenset({"Blood", "Clue", "Contraption", "Equipment", "Food", "Fortification", "Gold", "Treasure", "Vehicle"})
ENCHANTMENT_SUBTYPES = frozenset({"Aura", "Cartouche", "Class", "Curse", "Rune", "Saga", "Shard", "Shrine"})
SPELL_SUBTYPES = frozenset({"Adventure", "Arcane", "Lesson", "Trap"})
PLANESWALKER_SUBTYPES = frozenset((
    "Ajani Aminatou Angrath Arlinn Ashiok Bahamut Basri Bolas Calix Chandra Dack Dakkon Daretti Davriel Dihada Domri "
    "Dovin Ellywick Elspeth Estrid Freyalise Garruk Gideon Grist Huatli Jace Jaya Jeska Kaito Karn Kasmina Kaya Kiora "
    "Koth Liliana Lolth Lukka Mordenkainen Nahiri Narset Niko Nissa Nixilis Oko Ral Rowan Saheeli Samut Sarkhan Serra "
    "Sorin Szat Tamiyo Teferi Teyo Tezzeret Tibalt Tyvar Ugin Venser Vivien Vraska Will Windgrace Wrenn Xenagos Yanggu "
    "Yanling Zariel").split())
SUBTYPE_SETS = (("land", LAND_SUBTYPES, ("land",)), ("artifact", ARTIFACT_SUBTYPES, ("artifact",)),
                ("enchantment", ENCHANTMENT_SUBTYPES, ("enchantment",)), ("spell", SPELL_SUBTYPES, ("instant", "sorcery")),
                ("planeswalker", PLANESWALKER_SUBTYPES, ("planeswalker",)))
"""The sets of subtypes of CR 205.3g-205.3k (both editions' lists) and the card types they belong
to; every other subtype is a creature type (205.3m), shared by creatures and tribals."""
CREATURE_TYPE_HOLDERS = frozenset({"creature", "tribal"})
"""The card types whose subtypes are creature types (CR 205.3m)."""


def subtype_set(subtype: str) -> str:
    """Return which set a subtype belongs to: ``land``, ``artifact``, ``enchantment``, ``spell``,
    ``planeswalker`` or ``creature`` (CR 205.3)."""
    for name, members, _types in SUBTYPE_SETS:
        if subtype in members:
            return name
    return "creature"


def subtype_set_types(name: str) -> tuple[str, ...]:
    """Return the card types whose subtypes form the set ``name`` (CR 205.3: creature types are
    shared by creatures and tribals)."""
    return next((types for n, _members, types in SUBTYPE_SETS if n == name), ("creature", "tribal"))


BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
"""The basic land types (CR 305.6), in the order of the rule: "every basic land type" is all five."""


def every_creature_type(chars: Chars, obj: Optional[GameObject] = None) -> bool:
    """Whether an object is every creature type now (CR 702.73a in 2022, 702.72a in 2020).

    On the battlefield the layer system says so (changeling's characteristic-defining ability
    and "is every creature type" effects apply in layer 4, 613.1d, 613.3). Elsewhere changeling
    works too ("this ability works everywhere", 702.73a): an object with changeling is every
    creature type in a hand, a library or on the stack, unless the layers set its creature types
    there (Conspiracy, 613.1: ``every_creature_type`` is ``False``). Only a creature or a tribal has
    creature types (205.3d, 205.3m)."""
    if not chars.types & CREATURE_TYPE_HOLDERS:
        return False
    if chars.every_creature_type:
        return True
    return obj is not None and obj.zone is not Zone.BATTLEFIELD and chars.every_creature_type is None \
        and chars.has_keyword("changeling")


def has_subtype(chars: Chars, subtype: str, obj: Optional[GameObject] = None) -> bool:
    """Whether an object has ``subtype``: listed in its subtypes, or a creature type of an object
    that is every creature type (CR 205.3m, 702.73a).

    >>> from .model import Chars
    >>> shapeshifter = Chars("Changeling Outcast", "{B}", frozenset({"black"}), frozenset(), frozenset({"creature"}),
    ...                      frozenset({"Shapeshifter"}), (), 1, 1, None, "p1", every_creature_type=True)
    >>> has_subtype(shapeshifter, "Elf"), has_subtype(shapeshifter, "Forest")
    (True, False)
    """
    if subtype in chars.subtypes:
        return True
    return subtype_set(subtype) == "creature" and every_creature_type(chars, obj)
