"""Keyword actions (CR 701) as registered instructions: destroy, exile, sacrifice, counter,
discard, mill, reveal, search, shuffle, tap and untap, create a token, attach; and returning a
permanent to its owner's hand (400.7), which moves objects the same way.

Each is an entry of the ``instruction`` slot whose function takes the :class:`Resolution` and
the state and returns both; what it moved is what the next instruction calls "this way".
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any, Optional

from .choices import MAX_BRANCHES
from .filters import Context, matches
from .mana import mana_value
from .model import Ability, Chars, GameObject, GameState, PlayerId, Zone, freeze
from .resolution import AMOUNT, PLAYER, Resolution, instruction
from .rules import K
from .vocabulary import (
    COLOR_LIST, FILTER, NUMBER, SUBTYPE_LIST, SUPERTYPE_LIST, TYPE_LIST, VOCABULARY, Choice, Const, ListOf,
    ManaSymbols, Record, Text, row,
)

ZONE_OF = Choice(values=("battlefield", "graveyard", "hand", "library", "exile", "stack"), what="zone", label="Zone",
                 help="where the objects must be (default the battlefield)")


def remove_each(game: Any, state: GameState, ctx: Resolution, part: Mapping[str, Any], do: str, chosen: list[str],
                sacrificer: Optional[PlayerId] = None) -> tuple[GameState, Resolution]:
    """Destroy, exile, bounce or sacrifice each object, as one simultaneous event (CR 608.2f).
    The objects that moved are what the next instruction calls "this way" (``did``, ``this_way``).
    A player sacrifices only permanents they control (701.17a): ``sacrificer``, else the item's controller."""
    item = ctx.item
    moved: list[str] = []
    lki: dict[str, Chars] = {}
    zone = Zone(part.get("zone", "battlefield"))
    for oid in chosen:
        obj = state.objects.get(oid)
        if obj is None or obj.zone is not zone:
            continue
        before = game.chars(state, oid)
        if do == "destroy":
            if before.has_keyword("indestructible") or game.has_rule_effect(state, "indestructible", oid):
                game.record("resolve", "mtg.resolve.indestructible", K.INDESTRUCTIBLE, card=oid, card_name=obj.printed.name)
                continue
            state = game.destroy(state, oid, "destroy", K.DESTROY)
        elif do == "exile":
            state = game.move(state, oid, Zone.EXILE, "exile", K.EXILE)
        elif do == "return_to_hand":
            state = game.move(state, oid, Zone.HAND, "return_to_hand", K.NEW_OBJECT)
        else:
            if before.controller != (sacrificer or item.controller) and part.get("object") != "event":
                game.record("resolve", "mtg.resolve.cant_sacrifice", K.SACRIFICE, player=sacrificer or item.controller,
                            card=oid, card_name=obj.printed.name, controller=before.controller)
                continue
            state = game.move(state, oid, Zone.GRAVEYARD, "sacrifice", K.SACRIFICE)
        if oid not in state.objects or state.objects[oid].zone is not zone:
            moved.append(oid)
            lki[oid] = before
    return state, ctx.moved(tuple(moved), lki)


