"""Activation conditions of Spells, Traps and Quick Effects: "when your opponent Normal
Summons …", "when an attack is declared", "when your opponent activates a Spell", "when a
monster would be Summoned", "during the Battle Phase", "if you control no monsters", "if your
LP are N or less" (ARC-V 4.2.3.i1; MR2 ch2.23).

An effect with a ``condition`` can be activated only while every key of it holds (ARC-V
4.2.3.i1: an effect that states a condition or a timing of activation is activated only when
it is met; MR2 ch2.23: a Spell or Trap's text states its activation condition). Each key is
one entry of the ``activation_condition`` slot, read by :func:`unmet` when the effect is
activated (:func:`engine.ygo.activation.verify_activation`, after the place check):

- the "when …" keys read what just happened (``state.last_event``, an
  :class:`~engine.ygo.model.EventWindow`): a Summon that just succeeded (``summoned``) or an
  attack just declared (``attack_declared``); the window lasts while the players respond to it
  and ends when a chain resolves, on entering the Damage Step and at the next action that is
  not a response, so a "when …" card cannot be activated later (official ruling); a Summon
  that the last action of a resolving chain made opens it after that chain
  (:func:`window_after_chain`);
- ``activated`` reads the last chain link: the card must be chained directly to it;
- ``summoning`` reads the Summon in progress with an empty chain (the summon-negation window,
  ARC-V 3.2.2.1.i7);
- ``phase``, ``turn``, ``no_monsters`` and ``lp_at_most`` read the board as it is.

``by`` (beside an event key) names whose Summon, attack or activation it is, from the side of
the player who activates the card.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, Optional

from ..core.vocabulary import Boolean, Choice, Integer
from .duel import Duel
from .filters import CardFilterField, card_filter
from .model import Card, Effect, EventWindow, GameState, PlayerId, Zone, opponent_of
from .protection import EFFECT_KINDS, EFFECT_KIND_LABELS, kind_matches
from .rules import R
from .vocabulary import VOCABULARY

MAX_LP = 999_999
SUMMON_KINDS = {"normal": ("summoned",), "flip": ("flip_summoned",), "special": ("special_summoned",),
                "any": ("summoned", "flip_summoned", "special_summoned"),
                "normal_or_flip": ("summoned", "flip_summoned")}
"""Which Summons a ``summoned`` / ``summoning`` value names (a Tribute Summon is a Normal Summon)."""
PHASES = {"draw": ("draw",), "standby": ("standby",), "main": ("main1", "main2"), "main1": ("main1",),
          "battle": ("battle",), "main2": ("main2",), "end": ("end",)}
"""The phases a ``phase`` value names (``main``: either Main Phase)."""

_SUMMON_LABELS = {"normal": "Normal Summon (or Tribute Summon)", "flip": "Flip Summon", "special": "Special Summon",
                  "any": "Any Summon", "normal_or_flip": "Normal or Flip Summon"}
_BY = Choice(values=("any", "opponent", "self"), what="whose event", label="Whose",
             labels={"any": "Either player's", "opponent": "The opponent's", "self": "Your own"},
             help="whose Summon, attack or activation: any (the default), opponent or self, from the side of "
                  "the player who activates this card", default="any")
_COMPANIONS = {"by": _BY}


def _whose(by: str, player: PlayerId, actor: PlayerId) -> bool:
    return by == "any" or (by == "self") == (actor == player)


def _summon_reading(kinds: tuple[str, ...], event_kind: str, actor: PlayerId, player: PlayerId,
                    by: str) -> bool:
    return event_kind in kinds and _whose(by, player, actor)


def _read(state: GameState, condition: dict[str, Any], key: str, value: Any, player: PlayerId,
          this: Optional[str] = None) -> tuple[bool, str]:
    """Return whether the condition key holds for ``player`` now, and what the engine read
    (``this``: the card whose condition it is)."""
    by = condition.get("by", "any")
    window = state.last_event
    if key == "summoned":
        if window is None or window.kind == "attack_declared":
            return False, "no Summon has just succeeded"
        count = len(window.cards)
        holds = _summon_reading(SUMMON_KINDS[value], window.kind, window.player, player, by)
        now = f"{window.kind} of {count} monster(s) by {window.player}"
        if "monster" in condition:
            # "Summons a monster with 1000 or more ATK": one of them fits, as it is now (official ruling).
            wanted = card_filter(condition["monster"])
            fits = [card_id for card_id in window.cards if wanted.matches(state.card(card_id), player, state)]
            holds = holds and bool(fits)
            now += f"; fitting the filter: {', '.join(fits) or 'none'}"
        return holds and (count == 1 or not condition.get("exactly_one", False)), now
    if key == "attack_declared":
        if window is None or window.kind != "attack_declared" or state.attack is None:
            return False, "no attack has just been declared"
        direct = state.attack.target is None
        if value == "this_card":
            on_it = this is not None and state.attack.target == this
            return on_it and _whose(by, player, window.player), \
                f"attack on {state.attack.target or 'the player'} by {window.player}"
        matches = value == "any" or (value == "direct") == direct
        return matches and _whose(by, player, window.player), \
            f"{'direct attack' if direct else 'attack on a monster'} by {window.player}"
    if key == "activated":
        if not state.chain:
            return False, "the chain is empty"
        top = state.chain[-1]
        card = state.card(top.card)
        card_only = condition.get("card_only", False)
        matches = kind_matches(value, card, top.effect_class) and (not card_only or top.is_card_activation)
        now = f"Chain Link {top.number}: {card.name} by {top.controller}"
        if "includes" in condition:
            found = [part.do for part in top.actions if _includes(state, part, condition["includes"])]
            matches = matches and bool(found)
            now += f"; its actions that {INCLUDES[condition['includes']]}: {', '.join(found) or 'none'}"
        return matches and _whose(by, player, top.controller), now
    if key == "summoning":
        if not state.summoning or state.chain:
            return False, "no monster is being Summoned"
        actor = state.card(state.summoning[0]).controller
        one = len(state.summoning) == 1 or not condition.get("exactly_one", False)
        return _summon_reading(SUMMON_KINDS[value], state.summon_kind, actor, player, by) and one, \
            f"{state.summon_kind} of {len(state.summoning)} monster(s) by {actor}"
    if key == "phase":
        return state.turn.phase in PHASES[value], f"phase {state.turn.phase}"
    if key == "turn":
        return (state.turn.active == player) == (value == "self"), f"{state.turn.active}'s turn"
    if key == "no_monsters":
        whose = player if value == "self" else opponent_of(player)
        count = len(state.cards_in(Zone.MONSTER_ZONE, whose))
        return count == 0, f"{whose} controls {count} monster(s)"
    if key == "not_sent_this_turn":
        sent = this is not None and state.card(this).sent_to_graveyard_this_turn
        return sent != value, "it was sent to the Graveyard this turn" if sent else "it was not sent to the Graveyard this turn"
    if key == "no_spells_traps":
        whose = player if value == "self" else opponent_of(player)
        count = sum(len(state.cards_in(zone, whose)) for zone in SPELL_TRAP_ZONES)
        return count == 0, f"{whose} controls {count} Spell/Trap Card(s)"
    assert key == "lp_at_most", key
    lp = state.player(player).lp
    return lp <= value, f"{player} has {lp} LP"


INCLUDES = {"special_summon": "Special Summon",
            "from_deck": "add a card from the Deck to the hand, Special Summon from the Deck or send from the Deck "
                         "to the Graveyard"}
_DECK_VERBS = frozenset({"add_to_hand", "special_summon", "send_to_graveyard"})


def _includes(state: GameState, part: Any, what: str) -> bool:
    """Return whether one action of a chain link does what an ``includes`` condition names."""
    if what == "special_summon":
        return part.do in ("special_summon", "fusion_summon", "ritual_summon")
    if part.do not in _DECK_VERBS:
        return False
    if part.do == "send_to_graveyard" and part.from_top is not None:
        return True
    named = [*part.objects, *part.options]
    pools = [f for f in (part.among, part.select) if f is not None]
    return (any(state.card(c).zone is Zone.DECK for c in named if state.has_card(c))
            or any(f.zone == "deck" for f in pools))


def readings(state: GameState, effect: Effect, player: PlayerId,
             this: Optional[str] = None) -> Iterator[tuple[str, Any, bool, str]]:
    """Yield ``(key, value, holds, now)`` for each condition key of ``effect`` (companions skipped)."""
    condition = dict(effect.condition)
    for key, value in effect.condition:
        if key in _COMPANIONS or key in ("card_only", "exactly_one", "monster", "includes"):
            continue
        holds, now = _read(state, condition, key, value, player, this)
        yield key, value, holds, now


def _shown(value: Any) -> str:
    if isinstance(value, dict):  # a filter (``monster``) as the builder writes it: atk_min=1000 & kind=monster
        return " & ".join(f"{key}={_shown(item)}" for key, item in value.items())
    return value if isinstance(value, str) else json.dumps(value)


def _written(key: str, value: Any, effect: Effect) -> str:
    """Return the condition key as the document writes it, with the companions it has."""
    companions = VOCABULARY.get("activation_condition", key).keys
    given = dict(effect.condition)
    return ", ".join(f"{k}: {_shown(v)}" for k, v in ((key, value), *((c, given[c]) for c in companions if c in given)))


def unmet(state: GameState, effect: Effect, player: PlayerId, this: Optional[str] = None) -> Optional[tuple[str, str, R]]:
    """Return ``(condition as written, what the engine read, the rule)`` of the first condition
    key of ``effect`` that does not hold for ``player`` now, or ``None`` when all hold (ARC-V
    4.2.3.i1; "exactly 1 monster" Summoned together with others: official ruling)."""
    for key, value, holds, now in readings(state, effect, player, this):
        if not holds:
            window = state.last_event
            crowded = (key == "summoned" and dict(effect.condition).get("exactly_one", False) and window is not None
                       and window.kind != "attack_declared" and len(window.cards) != 1)
            return _written(key, value, effect), now, R.CONDITION_COUNT if crowded else R.ACTIVATION_CONDITION
    return None


SUMMON_EVENTS = frozenset(kind for kinds in SUMMON_KINDS.values() for kind in kinds)


def window_after_chain(state: GameState) -> Optional[EventWindow]:
    """Return what a chain that just resolved leaves to answer: a Summon made by its last
    action (the last thing to happen), by the player of those monsters, or ``None``. A Summon
    that something else followed cannot be answered (official ruling)."""
    last = [event for event in state.events if event.kind in SUMMON_EVENTS and event.moment == state.moment
            and state.card(event.card).zone is Zone.MONSTER_ZONE]
    if not last:
        return None
    first = state.card(last[0].card)
    return EventWindow(last[0].kind, first.controller, tuple(event.card for event in last if event.kind == last[0].kind))


def verify_condition(duel: Duel, state: GameState, card: Card, effect: Effect, player: PlayerId) -> None:
    """Refuse the activation of ``effect`` of ``card`` by ``player`` whose activation condition
    is not met (ARC-V 4.2.3.i1; MR2 ch2.23). Raises :class:`~engine.core.IllegalAction`
    (``ygo.illegal.condition_not_met``)."""
    missing = unmet(state, effect, player, card.id)
    if missing is not None:
        raise duel.illegal(missing[2], "ygo.illegal.condition_not_met", card=card.id, card_name=card.name,
                           condition=missing[0], now=missing[1])


def record_condition(duel: Duel, state: GameState, card: Card, effect: Effect, player: PlayerId) -> None:
    """Record that the activation condition of an effect being activated is met (one step per key)."""
    for key, value, _holds, now in readings(state, effect, player, card.id):
        duel.record("condition", "ygo.condition.met", R.ACTIVATION_CONDITION, card=card.id, card_name=card.name,
                    condition=_written(key, value, effect), now=now)


# ----------------------------------------------------------------------------- the entries

_RULE = (R.ACTIVATION_CONDITION,)
_WINDOW_RULE = (R.ACTIVATION_CONDITION, R.CONDITION_WINDOW)
_MESSAGES = ("ygo.illegal.condition_not_met", "ygo.condition.met")
_SUMMON = Choice(values=tuple(SUMMON_KINDS), what="kind of Summon", label="Summon", labels=_SUMMON_LABELS,
                 help="normal (a Normal or Tribute Summon), flip, special, normal_or_flip or any")

VOCABULARY.define(
    "activation_condition", "summoned", rule=(*_WINDOW_RULE, R.CONDITION_COUNT), label="When a monster is Summoned",
    value=_SUMMON, messages=_MESSAGES,
    keys={**_COMPANIONS, "exactly_one": Boolean(label="Exactly 1 monster", default=False,
                                                help='true: "when your opponent Summons exactly 1 monster": not when '
                                                     "two or more are Summoned at the same time (official ruling)"),
          "monster": CardFilterField(label="The monster Summoned",
                                     help='a filter one monster Summoned must fit: "a monster with 1000 or more ATK" '
                                          'is {"atk_min": 1000}')},
    doc="\"When (your opponent) Normal / Flip / Special Summons a monster\": only right after such a Summon "
        "succeeds, while the players respond to it (with its triggers on the chain too); not once a chain has "
        "resolved or another action has been taken since (ARC-V 4.2.3.i1; MR2 ch2.23; the window: official "
        "ruling). A Summon made by a card effect counts right after its chain resolves only if it was the last "
        "thing to happen in it (its last action). `exactly_one`: \"exactly 1 monster\", not met when two or more "
        "are Summoned at the same time; without it \"a monster(s)\" (official ruling). `monster`: what the monster "
        "Summoned must be (Trap Hole: \"a monster with 1000 or more ATK\" is `{\"atk_min\": 1000}`): at least one "
        "monster of the Summon fits the filter, read as it is when the card is activated, `controller` from the "
        "activating player's side (ARC-V 4.2.3.i1; MR2 ch2.23).",
    example={"summoned": "normal_or_flip", "by": "opponent", "monster": {"atk_min": 1000}})
VOCABULARY.define(
    "activation_condition", "attack_declared", rule=_WINDOW_RULE, label="When an attack is declared",
    value=Choice(values=("any", "direct", "monster", "this_card"), what="kind of attack", label="Attack",
                 labels={"any": "Any attack", "direct": "A direct attack", "monster": "An attack on a monster",
                         "this_card": "An attack on this card"},
                 help="any, direct (a direct attack), monster (an attack on a monster) or this_card (this card is "
                      "the attack target)"),
    keys=_COMPANIONS, messages=_MESSAGES,
    doc="\"When (an opponent's monster) declares an attack\": only in the Battle Step right after the declaration, "
        "while the players respond to it; not after a chain resolved since, nor in the Damage Step (ARC-V "
        "4.2.3.i1; MR2 ch2.23, ch3.10; the window: official ruling). `by` is the attacker's controller; "
        "`this_card`: \"when this card is targeted for an attack\".",
    example={"attack_declared": "any", "by": "opponent"})
VOCABULARY.define(
    "activation_condition", "activated", rule=_RULE, label="When a card or effect is activated",
    value=Choice(values=EFFECT_KINDS, what="kind of effect", label="Activated", labels=EFFECT_KIND_LABELS,
                 help="all, monster, spell, trap or spell_trap: the kind of the activation it answers"),
    keys={**_COMPANIONS, "card_only": Boolean(label="Card activation only", default=False,
                                              help='true: "when a Spell Card is activated" (the card itself, not '
                                                   "an effect of a face-up card)"),
          "includes": Choice(values=tuple(INCLUDES), what="what the activation includes", label="That includes",
                             labels={"special_summon": "Special Summoning", "from_deck": "Using the Deck"},
                             help='special_summon ("an activation that includes Special Summoning") or from_deck '
                                  '("an effect that would add from the Deck to the hand, Special Summon from the Deck '
                                  'or send from the Deck to the GY")')},
    messages=_MESSAGES,
    doc="\"When (your opponent) activates a Spell / Trap / monster effect\": only chained directly to such an "
        "activation, the last link of the chain; `card_only` for the activation of the card itself (ARC-V "
        "4.2.3.i1; MR2 ch2.23). A Pendulum Effect is a Spell Card's (ARC-V 3.3.3.7). `includes` reads the "
        "actions of that link as they are written: `special_summon` (one of them Special Summons), `from_deck` (one "
        "adds a card from the Deck to the hand, Special Summons from the Deck or sends from the Deck to the "
        "Graveyard, naming Deck cards or choosing among them).",
    example={"activated": "spell", "by": "opponent"})
VOCABULARY.define(
    "activation_condition", "summoning", rule=(*_RULE, R.CONDITION_COUNT), label="When a monster would be Summoned",
    value=_SUMMON, messages=_MESSAGES,
    keys={**_COMPANIONS, "exactly_one": Boolean(label="Exactly 1 monster", default=False,
                                                help='true: "when your opponent would Special Summon exactly 1 '
                                                     'monster": not when two or more are Summoned together')},
    doc="\"When a monster would be Summoned\" (a card that negates the Summon): only while the Summon is in "
        "progress with an empty chain, in the summon-negation window (ARC-V 4.2.3.i1, 3.2.2.1.i7; MR2 ch2.23); "
        "`exactly_one`: not when two or more monsters are being Summoned together (official ruling).",
    example={"summoning": "any", "by": "opponent"})
VOCABULARY.define(
    "activation_condition", "phase", rule=_RULE, label="During a phase",
    value=Choice(values=tuple(PHASES), what="phase", label="Phase",
                 help="draw, standby, main (either Main Phase), main1, battle, main2 or end"),
    doc="\"During the Battle Phase\" (or another phase): only while the turn is in it, in any of its steps "
        "(ARC-V 4.2.3.i1; MR2 ch2.23).",
    example={"phase": "battle"})
VOCABULARY.define(
    "activation_condition", "turn", rule=_RULE, label="During whose turn",
    value=Choice(values=("self", "opponent"), what="whose turn", label="Turn",
                 labels={"self": "Your turn", "opponent": "Your opponent's turn"}, help="self or opponent"),
    doc="\"During your (opponent's) turn\": only in that player's turn (ARC-V 4.2.3.i1; MR2 ch2.23).",
    example={"turn": "opponent"})
VOCABULARY.define(
    "activation_condition", "no_monsters", rule=_RULE, label="If a player controls no monsters",
    value=Choice(values=("self", "opponent"), what="player", label="Player",
                 labels={"self": "You control no monsters", "opponent": "Your opponent controls no monsters"},
                 help="self (\"if you control no monsters\") or opponent"),
    doc="\"If you control no monsters\": only while that player has no monster in their Monster Zone, face-up or "
        "face-down (ARC-V 4.2.3.i1; MR2 ch2.23).",
    example={"no_monsters": "self"})
VOCABULARY.define(
    "activation_condition", "lp_at_most", rule=_RULE, label="If your LP are N or less",
    value=Integer(low=0, high=MAX_LP, label="LP", help="the activating player's LP must be this or less"),
    doc="\"If your LP are N or less\": only while the activating player's Life Points are at most N (ARC-V "
        "4.2.3.i1; MR2 ch2.23).",
    example={"lp_at_most": 2000})

SPELL_TRAP_ZONES = (Zone.SPELL_TRAP_ZONE, Zone.FIELD_ZONE, Zone.PENDULUM_ZONE)
"""Where a card a player controls is a Spell or Trap Card: the Spell & Trap Zones, the Field Zone and the
Pendulum Zones (a Pendulum Monster there is treated as a Spell Card, ARC-V 3.3.3.7)."""
VOCABULARY.define(
    "activation_condition", "no_spells_traps", rule=_RULE, label="If a player controls no Spell/Trap Cards",
    value=Choice(values=("self", "opponent"), what="player", label="Player",
                 labels={"self": "You control no Spell/Trap Cards", "opponent": "Your opponent controls no Spell/Trap Cards"},
                 help="self (\"if you control no Spell/Trap Cards\") or opponent"),
    doc="\"If you control no Spell/Trap Cards\": only while that player has no card, face-up or Set, in their Spell & "
        "Trap Zones, Field Zone or Pendulum Zones (ARC-V 4.2.3.i1; MR2 ch2.23). On a Trigger Effect it is checked "
        "when the trigger would be activated: if it does not hold, the trigger is not activated.",
    example={"no_spells_traps": "self"})
VOCABULARY.define(
    "activation_condition", "not_sent_this_turn", rule=_RULE, label="Not the turn it was sent to the Graveyard",
    value=Boolean(label="Not the turn it was sent", help="true: \"except the turn this card was sent to the Graveyard\""),
    doc="\"You can banish this card from your Graveyard, except the turn it was sent to the Graveyard\": only while this "
        "card was not sent to the Graveyard this turn (ARC-V 4.2.3.i1; MR2 ch2.23). A card the board has in the "
        "Graveyard was sent there this turn when its object says `sent_to_graveyard_this_turn`; one sent during the "
        "resolution was, until the turn ends.",
    example={"not_sent_this_turn": True})


__all__ = ["record_condition", "unmet", "verify_condition", "window_after_chain"]
