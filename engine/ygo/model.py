"""Yu-Gi-Oh! state values: cards, players, chain links and the game state.

All values are frozen dataclasses; a :class:`GameState` is an immutable snapshot and every
change returns a new one (``dataclasses.replace``), so a trace can keep every intermediate
state and a branch is just another state.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Optional

from .events import Event  # noqa: F401  (re-exported: a state value like the others)

ObjectId = str
"""The id of a card or token in the scenario (``objects[].id``)."""
PlayerId = str
"""``"p1"`` or ``"p2"``."""
EffectRef = int
"""Index of an effect in its card's ``effects``."""

PLAYERS: tuple[PlayerId, PlayerId] = ("p1", "p2")
"""Both player ids, in seat order."""


def opponent_of(player: PlayerId) -> PlayerId:
    """Return the other player."""
    return "p2" if player == "p1" else "p1"


class Zone(StrEnum):
    """Where a card is (ARC-V chapter 2; MR2 ch1.7)."""

    HAND = "hand"
    DECK = "deck"
    EXTRA_DECK = "extra_deck"
    GRAVEYARD = "graveyard"
    BANISHED = "banished"
    MONSTER_ZONE = "monster_zone"
    SPELL_TRAP_ZONE = "spell_trap_zone"
    FIELD_ZONE = "field_zone"
    PENDULUM_ZONE = "pendulum_zone"
    MATERIAL = "material"
    REMOVED = "removed"
    """A Token that left the field (ARC-V 3.2.6.i2); dropped from the result."""

    @property
    def on_field(self) -> bool:
        """Return whether a card here is "on the field" (Xyz Materials are not, ARC-V 3.2.2.3.1.1.4.1.i2)."""
        return self in FIELD_ZONES


FIELD_ZONES = frozenset({Zone.MONSTER_ZONE, Zone.SPELL_TRAP_ZONE, Zone.FIELD_ZONE, Zone.PENDULUM_ZONE})
"""The zones that make up the field."""


class Position(StrEnum):
    """Battle positions (ARC-V 3.2.4) and face-up/face-down for other cards."""

    ATTACK = "attack"
    DEFENSE = "defense"
    FACE_DOWN_DEFENSE = "face-down defense"
    FACE_UP = "face-up"
    FACE_DOWN = "face-down"


class CardKind(StrEnum):
    """The three card kinds (ARC-V 3.1.1)."""

    MONSTER = "monster"
    SPELL = "spell"
    TRAP = "trap"


MONSTER_SUBTYPES = ("normal", "effect", "fusion", "ritual", "synchro", "xyz", "pendulum", "token")
SPELL_SUBTYPES = ("normal", "quick-play", "continuous", "equip", "field", "ritual")
TRAP_SUBTYPES = ("normal", "continuous", "counter")
SUBTYPES = {CardKind.MONSTER: MONSTER_SUBTYPES, CardKind.SPELL: SPELL_SUBTYPES, CardKind.TRAP: TRAP_SUBTYPES}
"""Allowed ``subtype`` values per card kind."""

EXTRA_DECK_SUBTYPES = frozenset({"fusion", "synchro", "xyz"})
"""Monsters that live in the Extra Deck (ARC-V 2.1.6.i1)."""

STAYS_ON_FIELD = frozenset({("spell", "continuous"), ("spell", "equip"), ("spell", "field"), ("trap", "continuous")})
"""Spells and Traps that stay on the field after resolving (ARC-V 3.3.1.i9, 3.4.1.i9)."""


class EffectClass(StrEnum):
    """Effect classes (ARC-V 3.2.7, 4.2.1; MR2 ch2.6–ch2.10)."""

    CARD = "card"
    """A Spell/Trap card activation (卡的发动)."""
    EFFECT = "effect"
    """A Spell/Trap effect activation (效果的发动)."""
    IGNITION = "ignition"
    TRIGGER = "trigger"
    FLIP = "flip"
    QUICK = "quick"
    PENDULUM = "pendulum"
    CONTINUOUS = "continuous"


CLASSES_FOR_KIND = {
    CardKind.MONSTER: frozenset({EffectClass.IGNITION, EffectClass.TRIGGER, EffectClass.FLIP, EffectClass.QUICK,
                                 EffectClass.PENDULUM, EffectClass.CONTINUOUS}),
    CardKind.SPELL: frozenset({EffectClass.CARD, EffectClass.EFFECT, EffectClass.CONTINUOUS}),
    CardKind.TRAP: frozenset({EffectClass.CARD, EffectClass.EFFECT, EffectClass.CONTINUOUS}),
}
"""Which effect classes each card kind can have."""


