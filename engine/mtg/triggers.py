"""Triggered abilities (CR 603): what triggers on an event (an entry of the ``trigger`` slot per
event, 603.2), leaves-the-battlefield abilities looking back (603.10a), putting triggers on the
stack in APNAP order with each player's order (603.3b) and their targets and modes (603.3c-d),
delayed triggers (603.7); the ``triggered`` ability."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from math import factorial
from types import MappingProxyType
from typing import Any, Optional

from ..core.deadline import check as check_deadline
from .choices import MAX_BRANCHES, OpenChoice
from .filters import STATIC_CONDITIONS, TRIGGER_CONDITIONS, Context, matches
from .keywords import keyword_trigger, keyword_trigger_holds
from .model import Chars, GameState, PendingTrigger, PlayerId, StackItem, Zone, freeze, thaw
from .players import apnap, in_game, is_player, opponents
from .modes import MODAL_KEYS, apply_modes
from .rules import K
from .vocabulary import INSTRUCTIONS, TARGETS, VOCABULARY, Choice, Const, Only, row


class Triggers:
    """Triggered abilities (CR 603) for :class:`~engine.mtg.game.Game`."""

    def emit(self, state: GameState, event: Mapping[str, Any]) -> GameState:
        """Find the triggered abilities that trigger on ``event`` (CR 603.2); leaves-the-battlefield
        abilities look back in time (603.10a)."""
        check_deadline("finding what triggers")
        pending = list(state.pending)
        kind = event["event"]
        sources: list[tuple[str, Chars, bool]] = [(o, self.chars(state, o), False) for o in self.permanents(state)]
        if kind in ("leaves", "dies", "sacrifice") and event.get("lki") is not None:
            sources.append((event["object"], event["lki"], True))
            # Objects leaving simultaneously with this one see each other leave (CR 603.10a).
            sources += [(o, c, True) for o, c in state.leaving.items()
                        if o != event["object"] and state.objects[o].zone is not Zone.BATTLEFIELD]
        if kind == "cycle":
            sources.append((event["object"], state.objects[event["object"]].printed, True))
        first_new = len(pending)
        listens = False
        for oid, chars, looked_back in sources:
            for index, ability in enumerate(chars.abilities):
                spec = self.trigger_spec(ability)
                if spec is None:
                    continue
                trigger = spec["trigger"]
                if trigger.get("event") == "ability_triggers":
                    listens = True
                if looked_back and kind not in ("leaves", "dies", "sacrifice", "cycle"):
                    continue
                if kind == "cycle" and trigger.get("event") != "cycle":
                    continue
                if not self.trigger_matches(state, trigger, event, oid, chars):
                    continue
                holds, if_false = keyword_trigger_holds(spec, event, chars.controller)
                if if_false is not None:
                    # CR 603.4: persist/undying's "if it had no … counters on it" (last known information).
                    self.record("trigger", "mtg.trigger.if_false", if_false, card=oid, card_name=chars.name)
                if not holds:
                    continue
                if "if" in spec and not self.condition(state, spec["if"], oid, chars.controller, event):
                    self.record("trigger", "mtg.trigger.if_false", K.INTERVENING_IF, card=oid, card_name=chars.name)
                    continue
                controller = chars.controller if oid in state.objects else event.get("player", chars.controller)
                if kind == "cycle":
                    controller = event["player"]
                pending.append(PendingTrigger(oid, index, controller, chars.name, spec, freeze(_plain_event(event)),
                                              source_lki=chars, order=len(pending)))
                self.record("trigger", "mtg.trigger", K.LEAVES_LOOK_BACK if looked_back else K.TRIGGER, card=oid,
                            card_name=chars.name, event=kind, ability=index)
        new = [t for t in pending[first_new:] if not _on_trigger(t)]
        if kind == "cast":
            state = replace(state, pending=tuple(pending))
            state = self.cascade_triggers(state, event)
        else:
            state = replace(state, pending=tuple(pending))
        if listens and kind != "ability_triggers":
            # An ability triggering is itself a trigger event for "whenever an ability triggers" (603.2, 603.3b).
            for t in new:
                state = self.emit(state, {"event": "ability_triggers", "object": t.source, "player": t.controller,
                                          "ability": t.ability})
        return state

    @staticmethod
    def trigger_spec(ability: Any) -> Optional[Mapping[str, Any]]:
        """The triggered ability an ability is: its own spec, or a keyword's (exalted 702.83a,
        persist 702.79a, undying 702.93a, annihilator 702.86a, ward 702.21a)."""
        if ability.kind == "triggered":
            return ability.spec
        return keyword_trigger(ability)

    def trigger_matches(self, state: GameState, trigger: Mapping[str, Any], event: Mapping[str, Any], oid: str,
                        chars: Chars) -> bool:
        """Whether the trigger ``trigger`` of ``oid`` (characteristics ``chars``) triggers on ``event``:
        the TRIGGER entry of the event says what it must match (CR 603.2)."""
        if trigger.get("event") != event["event"]:
            return False
        ctx = Context(oid, chars.controller, state.objects[oid].attached_to if oid in state.objects else None)
        return VOCABULARY.apply_of("trigger", event["event"])(self, state, trigger, event, oid, chars, ctx)

    def put_triggers(self, state: GameState) -> GameState:
        """Put waiting triggers on the stack: the active player's first, then each other player's in
        turn order (APNAP, CR 603.3b, 101.4), so the last player's resolve first; each player orders their own (``trigger_order``). Under 2022's 603.3b a trigger
        whose trigger condition is another ability triggering (event ``ability_triggers``) waits for
        a second round after every player's other triggers (ruleset flag ``trigger_on_trigger_last``);
        2020's 603.3b has one round. A modal trigger's modes are chosen now (603.3c, 700.2b)."""
        pending = list(state.pending)
        state = replace(state, pending=())
        on_trigger = [t for t in pending if _on_trigger(t)]
        if on_trigger and self.ruleset.trigger_on_trigger_last:
            first = [t for t in pending if not _on_trigger(t)]
            state = self.put_round(state, first, len(pending))
            self.record("trigger", "mtg.trigger.second_round", K.TRIGGER_ON_TRIGGER, count=len(on_trigger))
            return self.put_round(state, on_trigger, len(pending))
        return self.put_round(state, pending, len(pending))

    def put_round(self, state: GameState, pending: list[PendingTrigger], waiting: int) -> GameState:
        """One APNAP round of putting triggers on the stack (CR 603.3b): the players still in the
        game in turn order from the active player (101.4); a trigger controlled by a player who has
        left the game is not put on the stack (800.4d)."""
        for t in pending:
            if state.player(t.controller).lost:
                self.record("trigger", "mtg.leave.trigger_not_put", K.LEFT_TRIGGER, card=t.source, card_name=t.name,
                            controller=t.controller)
        for player in apnap(state):
            mine = [t for t in pending if t.controller == player]
            if not mine:
                continue
            if len(mine) > 1:
                state, mine = self.order_triggers(state, player, mine)
            for t in mine:
                check_deadline(f"putting {waiting} triggered abilities on the stack")
                if t.spec.get("modes"):
                    modes = self.choose_modes(state, t.controller, t.source, t.name, t.spec, t.spec.get("chosen_modes"),
                                              f"modes:{t.source}:{t.ability}", K.MODES_TRIGGERED)
                    if not modes:
                        self.record("trigger", "mtg.trigger.no_mode", K.MODES_TRIGGERED, card=t.source, card_name=t.name)
                        continue
                    self.record("trigger", "mtg.trigger.modes", K.TRIGGER_MODE, card=t.source, card_name=t.name,
                                modes=modes)
                    t = replace(t, spec=apply_modes(t.spec, modes))
                targets = tuple(self.trigger_targets(state, t))
                item_id = f"s{state.next_stack_id}"
                item = StackItem(item_id, "triggered", t.controller, t.source, t.name, tuple(t.spec.get("effects", ())),
                                 targets, tuple(t.spec.get("targets", ())), condition=t.spec.get("if"),
                                 choices=freeze({"ability": t.ability, "optional": bool(t.spec.get("optional"))}),
                                 event=t.event, source_lki=t.source_lki,
                                 cascade_of=t.source if t.spec.get("cascade") else None)
                if t.spec.get("targets") and len(targets) < len([s for s in t.spec["targets"] if not s.get("optional")]):
                    self.record("trigger", "mtg.trigger.no_target", K.TRIGGER_TO_STACK, card=t.source, card_name=t.name)
                    continue
                state = replace(state, stack=state.stack + (item,), next_stack_id=state.next_stack_id + 1)
                self.record("trigger", "mtg.trigger.to_stack", K.TRIGGER_APNAP if waiting > 1 else K.TRIGGER_TO_STACK,
                            card=t.source, card_name=t.name, item=item_id, controller=t.controller,
                            targets=list(targets))
                self.recorder.sync(state)
                state = self.targets_event(state, item)
        return state

    def order_triggers(self, state: GameState, player: PlayerId,
                       mine: list[PendingTrigger]) -> tuple[GameState, list[PendingTrigger]]:
        """The order in which ``player`` puts two or more triggered abilities on the stack (CR
        603.3b: "in any order they choose"), first = bottom: the action's ``trigger_order`` (source
        ids or labels) when it ranks every two triggers that are not alike, else
        ``options.choices["order:<player>:<n>"]`` (the n-th time that player puts two or more
        triggers on the stack at once), else an open choice among the distinct orders. Triggers
        that are alike (same source and ability text, no targets, modes or "you may", and the same
        event when the text refers to it) make the same result in any order among themselves: when
        all are alike there is nothing to choose (``mtg.choice.trigger_order_same``)."""
        n = state.order_occasions.get(player, 0) + 1
        state = replace(state, order_occasions=MappingProxyType({**state.order_occasions, player: n}))
        key = f"order:{player}:{n}"
        labels = _trigger_labels(mine)
        kinds = _trigger_kinds(mine)
        wanted = state.trigger_order.get(player)
        if wanted:
            rank = {name: i for i, name in enumerate(wanted)}
            ranks = [rank.get(label, rank.get(t.source, len(rank))) for t, label in zip(mine, labels)]
            if all(ranks[i] != ranks[j] or kinds[i] == kinds[j]
                   for i in range(len(mine)) for j in range(i + 1, len(mine))):
                ordered = sorted(range(len(mine)), key=lambda i: (ranks[i], mine[i].order))
                self.record("choice", "mtg.choice.trigger_order", K.TRIGGER_APNAP, player=player,
                            order=[labels[i] for i in ordered], choice=key)
                return state, [mine[i] for i in ordered]
        given = self._choices.get(key)
        if isinstance(given, list) and sorted(map(str, given)) == sorted(labels):
            index = {label: i for i, label in enumerate(labels)}
            self.record("choice", "mtg.choice.made", K.TRIGGER_APNAP, choice=key, chosen=list(given), player=player)
            return state, [mine[index[str(label)]] for label in given]
        orders = _distinct_orders(kinds, labels, 10 * MAX_BRANCHES + 1)
        if given is not None:
            self.refuse_choice(key, given, orders, K.TRIGGER_APNAP)
        if len(orders) == 1:
            self.record("choice", "mtg.choice.trigger_order_same", K.TRIGGER_APNAP, player=player, order=labels,
                        choice=key)
            return state, list(mine)
        total = _count_orders(kinds)
        self.recorder.sync(state)  # the board at the choice: what the result shows
        raise OpenChoice(state, key, orders, "mtg.choice.trigger_order_open", K.TRIGGER_APNAP,
                         {"player": player, "triggers": labels, "count": total,
                          "cards": [t.name for t in mine]})

    def trigger_targets(self, state: GameState, t: PendingTrigger) -> list[str]:
        """Targets of a triggered ability as it goes on the stack (CR 603.3d, 601.2c): given in
        ``pending[].targets`` or ``options.choices["targets:<source>:<ability>"]``; the only legal
        choice; otherwise an open choice among every legal combination (distinct objects, 115.3).
        Returns fewer targets than required when there are no legal ones (603.3d: removed)."""
        specs = t.spec.get("targets", ())
        if not specs:
            return []
        chosen = list(t.spec.get("chosen_targets", ()))
        if chosen:
            return chosen
        combos = self.target_sets(state, specs, t.controller, t.source)
        if not combos:
            return []
        return list(self.choose(state, f"targets:{t.source}:{t.ability}", combos, "mtg.choice.target", K.TRIGGER_TARGETS,
                                player=t.controller, card=t.source, card_name=t.name))

    def target_sets(self, state: GameState, specs: Any, controller: PlayerId, source: str) -> list[list[str]]:
        """Every legal choice of targets for ``specs`` (one per target, CR 601.2c, 603.3d): distinct
        objects (115.3), an optional target possibly left out; at most about ``10 * MAX_BRANCHES``.
        ``[]`` when no choice gives every required target."""
        per_spec = []
        for spec in specs:
            zone = spec.get("zone", "battlefield")
            candidates = self.permanents(state) if zone == "battlefield" else [
                o for o in state.order if state.objects[o].zone.value == zone]
            legal = [o for o in candidates if self.target_legal(state, spec, o, controller, source)]
            legal += [p for p in in_game(state) if spec.get("player") and self.target_legal(state, spec, p, controller, source)]
            if "ability" in spec:  # an activated or triggered ability on the stack, by its stack id (CR 113.1c)
                legal += [s.id for s in state.stack if self.target_legal(state, spec, s.id, controller, source)]
            per_spec.append(legal + ([None] if spec.get("optional") else []))
        combos: list[list[str]] = [[]]
        for legal in per_spec:
            combos = [c + ([o] if o is not None else []) for c in combos for o in legal if o is None or o not in c]
            if len(combos) > 10 * MAX_BRANCHES:
                break
        required = len([s for s in specs if not s.get("optional")])
        return [c for c in combos if len(c) >= required]

    def state_triggers(self, state: GameState) -> GameState:
        """State triggers (CR 603.8): each triggered ability whose trigger is a game state (``event:
        state``) triggers as soon as its ``when`` holds, and doesn't trigger again while an instance
        of it waits to be put on the stack or is on the stack (it triggers again once that has left
        the stack and the state still holds)."""
        pending = list(state.pending)
        waiting = {(t.source, t.ability) for t in pending}
        waiting |= {(s.source, s.choices.get("ability")) for s in state.stack if s.kind == "triggered"}
        for oid in self.permanents(state):
            chars = self.chars(state, oid)
            for index, ability in enumerate(chars.abilities):
                spec = self.trigger_spec(ability)
                if spec is None or spec["trigger"].get("event") != "state" or (oid, index) in waiting:
                    continue
                if not self.condition(state, spec["trigger"]["when"], oid, chars.controller, {}):
                    continue
                pending.append(PendingTrigger(oid, index, chars.controller, chars.name, spec,
                                              freeze({"event": "state", "object": oid}), source_lki=chars,
                                              order=len(pending)))
                self.record("trigger", "mtg.trigger.state", K.STATE_TRIGGER, card=oid, card_name=chars.name,
                            ability=index)
        return replace(state, pending=tuple(pending)) if len(pending) != len(state.pending) else state

    def fire_delayed(self, state: GameState, event: str) -> GameState:
        """The delayed triggered abilities waiting for ``event`` (``end_step``, ``next_upkeep``)
        trigger, once each (CR 603.7b), and are gone."""
        fired = [d for d in state.delayed if d.event == event]
        if not fired:
            return state
        pending = list(state.pending)
        for d in fired:
            pending.append(PendingTrigger(d.source, -1, d.controller, d.name, freeze({"effects": list(d.effects)}),
                                          freeze({"event": event, "object": d.refers_to}), order=len(pending)))
            self.record("trigger", "mtg.trigger.delayed", K.DELAYED_ONCE, card=d.source, card_name=d.name,
                        **({"new_object": d.lost} if d.lost else {}))  # CR 603.7c: it finds nothing
        return replace(state, pending=tuple(pending), delayed=tuple(d for d in state.delayed if d.event != event))


def _on_trigger(t: PendingTrigger) -> bool:
    """Whether a trigger's trigger condition is another ability triggering (CR 603.3b, 2022)."""
    trigger = t.spec.get("trigger")
    return isinstance(trigger, Mapping) and trigger.get("event") == "ability_triggers"


