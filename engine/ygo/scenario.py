"""The ``ygo`` scenario at the boundary: parsing a validated document into frozen values, and
writing the result back in the scenario's own shape (docs/scenario-format.md §2).

Validation is :mod:`engine.ygo.frame` (the frame) and the registry (the vocabulary); this
module trusts what they accepted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .filters import card_filter
from .protection import negating_source, shielded
from .values import continuous_targets
from .requirements import parse_object as parse_requirements, with_materials
from .trigger_targets import aimed, targeting_of
from .model import (
    FIELD_ZONES, Activation, Card, CardKind, ChainLink, Effect, EffectClass, GameState, Instruction, Modifier, ObjectId,
    Attack, EventWindow, Pending, Player, Position, Replacement, Turn, Zone,
)
from .replacement import REPLACEMENT_VERBS

STAT_VERBS = frozenset({"change_atk", "change_def"})
"""The Continuous Effect verbs whose changes the document's ``atk``/``def`` already include."""


# ----------------------------------------------------------------------------- parsing

def instruction(raw: Mapping[str, Any]) -> Instruction:
    """Return the :class:`Instruction` of a validated ``{"do": …}`` dict."""
    objects: tuple[ObjectId, ...] = ()
    if "targets" in raw:
        objects = tuple(raw["targets"])
    elif "target" in raw:
        objects = (raw["target"],)
    elif "card" in raw and raw["do"] != "equip":
        objects = (raw["card"],)
    amount = raw.get("amount")
    return Instruction(
        materials=tuple(raw.get("materials", ())),
        level=raw.get("level"),
        at_least=raw.get("at_least", False),
        until=raw.get("until", "permanent"),
        do=raw["do"],
        objects=objects,
        amount=None if amount == "half" else amount,
        half=amount == "half" or bool(raw.get("half", False)),
        set_value=raw.get("set"),
        player=raw.get("player", "self"),
        link=raw.get("link"),
        what=raw.get("what", "any"),
        destroy=raw.get("destroy", False),
        position=raw.get("position", ""),
        choose=raw.get("choose"),
        options=tuple(raw.get("from", ())),
        chosen=tuple(raw["chosen"]) if "chosen" in raw else None,
        text=raw.get("text", ""),
        face_down=raw.get("face_down", False),
        place=raw.get("place", "top"),
        flip_effects=raw.get("flip_effects", True),
        damage=raw.get("damage", True),
        destruction=raw.get("destruction", True),
        select=card_filter(raw["all"]) if "all" in raw else None,
        among=card_filter(raw["among"]) if "among" in raw else None,
        lock_name=raw.get("lock_name", False),
        face_up_monsters=raw.get("face_up_monsters", ""),
        result=raw.get("result", ""),
        outcomes=tuple((face, tuple(instruction(item) for item in items))
                       for face, items in raw.get("outcomes", {}).items()),
        counter=raw.get("counter", ""),
        by=raw.get("by", ""),
        effects=raw.get("effects", "all"),
        players=raw.get("players", "both"),
        cards=raw.get("cards", "all"),
        becomes=raw.get("becomes", ""),
        card=raw.get("card", "") if raw["do"] == "equip" else "",
        equipped=raw.get("equipped", False),
        equal_to=raw.get("equal_to", ""),
        of=raw.get("of", ""),
        negate_effects=raw.get("negate_effects", False),
        cannot_attack=raw.get("cannot_attack", False),
        bind=raw.get("bind", False),
        per=card_filter(raw["per"]) if "per" in raw else None,
        max_level=raw.get("max_level"),
        from_top=raw.get("from_top"),
        replacement=_replacement(raw) if raw["do"] in REPLACEMENT_VERBS else None,
    )


def _replacement(raw: Mapping[str, Any]) -> Replacement:
    """Return the :class:`Replacement` of a validated ``replace_destination``/``destroy_instead``."""
    return Replacement(when=raw.get("when", "sent_to_graveyard"), to=raw.get("to", "banished"),
                       cards=raw.get("cards", ""), destruction=raw.get("destruction", "any"),
                       instead=tuple(instruction(item) for item in raw.get("instead", ())), use=raw.get("use"))