@dataclass(frozen=True, slots=True)
class Instruction:
    """One thing a chain link does on resolution, or one cost (``{"do": …}`` in the document)."""

    do: str
    """The verb: ``destroy``, ``negate_activation``, ``pay_lp``, … (docs §2.4.2–2.4.3)."""
    objects: tuple[ObjectId, ...] = ()
    """Cards named by ``target``/``targets`` (effects) or ``card`` (costs)."""
    amount: Optional[int] = None
    """LP, ATK/DEF change (signed) or number of cards; ``None`` if not given."""
    half: bool = False
    """``pay_lp`` with ``"amount": "half"``."""
    set_value: Optional[int] = None
    """``change_atk``/``change_def`` with ``set``: the new value (0–999,999)."""
    player: str = "self"
    """``self``, ``opponent``, ``both``, ``p1`` or ``p2``."""
    link: Optional[int] = None
    """For negations: the chain link number negated (1-based); ``None`` = the link directly below."""
    what: str = "any"
    """For negations: what this card can negate (``any``, ``spell_card``, ``trap_card``, …)."""
    destroy: bool = False
    """For negations: also destroy the negated card."""
    position: str = ""
    """For ``special_summon`` (``attack``, the default, or ``defense``) and ``change_position``;
    ``""`` when not given."""
    choose: Optional[int] = None
    """For an open choice: how many of ``options`` are chosen."""
    options: tuple[ObjectId, ...] = ()
    """For an open choice: the cards to choose from."""
    chosen: Optional[tuple[ObjectId, ...]] = None
    """For an open choice: the cards the scenario chose, or ``None`` if left open."""
    text: str = ""
    """For ``unsupported``: the card text."""
    materials: tuple[ObjectId, ...] = ()
    """For ``fusion_summon``/``ritual_summon``: the materials or Tributes, in the document's order."""
    level: Optional[int] = None
    """For ``ritual_summon``: the Level total the Ritual Spell asks for (default: the monster's Level)."""
    at_least: bool = False
    """For ``ritual_summon``: the total may be "that Level or more" (ARC-V 3.2.2.3.1.1.1.1.i3)."""
    until: str = "permanent"
    """For ``change_atk``/``change_def``: ``permanent`` or ``end_phase`` (a lingering effect)."""
    face_down: bool = False
    """For ``banish``: banish the cards face-down (ARC-V 2.3.1.i1)."""
    place: str = "top"
    """For ``return_to_deck``: ``top``, ``bottom`` or ``shuffle`` (shuffled into the Deck)."""
    flip_effects: bool = True
    """For ``change_position``: ``False``: a monster it flips face-up does not activate its Flip Effect."""
    damage: bool = True
    """For ``shield_from_battle``: the player takes no battle damage."""
    destruction: bool = True
    """For ``shield_from_battle``: the player's monsters cannot be destroyed by battle."""
    result: str = ""
    """For ``toss_coin``/``roll_die``: the face it came up with; ``""`` if not given (open)."""
    outcomes: tuple[tuple[str, tuple["Instruction", ...]], ...] = ()
    """For ``toss_coin``/``roll_die``: each result with the actions it applies."""
    lock_name: bool = False
    """``add_to_hand``: for the rest of the turn its player cannot activate cards with the added card's name."""
    among: Optional["CardFilter"] = None
    """With ``choose``: the options are every card that fits this filter on resolution."""
    select: Optional["CardFilter"] = None
    """``all``: every card that fits this filter when the action applies, instead of named cards."""
    face_up_monsters: str = ""
    """For ``negate_effects``: ``all``, ``opponent`` or ``self`` instead of targets; ``""`` if not given."""
    counter: str = ""
    """For ``remove_counters``: the kind of counter removed (``spell``, …)."""
    by: str = ""
    """For a protection (engine/ygo/protection.py): whose effects it names (``any``, ``opponent``,
    ``other``); ``""``: not given, the entry's default (read from the registry)."""
    effects: str = "all"
    """For a protection: which effects, by the kind of their card (``all``, ``monster``, ``spell``,
    ``trap``, ``spell_trap``)."""
    players: str = "both"
    """For ``cannot_activate`` / ``cannot_special_summon``: ``self``, ``opponent`` or ``both``,
    from the source's controller."""
    cards: str = "all"
    """For ``cannot_set``: which cards cannot be Set (``all``, ``monster``, ``spell_trap``)."""
    becomes: str = ""
    """For ``change_race`` / ``change_attribute``: the Type or Attribute it becomes."""
    card: str = ""
    """For ``equip``: the card that becomes the Equip Card (``""``: the link's own card)."""
    equipped: bool = False
    """For a Continuous ``change_atk`` / ``change_def``: it names the monster its card is equipped to."""
    equal_to: str = ""
    """For ``damage`` / ``gain_lp``: the value read from a card (``atk``, ``def``, ``original_atk``,
    ``original_def``, ``atk_lost``) instead of a fixed ``amount``; ``""``: not given."""
    of: str = ""
    """For ``equal_to``: the card it is read from."""
    negate_effects: bool = False
    """For ``special_summon``: "its effects are negated" (while it stays face-up on the field)."""
    per: Optional["CardFilter"] = None
    """For ``damage``/``gain_lp``: ``amount`` for each card that fits this filter."""
    bind: bool = False
    """For ``special_summon``: the link's card and the monster are bound (:attr:`Card.bound_to`)."""
    cannot_attack: bool = False
    """For ``special_summon``: "it cannot attack this turn"."""
    bind: bool = False
    """For ``special_summon``: the link's card and the monster are bound (:attr:`Card.bound_to`)."""
    max_level: Optional[int] = None
    """For ``special_summon``: "a Level N or lower monster"; ``None``: any Level."""
    from_top: Optional[int] = None
    """For ``send_to_graveyard``: send the top N cards of the player's Deck (not a search)."""
    replacement: Optional["Replacement"] = None
    """For a replacement effect (engine/ygo/replacement.py): what it replaces and with what."""


