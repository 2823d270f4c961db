"""Battle (FoW 8): initiating a battle, declaring an attack and a block with their costs, the
two battle resolution steps and the end of battle step."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..core import IllegalAction
from ..core.vocabulary import Ref, Row
from . import continuous as cont
from .choices import await_action, choose_cards
from .context import Game, will_text
from .costs import can_pay_will, pay_life, pay_will, play_will_abilities
from .damage import deal
from .model import BATTLE_DURATIONS, WILL_KINDS, Battle, CardId, GameState, PlayerId
from .rule_processing import needs_processing
from .rules import silent, wp
from .special import concede
from .symbols import explode
from .timing import check_timing
from .triggers import fire, open_step
from .vocabulary import CARD_ID, PAY_WITH, PLAYER, VOCABULARY
from .zones import move_many

Action = Mapping[str, Any]
"""One element of the scenario's ``actions``."""

@VOCABULARY.entry("action", "battle", rule=("7.4", "8.1"), label="Initiate a battle",
                  doc="With main timing the turn player initiates a battle (FoW 7.4): the beginning of battle step "
                      "begins, start-of-battle abilities trigger and the turn player receives priority (8.1).",
                  keys={"player": PLAYER}, required=("player",),
                  messages=("fow.battle.begin", "fow.step", "fow.illegal.no_more_battles"),
                  example={"type": "battle", "player": "p1"}, row=Row(main=("player",)))
def do_battle(g: Game, state: GameState, action: Action) -> tuple[GameState, str]:
    """Initiate a battle: no chase; go to the beginning of battle step (FoW 7.4, 8.1).

    8.1: 「戰鬥開始時觸發條件滿足 主動玩家獲得優先權並執行優先權處理」: the start-of-battle triggers
    trigger, and the priority sequence goes on in this step with the turn player's priority.
    Output: the state and ``battle`` (how priority moves: to the turn player, FoW 8.1).
    """
    pid = action["player"]
    check_timing(g, state, pid, True, "7.4")
    if state.battle is not None:
        raise IllegalAction(wp("6.3"), "fow.illegal.main_timing", {"player": pid})
    if not state.player(pid).may_battle:
        raise IllegalAction(wp("8.2"), "fow.illegal.no_more_battles", {"player": pid})
    g.rec("battle", "fow.battle.begin", wp("7.4"), player=pid)
    g.rec("phase", "fow.step", wp("8.1"), phase=state.phase, step="beginning_of_battle")
    state = g.sync(replace(state, battle=Battle(), step="beginning_of_battle", passes=0, priority=state.active))
    return fire(g, state, "start_of_battle"), "battle"


VOCABULARY.define("action", "attack", rule=("8.2",), label="Declare an attack",
                  doc="In the declare attack step the turn player declares `attacker` (a recovered resonator or J-ruler "
                      "controlled since the start of the turn, or with Swiftness) and its `target` (the opponent, or a "
                      "rested resonator or J-ruler of theirs; a recovered one needs Target Attack): the attacker is "
                      "rested and any cost to attack performed (`pay_with`: will abilities played while paying; FoW 8.2). "
                      "Given while priority is being processed with an empty chase, it means both players pass (6.4).",
                  keys={"player": PLAYER, "attacker": CARD_ID,
                        "target": Ref(spaces=("object", "player"), label="Attack target", help="a card or a player"),
                        "pay_with": PAY_WITH},
                  required=("player", "attacker", "target"),
                  messages=("fow.battle.attack", "fow.illegal.attacker", "fow.illegal.attacker_rested",
                            "fow.illegal.attacker_new", "fow.illegal.attack_target", "fow.priority.implied_passes",
                            "fow.illegal.nothing_to_pay"),
                  example={"type": "attack", "player": "p1", "attacker": "x", "target": "p2"},
                  row=Row(main=("player", "attacker", "target"), extra=("pay_with",)))