def _trigger_labels(triggers: list[PendingTrigger]) -> list[str]:
    """What an order names each trigger: its source id; ``<source>:<ability>`` when the source has
    two or more of them; ``<source>:<ability>:<k>`` when that ability triggered k times."""
    labels = []
    for t in triggers:
        same_source = [u for u in triggers if u.source == t.source]
        if len(same_source) == 1:
            labels.append(t.source)
            continue
        same_ability = [u for u in same_source if u.ability == t.ability]
        if len(same_ability) == 1:
            labels.append(f"{t.source}:{t.ability}")
        else:
            labels.append(f"{t.source}:{t.ability}:{same_ability.index(t) + 1}")
    return labels


def _trigger_kinds(triggers: list[PendingTrigger]) -> list[int]:
    """A class per trigger: two triggers share one when any order of them gives the same result
    (CR 603.3b): the same source and controller and the same ability text, no targets, modes or
    "you may" choice, and the same event unless the text never refers to the event."""
    kinds: list[int] = []
    signatures: list[Any] = []
    for i, t in enumerate(triggers):
        spec = thaw(t.spec)
        if spec.get("targets") or spec.get("modes") or spec.get("optional"):
            signatures.append(("alone", i))
        else:
            text = json.dumps({k: v for k, v in spec.items() if k != "trigger"}, sort_keys=True, default=str)
            event = json.dumps(thaw(t.event), sort_keys=True, default=str) if "event" in text else None
            signatures.append((t.source, t.controller, text, event))
        kinds.append(signatures.index(signatures[-1]))
    return kinds