@dataclass(frozen=True, slots=True)
class Replacement:
    """What a replacement effect of card text says (``replace_destination``, ``destroy_instead``)."""

    when: str = "sent_to_graveyard"
    """``sent_to_graveyard`` ("would be sent to the GY") or ``leaves_field`` ("would leave the field")."""
    to: str = "banished"
    """Where the card goes instead: ``banished``, ``hand``, ``deck`` (shuffled in) or ``deck_bottom``."""
    cards: str = ""
    """Which cards, by kind (``all``, ``monster``, ``spell``, ``trap``), when not named by ``targets``."""
    destruction: str = "any"
    """For ``destroy_instead``: ``any``, ``battle`` or ``effect`` (by a card effect)."""
    instead: tuple["Instruction", ...] = ()
    """For ``destroy_instead``: what is done instead (cost verbs), in order."""
    use: Optional[bool] = None
    """For ``destroy_instead``: the controller's answer (use it or not); ``None``: open."""


@dataclass(frozen=True, slots=True)
class CardFilter:
    """Which cards a Fusion Material requirement or a trigger's ``event_of`` names.

    Every field given must match; ``None`` matches anything.
    """

    card: Optional[str] = None
    """One card, by object id."""
    name: Optional[str] = None
    """The card name, exactly."""
    kind: Optional[str] = None
    """``monster``, ``spell`` or ``trap``."""
    subtype: Optional[str] = None
    attribute: Optional[str] = None
    race: Optional[str] = None
    level: Optional[int] = None
    controller: Optional[str] = None
    """Relative to the effect's card: ``self`` (its controller's cards), ``opponent``; ``None``: either."""
    summoned_with: Optional["CardFilter"] = None
    """A monster Summoned with at least one material this filter fits (:attr:`Card.summoned_with`)."""
    kinds: Optional[tuple[str, ...]] = None
    """Any of these kinds (``("spell", "trap")``: "a Spell/Trap")."""
    face_up: Optional[bool] = None
    """Face-up (``True``) or face-down (``False``); a card in the hand or Deck is neither."""
    level_min: Optional[int] = None
    """Level (Rank) N or higher; a card without a Level never matches."""
    level_max: Optional[int] = None
    """Level (Rank) N or lower; a card without a Level never matches."""
    atk_min: Optional[int] = None
    """N or more ATK (its current ATK); a card without ATK never matches."""
    atk_max: Optional[int] = None
    """N or less ATK (its current ATK); a card without ATK never matches."""
    has_material: Optional["CardFilter"] = None
    """An Xyz Monster with an Xyz Material attached now that this filter fits (:attr:`Card.materials`)."""
    zone: Optional[str] = None
    """A :class:`Zone` value, or ``field`` for any zone on the field."""
    position: Optional[str] = None
    """A battle position: ``attack``, ``defense`` (face-up or face-down) or a :class:`Position` value."""
    name_includes: Optional[str] = None
    rank: Optional[str] = None
    """``lowest_atk`` … ``highest_def``: only the fitting cards with that extreme value (``filters.ranked``)."""
    def_max: Optional[int] = None
    """N or less DEF (its current DEF); a card without DEF never matches."""
    effect_monster: Optional[bool] = None
    """``True``: an Effect Monster (an ``effect`` monster, or a Fusion, Ritual, Synchro, Xyz or Pendulum
    Monster with effects other than Pendulum Effects)."""
    other: Optional[bool] = None
    """``True``: not the card whose effect reads the filter (``this_card`` of :meth:`matches`)."""
    event: Optional[bool] = None
    """``True``: one of the cards of the event the activation answers (``event_cards`` of :meth:`matches`)."""

    def matches(self, card: "Card", relative_to: Optional[str] = None, state: Optional["GameState"] = None,
                event_cards: tuple[str, ...] = (), this_card: Optional[str] = None) -> bool:
        """Return whether ``card`` fits; ``relative_to`` is the player ``controller`` is read from;
        ``state`` is where the Xyz Materials ``has_material`` reads are (required with it);
        ``event_cards`` are the cards of the event an activation answers (``event``), ``this_card``
        the card whose effect reads the filter (``other``)."""
        if self.card is not None and card.id != self.card:
            return False
        if self.event and card.id not in event_cards:
            return False
        if self.other and (this_card is None or card.id == this_card):
            return False
        if self.def_max is not None and (card.def_ is None or card.def_ > self.def_max):
            return False
        if self.name_includes is not None and self.name_includes not in card.name:
            return False
        if self.effect_monster and not (card.kind is CardKind.MONSTER and (card.subtype == "effect" or (
                card.subtype not in ("normal", "token")
                and any(e.effect_class is not EffectClass.PENDULUM for e in card.effects)))):
            return False
        for key in ("name", "attribute", "race", "level", "subtype"):
            wanted = getattr(self, key)
            if wanted is not None and getattr(card, key) != wanted:
                return False
        if self.kind is not None and card.kind.value != self.kind:
            return False
        if self.summoned_with is not None and not any(self.summoned_with.matches(m) for m in card.summoned_with):
            return False
        if self.controller is not None and relative_to is not None:
            holder = card.controller if card.zone in FIELD_ZONES else card.owner
            if (holder == relative_to) != (self.controller == "self"):
                return False
        if self.kinds is not None and card.kind.value not in self.kinds:
            return False
        if self.face_up is not None and (card.position is None or card.face_up != self.face_up):
            return False
        if self.level_min is not None and (card.level is None or card.level < self.level_min):
            return False
        if self.level_max is not None and (card.level is None or card.level > self.level_max):
            return False
        if self.atk_min is not None and (card.atk is None or card.atk < self.atk_min):
            return False
        if self.atk_max is not None and (card.atk is None or card.atk > self.atk_max):
            return False
        if self.zone is not None and (card.zone not in FIELD_ZONES if self.zone == "field" else card.zone.value != self.zone):
            return False
        if self.position is not None and not _position_fits(card, self.position):
            return False
        if self.has_material is not None:
            if state is None:
                raise ValueError("has_material reads the Xyz Materials attached now: the state is needed")
            attached = [state.card(m) for m in card.materials if state.has_card(m)]
            if not any(self.has_material.matches(m, relative_to, state) for m in attached):
                return False
        return True