VOCABULARY.define("action", "no_attack", rule=("8.2",), label="Declare no attack",
                  doc="The turn player declines to attack: the battle goes to the end of battle step; if the opponent "
                      "played nothing in this battle, no more battles this turn (FoW 8.2).",
                  keys={"player": PLAYER}, required=("player",),
                  messages=("fow.battle.no_attack", "fow.battle.no_more_battles"),
                  example={"type": "no_attack", "player": "p1"}, row=Row(main=("player",)))
VOCABULARY.define("action", "block", rule=("8.3", "11.5"), label="Declare a block",
                  doc="In the declare block step the non-turn player declares `blocker`, a recovered resonator or J-ruler "
                      "of theirs that can block the attacking card (Flying, 11.5); it is rested by the `blocker_rests` "
                      "reading and any cost to block performed (FoW 8.3).",
                  keys={"player": PLAYER, "blocker": CARD_ID, "pay_with": PAY_WITH}, required=("player", "blocker"),
                  messages=("fow.battle.block", "fow.illegal.blocker", "fow.illegal.blocker_rested",
                            "fow.illegal.flying", "fow.illegal.block_no_attacker", "fow.illegal.nothing_to_pay"),
                  example={"type": "block", "player": "p2", "blocker": "y"},
                  row=Row(main=("player", "blocker"), extra=("pay_with",)))
VOCABULARY.define("action", "no_block", rule=("8.3",), label="Declare no block",
                  doc="The non-turn player does not block (FoW 8.3).", keys={"player": PLAYER}, required=("player",),
                  messages=("fow.battle.no_block",), example={"type": "no_block", "player": "p2"}, row=Row(main=("player",)))


# ----------------------------------------------------------------------------- who may attack (FoW 8.2, 7.12)

def attackers(g: Game, state: GameState, pid: PlayerId) -> list[CardId]:
    """Return the cards ``pid`` may declare as attackers now (FoW 8.2)."""
    return [cid for cid in sorted(state.cards) if attack_problem(g, state, pid, cid) is None]


def attack_problem(g: Game, state: GameState, pid: PlayerId, cid: Any) -> IllegalAction | None:
    """Return why ``cid`` cannot attack for ``pid`` (FoW 8.2, 7.12, 11.6), or ``None``."""
    card = state.cards.get(cid)
    if card is None or card.controller != pid or card.zone != "field" or not (card.type == "resonator" or card.side == "j_ruler"):
        return IllegalAction(wp("8.2"), "fow.illegal.attacker", {"card": cid})
    if card.rested:
        return IllegalAction(wp("8.2"), "fow.illegal.attacker_rested", {"card": cid})
    new = card.entered_this_turn
    if card.side == "j_ruler" and not card.on_field_since_turn_start and g.options["j_ruler_attack_on_judgment_turn"] == "forbidden":
        new = True
    if new and not g.has(state, cid, "swiftness"):
        return IllegalAction(wp("8.2"), "fow.illegal.attacker_new", {"card": cid})
    if g.has(state, cid, "cannot_attack"):
        return IllegalAction(wp("7.12"), "fow.illegal.cannot_attack", {"card": cid})
    return None


def forced_attackers(g: Game, state: GameState, pid: PlayerId, record: bool = False) -> list[CardId]:
    """Return the cards of ``pid`` that must attack and can legally attack (FoW 7.12, 8.2).

    7.12 lists what "can legally attack" needs: controlled since the start of the turn,
    recovered, an attack target to choose, no effect forbidding it, and 「攻擊時不需要其他額外動作」.
    So a card whose attack needs an action (a cost to attack, 8.2) is not forced: the player may
    pass, decline or attack with another card. With ``record`` each such card gets a
    ``fow.battle.must_attack_cost`` step.
    """
    forced = []
    for cid in attackers(g, state, pid):
        if not g.has(state, cid, "must_attack"):
            continue
        cost, _ = battle_cost(g, state, cid, "attack")
        if cost:
            if record:
                g.rec("battle", "fow.battle.must_attack_cost", wp("7.12"), card=cid, cost=battle_cost_text(cost))
            continue
        forced.append(cid)
    return forced