def _count_orders(kinds: list[int]) -> int:
    """How many distinct orders there are: n! over the factorial of each class's size."""
    total = factorial(len(kinds))
    for k in set(kinds):
        total //= factorial(kinds.count(k))
    return total


def _distinct_orders(kinds: list[int], labels: list[str], limit: int) -> list[list[str]]:
    """The distinct orders (first = bottom) as labels, at most ``limit``, in the order of the
    triggered order's permutations: alike triggers keep their triggered order among themselves."""
    members: dict[int, list[str]] = {}
    for k, label in zip(kinds, labels):
        members.setdefault(k, []).append(label)
    first = list(dict.fromkeys(kinds))
    orders: list[list[str]] = []

    def extend(prefix: list[int], left: dict[int, int]) -> None:
        if len(orders) >= limit:
            return
        if not any(left.values()):
            used = {k: 0 for k in members}
            order = []
            for k in prefix:
                order.append(members[k][used[k]])
                used[k] += 1
            orders.append(order)
            return
        for k in first:
            if left[k]:
                left[k] -= 1
                extend(prefix + [k], left)
                left[k] += 1

    extend([], {k: len(v) for k, v in members.items()})
    return orders


def _plain_event(event: Mapping[str, Any]) -> dict[str, Any]:
    """The event as a trigger keeps it (its last known information last)."""
    return {k: v for k, v in event.items() if k != "lki"} | ({"lki": event["lki"]} if event.get("lki") is not None else {})