def _position_fits(card: "Card", wanted: str) -> bool:
    """Return whether a monster is in the position a filter names (``defense``: face-up or face-down)."""
    if card.zone is not Zone.MONSTER_ZONE or card.position is None:
        return False
    if wanted == "defense":
        return card.position in (Position.DEFENSE, Position.FACE_DOWN_DEFENSE)
    return card.position.value == wanted


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect printed on a card."""

    effect_class: EffectClass
    """Its class, which decides whether and how fast it can be activated."""
    id: Optional[str] = None
    """The scenario's id of the effect, if any."""
    text: str = ""
    """Free text for the judge; never interpreted."""
    cost: tuple[Instruction, ...] = ()
    """Default costs of a link that activates it."""
    actions: tuple[Instruction, ...] = ()
    """Default actions of a link that activates it."""
    trigger: Optional[str] = None
    """For ``trigger``/``flip`` effects: the event of this card that triggers it (``summoned``,
    ``special_summoned``, ``flip_summoned``, ``flipped``, ``sent_to_graveyard``, ``destroyed``,
    ``destroyed_by_battle``, ``banished``); a ``flip`` effect defaults to ``flipped``."""
    optional: bool = False
    """Whether the player may choose not to activate it ("you can", ARC-V 4.2.3.1.i1)."""
    timing: str = "if"
    """``when`` (…时, misses the timing unless the event was the last thing to happen, ARC-V
    4.2.3.2.i4) or ``if`` (…的场合, activated after the chain, 4.2.3.2.i3)."""
    event_of: Optional[CardFilter] = None
    """For ``trigger`` effects: whose event triggers it; ``None`` = this card's own (the default),
    else the other cards the filter names (e.g. "when a monster your opponent controls is destroyed")."""
    targeting: Optional[tuple[int, CardFilter]] = None
    """How many cards the effect targets and which may be chosen (the choice is made when it is
    activated, ARC-V 4.2.3.3.i2): a trigger met during play, or an activated effect whose link
    gives them; ``None``: it targets none (or the pending trigger gives its targets)."""
    targets_up_to: bool = False
    """``targeting`` with ``up_to``: from 1 to its count cards ("up to 2")."""
    qualifiers: tuple[tuple[str, Any], ...] = ()
    """For ``trigger``/``flip`` effects: what the event must also be (``from``, ``by``, ``method``,
    ``player``; engine/ygo/qualifiers.py), as ``(key, value)`` pairs; ``()``: any such event."""
    once_per_turn: Optional[str] = None
    """A same-name restriction the card's text states: ``card`` ("you can only activate 1 <name>
    per turn") or ``effect`` ("you can only use this effect of <name> once per turn"); ``None``: none."""
    condition: tuple[tuple[str, object], ...] = ()
    """Its activation condition as written (``condition`` keys and values, in order): every key
    must hold when it is activated (ARC-V 4.2.3.i1; see :mod:`engine.ygo.conditions`)."""


