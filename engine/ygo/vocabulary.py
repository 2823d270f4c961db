"""The Yu-Gi-Oh! vocabulary: one registry of every word a ``ygo`` scenario can say
(docs/engine-vocabulary.md; DESIGN.md, "Engine": one registry per game).

This module declares the registry and its slots; each entry is registered in the module of
its rules topic, beside the function that applies it:

==================  =======  ==========================================  ===========================
slot                style    what a document writes                      entries live in
==================  =======  ==========================================  ===========================
``instruction``     tagged   ``{"do": …}`` in an effect's ``actions``     effects, values, negation,
                                                                          procedures
``cost``            tagged   ``{"do": …}`` in an effect's ``cost``        costs
``continuous``      tagged   ``{"do": …}`` in a Continuous Effect         values
``ability``         tagged   ``{"class": …}`` in an object's ``effects``  abilities
``trigger_event``   named    an effect's ``trigger``                      triggers
``timing``          named    an effect's ``timing`` (``when`` / ``if``)   triggers
``filter``          keyed    a card filter (``event_of``, materials)      filters
``negation_scope``  named    a negation's ``what``                        negation
``duration``        named    ``until`` of an ATK/DEF change               values
``summon_method``   named    a ``special_summon`` action's ``method``     procedures
``action``          tagged   ``{"type": …}`` in ``actions``               play, summoning, procedures,
                                                                          battle, turn
``counter``         named    a key of ``counters``, a cost's ``counter``  costs
``option``          keyed    a key of ``options``                         triggers
``trigger_qualifier`` keyed  a trigger's ``qualifiers``                  qualifiers
==================  =======  ==========================================  ===========================

The keyed ``activation_condition`` slot (an activated effect's ``condition``) has its entries in
conditions.

``cite(rule, ruleset)`` reads the citation table of the registered ruleset (``arcv.py``,
``mr2.py``) when it is called, so this module imports no ruleset and no circle forms.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.registry import get_ruleset, is_implemented
from ..core.vocabulary import KEYED, NAMED, TAGGED, Validation, Vocabulary, register_vocabulary

GAME = "ygo"
RULESETS = ("arcv", "mr2")
"""The rulesets, in the order the docs show them."""


def cite(rule: Any, ruleset: str) -> Any:
    """Return the citation of rule point ``rule`` (an :class:`~engine.ygo.rules.R`) under
    ``ruleset``, or ``None`` when that ruleset's table has no such point."""
    if not is_implemented(GAME, ruleset):
        return None
    return get_ruleset(GAME, ruleset).citations.get(rule)


@dataclass
class DocumentValidation(Validation):
    """What checking one ``ygo`` document knows beyond the core's: its objects by id, so that
    an entry's check can read the card an id names (a Set card's kind, a trigger's effects)."""

    objects: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    aimed: set[tuple[Any, ...]] = field(default_factory=set)
    """The paths of the ``actions`` of effects with ``targeting``: an action there that names no
    card applies to the targets chosen on activation (engine/ygo/trigger_targets.py)."""


VOCABULARY = register_vocabulary(Vocabulary(GAME, cite=cite, rulesets=RULESETS))
"""The registry of the ``ygo`` vocabulary."""

VOCABULARY.slot(
    "instruction", style=TAGGED, kind="verb", tag="do", label="Instruction",
    doc="One thing a chain link does when it resolves (`actions` of an effect, a chain link or an `activate` "
        "action), applied in the order written (ARC-V 4.1.2.i3; MR2 ch5.17). A part whose targeted card has left "
        "the zone it was targeted in does not apply to it (ARC-V 4.2.3.3.i3).")
VOCABULARY.slot(
    "cost", style=TAGGED, kind="cost", tag="do", label="Cost",
    doc="What is paid when the effect is activated (`cost` of an effect or a chain link): paid at once, before "
        "anyone can respond, and never refunded, even when the activation is negated (ARC-V 4.2.2.i2). A cost "
        "that cannot be paid makes the activation illegal (4.2.2.i3).")
