"""The other instructions of resolving spells and abilities: damage (CR 120), life (119), drawing
(121), counters (122), mana (106.4), copies of spells (707.10), delayed triggers (603.7),
"unless a player pays" (118.12), winning the game (104.2b), coin flips (705), putting a card into
its library, returning a card to the battlefield (400.7) and removing damage (120.6)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any, Optional

from .layer_effects import KEYWORD_COUNTERS
from .mana import pay
from .model import Delayed, Effect, GameState, PlayerId, Zone, freeze, thaw
from .players import is_player
from .resolution import AMOUNT, PLAYER, Resolution, instruction
from .rules import K
from .vocabulary import (
    COLORS, COUNT, COUNTER, FILTER, INDEX, INSTRUCTIONS, TARGET_IDS, VOCABULARY, Choice, Const, Either, Integer, ManaSymbols,
    Record, Text,
)

REFS = ("target", "object", "affected", "combat", "cards")
ZONE_OF = Choice(values=("battlefield", "graveyard", "hand", "library", "exile", "stack"), what="zone", label="Zone")


@instruction("remove_damage", K.REMOVE_DAMAGE, refs=REFS, label="Remove damage", messages=("mtg.damage.removed",),
             example={"object": "event"}, doc="Removes all damage marked on each permanent (CR 120.6), and what "
             "deathtouch left (704.5h).")
def remove_damage(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a remove_damage instruction."""
    game = ctx.game
    for oid in game.objects_of(state, ctx, part):
        obj = state.objects.get(oid)
        if obj and obj.zone is Zone.BATTLEFIELD:
            state = state.with_object(replace(obj, damage=0, deathtouch_damage=False))
            game.record("resolve", "mtg.damage.removed", K.REMOVE_DAMAGE, card=oid, card_name=obj.printed.name)
    return state, ctx


def _check_damage(value: Any, path: Any, v: Any) -> None:
    if value.get("divided") and not (isinstance(value.get("amount"), int) or value.get("amount") == "x"):
        v.error((*path, "amount"), "a divided amount is a number or \"x\", announced as the spell is cast (CR 601.2d)")


@instruction("deal_damage", K.DAMAGE,
             keys={"amount": AMOUNT, "player": PLAYER,
                   "divided": Const(value=True, label="Divided", help="the amount is divided among all the spell's "
                                    "targets as announced on casting (CR 601.2d)"),
                   "source": Const(value="attached", label="Dealt by what it is attached to",
                                   help="the equipped or enchanted permanent deals it")},
             refs=REFS, required=("amount",), check=_check_damage, label="Deal damage",
             messages=("mtg.damage.creature", "mtg.damage.player", "mtg.damage.divided", "mtg.resolve.source_lki"),
             example={"amount": 3, "target": 0},
             doc="The source deals `amount` damage to each object named and to each `player` (CR 120.3): a creature "
                 "gets damage marked, a planeswalker loses loyalty, a player loses life (120.3a, 120.3c); prevention "
                 "and replacement effects apply first (615, 614). With `divided` the amount is divided among all the "
                 "spell's targets as announced (601.2d), an illegal target getting none (608.2b).")