@dataclass(frozen=True, slots=True)
class Card:
    """A card or Token in one zone."""

    id: ObjectId
    name: str
    owner: PlayerId
    controller: PlayerId
    """Meaningful on the field; reset to ``owner`` when the card leaves it."""
    zone: Zone
    position: Optional[Position]
    kind: CardKind
    subtype: str
    seq: int
    """Ordering key: the card's place in ``objects``; the Deck's top card has the lowest."""
    level: Optional[int] = None
    atk: Optional[int] = None
    """Current ATK, 0–999,999."""
    def_: Optional[int] = None
    """Current DEF, 0–999,999."""
    attribute: Optional[str] = None
    race: Optional[str] = None
    counters: tuple[tuple[str, int], ...] = ()
    equipped_to: Optional[ObjectId] = None
    control_returns_to: Optional[PlayerId] = None
    """Control was taken "until the End Phase": the player who gets it back then."""
    bound_to: Optional[ObjectId] = None
    """The monster this card Special Summoned with ``bind`` (Call of the Haunted; ``primitives.break_bonds``)."""
    materials: tuple[ObjectId, ...] = ()
    set_this_turn: bool = False
    effects: tuple[Effect, ...] = ()
    original_atk: Optional[int] = None
    """The printed (original) ATK (ARC-V 3.1.4.5.i2); current ATK = original + modifiers, floor 0."""
    original_def: Optional[int] = None
    tuner: bool = False
    """A Tuner (ARC-V 3.2.1.8), for Synchro Summons."""
    scale: Optional[int] = None
    """Pendulum Scale, 0–13 (ARC-V 3.1.4.7.1)."""
    summoned_this_turn: bool = False
    """Summoned, Set or Special Summoned this turn: its position cannot be changed (ARC-V 3.2.5.i3)."""
    sent_to_graveyard_this_turn: bool = False  # in the Graveyard, sent there this turn (``not_sent_this_turn``)
    attacked: bool = False
    """Declared an attack this turn (MR2 ch3.10: one attack per monster)."""
    position_changed: bool = False
    """Position changed or Flip Summoned this turn (ARC-V 3.2.5.i2, 3.2.2.4.i3)."""
    modifiers: tuple["Modifier", ...] = ()
    """ATK/DEF modifiers applied to the card, oldest first."""
    history: tuple["ValueChange", ...] = ()
    """Every ATK/DEF change of the card in this resolution, oldest first."""
    materials_required: tuple[CardFilter, ...] = ()
    """For a Fusion Monster: the materials its text lists, one filter per material; empty if not given."""
    revealed: bool = False
    """Shown to both players by an effect (ARC-V 2.2.i7); ends when the card changes zone."""
    effects_negated: str = ""
    """``permanent`` or ``end_phase`` while an effect negates the card's effects; ``""`` otherwise."""
    base_traits: tuple[tuple[str, Any], ...] = ()
    """The Level, Type (``race``) or Attribute a Continuous Effect changed, as it was before
    (engine/ygo/continuous.py); ``()`` while none is changed."""
    cannot_attack: bool = False
    """An effect says it cannot attack this turn (ends when the turn ends or it leaves the field)."""
    last_known: tuple[Optional[int], Optional[int], bool] = (None, None, False)
    """Its ATK, DEF and whether it was face-up as it last was in a Monster Zone, kept when it
    leaves the field (last known information); ``(None, None, False)``: not known."""
    summoned_with: tuple["Card", ...] = ()
    """The materials of its Synchro, Xyz or Fusion Summon as they were when used (ARC-V
    3.2.2.3.1.1.3.1.i1); cleared when it leaves the field (3.2.2.3.1.1.3.1.i7)."""
    procedure: Optional["SummonProcedure"] = None
    """Its own Special Summon procedure's condition and cost (``summon_procedure``), if given."""
    material_rule: Optional["MaterialRule"] = None
    """What its Synchro or Xyz Materials must be beyond the Levels (``synchro_materials`` / ``xyz_materials``)."""

    @property
    def face_up(self) -> bool:
        """Return whether the card is face-up (cards in hidden zones count as not face-up)."""
        return self.position in (Position.ATTACK, Position.DEFENSE, Position.FACE_UP)

    @property
    def is_token(self) -> bool:
        return self.kind is CardKind.MONSTER and self.subtype == "token"