def _effect(raw: Mapping[str, Any]) -> Effect:
    """Return the :class:`Effect` of a validated effect; a Flip Effect's event defaults to ``flipped``."""
    return Effect(
        effect_class=EffectClass(raw["class"]),
        id=raw.get("id"),
        text=raw.get("text", ""),
        cost=tuple(instruction(item) for item in raw.get("cost", [])),
        actions=tuple(instruction(item) for item in raw.get("actions", [])),
        trigger=raw.get("trigger", "flipped" if raw["class"] == "flip" else None),
        optional=raw.get("optional", False),
        timing=raw.get("timing", "if"),
        event_of=None if raw.get("event_of", "self") == "self" else card_filter(raw["event_of"]),
        targeting=targeting_of(raw, card_filter),
        targets_up_to=bool(raw.get("targeting", {}).get("up_to", False)),
        qualifiers=tuple((key, tuple(value) if isinstance(value, list) else value)
                         for key, value in raw.get("qualifiers", {}).items()),
        once_per_turn=raw.get("once_per_turn"),
        condition=tuple(raw.get("condition", {}).items()),
    )


def _card(raw: Mapping[str, Any], seq: int) -> Card:
    """Return the :class:`Card` of a validated object; a banished card is face-up unless it says not."""
    position = raw.get("position")
    zone = Zone(raw["zone"])
    if position is None and zone is Zone.BANISHED:
        position = "face-up"
    return Card(
        id=raw["id"], name=raw["name"], owner=raw["owner"], controller=raw.get("controller", raw["owner"]),
        zone=zone, position=Position(position) if position else None, kind=CardKind(raw["kind"]),
        subtype=raw["subtype"], seq=seq, level=raw.get("level"), atk=raw.get("atk"), def_=raw.get("def"),
        attribute=raw.get("attribute"), race=raw.get("race"),
        counters=tuple(sorted(raw.get("counters", {}).items())), equipped_to=raw.get("equipped_to"),
        materials=tuple(raw.get("materials", ())), set_this_turn=raw.get("set_this_turn", False), revealed=raw.get("revealed", False),
        effects=tuple(_effect(e) for e in raw.get("effects", [])),
        original_atk=raw.get("original_atk"), original_def=raw.get("original_def"), tuner=raw.get("tuner", False),
        scale=raw.get("scale"), summoned_this_turn=raw.get("summoned_this_turn", False),
        sent_to_graveyard_this_turn=raw.get("sent_to_graveyard_this_turn", False),
        attacked=raw.get("attacked", False), position_changed=raw.get("position_changed", False),
        materials_required=tuple(card_filter(item) for item in raw.get("materials_required", ())),
        **parse_requirements(raw),
    )


def _with_modifiers(cards: tuple[Card, ...], scenario: Mapping[str, Any]) -> tuple[Card, ...]:
    """Attach lingering ``effects`` and the ATK/DEF Continuous Effects of face-up cards as modifiers.

    The document's ``atk``/``def`` is the current value, so each modifier is taken as already
    applied: the original value (unless given) is the current one minus the changes.
    """
    by_id = {card.id: card for card in cards}
    attached: dict[str, list[Modifier]] = {}
    for raw in scenario.get("effects", []):
        attached.setdefault(raw["target"], []).append(
            Modifier(raw["stat"], amount=raw.get("amount", 0), set_value=raw.get("set"), source=raw["source"],
                     until=raw.get("until", "end_phase")))
    for card in cards:
        if card.zone not in FIELD_ZONES or not card.face_up or negating_source(cards, card) is not None:
            continue
        for effect in card.effects:
            if effect.effect_class is not EffectClass.CONTINUOUS:
                continue
            for item in effect.actions:
                if item.do not in STAT_VERBS:
                    continue
                for target in continuous_targets(card, item, cards):
                    other = by_id.get(target)
                    if other is not None and other.zone is Zone.MONSTER_ZONE and other.face_up and not shielded(
                            cards, other, card):
                        attached.setdefault(target, []).append(Modifier(item.do[-3:], amount=item.amount or 0,
                                                                        set_value=item.set_value, source=card.id,
                                                                        until="continuous"))
    out = []
    for card in cards:
        mods = tuple(attached.get(card.id, ()))
        originals = {}
        for stat, current, given in (("atk", card.atk, card.original_atk), ("def", card.def_, card.original_def)):
            if given is not None or current is None:
                originals[stat] = given
                continue
            mine = [m for m in mods if m.stat == stat]
            originals[stat] = current if any(m.set_value is not None for m in mine) else current - sum(m.amount for m in mine)
        out.append(replace(card, modifiers=mods, original_atk=originals["atk"], original_def=originals["def"]))
    return tuple(out)