def deal_damage(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a deal_damage instruction."""
    game, item, legal = ctx.game, ctx.item, ctx.legal
    src = item.source
    present = src in state.objects and state.objects[src].zone in (Zone.BATTLEFIELD, Zone.STACK)
    schars = game.chars(state, src) if present else item.source_lki
    if not present and schars is not None:
        # CR 113.7a: the ability exists independently of its source, which still deals the damage
        # as it last existed (its lifelink, deathtouch, colour).
        game.record("resolve", "mtg.resolve.source_lki", K.SOURCE_LKI, item=item.id, card=src, card_name=schars.name)
    if part.get("divided"):
        # CR 601.2d: the division was announced on casting; an illegal target gets none (608.2b).
        division = list(item.choices.get("divide") or ())
        for index, (target, amount) in enumerate(zip(item.targets, division)):
            if index < len(legal) and not legal[index]:
                continue
            game.record("damage", "mtg.damage.divided", K.DIVIDE, card=src, card_name=item.name, target=target,
                        target_name=game.name_of(state, target), amount=amount)
            state = game.deal_damage(state, src, target, amount, source_chars=schars)
        return state, ctx
    amount = game.amount(state, ctx, part.get("amount", 0))
    recipients = game.objects_of(state, ctx, part)
    if "player" in part:
        recipients += game.players_of(state, ctx, part)
    if "target" in part and not recipients:
        return state, ctx
    if part.get("source") == "attached":
        host = state.objects[src].attached_to if src in state.objects else None
        if host:
            src, schars = host, game.chars(state, host)
    for r in recipients:
        state = game.deal_damage(state, src, r, amount, source_chars=schars)
    return state, ctx


@instruction("draw", K.DRAW, keys={"amount": AMOUNT, "player": PLAYER}, label="Draw cards", messages=("mtg.move",),
             example={"amount": 2, "player": "you"},
             doc="Each player named draws `amount` cards (default 1), one at a time (CR 121.1, 121.2); drawing from an "
                 "empty library loses the game at the next check (704.5b).")
def draw(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a draw instruction."""
    game = ctx.game
    amount = game.amount(state, ctx, part.get("amount", 1))
    for p in game.players_of(state, ctx, part):
        state = game.draw(state, p, amount)
    return state, ctx


def _life(sign: int):
    def life(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
        game = ctx.game
        amount = game.amount(state, ctx, part.get("amount", 1))
        for p in game.players_of(state, ctx, part):
            pl = state.player(p)
            if sign < 0:
                state = state.with_turn_log(state.turn_log.lost_life(p, amount))
            state = state.with_player(replace(pl, life=pl.life + sign * amount))
            game.record("life", "mtg.life.gain" if sign > 0 else "mtg.life.lose", K.LIFE, player=p, amount=amount,
                        life=pl.life + sign * amount)
            game.recorder.sync(state)
        return state, ctx
    life.__doc__ = f"Follow a {'gain' if sign > 0 else 'lose'}_life instruction."
    return life


instruction("gain_life", K.LIFE, keys={"amount": AMOUNT, "player": PLAYER}, label="Gain life", messages=("mtg.life.gain",),
            example={"amount": 3}, doc="Each player named gains `amount` life (CR 119.3).")(_life(1))
instruction("lose_life", K.LIFE, keys={"amount": AMOUNT, "player": PLAYER}, label="Lose life", messages=("mtg.life.lose",),
            example={"amount": 2, "player": "opponent"},
            doc="Each player named loses `amount` life (CR 119.3); it counts as life lost this turn.")(_life(-1))


def _counters(sign: int):
    def counters(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
        game = ctx.game
        kind, n = part.get("kind", "+1/+1"), game.amount(state, ctx, part.get("count", 1))
        for oid in game.objects_of(state, ctx, part):
            obj = state.objects.get(oid)
            if obj is None or obj.zone is not Zone.BATTLEFIELD:
                continue
            now = dict(obj.counters)
            now[kind] = max(now.get(kind, 0) + sign * n, 0)
            ts, state = state.stamp()
            stamps = dict(obj.counter_timestamps)
            if sign > 0:
                stamps[kind] = ts  # CR 613.7c: every counter of that kind gets the new timestamp
            state = state.with_object(replace(obj, counters=MappingProxyType(now), counter_timestamps=MappingProxyType(stamps)))
            game.record("counters", "mtg.counters", K.TIMESTAMP_COUNTER, card=oid, card_name=obj.printed.name, kind=kind,
                        count=now[kind], timestamp=ts)
            game.recorder.sync(state)
        return state, ctx
    counters.__doc__ = f"Follow an {'add' if sign > 0 else 'remove'}_counters instruction."
    return counters


COUNTER_KEYS = {"kind": COUNTER, "count": AMOUNT}
instruction("add_counters", (K.COUNTERS, K.TIMESTAMP_COUNTER), keys=COUNTER_KEYS, refs=REFS, label="Put counters",
            messages=("mtg.counters",), example={"kind": "+1/+1", "count": 2, "object": "self"},
            doc="Puts `count` counters of `kind` (default +1/+1) on each permanent (CR 122.1); every counter of that kind "
                "on it gets a new timestamp (613.7c).")(_counters(1))
instruction("remove_counters", K.COUNTERS, keys=COUNTER_KEYS, refs=REFS, label="Remove counters",
            messages=("mtg.counters",), example={"kind": "+1/+1", "count": 1, "target": 0},
            doc="Removes up to `count` counters of `kind` from each permanent (CR 122.1).")(_counters(-1))


def _check_move_counters(value: Any, path: Any, v: Any) -> None:
    if not any(key in value for key in ("target", "object")):
        v.error(path, "move_counters needs the object the counters come from: target or object (CR 122.5)")


@instruction("move_counters", K.MOVE_COUNTERS,
             keys={**COUNTER_KEYS, "to": Either(options=(INDEX, Choice(values=("self", "event", "attached"), what="object")),
                                                label="Onto", help="a target index, or self / event / attached")},
             refs=("target", "object"), required=("to",), check=_check_move_counters, label="Move counters",
             messages=("mtg.counters.moved", "mtg.counters.cant_move"),
             example={"kind": "+1/+1", "count": 1, "target": 0, "to": 1},
             doc="Moves up to `count` counters of `kind` (default one +1/+1) from the first object onto the permanent "
                 "`to` names: each is removed from one and put on the other (CR 122.5). If either can't be done (the "
                 "first has none, or either isn't on the battlefield), no counter is removed or put (a "
                 "`mtg.counters.cant_move` step); the counters put get a new timestamp (613.7c).")
def move_counters(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a move_counters instruction (CR 122.5)."""
    game = ctx.game
    kind, n = part.get("kind", "+1/+1"), game.amount(state, ctx, part.get("count", 1))
    onto = part["to"]
    sources = game.objects_of(state, ctx, part)
    targets = game.objects_of(state, ctx, {"target": onto} if isinstance(onto, int) else {"object": onto})
    src = state.objects.get(sources[0]) if sources else None
    dst = state.objects.get(targets[0]) if targets else None
    have = src.counters.get(kind, 0) if src is not None else 0
    moved = min(n, have)
    if src is None or dst is None or src.zone is not Zone.BATTLEFIELD or dst.zone is not Zone.BATTLEFIELD \
            or moved <= 0 or src.id == dst.id:
        item = ctx.item
        meant = dst.id if dst else (item.targets[onto] if isinstance(onto, int) and onto < len(item.targets) else "")
        game.record("resolve", "mtg.counters.cant_move", K.MOVE_COUNTERS, card=src.id if src else "",
                    card_name=src.printed.name if src else "", to=meant, to_name=game.name_of(state, meant), kind=kind)
        return state, ctx
    left = dict(src.counters)
    left[kind] = have - moved
    state = state.with_object(replace(src, counters=MappingProxyType(left)))
    dst = state.objects[dst.id]
    now = dict(dst.counters)
    now[kind] = now.get(kind, 0) + moved
    ts, state = state.stamp()
    stamps = {**dict(dst.counter_timestamps), kind: ts}
    state = state.with_object(replace(dst, counters=MappingProxyType(now), counter_timestamps=MappingProxyType(stamps)))
    game.record("counters", "mtg.counters.moved", K.MOVE_COUNTERS, card=src.id, card_name=src.printed.name, to=dst.id,
                to_name=dst.printed.name, kind=kind, count=moved)
    game.recorder.sync(state)
    return state, ctx


@instruction("add_mana", (K.ADD_MANA, K.MANA_ABILITY_NO_STACK), keys={"mana": ManaSymbols(label="Mana")}, required=("mana",),
             label="Add mana", messages=("mtg.mana.add",), example={"mana": "{G}"},
             doc="Adds the mana to its controller's mana pool (CR 106.4); a mana ability resolves at once (605.3b).")
def add_mana(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow an add_mana instruction."""
    p = state.player(ctx.item.controller)
    state = state.with_player(replace(p, mana_pool=(p.mana_pool or "") + part.get("mana", "")))
    ctx.game.record("mana", "mtg.mana.add", K.MANA_ABILITY_NO_STACK, player=p.id, mana=part.get("mana", ""))
    ctx.game.recorder.sync(state)
    return state, ctx


@instruction("copy_spell", (K.COPY_SPELL, K.LAST_KNOWN, K.COPY_PERMANENT_TOKEN), keys={"new_targets": TARGET_IDS}, refs=("target", "object"),
             label="Copy a spell", messages=("mtg.copy.spell", "mtg.copy.modes", "mtg.copy.last_known", "mtg.copy.nothing",
                       "mtg.copy.becomes_token"),
             example={"target": 0},
             doc="Puts a copy of the spell on the stack under the item's controller (CR 707.10); the copy is not cast. "
                 "`new_targets` (or the cast action's) are its new targets (707.10c); it has the original's modes "
                 "(700.2g), X and division. Without `target` it copies the spell named by `object` (default: the "
                 "spell whose casting triggered the ability); when that spell has left the stack (countered in "
                 "response) the copy is made from the spell as it last existed there (last known information, "
                 "608.2h in 2022, 608.2g in 2020). A targeted spell that is gone is an illegal target (608.2b). A copy of a permanent spell becomes a token "
                 "permanent as it resolves (608.3b in 2022, 111.11 in 2020).")
def copy_spell(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a copy_spell instruction: copy each spell named, from the stack or from its last
    known information (CR 707.10, 608.2h); a ``mtg.copy.nothing`` step when there is no spell."""
    game, item = ctx.game, ctx.item
    if "target" in part:
        spells = game.objects_of(state, ctx, part)  # an illegal target: 608.2b has said so
    else:
        spells = (game.objects_of(state, ctx, part) if "object" in part else []) or [item.event.get("object")]
    for target in spells:
        # A spell only: an ability of that card on the stack (its cascade trigger) is not the spell.
        original = next((s for s in state.stack if s.kind == "spell" and target in (s.source, s.id)), None)
        obj = state.objects[original.source] if original is not None else None
        if original is None and target in state.spells_left:
            last = state.spells_left[target]
            original, obj = last.item, last.obj
            where = state.objects[target].zone.value if target in state.objects else "gone"
            game.record("resolve", "mtg.copy.last_known", K.LAST_KNOWN, item=item.id, card=target,
                        card_name=last.chars.name, zone=where)
        if original is None or obj is None:
            game.record("resolve", "mtg.copy.nothing", K.COPY_SPELL, item=item.id, card=str(target or ""),
                        card_name=item.name, copied=game.name_of(state, target) if target else "")
            continue
        copy_id = f"{original.source}-copy{state.next_stack_id}"
        ts, state = state.stamp()
        state = state.with_object(replace(obj, id=copy_id, timestamp=ts, copy=True, controller=item.controller))
        # CR 707.10c: the new targets given in the instruction, by the copying spell's cast action, or
        # with the copied spell's own cast (kept in its stack item, so they outlive it), else the same.
        new_targets = tuple(part.get("new_targets") or item.choices.get("new_targets")
                            or original.choices.get("new_targets") or original.targets)
        sid = f"s{state.next_stack_id}"
        # A target copied unchanged still names the object that no longer exists (CR 707.10, 400.7).
        kept = frozenset(i for i in original.new_objects if i < len(new_targets) and new_targets[i] == original.targets[i])
        copy_item = replace(original, id=sid, source=copy_id, controller=item.controller, targets=new_targets, copy=True,
                            new_objects=kept)
        state = replace(state, stack=state.stack + (copy_item,), next_stack_id=state.next_stack_id + 1)
        game.record("copy", "mtg.copy.spell", K.COPY_NEW_TARGETS if new_targets != original.targets else K.COPY_SPELL,
                    item=sid, card=copy_id, card_name=obj.printed.name, targets=list(new_targets))
        game.recorder.sync(state)
        if "modes" in original.choices:
            # CR 700.2g: the copy has the original's modes; its controller can't choose others.
            game.record("copy", "mtg.copy.modes", K.MODES_COPY, item=sid, card=copy_id, card_name=obj.printed.name,
                        modes=list(original.choices["modes"]))
    return state, ctx


@instruction("delayed_trigger", (K.DELAYED_TRIGGER, K.DELAYED_ONCE),
             keys={"when": Choice(values=("end_step", "next_upkeep"), what="moment", label="When",
                                  help="at the beginning of the next end step (default) or upkeep"),
                   "effects": INSTRUCTIONS},
             refs=("target", "object"), required=("effects",), label="Create a delayed trigger",
             messages=("mtg.delayed.created", "mtg.trigger.delayed"),
             example={"when": "end_step", "object": "self", "effects": [{"do": "exile", "object": "event"}]},
             doc="Creates a delayed triggered ability (CR 603.7): at the beginning of the next end step or upkeep it "
                 "triggers once (603.7b) and does `effects`, `\"object\": \"event\"` being the object named here.")
def delayed_trigger(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a delayed_trigger instruction."""
    game, item = ctx.game, ctx.item
    refers = game.objects_of(state, ctx, {"object": part.get("object"), **({"target": part["target"]} if "target" in part else {})})
    state = replace(state, delayed=state.delayed + (Delayed(part.get("when", "end_step"), item.controller, item.source,
                                                           item.name, tuple(part.get("effects", ())),
                                                           refers[0] if refers else None),))
    game.record("resolve", "mtg.delayed.created", K.DELAYED_TRIGGER, card=item.source, card_name=item.name)
    return state, ctx


PAYER = Either(options=(Choice(values=("you", "opponent", "each", "event"), what="player"), INDEX,
                        Record(fields={"controller_of_target": INDEX}, required=("controller_of_target",))),
               label="Who may pay", help="you, opponent, or {\"controller_of_target\": i}: the controller of the i-th target")


def _check_unless(value: Any, path: Any, v: Any) -> None:
    if ("mana" in value) == ("life" in value):
        v.error(path, "unless_pays has exactly one cost: mana or life (CR 118.12a)")


@instruction("unless_pays", (K.UNLESS_PAYS, K.PAY_OR_NOT),
             keys={"player": PAYER, "mana": ManaSymbols(label="Mana"), "life": COUNT, "effects": INSTRUCTIONS},
             required=("effects",), check=_check_unless, label="Unless a player pays",
             messages=("mtg.unless.paid", "mtg.unless.not_paid"),
             example={"player": {"controller_of_target": 0}, "mana": "{4}", "effects": [{"do": "counter", "target": 0}]},
             doc="\"[Do something] unless [a player] pays [cost]\" (CR 118.12a): that player may pay as the instruction "
                 "is followed (118.12; key `unless:<source>`, true = pays); if they don't, the `effects` happen. A "
                 "player who can't pay (mana missing from a tracked pool, less life than the amount, 119.4) doesn't.")
def unless_pays(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow an unless_pays instruction."""
    game, item = ctx.game, ctx.item
    payer = _payer(game, state, ctx, part)
    if payer is None:
        return state, ctx
    mana, life = part.get("mana"), part.get("life")
    cost = mana if mana else f"{life} life"
    player = state.player(payer)
    if mana:
        can = player.mana_pool is None or pay(player.mana_pool, mana) is not None
    else:
        can = player.life >= int(life or 0)
    paid = game.choose(state, f"unless:{item.source}", [True, False] if can else [False], "mtg.choice.unless",
                       K.UNLESS_PAYS, player=payer, card=item.source, card_name=item.name, cost=cost)
    if paid:
        if mana and player.mana_pool is not None:
            state = state.with_player(replace(player, mana_pool=pay(player.mana_pool, mana) or ""))
        elif life:
            state = state.with_player(replace(player, life=player.life - int(life)))
            state = state.with_turn_log(state.turn_log.lost_life(payer, int(life)))
        game.record("resolve", "mtg.unless.paid", K.PAY_OR_NOT, player=payer, card=item.source, card_name=item.name,
                    cost=cost)
        game.recorder.sync(state)
        return state, ctx
    game.record("resolve", "mtg.unless.not_paid", K.UNLESS_PAYS, player=payer, card=item.source, card_name=item.name,
                cost=cost, could_pay=can)
    for sub in part.get("effects", ()):
        state, ctx = game.do_instruction(ctx, state, sub)
    return state, ctx


def _payer(game: Any, state: GameState, ctx: Resolution, part: Mapping[str, Any]) -> Optional[PlayerId]:
    item = ctx.item
    who = part.get("player", "you")
    if isinstance(who, Mapping) and "controller_of_target" in who:
        index = int(who["controller_of_target"])
        if index >= len(item.targets):
            return None
        target = item.targets[index]
        if is_player(target):
            return target
        spell = next((s for s in state.stack if s.source == target or s.id == target), None)
        if spell is not None:
            return spell.controller
        if target in state.objects and state.objects[target].zone is Zone.BATTLEFIELD:
            return game.chars(state, target).controller
        return state.objects[target].controller if target in state.objects else None
    players = game.players_of(state, ctx, {"player": who})
    return players[0] if players else None


@instruction("win_game", K.WIN_BY_EFFECT, keys={"player": PLAYER}, label="Win the game", messages=("mtg.end.game",),
             example={"if": {"controls": {"types": ["artifact"]}, "at_least": 20}},
             doc="\"You win the game\" (CR 104.2b): the game ends at once.")
def win_game(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a win_game instruction."""
    game = ctx.game
    for p in game.players_of(state, ctx, part)[:1]:
        state = replace(state, winner=p)
        game.record("end", "mtg.end.game", K.WIN_BY_EFFECT, winner=p, card=ctx.item.source, card_name=ctx.item.name)
    return state, ctx


@instruction("flip_coin", K.COIN_FLIP, keys={"won": INSTRUCTIONS, "lost": INSTRUCTIONS}, label="Flip a coin",
             messages=("mtg.coin.flip",), example={"won": [{"do": "draw", "amount": 1}]},
             doc="Flip a coin (CR 705.1): `won` or `lost` happens. The outcome is random, so it is never guessed: "
                 "`options.choices[\"coin:<item>\"]`, else an open choice with a branch for each.")
def flip_coin(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a flip_coin instruction."""
    game, item = ctx.game, ctx.item
    result = game.choose(state, f"coin:{item.id}", ["won", "lost"], "mtg.choice.coin", K.COIN_FLIP,
                         player=item.controller, card=item.source, card_name=item.name)
    game.record("resolve", "mtg.coin.flip", K.COIN_FLIP, player=item.controller, card=item.source, card_name=item.name,
                result=result)
    for sub in part.get(result, ()):
        state, ctx = game.do_instruction(ctx, state, sub)
    return state, ctx


def _check_library(value: Any, path: Any, v: Any) -> None:
    if "choose" in value and any(key in value for key in REFS):
        v.error((*path, "choose"), "choose names the object itself: give it or target/object, not both")


@instruction("put_on_library", K.NEW_OBJECT,
             keys={"choose": FILTER, "zone": ZONE_OF,
                   "position": Either(options=(Integer(low=1, high=999), Const(value="bottom")), label="Position",
                                      help="1 = on top (default), n = nth from the top, \"bottom\"")},
             refs=REFS, check=_check_library, label="Put it into its owner's library", messages=("mtg.move",),
             example={"object": "event", "zone": "graveyard", "position": 3},
             doc="Puts the object into its owner's library: on top (1), nth from the top, or at the bottom (CR 400.7; "
                 "with fewer cards than n - 1 below it, at the bottom). With `choose` (a FILTER) the item's controller "
                 "chooses a permanent as it resolves, without targeting (key `choose:<source>`).")
def put_on_library(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a put_on_library instruction."""
    game, item = ctx.game, ctx.item
    if "choose" in part:
        oid = game.choose_permanent(state, ctx, part["choose"], item.controller, f"choose:{item.source}",
                                    "mtg.choice.object", K.INSTRUCTIONS_IN_ORDER)
        objs = [oid] if oid else []
    else:
        objs = game.objects_of(state, ctx, part)
    zone = Zone(part.get("zone", "battlefield"))
    position = part.get("position", 1)
    for oid in objs:
        obj = state.objects.get(oid)
        if obj is None or obj.zone is not zone:
            continue
        state = game.move(state, oid, Zone.LIBRARY, "put_on_library", K.NEW_OBJECT, top=position == 1,
                          bottom=position == "bottom", position=position if isinstance(position, int) else None)
    return state, ctx


@instruction("return_to_battlefield", (K.NEW_OBJECT, K.UNEARTH),
             keys={"zone": ZONE_OF, "unearth": Const(value=True, label="Unearth", help="its steps cite unearth (702.84a)"),
                   "under": Choice(values=("you", "owner"), what="controller", label="Under the control of",
                                   help="you: the item's controller (default); owner: the card's owner (\"return it "
                                        "under its owner's control\", CR 110.2)")},
             refs=REFS, label="Return it to the battlefield", messages=("mtg.move",),
             example={"object": "self", "zone": "graveyard", "unearth": True},
             doc="Puts the object from `zone` (default the graveyard) onto the battlefield under the item's controller, "
                 "or with `under: owner` under its owner's (CR 110.2): a new object, which the effects locked to the "
                 "card before it moved do not affect (400.7; unearth, 702.84a). Exile then return is a flicker: the "
                 "effect that moved the card finds it (400.7h).")
def return_to_battlefield(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a return_to_battlefield instruction: each object named, if it is in ``zone``, enters
    the battlefield under the item's controller or, with ``under: owner``, its owner (CR 110.2, 400.7)."""
    game, item = ctx.game, ctx.item
    zone = Zone(part.get("zone", "graveyard"))
    for oid in game.objects_of(state, ctx, part):
        obj = state.objects.get(oid)
        if obj is not None and obj.zone is zone:
            controller = obj.owner if part.get("under") == "owner" else item.controller
            state = game.move(state, oid, Zone.BATTLEFIELD, "unearth" if part.get("unearth") else "return",
                              K.UNEARTH if part.get("unearth") else K.NEW_OBJECT, controller=controller)
    return state, ctx


@instruction("exile_until_leaves", (K.UNTIL, K.UNTIL_ALREADY, K.UNTIL_OWNER), refs=REFS, label="Exile it until this leaves",
             messages=("mtg.move", "mtg.until.already", "mtg.until.returns"), example={"target": 0},
             doc="Exiles each object until the source leaves the battlefield (CR 610.3): when the source leaves, the "
                 "exiled cards return to the battlefield under their owners' control at once (610.3c in 2022, 610.3b "
                 "in 2020), no trigger involved. If the source has already left the battlefield when this would "
                 "exile, nothing moves (610.3a). A card that left exile in between is a new object and stays where "
                 "it is (400.7).")
def exile_until_leaves(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow an exile_until_leaves instruction (CR 610.3)."""
    game, item = ctx.game, ctx.item
    src = state.objects.get(item.source)
    objects = [o for o in game.objects_of(state, ctx, part)
               if o in state.objects and state.objects[o].zone is Zone(part.get("zone", "battlefield"))]
    if src is None or src.zone is not Zone.BATTLEFIELD:
        # CR 610.3a: the event the exile lasts until has already happened.
        for oid in objects:
            game.record("resolve", "mtg.until.already", K.UNTIL_ALREADY, card=oid, card_name=game.name_of(state, oid),
                        source=item.source, source_name=item.name)
        return state, ctx
    moved: list[str] = []
    for oid in objects:
        state = game.move(state, oid, Zone.EXILE, "exile_until", K.UNTIL)
        if state.objects[oid].zone is Zone.EXILE:
            moved.append(oid)
    if moved:
        ts, state = state.stamp()
        params = freeze({"cards": moved, "stamps": {o: state.objects[o].timestamp for o in moved},
                         "source_timestamp": src.timestamp})
        state = replace(state, effects=state.effects + (Effect(f"{item.source}.until{ts}", "exiled_until", params,
                                                               item.source, item.controller, ts,
                                                               affected_ids=tuple(moved)),))
    return state, ctx.moved(tuple(moved))


def with_chosen(value: Any, word: str, chosen: str) -> Any:
    """Return the instructions ``value`` with every value written ``word`` (``chosen_color``)
    replaced by ``chosen``: the choice made on resolution is locked into what follows."""
    if isinstance(value, Mapping):
        return {key: with_chosen(item, word, chosen) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [with_chosen(item, word, chosen) for item in value]
    return chosen if value == word else value


@instruction("choose_color", K.INSTRUCTIONS_IN_ORDER, keys={"effects": INSTRUCTIONS}, required=("effects",),
             label="Choose a color, then", messages=("mtg.chosen.resolution", "mtg.choice.color_resolving"),
             example={"effects": [{"do": "add_ability", "target": 0, "duration": "end_of_turn",
                                   "abilities": [{"kind": "keyword", "keyword": "protection", "from": "chosen_color"}]}]},
             doc="The item's controller chooses a color as this instruction is followed (\"the color of your choice\", CR "
                 "608.2c; key `color:<source>`), then `effects` are followed with that color wherever a value is written "
                 "`chosen_color` (a protection keyword's `from`): the effect they create keeps that color.")
def choose_color(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a choose_color instruction (a choice made on resolution, CR 608.2c)."""
    game, item = ctx.game, ctx.item
    color = game.choose(state, f"color:{item.source}", list(COLORS), "mtg.choice.color_resolving", K.INSTRUCTIONS_IN_ORDER,
                        player=item.controller, card=item.source, card_name=item.name)
    game.record("resolve", "mtg.chosen.resolution", K.INSTRUCTIONS_IN_ORDER, player=item.controller, card=item.source,
                card_name=item.name, what="color", value=color)
    for sub in with_chosen(thaw(part["effects"]), "chosen_color", color):
        state, ctx = game.do_instruction(ctx, state, freeze(sub))
    return state, ctx


__all__ = ["Text"]


# ----------------------------------------------------------------------------- kinds of counter (122.1)


VOCABULARY.define("counter", "+1/+1", rule=K.PT_COUNTERS, label="+1/+1 counter", example="+1/+1",
                  doc="Each adds 1 to the power and toughness of the permanent in layer 7c (CR 122.1a, 613.4c); a +1/+1 "
                      "and a -1/-1 counter on one permanent are removed in pairs (704.5q).")
VOCABULARY.define("counter", "-1/-1", rule=K.PT_COUNTERS, label="-1/-1 counter", example="-1/-1",
                  doc="Each subtracts 1 from the power and toughness of the permanent in layer 7c (CR 122.1a, 613.4c).")
VOCABULARY.define("counter", "loyalty", rule=K.LOYALTY_COUNTERS, label="Loyalty counter", example="loyalty",
                  doc="A planeswalker's loyalty (CR 306.5b): it enters with its printed loyalty in loyalty counters, "
                      "loyalty abilities add or remove them (606.4), damage removes them (120.3c), and with none it is "
                      "put into its owner's graveyard (704.5i).")
for _keyword in KEYWORD_COUNTERS:
    VOCABULARY.define("counter", _keyword, rule=K.KEYWORD_COUNTERS, label=f"{_keyword.replace('_', ' ')} counter",
                      example=_keyword, doc=f"The permanent has {_keyword.replace('_', ' ')} while it has one (a "
                      "keyword counter, CR 122.1b), gained in layer 6 with the counter's timestamp (613.7c).")
for _named in ("age", "charge", "dream", "fade", "feather", "ice", "lore", "time"):
    VOCABULARY.define("counter", _named, rule=K.COUNTERS, label=f"{_named} counter", example=_named,
                      doc="A named counter (CR 122.1): no rule of its own; what counts, adds or removes counters of this "
                          "kind reads it (`counters_of_affected`, a `remove_counters` cost, `max_counters`, the duration "
                          "`while_counter`).")
