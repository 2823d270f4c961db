"""Values of the Magic engine: objects, characteristics, the stack, effects and the game state.

Everything here is a frozen dataclass (python-chess ``Move``/``Piece`` style); a state change
builds a new :class:`GameState` with :func:`dataclasses.replace`. Card text travels as
frozen JSON (:func:`freeze`): read-only mappings and tuples.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from types import MappingProxyType
from typing import Any, Optional

ObjectId = str
"""An object's id in the scenario (``objects[].id``), 1-64 characters."""
PlayerId = str
"""``p1`` or ``p2``."""
Spec = Mapping[str, Any]
"""A frozen JSON object of the ability/effect vocabulary (docs/scenario-format.md §7)."""

PLAYERS = ("p1", "p2")


def freeze(value: Any) -> Any:
    """Return ``value`` with dicts as read-only mappings and lists as tuples, recursively."""
    if isinstance(value, Mapping):
        return MappingProxyType({key: freeze(item) for key, item in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(item) for item in value)
    return value


def thaw(value: Any) -> Any:
    """Return frozen JSON as plain dicts and lists."""
    if isinstance(value, Mapping):
        return {key: thaw(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(item) for item in value]
    if isinstance(value, frozenset):
        return sorted(value)
    return value


def opponent(player: PlayerId) -> PlayerId:
    """Return the other player of a two-player game."""
    return "p2" if player == "p1" else "p1"


class Zone(Enum):
    """The zones of CR 400.1."""

    LIBRARY = "library"
    HAND = "hand"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    STACK = "stack"
    EXILE = "exile"
    COMMAND = "command"


class Layer(Enum):
    """The layers and sublayers of CR 613.1-613.4 (the same seven layers, 1a-1b and 7a-7d, in
    both editions)."""

    L1A_COPY = "1a"
    L1B_FACE_DOWN = "1b"
    L2_CONTROL = "2"
    L3_TEXT = "3"
    L4_TYPE = "4"
    L5_COLOR = "5"
    L6_ABILITY = "6"
    L7A_CDA_PT = "7a"
    L7B_SET_PT = "7b"
    L7C_MODIFY_PT = "7c"
    L7D_SWITCH_PT = "7d"

    @property
    def number(self) -> int:
        """The layer's number, 1-7."""
        return int(self.value[0])

    @property
    def sublayer(self) -> Optional[str]:
        """The sublayer letter, or ``None`` for layers 2-6."""
        return self.value[1] if len(self.value) == 2 else None


LAYER_ORDER = tuple(Layer)
"""Layers in the order CR 613.1 applies them."""


class Step(Enum):
    """Steps and main phases of a turn (CR 500.1), in order."""

    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    MAIN1 = "main1"
    BEGINNING_OF_COMBAT = "beginning_of_combat"
    DECLARE_ATTACKERS = "declare_attackers"
    DECLARE_BLOCKERS = "declare_blockers"
    COMBAT_DAMAGE = "combat_damage"
    END_OF_COMBAT = "end_of_combat"
    MAIN2 = "main2"
    END = "end"
    CLEANUP = "cleanup"

    @property
    def is_main(self) -> bool:
        """Whether this is a main phase (sorcery-speed timing, CR 117.1a)."""
        return self in (Step.MAIN1, Step.MAIN2)


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of an object, as the vocabulary gives it (docs/scenario-format.md §7.2)."""

    key: tuple[ObjectId, int]
    """``(object it was printed on or granted by, index)``: identifies the ability across layers."""
    kind: str
    """``keyword``, ``static``, ``cda``, ``activated``, ``triggered``, ``spell``, ``replacement``,
    ``prevention`` or ``unsupported``."""
    spec: Spec
    """The frozen JSON of the ability."""

    @property
    def keyword(self) -> Optional[str]:
        """The keyword (``flying``, ``cascade`` …) of a keyword ability, else ``None``."""
        return self.spec.get("keyword") if self.kind == "keyword" else None

    def label(self) -> str:
        """A short English name of the ability for the layer walk."""
        if self.kind == "keyword":
            word = str(self.spec.get("keyword"))
            if self.spec.get("from"):
                return f"{word} from {self.spec['from']}"
            return word
        return str(self.spec.get("text") or f"{self.kind} ability {self.key[1]}")


@dataclass(frozen=True, slots=True)
class Chars:
    """An object's characteristics (CR 109.3) plus its controller, as printed or after layers."""

    name: str
    mana_cost: str
    """Mana symbols as printed, e.g. ``{2}{W/B}{U}``; ``""`` for none."""
    colors: frozenset[str]
    """Subset of ``white blue black red green``."""
    supertypes: frozenset[str]
    types: frozenset[str]
    """Card types, lower case: ``creature``, ``artifact``, ``land`` …"""
    subtypes: frozenset[str]
    abilities: tuple[Ability, ...]
    power: Optional[int]
    """``None`` for a non-creature without printed power."""
    toughness: Optional[int]
    loyalty: Optional[int]
    controller: PlayerId
    every_creature_type: Optional[bool] = None
    """Is every creature type (changeling's CDA, CR 702.73a; an "is every creature type" effect in
    layer 4): read through :func:`engine.mtg.subtypes.has_subtype`, not listed in ``subtypes``.
    ``None`` as printed (off the battlefield the changeling keyword then says so), ``False`` once
    an effect has set its creature types (205.1a)."""

    def has_keyword(self, keyword: str) -> bool:
        """Whether the object has that keyword ability now."""
        return any(a.kind == "keyword" and a.spec.get("keyword") == keyword for a in self.abilities)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form used in ``layers`` and ``characteristics`` of the result."""
        return {
            "name": self.name, "mana_cost": self.mana_cost, "colors": sorted(self.colors),
            "supertypes": sorted(self.supertypes), "types": sorted(self.types), "subtypes": sorted(self.subtypes),
            "abilities": [a.label() for a in self.abilities], "power": self.power, "toughness": self.toughness,
            "loyalty": self.loyalty, "controller": self.controller,
            **({"every_creature_type": True} if self.every_creature_type else {}),
        }


@dataclass(frozen=True, slots=True)
class GameObject:
    """A card, token or spell copy in a zone; its printed values are in ``printed``."""

    id: ObjectId
    owner: PlayerId
    controller: PlayerId
    """The controller without continuous effects (the caster, or who put it onto the battlefield)."""
    zone: Zone
    printed: Chars
    """Printed characteristics (a token's: as its creating effect defines them, CR 111.3)."""
    timestamp: int
    """Increases monotonically; given, or the order of entry (CR 613.7d, 613.7e)."""
    tapped: bool = False
    counters: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    """Counter kind (``+1/+1``, ``-1/-1``, ``loyalty``, ``flying`` …) → number."""
    counter_timestamps: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    """Counter kind → the timestamp all counters of that kind share (CR 613.7c: a new counter
    re-timestamps only the counters of its own kind); a kind not listed has the object's."""
    attached_to: Optional[ObjectId] = None
    face_down: bool = False
    damage: int = 0
    """Damage marked this turn (CR 120.3e)."""
    deathtouch_damage: bool = False
    """Dealt damage by a source with deathtouch since the last SBA check (CR 704.5h)."""
    token: bool = False
    copy: bool = False
    """A copy of a spell (CR 707.10); ceases to exist off the stack (CR 704.5e)."""
    sick: bool = False
    """Not continuously controlled since its controller's most recent turn began (CR 302.6)."""
    attacking: Optional[str] = None
    """The player or planeswalker (an object id) it attacks (CR 506.3, 508.1b)."""
    blocking: tuple[ObjectId, ...] = ()
    blocked: bool = False
    damage_order: tuple[ObjectId, ...] = ()
    """An attacking creature's damage assignment order of its blockers (CR 509.2)."""
    loyalty_activated: bool = False
    """A loyalty ability of this permanent was activated this turn (CR 606.3)."""
    x: int = 0
    """The value of X chosen while on the stack (CR 107.3)."""
    card: Optional[Chars] = None
    """While the object on the stack is one form of its card, the card's own characteristics
    (``printed`` is the form): a split card's combined ones while one half is cast (CR 709.3b), a
    face-down spell's face-up ones (708.4). ``None`` otherwise; restored as it leaves the stack."""


@dataclass(frozen=True, slots=True)
class StackItem:
    """A spell or ability on the stack (CR 405)."""

    id: str
    """``s1``, ``s2`` … in order of being put on the stack."""
    kind: str
    """``spell``, ``activated`` or ``triggered``."""
    controller: PlayerId
    source: ObjectId
    """The spell's card, or the ability's source (CR 113.7)."""
    name: str
    effects: tuple[Spec, ...]
    """What it does on resolution, in order (CR 608.2c)."""
    targets: tuple[str, ...] = ()
    """Object or player ids chosen as targets (CR 601.2c)."""
    target_specs: tuple[Spec, ...] = ()
    """What each target must be."""
    copy: bool = False
    condition: Optional[Spec] = None
    """An intervening "if" clause, rechecked on resolution (CR 603.4)."""
    event: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """What triggered it, with last known information (CR 603.10a)."""
    source_lki: Optional[Chars] = None
    """The source's characteristics when it was last seen (CR 608.2h)."""
    choices: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """Choices given by the document (cascade decisions, new targets …)."""
    cascade_of: Optional[ObjectId] = None
    """For a cascade trigger: the spell that cascades."""
    new_objects: frozenset[int] = frozenset()
    """Indices of ``targets`` whose object has changed zones since it was targeted: the object
    targeted no longer exists, so that target is illegal on resolution (CR 400.7, 608.2b)."""


@dataclass(frozen=True, slots=True)
class PendingTrigger:
    """A triggered ability waiting to be put on the stack (CR 603.3)."""

    source: ObjectId
    ability: int
    """Index into the source's abilities (or -1 for a delayed or cascade trigger)."""
    controller: PlayerId
    name: str
    spec: Spec
    event: Mapping[str, Any]
    source_lki: Optional[Chars] = None
    order: int = 0
    """Order in which it triggered, for stable listing."""


@dataclass(frozen=True, slots=True)
class Effect:
    """A continuous effect from a resolved spell or ability, or from a static ability."""

    id: str
    do: str
    """``set_pt``, ``modify_pt``, ``switch_pt``, ``add_type``, ``set_type``, ``remove_type``,
    ``set_color``, ``add_color``, ``add_ability``, ``remove_abilities``, ``remove_ability``,
    ``change_control``, ``copy``, or a rules effect (``indestructible``, ``prevent_damage``,
    ``cant_attack``, ``cant_block``, ``cant_cast``)."""
    params: Spec
    source: Optional[ObjectId]
    controller: PlayerId
    timestamp: int
    """Increases monotonically (CR 613.7)."""
    affected_ids: Optional[tuple[ObjectId, ...]] = None
    """Locked-in affected objects (CR 611.2c); ``None`` to use ``affected_filter``."""
    affected_filter: Optional[Spec] = None
    duration: str = "permanent"
    """``end_of_turn``, ``permanent``, ``while_counter`` (with ``params.counter``) or ``static``."""
    static_key: Optional[tuple[ObjectId, int]] = None
    """The static ability generating it (its existence depends on that ability, CR 613.8a)."""
    cda: bool = False
    """From a characteristic-defining ability (CR 604.3, 613.3)."""
    group: str = ""
    """Effects of one ability share their affected set across layers (CR 613.6)."""
    part_index: Optional[int] = None
    """For an effect of a static ability: which of the ability's ``effects`` it is, so the effect
    can follow the ability's text as a text-changing effect leaves it (CR 612.1, 613.1c)."""
    condition: Optional[Spec] = None
    """The ``if`` of a conditional static ability or document effect ("as long as …"): the effect
    applies only while it holds, checked each time the effect would apply (CR 611.3a)."""
    depth: int = 0
    """For an effect of a granted ability: how many ability-adding effects lie between it and a
    printed ability or a document effect (1 = granted by one, CR 613.1f)."""


@dataclass(frozen=True, slots=True)
class Player:
    """A player (CR 102)."""

    id: PlayerId
    life: int
    """Life total; may be negative (CR 119)."""
    name: str = ""
    poison: int = 0
    mana_pool: Optional[str] = None
    """Unspent mana as symbols (``{R}{G}{1}``), or ``None`` when mana is not tracked."""
    lands_played: int = 0
    drew_from_empty: bool = False
    spells_cast: int = 0
    """Spells cast this turn."""
    lost: bool = False


@dataclass(frozen=True, slots=True)
class Delayed:
    """A delayed triggered ability (CR 603.7)."""

    event: str
    """``end_step`` or ``next_upkeep``."""
    controller: PlayerId
    source: ObjectId
    name: str
    effects: tuple[Spec, ...]
    refers_to: Optional[ObjectId] = None
    lost: Optional[ObjectId] = None
    """The object it referred to, which has changed zones since: a new object it does not affect (CR 603.7c)."""


def _no_players() -> Mapping[PlayerId, int]:
    return MappingProxyType({"p1": 0, "p2": 0})


@dataclass(frozen=True, slots=True)
class TurnLog:
    """What happened this turn that later text asks about (reset as a turn begins, CR 500.1):
    life lost per player (Tainted Sigil, CR 119.3, 120.3a), creature spells cast per player
    (Predatory Advantage) and whether that count is known, and the sources that dealt damage to
    each object (Unscythe)."""

    life_lost: Mapping[PlayerId, int] = field(default_factory=_no_players)
    creature_casts: Mapping[PlayerId, int] = field(default_factory=_no_players)
    casts_known: Mapping[PlayerId, bool] = field(default_factory=lambda: MappingProxyType({"p1": True, "p2": True}))
    """False for a player whose ``spells_cast`` the document gives without ``creature_spells_cast``."""
    damaged_by: Mapping[ObjectId, frozenset[ObjectId]] = field(default_factory=lambda: MappingProxyType({}))

    def lost_life(self, player: PlayerId, amount: int) -> "TurnLog":
        """Return the log with ``amount`` more life lost by ``player``."""
        return replace(self, life_lost=MappingProxyType({**self.life_lost, player: self.life_lost[player] + amount}))

    def cast_creature(self, player: PlayerId) -> "TurnLog":
        """Return the log with one more creature spell cast by ``player``."""
        return replace(self, creature_casts=MappingProxyType({**self.creature_casts,
                                                              player: self.creature_casts[player] + 1}))

    def damaged(self, target: ObjectId, source: ObjectId) -> "TurnLog":
        """Return the log with ``source`` among the sources that dealt damage to ``target``."""
        sources = self.damaged_by.get(target, frozenset()) | {source}
        return replace(self, damaged_by=MappingProxyType({**self.damaged_by, target: sources}))


@dataclass(frozen=True, slots=True)
class Declarations:
    """Where the declarations of this combat stand (CR 508.1, 509.1, 726.1)."""

    attackers_declared: bool = False
    """Attackers were declared in this combat (until it ends, 511.3)."""
    blocks_declared: Optional[bool] = None
    """``False`` from the start of the declare blockers step until a legal declaration, ``True``
    after one or once combat damage begins, ``None`` before any declare blockers step."""
    illegal_attackers: bool = False
    """The only declaration of attackers given was illegal and was reversed (726.1)."""
    illegal_blockers: bool = False
    """The only declaration of blockers given was illegal and was reversed (726.1)."""
    declaring: Optional[Step] = None
    """The step whose declaration the action being performed makes (priority waits for it)."""
    deferred_priority: bool = False
    """The step's priority waits for a declaration that was not made yet."""


@dataclass(frozen=True, slots=True)
class SpellLKI:
    """A spell as it last existed on the stack (last known information, CR 608.2h): what a copy of
    it made after it left copies (its characteristics and every decision made for it, 707.10)."""

    item: StackItem
    """Its stack item: targets, modes, division, X (the decisions made as it was cast)."""
    obj: GameObject
    """Its object as it was on the stack (its characteristics)."""
    chars: Chars
    """Its characteristics on the stack, after the layers (613)."""


@dataclass(frozen=True)
class GameState:
    """An immutable snapshot of a game."""

    players: tuple[Player, ...]
    objects: Mapping[ObjectId, GameObject]
    order: tuple[ObjectId, ...]
    """Every object id: library objects top first, new objects appended."""
    active: PlayerId
    step: Step
    priority: PlayerId
    stack: tuple[StackItem, ...] = ()
    pending: tuple[PendingTrigger, ...] = ()
    effects: tuple[Effect, ...] = ()
    delayed: tuple[Delayed, ...] = ()
    passes: int = 0
    """Players who passed in succession since the last action (CR 117.4)."""
    next_timestamp: int = 1
    next_stack_id: int = 1
    lki: Mapping[ObjectId, Chars] = field(default_factory=lambda: MappingProxyType({}))
    """Last known information of objects that left the battlefield (CR 608.2h)."""
    combat_number: int = 0
    winner: Optional[str] = None
    turn_log: TurnLog = field(default_factory=TurnLog)
    """What happened this turn that later text asks about."""
    declarations: Declarations = field(default_factory=Declarations)
    """Where this combat's declarations stand."""
    cleanup_priority: int = 0
    """How many cleanup steps of this turn gave priority (CR 514.3a): each is followed by another."""
    order_occasions: Mapping[PlayerId, int] = field(default_factory=_no_players)
    """How many times each player has put two or more triggers on the stack at once (the ``n`` of
    ``order:<player>:<n>``, CR 603.3b)."""
    cascade_decisions: Mapping[ObjectId, tuple[Any, ...]] = field(default_factory=lambda: MappingProxyType({}))
    """A spell's cascade decisions not used yet, one per cascade trigger in the order they resolve
    (the cast action's ``cascade``): kept here so that they outlive the spell (CR 702.85a)."""
    spells_left: Mapping[ObjectId, "SpellLKI"] = field(default_factory=lambda: MappingProxyType({}))
    """Each spell that has left the stack (resolved, countered or removed), as it last existed
    there, keyed by its card: what an ability that copies it uses (last known information, CR
    608.2h, 707.10)."""
    leaving: Mapping[ObjectId, Chars] = field(default_factory=lambda: MappingProxyType({}))
    """The permanents leaving the battlefield in the event being performed, as they last existed:
    leaves-the-battlefield abilities of each see the others leave (CR 603.10a)."""
    trigger_order: Mapping[PlayerId, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    """The ``trigger_order`` of the action being performed (CR 603.3b)."""
    next_action: Optional[str] = None
    """The ``type`` of the document's action after the one being performed (a declaration given
    again comes before priority, 726.1)."""

    def player(self, pid: PlayerId) -> Player:
        """Return the player with id ``pid``."""
        return next(p for p in self.players if p.id == pid)

    def with_player(self, player: Player) -> "GameState":
        """Return a copy with ``player`` replacing the player with that id."""
        return replace(self, players=tuple(player if p.id == player.id else p for p in self.players))

    def with_object(self, obj: GameObject) -> "GameState":
        """Return a copy with ``obj`` replacing (or adding) the object with that id."""
        objects = dict(self.objects)
        order = self.order if obj.id in objects else self.order + (obj.id,)
        objects[obj.id] = obj
        return replace(self, objects=MappingProxyType(objects), order=order)

    def without_object(self, oid: ObjectId) -> "GameState":
        """Return a copy without the object (a token or copy that ceased to exist, CR 704.5d)."""
        objects = dict(self.objects)
        objects.pop(oid, None)
        return replace(self, objects=MappingProxyType(objects), order=tuple(o for o in self.order if o != oid))

    def in_zone(self, zone: Zone, owner: Optional[PlayerId] = None) -> list[GameObject]:
        """Return the objects in ``zone`` (of ``owner``), in order (a library top first)."""
        return [self.objects[o] for o in self.order
                if self.objects[o].zone is zone and (owner is None or self.objects[o].owner == owner)]

    def with_declarations(self, **changes: Any) -> "GameState":
        """Return a copy with the combat declarations changed (:class:`Declarations` fields)."""
        return replace(self, declarations=replace(self.declarations, **changes))

    def with_turn_log(self, log: TurnLog) -> "GameState":
        """Return a copy with ``log`` as what happened this turn."""
        return replace(self, turn_log=log)

    def stamp(self) -> tuple[int, "GameState"]:
        """Return a new timestamp and the state that has used it (CR 613.7)."""
        return self.next_timestamp, replace(self, next_timestamp=self.next_timestamp + 1)