# ----------------------------------------------------------------------------- trigger events (603.2)

TRIGGER_FILTER = VOCABULARY.use("filter", label="Of an object that", help="the event's object must match")
SELF = Const(value=True, label="Of this object", help="the event's object is the object with the ability")
GENERIC = {"self": SELF, "filter": TRIGGER_FILTER}
WHOSE = Choice(values=("you", "opponent", "each"), what="player", label="Whose",
               help="you (the default): its controller's; opponent; each: any player's")


def _generic(game: Any, state: GameState, trigger: Mapping[str, Any], event: Mapping[str, Any], oid: str, chars: Chars,
             ctx: Context) -> bool:
    """The event's object is this one (``self``), or matches ``filter`` as it is now, or as it
    last existed if it left (603.10a); ``other`` excludes this object."""
    target = event.get("object")
    if trigger.get("self"):
        return target == oid
    flt = trigger.get("filter")
    if flt is None:
        return True
    if target in state.objects and state.objects[target].zone.value == "battlefield":
        tchars = game.chars(state, target)
    else:
        tchars = event.get("lki") or (game.chars(state, target) if target in state.objects else None)
    if tchars is None:
        return False
    if flt.get("other") and target == oid:
        return False
    return matches(flt, target, tchars, state.objects.get(target) or state.objects[oid], ctx)