@dataclass(frozen=True, slots=True)
class Modifier:
    """One change to a monster's ATK or DEF, kept so the value can be recomputed when it ends."""

    stat: str
    """``atk`` or ``def``."""
    amount: int = 0
    """Signed change; ignored when ``set_value`` is given."""
    set_value: Optional[int] = None
    """The value the stat becomes (a "becomes X" effect, halving included)."""
    source: str = ""
    """The id of the card whose effect made the change."""
    until: str = "permanent"
    """``permanent``, ``end_phase`` (expires in the End Phase) or ``continuous`` (ends when the
    source stops being face-up on the field, ARC-V 3.2.7.1.i3)."""
    original: bool = False
    """The change is to the original value (ARC-V 3.1.4.5.i3): applied before every other change."""
    value: str = ""
    """For a Type (``race``) or Attribute change: the value it becomes."""


@dataclass(frozen=True, slots=True)
class ValueChange:
    """One entry of a monster's value history (shown as a table on the result page)."""

    stat: str
    before: int
    after: int
    source: str
    """The card id of the effect, ``battle``/``rule`` or ``expired:<card id>``."""
    reason: str
    """``effect``, ``continuous``, ``lingering``, ``expired``, ``source_left``."""
    step: int
    """Index of the trace step that records the change."""


@dataclass(frozen=True, slots=True)
class Pending:
    """A trigger waiting to be put on the chain (``pending`` in the document)."""

    card: ObjectId
    effect: EffectRef
    controller: PlayerId
    mandatory: bool
    timing: str
    """``when`` or ``if``."""
    last: bool = True
    """Whether its event was the last thing to happen (otherwise a "when … you can" misses the timing)."""
    order: Optional[int] = None
    """Its place among its player's triggers of the same priority, if the scenario gives it."""
    activate: Optional[bool] = True
    """For an optional trigger: whether the player activates it; ``None`` if the scenario leaves
    it open (the trace then branches on "activate" / "decline")."""
    source: tuple[str, int] = ("pending", 0)
    targets: tuple[ObjectId, ...] = ()
    zone: str = ""
    """For a trigger of a phase's start: the zone its card was in when the phase began (a trigger
    that waits, ARC-V 3.2.7.3.i5, is not activated once its card has left it)."""


@dataclass(frozen=True, slots=True)
class Attack:
    """The attack being made (Battle Step to Damage Step)."""

    attacker: ObjectId
    target: Optional[ObjectId]
    """``None`` for a direct attack."""
    opponent_monsters: tuple[ObjectId, ...]
    """The opponent's monsters at the declaration; a change means a replay (MR2 ch3.13)."""
    calculated: bool = False
    """Damage calculation has been made; the Damage Step ends once its triggers have resolved."""


@dataclass(frozen=True, slots=True)
class Replay:
    """A replay in progress (MR2 ch3.13): the attacker may choose a new target at once; otherwise
    its attack is cancelled and it cannot attack again this turn."""

    attacker: ObjectId


@dataclass(frozen=True, slots=True)
class Player:
    """A player and their Life Points."""

    id: PlayerId
    name: str
    lp: int
    """Life Points, 0 or more (ARC-V 1.4.1.i4: LP never go below 0)."""


@dataclass(frozen=True, slots=True)
class Turn:
    """Whose turn it is, the phase and step, and the once-per-turn actions already taken."""

    active: PlayerId
    phase: str
    step: Optional[str] = None
    number: Optional[int] = None
    """The turn count from 1 (turn 1 is the first player's first turn); ``None`` if unknown."""
    normal_summon_used: bool = False
    """The turn player has Normal Summoned or Set a monster this turn (ARC-V 3.2.2.1.i2)."""
    pendulum_summon_used: bool = False
    """The turn player has Pendulum Summoned this turn (ARC-V 3.2.2.3.1.1.5.i5)."""
    used_once: tuple[tuple[PlayerId, str, str], ...] = ()
    """The same-name restrictions used this turn: ``(player, card name, "card" | "effect:<index>")``
    (ARC-V 3.1.2.i3); emptied when the turn ends."""