def parse_pending(scenario: Mapping[str, Any], state: GameState) -> tuple[Pending, ...]:
    """Return the document's ``pending`` triggers as :class:`Pending` values."""
    out = []
    for i, raw in enumerate(scenario.get("pending", [])):
        card = state.card(raw["card"])
        ref = raw.get("effect", 0)
        index = ref if isinstance(ref, int) else next(j for j, e in enumerate(card.effects) if e.id == ref)
        effect = card.effects[index]
        out.append(Pending(card=card.id, effect=index,
                           controller=raw.get("controller", card.controller if card.zone in FIELD_ZONES else card.owner),
                           mandatory=not effect.optional, timing=effect.timing, last=raw.get("last", True),
                           order=raw.get("order"), activate=raw.get("activate", True), source=("pending", i),
                           targets=tuple(raw.get("targets", ()))))
    return tuple(out)


def parse_state(scenario: Mapping[str, Any]) -> GameState:
    """Return the :class:`GameState` of a validated scenario (chain not yet built)."""
    players = sorted(scenario["players"], key=lambda p: p["id"])
    cards = _with_modifiers(tuple(_card(raw, seq) for seq, raw in enumerate(scenario["objects"])), scenario)
    cards = with_materials(cards, scenario["objects"])
    turn = scenario["turn"]
    state = GameState(
        players=tuple(Player(p["id"], p.get("name", p["id"]), p["lp"]) for p in players),  # type: ignore[arg-type]
        turn=Turn(turn["active"], turn["phase"], turn.get("step"), turn.get("number"),
                  turn.get("normal_summon_used", False), turn.get("pendulum_summon_used", False)),
        cards=cards,
        index={card.id: i for i, card in enumerate(cards)},
    )
    return _attack_in_progress(state, turn)


def _attack_in_progress(state: GameState, turn: Mapping[str, Any]) -> GameState:
    """Return the state with the attack the board gives (``turn.attacker``, ``turn.attack_target``):
    the attacker has attacked; in the Battle Step the attack has just been declared, so "when an
    attack is declared" can still be answered (MR2 ch3.10)."""
    if turn.get("attacker") is None:
        return state
    attacker = state.card(turn["attacker"])
    defenders = tuple(c.id for c in state.cards_in(Zone.MONSTER_ZONE) if c.controller != attacker.controller)
    window = EventWindow("attack_declared", attacker.controller, (attacker.id,)) if turn.get("step") == "battle" else None
    state = state.with_card(replace(attacker, attacked=True))
    return replace(state, attack=Attack(attacker.id, turn.get("attack_target"), defenders), last_event=window)


def activation(raw: Mapping[str, Any], source: tuple[str, int], state: GameState) -> Activation:
    """Return the :class:`Activation` a validated chain item or ``activate`` action asks for."""
    card = state.card(raw["card"])
    ref = raw.get("effect", 0)
    index = ref if isinstance(ref, int) else next(i for i, e in enumerate(card.effects) if e.id == ref)
    effect = card.effects[index]
    targets = tuple(raw.get("targets", ()))
    # an effect with targeting: its actions that name no card apply to the link's targets (trigger_targets.py)
    own = aimed(effect.actions, targets) if effect.targeting is not None and targets else effect.actions
    return Activation(
        card=card.id,
        effect=index,
        controller=raw.get("controller", card.controller),
        spell_speed=raw.get("spell_speed"),
        targets=targets,
        cost=tuple(instruction(i) for i in raw["cost"]) if "cost" in raw else effect.cost,
        actions=tuple(instruction(i) for i in raw["actions"]) if "actions" in raw else own,
        source=source,
        own_actions="actions" in raw,
    )