VOCABULARY.slot(
    "continuous", style=TAGGED, kind="effect", tag="do", label="Continuous Effect",
    doc="What a Continuous Effect does (`actions` of an effect of class `continuous`): it is not activated and "
        "uses no chain; it applies while its card is face-up on the field and stops the moment it is not "
        "(ARC-V 3.2.7.1.i2, 3.2.7.1.i3; MR2 ch2.7).")
VOCABULARY.slot(
    "ability", style=TAGGED, kind="ability", tag="class", label="Effect class",
    doc="One effect printed on a card (`effects[]` of an object), named by its class; the class decides whether "
        "and how fast it can be activated (ARC-V 4.2.1, 4.2.4.1; MR2 ch2.6–ch2.10, ch4.14). Monsters have "
        "`ignition`, `trigger`, `flip`, `quick`, `pendulum` and `continuous` effects; Spells and Traps `card`, "
        "`effect` and `continuous`.")
VOCABULARY.slot(
    "trigger_event", style=NAMED, kind="event", label="Trigger event",
    doc="The event a Trigger Effect activates on (`trigger` of a `trigger` or `flip` effect): by default the "
        "card's own; with `event_of` the events of the cards its filter names (ARC-V 3.2.7.3.i1).")
VOCABULARY.slot(
    "timing", style=NAMED, kind="condition", label="Trigger timing",
    doc="How an optional trigger's text reads (`timing`): `when` (…时) misses the timing unless its event was "
        "the last thing to happen, `if` (…的场合) is activated after the chain (ARC-V 4.2.3.2).")
VOCABULARY.slot(
    "filter", style=KEYED, kind="filter", label="Filter key",
    doc="Which cards a Fusion Material requirement (`materials_required[]`) or a trigger's `event_of` names: "
        "every key given must hold.")
VOCABULARY.slot(
    "negation_scope", style=NAMED, kind="target", label="Negation scope",
    doc="What a negation's card text can negate (`what` of `negate_activation` / `negate_effect`). A negation "
        "that cannot affect the link it names could not resolve at all, so it cannot be activated (ARC-V "
        "4.2.3.i2, 4.2.1.1.i3).")
VOCABULARY.slot(
    "duration", style=NAMED, kind="duration", label="Duration",
    doc="How long an ATK/DEF change lasts (`until` of `change_atk` / `change_def` and of a lingering effect in "
        "`effects[]`).")
VOCABULARY.slot(
    "summon_method", style=NAMED, kind="procedure", label="Summon method",
    doc="How a `special_summon` action Special Summons by game procedure; such a Summon does not use the chain "
        "(ARC-V 3.2.2.3.1.i4; MR2 ch5.7) and opens the summon-negation window.")
VOCABULARY.slot(
    "action", style=TAGGED, kind="action", tag="type", label="Player action",
    doc="What the players do after the given chain (`actions[]`), in order. Before any action that is not a "
        "response the engine lets whatever is waiting happen: the open chain resolves, a Summon succeeds, waiting "
        "triggers go on the chain and resolve, an attack goes through the Damage Step.")
VOCABULARY.slot(
    "counter", style=NAMED, kind="counter", label="Counter kind",
    doc="A kind of counter placed on a card by card effects (`objects[].counters` keys and `remove_counters`); "
        "counters have no effect of their own, only the cards that read them (ARC-V 1.2.i1; MR2 ch5.9).")
VOCABULARY.slot(
    "option", style=KEYED, kind="choice", label="Option", allow_empty=True,
    doc="The scenario's answers to choices the players make during play (`options`). An unknown option is "
        "refused.")
VOCABULARY.slot(
    "activation_condition", style=KEYED, kind="condition", label="Activation condition",
    doc="When a card or effect may be activated (`condition` of an activated effect): every key given must hold "
        "when it is activated, or the activation is illegal (ARC-V 4.2.3.i1; MR2 ch2.23). Entries live in "
        "conditions.")
VOCABULARY.slot(
    "trigger_qualifier", style=KEYED, kind="condition", label="Trigger qualifier",
    doc="What a trigger's event must also be (`qualifiers` of a `trigger` or `flip` effect): from where, by what, "
        "how it was Summoned, whose (ARC-V 3.2.7.3.i1: a trigger activates at the timing its text states). Every key "
        "given must hold; one that means nothing for the trigger's event is refused.")