@dataclass(frozen=True, slots=True)
class ChainLink:
    """One link of the chain, as activated."""

    number: int
    """Chain Link number, from 1."""
    card: ObjectId
    effect: EffectRef
    controller: PlayerId
    """The player who activated it; "you" in its actions (ARC-V 4.1.3.i2)."""
    spell_speed: int
    """1, 2 or 3."""
    effect_class: EffectClass
    targets: tuple[ObjectId, ...]
    """Targets chosen on activation (ARC-V 4.2.3.3.i1)."""
    target_zones: tuple[tuple[Zone, PlayerId], ...]
    """Where each target was (zone, controller) when it was targeted."""
    actions: tuple[Instruction, ...]
    source: tuple[str, int] = ("chain", 0)
    """Where the link's request is in the document, e.g. ``("actions", 3)``."""
    activated_on_field: bool = False
    """Whether the card was on the field when activated (so leaving it stops the effect)."""
    activation_negated: bool = False
    effect_negated: bool = False
    negated_by: Optional[int] = None
    """The chain link number that negated this one."""
    event_cards: tuple[ObjectId, ...] = ()
    """The cards of the event the link answered (the monsters just Summoned, the attacker): "that monster"."""

    @property
    def is_card_activation(self) -> bool:
        return self.effect_class is EffectClass.CARD


@dataclass(frozen=True, slots=True)
class EndRequest:
    """An ``end_phase`` action, kept until the phase it ends is over (MR2 ch4.16)."""

    to: Optional[str]
    """``end``: skip to the End Phase; ``None``: the next phase."""
    discard: tuple[ObjectId, ...]
    """The hand-limit discards the document gives (ARC-V 2.2.i4)."""
    index: int
    """The index of the action in ``actions`` (a branch fills in its ``discard``)."""


@dataclass(frozen=True, slots=True)
class Activation:
    """A request to activate an effect: one ``chain`` item, ``activate`` action or trigger."""

    card: ObjectId
    effect: int
    """Index into the card's effects."""
    controller: PlayerId
    spell_speed: Optional[int]
    """The speed the document states, or ``None`` to derive it."""
    targets: tuple[ObjectId, ...]
    cost: tuple[Instruction, ...]
    actions: tuple[Instruction, ...]
    source: tuple[str | int, ...]
    """Where the request is in the document, e.g. ``("chain", 2)``."""
    own_actions: bool
    """Whether the document gave the link its own ``actions`` (else the effect's are used)."""


@dataclass(frozen=True, slots=True)
class EventWindow:
    """What just happened, for "when …" activation conditions (:mod:`engine.ygo.conditions`):
    a Summon that just succeeded or an attack just declared. It lasts while the players respond
    to it and ends when a chain resolves, on entering the Damage Step and at the next action
    that is not a response."""

    kind: str
    """``summoned`` (a Normal or Tribute Summon), ``flip_summoned``, ``special_summoned`` or ``attack_declared``."""
    player: PlayerId
    """Who Summoned or attacked."""
    cards: tuple[ObjectId, ...]
    """The monsters Summoned, or the attacker."""