def _event(name: str, rule: Any, keys: dict, label: str, doc: str, example: dict, required: tuple[str, ...] = (),
           messages: tuple[str, ...] = ("mtg.trigger",)):
    return VOCABULARY.entry("trigger", name, rule=rule, keys=keys, label=label, doc=doc, example={"event": name, **example},
                            messages=messages, row=row(keys), required=required)


for _name, _rule, _label, _doc, _example in (
        ("enters", K.ENTERS_TRIGGER, "Enters the battlefield", "An object enters the battlefield (CR 603.6a).", {"self": True}),
        ("sacrifice", K.SACRIFICE, "Is sacrificed", "A permanent is sacrificed (CR 701.17a); looks back in time (603.10a).",
         {"filter": {"types": ["creature"]}}),
        ("blocks", K.DECLARE_BLOCKERS, "Blocks", "A creature blocks (CR 509.1); `\"object\": \"attacker\"` in its "
         "instructions is the attacker it blocks.", {"self": True}),
        ("becomes_target", K.TARGETS, "Becomes the target", "A permanent becomes the target of a spell or ability (CR "
         "115.1, 603.2).", {"self": True}),
        ("cycle", K.CYCLING, "Is cycled", "A card is cycled (CR 702.29d); it triggers from the hand it leaves.", {"self": True}),
        ("ability_triggers", K.TRIGGER_ON_TRIGGER, "Another ability triggers",
         "Another ability triggers; the `filter` is matched against that ability's source. Under 2022 such triggers go "
         "on the stack in a second round (603.3b); they do not themselves cause another such event.",
         {"filter": {"controller": "you"}}),
):
    _event(_name, _rule, GENERIC, _label, _doc, _example)(_generic)


