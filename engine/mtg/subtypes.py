"""Subtypes (CR 205.3): the sets of land, artifact, enchantment, spell and planeswalker types
(205.3g-205.3k, both editions' lists) and the card types they belong to; every other subtype is
a creature type (205.3m), shared by creatures and tribals.

>>> subtype_set("Swamp"), subtype_set("Aura"), subtype_set("Goblin")
('land', 'enchantment', 'creature')
"""

from __future__ import annotations

from .mana import BASIC_LAND_MANA

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