# ----------------------------------------------------------------------------- costs to attack or block (FoW 8.2, 8.3)

def battle_cost_text(cost: Mapping[str, Any]) -> str:
    """Return a cost to attack or block (:func:`battle_cost`) as text: ``1 void, 200 life, discard 1``."""
    parts = [will_text({k: v for k, v in cost.items() if k in WILL_KINDS})] if any(k in WILL_KINDS for k in cost) else []
    if cost.get("life"):
        parts.append(f"{cost['life']} life")
    if cost.get("discard"):
        parts.append(f"discard {cost['discard']}")
    for req in cost.get("rest", ()):
        parts.append(f"rest {req.get('count', 1)} of {dict(req.get('filter', {}))}")
    return ", ".join(parts) or "none"


def battle_cost(g: Game, state: GameState, cid: CardId, action: str) -> tuple[dict[str, Any], list[str]]:
    """Return what the controller must do to ``action`` (``attack``/``block``) with ``cid`` (FoW 8.2, 8.3).

    Output: ``({will kind: n, "life": n, "discard": n, "rest": [{"filter", "count"}]}, sources)``,
    ``({}, [])`` when nothing is needed. Each valid static ``battle_cost`` ability whose
    ``applies_to`` (``this``, ``attached``, or a filter with ``controller`` relative to the
    ability's controller) meets the card, and each ``battle_cost`` effect of a resolved ability
    that affects it, adds its cost: 8.2 has the player perform 「任何動作」 needed to attack.
    """
    card = state.cards[cid]
    found: list[tuple[str, Mapping[str, Any]]] = []
    for src, ability in g.index(state)["battle_costs"]:
        spec = ability.battle_cost
        if spec.get("action") != action:
            continue
        applies = spec.get("applies_to", "this")
        if applies == "this":
            hit = src.id == cid
        elif applies == "attached":
            hit = src.attached_to == cid
        else:
            hit = isinstance(applies, Mapping) and cont.matches(g.info(state, cid), card, applies, src.controller)
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
            hit = hit and (condition is None or cont.matches(g.info(state, cid), card, condition, effect.controller))
        else:
            hit = condition is not None and cont.matches(g.info(state, cid), card, condition, effect.controller)
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


def pay_battle_cost(g: Game, state: GameState, pid: PlayerId, cid: CardId, action: str,
                    decl: Action) -> tuple[GameState, list[str]]:
    """Perform the actions needed to attack or to block with ``cid`` (FoW 8.2, 8.3).

    Input: the state after the card was rested, and the ``attack``/``block`` action ``decl``
    (``pay_with``: will abilities played while paying, FoW 10.2, 9.7). Output: the state after
    paying and ``[]``, or the state and what cannot be performed (the caller rolls back). Every
    part is checked before any is paid: will from the pool, ``rest`` recovered cards of the
    player meeting the filter, ``discard`` cards from the hand; then will is paid, life (FoW 1.5),
    the cards to rest and to discard chosen by the player (a ``choose`` action, or branches).
    """
    section = "8.2" if action == "attack" else "8.3"
    cost, sources = battle_cost(g, state, cid, action)
    if not cost:
        return state, []
    g.rec("cost", "fow.battle.cost", wp(section), player=pid, card=cid, action=action, cost=battle_cost_text(cost),
          sources=sources)
    try:
        state = play_will_abilities(g, state, pid, decl.get("pay_with", []))
    except IllegalAction as illegal:
        g.rec("illegal", illegal.message_id, illegal.citation, **dict(illegal.params))
    will = {k: v for k, v in cost.items() if k in WILL_KINDS}
    missing = []
    if will and not can_pay_will(will, state.player(pid).will):
        missing.append(will_text(will))
    hand = [c.id for c in state.in_zone("hand", pid)]
    if cost.get("discard", 0) > len(hand):
        missing.append(f"discard {cost['discard']}")
    taken: list[CardId] = []
    pools = []
    for req in cost.get("rest", ()):
        flt = dict(req.get("filter", {}))
        eligible = [c.id for c in sorted(state.cards.values(), key=lambda c: c.id)
                    if c.controller == pid and not c.rested and c.id not in taken
                    and cont.matches(g.info(state, c.id), c, flt, pid)]
        count = req.get("count", 1)
        if len(eligible) < count:
            missing.append(f"rest {count} of {flt}")
        taken += eligible[:count]
        pools.append((eligible, count))
    if missing:
        return state, missing
    if will:
        state = pay_will(g, state, pid, will, f"{g.name(state, cid)} to {action}")
    if cost.get("life"):
        state = pay_life(g, state, pid, cost["life"], cid)
    chosen: list[CardId] = []
    for eligible, count in pools:
        picked, state = choose_cards(g, state, "battle_cost_rest", pid,
                                     [c for c in eligible if c not in chosen and not state.cards[c].rested], count, wp(section))
        for rid in picked:
            state = state.with_card(replace(state.cards[rid], rested=True))
            g.rec("cost", "fow.cost.rest", wp(section), card=rid, card_name=g.name(state, rid))
            g.sync(state)
        chosen += picked
    if cost.get("discard"):
        picked, state = choose_cards(g, state, "discard", pid, hand, cost["discard"], wp(section))  # the player performs it
        state = move_many(g, state, picked, "graveyard", "discard", wp("10.18"))
    return state, []