@_event("attacks", K.DECLARE_ATTACKERS, {**GENERIC, "alone": Const(value=True, label="Alone", help="the only attacker")},
        "Attacks", "A creature attacks (CR 508.1); with `alone`, only when it is the only creature declared as an "
        "attacker (exalted, 702.83a).", {"self": True})
def _attacks(game: Any, state: GameState, trigger: Mapping[str, Any], event: Mapping[str, Any], oid: str, chars: Chars,
             ctx: Context) -> bool:
    if trigger.get("alone") and not event.get("alone"):
        return False
    return _generic(game, state, trigger, event, oid, chars, ctx)


LEAVES = {**GENERIC, "to": Choice(values=("graveyard", "exile", "hand", "library"), what="zone", label="Into"),
          "owner": Const(value="you", label="Your card", help="put into your graveyard: the card's owner is this "
                         "ability's controller")}


def _leaves(game: Any, state: GameState, trigger: Mapping[str, Any], event: Mapping[str, Any], oid: str, chars: Chars,
            ctx: Context) -> bool:
    if trigger.get("to") and event.get("to") != trigger["to"]:
        return False
    if trigger.get("owner") == "you":
        # "Put into your graveyard": the card's owner is the controller it had (Enigma Sphinx).
        moved = state.objects.get(event.get("object"))
        if moved is None or moved.owner != chars.controller:
            return False
    if trigger.get("damaged_by") == "equipped":
        # Unscythe: a creature dealt damage this turn by the creature it equips now.
        host = ctx.attached_to
        if host is None or host not in state.turn_log.damaged_by.get(event.get("object"), frozenset()):
            return False
    return _generic(game, state, trigger, event, oid, chars, ctx)