def _leave(do: str):
    """The function of destroy, exile, return_to_hand: the objects leave at once (CR 608.2f), and
    leaves-the-battlefield abilities of each see the others leave (603.10a)."""
    def leave(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
        game = ctx.game
        chosen = game.objects_of(state, ctx, part)
        leaving = {o: game.chars(state, o) for o in chosen if o in state.objects and state.objects[o].zone is Zone.BATTLEFIELD}
        state = replace(state, leaving=MappingProxyType(leaving))
        state, ctx = remove_each(game, state, ctx, part, do, chosen)
        return replace(state, leaving=MappingProxyType({})), ctx
    leave.__doc__ = f"Follow a {do} instruction."
    return leave


REFS = ("target", "object", "affected", "combat", "cards")
_ZONE = {"zone": ZONE_OF}
instruction("destroy", K.DESTROY, keys=_ZONE, refs=REFS, label="Destroy", messages=("mtg.move", "mtg.resolve.indestructible"),
            example={"target": 0},
            doc="Destroys each object (CR 701.7a): to its owner's graveyard unless it is indestructible (702.12b) or a "
                "replacement effect (regeneration) replaces the destruction (614.1a).")(_leave("destroy"))
instruction("exile", K.EXILE, keys=_ZONE, refs=REFS, label="Exile", messages=("mtg.move",), example={"target": 0},
            doc="Puts each object into exile (CR 701.11a).")(_leave("exile"))
instruction("return_to_hand", K.NEW_OBJECT, keys=_ZONE, refs=REFS, label="Return to its owner's hand",
            messages=("mtg.move",), example={"target": 0},
            doc="Puts each object into its owner's hand; it becomes a new object (CR 400.7).")(_leave("return_to_hand"))


def _check_sacrifice(value: Any, path: Any, v: Any) -> None:
    if "player" in value and "choose" not in value:
        v.error((*path, "player"), "player goes with choose: each player sacrifices a permanent of their choice; "
                                   "without choose, each object is sacrificed by its controller (CR 701.17a)")
    if "choose" in value and any(key in value for key in REFS):
        v.error((*path, "choose"), "choose names the permanents itself: give it or target/object/affected, not both")


@instruction("sacrifice", K.SACRIFICE, keys={**_ZONE, "player": PLAYER, "choose": FILTER}, refs=REFS, check=_check_sacrifice,
             label="Sacrifice", messages=("mtg.move", "mtg.resolve.cant_sacrifice", "mtg.resolve.nothing_to_sacrifice"),
             example={"player": "opponent", "choose": {"types": ["creature"]}},
             doc="Each object is sacrificed by its controller (CR 701.17a); a player can't sacrifice what another "
                 "controls. With `choose` (a FILTER) each `player` sacrifices a permanent they control of their own "
                 "choice (key `sacrifice:<player>:<source>`).")
def sacrifice(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a sacrifice instruction."""
    if "choose" not in part:
        return _leave("sacrifice")(ctx, state, part)
    game = ctx.game
    moved: list[str] = []
    lki: dict[str, Chars] = {}
    for player in game.players_of(state, ctx, part):
        flt = {**dict(part["choose"]), "controller": "you"}
        oid = game.choose_permanent(state, ctx, flt, player, f"sacrifice:{player}:{ctx.item.source}",
                                    "mtg.choice.sacrifice", K.SACRIFICE)
        if oid is None:
            game.record("resolve", "mtg.resolve.nothing_to_sacrifice", K.SACRIFICE, player=player, card=ctx.item.source,
                        card_name=ctx.item.name)
            continue
        state, ctx = remove_each(game, state, ctx, {"zone": "battlefield"}, "sacrifice", [oid], sacrificer=player)
        moved += ctx.this_way
        lki.update(ctx.this_way_lki)
    return state, ctx.moved(tuple(moved), lki)


@instruction("counter", (K.COUNTER, K.CAN_T_BEATS_CAN), refs=("target", "object"), label="Counter",
             messages=("mtg.resolve.countered", "mtg.resolve.cant_be_countered"), example={"target": 0},
             doc="Counters the spell or ability on the stack (CR 701.5a): it leaves the stack without resolving, a "
                 "spell to its owner's graveyard; a spell that can't be countered stays (101.2).")
def counter(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a counter instruction."""
    game = ctx.game
    for target in game.objects_of(state, ctx, part):
        victim = next((s for s in state.stack if s.source == target or s.id == target), None)
        if victim is None:
            continue
        chars = game.chars(state, victim.source) if victim.source in state.objects else None
        if chars and victim.kind == "spell" and game.cant_be_countered(state, victim.source, chars):
            game.record("resolve", "mtg.resolve.cant_be_countered", K.CAN_T_BEATS_CAN, card=victim.source, card_name=victim.name)
            continue
        state = game.leave_stack(state, victim)
        game.record("resolve", "mtg.resolve.countered", K.COUNTER, item=victim.id, card=victim.source, card_name=victim.name)
        game.recorder.sync(state)
        if victim.kind == "spell":
            state = game.spell_done(state, victim, countered=True)
    return state, ctx


@instruction("discard", K.DISCARD, keys={"amount": AMOUNT, "player": PLAYER}, label="Discard cards of their choice",
             messages=("mtg.move",), example={"amount": 1, "player": "opponent"},
             doc="The player discards `amount` cards (default 1) of their choice (CR 701.8a; key "
                 "`discard:<player>:<source>`, a list of ids); they are what \"this way\" means next.")
def discard(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a discard instruction."""
    game, item = ctx.game, ctx.item
    n = game.amount(state, ctx, part.get("amount", 1))
    moved, lki = [], {}
    for p in game.players_of(state, ctx, part):
        hand = [c.id for c in state.in_zone(Zone.HAND, p)]
        chosen = hand
        if len(hand) > n:
            options = [list(c) for c in itertools.islice(itertools.combinations(hand, n), MAX_BRANCHES + 1)]
            chosen = list(game.choose(state, f"discard:{p}:{item.source}", options, "mtg.choice.discard_card", K.DISCARD,
                                      player=p, card=item.source, card_name=item.name, amount=n))
        for c in chosen:
            lki[c] = state.objects[c].printed
            state = game.move(state, c, Zone.GRAVEYARD, "discard", K.DISCARD)
            moved.append(c)
    return state, ctx.moved(tuple(moved), lki)


@instruction("discard_hand", K.DISCARD, keys={"player": PLAYER}, label="Discard their hand",
             messages=("mtg.move",), example={"player": "each"},
             doc="Each player named discards every card in their hand (CR 701.8a).")
def discard_hand(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a discard_hand instruction."""
    game = ctx.game
    for p in game.players_of(state, ctx, part):
        for card in state.in_zone(Zone.HAND, p):
            state = game.move(state, card.id, Zone.GRAVEYARD, "discard", K.DISCARD)
    return state, ctx


@instruction("mill", K.NEW_OBJECT, keys={"amount": AMOUNT, "player": PLAYER}, label="Mill",
             messages=("mtg.move",), example={"amount": 2, "player": "opponent"},
             doc="The player puts the top `amount` cards of their library into their graveyard (mill, 701.13a in "
                 "2022; each becomes a new object, 400.7).")
def mill(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a mill instruction."""
    game = ctx.game
    amount = game.amount(state, ctx, part.get("amount", 1))
    for p in game.players_of(state, ctx, part):
        for card in state.in_zone(Zone.LIBRARY, p)[:amount]:
            state = game.move(state, card.id, Zone.GRAVEYARD, "mill", K.NEW_OBJECT)
    return state, ctx


@instruction("mill_until", K.REVEAL, keys={"player": PLAYER, "filter": FILTER, "count": AMOUNT}, required=("filter",),
             label="Reveal until, to the graveyard", messages=("mtg.reveal", "mtg.move"),
             example={"player": 0, "filter": {"types": ["land"]}, "count": 4},
             doc="The player reveals cards from the top of their library until `count` cards matching the FILTER are "
                 "revealed or the library runs out (CR 701.16a), then puts every revealed card into their graveyard "
                 "(Mind Funeral).")
def mill_until(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a mill_until instruction."""
    game, item = ctx.game, ctx.item
    where = Context(item.source, item.controller, None)
    count = game.amount(state, ctx, part.get("count", 1))
    for p in game.players_of(state, ctx, part):
        revealed, hits = [], 0
        for card in state.in_zone(Zone.LIBRARY, p):
            if hits >= count:
                break
            revealed.append(card.id)
            hits += 1 if matches(part.get("filter"), card.id, card.printed, card, where) else 0
        game.record("resolve", "mtg.reveal", K.REVEAL, player=p, cards=revealed, count=hits, card_name=item.name)
        for cid in revealed:
            state = game.move(state, cid, Zone.GRAVEYARD, "reveal", K.REVEAL)
    return state, ctx


@instruction("reveal_top", K.REVEAL,
             keys={"count": AMOUNT, "to_hand": FILTER, "player": PLAYER,
                   "rest": Const(value="bottom", label="The rest", help="on the bottom, in an order the player chooses")},
             label="Reveal the top cards", messages=("mtg.reveal", "mtg.move"),
             example={"count": 3, "to_hand": {"types": ["creature"]}, "rest": "bottom"},
             doc="The player reveals the top `count` cards of their library (all of them if fewer, CR 701.16a), puts "
                 "those matching `to_hand` into their hand (not a draw) and the rest on the bottom in the order they "
                 "choose (key `bottom:<player>:<first revealed>`).")
def reveal_top(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a reveal_top instruction."""
    game, item = ctx.game, ctx.item
    where = Context(item.source, item.controller, None)
    n = game.amount(state, ctx, part.get("count", 1))
    for p in game.players_of(state, ctx, part):
        top = [c.id for c in state.in_zone(Zone.LIBRARY, p)][:n]
        game.record("resolve", "mtg.reveal", K.REVEAL, player=p, cards=top, count=len(top), card_name=item.name)
        if not top:
            continue
        keep = [c for c in top if matches(part.get("to_hand"), c, state.objects[c].printed, state.objects[c], where)]
        rest = [c for c in top if c not in keep]
        for c in keep:
            state = game.move(state, c, Zone.HAND, "reveal", K.REVEAL)
        order = rest
        if len(rest) > 1:
            options = [list(o) for o in itertools.permutations(rest)]
            order = list(game.choose(state, f"bottom:{p}:{top[0]}", options, "mtg.choice.bottom_order", K.REVEAL,
                                     player=p, card=item.source, card_name=item.name))
        for c in order:
            state = game.move(state, c, Zone.LIBRARY, "bottom", K.REVEAL, bottom=True)
    return state, ctx


@instruction("search", K.SEARCH,
             keys={"filter": FILTER, "to": Choice(values=("hand", "battlefield"), what="zone", label="Put it into"),
                   "mana_value_at_most": AMOUNT, "choose": Const(value=True, label="Chosen"),
                   "shuffle": Const(value=True, label="Then shuffle")},
             label="Search the library", messages=("mtg.search", "mtg.move", "mtg.shuffle"),
             example={"filter": {"types": ["artifact"]}, "to": "battlefield", "choose": True, "shuffle": True},
             doc="The player searches their library for a card matching the FILTER (CR 701.19a) and puts it into "
                 "`to` (hand, the default, or the battlefield); `mana_value_at_most` limits it. With `choose` the "
                 "player picks which card, or finds none (701.19b; key `search:<source>`); without it the first "
                 "matching card (or the action's `chosen`) is found. With `shuffle` a `mtg.shuffle` step follows "
                 "(the order is not modelled).")
def search(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a search instruction."""
    game, item = ctx.game, ctx.item
    where = Context(item.source, item.controller, None)
    chosen = item.choices.get("chosen") or ()
    limit = part.get("mana_value_at_most")
    limit = game.amount(state, ctx, limit) if limit is not None else None
    candidates = [card.id for card in state.in_zone(Zone.LIBRARY, item.controller)
                  if matches(part.get("filter"), card.id, card.printed, card, where)
                  and (limit is None or mana_value(card.printed.mana_cost) <= limit)]
    if part.get("choose"):
        picked = game.choose(state, f"search:{item.source}", candidates + ["none"], "mtg.choice.search", K.SEARCH_FAIL,
                             player=item.controller, card=item.source, card_name=item.name)
        found = None if picked == "none" else picked
    else:
        found = next((c for c in candidates if not chosen or c in chosen), None)
    game.record("resolve", "mtg.search", K.SEARCH, player=item.controller, found=found,
                card_name=game.name_of(state, found) if found else "")
    if found:
        to = part.get("to", "hand")
        state = game.move(state, found, Zone(to), "search", K.SEARCH,
                          controller=item.controller if to == "battlefield" else None)
    if part.get("shuffle"):
        game.record("resolve", "mtg.shuffle", K.SHUFFLE, player=item.controller)
    return state, ctx


@instruction("shuffle_into_library", (K.SHUFFLE, K.SHUFFLE_ANYWAY), keys=_ZONE, refs=REFS,
             label="Shuffle into its owner's library", messages=("mtg.move", "mtg.shuffle", "mtg.shuffle.not_there"),
             example={"object": "self"},
             doc="Its owner shuffles it into their library (CR 701.20a). An object no longer in the zone stays where it "
                 "is, but the library is shuffled anyway (701.19c in 2020, 701.20c in 2022). The random order is not "
                 "modelled: a `mtg.shuffle` step says the library was shuffled.")
def shuffle_into_library(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a shuffle_into_library instruction."""
    game = ctx.game
    zone = Zone(part.get("zone", "battlefield"))
    owners: list[PlayerId] = []
    for oid in game.objects_of(state, ctx, part):
        obj = state.objects.get(oid)
        if obj is None:
            continue
        owners.append(obj.owner)
        if obj.zone is zone:
            state = game.move(state, oid, Zone.LIBRARY, "shuffle", K.SHUFFLE)
        else:
            game.record("resolve", "mtg.shuffle.not_there", K.SHUFFLE_ANYWAY, card=oid, card_name=obj.printed.name,
                        zone=obj.zone.value)
    for owner in dict.fromkeys(owners):
        game.record("resolve", "mtg.shuffle", K.SHUFFLE, player=owner)
    return state, ctx


def _tap(tapped: bool):
    def tap(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
        game = ctx.game
        for oid in game.objects_of(state, ctx, part):
            obj = state.objects.get(oid)
            if obj and obj.zone is Zone.BATTLEFIELD:
                state = state.with_object(replace(obj, tapped=tapped))
                game.record("move", "mtg.tap", K.TAP, card=oid, card_name=obj.printed.name, tapped=tapped)
                game.recorder.sync(state)
        return state, ctx
    tap.__doc__ = f"Follow a{' tap' if tapped else 'n untap'} instruction."
    return tap


instruction("tap", K.TAP, refs=REFS, label="Tap", messages=("mtg.tap",), example={"target": 0},
            doc="Taps each permanent (CR 701.21a in 2022, 701.20a in 2020).")(_tap(True))
instruction("untap", K.TAP, refs=REFS, label="Untap", messages=("mtg.tap",), example={"target": 0},
            doc="Untaps each permanent (CR 701.21b in 2022, 701.20b in 2020).")(_tap(False))


CAST_FROM = {"zone": Choice(values=("graveyard", "exile", "hand", "library"), what="zone", label="From",
                            help="where the card must be (default the graveyard)")}


CAST_DOC = ("The item's controller casts each card named, from `zone`, without paying its mana cost, as the item "
            "resolves (608.2g in 2022, 608.2f in 2020): it follows 601.2a-i, no player receives priority, and the "
            "spell goes on top of the stack while the item goes on resolving (X is 0, 107.3b). Its modes, targets and "
            "division are the choices `modes:<card>`, `cast_targets:<card>` and `divide:<card>`, open when not "
            "given; a card with no legal targets, a land, or one an effect says can't be cast is not cast, with a "
            "step saying why. With `optional` (you may) the player first chooses whether to cast it.")
"""What `cast_without_paying` does (its doc paragraph)."""


@instruction("cast_without_paying", (K.CAST_DURING_RESOLUTION, K.X_ZERO_WITHOUT_PAYING), keys=CAST_FROM,
             refs=("target", "object", "cards"), label="Cast it without paying its mana cost",
             messages=("mtg.cast.during_resolution", "mtg.cast.not_there", "mtg.cast", "mtg.cast.free",
                       "mtg.cast.no_legal_targets"),
             example={"target": 0, "zone": "graveyard", "optional": True},
             doc=CAST_DOC)
def cast_without_paying(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a cast_without_paying instruction: cast each card named during the resolution (CR 608.2g)."""
    game, item = ctx.game, ctx.item
    zone = Zone(part.get("zone", "graveyard"))
    for oid in game.objects_of(state, ctx, {**part, "zone": zone.value}):
        obj = state.objects.get(oid)
        if obj is None or obj.zone is not zone or "land" in obj.printed.types:
            game.record("resolve", "mtg.cast.not_there", K.CAST_DURING_RESOLUTION, item=item.id, card=oid,
                        card_name=game.name_of(state, oid), zone=zone.value)
            continue
        if game.cant_cast(state, item.controller, obj.printed.name):
            game.record("illegal", "mtg.illegal.cant_cast", K.CAN_T_BEATS_CAN, card=oid, card_name=obj.printed.name)
            continue
        game.record("cast", "mtg.cast.during_resolution", K.CAST_DURING_RESOLUTION, player=item.controller, card=oid,
                    card_name=obj.printed.name, item=item.id, zone=zone.value)
        action = game.cast_found(state, item.controller, obj, {})
        if action is not None:
            state = game.do_cast(state, action, free=True)
    return state, ctx
# ----------------------------------------------------------------------------- scry and surveil (701.18, 701.42)


def look_options(top: list[str], other: str) -> list[list[str]]:
    """Every way to split the cards looked at into an order on top and an order for ``other``
    (``bottom`` of the library for scry, ``graveyard`` for surveil), at most MAX_BRANCHES + 1:
    each is the ids kept on top (topmost first), the word ``other``, then the other ids."""
    out: list[list[str]] = []
    for size in range(len(top) + 1):
        for chosen in itertools.combinations(top, size):
            rest = [c for c in top if c not in chosen]
            orders = itertools.permutations(chosen) if other == "bottom" else (chosen,)
            for away in orders:
                for kept in itertools.permutations(rest):
                    out.append([*kept, other, *away])
                    if len(out) > MAX_BRANCHES:
                        return out
    return out


def put_on_top(state: GameState, player: PlayerId, top: list[str], bottom: list[str]) -> GameState:
    """Return the state with ``top`` (first = topmost) on top of ``player``'s library and ``bottom``
    (first = the first put there) under the rest; the cards stay the same objects (a library
    reordered is no zone change, CR 400.7)."""
    moved = set(top) | set(bottom)
    order = [o for o in state.order if o not in moved]
    library = [o for o in order if state.objects[o].zone is Zone.LIBRARY and state.objects[o].owner == player]
    at = order.index(library[0]) if library else len(order)
    order[at:at] = top
    last = order.index(library[-1]) + 1 if library else at + len(top)
    order[last:last] = bottom
    return replace(state, order=tuple(order))


def _look(other: str):
    """The function of scry (``bottom``) and surveil (``graveyard``)."""
    def look(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
        game, item = ctx.game, ctx.item
        verb = "scry" if other == "bottom" else "surveil"
        rule = K.SCRY if other == "bottom" else K.SURVEIL
        n = game.amount(state, ctx, part.get("amount", 1))
        for p in game.players_of(state, ctx, part):
            if n <= 0:
                # CR 701.18b: scry 0 is no scry event; "whenever you scry" doesn't trigger.
                game.record("resolve", f"mtg.{verb}.zero", K.SCRY_ZERO if verb == "scry" else rule, player=p,
                            card=item.source, card_name=item.name)
                continue
            top = [c.id for c in state.in_zone(Zone.LIBRARY, p)][:n]
            split = game.choose(state, f"{verb}:{p}:{item.source}", look_options(top, other), f"mtg.choice.{verb}",
                                rule, player=p, card=item.source, card_name=item.name, amount=n)
            split = [str(c) for c in split]
            cut = split.index(other)
            kept, away = split[:cut], split[cut + 1:]
            if other == "bottom":
                state = put_on_top(state, p, kept, away)
            else:
                state = put_on_top(state, p, kept, [])
                for c in away:
                    state = game.move(state, c, Zone.GRAVEYARD, "surveil", K.SURVEIL)
            game.record("resolve", f"mtg.{verb}", rule, player=p, amount=n, top=kept, **{other: away},
                        card=item.source, card_name=item.name)
            game.recorder.sync(state)
            state = game.emit(state, {"event": verb, "player": p, "amount": n, "object": item.source})
        return state, ctx
    look.__doc__ = f"Follow a {'scry' if other == 'bottom' else 'surveil'} instruction."
    return look


instruction("scry", K.SCRY, keys={"amount": AMOUNT, "player": PLAYER}, label="Scry",
            messages=("mtg.scry", "mtg.scry.zero", "mtg.choice.scry"), example={"amount": 2},
            doc="The player looks at the top `amount` cards of their library (default 1) and puts any number of them on "
                "the bottom in any order and the rest on top in any order (scry, CR 701.18a in 2022, 701.17a in 2020; "
                "key `scry:<player>:<source>` = the ids kept on top, topmost first, then `\"bottom\"`, then the ids put on "
                "the bottom, the first put there first: `[\"c2\", \"bottom\", \"c1\"]`). "
                "Scry 0 is no scry event (701.18b). It is a `scry` trigger event.")(_look("bottom"))
instruction("surveil", K.SURVEIL, keys={"amount": AMOUNT, "player": PLAYER}, label="Surveil",
            messages=("mtg.surveil", "mtg.surveil.zero", "mtg.choice.surveil", "mtg.move"), example={"amount": 2},
            doc="The player looks at the top `amount` cards of their library (default 1), puts any number of them into "
                "their graveyard and the rest on top in any order (surveil, CR 701.42a in 2022, 701.41a in 2020; key "
                "`surveil:<player>:<source>` = the ids kept on top, topmost first, then `\"graveyard\"`, then the ids "
                "put into the graveyard: `[\"c2\", \"graveyard\", \"c1\"]`). It is a `surveil` trigger event.")(_look("graveyard"))

LOOKED = ListOf(item=Text(min_length=1, max_length=64), min_items=1, max_items=199, label="Ids and the word",
                help="the ids kept on top (topmost first), the word, then the other ids")
VOCABULARY.define("choice", "scry", rule=K.SCRY, value=LOOKED, key_parts=("player", "source"), label="Scry: top and bottom",
                  doc="Where a player scrying puts the cards looked at (CR 701.18a): the ids kept on top (topmost first), "
                      "the word `bottom`, then the ids put on the bottom (the first put there first); together exactly "
                      "those cards.",
                  messages=("mtg.choice.made", "mtg.illegal.choice", "mtg.choice.scry"),
                  example={"scry:p1:opt": ["c2", "bottom", "c1"]}, row=row({}, main=("scry",)))
VOCABULARY.define("choice", "surveil", rule=K.SURVEIL, value=LOOKED, key_parts=("player", "source"),
                  label="Surveil: top and graveyard",
                  doc="Where a player surveilling puts the cards looked at (CR 701.42a): the ids kept on top (topmost "
                      "first), the word `graveyard`, then the ids put into the graveyard.",
                  messages=("mtg.choice.made", "mtg.illegal.choice", "mtg.choice.surveil"),
                  example={"surveil:p1:thought": ["graveyard", "c1", "c2"]}, row=row({}, main=("surveil",)))


TOKEN = Record(fields={
    "name": Text(max_length=200, label="Name"), "mana_cost": ManaSymbols(label="Mana cost"), "colors": COLOR_LIST,
    "supertypes": SUPERTYPE_LIST, "types": TYPE_LIST, "subtypes": SUBTYPE_LIST,
    "abilities": ListOf(item=VOCABULARY.use("ability"), max_items=20, label="Abilities"),
    "power": NUMBER, "toughness": NUMBER, "loyalty": NUMBER,
}, label="Token", help="the token's characteristics as the effect defines them (CR 111.3, 111.4)")


def chars_from(spec: Mapping[str, Any], oid: str, controller: PlayerId) -> Chars:
    """Characteristics of a token as its creating effect defines them (CR 111.3, 111.4)."""
    colors = frozenset(spec.get("colors", ()))
    return Chars(spec.get("name", ""), spec.get("mana_cost", ""), colors, frozenset(spec.get("supertypes", ())),
                 frozenset(spec.get("types", ())), frozenset(spec.get("subtypes", ())),
                 tuple(Ability((oid, i), a.get("kind", "keyword"), freeze(a)) for i, a in enumerate(spec.get("abilities", ()))),
                 spec.get("power"), spec.get("toughness"), spec.get("loyalty"), controller)


@instruction("create_token", K.CREATE_TOKEN, keys={"token": TOKEN, "count": AMOUNT}, required=("token",),
             label="Create tokens", messages=("mtg.move",),
             example={"token": {"name": "Zombie Token", "types": ["creature"], "subtypes": ["Zombie"], "colors": ["black"],
                                "power": 2, "toughness": 2}, "count": 1},
             doc="Creates `count` tokens (default 1) with the characteristics `token` defines, under the item's "
                 "controller (CR 701.6a, 111.3); each enters the battlefield (ids `<item>-token<n>`).")
def create_token(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a create_token instruction."""
    game, item = ctx.game, ctx.item
    count = game.amount(state, ctx, part.get("count", 1))
    for n in range(count):
        token = part["token"]
        oid = f"{item.id}-token{n + 1}"
        ts, state = state.stamp()
        chars = chars_from(token, oid, item.controller)
        state = state.with_object(GameObject(oid, item.controller, item.controller, Zone.STACK, chars, ts, token=True))
        state = game.move(state, oid, Zone.BATTLEFIELD, "create_token", K.CREATE_TOKEN, controller=item.controller)
    return state, ctx


@instruction("attach", (K.ATTACH, K.TIMESTAMP_ATTACH), refs=("target", "object"), label="Attach it",
             messages=("mtg.attach",), example={"target": 0},
             doc="Attaches the source (an Aura, Equipment or Fortification on the battlefield) to the object (CR "
                 "701.3a); it gets a new timestamp (613.7e).")
def attach(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow an attach instruction (equip)."""
    game, item = ctx.game, ctx.item
    for oid in game.objects_of(state, ctx, part):
        src = state.objects.get(item.source)
        if src is None or src.zone is not Zone.BATTLEFIELD:
            continue
        ts, state = state.stamp()
        state = state.with_object(replace(src, attached_to=oid, timestamp=ts))
        game.record("move", "mtg.attach", K.TIMESTAMP_ATTACH, card=item.source, card_name=item.name, to=oid,
                    to_name=game.name_of(state, oid), timestamp=ts)
    return state, ctx


class KeywordActions:
    """Choices made as an instruction is followed, and "can't be countered", for :class:`~engine.mtg.game.Game`."""

    def choose_permanent(self, state: GameState, ctx: Resolution, flt: Mapping[str, Any], player: PlayerId,
                         key: str, message: str, rule: K) -> Optional[str]:
        """A permanent matching ``flt`` ("you" = ``player``) that ``player`` chooses as the instruction
        is followed, without targeting (CR 608.2c): ``options.choices[key]``, the only one, or an open
        choice. ``None`` when there is none."""
        item = ctx.item
        where = Context(item.source, player, None)
        options = [o for o in self.permanents(state) if matches(flt, o, self.chars(state, o), state.objects[o], where)]
        if not options:
            return None
        return self.choose(state, key, options, message, rule, player=player, card=item.source, card_name=item.name)

    def cant_be_countered(self, state: GameState, spell: str, chars: Any) -> bool:
        """Whether the spell ``spell`` can't be countered (CR 101.2: "can't" beats "can"): by its own
        ability, or by a static ability of a permanent whose ``cant_be_countered`` effect's
        ``affected`` filter matches the spell (Spellbreaker Behemoth: creature spells you control
        with power 5 or greater), "you" being that permanent's controller."""
        if any(a.spec.get("cant_be_countered") for a in chars.abilities):
            return True
        obj = state.objects[spell]
        for pid in self.permanents(state):
            source = self.chars(state, pid)
            for ability in source.abilities:
                if ability.kind != "static" or not self.static_holds(state, pid, ability):
                    continue
                if any(part.get("do") == "cant_be_countered" for part in ability.spec.get("effects", ())) and \
                        matches(ability.spec.get("affected") or {}, spell, chars, obj, Context(pid, source.controller, None)):
                    return True
        return False