def rest_and_pay(g: Game, state: GameState, pid: PlayerId, cid: CardId, action: str, decl: Action) -> GameState | None:
    """Rest the attacker (or the blocker, by ``blocker_rests``), then perform the actions needed
    to ``action`` (FoW 8.2 「橫置進攻的生物/裁決者 如果玩家需要執行任何動作進行攻擊, 在此時點進行」,
    8.3 likewise). Output: the new state, or ``None`` after a ``fow.battle.rollback`` step when
    the actions cannot be performed, or a ``fow.illegal.nothing_to_pay`` step when the declaration
    names will sources (``pay_with``) but nothing is to be paid (the caller keeps the state of the
    choice)."""
    section = "8.2" if action == "attack" else "8.3"
    rests = action == "attack" or g.options["blocker_rests"]
    after = state.with_card(replace(state.cards[cid], rested=True)) if rests else state
    if not battle_cost(g, after, cid, action)[0]:
        if decl.get("pay_with"):  # FoW 10.2: will abilities are played while paying; here nothing is paid
            g.rec("illegal", "fow.illegal.nothing_to_pay", wp(section), player=pid, card=cid, action=action,
                  pay_with=list(decl["pay_with"]))
            return None
        return after
    if rests:
        g.rec("state", "fow.state.rest", wp(section), card=cid)
        g.sync(after)
    after, missing = pay_battle_cost(g, after, pid, cid, action, decl)
    if missing:
        g.rec("battle", "fow.battle.rollback", wp(section), player=pid, card=cid, action=action, missing=", ".join(missing))
        g.sync(state)
        return None
    return after


# ----------------------------------------------------------------------------- declarations (FoW 8.2, 8.3)