_event("leaves", K.LEAVES_TRIGGER, LEAVES, "Leaves the battlefield",
       "A permanent leaves the battlefield (into `to`); leaves-the-battlefield abilities look back in time (CR 603.6c, "
       "603.10a), and those of permanents leaving at the same time see each other leave.",
       {"self": True, "to": "graveyard", "owner": "you"})(_leaves)
_event("dies", K.LEAVES_LOOK_BACK,
       {**LEAVES, "damaged_by": Const(value="equipped", label="Dealt damage by the equipped creature",
                                      help="this turn, by the creature the source equips now")},
       "Dies", "A creature is put into a graveyard from the battlefield (CR 700.4); looks back in time (603.10a).",
       {"filter": {"types": ["creature"], "controller": "opponent"}})(_leaves)


FIRST_EACH_TURN = Const(value=True, label="Their first spell each turn",
                       help="only the first spell that player casts each turn (`players[].spells_cast` counts the "
                            "spells cast before, CR 601.2i)")


@_event("cast", K.CAST_BECOMES_CAST, {"player": WHOSE, "filter": VOCABULARY.use("filter", label="A spell that"),
                                      "first_each_turn": FIRST_EACH_TURN},
        "A spell is cast", "A player casts a spell (CR 601.2i): its controller's (default), an opponent's, or each "
        "player's; the `filter` is matched against the spell. With `first_each_turn` (\"whenever you cast your "
        "first spell each turn\") only the first spell that player casts this turn triggers it: a trigger condition, "
        "not an intervening \"if\" (603.2, 603.4), so a second spell cast in response changes nothing.",
        {"filter": {"multicolored": True}})
def _cast(game: Any, state: GameState, trigger: Mapping[str, Any], event: Mapping[str, Any], oid: str, chars: Chars,
          ctx: Context) -> bool:
    whose = trigger.get("player", "you")
    if whose != "each" and (whose == "you") != (event["player"] == chars.controller):
        return False
    if trigger.get("first_each_turn") and state.player(event["player"]).spells_cast != 1:
        return False  # CR 601.2i: the spell just cast is counted; only the turn's first one triggers it
    flt = trigger.get("filter")
    spell = event["object"]
    return flt is None or matches(flt, spell, game.chars(state, spell), state.objects[spell], ctx)


def _turn_event(game: Any, state: GameState, trigger: Mapping[str, Any], event: Mapping[str, Any], oid: str, chars: Chars,
                ctx: Context) -> bool:
    whose = trigger.get("player", "you")
    return whose == "each" or (whose == "you") == (event["player"] == chars.controller)


for _name, _rule, _label, _doc in (
        ("upkeep", K.UPKEEP_TRIGGERS, "At the beginning of the upkeep",
         "The beginning of a player's upkeep (CR 503.1a): its controller's (default), an opponent's, or each."),
        ("end_step", K.END_STEP, "At the beginning of the end step",
         "The beginning of a player's end step (CR 513.1)."),
        ("draw", K.DRAW, "A card is drawn", "A player draws a card (CR 121.1)."),
        ("scry", K.SCRY, "A player scries", "A player scries (\"whenever you scry\", CR 701.18a in 2022, 701.17a in "
         "2020); scry 0 is no scry event (701.18b)."),
        ("surveil", K.SURVEIL, "A player surveils", "A player surveils (CR 701.42a in 2022, 701.41a in 2020)."),
):
    _event(_name, _rule, {"player": WHOSE}, _label, _doc, {"player": "each"})(_turn_event)


