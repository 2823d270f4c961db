"""Immutable values of a Force of Will game: cards, abilities, chase items, effects, state.

Every value is a frozen dataclass; a change makes a new :class:`GameState` (``dataclasses.
replace``), so the trace may keep every intermediate state and a branch is just another run.
JSON-shaped parts that the engine only reads (an instruction's parameters, a filter) are kept
as read-only mappings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

CardId = str
"""An object id as given in the scenario (``objects[].id``)."""
PlayerId = str
"""``"p1"`` or ``"p2"``."""

ATTRIBUTES = ("light", "fire", "water", "wind", "darkness")
"""The five will attributes (FoW 2.3, 9.7; the glyphs are lost in the transcription)."""
WILL_KINDS = ATTRIBUTES + ("void", "moon")
"""Pool keys: the attributes, void will, and void will with the moon trait (FoW 9.7, 10.2)."""

ZONES = ("main_deck", "stone_deck", "hand", "field", "stone_area", "ruler_area", "graveyard",
         "lifebreak", "standby", "removed", "chase")
"""Zones a card may be in (FoW 3.3–3.13); the chase holds cards being played."""
BATTLE_AREA = frozenset({"field", "ruler_area", "stone_area"})
"""The battle area: field, ruler area and magic stone area (FoW 3.14)."""
PUBLIC = frozenset({"field", "stone_area", "ruler_area", "graveyard", "removed", "chase"})
"""Public zones (FoW 3.3–3.13); the others are hidden."""
ORDERED = frozenset({"main_deck", "stone_deck", "graveyard", "lifebreak"})
"""Zones whose order matters; in the scenario they are listed top first (FoW 3.3, 3.4, 3.9, 3.10)."""

DURATIONS = ("permanent", "end_of_turn", "end_of_battle", "during_battle")
"""How long an effect of a resolved ability lasts (FoW 9.1 「在一段時限內持續生效」, 5.4, 8.6)."""
BATTLE_DURATIONS = frozenset({"end_of_battle", "during_battle"})
"""The two kinds of effect 8.6 ends: 「戰鬥中生效的持續性效應和直到戰鬥結束時失效的持續性效應」."""

TYPES = ("ruler", "j_ruler", "resonator", "spell", "addition", "regalia", "magic_stone")
"""Card types (FoW 2.1); the astral ruler is a state of a ruler card, not a card type given."""
SPELL_SUBTYPES = ("chant", "chant_instant", "chant_standby")
ADDITION_SUBTYPES = ("field", "resonator", "ruler", "j_ruler", "resonator_j_ruler", "ruler_j_ruler")
KEYWORDS = ("pierce", "target_attack", "first_strike", "explode", "flying", "swiftness", "imperishable",
            "quickcast")
"""Symbol abilities (FoW 11.1–11.7) and Quickcast (FoW 12.3)."""


def frozen(value: Any) -> Any:
    """Return a JSON value with objects as read-only mappings and arrays as tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: frozen(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(frozen(v) for v in value)
    return value


def plain(value: Any) -> Any:
    """Return ``value`` with mappings as dicts and tuples as lists (the JSON form)."""
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Cost:
    """What must be paid to play a card or ability (FoW 2.3, 9.3, 10.2)."""

    will: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    """Attribute will by kind (``light``..``darkness``, ``moon``) plus ``void`` (any will), each ≥ 0."""
    rest: bool = False
    """The [rest] symbol: rest this recovered card (FoW 9.5, 10.12)."""
    life: int = 0
    """Life paid, a multiple of 100 (FoW 1.5)."""

    @property
    def total(self) -> int:
        """Return the total cost: attribute cost plus void cost (FoW 2.3)."""
        return sum(self.will.values())

    @classmethod
    def parse(cls, raw: Mapping[str, Any] | None) -> Cost:
        """Build from ``{"fire": 1, "void": 2, "rest": true, "life": 200}``."""
        raw = raw or {}
        will = {k: v for k, v in raw.items() if k in WILL_KINDS and v}
        return cls(MappingProxyType(will), bool(raw.get("rest", False)), int(raw.get("life", 0)))


@dataclass(frozen=True, slots=True)
class Ability:
    """One paragraph of card text as data (FoW 2.4, 9.1)."""

    index: int
    """Position in the card's ``abilities`` array."""
    kind: str
    """``static``, ``basic``, ``activated``, ``will``, ``triggered``, ``enter``, ``judgment``, ``spell``, ``break``."""
    name: str | None = None
    """An ability name ``<(name)>``; same-named abilities are one ability (FoW 9.1)."""
    cost: Cost = field(default_factory=Cost)
    """The cost of an activated, will or Judgment ability."""
    trigger: Mapping[str, Any] | None = None
    """A triggered ability's condition ``{event, card?, ...}`` (FoW 9.6)."""
    targets: tuple[Mapping[str, Any], ...] = ()
    """Target specifications chosen when played (FoW 9.3)."""
    effect: tuple[Mapping[str, Any], ...] = ()
    """Instructions done in order on resolution."""
    continuous: Mapping[str, Any] | None = None
    """A static ability's continuous effect (FoW 9.4, 9.9)."""
    replacement: Mapping[str, Any] | None = None
    """A static replacement effect (FoW 9.10)."""
    produce: Mapping[str, int] | None = None
    """Will produced by a will ability (FoW 9.7)."""
    text: str | None = None
    """Card text the engine cannot read; playing or applying it is ``cannot_evaluate``."""
    cost_change: Mapping[str, Any] | None = None
    """A static ability changing the cost of cards played (FoW 9.3): ``{applies_to: filter, set |
    increase | decrease: {will kind: n}}``; ``set`` changes what is paid, the others the amount."""
    limit: str | None = None
    """A use limit of an activated or triggered ability (``once_per_turn``, ``once_per_turn_this_card``;
    FoW 9.1, 1.4): card text that the engine checks when the ability would be played."""
    valid_in: tuple[str, ...] = ()
    """Zones the ability's own text says it is valid in, besides its card's usual zone (FoW 9.2)."""
    basic: Mapping[str, Any] | None = None
    """A basic ability's definition of its card's ``atk``, ``def`` or ``races`` (FoW 9.4), valid in every zone."""
    modes: Mapping[str, Any] | None = None
    """A modal ability's ``{choose: n, options: [{label?, targets?, effect}]}`` (FoW 9.3 「選擇(數字)」)."""
    battle_cost: Mapping[str, Any] | None = None
    """A static ability making a player perform actions to attack or to block with a card (FoW 8.2,
    8.3): ``{action: "attack"|"block", applies_to: "this"|"attached"|filter, cost: {will kind: n,
    "life": n, "discard": n, "rest": {"filter": filter, "count": n}}}``."""

    @classmethod
    def parse(cls, index: int, raw: Mapping[str, Any]) -> Ability:
        """Build from the scenario's ability object (docs/scenario-format.md §7.4)."""
        return cls(
            index=index, kind=raw["kind"], name=raw.get("name"), cost=Cost.parse(raw.get("cost")),
            trigger=frozen(raw["trigger"]) if "trigger" in raw else None,
            targets=frozen(raw.get("targets", [])), effect=frozen(raw.get("effect", [])),
            continuous=frozen(raw["continuous"]) if "continuous" in raw else None,
            replacement=frozen(raw["replacement"]) if "replacement" in raw else None,
            produce=frozen(raw["produce"]) if "produce" in raw else None, text=raw.get("text"),
            cost_change=frozen(raw["cost_change"]) if "cost_change" in raw else None,
            battle_cost=frozen(raw["battle_cost"]) if "battle_cost" in raw else None,
            limit=raw.get("limit"), valid_in=tuple(raw.get("valid_in", ())),
            modes=frozen(raw["modes"]) if "modes" in raw else None,
            basic=frozen({k: raw[k] for k in ("atk", "def", "races") if k in raw}) if raw["kind"] == "basic" else None,
        )


@dataclass(frozen=True, slots=True)
class Face:
    """The J-ruler side of a ruler card (FoW 2.1, 3.8)."""

    name: str
    atk: int
    def_: int
    races: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()


@dataclass(frozen=True, slots=True)
class Card:
    """A card in a zone. A move other than battle area → battle area makes a new card (FoW 3.1)."""

    id: CardId
    name: str
    owner: PlayerId
    controller: PlayerId
    zone: str
    """One of :data:`ZONES`."""
    type: str
    """One of :data:`TYPES` (the printed type of the side up)."""
    subtype: str | None = None
    seq: int = 0
    """Position in an ordered zone: lower is nearer the top (FoW 3.3, 3.9)."""
    rested: bool = False
    """Rested (tapped) or recovered; cards enter zones with states recovered (FoW 3.2)."""
    damage: int = 0
    """Damage marked on a resonator or J-ruler (FoW 10.6); removed in the end phase (FoW 5.4)."""
    counters: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    atk: int = 0
    def_: int = 0
    races: tuple[str, ...] = ()
    attributes: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    cost: Cost = field(default_factory=Cost)
    abilities: tuple[Ability, ...] = ()
    attached_to: CardId | None = None
    side: str | None = None
    """For a ruler card: ``ruler`` or ``j_ruler`` (which side is up)."""
    j_face: Face | None = None
    entered_this_turn: bool = False
    """Not continuously in its controller's battle area since the start of the turn (FoW 8.2, 9.5)."""
    on_field_since_turn_start: bool = True
    """Continuously on the field since the start of the turn (J-ruler [rest] abilities, FoW 9.5)."""
    placed_this_turn: bool = False
    """Put into the standby area this turn (FoW 7.9, 9.6)."""
    incarnation: int = 0
    """Counts the times this card became a new card (FoW 3.1); targets remember it."""
    timestamp: int = 0
    """When its static abilities became valid (FoW 9.9)."""
    awakening_cost: Cost | None = None
    """Awakening: an optional additional cost (FoW 12.1)."""
    awakening_abilities: tuple[Ability, ...] = ()
    """The text Awakening gives when the card enters the field awakened (FoW 12.1)."""
    awakened: bool = False
    incarnation_groups: tuple[tuple[str, ...], ...] = ()
    """Incarnation: one group of attributes per resonator to banish instead of the cost (FoW 12.2);
    ``(("fire", "water"),)`` is "Incarnation (fire or water)". Empty: the card has no Incarnation."""
    virtual: bool = False
    """A copy made by an effect (FoW 10.16): a virtual card with the copied card's information; it
    ceases to exist when it leaves the zone it was made in."""
    copy_of: CardId | None = None
    """The card a virtual copy copies (FoW 10.16)."""
    revealed: bool = False
    """Shown to every player by an effect (FoW 10.4) until the effect ends or the card moves."""
    face_down: bool = False
    """Turned face down by an effect outside the standby area (FoW 3.2: its information hidden;
    what else that means is not covered). A move to a new card turns it face up again (3.1)."""
    special: bool = False
    """A special magic stone: the four-cards-per-name limit applies to it (FoW 4.1)."""

    @property
    def astral(self) -> bool:
        """Return whether this is an astral ruler: J-side up in the ruler area (FoW 3.8)."""
        return self.zone == "ruler_area" and self.side == "j_ruler"


@dataclass(frozen=True, slots=True)
class ChaseItem:
    """A card or ability on the chase (FoW 3.13); ``kind`` tells which."""

    kind: str
    """``card`` (a spell or summon spell), ``ability``, or ``judgment`` (neither, FoW 7.5)."""
    source: CardId
    controller: PlayerId
    ability: int | None = None
    """Index of the ability on its source (abilities); ``None`` for a card."""
    targets: tuple[Any, ...] = ()
    """Chosen targets: card ids, ``p1``/``p2``, or chase positions as ``chase:N``."""
    target_marks: tuple[int, ...] = ()
    """The incarnation of each card target when chosen; a new card is an illegal target (FoW 3.1, 9.3)."""
    from_hand: bool = False
    """Played from the hand (decides Enter, FoW 9.6)."""
    awakened: bool = False
    lki: Mapping[str, Any] | None = None
    """Last known information of the source, for abilities whose source moved (FoW 9.6, 9.11)."""
    effect_override: tuple[Mapping[str, Any], ...] | None = None
    """The instructions of a delayed trigger (FoW 9.6)."""
    position: int = 0
    """1 for the bottom of the chase."""
    source_mark: int = -1
    """The incarnation of the source when the item was made; once the source is a new card, "this"
    no longer finds it (FoW 3.1) and its information is the last known (FoW 9.11). -1: unknown."""
    copy: bool = False
    """A copy of an ability made on the chase (FoW 10.16)."""
    modes: tuple[int, ...] | None = None
    """The modes chosen when a modal card or ability was played (FoW 9.3), in printed order; the
    others do not exist. ``None``: not modal."""


@dataclass(frozen=True, slots=True)
class Effect:
    """A continuous, replacement or delayed-trigger effect created by a resolved ability (FoW 9.8–9.10)."""

    id: str
    kind: str
    """``continuous``, ``replacement`` or ``delayed``."""
    source: CardId
    controller: PlayerId
    timestamp: int
    spec: Mapping[str, Any]
    """The changes (continuous), what is replaced (replacement), or ``{event, effect}`` (delayed)."""
    affected: tuple[CardId, ...] | None = None
    """Cards the effect was fixed to when it began, or ``None`` for a condition read each time (FoW 9.9)."""
    marks: tuple[int, ...] = ()
    duration: str = "permanent"
    """One of :data:`DURATIONS`: ``permanent``, ``end_of_turn`` (ends in the end phase's final step,
    FoW 5.4), ``end_of_battle`` ("until end of battle") or ``during_battle`` ("in effect during the
    battle"), both ended in the end of battle step's final step (FoW 8.6)."""
    used: bool = False
    """A replacement that has applied and is spent (FoW 9.10), or a delayed trigger that triggered (FoW 9.6)."""
    remaining: int | None = None
    """What is left of a "prevent N" effect under the ``partial_prevention: kept`` reading (FoW 10.17);
    ``None``: the full amount of ``spec``."""


@dataclass(frozen=True, slots=True)
class Pending:
    """A triggered ability that has triggered and waits for priority processing (FoW 6.2, 9.6)."""

    source: CardId
    controller: PlayerId
    ability: int | None
    count: int = 1
    """Its trigger count (FoW 9.6)."""
    lki: Mapping[str, Any] | None = None
    event: str = ""
    effect: tuple[Mapping[str, Any], ...] | None = None
    """The instructions of a delayed trigger."""
    targets: tuple[Any, ...] | None = None
    source_mark: int = -1
    """The incarnation of the source when it triggered (see :attr:`ChaseItem.source_mark`)."""


@dataclass(frozen=True, slots=True)
class Player:
    """One player (FoW 1.5)."""

    id: PlayerId
    name: str
    life: int
    will: Mapping[str, int]
    """Will produced and not yet spent, by kind (FoW 9.7)."""
    called_stone: bool = False
    """Called a magic stone this turn (FoW 7.11)."""
    judged: bool = False
    """Performed Judgment this turn (FoW 7.5)."""
    first_turn: bool = False
    """This is (or the coming turn is) the player's own first turn (FoW 5.2)."""
    may_battle: bool = True
    """False after declining to attack in a battle in which the opponent played nothing (FoW 8.2)."""
    lost: bool = False
    hand_limit: int = 7
    """Maximum hand size (FoW 3.5)."""
    lifebreak_limit: int = 4
    """Lifebreak-area limit, Valhalla only (FoW 3.10)."""


@dataclass(frozen=True, slots=True)
class Battle:
    """The battle in progress (FoW 8)."""

    attacker: CardId | None = None
    target: str | None = None
    """A card id or a player id."""
    blocker: CardId | None = None
    declared: bool = False
    blocked: bool = False
    """The attacker was blocked (FoW 8.3), even if the blocker left."""
    first_strike_dealt: bool = False
    opponent_played: bool = False
    """The non-turn player played a spell or ability during this battle (FoW 8.2)."""


@dataclass(frozen=True, slots=True)
class GameState:
    """An immutable snapshot of the game."""

    players: tuple[Player, Player]
    cards: Mapping[CardId, Card]
    """Every card by id, read-only; copy-on-write through :meth:`with_card`."""
    active: PlayerId
    phase: str
    step: str
    turn_number: int
    priority: PlayerId
    passes: int = 0
    """Consecutive passes so far (FoW 6.4): 0 or 1."""
    chase: tuple[ChaseItem, ...] = ()
    """Bottom first."""
    pending: tuple[Pending, ...] = ()
    effects: tuple[Effect, ...] = ()
    battle: Battle | None = None
    clock: int = 0
    """Timestamp counter (FoW 9.9)."""
    winner: str | None = None
    next_trigger_player: PlayerId | None = None
    """Who plays the next triggered ability under the alternating reading (FoW 9.6)."""
    must_draw_failed: tuple[PlayerId, ...] = ()
    """Players who could not draw in their draw phase (FoW 13.1)."""
    events: tuple[tuple[str, CardId | None, PlayerId | None], ...] = ()
    """Events (``event``, card, player) that happened since the last card or ability was played or
    resolved, or the step began: the trigger conditions a Chant-Standby may be revealed for (FoW 7.9, 9.6)."""
    last_known: Mapping[str, Mapping[str, Any]] = field(default_factory=lambda: MappingProxyType({}))
    """Last known information (FoW 9.11): ``"<card>@<incarnation>"`` → the card's information in the
    zone it left, recorded whenever a card becomes a new card."""
    effect_order: tuple[str, ...] = ()
    """The turn player's order of continuous effects that tie on timestamp, first to last (FoW 9.9;
    ``turn.effect_order``)."""
    actions: tuple[Mapping[str, Any], ...] = ()
    """The players' actions, in order (``actions`` of the scenario; a loop inserts its iterations, FoW 14.1)."""
    cursor: int = 0
    """How many of :attr:`actions` have been taken."""
    loop_lock: tuple[PlayerId, str, int] | None = None
    """(player, loop, index after its iterations): that player must act otherwise before the same loop again (FoW 14.1)."""
    complete: bool = True
    """False once something could not be evaluated (a cannot_evaluate or stopping not_covered step)."""
    uses: tuple[tuple[int, PlayerId, str, CardId, int, int], ...] = ()
    """Abilities with a use limit played so far, as (turn number, controller, card name, card id,
    incarnation, ability index) (FoW 9.1: "this ability" is the same ability of every card with the
    same name its player controls; "this card's this ability" only that card)."""
    reported: frozenset[str] = frozenset()
    """Card text already reported as not evaluable, as ``<card>@<incarnation>#<ability>`` (reported once each)."""
    checkpoint: GameState | None = field(default=None, compare=False, repr=False)
    """The state at the last priority point, where a resolution that stops on an open choice is reported
    (its own checkpoint is ``None``)."""

    def player(self, pid: PlayerId) -> Player:
        """Return the player ``pid``."""
        return self.players[0] if self.players[0].id == pid else self.players[1]

    def opponent(self, pid: PlayerId) -> PlayerId:
        """Return the other player's id."""
        return self.players[1].id if self.players[0].id == pid else self.players[0].id

    def with_player(self, player: Player) -> GameState:
        """Return a state with ``player`` replaced."""
        players = tuple(player if p.id == player.id else p for p in self.players)
        return replace(self, players=players)  # type: ignore[arg-type]

    def with_card(self, card: Card) -> GameState:
        """Return a state with ``card`` replaced or added."""
        cards = dict(self.cards)
        cards[card.id] = card
        return replace(self, cards=MappingProxyType(cards))

    def without_card(self, cid: CardId) -> GameState:
        """Return a state in which card ``cid`` no longer exists (a virtual copy that left its zone, FoW 10.16)."""
        cards = dict(self.cards)
        cards.pop(cid, None)
        return replace(self, cards=MappingProxyType(cards))

    def in_zone(self, zone: str, controller: PlayerId | None = None) -> list[Card]:
        """Return the cards in ``zone`` (of ``controller``), top first for ordered zones."""
        found = [c for c in self.cards.values() if c.zone == zone and (controller is None or c.controller == controller)]
        return sorted(found, key=lambda c: c.seq)

    def next_action(self) -> Mapping[str, Any] | None:
        """Return the next action not yet taken, or ``None``."""
        return self.actions[self.cursor] if self.cursor < len(self.actions) else None

    def taken(self) -> GameState:
        """Return a state in which the next action has been taken."""
        return replace(self, cursor=self.cursor + 1)

    def at_priority_point(self) -> GameState:
        """Return this state remembered as the last priority point (:attr:`checkpoint`)."""
        return replace(self, checkpoint=replace(self, checkpoint=None))

    def incomplete(self) -> GameState:
        """Return this state with ``complete`` false (something could not be evaluated)."""
        return self if not self.complete else replace(self, complete=False)

    def tick(self) -> tuple[GameState, int]:
        """Return a state with the timestamp clock advanced, and the new timestamp."""
        return replace(self, clock=self.clock + 1), self.clock + 1