def declare_attack(g: Game, state: GameState) -> GameState:
    """Take the turn player's attack declaration after the step's priority processing (FoW 8.2).

    An attack rests the attacker, then the player performs the actions needed to attack
    (:func:`pay_battle_cost`); when they cannot be performed there is no attack and the game
    goes back to the choice to attack or not (「將遊戲狀態倒回至選擇攻擊或放棄攻擊時」): the
    state before the declaration, and the next action is that choice again.
    """
    ap = state.active
    while True:
        action, state = await_action(g, state, "fow.wait.attack", "8.2", ap, attackers=attackers(g, state, ap))
        if action.get("type") == "concede":
            return concede(g, state, action)
        if action.get("player") != ap or action.get("type") not in ("attack", "no_attack"):
            g.rec("illegal", "fow.illegal.expected_attack", wp("8.2"), type=action.get("type"))
            continue
        if action["type"] == "no_attack":
            forced = forced_attackers(g, state, ap, record=True)
            if forced:
                g.rec("illegal", "fow.illegal.must_attack", wp("7.12"), player=ap, card=forced[0])
                continue
            g.rec("battle", "fow.battle.no_attack", wp("8.2"), player=ap, opponent_played=state.battle.opponent_played)
            if not state.battle.opponent_played:
                state = state.with_player(replace(state.player(ap), may_battle=False))
                g.rec("battle", "fow.battle.no_more_battles", wp("8.2"), player=ap)
            return replace(state, step="end_of_battle")
        problem = attack_problem(g, state, ap, action.get("attacker"))
        target = action.get("target")
        if problem is None:
            problem = _target_problem(g, state, action["attacker"], target)
        if problem is None:
            forced = forced_attackers(g, state, ap, record=True)
            if forced and action["attacker"] not in forced:
                problem = IllegalAction(wp("8.2"), "fow.illegal.must_attack", {"player": ap, "card": forced[0]})
        if problem is not None:
            g.rec("illegal", problem.message_id, problem.citation, **dict(problem.params))
            continue
        attacker = action["attacker"]
        paid = rest_and_pay(g, state, ap, attacker, "attack", action)
        if paid is None:
            continue
        state = paid
        g.rec("battle", "fow.battle.attack", wp("8.2"), attacker=attacker, card_name=g.name(state, attacker), target=target)
        state = g.sync(replace(state, battle=replace(state.battle, attacker=attacker, target=target, declared=True)))
        return fire(g, state, "attacks", attacker)


def _target_problem(g: Game, state: GameState, attacker: CardId, target: Any) -> IllegalAction | None:
    opp = state.opponent(state.active)
    if target == opp:
        return None
    card = state.cards.get(target) if isinstance(target, str) else None
    if card is None or card.controller != opp or card.zone != "field" or not (card.type == "resonator" or card.side == "j_ruler"):
        return IllegalAction(wp("8.2"), "fow.illegal.attack_target", {"target": str(target)})
    if not card.rested and not g.has(state, attacker, "target_attack"):
        return IllegalAction(wp("11.2"), "fow.illegal.attack_recovered", {"target": target})
    return None


def declare_block(g: Game, state: GameState) -> GameState:
    """Take the non-turn player's block declaration (FoW 8.3, 11.5).

    A blocker is a recovered resonator or J-ruler of the non-turn player that can block the
    attacking card (none can once the attacker left the field: it is a new card, FoW 3.1);
    it is rested (``blocker_rests``), then the actions needed to block are performed, or the
    game goes back to the choice to block or not (:func:`rest_and_pay`).
    """
    nap = state.opponent(state.active)
    attacker = state.battle.attacker
    while True:
        action, state = await_action(g, state, "fow.wait.block", "8.3", nap)
        if action.get("type") == "concede":
            return concede(g, state, action)
        if action.get("player") != nap or action.get("type") not in ("block", "no_block"):
            g.rec("illegal", "fow.illegal.expected_block", wp("8.3"), type=action.get("type"))
            continue
        if action["type"] == "no_block":
            g.rec("battle", "fow.battle.no_block", wp("8.3"), player=nap)
            return state
        bid = action.get("blocker")
        card = state.cards.get(bid) if isinstance(bid, str) else None
        if card is None or card.controller != nap or card.zone != "field" or not (card.type == "resonator" or card.side == "j_ruler"):
            g.rec("illegal", "fow.illegal.blocker", wp("8.3"), card=str(bid))
            continue
        if card.rested:
            g.rec("illegal", "fow.illegal.blocker_rested", wp("8.3"), card=bid)
            continue
        if not present(state, attacker):  # 8.3 「可以阻擋攻擊中的卡牌」: there is no attacking card to block
            g.rec("illegal", "fow.illegal.block_no_attacker", wp("8.3"), card=bid)
            continue
        if attacker and g.has(state, attacker, "flying") and not g.has(state, bid, "flying"):
            g.rec("illegal", "fow.illegal.flying", wp("11.5"), card=bid, attacker=attacker)
            continue
        paid = rest_and_pay(g, state, nap, bid, "block", action)
        if paid is None:
            continue
        state = paid
        g.rec("battle", "fow.battle.block", wp("8.3"), blocker=bid, card_name=g.name(state, bid), rests=g.options["blocker_rests"])
        state = g.sync(replace(state, battle=replace(state.battle, blocker=bid, blocked=True)))
        return fire(g, state, "blocks", bid)