@_event("damage", K.DAMAGE, {
    "source": Choice(values=("self", "equipped", "attached", "opponent_controls"), what="damage source", label="Dealt by",
                     help="self: this object; equipped/attached: what it is attached to; opponent_controls: a source an "
                          "opponent controls"),
    "to": Choice(values=("any", "opponent", "you", "player"), what="damage recipient", label="To",
                 help="any (default), an opponent, you, or any player"),
    "combat": Const(value=True, label="Combat damage only"),
}, "Damage is dealt", "Damage is dealt (CR 120.3; `source` default self).",
   {"source": "self", "to": "player", "combat": True})
def _damage(game: Any, state: GameState, trigger: Mapping[str, Any], event: Mapping[str, Any], oid: str, chars: Chars,
            ctx: Context) -> bool:
    src = trigger.get("source", "self")
    if src == "self" and event["source"] != oid:
        return False
    if src in ("equipped", "attached") and event["source"] != ctx.attached_to:
        return False
    if src == "opponent_controls" and event.get("source_controller") not in opponents(state, chars.controller):
        return False
    to = trigger.get("to", "any")
    if to == "opponent" and event["target"] not in opponents(state, chars.controller):
        return False
    if to == "you" and event["target"] != chars.controller:
        return False
    if to == "player" and not is_player(event["target"]):
        return False
    return not (trigger.get("combat") and not event.get("combat"))


@_event("state", K.STATE_TRIGGER, {
    "when": Only(slot="condition", vocabulary=VOCABULARY, names=STATIC_CONDITIONS,
                 where="in a state trigger (CR 603.8)", label="When this is true"),
}, "A game state is true", "A state trigger (CR 603.8): it triggers as soon as the CONDITION `when` holds (checked "
   "whenever a player would receive priority, with the state-based actions), and not again until that instance has "
   "left the stack; then, if the condition still holds, it triggers again.",
   {"when": {"controls": {"subtypes": ["Island"]}, "at_most": 0}}, required=("when",), messages=("mtg.trigger.state",))
def _state(game: Any, state: GameState, trigger: Mapping[str, Any], event: Mapping[str, Any], oid: str, chars: Chars,
           ctx: Context) -> bool:
    return event.get("object") == oid


def _check_triggered(value: Any, path: Any, v: Any) -> None:
    if "choose" in value and "modes" not in value:
        v.error((*path, "choose"), "choose goes with modes (CR 700.2)")


TRIGGERED_KEYS = {
    "trigger": VOCABULARY.use("trigger", label="Trigger"),
    "if": Only(slot="condition", vocabulary=VOCABULARY, names=TRIGGER_CONDITIONS,
               where="in a triggered ability's intervening if (CR 603.4)", label="Intervening if"),
    "targets": TARGETS, "effects": INSTRUCTIONS,
    "optional": Const(value=True, label="You may", help="its controller chooses as it resolves (CR 603.5)"),
    **MODAL_KEYS,
}
VOCABULARY.define("ability", "triggered", rule=(K.TRIGGERED_ABILITY, K.TRIGGER), keys=TRIGGERED_KEYS, required=("trigger",),
                  check=_check_triggered, label="Triggered ability",
                  messages=("mtg.trigger", "mtg.trigger.to_stack", "mtg.trigger.if_false"),
                  example={"kind": "triggered", "trigger": {"event": "enters", "self": True},
                           "effects": [{"do": "draw", "amount": 1}]},
                  doc="\"When/Whenever/At [event], [effect]\" (CR 113.3c, 603.1): it triggers on its TRIGGER event "
                      "(603.2), an intervening `if` checked then and on resolution (603.4); the next time a player "
                      "would receive priority it is put on the stack, in APNAP order (603.3b), its targets and modes "
                      "chosen then (603.3c-d); `optional`: \"you may\" (603.5).",
                  row=row(TRIGGERED_KEYS, main=("trigger", "targets", "effects")))