# ----------------------------------------------------------------------------- writing back

def result(scenario: Mapping[str, Any], state: GameState, *, complete: bool) -> dict[str, Any]:
    """Return the final state in the scenario's own shape, plus ``winner`` and ``complete``.

    Objects keep every field the document gave; the fields the engine tracks are overwritten.
    """
    raw_objects = {raw["id"]: raw for raw in scenario["objects"]}
    objects = []
    for card in sorted(state.cards, key=lambda c: c.seq):
        if card.zone is Zone.REMOVED:
            continue
        out = dict(raw_objects[card.id])
        out.update(zone=card.zone.value, controller=card.controller)
        _set_or_drop(out, "position", card.position.value if card.position else None)
        _set_or_drop(out, "atk", card.atk)
        _set_or_drop(out, "def", card.def_)
        _set_or_drop(out, "equipped_to", card.equipped_to)
        for stat, _before in card.base_traits:
            out[stat] = getattr(card, stat)
        if card.materials or "materials" in out:
            out["materials"] = list(card.materials)
        if card.summoned_with or "summoned_with" in out:
            out["summoned_with"] = [m.id for m in card.summoned_with]
        if card.counters or "counters" in out:
            out["counters"] = dict(card.counters)
        for key in ("set_this_turn", "summoned_this_turn", "attacked", "position_changed", "revealed",
                    "sent_to_graveyard_this_turn"):
            if getattr(card, key) or key in out:
                out[key] = getattr(card, key)
        objects.append(out)
    chain = [_link_dict(link) for link in state.chain]
    return {
        "format": scenario["format"], "game": scenario["game"], "ruleset": scenario["ruleset"],
        "options": dict(scenario.get("options", {})),
        "players": [{"id": p.id, "name": p.name, "lp": p.lp} for p in state.players],
        "turn": _turn_dict(state),
        "objects": objects, "chain": chain, "pending": [], "effects": _lingering_dicts(state), "actions": [],
        "winner": state.winner, "complete": complete,
        "value_history": {card.id: [_history_dict(h) for h in card.history] for card in state.cards if card.history},
    }


def _turn_dict(state: GameState) -> dict[str, Any]:
    out: dict[str, Any] = {"active": state.turn.active, "phase": state.turn.phase, "step": state.turn.step}
    if state.turn.number is not None:
        out["number"] = state.turn.number
    if state.turn.normal_summon_used:
        out["normal_summon_used"] = True
    if state.turn.pendulum_summon_used:
        out["pendulum_summon_used"] = True
    return out


def _lingering_dicts(state: GameState) -> list[dict[str, Any]]:
    out = []
    for card in state.cards:
        for mod in card.modifiers:
            if mod.until == "end_phase":
                item: dict[str, Any] = {"source": mod.source, "target": card.id, "stat": mod.stat, "until": mod.until}
                if mod.set_value is not None:
                    item["set"] = mod.set_value
                else:
                    item["amount"] = mod.amount
                out.append(item)
    return out


def _history_dict(change: Any) -> dict[str, Any]:
    return {"stat": change.stat, "before": change.before, "after": change.after, "source": change.source,
            "reason": change.reason, "step": change.step}


def _set_or_drop(out: dict[str, Any], key: str, value: Any) -> None:
    if value is None:
        out.pop(key, None)
    else:
        out[key] = value


def _link_dict(link: ChainLink) -> dict[str, Any]:
    return {"card": link.card, "effect": link.effect, "controller": link.controller,
            "spell_speed": link.spell_speed, "targets": list(link.targets)}