def present(state: GameState, cid: CardId | None) -> bool:
    """Return whether ``cid`` is a card on the field."""
    return cid is not None and cid in state.cards and state.cards[cid].zone == "field"


# ----------------------------------------------------------------------------- damage (FoW 8.4, 8.5, 11)

def battle_damage(g: Game, state: GameState, first_strike: bool) -> GameState:
    """Deal battle damage in the first-strike or normal battle resolution step (FoW 8.4, 8.5, 11.1, 11.3, 11.4)."""
    battle = state.battle
    section = "8.4" if first_strike else "8.5"
    if not present(state, battle.attacker):
        g.rec("battle", "fow.battle.no_attacker", wp(section))
        return g.sync(replace(state, step="end_of_battle"))
    attacker = battle.attacker
    has_fs = g.has(state, attacker, "first_strike")
    if first_strike and not has_fs:
        g.rec("battle", "fow.battle.no_first_strike", wp("8.4"), attacker=attacker)
        return state
    blocker = battle.blocker if present(state, battle.blocker) else None
    if battle.blocked and blocker is None:
        reading = g.options["removed_blocker"]
        g.rec("battle", "fow.battle.blocker_gone", wp(section), reading=reading)
        if reading == "no_damage":
            return state
    hits: list[tuple[CardId, str, int]] = []
    if first_strike or not battle.first_strike_dealt:
        atk = g.info(state, attacker).atk
        if blocker is not None:
            target_damage = atk
            if g.has(state, attacker, "pierce"):
                capacity = g.info(state, blocker).def_ - state.cards[blocker].damage
                excess = atk - max(capacity, 0)
                reading = g.options["pierce_blocker_damage"]
                if excess > 0:
                    if reading == "capacity":
                        target_damage = max(capacity, 0)
                    g.rec("battle", "fow.battle.pierce", wp("11.1"), attacker=attacker, capacity=capacity, excess=excess,
                          reading=reading)
                    hits.append((attacker, battle.target, excess))
            hits.insert(0, (attacker, blocker, target_damage))
        elif isinstance(battle.target, str) and battle.target in state.cards and not present(state, battle.target):
            g.rec("not_covered", "fow.not_covered", silent("attack_target_gone"),
                  topic="attack_target_gone", default="no damage is dealt")
        else:
            hits.append((attacker, battle.target, atk))
    if not first_strike:
        striker = blocker
        if striker is None and not battle.blocked and isinstance(battle.target, str) and present(state, battle.target):
            striker = battle.target
        if striker is None and battle.blocked and g.options["removed_blocker"] == "damage_to_target" \
                and isinstance(battle.target, str) and present(state, battle.target):
            striker = battle.target
        if striker is not None:
            hits.append((striker, attacker, g.info(state, striker).atk))
    dealt_by: dict[CardId, list[str]] = {}
    for source, target, amount in hits:
        state, dealt = deal(g, state, source, target, amount, wp(section))
        if dealt > 0:
            dealt_by.setdefault(source, []).append(target)
    if first_strike and attacker in dealt_by:
        # FoW 8.5 asks whether it dealt damage in 8.4; damage prevented in full is not dealt (10.17).
        state = replace(state, battle=replace(state.battle, first_strike_dealt=True))
    for source, targets in dealt_by.items():
        state = explode(g, state, source, targets)
    return state


