"""The Force of Will game engine under whitepaper 2.3: priority processing, the chase, rule
processing, turn structure, combat and card effects, each step citing its section.

The engine reads the players' actions in order. Whenever a player would receive priority it
runs priority processing (FoW 6.1): rule processing until nothing changes (FoW 13), then
triggered abilities one at a time (FoW 6.2), then the player acts (FoW 6.3) and priority
moves on (FoW 6.4). It stops at the first point that needs an action the scenario does not
give. Each player action is a ``verify_*`` (raises :class:`IllegalAction` with the rule),
``can_*`` and ``do_*`` trio.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from ..core import Citation, IllegalAction, TraceRecorder
from . import continuous as cont
from .model import (BATTLE_AREA, BATTLE_DURATIONS, ORDERED, PUBLIC, Battle, Card, CardId, ChaseItem, Cost, Effect,
                    GameState, Pending, PlayerId, WILL_KINDS, frozen)
from .rules import silent, wp

MAX_BRANCHES = 24
"""At most this many branches per open choice (DESIGN.md)."""
RULE_PROCESSING_LIMIT = 200
"""Rule-processing passes before one priority; beyond it the engine reports a loop (FoW 14.1)."""


class Stop(Exception):
    """The scenario gives no more actions: the resolution ends where it stands."""


class OpenChoice(Exception):
    """A choice the scenario leaves open; the ruleset resolves one branch per option."""

    def __init__(self, kind: str, player: PlayerId, options: list[Any], citation: Citation,
                 cursor: int, scenario_patch: str = "action") -> None:
        super().__init__(kind)
        self.kind, self.player, self.options, self.citation = kind, player, options, citation
        self.cursor, self.patch = cursor, scenario_patch


def _will_text(will: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in will.items() if n) or "none"


def _battle_cost_text(cost: Mapping[str, Any]) -> str:
    """Return a cost to attack or block (:meth:`Game.battle_cost`) as text: ``1 void, 200 life, discard 1``."""
    parts = [_will_text({k: v for k, v in cost.items() if k in WILL_KINDS})] if any(k in WILL_KINDS for k in cost) else []
    if cost.get("life"):
        parts.append(f"{cost['life']} life")
    if cost.get("discard"):
        parts.append(f"discard {cost['discard']}")
    for req in cost.get("rest", ()):
        parts.append(f"rest {req.get('count', 1)} of {dict(req.get('filter', {}))}")
    return ", ".join(parts) or "none"


class Game:
    """One resolution: the options, the action stream, the trace recorder and a chars cache."""

    def __init__(self, options: Mapping[str, Any], actions: Sequence[Mapping[str, Any]],
                 recorder: TraceRecorder, effect_order: tuple[str, ...] = (), variant: str = "bifrost") -> None:
        self.options = options
        self.actions = actions
        self.cursor = 0
        self.recorder = recorder
        self.effect_order = effect_order
        self.variant = variant
        self.complete = True
        self.last: GameState | None = None
        """The state at the last priority point, where a resolution that stops is reported."""
        self._cache: tuple[Any, Any, dict[CardId, cont.Chars]] | None = None
        self._index_cache: tuple[Any, Any, dict[str, Any]] | None = None
        self.last_dealt = 0
        """Damage actually dealt by the last :meth:`deal_damage` (FoW 8.5 asks whether damage was dealt)."""
        self.revealing: list[CardId] = []
        """Cards revealed by the effect now resolving; the reveal ends with the effect (FoW 10.4)."""
        self.loop_lock: tuple[PlayerId, str, int] | None = None
        """(player, loop, index after its iterations): the player must act otherwise before the same loop (FoW 14.1)."""

    # ------------------------------------------------------------------ trace helpers
    def rec(self, step_kind: str, message_id: str, citation: Citation, **params: Any) -> None:
        """Record one trace step."""
        self.recorder.record(step_kind, message_id, citation, params)

    def chars(self, state: GameState) -> dict[CardId, cont.Chars]:
        """Return the current information of the battle-area cards (cached per cards/effects)."""
        if self._cache is None or self._cache[0] is not state.cards or self._cache[1] is not state.effects:
            try:
                computed = cont.compute(state, self.effect_order)
            except cont.OrderChoice as tie:
                options = _orders(tie.keys)
                raise OpenChoice("effect_order", state.active, options, wp("9.9"), self.cursor, "effect_order") from None
            self._cache = (state.cards, state.effects, computed)
        return self._cache[2]

    def index(self, state: GameState) -> dict[str, Any]:
        """Return lookups that depend only on the cards and effects (cached on their identity).

        ``cards``: each player's cards sorted by id; ``state_triggers``: (card, ability) of valid
        state-triggered abilities; ``fighters``/``additions``: resonators and J-rulers, and
        non-Field additions, on the field; ``activatable``: per player, the activated abilities
        :meth:`can_activate` allows whenever that player has priority (it reads nothing else).
        Priority after priority the board rarely changes, so this keeps each priority linear in
        what changed rather than re-deriving every card's abilities (benchmarks/fow_synthetic.py).
        """
        if self._index_cache is not None and self._index_cache[0] is state.cards and self._index_cache[1] is state.effects:
            return self._index_cache[2]
        ordered = sorted(state.cards.values(), key=lambda c: c.id)
        index: dict[str, Any] = {"cards": {p.id: [c for c in ordered if c.controller == p.id] for p in state.players},
                                 "state_triggers": [], "activatable": {}}
        index["cost_changes"] = [(card, a) for card in ordered if cont.valid(card) for a in cont.abilities_of(card)
                                 if a.kind == "static" and a.cost_change is not None]
        index["battle_costs"] = [(card, a) for card in ordered if cont.valid(card) for a in self.abilities(state, card.id)
                                 if a.kind == "static" and a.battle_cost is not None]
        index["fighters"] = [c.id for c in ordered if c.zone == "field" and (c.type == "resonator" or c.side == "j_ruler")]
        index["additions"] = [c.id for c in ordered if c.zone == "field" and c.type == "addition" and c.subtype != "field"]
        for card in ordered:
            if cont.valid(card):
                index["state_triggers"] += [(card, a) for a in self.abilities(state, card.id) if a.kind == "triggered"
                                            and a.trigger is not None and a.trigger.get("event") == "state"]
        for p in state.players:
            probe = replace(state, priority=p.id)
            index["activatable"][p.id] = [
                f"{card.id}#{a.index}" for card in index["cards"][p.id] if card.zone in BATTLE_AREA and cont.valid(card)
                for a in self.abilities(state, card.id)
                if a.kind == "activated" and self.can_activate(probe, {"player": p.id, "card": card.id, "ability": a.index})]
        self._index_cache = (state.cards, state.effects, index)
        return index

    def info(self, state: GameState, cid: CardId) -> cont.Chars:
        """Return a card's current information (printed information outside the battle area)."""
        computed = self.chars(state)
        return computed[cid] if cid in computed else cont.base(state.cards[cid])

    def name(self, state: GameState, cid: CardId) -> str:
        """Return the card's current name."""
        return self.info(state, cid).name if cid in state.cards else cid

    def abilities(self, state: GameState, cid: CardId):
        """Return the abilities a card has now (none once it lost all abilities, FoW 9.9)."""
        card = state.cards[cid]
        if card.zone in BATTLE_AREA and self.info(state, cid).abilities_lost:
            return ()
        return cont.abilities_of(card)

    def has(self, state: GameState, cid: CardId, keyword: str) -> bool:
        """Return whether the card has a symbol ability now (valid in the battle area, FoW 11)."""
        card = state.cards.get(cid)
        return card is not None and card.zone in BATTLE_AREA and keyword in self.info(state, cid).keywords

    # ------------------------------------------------------------------ the action stream
    def peek(self) -> Mapping[str, Any] | None:
        """Return the next action without taking it."""
        return self.actions[self.cursor] if self.cursor < len(self.actions) else None

    def take(self) -> Mapping[str, Any]:
        """Take the next action; raise :class:`Stop` when there is none."""
        action = self.peek()
        if action is None:
            raise Stop
        self.cursor += 1
        return action

    def choose(self, kind: str, player: PlayerId, options: list[Any], citation: Citation, **params: Any) -> Any:
        """Return the choice given by the next ``choose`` action, or raise :class:`OpenChoice`.

        A single option needs no choice. The choice is recorded as a ``choice`` step.
        """
        if len(options) == 1:
            return options[0]
        action = self.peek()
        if action is not None and action.get("type") == "choose":
            self.cursor += 1
            picked = action.get("choice")
            if picked in options:
                self.rec("choice", "fow.choice.made", citation, kind=kind, player=player, choice=picked,
                         options=[str(o) for o in options], **params)
                return picked
            self.rec("illegal", "fow.illegal.choice", citation, kind=kind, choice=str(picked),
                     options=[str(o) for o in options])
        raise OpenChoice(kind, player, options, citation, self.cursor)

    def choose_cards(self, kind: str, player: PlayerId, ids: Sequence[CardId], count: int,
                     citation: Citation) -> list[CardId]:
        """Return ``count`` of ``ids`` chosen by ``player`` (a ``choose`` action with the list), or branch."""
        combos = [list(c) for c in itertools.combinations(sorted(ids), count)]
        if len(combos) > MAX_BRANCHES:
            action = self.peek()
            if not (action is not None and action.get("type") == "choose" and action.get("choice") in combos):
                raise OpenChoice(kind, player, combos[:MAX_BRANCHES + 1], citation, self.cursor)
        return self.choose(kind, player, combos, citation)

    # ------------------------------------------------------------------ will and costs
    def pool_total(self, state: GameState, pid: PlayerId) -> int:
        return sum(state.player(pid).will.values())

    def can_pay_will(self, will: Mapping[str, int], pool: Mapping[str, int]) -> bool:
        """Return whether ``pool`` pays ``will`` in full (FoW 2.3, 10.2): attribute will first, then void."""
        left = dict(pool)
        for kind, n in will.items():
            if kind == "void":
                continue
            if left.get(kind, 0) < n:
                return False
            left[kind] -= n
        return sum(left.values()) >= will.get("void", 0)

    def pay_will(self, state: GameState, pid: PlayerId, will: Mapping[str, int], what: str) -> GameState:
        """Spend will from the pool (FoW 10.2); void is paid from void will first, then the rest."""
        if not will:
            return state
        pool = dict(state.player(pid).will)
        for kind, n in will.items():
            if kind != "void":
                pool[kind] -= n
        need = will.get("void", 0)
        for kind in ("void", "moon") + tuple(k for k in WILL_KINDS if k not in ("void", "moon")):
            used = min(need, pool.get(kind, 0))
            pool[kind] = pool.get(kind, 0) - used
            need -= used
        pool = {k: v for k, v in pool.items() if v}
        self.rec("cost", "fow.cost.will", wp("10.2"), player=pid, will=_will_text(will), what=what,
                 pool=_will_text(pool))
        return state.with_player(replace(state.player(pid), will=MappingProxyType(pool)))

    def cost_of(self, state: GameState, pid: PlayerId, card: Card, will: Mapping[str, int], of: str = "cards",
                record: bool = True) -> dict[str, int]:
        """Return ``will`` changed by the cost-changing static abilities that apply (FoW 9.3).

        9.3: effects changing what the cost is (``set``) apply first, then those increasing it,
        then those decreasing it; within a kind, in timestamp order. ``of``: ``cards`` (a card
        played) or ``abilities`` (an ability of ``card``); a change's ``applies_to`` filter reads
        the card where it is, ``controller`` relative to the change's controller, and its ``of``
        (default ``cards``). A decrease stops at 0 for each kind.
        """
        changes = self.index(state)["cost_changes"]
        if not changes:
            return dict(will)
        chars = self.info(state, card.id)
        found = []
        for src, ability in changes:
            spec = ability.cost_change
            if spec.get("of", "cards") != of:
                continue
            flt = {**dict(spec.get("applies_to", {})), "zone": spec.get("applies_to", {}).get("zone", card.zone)}
            if card.zone == "chase":
                flt["zone"] = "chase"
            if not cont.matches(chars, card, flt, src.controller):
                continue
            for rank, kind in enumerate(("set", "increase", "decrease")):
                if kind in spec:
                    found.append((rank, src.timestamp, src.id, kind, spec[kind]))
        cost = dict(will)
        for _, _, src_id, kind, amount in sorted(found):
            before = _will_text(cost)
            if kind == "set":
                cost = {k: v for k, v in amount.items() if v}
            elif kind == "increase":
                for k, n in amount.items():
                    cost[k] = cost.get(k, 0) + n
            else:
                for k, n in amount.items():
                    cost[k] = max(0, cost.get(k, 0) - n)
            cost = {k: v for k, v in cost.items() if v}
            if record:
                self.rec("cost", "fow.cost.change", wp("9.3"), card=card.id, source=src_id, kind=kind,
                         before=before, after=_will_text(cost))
        return cost

    def pay_life(self, state: GameState, pid: PlayerId, amount: int, card: CardId) -> GameState:
        """Pay ``amount`` life, a multiple of 100 (FoW 1.5).

        Paying more life than the player has is not covered by the whitepaper (1.5 says only that
        life paid is a multiple of 100; 9.3 forbids playing when an action cannot be done, but
        says nothing of whether life can be paid below 0): the engine records a ``not_covered``
        step and stops the resolution there (``complete: false``) rather than guess.
        """
        if amount <= 0:
            return state
        if amount % 100:
            raise IllegalAction(wp("1.5"), "fow.illegal.life_multiple", {"card": card, "amount": amount})
        life = state.player(pid).life
        if amount > life:
            self.rec("not_covered", "fow.not_covered",
                     silent("paying more life than the player has (1.5 and 9.3 do not say whether it can be paid)"),
                     topic="life_payment_over_life", default="the resolution stops before the payment")
            self.complete = False
            raise Stop
        return self.set_life(state, pid, life - amount, wp("1.5"), "paid", amount)

    def play_will_abilities(self, state: GameState, pid: PlayerId, sources: Sequence[str]) -> GameState:
        """Play will abilities while paying (FoW 10.2, 9.7); each resolves at once, no chase."""
        for cid in sources:
            state = self.do_will(state, {"player": pid, "card": cid})
        return state

    def available_will(self, state: GameState, pid: PlayerId) -> dict[str, int]:
        """Return the pool plus the will recovered will-ability cards could add (for listings)."""
        pool = dict(state.player(pid).will)
        for card in state.cards.values():
            if card.controller != pid or card.zone not in BATTLE_AREA or not cont.valid(card) or card.rested:
                continue
            if not _allowed(self._verify_rest_cost, state, card):  # FoW 9.5
                continue
            for ability in cont.abilities_of(card):
                if ability.kind == "will" and ability.produce and ability.cost.rest:
                    for k, n in ability.produce.items():
                        pool[k] = pool.get(k, 0) + n
                    break
        return pool

    def set_life(self, state: GameState, pid: PlayerId, life: int, citation: Citation, reason: str,
                 amount: int) -> GameState:
        """Set a player's life, rounding a part below 100 up to the hundred (FoW 1.5)."""
        rounded = life
        if self.options["life_rounding"] == "round_up" and life % 100:
            rounded = math.ceil(life / 100) * 100
        self.rec("life", "fow.life", citation, player=pid, amount=amount, life=rounded, reason=reason)
        if rounded != life:
            self.rec("life", "fow.life.rounded", wp("1.5"), player=pid, before=life, life=rounded)
        return state.with_player(replace(state.player(pid), life=rounded))

    # ------------------------------------------------------------------ moving cards
    def move(self, state: GameState, cid: CardId, to: str, reason: str, citation: Citation,
             controller: PlayerId | None = None, top: bool = True) -> GameState:
        """Move a card (FoW 3.1): inside the battle area it stays the same card; else a new card.

        A spell that would go to the magic stone deck or the battle area goes to the graveyard
        instead (FoW 3.15). A card enters a zone recovered (FoW 3.2).
        """
        card = state.cards[cid]
        if card.virtual and to != card.zone:
            self.rec("move", "fow.copy.ceases", wp("10.16"), card=cid, card_name=card.name, **{"from": card.zone})
            return state.without_card(cid)
        if card.revealed:
            self.rec("state", "fow.reveal.end", wp("10.4"), card=cid, reason="moved")
            card = replace(card, revealed=False)
            state = state.with_card(card)
        if card.type == "spell" and to in BATTLE_AREA | {"stone_deck"}:
            self.rec("replace", "fow.zone.spell_to_graveyard", wp("3.15"), card=cid, card_name=card.name, to=to)
            to = "graveyard"
        if card.astral:
            self.rec("illegal", "fow.zone.astral_stays", wp("3.15"), card=cid, card_name=self.name(state, cid))
            return state
        same = card.zone in BATTLE_AREA and to in BATTLE_AREA
        owner_zone = to not in BATTLE_AREA and to != "chase"
        new_controller = card.owner if owner_zone else (controller or card.controller)
        zone_cards = state.in_zone(to)
        seq = (min((c.seq for c in zone_cards), default=0) - 1) if top else (max((c.seq for c in zone_cards), default=0) + 1)
        if same:
            moved = replace(card, zone=to, controller=new_controller, seq=seq)
            self.rec("move", "fow.move.same_card", wp("3.1"), card=cid, card_name=self.name(state, cid),
                     **{"from": card.zone, "to": to, "reason": reason})
        else:
            state = self._remember(state, card)
            state, stamp = state.tick()
            moved = replace(card, zone=to, controller=new_controller, seq=seq, rested=False, damage=0,
                            counters=MappingProxyType({}), attached_to=None, incarnation=card.incarnation + 1,
                            entered_this_turn=to in BATTLE_AREA, on_field_since_turn_start=False,
                            placed_this_turn=to == "standby", timestamp=stamp,
                            awakened=card.awakened and to == "chase")
            self.rec("move", "fow.move.new_card", citation, card=cid, card_name=card.name,
                     **{"from": card.zone, "to": to, "reason": reason})
        # An addition whose host left stays where it is until rule processing (FoW 13.3).
        return state.with_card(moved)

    def move_many(self, state: GameState, ids: Sequence[CardId], to: str, reason: str, citation: Citation,
                  after: Any = None) -> GameState:
        """Move several cards at once (FoW 3.1).

        Into an ordered zone (``main_deck``, ``stone_deck``, ``graveyard``, ``lifebreak``) each owner
        chooses the order of their own cards there: a ``choose`` action with the ids top first, or
        a ``choice`` step with one branch per order (at most 24: four cards; more need the action).
        ``after(state, cid)`` runs after each card moved (triggers that read it, FoW 9.6).
        """
        ids = [cid for cid in dict.fromkeys(ids) if cid in state.cards]
        for cid in [c for c in ids if state.cards[c].virtual]:  # a copy never arrives (FoW 10.16)
            state = self.move(state, cid, to, reason, citation)
        ids = [c for c in ids if c in state.cards]
        plan = list(ids)
        if to in ORDERED and len(ids) > 1:
            groups: dict[PlayerId, list[CardId]] = {}
            for cid in ids:
                groups.setdefault(state.cards[cid].owner, []).append(cid)
            plan = []
            for owner in sorted(groups):
                plan += self.choose_order(state, owner, groups[owner], to)
            plan.reverse()  # the bottom card moves first, so the first of each order ends on top
        for cid in plan:
            state = self.move(state, cid, to, reason, citation)
            if after is not None:
                state = after(state, cid)
        return state

    def choose_order(self, state: GameState, owner: PlayerId, ids: Sequence[CardId], to: str) -> list[CardId]:
        """Return the order (top first) ``owner`` gives their cards entering ordered zone ``to`` (FoW 3.1)."""
        if len(ids) < 2:
            return list(ids)
        hidden = to not in PUBLIC
        orders = [list(p) for p in itertools.permutations(sorted(ids))]
        action = self.peek()
        if len(orders) > MAX_BRANCHES and not (action is not None and action.get("type") == "choose"
                                               and action.get("choice") in orders):
            raise OpenChoice("zone_order", owner, orders[:MAX_BRANCHES + 1], wp("3.1"), self.cursor)
        picked = self.choose("zone_order", owner, orders, wp("3.1"), zone=to, hidden=hidden)
        self.rec("move", "fow.zone.order", wp("3.1"), player=owner, zone=to, order=list(picked), hidden=hidden)
        return list(picked)

    def _remember(self, state: GameState, card: Card) -> GameState:
        """Record ``card``'s information in the zone it is leaving as a new card (FoW 9.11)."""
        ch = self.info(state, card.id)
        known = {"zone": card.zone, "controller": card.controller, "name": ch.name, "type": ch.type,
                 "atk": ch.atk, "def": ch.def_, "races": tuple(ch.races), "keywords": tuple(ch.keywords)}
        last = dict(state.last_known)
        last[f"{card.id}@{card.incarnation}"] = MappingProxyType(known)
        return replace(state, last_known=MappingProxyType(last))

    def same_card(self, state: GameState, cid: CardId, mark: int) -> bool:
        """Return whether ``cid`` is still the card it was at incarnation ``mark`` (FoW 3.1); -1: unknown, yes."""
        card = state.cards.get(cid)
        return card is not None and (mark < 0 or card.incarnation == mark)

    def known_value(self, state: GameState, cid: CardId, mark: int, key: str) -> tuple[Any, bool]:
        """Return (value, from_lki): the card's current ``key`` (``atk``, ``def``, ``name`` …) while it is
        the same card, else its last known information from the zone it left (FoW 9.11, 3.1)."""
        if self.same_card(state, cid, mark):
            ch = self.info(state, cid)
            return {"atk": ch.atk, "def": ch.def_, "name": ch.name, "type": ch.type}.get(key, 0), False
        known = state.last_known.get(f"{cid}@{mark}")
        return (known.get(key, 0) if known is not None else 0), True

    # ------------------------------------------------------------------ triggers
    def fire(self, state: GameState, event: str, card: CardId | None = None, lki: cont.Chars | None = None,
             lki_card: Card | None = None, **extra: Any) -> GameState:
        """Add one to the trigger count of every triggered ability whose condition ``event`` meets (FoW 9.6)."""
        pending = list(state.pending)
        who = extra.get("player")
        if who is None:
            who = (lki_card.controller if lki_card is not None and lki_card.id == card else
                   state.cards[card].controller if card in state.cards else state.active)
        state = replace(state, events=state.events + ((event, card, who),))
        sources = [c for c in state.cards.values() if cont.valid(c)]
        if lki_card is not None and lki_card not in sources:
            sources.append(lki_card)
        for src in sorted(sources, key=lambda c: c.id):
            is_lki = lki_card is not None and src.id == lki_card.id
            abilities = cont.abilities_of(src) if is_lki else self.abilities(state, src.id)
            for ability in abilities:
                if ability.kind not in ("triggered",) or ability.trigger is None:
                    continue
                trig = ability.trigger
                if trig.get("event") != event:
                    continue
                who = trig.get("card", "this")
                if event in ("enter", "destroyed", "attacks", "blocks", "deals_damage", "put_into_graveyard"):
                    if who == "this" and card != src.id:
                        continue
                    if who not in ("this", "any") and card is not None and isinstance(who, Mapping):
                        if lki_card is not None and card == lki_card.id and lki is not None:
                            # FoW 9.6: a card that left the battle area is read as it was there.
                            seen, seen_card = lki, lki_card
                        elif card in state.cards:
                            seen, seen_card = self.info(state, card), state.cards[card]
                        else:
                            continue
                        if not cont.matches(seen, seen_card, who, src.controller):
                            continue
                if event == "spell_played" and who == "opponent" and extra.get("player") == src.controller:
                    continue
                info = None
                if lki is not None and is_lki:
                    info = {"atk": lki.atk, "def": lki.def_, "name": lki.name}
                mark = state.cards[src.id].incarnation if src.id in state.cards else -1
                pending.append(Pending(src.id, src.controller, ability.index, 1, frozen(info) if info else None, event,
                                       source_mark=mark))
                self.rec("trigger", "fow.trigger.met", wp("9.6"), card=src.id, card_name=src.name,
                         ability=ability.index, event=event)
        for effect in state.effects:
            if effect.kind == "delayed" and not effect.used and effect.spec.get("event") == event:
                pending.append(Pending(effect.source, effect.controller, None, 1, None, event,
                                       effect=effect.spec.get("effect", ())))
                state = replace(state, effects=tuple(replace(e, used=True) if e is effect else e for e in state.effects))
                self.rec("trigger", "fow.trigger.delayed", wp("9.6"), card=effect.source, event=event)
        return replace(state, pending=tuple(pending))

    def check_state_triggers(self, state: GameState) -> GameState:
        """Trigger state-triggered abilities not yet triggered whose state holds (FoW 9.6)."""
        for src, ability in self.index(state)["state_triggers"]:
            waiting = any(p.source == src.id and p.ability == ability.index for p in state.pending)
            on_chase = any(i.source == src.id and i.ability == ability.index for i in state.chase)
            if waiting or on_chase or not self._state_holds(state, src, ability.trigger):
                continue
            state = replace(state, pending=state.pending + (Pending(src.id, src.controller, ability.index, 1, None, "state",
                                                                     source_mark=src.incarnation),))
            self.rec("trigger", "fow.trigger.state", wp("9.6"), card=src.id, card_name=src.name, ability=ability.index)
        return state

    def _state_holds(self, state: GameState, src: Card, trig: Mapping[str, Any]) -> bool:
        pid = src.controller if trig.get("player", "you") == "you" else state.opponent(src.controller)
        if "life_at_most" in trig:
            return state.player(pid).life <= trig["life_at_most"]
        if "hand_empty" in trig:
            return not state.in_zone("hand", pid)
        return False

    def process_triggers(self, state: GameState) -> tuple[GameState, bool]:
        """Choose one triggered ability and play it (FoW 6.2 / 9.6 by ``trigger_order``); return (state, played)."""
        if not state.pending:
            return state, False
        reading = self.options["trigger_order"]
        ap, nap = state.active, state.opponent(state.active)
        mine = [p for p in state.pending if p.controller == ap]
        if reading == "abilities_chapter":
            turn = state.next_trigger_player or ap
            group = [p for p in state.pending if p.controller == turn] or [p for p in state.pending if p.controller != turn]
            chooser = group[0].controller
            citation = wp("9.6")
        else:
            group = mine or list(state.pending)
            chooser = ap if mine else nap
            citation = wp("6.2")
        labels = [f"{p.source}#{p.ability if p.ability is not None else 'delayed'}" for p in group]
        unique = list(dict.fromkeys(labels))
        picked = self.choose("trigger", chooser, unique, citation, reading=reading)
        index = labels.index(picked)
        chosen = group[index]
        rest = list(state.pending)
        rest.remove(chosen)
        if chosen.count > 1:
            rest.append(replace(chosen, count=chosen.count - 1))
        other = nap if chooser == ap else ap
        state = replace(state, pending=tuple(rest), next_trigger_player=other if reading == "abilities_chapter" else None)
        self.rec("trigger", "fow.trigger.choose", citation, player=chooser, card=chosen.source,
                 card_name=self.name(state, chosen.source), reading=reading, waiting=len(rest))
        state = self.play_trigger(state, chosen)
        return state, True

    def play_trigger(self, state: GameState, pending: Pending) -> GameState:
        """Play a chosen triggered ability onto the chase if legal; its count drops either way (FoW 6.2, 9.6)."""
        card = state.cards.get(pending.source)
        ability = None
        if pending.ability is not None and card is not None:
            ability = next((a for a in cont.abilities_of(card) if a.index == pending.ability), None)
        specs = ability.targets if ability is not None else ()
        try:
            targets = self.pick_targets(state, pending.controller, specs, None, pending.source)
        except IllegalAction as illegal:
            self.rec("trigger", "fow.trigger.not_played", wp("6.2"), card=pending.source,
                     card_name=self.name(state, pending.source), reason=illegal.message_id)
            return state
        item = ChaseItem("ability", pending.source, pending.controller, pending.ability, tuple(targets),
                         self.marks(state, targets), lki=pending.lki, effect_override=pending.effect,
                         position=len(state.chase) + 1, source_mark=pending.source_mark)
        state = replace(state, chase=state.chase + (item,))
        if state.battle is not None and pending.controller != state.active:  # FoW 8.2: it played an ability
            state = replace(state, battle=replace(state.battle, opponent_played=True))
        self.rec("trigger", "fow.trigger.play", wp("9.6"), card=pending.source,
                 card_name=self.name(state, pending.source), player=pending.controller, position=item.position,
                 targets=[str(t) for t in targets])
        return state

    # ------------------------------------------------------------------ targets
    def marks(self, state: GameState, targets: Sequence[Any]) -> tuple[int, ...]:
        return tuple(state.cards[t].incarnation if isinstance(t, str) and t in state.cards else -1 for t in targets)

    def candidates(self, state: GameState, spec: Mapping[str, Any], controller: PlayerId, source: CardId) -> list[str]:
        """Return every legal target of ``spec`` for ``controller`` (FoW 9.3)."""
        zone = spec.get("zone", "field")
        if zone == "player":
            who = spec.get("controller", "any")
            return [p.id for p in state.players if who == "any" or (who == "you") == (p.id == controller)]
        if zone == "chase":
            return [f"chase:{i.position}" for i in state.chase]
        return [cid for cid in sorted(state.cards) if self.target_ok(state, spec, cid, controller)]

    def target_ok(self, state: GameState, spec: Mapping[str, Any], target: Any, controller: PlayerId,
                  mark: int | None = None) -> bool:
        """Return whether ``target`` is a legal target of ``spec`` now (and is the same card, FoW 3.1)."""
        zone = spec.get("zone", "field")
        if zone == "player":
            return target in (p.id for p in state.players)
        if zone == "chase":
            return isinstance(target, str) and any(f"chase:{i.position}" == target for i in state.chase)
        card = state.cards.get(target) if isinstance(target, str) else None
        if card is None or (mark is not None and mark >= 0 and card.incarnation != mark):
            return False
        chars = self.info(state, target)
        flt = dict(spec)
        if "types" not in flt:
            flt["types"] = ["resonator", "j_ruler"]
        if not cont.matches(chars, card, flt, controller):
            return False
        return "rested" not in spec or card.rested == spec["rested"]

    def pick_targets(self, state: GameState, controller: PlayerId, specs: Sequence[Mapping[str, Any]],
                     given: Sequence[Any] | None, source: CardId) -> list[Any]:
        """Return the targets chosen for ``specs``; raise :class:`IllegalAction` when one has none (FoW 9.3)."""
        chosen: list[Any] = []
        for i, spec in enumerate(specs):
            if given is not None and i < len(given):
                if not self.target_ok(state, spec, given[i], controller):
                    raise IllegalAction(wp("9.3"), "fow.illegal.target", {"target": str(given[i])})
                chosen.append(given[i])
                continue
            options = [c for c in self.candidates(state, spec, controller, source) if c not in chosen]
            if not options:
                raise IllegalAction(wp("9.3"), "fow.illegal.no_target", {"card": source})
            chosen.append(self.choose("target", controller, options, wp("9.3"), card=source))
        return chosen

    # ------------------------------------------------------------------ timing
    def main_timing(self, state: GameState, pid: PlayerId) -> bool:
        """Return whether ``pid`` has main timing: own main phase, chase empty, not in battle (FoW 6.3)."""
        if state.active != pid or state.phase != "main" or state.chase or state.priority != pid:
            return False
        return state.battle is None or self.options["main_timing_in_battle"] == "allowed"

    def _timing(self, state: GameState, pid: PlayerId, main: bool, section: str) -> None:
        """Raise unless ``pid`` has priority (and main timing if ``main``) (FoW 6.3 and ``section``).

        ``section`` (7.1–7.6, 7.11) lists main phase, priority and an empty chase; "not in battle"
        is in 6.3 only, so a refusal for a battle cites 6.3.
        """
        if state.priority != pid:
            raise IllegalAction(wp("6.3"), "fow.illegal.no_priority", {"player": pid})
        if main and not self.main_timing(state, pid):
            in_battle = state.active == pid and state.phase == "main" and not state.chase and state.battle is not None
            raise IllegalAction(wp("6.3" if in_battle else section), "fow.illegal.main_timing", {"player": pid})

    # ------------------------------------------------------------------ actions: play a card
    def verify_play(self, state: GameState, action: Mapping[str, Any]) -> None:
        """Raise :class:`IllegalAction` unless the card may be played now (FoW 7.1–7.3, 7.7, 12.3)."""
        pid, cid = action["player"], action["card"]
        card = state.cards.get(cid)
        section = {"resonator": "7.1", "regalia": "7.1", "addition": "7.2"}.get(
            card.type if card else "", {"chant_instant": "7.7", "chant_standby": "7.9"}.get(card.subtype or "", "7.3") if card else "7.1")
        if card is None or card.controller != pid or card.zone != "hand":
            raise IllegalAction(wp(section), "fow.illegal.not_in_hand", {"card": cid})
        section = {"resonator": "7.1", "regalia": "7.1", "addition": "7.2"}.get(card.type, "7.3")
        if card.type == "spell" and card.subtype == "chant_instant" or "quickcast" in card.keywords:
            self._timing(state, pid, False, "7.7" if card.subtype == "chant_instant" else "12.3")
        elif card.type == "spell" and card.subtype == "chant_standby":
            self._timing(state, pid, False, "7.9")
            if not self._standby_condition(state, card, pid):
                raise IllegalAction(wp("7.9"), "fow.illegal.standby_condition", {"card": cid})
        elif card.type in ("resonator", "regalia", "addition", "spell"):
            self._timing(state, pid, True, section)
        else:
            raise IllegalAction(wp("6.3"), "fow.illegal.not_playable", {"card": cid})

    def can_play(self, state: GameState, action: Mapping[str, Any]) -> bool:
        """Return whether :meth:`verify_play` passes."""
        return _allowed(self.verify_play, state, action)

    def _card_targets(self, card: Card) -> tuple[Mapping[str, Any], ...]:
        if card.type == "addition" and card.subtype != "field":
            types = {"resonator": ["resonator"], "j_ruler": ["j_ruler"], "ruler": ["ruler"],
                     "resonator_j_ruler": ["resonator", "j_ruler"], "ruler_j_ruler": ["ruler", "j_ruler"]}[card.subtype or "resonator"]
            zone = "field" if card.subtype in ("j_ruler", "resonator", "resonator_j_ruler") else "battle_area"
            return (frozen({"types": types, "zone": zone}),)
        spell = next((a for a in card.abilities if a.kind == "spell"), None)
        return spell.targets if spell else ()

    def do_play(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """Play a card from the hand onto the chase, paying its cost (FoW 7.1–7.3, 7.7, 9.3)."""
        self.verify_play(state, action)
        pid, cid = action["player"], action["card"]
        card = state.cards[cid]
        quickcast = "quickcast" in card.keywords and not self.main_timing(state, pid)
        targets = self.pick_targets(state, pid, self._card_targets(card), action.get("targets"), cid)
        state = self.play_will_abilities(state, pid, action.get("pay_with", []))
        cost = dict(card.cost.will)
        awaken = bool(action.get("awaken")) and card.awakening_cost is not None
        if awaken:
            for k, n in card.awakening_cost.will.items():  # type: ignore[union-attr]
                cost[k] = cost.get(k, 0) + n
        incarnation = action.get("incarnation")
        if incarnation:
            state = self._incarnation(state, pid, card, incarnation)
        else:
            cost = self.cost_of(state, pid, card, cost)
            if card.subtype == "chant_standby":  # FoW 7.9: from the hand, the action before the colon too
                state = self._standby_cost(state, pid, card)
            if not self.can_pay_will(cost, state.player(pid).will):
                raise IllegalAction(wp("10.2"), "fow.illegal.cannot_pay", {"card": cid, "cost": _will_text(cost)})
            state = self.pay_will(state, pid, cost, card.name)
        if awaken:
            self.rec("cost", "fow.cost.awakening", wp("12.1"), card=cid, card_name=card.name)
        state = self.move(state, cid, "chase", "played", wp("9.3"))
        item = ChaseItem("card", cid, pid, None, tuple(targets), self.marks(state, targets), from_hand=True,
                         awakened=awaken, position=len(state.chase) + 1, source_mark=state.cards[cid].incarnation)
        state = replace(state, chase=state.chase + (item,))
        kind = "summon spell" if card.type == "resonator" else "normal spell"
        section = {"resonator": "7.1", "regalia": "7.1", "addition": "7.2"}.get(
            card.type, {"chant_instant": "7.7", "chant_standby": "7.9"}.get(card.subtype or "", "7.3"))
        if quickcast:
            section = "12.3"
        self.rec("play", "fow.play.card", wp(section),
            player=pid, card=cid, card_name=card.name, position=item.position, spell_kind=kind,
            targets=[str(t) for t in targets])
        return self.fire(state, "spell_played", cid, player=pid)

    def _incarnation(self, state: GameState, pid: PlayerId, card: Card, banished: Sequence[str]) -> GameState:
        """Banish resonators instead of paying the cost (FoW 12.2, 10.10).

        Only a card with Incarnation may be played so; one resonator is banished for each ``()``
        group, of that group's attribute (``(A or B)``: either). A resonator's attribute is its
        printed ``attributes`` (the whitepaper defines none, see docs/fow-ambiguities.md).
        """
        groups = card.incarnation_groups
        needed = " ".join("(" + " or ".join(g) + ")" for g in groups) or "none"
        if not groups or len(banished) != len(groups) or len(set(banished)) != len(banished):
            raise IllegalAction(wp("12.2"), "fow.illegal.incarnation", {"card": card.id, "needed": needed})
        for rid in banished:
            res = state.cards.get(rid)
            if res is None or res.controller != pid:
                raise IllegalAction(wp("10.10"), "fow.illegal.banish", {"card": rid})
            if res.zone != "field" or self.info(state, rid).type != "resonator":
                raise IllegalAction(wp("12.2"), "fow.illegal.banish", {"card": rid})
        if not any(all(set(g) & set(state.cards[r].attributes) for g, r in zip(groups, order))
                   for order in itertools.permutations(banished)):
            raise IllegalAction(wp("12.2"), "fow.illegal.incarnation", {"card": card.id, "needed": needed})
        self.rec("cost", "fow.cost.incarnation", wp("12.2"), card=card.id, card_name=card.name, banished=list(banished))
        return self.move_many(state, list(banished), "graveyard", "banish", wp("10.10"))

    # ------------------------------------------------------------------ actions: abilities
    def verify_activate(self, state: GameState, action: Mapping[str, Any]) -> None:
        """Raise unless the activated ability may be played now (FoW 7.8, 9.5, 9.2)."""
        pid, cid = action["player"], action["card"]
        self._timing(state, pid, False, "7.8")
        card = state.cards.get(cid)
        if card is None or card.controller != pid:
            raise IllegalAction(wp("7.8"), "fow.illegal.not_controller", {"card": cid})
        if not cont.valid(card):
            raise IllegalAction(wp("9.2"), "fow.illegal.ability_not_valid", {"card": cid})
        ability = self._ability(state, cid, action.get("ability", 0))
        if ability is None or ability.kind not in ("activated", "will"):
            raise IllegalAction(wp("9.5"), "fow.illegal.no_such_ability", {"card": cid})
        if ability.cost.rest:
            self._verify_rest_cost(state, card)

    def _verify_rest_cost(self, state: GameState, card: Card) -> None:
        if card.rested:
            raise IllegalAction(wp("10.12"), "fow.illegal.already_rested", {"card": card.id})
        if card.side == "j_ruler" and card.zone == "field" and not card.on_field_since_turn_start:
            raise IllegalAction(wp("9.5"), "fow.illegal.rest_j_ruler_new", {"card": card.id})
        if card.type == "resonator" and card.entered_this_turn:
            raise IllegalAction(wp("9.5"), "fow.illegal.rest_resonator_new", {"card": card.id})

    def can_activate(self, state: GameState, action: Mapping[str, Any]) -> bool:
        """Return whether :meth:`verify_activate` passes."""
        return _allowed(self.verify_activate, state, action)

    def can_call_stone(self, state: GameState, pid: PlayerId) -> bool:
        """Return whether :meth:`verify_call_stone` passes."""
        return _allowed(self.verify_call_stone, state, pid)

    def can_judgment(self, state: GameState, pid: PlayerId) -> bool:
        """Return whether :meth:`verify_judgment` passes."""
        return _allowed(self.verify_judgment, state, pid)

    def _ability(self, state: GameState, cid: CardId, index: int):
        return next((a for a in self.abilities(state, cid) if a.index == index), None)

    def _pay_ability_cost(self, state: GameState, pid: PlayerId, card: Card, ability, what: str) -> GameState:
        will = self.cost_of(state, pid, card, ability.cost.will, "abilities") if ability.kind != "judgment" else dict(ability.cost.will)
        if not self.can_pay_will(will, state.player(pid).will):
            raise IllegalAction(wp("10.2"), "fow.illegal.cannot_pay", {"card": card.id, "cost": _will_text(will)})
        if ability.cost.life:
            state = self.pay_life(state, pid, ability.cost.life, card.id)
        if ability.cost.rest:
            state = state.with_card(replace(state.cards[card.id], rested=True))
            self.rec("cost", "fow.cost.rest", wp("10.12"), card=card.id, card_name=self.name(state, card.id))
        return self.pay_will(state, pid, will, what)

    def do_activate(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """Pay the cost and put the activated ability onto the chase (FoW 7.8, 9.3, 9.5)."""
        self.verify_activate(state, action)
        pid, cid = action["player"], action["card"]
        ability = self._ability(state, cid, action.get("ability", 0))
        if ability.kind == "will":
            return self.do_will(state, action)
        card = state.cards[cid]
        targets = self.pick_targets(state, pid, ability.targets, action.get("targets"), cid)
        state = self.play_will_abilities(state, pid, action.get("pay_with", []))
        state = self._pay_ability_cost(state, pid, card, ability, f"{card.name} ability {ability.index}")
        item = ChaseItem("ability", cid, pid, ability.index, tuple(targets), self.marks(state, targets),
                         position=len(state.chase) + 1, source_mark=state.cards[cid].incarnation)
        state = replace(state, chase=state.chase + (item,))
        self.rec("activate", "fow.activate", wp("7.8"), player=pid, card=cid, card_name=self.name(state, cid),
                 ability=ability.index, position=item.position, targets=[str(t) for t in targets])
        return state

    def do_will(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """Play a will ability: it resolves at once without the chase (FoW 9.7); [rest] as in FoW 9.5, 10.12."""
        pid, cid = action["player"], action["card"]
        card = state.cards.get(cid)
        ability = None
        if card is not None and card.controller == pid and cont.valid(card):
            ability = next((a for a in self.abilities(state, cid) if a.kind == "will"
                            and (action.get("ability") is None or a.index == action.get("ability"))), None)
        if ability is None:
            raise IllegalAction(wp("9.7"), "fow.illegal.no_will_ability", {"card": cid})
        if ability.cost.rest:  # a will ability is an activated ability (9.7): 9.5 applies to its [rest] cost
            self._verify_rest_cost(state, card)
            state = state.with_card(replace(card, rested=True))
        pool = dict(state.player(pid).will)
        for k, n in (ability.produce or {}).items():
            pool[k] = pool.get(k, 0) + n
        state = state.with_player(replace(state.player(pid), will=MappingProxyType(pool)))
        self.rec("will", "fow.will.produce", wp("9.7"), player=pid, card=cid, card_name=self.name(state, cid),
                 will=_will_text(ability.produce or {}), pool=_will_text(pool))
        return state

    # ------------------------------------------------------------------ actions: main-timing specials
    def verify_call_stone(self, state: GameState, pid: PlayerId) -> None:
        """Raise unless ``pid`` may call a magic stone (FoW 7.11)."""
        self._timing(state, pid, True, "7.11")
        player = state.player(pid)
        if player.called_stone:
            raise IllegalAction(wp("7.11"), "fow.illegal.called_already", {"player": pid})
        if player.judged:
            raise IllegalAction(wp("7.11"), "fow.illegal.called_after_judgment", {"player": pid})
        ruler = self._ruler(state, pid)
        if ruler is None or ruler.rested:
            raise IllegalAction(wp("7.11"), "fow.illegal.ruler_rested", {"player": pid})
        if not state.in_zone("stone_deck", pid):
            raise IllegalAction(wp("7.11"), "fow.illegal.no_stone", {"player": pid})

    def _ruler(self, state: GameState, pid: PlayerId) -> Card | None:
        return next((c for c in state.cards.values() if c.controller == pid and c.side is not None
                     and c.zone in ("ruler_area", "field")), None)

    def do_call_stone(self, state: GameState, pid: PlayerId) -> GameState:
        """Rest the ruler, J-ruler or astral ruler and put the top magic stone into play (FoW 7.11, 10.15)."""
        self.verify_call_stone(state, pid)
        ruler = self._ruler(state, pid)
        state = state.with_card(replace(ruler, rested=True))
        self.rec("cost", "fow.cost.rest", wp("7.11"), card=ruler.id, card_name=self.name(state, ruler.id))
        top = state.in_zone("stone_deck", pid)[0]
        state = self.move(state, top.id, "stone_area", "call", wp("10.15"))
        state = state.with_player(replace(state.player(pid), called_stone=True))
        self.rec("action", "fow.call_stone", wp("7.11"), player=pid, card=top.id, card_name=top.name)
        return state

    def verify_judgment(self, state: GameState, pid: PlayerId) -> None:
        """Raise unless ``pid`` may perform Judgment (FoW 7.5)."""
        self._timing(state, pid, True, "7.5")
        ruler = self._ruler(state, pid)
        if ruler is None or ruler.zone != "ruler_area" or ruler.side != "ruler" or ruler.j_face is None:
            raise IllegalAction(wp("7.5"), "fow.illegal.no_ruler", {"player": pid})
        if ruler.rested:
            raise IllegalAction(wp("7.5"), "fow.illegal.ruler_rested", {"player": pid})
        if state.player(pid).judged:
            raise IllegalAction(wp("7.5"), "fow.illegal.judged_already", {"player": pid})

    def do_judgment(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """Pay the Judgment ability's cost and put the Judgment ability onto the chase (FoW 7.5).

        Who then has priority is the ``priority_after_judgment`` reading (FoW 6.4).
        """
        pid = action["player"]
        self.verify_judgment(state, pid)
        ruler = self._ruler(state, pid)
        ability = next((a for a in ruler.abilities if a.kind == "judgment"), None)
        state = self.play_will_abilities(state, pid, action.get("pay_with", []))
        if ability is not None:
            state = self._pay_ability_cost(state, pid, ruler, ability, "Judgment")
        state = state.with_player(replace(state.player(pid), judged=True))
        item = ChaseItem("judgment", ruler.id, pid, position=len(state.chase) + 1)
        state = replace(state, chase=state.chase + (item,))
        self.rec("judgment", "fow.judgment.perform", wp("7.5"), player=pid, card=ruler.id, card_name=ruler.name,
                 position=item.position)
        return state

    def do_standby(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """Pay 2 will and put a hand card face down into the standby area (FoW 7.6)."""
        pid, cid = action["player"], action["card"]
        self._timing(state, pid, True, "7.6")
        card = state.cards.get(cid)
        if card is None or card.zone != "hand" or card.controller != pid:
            raise IllegalAction(wp("7.6"), "fow.illegal.not_in_hand", {"card": cid})
        state = self.play_will_abilities(state, pid, action.get("pay_with", []))
        if not self.can_pay_will({"void": 2}, state.player(pid).will):
            raise IllegalAction(wp("7.6"), "fow.illegal.cannot_pay", {"card": cid, "cost": "2 void"})
        state = self.pay_will(state, pid, {"void": 2}, "standby")
        state = self.move(state, cid, "standby", "standby", wp("7.6"))
        self.rec("action", "fow.standby.place", wp("7.6"), player=pid, card=cid)
        return state

    def _standby_condition(self, state: GameState, card: Card, pid: PlayerId) -> bool:
        """Return whether the trigger condition of a Chant-Standby is met now (FoW 7.9, 9.6).

        7.9 makes the condition a trigger condition (9.6), met when the card is revealed. The
        engine reads ``trigger.event``: ``any_time`` (7.9: it costs [0]); ``opponent_plays_spell``
        (the top of the chase is an opponent's card; ``card`` may filter it); ``opponent_attacks``;
        ``opponent_plays_ability`` (the top of the chase is an opponent's ability); ``state`` (a
        state trigger, 9.6, read now); or any other trigger event of §7.4 (``destroyed``,
        ``enter``, ``blocks``, ``start_of_end`` …) that happened since the last card or ability was
        played or resolved or the step began (``state.events``), with ``card`` (a filter or
        ``any``) and ``player`` (``you``, ``opponent``, ``any``: whose card, or whose turn).
        """
        spell = next((a for a in card.abilities if a.kind == "spell"), None)
        trig = (spell.trigger or {}) if spell else {}
        condition = trig.get("event", "any_time")
        top = state.chase[-1] if state.chase else None
        if condition == "any_time":
            return True
        if condition == "opponent_plays_spell":
            if top is None or top.kind != "card" or top.controller == pid:
                return False
            flt = trig.get("card")
            if isinstance(flt, Mapping):
                chase_card = state.cards.get(top.source)
                return chase_card is not None and cont.matches(self.info(state, chase_card.id), chase_card,
                                                               {**dict(flt), "zone": "chase"}, pid)
            return True
        if condition == "opponent_plays_ability":
            return top is not None and top.kind == "ability" and top.controller != pid
        if condition == "opponent_attacks":
            return state.battle is not None and state.battle.declared and state.active != pid
        if condition == "state":
            return self._state_holds(state, replace(card, controller=pid), trig)
        who = trig.get("player", "any")
        flt = trig.get("card", "any")
        for event, cid, player in state.events:
            if event != condition:
                continue
            if who != "any" and (player == pid) != (who == "you"):
                continue
            if isinstance(flt, Mapping):
                seen = state.cards.get(cid) if cid else None
                known = state.last_known.get(f"{cid}@{seen.incarnation - 1}") if seen is not None else None
                if seen is None:
                    continue
                if seen.zone in BATTLE_AREA or known is None:
                    if not cont.matches(self.info(state, cid), seen, flt, pid):
                        continue
                else:  # a card that left the battle area is read as it was there (FoW 9.6)
                    chars = cont.Chars(known["name"], known["type"], known["atk"], known["def"],
                                       list(known["races"]), list(known["keywords"]))
                    if not cont.matches(chars, replace(seen, zone=known["zone"], controller=known["controller"]),
                                        flt, pid):
                        continue
            return True
        return False

    def _standby_cost(self, state: GameState, pid: PlayerId, card: Card) -> GameState:
        """Pay the action before the colon of a Chant-Standby's condition as a cost (FoW 7.9): ``trigger.cost``."""
        spell = next((a for a in card.abilities if a.kind == "spell"), None)
        raw = (spell.trigger or {}).get("cost") if spell else None
        if not raw:
            return state
        cost = Cost.parse(raw)
        if not self.can_pay_will(cost.will, state.player(pid).will):
            raise IllegalAction(wp("7.9"), "fow.illegal.cannot_pay", {"card": card.id, "cost": _will_text(cost.will)})
        self.rec("cost", "fow.cost.standby", wp("7.9"), card=card.id, card_name=card.name,
                 cost=", ".join(([_will_text(cost.will)] if cost.will else []) + ([f"{cost.life} life"] if cost.life else [])))
        state = self.pay_life(state, pid, cost.life, card.id)
        return self.pay_will(state, pid, cost.will, f"{card.name} condition")

    def do_play_standby(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """Play a Chant-Standby from the standby area: reveal, show stones, no cost (FoW 7.9, 9.3, 9.6)."""
        pid, cid = action["player"], action["card"]
        self._timing(state, pid, False, "7.9")
        card = state.cards.get(cid)
        if card is None or card.zone != "standby" or card.controller != pid or card.subtype != "chant_standby":
            raise IllegalAction(wp("7.9"), "fow.illegal.not_in_standby", {"card": cid})
        if card.placed_this_turn:
            raise IllegalAction(wp("7.9"), "fow.illegal.standby_this_turn", {"card": cid})
        if not self._standby_condition(state, card, pid):
            raise IllegalAction(wp("7.9"), "fow.illegal.standby_condition", {"card": cid})
        stones = [c for c in state.cards.values() if c.controller == pid and c.zone == "stone_area"]
        if len(stones) < card.cost.total:
            raise IllegalAction(wp("9.3"), "fow.illegal.show_stones", {"card": cid, "needed": card.cost.total})
        targets = self.pick_targets(state, pid, self._card_targets(card), action.get("targets"), cid)
        state = self.play_will_abilities(state, pid, action.get("pay_with", []))
        state = self._standby_cost(state, pid, card)
        self.rec("reveal", "fow.standby.reveal", wp("9.3"), player=pid, card=cid, card_name=card.name,
                 stones=card.cost.total)
        state = self.move(state, cid, "chase", "played", wp("9.3"))
        item = ChaseItem("card", cid, pid, None, tuple(targets), self.marks(state, targets),
                         position=len(state.chase) + 1, source_mark=state.cards[cid].incarnation)
        state = replace(state, chase=state.chase + (item,))
        self.rec("play", "fow.play.card", wp("7.9"), player=pid, card=cid, card_name=card.name,
                 position=item.position, spell_kind="normal spell", targets=[str(t) for t in targets])
        return self.fire(state, "spell_played", cid, player=pid)

    def do_lifebreak(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """Valhalla: take the top lifebreak card; play its break ability or put it into the graveyard (FoW 7.10)."""
        pid = action["player"]
        self._timing(state, pid, False, "7.10")
        if self.variant != "valhalla":
            raise IllegalAction(wp("14.2"), "fow.illegal.bifrost_lifebreak", {"player": pid})
        area = state.in_zone("lifebreak", pid)
        life = state.player(pid).life
        threshold = (life - 1) // 1000 if self.options["lifebreak_threshold"] == "literal" else math.ceil(life / 1000)
        if len(area) <= threshold:
            raise IllegalAction(wp("7.10"), "fow.illegal.lifebreak_count", {"player": pid, "count": len(area),
                                                                            "threshold": threshold})
        top = area[0]
        self.rec("action", "fow.lifebreak", wp("7.10"), player=pid, card=top.id, count=len(area), threshold=threshold)
        brk = next((a for a in top.abilities if a.kind == "break"), None)
        if brk is None:
            return self.move(state, top.id, "graveyard", "lifebreak", wp("7.10"))
        try:
            targets = self.pick_targets(state, pid, brk.targets, action.get("targets"), top.id)
        except IllegalAction:
            return self.move(state, top.id, "graveyard", "lifebreak", wp("7.10"))
        state = self.move(state, top.id, "chase", "lifebreak", wp("7.10"))
        item = ChaseItem("ability", top.id, pid, brk.index, tuple(targets), self.marks(state, targets),
                         position=len(state.chase) + 1, source_mark=state.cards[top.id].incarnation)
        self.rec("activate", "fow.activate", wp("7.10"), player=pid, card=top.id, card_name=top.name,
                 ability=brk.index, position=item.position, targets=[str(t) for t in targets])
        return replace(state, chase=state.chase + (item,))

    def verify_pass(self, state: GameState, pid: PlayerId) -> None:
        """Raise if ``pid`` must attack instead of passing (FoW 7.12)."""
        if state.priority != pid:
            raise IllegalAction(wp("6.3"), "fow.illegal.no_priority", {"player": pid})
        if state.active == pid and state.phase == "main" and state.battle is None and not state.chase:
            forced = self.forced_attackers(state, pid)
            if forced and self.player_may_battle(state, pid):
                raise IllegalAction(wp("7.12"), "fow.illegal.must_attack", {"player": pid, "card": forced[0]})

    def player_may_battle(self, state: GameState, pid: PlayerId) -> bool:
        return state.player(pid).may_battle

    def forced_attackers(self, state: GameState, pid: PlayerId, record: bool = False) -> list[CardId]:
        """Return the cards of ``pid`` that must attack and can legally attack (FoW 7.12, 8.2).

        7.12 lists what "can legally attack" needs: controlled since the start of the turn,
        recovered, an attack target to choose, no effect forbidding it, and 「攻擊時不需要其他額外動作」.
        So a card whose attack needs an action (a cost to attack, 8.2) is not forced: the player may
        pass, decline or attack with another card. With ``record`` each such card gets a
        ``fow.battle.must_attack_cost`` step.
        """
        forced = []
        for cid in self._attackers(state, pid):
            if not self.has(state, cid, "must_attack"):
                continue
            cost, _ = self.battle_cost(state, cid, "attack")
            if cost:
                if record:
                    self.rec("battle", "fow.battle.must_attack_cost", wp("7.12"), card=cid,
                             cost=_battle_cost_text(cost))
                continue
            forced.append(cid)
        return forced

    def battle_cost(self, state: GameState, cid: CardId, action: str) -> tuple[dict[str, Any], list[str]]:
        """Return what the controller must do to ``action`` (``attack``/``block``) with ``cid`` (FoW 8.2, 8.3).

        Output: ``({will kind: n, "life": n, "discard": n, "rest": [{"filter", "count"}]}, sources)``,
        ``({}, [])`` when nothing is needed. Each valid static ``battle_cost`` ability whose
        ``applies_to`` (``this``, ``attached``, or a filter with ``controller`` relative to the
        ability's controller) meets the card, and each ``battle_cost`` effect of a resolved ability
        that affects it, adds its cost: 8.2 has the player perform 「任何動作」 needed to attack.
        """
        card = state.cards[cid]
        found: list[tuple[str, Mapping[str, Any]]] = []
        for src, ability in self.index(state)["battle_costs"]:
            spec = ability.battle_cost
            if spec.get("action") != action:
                continue
            applies = spec.get("applies_to", "this")
            if applies == "this":
                hit = src.id == cid
            elif applies == "attached":
                hit = src.attached_to == cid
            else:
                hit = isinstance(applies, Mapping) and cont.matches(self.info(state, cid), card, applies, src.controller)
            if hit:
                found.append((f"{src.id}#{ability.index}", spec.get("cost", {})))
        for effect in state.effects:
            spec = effect.spec
            if effect.kind != "continuous" or spec.get("do") != "battle_cost" or spec.get("action") != action:
                continue
            condition = spec.get("applies_to") if isinstance(spec.get("applies_to"), Mapping) else None
            if effect.affected is not None:
                at = effect.affected.index(cid) if cid in effect.affected else -1
                hit = at >= 0 and (at >= len(effect.marks) or effect.marks[at] < 0 or effect.marks[at] == card.incarnation)
                hit = hit and (condition is None or cont.matches(self.info(state, cid), card, condition, effect.controller))
            else:
                hit = condition is not None and cont.matches(self.info(state, cid), card, condition, effect.controller)
            if hit:
                found.append((effect.id, spec.get("cost", {})))
        total: dict[str, Any] = {}
        rests: list[Mapping[str, Any]] = []
        for _, cost in found:
            for key, value in cost.items():
                if key == "rest":
                    rests.append(value)
                elif value:
                    total[key] = total.get(key, 0) + value
        if rests:
            total["rest"] = rests
        return total, [key for key, _ in found] if total else []

    def pay_battle_cost(self, state: GameState, pid: PlayerId, cid: CardId, action: str,
                        decl: Mapping[str, Any]) -> tuple[GameState, list[str]]:
        """Perform the actions needed to attack or to block with ``cid`` (FoW 8.2, 8.3).

        Input: the state after the card was rested, and the ``attack``/``block`` action ``decl``
        (``pay_with``: will abilities played while paying, FoW 10.2, 9.7). Output: the state after
        paying and ``[]``, or the state and what cannot be performed (the caller rolls back). Every
        part is checked before any is paid: will from the pool, ``rest`` recovered cards of the
        player meeting the filter, ``discard`` cards from the hand; then will is paid, life (FoW 1.5),
        the cards to rest and to discard chosen by the player (a ``choose`` action, or branches).
        """
        section = "8.2" if action == "attack" else "8.3"
        cost, sources = self.battle_cost(state, cid, action)
        if not cost:
            return state, []
        self.rec("cost", "fow.battle.cost", wp(section), player=pid, card=cid, action=action,
                 cost=_battle_cost_text(cost), sources=sources)
        try:
            state = self.play_will_abilities(state, pid, decl.get("pay_with", []))
        except IllegalAction as illegal:
            self.rec("illegal", illegal.message_id, illegal.citation, **dict(illegal.params))
        will = {k: v for k, v in cost.items() if k in WILL_KINDS}
        missing = []
        if will and not self.can_pay_will(will, state.player(pid).will):
            missing.append(_will_text(will))
        hand = [c.id for c in state.in_zone("hand", pid)]
        if cost.get("discard", 0) > len(hand):
            missing.append(f"discard {cost['discard']}")
        taken: list[CardId] = []
        pools = []
        for req in cost.get("rest", ()):
            flt = dict(req.get("filter", {}))
            eligible = [c.id for c in sorted(state.cards.values(), key=lambda c: c.id)
                        if c.controller == pid and not c.rested and c.id not in taken
                        and cont.matches(self.info(state, c.id), c, flt, pid)]
            count = req.get("count", 1)
            if len(eligible) < count:
                missing.append(f"rest {count} of {flt}")
            taken += eligible[:count]
            pools.append((eligible, count))
        if missing:
            return state, missing
        if will:
            state = self.pay_will(state, pid, will, f"{self.name(state, cid)} to {action}")
        if cost.get("life"):
            state = self.pay_life(state, pid, cost["life"], cid)
        chosen: list[CardId] = []
        for eligible, count in pools:
            picked = self.choose_cards("battle_cost_rest", pid, [c for c in eligible if c not in chosen
                                                                 and not state.cards[c].rested], count, wp(section))
            for rid in picked:
                state = state.with_card(replace(state.cards[rid], rested=True))
                self.rec("cost", "fow.cost.rest", wp(section), card=rid, card_name=self.name(state, rid))
            chosen += picked
        if cost.get("discard"):
            picked = self.choose_cards("discard", pid, hand, cost["discard"], wp(section))  # the player performs it
            state = self.move_many(state, picked, "graveyard", "discard", wp("10.18"))
        return state, []

    # ------------------------------------------------------------------ priority processing
    def rule_processing(self, state: GameState) -> GameState:
        """Perform every rule-processing check until nothing changes (FoW 6.1, 13)."""
        for _ in range(RULE_PROCESSING_LIMIT):
            changed, state = self._rule_pass(state)
            if state.winner is not None or not changed:
                return state
        self.rec("loop", "fow.loop.rule_processing", wp("14.1"), passes=RULE_PROCESSING_LIMIT)
        return replace(state, winner="draw")

    def _rule_pass(self, state: GameState) -> tuple[bool, GameState]:
        losers = [p.id for p in state.players if p.life <= 0]
        for p in losers:
            self.rec("rule_processing", "fow.rule.life_zero", wp("13.1"), player=p, life=state.player(p).life)
        for p in state.must_draw_failed:
            if p not in losers:
                losers.append(p)
                self.rec("rule_processing", "fow.rule.deck_out", wp("13.1"), player=p)
        if losers:
            winner = "draw" if len(losers) == 2 else state.opponent(losers[0])
            reason = "both players lose" if winner == "draw" else f"{losers[0]} loses"
            self.rec("end", "fow.game.end", wp("1.3"), winner=winner, reason=reason)
            return True, replace(state, winner=winner)
        doomed: list[CardId] = []
        index = self.index(state)
        if "lethal" not in index:  # depends only on the cards and effects, like the index
            index["lethal"] = [cid for cid in index["fighters"]
                               if state.cards[cid].damage >= self.info(state, cid).def_ or self.info(state, cid).def_ <= 0]
        for cid in index["lethal"]:
            card = state.cards[cid]
            ch = self.info(state, cid)
            doomed.append(cid)
            self.rec("rule_processing", "fow.rule.destroy_damage", wp("13.2"), card=cid, card_name=ch.name,
                     damage=card.damage, defense=ch.def_)
        illegal_additions = []
        for cid in index["additions"]:
            card = state.cards[cid]
            host = state.cards.get(card.attached_to) if card.attached_to else None
            if host is None or not self._legal_host(state, card, host):
                illegal_additions.append(cid)
        changed = False
        if doomed:
            state = self.destroy_all(state, doomed, wp("13.2"), "rule_processing")
            changed = True
        for cid in illegal_additions:
            if state.cards[cid].zone == "field":
                self.rec("rule_processing", "fow.rule.illegal_addition", wp("13.3"), card=cid,
                         card_name=state.cards[cid].name)
                state = self.move(state, cid, "graveyard", "illegal_addition", wp("13.3"))
                changed = True
        if self.variant == "valhalla":
            for p in state.players:
                area = state.in_zone("lifebreak", p.id)
                excess = area[p.lifebreak_limit:]
                for card in reversed(excess):
                    self.rec("rule_processing", "fow.rule.lifebreak_excess", wp("13.4"), card=card.id, player=p.id)
                if excess:
                    state = self.move_many(state, [c.id for c in reversed(excess)], "graveyard", "lifebreak_excess",
                                           wp("13.4"))
                    changed = True
        return changed, state

    def _legal_host(self, state: GameState, addition: Card, host: Card) -> bool:
        """Return whether ``host`` is a legal card for ``addition`` (FoW 13.3 with 7.2).

        7.2 asks for a card of the matching type in the battle area (so an Addition:Ruler sits on
        the ruler in the ruler area); 13.3 adds that a J-ruler in the ruler area is never legal
        (it is an astral ruler there, FoW 3.8, and matches no addition subtype).
        """
        spec = self._card_targets(addition)[0]
        return cont.matches(self.info(state, host.id), host, spec, addition.controller)

    def priority_processing(self, state: GameState) -> GameState:
        """Rule processing to a fixpoint, then triggered abilities one at a time, restarting (FoW 6.1, 6.2)."""
        while True:
            state = self.rule_processing(state)
            if state.winner is not None:
                return state
            state = self.check_state_triggers(state)
            state, played = self.process_triggers(state)
            if not played:
                return replace(state, next_trigger_player=None)

    def may_play(self, state: GameState, pid: PlayerId) -> list[str]:
        """Return what ``pid`` may play now: cards and abilities whose timing allows it (FoW 6.3, 12.3)."""
        out: list[str] = []
        index = self.index(state)
        will = None
        abilities = set(index["activatable"][pid]) if state.priority == pid else set()
        for card in index["cards"][pid]:
            if card.zone == "hand" and card.type in ("resonator", "regalia", "addition", "spell"):
                will = self.available_will(state, pid) if will is None else will
                cost = self.cost_of(state, pid, card, card.cost.will, record=False)
                if self.can_play(state, {"player": pid, "card": card.id}) and self.can_pay_will(cost, will):
                    out.append(card.id)
            elif card.zone == "standby" and card.subtype == "chant_standby" and not card.placed_this_turn:
                if self._standby_condition(state, card, pid):
                    out.append(card.id)
            elif card.zone in BATTLE_AREA and abilities:
                out += [key for key in (f"{card.id}#{a.index}" for a in cont.abilities_of(card)) if key in abilities]
        return out

    def priority_sequence(self, state: GameState) -> GameState:
        """Run priority processing until both players pass in succession with an empty chase (FoW 6)."""
        while True:
            state = self.priority_processing(state)
            if state.winner is not None:
                return state
            pid = state.priority
            timing = "main" if self.main_timing(state, pid) else "instant"
            self.rec("priority", "fow.priority", wp("6.1"), player=pid, timing=timing, chase=len(state.chase),
                     may_play=self.may_play(state, pid))
            action = self.peek()
            if action is not None and action.get("type") == "concede":
                self.cursor += 1
                return self.do_concede(state, action)
            if action is not None and action.get("type") == "loop":
                self.cursor += 1
                try:
                    state = self.do_loop(state, action)
                except IllegalAction as illegal:
                    self.rec("illegal", illegal.message_id, illegal.citation, **dict(illegal.params))
                if state.winner is not None:
                    return state
                continue
            if (action is not None and state.battle is not None and not state.chase
                    and action.get("player") in (p.id for p in state.players) and self._declaration_ahead(state, action)):
                # A battle declaration given while priority is being processed with an empty chase: no
                # action was given for the players in between, so both pass and the sequence ends (6.4).
                self.rec("priority", "fow.priority.implied_passes", wp("6.4"), player=pid, type=action["type"],
                         step=state.step)
                self.rec("priority", "fow.priority.sequence_end", wp("6.4"), phase=state.phase, step=state.step)
                return replace(state, passes=0)
            if action is None or action.get("type") in ("attack", "no_attack", "block", "no_block", "choose", "mulligan"):
                if action is not None:
                    self.rec("illegal", "fow.illegal.out_of_turn", wp("6.3"), type=action.get("type"),
                             player=action.get("player"))
                    self.cursor += 1
                    continue
                self.last = state
                raise Stop
            self.cursor += 1
            self.last = state
            try:
                state, outcome = self.perform(state, action)
            except IllegalAction as illegal:
                self.rec("illegal", illegal.message_id, illegal.citation, **dict(illegal.params))
                continue
            if outcome == "pass":
                if state.passes == 1:
                    if not state.chase:
                        self.rec("priority", "fow.priority.sequence_end", wp("6.4"), phase=state.phase, step=state.step)
                        return replace(state, passes=0)
                    state = replace(state, passes=0)
                    state = self.resolve_top(state)
                    state = replace(state, priority=state.active)
                    self.rec("priority", "fow.priority.to_active", wp("6.4"), player=state.active)
                else:
                    state = replace(state, passes=1, priority=state.opponent(pid))
            elif outcome == "keep":
                state = replace(state, passes=0)
                self.rec("priority", "fow.priority.keep", wp("6.4"), player=pid)
            elif outcome == "opponent":
                state = replace(state, passes=0, priority=state.opponent(pid))
                self.rec("priority", "fow.priority.to_opponent", wp("6.4"), player=state.priority)
            elif outcome == "battle":  # FoW 8.1: the turn player receives priority in the beginning of battle step
                state = replace(state, passes=0, priority=state.active)

    @staticmethod
    def _declaration_ahead(state: GameState, action: Mapping[str, Any]) -> bool:
        """Whether ``action`` is the battle declaration this battle comes to next: an attack (or
        none) before one is declared (8.2), a block (or none) after the attack and before the
        block is declared (8.3). Only then do missing passes mean both players pass (6.4); any
        other declaration stays an ``illegal`` step and does not move the game on."""
        kind, battle = action.get("type"), state.battle
        if kind in ("attack", "no_attack"):
            return not battle.declared and state.step in ("beginning_of_battle", "declare_attack")
        if kind in ("block", "no_block"):
            return battle.declared and state.step in ("declare_attack", "declare_block")
        return False

    def perform(self, state: GameState, action: Mapping[str, Any]) -> tuple[GameState, str]:
        """Do one priority action; return the new state and how priority moves (FoW 6.3, 6.4)."""
        kind, pid = action["type"], action.get("player")
        if kind != "pass" and pid != state.priority:
            raise IllegalAction(wp("6.3"), "fow.illegal.no_priority", {"player": pid})
        if kind == "pass":
            self.verify_pass(state, pid)
            if state.active == pid and state.phase == "main" and state.battle is None and not state.chase:
                self.forced_attackers(state, pid, record=True)  # FoW 7.12: a must-attack card with a cost does not force
            self.rec("pass", "fow.pass", wp("7.12"), player=pid, consecutive=state.passes + 1)
            return state, "pass"
        # FoW 8.2 "施放法術或異能": any spell or ability the non-turn player plays, will abilities included (9.7).
        opponent_played = state.battle is not None and pid != state.active and kind in ("play", "activate", "will",
                                                                                        "play_standby", "lifebreak")
        seen = len(state.events)
        if kind == "play":
            state, outcome = self.do_play(state, action), "opponent"
        elif kind == "activate":
            ability = self._ability(state, action["card"], action.get("ability", 0))
            state = self.do_activate(state, action)
            outcome = "keep" if ability is not None and ability.kind == "will" else "opponent"
        elif kind == "will":
            state, outcome = self.do_will(state, action), "keep"
        elif kind == "play_standby":
            state, outcome = self.do_play_standby(state, action), "opponent"
        elif kind == "call_stone":
            state, outcome = self.do_call_stone(state, pid), "keep"
        elif kind == "judgment":
            state = self.do_judgment(state, action)
            outcome = "keep" if self.options["priority_after_judgment"] == "keep" else "opponent"
            self.rec("priority", "fow.priority.judgment_reading", wp("6.4"),
                     reading=self.options["priority_after_judgment"])
        elif kind == "standby":
            state, outcome = self.do_standby(state, action), "keep"
        elif kind == "lifebreak":
            before = len(state.chase)
            state = self.do_lifebreak(state, action)
            outcome = "opponent" if len(state.chase) > before else "keep"  # a break ability was played (FoW 6.4)
        elif kind == "battle":
            return self.do_battle(state, pid), "battle"
        else:
            raise IllegalAction(wp("6.3"), "fow.illegal.unknown_action", {"type": kind})
        if opponent_played and (kind != "lifebreak" or outcome == "opponent"):
            state = replace(state, battle=replace(state.battle, opponent_played=True))
        if outcome == "opponent" and seen:  # FoW 7.9: something was played, a new window for Chant-Standby conditions
            state = replace(state, events=state.events[seen:])
        return state, outcome

    # ------------------------------------------------------------------ resolving the chase
    def resolve_top(self, state: GameState) -> GameState:
        """Resolve the last item that entered the chase, only that one (FoW 6.4, 9.3)."""
        item = state.chase[-1]
        state = replace(state, chase=state.chase[:-1], events=())
        self.rec("resolve", "fow.resolve", wp("6.4"), position=item.position, kind=item.kind, card=item.source,
                 card_name=self.name(state, item.source) if item.source in state.cards else item.source)
        if item.kind == "judgment":
            return self._resolve_judgment(state, item)
        if item.kind == "card":
            return self._resolve_card(state, item)
        card = state.cards.get(item.source)
        if item.effect_override is not None:
            instructions = item.effect_override
        else:
            ability = next((a for a in cont.abilities_of(card) if a.index == item.ability), None) if card else None
            if ability is None:
                return state
            if ability.text is not None:
                self.complete = False
                self.rec("cannot_evaluate", "fow.cannot_evaluate", silent("card text the engine cannot read"),
                         card=item.source, detail=ability.text)
                return state
            instructions = ability.effect
            if card is not None and card.zone not in BATTLE_AREA and card.zone != "chase" and ability.kind != "break":
                # 9.6 says so for triggered abilities; an activated ability resolves by 9.3/7.8 (no source needed).
                self.rec("resolve", "fow.resolve.source_gone", wp("9.6" if ability.kind == "triggered" else "9.3"),
                         card=item.source)
        specs = ability.targets if item.effect_override is None else ()
        state = self.run_effect(state, item, instructions, specs)
        if card is not None and not item.copy and card.id in state.cards and state.cards[card.id].zone == "chase":  # FoW 7.10
            state = self.move(state, card.id, "graveyard", "lifebreak", wp("7.10"))
        return state

    def _resolve_judgment(self, state: GameState, item: ChaseItem) -> GameState:
        ruler = state.cards[item.source]
        if ruler.zone != "ruler_area" or ruler.side != "ruler":
            self.rec("no_effect", "fow.judgment.no_ruler", wp("7.5"), card=ruler.id)
            return state
        state = self.move(state, ruler.id, "field", "judgment", wp("7.5"))
        state = state.with_card(replace(state.cards[ruler.id], side="j_ruler", on_field_since_turn_start=False))
        self.rec("judgment", "fow.judgment.flip", wp("7.5"), card=ruler.id, j_ruler=ruler.j_face.name)
        return self.fire(state, "enter", ruler.id)

    def _resolve_card(self, state: GameState, item: ChaseItem) -> GameState:
        card = state.cards[item.source]
        if card.type == "spell":
            spell = next((a for a in card.abilities if a.kind == "spell"), None)
            if spell is not None and spell.text is not None:
                self.complete = False
                self.rec("cannot_evaluate", "fow.cannot_evaluate", silent("card text the engine cannot read"),
                         card=card.id, detail=spell.text)
            elif spell is not None:
                state = self.run_effect(state, item, spell.effect, spell.targets)
            section = {"chant_instant": "7.7", "chant_standby": "7.9"}.get(card.subtype or "", "7.3")
            if state.cards[card.id].zone == "chase":
                state = self.move(state, card.id, "graveyard", "resolved", wp(section))
            return state
        attach = None
        if card.type == "addition" and card.subtype != "field":
            spec = self._card_targets(card)[0]
            target = item.targets[0] if item.targets else None
            if target is not None and self.target_ok(state, spec, target, item.controller, item.target_marks[0]):
                attach = target
            else:
                self.rec("no_effect", "fow.resolve.target_illegal", wp("9.3"), card=card.id, target=str(target),
                         part="attach")
        state = self.move(state, card.id, "field", "resolved", wp("7.2" if card.type == "addition" else "7.1"),
                          controller=item.controller)
        if attach is not None:
            state = state.with_card(replace(state.cards[card.id], attached_to=attach))
            self.rec("move", "fow.attach", wp("10.1"), card=card.id, to_card=attach)
        if item.awakened:
            state = state.with_card(replace(state.cards[card.id], awakened=True))
            self.rec("resolve", "fow.awakening.gained", wp("12.1"), card=card.id, card_name=card.name)
        if item.from_hand:
            state = self.fire(state, "enter", card.id)
        else:
            self.rec("trigger", "fow.trigger.no_enter", wp("9.6"), card=card.id, card_name=card.name)
        return state

    def run_effect(self, state: GameState, item: ChaseItem, instructions: Sequence[Mapping[str, Any]],
                   specs: Sequence[Mapping[str, Any]]) -> GameState:
        """Do each instruction in order; skip only those tied to a target that became illegal (FoW 9.3, 1.4)."""
        legal = []
        for i, target in enumerate(item.targets):
            spec = specs[i] if i < len(specs) else {"zone": "field"}
            mark = item.target_marks[i] if i < len(item.target_marks) else None
            ok = self.target_ok(state, spec, target, item.controller, mark)
            legal.append(ok)
            if not ok:
                self.rec("no_effect", "fow.resolve.target_illegal", wp("9.3"), card=item.source, target=str(target),
                         part=f"target {i}")
        outer, self.revealing = self.revealing, []
        for instr in instructions:
            ref = instr.get("target")
            if isinstance(ref, int):
                if ref >= len(item.targets) or not legal[ref]:
                    self.rec("no_effect", "fow.resolve.part_skipped", wp("9.3"), card=item.source, do=instr["do"],
                             target=ref)
                    continue
            state = self.do_instruction(state, item, instr)
            if state.winner is not None:
                break
        for cid in self.revealing:  # FoW 10.4: the reveal ends when its effect ends
            if cid in state.cards and state.cards[cid].revealed:
                state = state.with_card(replace(state.cards[cid], revealed=False))
                self.rec("state", "fow.reveal.end", wp("10.4"), card=cid, reason="effect_ended")
        self.revealing = outer
        return state

    def _zone_refs(self, state: GameState, item: ChaseItem, instr: Mapping[str, Any], refs: list[str]) -> list[str]:
        """Return the cards an instruction names by ``zone`` (``count`` from the top of an ordered zone,
        else all) of ``player`` (``you``/``opponent``), or its ``target`` references."""
        if "zone" not in instr:
            return [r for r in refs if r in state.cards]
        owner = item.controller if instr.get("player", "you") == "you" else state.opponent(item.controller)
        cards = [c.id for c in state.in_zone(instr["zone"], owner)]
        return cards[: instr["count"]] if "count" in instr else cards

    def reveal(self, state: GameState, ids: Sequence[CardId], player: PlayerId) -> GameState:
        """Show cards of a hidden zone to every player until the effect ends or they move (FoW 10.4)."""
        shown = []
        for cid in ids:
            card = state.cards[cid]
            if card.zone in PUBLIC:
                continue
            state = state.with_card(replace(card, revealed=True))
            self.revealing.append(cid)
            shown.append(cid)
        self.rec("reveal", "fow.reveal", wp("10.4"), player=player, cards=shown)
        return state

    def search(self, state: GameState, item: ChaseItem, instr: Mapping[str, Any]) -> GameState:
        """Choose or search ``count`` cards meeting ``filter`` in a zone and move them ``to`` a zone (FoW 10.13).

        ``{"do": "search", "zone", "player": "you"|"opponent" (whose zone), "filter", "count": 1,
        "to": "hand", "reveal": false}``. In a public zone, or a hidden one whose every card all
        players can see (revealed, FoW 10.4), the player must choose a matching card if there is
        one; in a hidden zone the player looks at every card and may declare that none was found
        even when one is there (the option ``not_found``). The chooser is the effect's controller.
        """
        pid = item.controller
        owner = pid if instr.get("player", "you") == "you" else state.opponent(pid)
        zone = instr.get("zone", "main_deck")
        cards = state.in_zone(zone, owner)
        flt = {**dict(instr.get("filter", {})), "zone": zone}
        matching = [c.id for c in cards if cont.matches(cont.base(c), c, flt, pid)]
        public = zone in PUBLIC or all(c.revealed for c in cards)
        count = max(0, min(instr.get("count", 1), len(matching)))
        self.rec("effect", "fow.search", wp("10.13"), player=pid, zone=zone, owner=owner, found=len(matching),
                 public=public)
        combos = [list(c) for c in itertools.combinations(sorted(matching), count)] if count else []
        if public:
            picked = self.choose("search", pid, combos, wp("10.13"), zone=zone) if combos else []
        else:
            picked = self.choose("search", pid, combos + ["not_found"], wp("10.13"), zone=zone)
            if picked == "not_found":
                self.rec("effect", "fow.search.not_found", wp("10.13"), player=pid, zone=zone, found=len(matching))
                picked = []
        if picked and instr.get("reveal"):
            state = self.reveal(state, picked, pid)
        return self.move_many(state, picked, instr.get("to", "hand"), "search", wp("10.13"))

    def copy(self, state: GameState, item: ChaseItem, ref: str) -> GameState:
        """Copy a card or an ability in the zone where it is (FoW 10.16).

        An ability on the chase (``chase:N``): an identical ability goes on top of the chase with
        the same choices (targets). A card: a virtual card with the same (printed) information and
        no continuous effect, in the same zone, controlled as the original; it enters with the
        states of a card entering a zone (FoW 3.2) and ceases to exist when it leaves that zone.
        A card on the chase is copied there with the same choices.
        """
        if ref.startswith("chase:"):
            original = next((i for i in state.chase if f"chase:{i.position}" == ref), None)
            if original is None:
                return state
            source = original.source
            if original.kind == "card":
                state, source = self._virtual_copy(state, original.source)
            elif original.kind == "judgment":
                return self._copy_judgment(state, original, ref)
            copied = replace(original, source=source, position=len(state.chase) + 1, copy=True, from_hand=False)
            state = replace(state, chase=state.chase + (copied,))
            self.rec("effect", "fow.copy.chase", wp("10.16"), original=ref, position=copied.position,
                     card=original.source, targets=[str(t) for t in copied.targets])
            return state
        if ref not in state.cards:
            return state
        state, _ = self._virtual_copy(state, ref)
        return state

    def _copy_judgment(self, state: GameState, original: ChaseItem, ref: str) -> GameState:
        """Copy the Judgment on the chase: not covered, decided by ``priority_after_judgment`` (FoW 10.16, 7.5).

        10.16 copies 「1張牌或1個異能」 and, on the chase, 「連鎖區中的1個異能」; whether the Judgment on
        the chase is such an ability the document does not say in 10.16. 7.5 calls it the Judgment
        ability (「審判異能進入連鎖區」), and the ``priority_after_judgment`` flag already decides
        whether Judgment is a played ability (``opponent``, 9.3) or an action of its own (``keep``,
        6.3); the copy follows the same reading so the engine keeps one answer. ``opponent``: an
        identical Judgment ability goes on top of the chase, controlled as the original (its
        resolution flips that player's ruler if it is still in the ruler area ruler side up, 7.5;
        nothing is paid and the player has not performed Judgment again). ``keep``: nothing is
        copied. Either way a ``not_covered`` step (``copy_judgment``) comes first.
        """
        reading = self.options["priority_after_judgment"]
        default = ("copied as an ability on the chase (reading 'opponent': Judgment is a played ability, 7.5)"
                   if reading == "opponent" else
                   "nothing is copied (reading 'keep': Judgment is an action of its own, neither card nor ability)")
        self.rec("not_covered", "fow.not_covered",
                 silent("copying Judgment on the chase (10.16 names cards and abilities; 7.5 calls it the Judgment ability)"),
                 topic="copy_judgment", default=default, reading=reading)
        if reading != "opponent":
            return state
        copied = replace(original, position=len(state.chase) + 1, copy=True, from_hand=False)
        state = replace(state, chase=state.chase + (copied,))
        self.rec("effect", "fow.copy.judgment", wp("10.16"), original=ref, position=copied.position,
                 card=original.source, reading=reading)
        return state

    def _virtual_copy(self, state: GameState, cid: CardId) -> tuple[GameState, CardId]:
        original = state.cards[cid]
        state, stamp = state.tick()
        new_id = f"{cid}+copy{stamp}"
        seq = min((c.seq for c in state.in_zone(original.zone)), default=0) - 1
        copy = replace(original, id=new_id, virtual=True, copy_of=cid, rested=False, damage=0,
                       counters=MappingProxyType({}), attached_to=None, incarnation=0, timestamp=stamp,
                       entered_this_turn=original.zone in BATTLE_AREA, on_field_since_turn_start=False,
                       placed_this_turn=False, revealed=False, seq=seq)
        state = state.with_card(copy)
        self.rec("effect", "fow.copy.card", wp("10.16"), card=cid, copy=new_id, zone=original.zone)
        return state, new_id

    def _refs(self, state: GameState, item: ChaseItem, instr: Mapping[str, Any], key: str = "target") -> list[str]:
        ref = instr.get(key, "this")
        pid = item.controller
        if isinstance(ref, int):
            return [item.targets[ref]]
        if ref == "this":  # a source that became a new card is no longer "this" (FoW 3.1)
            return [item.source] if self.same_card(state, item.source, item.source_mark) else []
        if ref == "you":
            return [pid]
        if ref == "opponent":
            return [state.opponent(pid)]
        if ref == "attached":
            card = state.cards.get(item.source)
            return [card.attached_to] if card and card.attached_to else []
        if ref == "attacker" and state.battle:
            return [state.battle.attacker] if state.battle.attacker else []
        if isinstance(ref, Mapping):
            return [cid for cid in sorted(state.cards) if cont.matches(self.info(state, cid), state.cards[cid], ref, pid)]
        return [ref] if isinstance(ref, str) and ref in state.cards else []

    def do_instruction(self, state: GameState, item: ChaseItem, instr: Mapping[str, Any]) -> GameState:
        """Apply one instruction of a resolving card or ability (FoW 9.8, 10)."""
        do = instr["do"]
        pid = item.controller
        refs = self._refs(state, item, instr)
        if do == "deal_damage":
            amount = instr.get("amount", 0)
            if isinstance(amount, Mapping):
                key = amount.get("lki", "atk")
                if item.lki is not None:  # a zone-change trigger reads the card as it was (FoW 9.6, 9.11)
                    amount, from_lki = item.lki.get(key, 0), True
                else:
                    amount, from_lki = self.known_value(state, item.source, item.source_mark, key)
                if from_lki:
                    self.rec("lki", "fow.lki", wp("9.11"), card=item.source, value=amount)
            for r in refs:
                state = self.deal_damage(state, item.source, r, amount, wp("10.6"))
        elif do in ("destroy",):
            state = self.destroy_all(state, [r for r in refs if r in state.cards], wp("10.9"), "effect")
        elif do in ("banish", "remove", "return_to_hand", "put_into_graveyard"):
            to, section = {"banish": ("graveyard", "10.10"), "remove": ("removed", "10.3"),
                           "return_to_hand": ("hand", "3.1"), "put_into_graveyard": ("graveyard", "3.9")}[do]
            moving = []
            for r in refs:
                if r in state.cards:
                    if do == "banish" and state.cards[r].controller != pid:
                        self.rec("no_effect", "fow.no_effect.banish_not_controlled", wp("10.10"), card=r)
                        continue
                    moving.append(r)
            state = self.move_many(state, moving, to, do, wp(section))
        elif do == "draw":
            for r in refs if instr.get("target") in ("you", "opponent") else [pid]:
                for _ in range(max(0, instr.get("count", 1))):
                    state = self.draw(state, r, in_draw_phase=False)
        elif do in ("gain_life", "lose_life"):
            sign = 1 if do == "gain_life" else -1
            for r in refs if instr.get("target") in ("you", "opponent") else [pid]:
                state = self.set_life(state, r, state.player(r).life + sign * instr.get("amount", 0), wp("1.5"), do,
                                      instr.get("amount", 0))
        elif do in ("rest", "recover"):
            for r in refs:
                if r in state.cards:
                    state = state.with_card(replace(state.cards[r], rested=do == "rest"))
                    self.rec("state", f"fow.state.{do}", wp("10.12"), card=r)
        elif do == "cancel":
            for r in refs:
                state = self._cancel(state, r)
        elif do == "modify":
            state = self._create_effect(state, item, instr, refs, "continuous")
        elif do in ("prevent", "cannot_be_destroyed"):
            state = self._create_effect(state, item, instr, refs, "replacement")
        elif do == "delayed":
            state, stamp = state.tick()
            effect = Effect(f"e{stamp}", "delayed", item.source, pid, stamp,
                            frozen({"event": instr["event"], "effect": instr.get("effect", [])}))
            state = replace(state, effects=state.effects + (effect,))
            self.rec("effect", "fow.effect.delayed", wp("9.6"), effect=effect.id, event=instr["event"])
        elif do == "produce_will":
            pool = dict(state.player(pid).will)
            for k, n in instr.get("will", {}).items():
                pool[k] = pool.get(k, 0) + n
            state = state.with_player(replace(state.player(pid), will=MappingProxyType(pool)))
            self.rec("will", "fow.will.spell", wp("9.7"), player=pid, pool=_will_text(pool))
        elif do == "summon":
            for r in refs:
                card = state.cards.get(r)
                if card is None or card.type != "resonator":
                    continue
                state = self.move(state, r, "chase", "summon", wp("10.5"))
                sitem = ChaseItem("card", r, pid, position=len(state.chase) + 1, source_mark=state.cards[r].incarnation)
                state = replace(state, chase=state.chase + (sitem,))
                self.rec("play", "fow.summon", wp("10.5"), card=r, card_name=card.name, position=sitem.position)
        elif do == "discard":
            for r in refs if instr.get("target") in ("you", "opponent") else [pid]:
                hand = state.in_zone("hand", r)
                count = instr.get("count")
                if count is None or count >= len(hand):
                    picked = [c.id for c in hand]
                else:
                    self.rec("not_covered", "fow.not_covered", silent("who chooses the cards discarded (10.18)"),
                             topic="discard_chooser", default="the discarding player chooses")
                    picked = self.choose_cards("discard", r, [c.id for c in hand], max(0, count), wp("10.18"))
                state = self.move_many(state, picked, "graveyard", "discard", wp("10.18"))
                if not hand:
                    self.rec("state", "fow.discard.empty", wp("10.18"), player=r)
        elif do == "copy":
            for r in refs:
                state = self.copy(state, item, r)
        elif do == "reveal":
            state = self.reveal(state, self._zone_refs(state, item, instr, refs), item.controller)
        elif do == "search":
            state = self.search(state, item, instr)
        elif do == "replace":
            state = self._create_effect(state, item, instr, refs, "replacement")
        elif do == "battle_cost":  # FoW 8.2, 8.3: a cost to attack or block, while the effect lasts
            state = self._create_effect(state, item, instr, refs, "continuous")
        elif do in ("add_counter", "remove_counter"):
            for r in refs:
                card = state.cards[r]
                counters = dict(card.counters)
                name = instr.get("counter", "+100/+100")
                counters[name] = max(0, counters.get(name, 0) + (instr.get("count", 1) if do == "add_counter" else -instr.get("count", 1)))
                state = state.with_card(replace(card, counters=MappingProxyType({k: v for k, v in counters.items() if v})))
                self.rec("state", "fow.counters", silent("counters are card text; the whitepaper defines none"),
                         card=r, counters=f"{name}:{counters[name]}")
        else:
            self.complete = False
            self.rec("cannot_evaluate", "fow.cannot_evaluate", silent("card text the engine cannot read"),
                     card=item.source, detail=instr.get("text", do))
        return state

    def _cancel(self, state: GameState, ref: str) -> GameState:
        """Remove an item from the chase; a card goes to its owner's graveyard (FoW 10.11)."""
        position = int(ref.split(":")[1]) if ref.startswith("chase:") else -1
        target = next((i for i in state.chase if i.position == position), None)
        if target is None:
            return state
        state = replace(state, chase=tuple(i for i in state.chase if i is not target))
        self.rec("cancel", "fow.cancel", wp("10.11"), position=position, card=target.source)
        if target.kind == "card":
            state = self.move(state, target.source, "graveyard", "cancelled", wp("10.11"))
        elif target.kind == "ability" and not target.copy and state.cards.get(target.source) is not None \
                and state.cards[target.source].zone == "chase":
            # FoW 7.10: the lifebreak card goes to the graveyard once its break ability has left the chase.
            state = self.move(state, target.source, "graveyard", "lifebreak", wp("7.10"))
        return state

    def _create_effect(self, state: GameState, item: ChaseItem, instr: Mapping[str, Any], refs: list[str],
                       kind: str) -> GameState:
        """Create a continuous or replacement effect fixed to the cards it affects (FoW 9.9, 9.10)."""
        state, stamp = state.tick()
        spec = dict(instr)
        flt = instr.get("target") if isinstance(instr.get("target"), Mapping) else None
        affected: tuple[str, ...] | None = tuple(refs)
        if flt is not None:
            spec["applies_to"] = flt
            if self.options["condition_effect_scope"] == "any_card":
                affected = None
            self.rec("effect", "fow.effect.scope", wp("9.9"), reading=self.options["condition_effect_scope"],
                     locked=list(refs) if affected is not None else [])
        duration = instr.get("duration", "permanent")
        if duration in BATTLE_DURATIONS and state.battle is None:
            self.rec("not_covered", "fow.not_covered",
                     silent("an effect lasting during or until the end of a battle that begins outside a battle "
                            "(8.6 ends such effects in the end of battle step; 5.4 ends only 'until end of turn')"),
                     topic="battle_duration_outside_battle",
                     default="it lasts until the next end of battle step (8.6 clears every such effect there)")
        effect = Effect(f"e{stamp}", kind, item.source, item.controller, stamp, frozen(spec), affected,
                        self.marks(state, refs), duration)
        state = replace(state, effects=state.effects + (effect,))
        self.rec("effect", "fow.effect.create", wp("9.10" if kind == "replacement" else "9.9"), effect=effect.id,
                 kind=kind, affected=list(refs), duration=effect.duration, timestamp=stamp)
        return state

    # ------------------------------------------------------------------ damage and destruction
    def replacements(self, state: GameState, key: str, target: str) -> list[Effect]:
        """Return the unspent replacement effects of instruction ``key`` that affect ``target``."""
        found = [e for e in state.effects if e.kind == "replacement" and e.spec.get("do") == key and not e.used
                 and (e.affected is None or target in e.affected)]
        return found

    def event_replacements(self, state: GameState, event: str, target: str) -> list[Effect]:
        """Return the unspent replacement effects that replace ``event`` (``damage``: also prevention,
        FoW 10.17) happening to ``target`` (FoW 9.10)."""
        found = []
        for e in state.effects:
            if e.kind != "replacement" or e.used or not (e.affected is None or target in e.affected):
                continue
            if e.spec.get("do") == "replace" and e.spec.get("event") == event or event == "damage" and e.spec.get("do") == "prevent":
                found.append(e)
        return found

    def _spend(self, state: GameState, effect: Effect, **changes: Any) -> GameState:
        return replace(state, effects=tuple(replace(e, **changes) if e.id == effect.id else e for e in state.effects))

    def _redirect(self, state: GameState, effect: Effect) -> str | None:
        ref = effect.spec.get("instead", {}).get("redirect")
        if ref == "you":
            return effect.controller
        if ref == "opponent":
            return state.opponent(effect.controller)
        if ref == "this":
            return effect.source
        return ref if isinstance(ref, str) and (ref in state.cards or ref in (p.id for p in state.players)) else None

    def deal_damage(self, state: GameState, source: CardId, target: str, amount: int, citation: Citation) -> GameState:
        """Deal damage to a player (life) or a resonator/J-ruler (marked); replacements apply first (FoW 10.6, 10.17, 9.10).

        When two or more replacement effects (prevention, redirection) would apply, the player dealt
        the damage, or the controller of the card dealt it, chooses one; the others are then
        checked against the modified event, and each applies to the event at most once (FoW 9.10).
        A "prevent N" that prevented less than N is spent or keeps the rest by the
        ``partial_prevention`` reading (FoW 9.10 / 10.17). ``self.last_dealt`` is set to the
        damage actually dealt (0 when all of it was prevented).
        """
        self.last_dealt = 0
        if amount <= 0:
            self.rec("no_effect", "fow.damage.none", wp("1.4"), source=source, target=target, amount=amount)
            return state
        players = {p.id for p in state.players}
        applied: set[str] = set()
        while amount > 0:
            options = [e for e in self.event_replacements(state, "damage", target) if e.id not in applied]
            if not options:
                break
            owner = target if target in players else state.cards[target].controller if target in state.cards else state.active
            if len(options) > 1:
                picked = self.choose("replacement", owner, [e.id for e in options], wp("9.10"), target=target)
                shield = next(e for e in options if e.id == picked)
            else:
                shield = options[0]
            applied.add(shield.id)
            if shield.spec.get("do") == "prevent":
                cap = shield.remaining if shield.remaining is not None else shield.spec.get("amount")
                prevented = amount if cap is None else min(cap, amount)
                amount -= prevented
                self.rec("replace", "fow.damage.prevented", wp("10.17"), effect=shield.id, target=target,
                         prevented=prevented, left=amount)
                if cap is not None:
                    reading = self.options["partial_prevention"]
                    unused = cap - prevented
                    if unused > 0:
                        self.rec("replace", "fow.prevention.leftover", wp("9.10" if reading == "spent" else "10.17"),
                                 effect=shield.id, unused=unused, reading=reading)
                    if reading == "spent" or unused <= 0:
                        state = self._spend(state, shield, used=True)
                    else:
                        state = self._spend(state, shield, remaining=unused)
                continue
            new_target = self._redirect(state, shield)
            if new_target is None or new_target == target:
                continue
            self.rec("replace", "fow.replace.redirect", wp("9.10"), effect=shield.id, target=target, to=new_target,
                     amount=amount)
            if shield.spec.get("once"):
                state = self._spend(state, shield, used=True)
            target = new_target
        if amount <= 0:
            return state
        if target in players:
            self.last_dealt = amount
            self.rec("damage", "fow.damage.player", citation, source=source, target=target, amount=amount)
            return self.set_life(state, target, state.player(target).life - amount, wp("10.6"), "damage", amount)
        card = state.cards.get(target)
        if card is None or card.zone != "field":
            self.rec("no_effect", "fow.damage.not_on_field", wp("10.6"), source=source, target=target)
            return state
        state = state.with_card(replace(card, damage=card.damage + amount))
        self.last_dealt = amount
        self.rec("damage", "fow.damage.card", citation, source=source, target=target, amount=amount,
                 total=card.damage + amount)
        return state

    def destroy_all(self, state: GameState, ids: Sequence[CardId], citation: Citation, reason: str) -> GameState:
        """Destroy cards at once (FoW 10.9): a J-ruler goes to the ruler area (3.8), a ruler in the ruler
        area to the graveyard (10.9, 3.15), a J-ruler there (an astral ruler) nowhere; LKI kept for triggers (9.6).

        A card that cannot be destroyed stays (1.4). Replacement effects of the destruction
        (Imperishable 11.7, ``replace`` effects with ``event: destroy``) are chosen by the card's
        controller when two or more apply, and only one applies: it replaces the destruction
        (FoW 9.10). The destroyed cards go to the graveyard together, their owner choosing their
        order (FoW 3.1).
        """
        lkis = {}
        for cid in ids:
            card = state.cards.get(cid)
            if card is None:
                continue
            if card.zone == "ruler_area" and card.astral:
                self.rec("no_effect", "fow.destroy.ruler_area", wp("10.9"), card=cid)
                continue
            if self.replacements(state, "cannot_be_destroyed", cid) or self.has(state, cid, "indestructible"):
                self.rec("replace", "fow.destroy.prevented", wp("10.9"), card=cid)
                continue
            lkis[cid] = (card, self.info(state, cid))
        graveyard: list[CardId] = []
        fired: dict[CardId, tuple[Card, cont.Chars]] = {}
        for cid, (card, chars) in lkis.items():
            options: list[str] = [e.id for e in self.event_replacements(state, "destroy", cid)]
            j_ruler = card.side == "j_ruler" and card.zone != "ruler_area"
            if j_ruler and "imperishable" in chars.keywords:
                options.append("imperishable")
            picked = None
            if options:
                picked = options[0] if len(options) == 1 else self.choose("replacement", card.controller, options,
                                                                          wp("9.10"), target=cid, event="destroy")
            if picked is not None and picked != "imperishable":
                effect = next(e for e in state.effects if e.id == picked)
                to = effect.spec.get("instead", {}).get("move_to", "removed")
                self.rec("replace", "fow.replace.destroy", wp("9.10"), effect=picked, card=cid, to=to)
                if effect.spec.get("once"):
                    state = self._spend(state, effect, used=True)
                state = self.move(state, cid, to, "replaced", wp("9.10"))
                continue
            fired[cid] = (card, chars)
            if j_ruler:
                if picked == "imperishable":
                    state = state.with_card(replace(state.cards[cid], side="ruler"))
                    self.rec("replace", "fow.destroy.imperishable", wp("11.7"), card=cid)
                else:
                    self.rec("state", "fow.destroy.astral", wp("3.8"), card=cid)
                state = self.move(state, cid, "ruler_area", "destroy", wp("10.9"))
                state = self.fire(state, "destroyed", cid, lki=chars, lki_card=card)
            else:
                graveyard.append(cid)

        def after(st: GameState, cid: CardId) -> GameState:
            card, chars = fired[cid]
            return self.fire(st, "destroyed", cid, lki=chars, lki_card=card)

        return self.move_many(state, graveyard, "graveyard", "destroy", wp("10.9"), after)

    def draw(self, state: GameState, pid: PlayerId, *, in_draw_phase: bool) -> GameState:
        """Draw the top card of the main deck (FoW 10.8); an empty deck in the draw phase loses (FoW 13.1)."""
        deck = state.in_zone("main_deck", pid)
        if not deck:
            if in_draw_phase:
                self.rec("draw", "fow.draw.empty", wp("13.1"), player=pid)
                return replace(state, must_draw_failed=state.must_draw_failed + (pid,))
            self.rec("not_covered", "fow.not_covered", silent("drawing from an empty main deck outside the draw phase (13.1 covers only the draw phase)"),
                     topic="draw_empty_outside_draw_phase", default="nothing happens")
            return state
        self.rec("draw", "fow.draw", wp("10.8"), player=pid, card=deck[0].id)
        return self.move(state, deck[0].id, "hand", "draw", wp("10.8"))

    # ------------------------------------------------------------------ battle
    def _attackers(self, state: GameState, pid: PlayerId) -> list[CardId]:
        return [cid for cid in sorted(state.cards) if self._attack_problem(state, pid, cid) is None]

    def _attack_problem(self, state: GameState, pid: PlayerId, cid: CardId) -> IllegalAction | None:
        card = state.cards.get(cid)
        if card is None or card.controller != pid or card.zone != "field" or not (card.type == "resonator" or card.side == "j_ruler"):
            return IllegalAction(wp("8.2"), "fow.illegal.attacker", {"card": cid})
        if card.rested:
            return IllegalAction(wp("8.2"), "fow.illegal.attacker_rested", {"card": cid})
        new = card.entered_this_turn
        if card.side == "j_ruler" and not card.on_field_since_turn_start and self.options["j_ruler_attack_on_judgment_turn"] == "forbidden":
            new = True
        if new and not self.has(state, cid, "swiftness"):
            return IllegalAction(wp("8.2"), "fow.illegal.attacker_new", {"card": cid})
        if self.has(state, cid, "cannot_attack"):
            return IllegalAction(wp("7.12"), "fow.illegal.cannot_attack", {"card": cid})
        return None

    def do_battle(self, state: GameState, pid: PlayerId) -> GameState:
        """Initiate a battle: no chase; go to the beginning of battle step (FoW 7.4, 8.1).

        8.1: 「戰鬥開始時觸發條件滿足 主動玩家獲得優先權並執行優先權處理」: the start-of-battle triggers
        trigger, and the priority sequence goes on in this step with the turn player's priority.
        """
        self._timing(state, pid, True, "7.4")
        if state.battle is not None:
            raise IllegalAction(wp("6.3"), "fow.illegal.main_timing", {"player": pid})
        if not state.player(pid).may_battle:
            raise IllegalAction(wp("8.2"), "fow.illegal.no_more_battles", {"player": pid})
        self.rec("battle", "fow.battle.begin", wp("7.4"), player=pid)
        self.rec("phase", "fow.step", wp("8.1"), phase=state.phase, step="beginning_of_battle")
        state = replace(state, battle=Battle(), step="beginning_of_battle", passes=0, priority=state.active)
        return self.fire(state, "start_of_battle")

    def await_action(self, state: GameState, message_id: str, section: str, player: PlayerId,
                     **params: Any) -> Mapping[str, Any]:
        """Take the next action of a declaration the game waits for (FoW 8.2, 8.3, 4.2); with none
        left, record a ``wait`` step and stop there."""
        action = self.peek()
        if action is None:
            self.rec("wait", message_id, wp(section), player=player, **params)
            self.last = state
            raise Stop
        self.cursor += 1
        return action

    def declare_attack(self, state: GameState) -> GameState:
        """Take the turn player's attack declaration after the step's priority processing (FoW 8.2).

        An attack rests the attacker, then the player performs the actions needed to attack
        (:meth:`pay_battle_cost`); when they cannot be performed there is no attack and the game
        goes back to the choice to attack or not (「將遊戲狀態倒回至選擇攻擊或放棄攻擊時」): the
        state before the declaration, and the next action is that choice again.
        """
        ap = state.active
        while True:
            action = self.await_action(state, "fow.wait.attack", "8.2", ap, attackers=self._attackers(state, ap))
            if action.get("type") == "concede":
                return self.do_concede(state, action)
            if action.get("player") != ap or action.get("type") not in ("attack", "no_attack"):
                self.rec("illegal", "fow.illegal.expected_attack", wp("8.2"), type=action.get("type"))
                continue
            if action["type"] == "no_attack":
                forced = self.forced_attackers(state, ap, record=True)
                if forced:
                    self.rec("illegal", "fow.illegal.must_attack", wp("7.12"), player=ap, card=forced[0])
                    continue
                self.rec("battle", "fow.battle.no_attack", wp("8.2"), player=ap, opponent_played=state.battle.opponent_played)
                if not state.battle.opponent_played:
                    state = state.with_player(replace(state.player(ap), may_battle=False))
                    self.rec("battle", "fow.battle.no_more_battles", wp("8.2"), player=ap)
                return replace(state, step="end_of_battle")
            problem = self._attack_problem(state, ap, action.get("attacker"))
            target = action.get("target")
            if problem is None:
                problem = self._target_problem(state, action["attacker"], target)
            if problem is None:
                forced = self.forced_attackers(state, ap, record=True)
                if forced and action["attacker"] not in forced:
                    problem = IllegalAction(wp("8.2"), "fow.illegal.must_attack", {"player": ap, "card": forced[0]})
            if problem is not None:
                self.rec("illegal", problem.message_id, problem.citation, **dict(problem.params))
                continue
            attacker = action["attacker"]
            paid = self._rest_and_pay(state, ap, attacker, "attack", action)
            if paid is None:
                continue
            state = paid
            self.rec("battle", "fow.battle.attack", wp("8.2"), attacker=attacker, card_name=self.name(state, attacker),
                     target=target)
            state = replace(state, battle=replace(state.battle, attacker=attacker, target=target, declared=True))
            return self.fire(state, "attacks", attacker)

    def _rest_and_pay(self, state: GameState, pid: PlayerId, cid: CardId, action: str,
                      decl: Mapping[str, Any]) -> GameState | None:
        """Rest the attacker (or the blocker, by ``blocker_rests``), then perform the actions needed
        to ``action`` (FoW 8.2 「橫置進攻的生物/裁決者 如果玩家需要執行任何動作進行攻擊, 在此時點進行」,
        8.3 likewise). Output: the new state, or ``None`` after a ``fow.battle.rollback`` step when
        the actions cannot be performed (the caller keeps the state of the choice)."""
        section = "8.2" if action == "attack" else "8.3"
        rests = action == "attack" or self.options["blocker_rests"]
        after = state.with_card(replace(state.cards[cid], rested=True)) if rests else state
        if not self.battle_cost(after, cid, action)[0]:
            return after
        if rests:
            self.rec("state", "fow.state.rest", wp(section), card=cid)
        after, missing = self.pay_battle_cost(after, pid, cid, action, decl)
        if missing:
            self.rec("battle", "fow.battle.rollback", wp(section), player=pid, card=cid, action=action,
                     missing=", ".join(missing))
            return None
        return after

    def _target_problem(self, state: GameState, attacker: CardId, target: Any) -> IllegalAction | None:
        opp = state.opponent(state.active)
        if target == opp:
            return None
        card = state.cards.get(target) if isinstance(target, str) else None
        if card is None or card.controller != opp or card.zone != "field" or not (card.type == "resonator" or card.side == "j_ruler"):
            return IllegalAction(wp("8.2"), "fow.illegal.attack_target", {"target": str(target)})
        if not card.rested and not self.has(state, attacker, "target_attack"):
            return IllegalAction(wp("11.2"), "fow.illegal.attack_recovered", {"target": target})
        return None

    def declare_block(self, state: GameState) -> GameState:
        """Take the non-turn player's block declaration (FoW 8.3, 11.5).

        A blocker is a recovered resonator or J-ruler of the non-turn player that can block the
        attacking card (none can once the attacker left the field: it is a new card, FoW 3.1);
        it is rested (``blocker_rests``), then the actions needed to block are performed, or the
        game goes back to the choice to block or not (:meth:`_rest_and_pay`).
        """
        nap = state.opponent(state.active)
        attacker = state.battle.attacker
        while True:
            action = self.await_action(state, "fow.wait.block", "8.3", nap)
            if action.get("type") == "concede":
                return self.do_concede(state, action)
            if action.get("player") != nap or action.get("type") not in ("block", "no_block"):
                self.rec("illegal", "fow.illegal.expected_block", wp("8.3"), type=action.get("type"))
                continue
            if action["type"] == "no_block":
                self.rec("battle", "fow.battle.no_block", wp("8.3"), player=nap)
                return state
            bid = action.get("blocker")
            card = state.cards.get(bid) if isinstance(bid, str) else None
            if card is None or card.controller != nap or card.zone != "field" or not (card.type == "resonator" or card.side == "j_ruler"):
                self.rec("illegal", "fow.illegal.blocker", wp("8.3"), card=str(bid))
                continue
            if card.rested:
                self.rec("illegal", "fow.illegal.blocker_rested", wp("8.3"), card=bid)
                continue
            if not self._present(state, attacker):  # 8.3 「可以阻擋攻擊中的卡牌」: there is no attacking card to block
                self.rec("illegal", "fow.illegal.block_no_attacker", wp("8.3"), card=bid)
                continue
            if attacker and self.has(state, attacker, "flying") and not self.has(state, bid, "flying"):
                self.rec("illegal", "fow.illegal.flying", wp("11.5"), card=bid, attacker=attacker)
                continue
            paid = self._rest_and_pay(state, nap, bid, "block", action)
            if paid is None:
                continue
            state = paid
            self.rec("battle", "fow.battle.block", wp("8.3"), blocker=bid, card_name=self.name(state, bid),
                     rests=self.options["blocker_rests"])
            state = replace(state, battle=replace(state.battle, blocker=bid, blocked=True))
            return self.fire(state, "blocks", bid)

    def _present(self, state: GameState, cid: CardId | None) -> bool:
        return cid is not None and cid in state.cards and state.cards[cid].zone == "field"

    def battle_damage(self, state: GameState, first_strike: bool) -> GameState:
        """Deal battle damage in the first-strike or normal battle resolution step (FoW 8.4, 8.5, 11.1, 11.3, 11.4)."""
        battle = state.battle
        section = "8.4" if first_strike else "8.5"
        if not self._present(state, battle.attacker):
            self.rec("battle", "fow.battle.no_attacker", wp(section))
            return replace(state, step="end_of_battle")
        attacker = battle.attacker
        has_fs = self.has(state, attacker, "first_strike")
        if first_strike and not has_fs:
            self.rec("battle", "fow.battle.no_first_strike", wp("8.4"), attacker=attacker)
            return state
        blocker = battle.blocker if self._present(state, battle.blocker) else None
        if battle.blocked and blocker is None:
            reading = self.options["removed_blocker"]
            self.rec("battle", "fow.battle.blocker_gone", wp(section), reading=reading)
            if reading == "no_damage":
                return state
        hits: list[tuple[CardId, str, int]] = []
        if first_strike or not battle.first_strike_dealt:
            atk = self.info(state, attacker).atk
            if blocker is not None:
                target_damage = atk
                if self.has(state, attacker, "pierce"):
                    capacity = self.info(state, blocker).def_ - state.cards[blocker].damage
                    excess = atk - max(capacity, 0)
                    reading = self.options["pierce_blocker_damage"]
                    if excess > 0:
                        if reading == "capacity":
                            target_damage = max(capacity, 0)
                        self.rec("battle", "fow.battle.pierce", wp("11.1"), attacker=attacker, capacity=capacity,
                                 excess=excess, reading=reading)
                        hits.append((attacker, battle.target, excess))
                hits.insert(0, (attacker, blocker, target_damage))
            elif isinstance(battle.target, str) and battle.target in state.cards and not self._present(state, battle.target):
                self.rec("not_covered", "fow.not_covered", silent("an attack target that left the field (8.5 still names it)"),
                         topic="attack_target_gone", default="no damage is dealt")
            else:
                hits.append((attacker, battle.target, atk))
        if not first_strike:
            striker = blocker
            if striker is None and not battle.blocked and isinstance(battle.target, str) and self._present(state, battle.target):
                striker = battle.target
            if striker is None and battle.blocked and self.options["removed_blocker"] == "damage_to_target" \
                    and isinstance(battle.target, str) and self._present(state, battle.target):
                striker = battle.target
            if striker is not None:
                hits.append((striker, attacker, self.info(state, striker).atk))
        dealt_by: dict[CardId, list[str]] = {}
        for source, target, amount in hits:
            state = self.deal_damage(state, source, target, amount, wp(section))
            if self.last_dealt > 0:
                dealt_by.setdefault(source, []).append(target)
        if first_strike and attacker in dealt_by:
            # FoW 8.5 asks whether it dealt damage in 8.4; damage prevented in full is not dealt (10.17).
            state = replace(state, battle=replace(state.battle, first_strike_dealt=True))
        for source, targets in dealt_by.items():
            state = self._explode(state, source, targets)
        return state

    def _explode(self, state: GameState, source: CardId, targets: list[str]) -> GameState:
        """Explode: a resonator that dealt battle damage triggers to destroy itself and the resonator (FoW 11.4)."""
        card = state.cards.get(source)
        if card is None or not self.has(state, source, "explode"):
            return state
        if card.side == "j_ruler":
            self.rec("battle", "fow.explode.j_ruler", wp("11.4"), card=source)
            return state
        players = {p.id for p in state.players}
        victims = [t for t in targets if t not in players and state.cards[t].type == "resonator"]
        if not victims and self.options["explode_on_player_damage"] == "no":
            self.rec("battle", "fow.explode.player_reading", wp("11.4"), card=source, reading="no")
            return state
        effect = ({"do": "destroy", "target": "this"},) + tuple({"do": "destroy", "target": v} for v in victims)
        pending = Pending(source, card.controller, None, 1, None, "explode", effect=frozen(effect),
                          source_mark=card.incarnation)
        self.rec("trigger", "fow.explode", wp("11.4"), card=source, victims=victims,
                 reading=self.options["explode_on_player_damage"])
        return replace(state, pending=state.pending + (pending,))

    # ------------------------------------------------------------------ turn structure
    def run(self, state: GameState) -> GameState:
        """Play the scenario from its priority point until the actions run out or the game ends."""
        if state.phase == "setup":
            state = self.setup(state)
        while state.winner is None:
            state = self.priority_sequence(state)
            if state.winner is not None:
                break
            state = self.advance(state)
        return state

    # ------------------------------------------------------------------ concede and loops
    def verify_concede(self, state: GameState, action: Mapping[str, Any]) -> None:
        """Raise unless the action names a player: any player may concede at any time (FoW 1.3)."""
        if action.get("player") not in (p.id for p in state.players):
            raise IllegalAction(wp("1.3"), "fow.illegal.out_of_turn", {"type": "concede", "player": str(action.get("player"))})

    def can_concede(self, state: GameState, action: Mapping[str, Any]) -> bool:
        """Return whether :meth:`verify_concede` passes."""
        return _allowed(self.verify_concede, state, action)

    def do_concede(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """A player concedes: the game ends and the opponent wins (FoW 1.3); no effect replaces it."""
        self.verify_concede(state, action)
        pid = action["player"]
        winner = state.opponent(pid)
        self.rec("action", "fow.concede", wp("1.3"), player=pid)
        self.rec("end", "fow.game.end", wp("1.3"), winner=winner, reason=f"{pid} concedes")
        self.last = replace(state, winner=winner)
        return self.last

    def verify_loop(self, state: GameState, action: Mapping[str, Any]) -> None:
        """Raise unless the loop may be performed now (FoW 14.1).

        ``{"type": "loop", "player", "actions": [one iteration], "stoppable_by": [players who can
        stop it] (default: the player), "declare": {player: iterations}}``. After performing a loop
        the player must take another action before performing the same loop again (14.1).
        """
        pid = action.get("player")
        if pid not in (p.id for p in state.players) or not isinstance(action.get("actions"), list) or not action["actions"]:
            raise IllegalAction(wp("14.1"), "fow.illegal.loop", {"player": str(pid)})
        key = repr(action["actions"])
        if self.loop_lock is not None and self.loop_lock[:2] == (pid, key):
            between = self.actions[self.loop_lock[2]:self.cursor - 1]
            if not any(a.get("player") == pid for a in between):
                raise IllegalAction(wp("14.1"), "fow.illegal.loop_again", {"player": pid})

    def can_loop(self, state: GameState, action: Mapping[str, Any]) -> bool:
        """Return whether :meth:`verify_loop` passes."""
        return _allowed(self.verify_loop, state, action)

    def do_loop(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """Perform a loop the players declare iterations for (FoW 14.1).

        One player can stop it: that player declares the number and it is performed so many
        times. Both can: the turn player declares, then the non-turn player, and the smaller
        number is performed. Neither can: the game is a draw. The iterations are the loop's
        ``actions`` repeated, taken next from the action stream. A missing declaration is a
        ``wait`` step (the resolution stops there).
        """
        self.verify_loop(state, action)
        pid = action["player"]
        stoppers = [p for p in (state.active, state.opponent(state.active)) if p in action.get("stoppable_by", [pid])]
        if not stoppers:
            self.rec("loop", "fow.loop.unstoppable", wp("14.1"), player=pid)
            self.rec("end", "fow.game.end", wp("14.1"), winner="draw", reason="a loop no player can stop")
            return replace(state, winner="draw")
        declared = action.get("declare", {})
        counts = []
        for p in stoppers:
            n = declared.get(p)
            if not isinstance(n, int) or n < 0:
                self.rec("wait", "fow.wait.loop_count", wp("14.1"), player=p)
                self.last = state
                raise Stop
            self.rec("loop", "fow.loop.declare", wp("14.1"), player=p, count=n)
            counts.append(n)
        count = min(counts)
        iteration = list(action["actions"])
        self.rec("loop", "fow.loop.perform", wp("14.1"), player=pid, count=count, actions=len(iteration))
        self.actions = list(self.actions[:self.cursor]) + iteration * count + list(self.actions[self.cursor:])
        self.loop_lock = (pid, repr(iteration), self.cursor + len(iteration) * count)
        return state

    # ------------------------------------------------------------------ setup (FoW 4)
    def deck_problems(self, state: GameState, pid: PlayerId) -> list[str]:
        """Return what breaks the deck construction rules of FoW 4.1 in ``pid``'s cards (empty: none)."""
        mine = [c for c in state.cards.values() if c.owner == pid]
        main = [c for c in mine if c.zone == "main_deck"]
        stones = [c for c in mine if c.zone == "stone_deck"]
        rulers = [c for c in mine if c.type == "ruler"]
        problems = []
        if len(rulers) != 1:
            problems.append(f"{len(rulers)} rulers (exactly 1)")
        if len(main) < 40:
            problems.append(f"main deck {len(main)} cards (at least 40)")
        if [c for c in main if c.type in ("ruler", "magic_stone")]:
            problems.append("a ruler or magic stone in the main deck")
        if not 10 <= len(stones) <= 20:
            problems.append(f"magic stone deck {len(stones)} cards (10 to 20)")
        if [c for c in stones if c.type != "magic_stone"]:
            problems.append("a card other than a magic stone in the magic stone deck")
        names: dict[str, int] = {}
        for c in main + stones:
            if c.type == "magic_stone" and not c.special:
                continue  # FoW 4.1: non-special magic stones are not limited
            names[c.name] = names.get(c.name, 0) + 1
        problems += [f"{n} copies of {name} (at most 4)" for name, n in sorted(names.items()) if n > 4]
        return problems

    def setup(self, state: GameState) -> GameState:
        """Prepare the game (FoW 4.1, 4.2), then the first player's turn 1 begins.

        The scenario's deck order stands for the shuffle and ``turn.active`` for the random choice
        of the first player (4.2). Each player draws 5; the first player, then the second, gives a
        ``mulligan`` action (``cards``: the hand cards to put back, in the order they go to the
        bottom); then each puts them on the bottom and draws as many. Valhalla (1.2): each puts the
        top 4 cards of the main deck into the lifebreak area (4.2), the owner choosing their order
        (3.1); Bifrost has no lifebreak area (14.2). The rulers are in the ruler area. A deck
        that breaks 4.1 is reported (``fow.setup.deck`` with its problems) and the setup goes on.
        """
        first, second = state.active, state.opponent(state.active)
        for p in (first, second):
            problems = self.deck_problems(state, p)
            self.rec("setup", "fow.setup.deck", wp("4.1"), player=p, legal=not problems, problems=problems,
                     main=len(state.in_zone("main_deck", p)), stones=len(state.in_zone("stone_deck", p)))
        self.rec("setup", "fow.setup.shuffle", wp("4.2"))
        for p in (first, second):
            state = state.with_player(replace(state.player(p), life=4000))
        self.rec("setup", "fow.setup.life", wp("4.2"), life=4000)
        self.rec("setup", "fow.setup.first_player", wp("4.2"), player=first)
        for p in (first, second):
            for _ in range(5):
                state = self._setup_draw(state, p)
        backs: dict[PlayerId, list[CardId]] = {}
        for p in (first, second):  # FoW 4.2: the first player chooses first
            while True:
                action = self.await_action(state, "fow.wait.mulligan", "4.2", p)
                if action.get("type") == "concede":
                    return self.do_concede(state, action)
                try:
                    backs[p] = self.verify_mulligan(state, p, action)
                except IllegalAction as illegal:
                    self.rec("illegal", illegal.message_id, illegal.citation, **dict(illegal.params))
                    continue
                self.rec("setup", "fow.setup.mulligan", wp("4.2"), player=p, count=len(backs[p]))
                break
        for p in (first, second):
            for cid in backs[p]:
                state = self.move(state, cid, "main_deck", "mulligan", wp("4.2"), top=False)
            for _ in backs[p]:
                state = self._setup_draw(state, p)
        if self.variant == "valhalla":
            for p in (first, second):
                top = [c.id for c in state.in_zone("main_deck", p)[:4]]
                self.rec("setup", "fow.setup.lifebreak", wp("4.2"), player=p, count=len(top))
                state = self.move_many(state, top, "lifebreak", "setup", wp("3.10"))
        for p in (first, second):
            ruler = self._ruler(state, p)
            self.rec("setup", "fow.setup.ruler", wp("4.2"), player=p, card=ruler.id if ruler else None)
        players = tuple(replace(pl, first_turn=True, called_stone=False, judged=False, may_battle=True)
                        for pl in state.players)
        state = replace(state, players=players, turn_number=1)  # type: ignore[arg-type]
        self.rec("phase", "fow.turn.begin", wp("4.2"), player=first, turn=1)
        self.rec("phase", "fow.phase", wp("5.1"), phase="draw", step="start")
        return self._open(state, "draw", "start", "start_of_turn", "start_of_draw")

    def verify_mulligan(self, state: GameState, pid: PlayerId, action: Mapping[str, Any]) -> list[CardId]:
        """Return the cards ``pid`` puts back; raise unless they are distinct cards of the hand (FoW 4.2)."""
        if action.get("type") != "mulligan" or action.get("player") != pid:
            raise IllegalAction(wp("4.2"), "fow.illegal.expected_mulligan", {"player": pid, "type": str(action.get("type"))})
        cards = list(action.get("cards", []))
        hand = {c.id for c in state.in_zone("hand", pid)}
        if len(set(cards)) != len(cards) or not set(cards) <= hand:
            raise IllegalAction(wp("4.2"), "fow.illegal.mulligan_cards", {"player": pid, "cards": [str(c) for c in cards]})
        return cards

    def can_mulligan(self, state: GameState, pid: PlayerId, action: Mapping[str, Any]) -> bool:
        """Return whether :meth:`verify_mulligan` passes."""
        return _allowed(self.verify_mulligan, state, pid, action)

    def _setup_draw(self, state: GameState, pid: PlayerId) -> GameState:
        deck = state.in_zone("main_deck", pid)
        if not deck:
            self.rec("not_covered", "fow.not_covered", silent("a main deck too small to draw the opening hand (4.1 requires 40)"),
                     topic="setup_draw_empty", default="the player draws as many as there are (1.4)")
            return state
        self.rec("draw", "fow.draw", wp("4.2"), player=pid, card=deck[0].id)
        return self.move(state, deck[0].id, "hand", "draw", wp("4.2"))

    def _open(self, state: GameState, phase: str, step: str, *events: str) -> GameState:
        state = replace(state, phase=phase, step=step, priority=state.active, passes=0, events=())
        for event in events:
            state = self.fire(state, event)
        return state

    def advance(self, state: GameState) -> GameState:
        """Go on after a priority sequence ended: the next step or phase, with its turn actions (FoW 5, 8)."""
        phase, step = state.phase, state.step
        ap = state.active
        if state.battle is not None and step == "beginning_of_battle":
            self.rec("phase", "fow.step", wp("8.2"), phase=phase, step="declare_attack")
            return self._open(state, phase, "declare_attack", "start_of_declare_attack")
        if state.battle is not None and step == "declare_attack":
            if not state.battle.declared:
                state = self.declare_attack(state)
                if state.step == "end_of_battle":
                    self.rec("phase", "fow.step", wp("8.6"), phase=phase, step="end_of_battle")
                    return self._open(state, phase, "end_of_battle", "end_of_battle")
                return replace(state, priority=ap, passes=0)
            self.rec("phase", "fow.step", wp("8.3"), phase=phase, step="declare_block")
            return self._open(state, phase, "declare_block", "start_of_declare_block")
        if state.battle is not None and step == "declare_block":
            if not state.battle.blocked:
                state = self.declare_block(state)
                return replace(state, step="block_declared", priority=ap, passes=0)
            return self._first_strike(state)
        if state.battle is not None and step == "block_declared":
            return self._first_strike(state)
        if state.battle is not None and step == "first_strike":
            self.rec("phase", "fow.step", wp("8.5"), phase=phase, step="normal_damage")
            state = self.battle_damage(replace(state, step="normal_damage"), first_strike=False)
            if state.step == "end_of_battle":
                return self._open(state, phase, "end_of_battle", "end_of_battle")
            return replace(state, priority=ap, passes=0)
        if state.battle is not None and step == "normal_damage":
            self.rec("phase", "fow.step", wp("8.6"), phase=phase, step="end_of_battle")
            return self._open(state, phase, "end_of_battle", "end_of_battle")
        if state.battle is not None and step == "end_of_battle":
            return self._end_battle(state)
        if phase == "draw" and step == "start":
            state = replace(state, step="draw")
            if state.turn_number == 1:
                self.rec("phase", "fow.draw.skip_first", wp("5.1"), player=ap)
            else:
                state = self.draw(state, ap, in_draw_phase=True)
            return replace(state, priority=ap, passes=0)
        if phase == "draw":
            if state.player(ap).first_turn:
                self.rec("phase", "fow.recovery.skip_first", wp("5.2"), player=ap)
                return self._main(state)
            self.rec("phase", "fow.phase", wp("5.2"), phase="recovery", step="start")
            return self._open(state, "recovery", "start", "start_of_recovery")
        if phase == "recovery" and step == "start":
            self.rec("phase", "fow.will.clear", wp("5.2"), reason="recovery")
            state = self._clear_will(state)
            for card in list(state.cards.values()):
                if card.controller == ap and card.zone in BATTLE_AREA and card.rested:
                    state = state.with_card(replace(card, rested=False))
            self.rec("state", "fow.recovery.recover", wp("5.2"), player=ap)
            return self._open(state, "recovery", "recover", "end_of_recovery")
        if phase == "recovery":
            return self._main(state)
        if phase == "main":
            self.rec("phase", "fow.phase", wp("5.4"), phase="end", step="start")
            return self._open(state, "end", "start", "start_of_end")
        if phase == "end" and step == "start":
            self.rec("phase", "fow.phase", wp("5.4"), phase="end", step="end_of_turn")
            return self._open(state, "end", "end_of_turn", "end_of_turn")
        if phase == "end":
            return self._final_step(state)
        raise AssertionError(f"unknown position {phase}/{step}")

    def _main(self, state: GameState) -> GameState:
        self.rec("phase", "fow.phase", wp("5.3"), phase="main", step="main")
        return self._open(state, "main", "main", "start_of_main")

    def _first_strike(self, state: GameState) -> GameState:
        self.rec("phase", "fow.step", wp("8.4"), phase=state.phase, step="first_strike")
        state = self.battle_damage(replace(state, step="first_strike"), first_strike=True)
        if state.step == "end_of_battle":
            return self._open(state, state.phase, "end_of_battle", "end_of_battle")
        return replace(state, priority=state.active, passes=0)

    def _clear_will(self, state: GameState) -> GameState:
        for p in state.players:
            state = state.with_player(replace(state.player(p.id), will=MappingProxyType({})))
        return state

    def _needs_processing(self, state: GameState) -> bool:
        if state.pending:
            return True
        probe = Game(self.options, (), TraceRecorder(self.recorder.budget), self.effect_order, self.variant)
        changed, _ = probe._rule_pass(state)
        return changed

    def _end_battle(self, state: GameState) -> GameState:
        """Final step of the end of battle step, repeated while anything happens (FoW 8.6).

        8.6: 「清除所有戰鬥中生效的持續性效應和直到戰鬥結束時失效的持續性效應」 ends the effects of
        duration ``during_battle`` and ``end_of_battle`` (whenever they began); the remaining effects
        then apply in their own order (FoW 9.9). 「如果有任何規則處理或異能觸發, 執行優先權處理並重新執行此步驟」:
        a ``fow.battle.final_step_repeat`` step, priority processing, and the final step again.
        """
        ended = [e for e in state.effects if e.duration in BATTLE_DURATIONS]
        state = replace(state, effects=tuple(e for e in state.effects if e.duration not in BATTLE_DURATIONS))
        self.rec("battle", "fow.battle.final_step", wp("8.6"), effects_ended=[e.id for e in ended])
        if self._needs_processing(state):
            self.rec("battle", "fow.battle.final_step_repeat", wp("8.6"))
            return replace(state, priority=state.active, passes=0)
        self.rec("battle", "fow.battle.end", wp("8.6"))
        state = replace(state, battle=None)
        return self._open(state, "main", "main")

    def _final_step(self, state: GameState) -> GameState:
        """The end phase's final step, repeated while anything happens; then the next turn (FoW 5.4)."""
        ap = state.active
        for card in list(state.cards.values()):
            if card.damage:
                state = state.with_card(replace(card, damage=0))
        ended = [e for e in state.effects if e.duration == "end_of_turn"]  # 5.4: 「結束所有直到回合結束有效的持續性效應」
        state = replace(state, effects=tuple(e for e in state.effects if e not in ended))
        state = self._clear_will(state)
        self.rec("phase", "fow.end.final_step", wp("5.4"), effects_ended=[e.id for e in ended])
        hand = state.in_zone("hand", ap)
        limit = state.player(ap).hand_limit
        if len(hand) > limit:
            excess = len(hand) - limit
            self.rec("not_covered", "fow.not_covered", silent("who chooses the cards discarded down to the hand limit (5.4)"),
                     topic="hand_limit_chooser", default="the turn player chooses")
            picked = self.choose_cards("hand_limit", ap, [c.id for c in hand], excess, wp("5.4"))
            state = self.move_many(state, picked, "graveyard", "discard", wp("5.4"))
        if self._needs_processing(state):
            state = replace(state, step="final", priority=ap, passes=0)
            return state
        return self._next_turn(state)

    def _next_turn(self, state: GameState) -> GameState:
        """The non-turn player becomes the turn player; a new turn begins (FoW 5, 5.1)."""
        old, new = state.active, state.opponent(state.active)
        players = []
        for p in state.players:
            players.append(replace(p, called_stone=False, judged=False, may_battle=True,
                                   first_turn=p.first_turn if p.id == new else False))
        state = replace(state, players=tuple(players), active=new, turn_number=state.turn_number + 1)
        for card in list(state.cards.values()):
            if card.entered_this_turn or card.placed_this_turn or not card.on_field_since_turn_start:
                state = state.with_card(replace(card, entered_this_turn=False, placed_this_turn=False,
                                                on_field_since_turn_start=True))
        self.rec("phase", "fow.turn.begin", wp("5"), player=new, turn=state.turn_number, previous=old)
        self.rec("phase", "fow.phase", wp("5.1"), phase="draw", step="start")
        events = ["start_of_turn", "start_of_draw"]
        return self._open(state, "draw", "start", *events)


def _allowed(verify: Any, *args: Any) -> bool:
    """Return whether ``verify(*args)`` raises no :class:`IllegalAction` (the ``can_*`` half of a trio)."""
    try:
        verify(*args)
    except IllegalAction:
        return False
    return True


def _orders(keys: list[str]) -> list[list[str]]:
    return [list(p) for p in itertools.permutations(keys)][: MAX_BRANCHES + 1]
