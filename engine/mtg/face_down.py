"""Face-down spells and permanents (CR 708 in 2022-04-29, 707 in 2020-06-01) and morph (702.37 /
702.36).

A card with morph may be cast face down (the ``cast`` action's ``face_down``, 702.37c): it is
turned face down before it goes on the stack, a 2/2 creature spell with no name, text, subtypes or
mana cost (708.2a, 708.4), the effects and prohibitions that apply to casting are those of that
face-down spell, and {3} is paid rather than its mana cost (an alternative cost, 118.9). It
enters the battlefield face down (708.3: its enters abilities don't trigger); on the battlefield
layer 1b gives it those characteristics (613.2b, :mod:`engine.mtg.layer_effects`). What it is face
up is shown to the judge (the result's ``face_up``, as its controller may look at it, 708.5) but
not to the rules.

Turning it face up is a special action (116.2b, the ``turn_face_up`` action): any time its
controller has priority, they pay its morph cost (702.37e) and turn it face up; it doesn't use the
stack, so no one can respond. It regains its normal characteristics, keeps the effects applied to
it (708.8), gets a new timestamp (613.7f); its enters abilities don't trigger, its "when this is
turned face up" abilities do (the ``turned_face_up`` trigger event). ``"by": "effect"`` turns it
face up as a spell, an ability or the judge setting the position up does (708.7): no cost, no
priority.

While an object on the stack is one form of its card (a face-down spell, a split card's half), the
card itself is :attr:`~engine.mtg.model.GameObject.card`; :func:`leave_stack` restores it as the
object leaves the stack (a face-down spell that resolves stays face down, 702.37c).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Callable, Optional

from ..core import IllegalAction
from ..core.schema import Validation
from .spending import payment, spend
from .model import Chars, GameObject, GameState, Zone
from .rules import K
from .triggers import GENERIC, _generic
from .vocabulary import OBJECT, PLAYER_ID, VOCABULARY, Choice, row

MORPH_COST = "{3}"
"""What casting a card face down with morph costs, rather than its mana cost (CR 702.37c)."""


def face_down_chars(controller: str) -> Chars:
    """A face-down spell's or permanent's characteristics (CR 708.2a, 702.37c): a 2/2 creature with
    no text, name, subtypes or mana cost (and so no color)."""
    return Chars("", "", frozenset(), frozenset(), frozenset({"creature"}), frozenset(), (), 2, 2, None, controller)


def morph_cost(chars: Chars) -> Optional[str]:
    """The morph cost of a card as it is face up (CR 702.37a), or ``None`` without morph."""
    return next((str(a.spec.get("cost", "")) for a in chars.abilities if a.keyword == "morph"), None)


def cast_face_down(obj: GameObject, action: Mapping[str, Any], cite: Callable[[K], Any]) -> GameObject:
    """Return ``obj`` turned face down to be cast (CR 702.37c, 708.4), its face kept in ``card``.
    Errors (:class:`IllegalAction`): a card without morph (702.37d: a card can't normally be cast
    face down); an alternative cost besides (118.9a: only one)."""
    params = {"card": obj.id, "card_name": obj.printed.name}
    if morph_cost(obj.printed) is None:
        raise IllegalAction(cite(K.MORPH_ONLY), "mtg.illegal.face_down", params)
    if "alternative_cost" in action:
        raise IllegalAction(cite(K.ALTERNATIVE_COST), "mtg.illegal.face_down_alternative", params)
    return replace(obj, printed=face_down_chars(obj.printed.controller), card=obj.printed, face_down=True)


def record_face_down(game: Any, obj: GameObject, action: Mapping[str, Any]) -> None:
    """Record that the spell was cast face down for {3} (CR 702.37c)."""
    if action.get("face_down") and obj.card is not None:
        game.record("cast", "mtg.cast.face_down", K.MORPH_CAST, card=obj.id, card_name=obj.card.name, cost=MORPH_COST)


def leave_stack(old: GameObject, new: GameObject, to: Zone) -> GameObject:
    """The object ``old`` on the stack moves to ``to`` as ``new``: a form of its card (a half, a
    face-down spell) becomes the card again; a face-down spell that enters the battlefield is a
    face-down permanent (702.37c, 708.3), anywhere else it is revealed (708.9)."""
    if old.zone is not Zone.STACK or old.card is None:
        return new
    return replace(new, printed=old.card, card=None, face_down=old.face_down and to is Zone.BATTLEFIELD)


def parsed(obj: GameObject) -> GameObject:
    """A face-down spell written on the stack in the document has the face-down characteristics,
    its face kept in ``card`` (CR 708.4)."""
    if obj.face_down and obj.zone is Zone.STACK:
        return replace(obj, printed=face_down_chars(obj.printed.controller), card=obj.printed)
    return obj


def face_up(obj: GameObject) -> Optional[dict[str, Any]]:
    """What a face-down object is face up, for the judge (CR 708.5), or ``None``."""
    if not obj.face_down:
        return None
    return (obj.card or obj.printed).to_dict()


def check_face_down(obj: Mapping[str, Any], path: tuple[Any, ...], v: Validation) -> None:
    """``face_down`` is for a permanent or a spell (CR 708.1); a card face down in another zone
    (exiled face down, 406.3a) is not covered."""
    if obj.get("face_down") and obj.get("zone") not in ("battlefield", "stack"):
        v.error((*path, "face_down"), "face_down is for a permanent or a spell (CR 708.1); a face-down card in "
                                      f"the {obj.get('zone')} is not covered")


# ----------------------------------------------------------------------------- turning face up

def verify_turn_face_up(game: Any, state: GameState, action: Mapping[str, Any]) -> str:
    """Raise the rule turning ``action["card"]`` face up breaks; return the cost to pay.

    As the special action (CR 116.2b, 702.37e): its controller has priority, it is a face-down
    permanent they control, and it would have a morph cost face up (payable from the pool when
    mana is tracked). By an effect (708.7): it is a face-down permanent.
    """
    oid = action["card"]
    obj = state.objects[oid]
    params = {"card": oid, "card_name": obj.printed.name}
    if obj.zone is not Zone.BATTLEFIELD or not obj.face_down:
        raise IllegalAction(game.cite(K.TURN_FACE_UP), "mtg.illegal.not_face_down", params)
    if action.get("by", "special_action") == "effect":
        return ""
    player = action["player"]
    game.verify_priority(state, player)
    if game.chars(state, oid).controller != player:
        raise IllegalAction(game.cite(K.MORPH_TURN_UP), "mtg.illegal.face_up_controller", {**params, "player": player})
    cost = morph_cost(obj.printed)
    if cost is None:
        raise IllegalAction(game.cite(K.MORPH_TURN_UP), "mtg.illegal.no_morph", params)
    pool = state.player(player).mana_pool
    if pool is not None and payment(game, state, player, pool, cost)[0] is None:  # any color where allowed (609.4b)
        raise IllegalAction(game.cite(K.MORPH_TURN_UP), "mtg.illegal.cost", {**params, "cost": cost, "pool": pool})
    return cost


def do_turn_face_up(game: Any, state: GameState, action: Mapping[str, Any]) -> GameState:
    """Turn a face-down permanent face up (see :func:`verify_turn_face_up`): pay the morph cost
    (702.37e), turn it face up with a new timestamp (613.7f, 708.8), then its "turned face up"
    abilities trigger; after the special action its controller receives priority again (117.3c)."""
    cost = verify_turn_face_up(game, state, action)
    oid = action["card"]
    obj = state.objects[oid]
    name = obj.printed.name
    special = action.get("by", "special_action") != "effect"
    controller = game.chars(state, oid).controller
    if special:
        player = action["player"]
        game.record("special_action", "mtg.special.turn_face_up", K.TURN_FACE_UP, player=player, card=oid,
                    card_name=name)
        state = spend(game, state, player, cost, oid)
        game.record("cost", "mtg.face_up.cost", K.MORPH_TURN_UP, player=player, card=oid, card_name=name,
                    cost=cost or "{0}")
    else:
        game.record("face_up", "mtg.face_up.by_effect", K.FACE_UP_BY_EFFECT, card=oid, card_name=name)
    ts, state = state.stamp()
    state = state.with_object(replace(obj, face_down=False, timestamp=ts))
    game.record("face_up", "mtg.face_up", K.TIMESTAMP_FACE_UP, card=oid, card_name=name, timestamp=ts)
    game.recorder.sync(state)
    state = game.emit(state, {"event": "turned_face_up", "object": oid, "player": controller})
    if special:
        return game.settle(replace(state, passes=0), player=action["player"], why=K.PRIORITY_AFTER_ACTION)
    return game.settle(state, announce=False)


def _check_turn_face_up(value: Any, path: Any, v: Validation) -> None:
    """``player`` goes with the special action (who turns it face up) and not with ``by: effect``."""
    special = value.get("by", "special_action") != "effect"
    if special and "player" not in value:
        v.error((*path, "player"), "player is required: who takes the special action (CR 116.2b)")
    if not special and "player" in value:
        v.error((*path, "player"), "a permanent turned face up by an effect needs no player (CR 708.7): leave "
                                   "player out")


TURN_KEYS = {
    "player": PLAYER_ID, "card": OBJECT,
    "by": Choice(values=("special_action", "effect"), what="way", label="By",
                 help="special_action (the default): its controller pays the morph cost (CR 116.2b, 702.37e); "
                      "effect: a spell, an ability or the judge turns it face up, with no cost (708.7)"),
}


@VOCABULARY.entry("action", "turn_face_up", rule=(K.TURN_FACE_UP, K.MORPH_TURN_UP, K.TIMESTAMP_FACE_UP), keys=TURN_KEYS,
                  required=("card",), check=_check_turn_face_up, label="Turn a face-down permanent face up",
                  messages=("mtg.special.turn_face_up", "mtg.face_up.cost", "mtg.face_up", "mtg.face_up.by_effect"),
                  example={"type": "turn_face_up", "player": "p1", "card": "angel"},
                  doc="Turns a face-down permanent face up. As the special action (the default, CR 116.2b): any time "
                      "the player has priority, for a face-down permanent they control that would have morph face up, "
                      "they pay its morph cost and turn it face up (702.37e); it doesn't use the stack, so no player "
                      "can respond, and they receive priority again (117.3c). With `\"by\": \"effect\"` a spell, an "
                      "ability or the judge setting the position up turns it face up (708.7): no cost, no priority, "
                      "no `player`. Either way it regains its normal characteristics, the effects already applied to "
                      "it still apply (708.8), it gets a new timestamp (613.7f), its enters abilities don't trigger "
                      "and its `turned_face_up` abilities do.",
                  row=row(TURN_KEYS))
def turn_face_up(game: Any, state: GameState, action: Mapping[str, Any]) -> GameState:
    """Turn ``action["card"]`` face up."""
    return do_turn_face_up(game, state, action)


VOCABULARY.entry("trigger", "turned_face_up", rule=(K.MORPH_TURN_UP, K.TRIGGER), keys=GENERIC,
                 label="Is turned face up", messages=("mtg.trigger",), example={"event": "turned_face_up", "self": True},
                 doc="A face-down permanent is turned face up (CR 702.37e, 708.8): \"when this is turned face up\" "
                     "(`self`) or a permanent matching `filter`. Turning a permanent face up is not entering the "
                     "battlefield: its enters abilities don't trigger.",
                 row=row(GENERIC))(_generic)


__all__ = ["MORPH_COST", "cast_face_down", "check_face_down", "do_turn_face_up", "face_down_chars", "face_up",
           "leave_stack", "morph_cost", "parsed", "record_face_down", "turn_face_up", "verify_turn_face_up"]