@dataclass(frozen=True, slots=True)
class GameState:
    """An immutable snapshot of the Duel."""

    players: tuple[Player, Player]
    turn: Turn
    cards: tuple[Card, ...]
    """Every card, in the scenario's order (use :meth:`card` to look one up)."""
    index: dict[ObjectId, int] = field(compare=False)
    """Position of each card id in ``cards``; never mutated after construction."""
    chain: tuple[ChainLink, ...] = ()
    """The chain, Chain Link 1 first."""
    winner: Optional[str] = None
    """``p1``, ``p2`` or ``draw`` once the Duel has ended."""
    events: tuple[Event, ...] = ()
    """What has happened since triggers were last collected."""
    moment: int = 0
    """How many "things" have happened (for missing the timing)."""
    pending: tuple[Pending, ...] = ()
    """Triggers waiting to go on the chain."""
    attack: Optional[Attack] = None
    """The attack in progress, if any."""
    replay: Optional[Replay] = None
    """A replay whose new attack target has not been chosen yet (MR2 ch3.13)."""
    summoning: tuple[ObjectId, ...] = ()
    """Monsters being summoned (the summon-negation window), if any."""
    summon_kind: str = ""
    summon_method: str = ""
    """How the monsters in the summon-negation window are being Summoned (an event's ``method``)."""
    summon_origins: tuple[str, ...] = ()
    """The zone each monster of ``summoning`` came from (an event's ``origin``, for the ``from``
    qualifier of a Summon by procedure)."""
    """How ``summoning`` is being summoned (``normal``, ``flip``, ``synchro``, …)."""
    end_declared: bool = False
    """The turn player has declared the end of the phase/step; the opponent may respond."""
    attack_locks: tuple[tuple[PlayerId, ObjectId], ...] = ()
    """``(player, source card)``: the player cannot declare an attack for the rest of this turn."""
    battle_shields: tuple[tuple[PlayerId, ObjectId, bool, bool], ...] = ()
    """``(player, source card, no battle damage, not destroyed by battle)`` for the rest of this turn."""
    name_locks: tuple[tuple[PlayerId, str, ObjectId], ...] = ()
    """``(player, card name, source card)``: names the player cannot activate this turn (``lock_name``)."""
    end_request: Optional["EndRequest"] = None
    """What the last ``end_phase`` action asked for, read when the phase actually ends."""
    shuffled_decks: tuple[PlayerId, ...] = ()
    """The players whose Deck was shuffled during the resolution: its order is no longer known."""
    complete: bool = True
    """``False`` once a step could not be evaluated or a choice was left open (docs §4.3)."""
    passed: tuple[PlayerId, ...] = ()
    """The players who have passed priority in succession since the last action that was not a
    pass; both of them: the chain resolves (ARC-V 4.2.4.2.i3)."""
    turn_player_first: bool = False
    """The turn player holds priority and has neither acted nor passed yet: set at the start of
    each phase and step the replay enters and after a chain resolves (MR2 ch4.16); while it is
    set, the opponent cannot activate with an empty chain. ``False`` for the board as given (who
    has acted there is not known)."""
    last_event: Optional[EventWindow] = None
    """What just happened (a Summon that succeeded, an attack declared) while it can still be
    responded to; ``None`` otherwise (:class:`EventWindow`)."""

    def card(self, card_id: ObjectId) -> Card:
        """Return the card with this id; raise ``KeyError`` if there is none."""
        return self.cards[self.index[card_id]]

    def has_card(self, card_id: ObjectId) -> bool:
        return card_id in self.index

    def player(self, player_id: PlayerId) -> Player:
        return self.players[0] if self.players[0].id == player_id else self.players[1]

    def with_card(self, card: Card) -> GameState:
        """Return the state with ``card`` replacing the card of the same id."""
        position = self.index[card.id]
        return replace(self, cards=self.cards[:position] + (card,) + self.cards[position + 1:])

    def with_player(self, player: Player) -> GameState:
        """Return the state with ``player`` replacing the player of the same id."""
        players = tuple(player if p.id == player.id else p for p in self.players)
        return replace(self, players=players)  # type: ignore[arg-type]

    def with_link(self, link: ChainLink) -> GameState:
        """Return the state with ``link`` replacing the chain link of the same number."""
        chain = tuple(link if existing.number == link.number else existing for existing in self.chain)
        return replace(self, chain=chain)

    def cards_in(self, zone: Zone, controller: PlayerId | None = None) -> list[Card]:
        """Return the cards in ``zone`` (of one controller, if given), in ``seq`` order."""
        found = [c for c in self.cards if c.zone is zone and (controller is None or c.controller == controller)]
        return sorted(found, key=lambda c: c.seq)

    @property
    def ended(self) -> bool:
        return self.winner is not None


@dataclass(frozen=True, slots=True)
class CostRequirement:
    """One cost of an inherent Special Summon as its text states it: ``count`` cards that fit
    ``filter``, paid from ``zone`` with the cost verb ``do`` (engine/ygo/requirements.py)."""

    do: str
    filter: CardFilter
    count: int = 1
    zone: Optional[str] = None


@dataclass(frozen=True, slots=True)
class SummonProcedure:
    """A monster's own Special Summon procedure (ARC-V 3.2.2.3.1, 3.2.2.3.1.1.2.2)."""

    source: str = "hand"
    """``hand`` or ``extra_deck`` (a Fusion Monster that does not use Polymerization)."""
    conditions: tuple[tuple[str, CardFilter], ...] = ()
    costs: tuple[CostRequirement, ...] = ()


@dataclass(frozen=True, slots=True)
class MaterialRule:
    """What a Synchro or Xyz Monster's materials must be beyond the Levels."""

    tuner: Optional[CardFilter] = None
    non_tuner: Optional[CardFilter] = None
    each: Optional[CardFilter] = None
    count: Optional[int] = None