# ----------------------------------------------------------------------------- the battle's steps (FoW 8.1–8.6)

def advance_battle(g: Game, state: GameState) -> GameState | None:
    """Go on after the priority sequence of a battle step ended (FoW 8.1–8.6); ``None`` when the
    battle is in no step of its own."""
    phase, step, ap = state.phase, state.step, state.active
    if step == "beginning_of_battle":
        g.rec("phase", "fow.step", wp("8.2"), phase=phase, step="declare_attack")
        return open_step(g, state, phase, "declare_attack", "start_of_declare_attack")
    if step == "declare_attack":
        if not state.battle.declared:
            state = declare_attack(g, state)
            if state.step == "end_of_battle":
                g.rec("phase", "fow.step", wp("8.6"), phase=phase, step="end_of_battle")
                return open_step(g, state, phase, "end_of_battle", "end_of_battle")
            return g.sync(replace(state, priority=ap, passes=0))
        g.rec("phase", "fow.step", wp("8.3"), phase=phase, step="declare_block")
        return open_step(g, state, phase, "declare_block", "start_of_declare_block")
    if step == "declare_block":
        if not state.battle.blocked:
            state = declare_block(g, state)
            return g.sync(replace(state, step="block_declared", priority=ap, passes=0))
        return _first_strike(g, state)
    if step == "block_declared":
        return _first_strike(g, state)
    if step == "first_strike":
        g.rec("phase", "fow.step", wp("8.5"), phase=phase, step="normal_damage")
        state = battle_damage(g, g.sync(replace(state, step="normal_damage")), first_strike=False)
        if state.step == "end_of_battle":
            return open_step(g, state, phase, "end_of_battle", "end_of_battle")
        return g.sync(replace(state, priority=ap, passes=0))
    if step == "normal_damage":
        g.rec("phase", "fow.step", wp("8.6"), phase=phase, step="end_of_battle")
        return open_step(g, state, phase, "end_of_battle", "end_of_battle")
    if step == "end_of_battle":
        return _end_battle(g, state)
    return None


def _first_strike(g: Game, state: GameState) -> GameState:
    g.rec("phase", "fow.step", wp("8.4"), phase=state.phase, step="first_strike")
    state = battle_damage(g, g.sync(replace(state, step="first_strike")), first_strike=True)
    if state.step == "end_of_battle":
        return open_step(g, state, state.phase, "end_of_battle", "end_of_battle")
    return g.sync(replace(state, priority=state.active, passes=0))


def _end_battle(g: Game, state: GameState) -> GameState:
    """Final step of the end of battle step, repeated while anything happens (FoW 8.6).

    8.6: 「清除所有戰鬥中生效的持續性效應和直到戰鬥結束時失效的持續性效應」 ends the effects of
    duration ``during_battle`` and ``end_of_battle`` (whenever they began); the remaining effects
    then apply in their own order (FoW 9.9). 「如果有任何規則處理或異能觸發, 執行優先權處理並重新執行此步驟」:
    a ``fow.battle.final_step_repeat`` step, priority processing, and the final step again.
    """
    ended = [e for e in state.effects if e.duration in BATTLE_DURATIONS]
    state = replace(state, effects=tuple(e for e in state.effects if e.duration not in BATTLE_DURATIONS))
    g.rec("battle", "fow.battle.final_step", wp("8.6"), effects_ended=[e.id for e in ended])
    g.sync(state)
    if needs_processing(g, state):
        g.rec("battle", "fow.battle.final_step_repeat", wp("8.6"))
        return g.sync(replace(state, priority=state.active, passes=0))
    g.rec("battle", "fow.battle.end", wp("8.6"))
    state = g.sync(replace(state, battle=None))
    return open_step(g, state, "main", "main")
