"""Information game actions (FoW 10.4, 10.13, 10.16): reveal, choose or search, copy."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from ..core.validation import Path
from ..core.vocabulary import Boolean, Choice, Integer, Row, Validation
from . import continuous as cont
from .choices import choose
from .context import Game
from .model import BATTLE_AREA, PUBLIC, ZONES, CardId, ChaseItem, GameState, PlayerId
from .resolution import Instruction, Resolution, refs
from .rules import silent, wp
from .vocabulary import TARGET_CARDS, TARGET_PLAYER, VOCABULARY, Reference, at_most_one
from .zones import move_many


def reveal_cards(g: Game, state: GameState, ids: Sequence[CardId], player: PlayerId) -> tuple[GameState, list[CardId]]:
    """Show cards of a hidden zone to every player until the effect ends or they move (FoW 10.4);
    return the state and the cards now revealed (for the effect to end their reveal)."""
    shown = []
    for cid in ids:
        card = state.cards[cid]
        if card.zone in PUBLIC:
            continue
        state = state.with_card(replace(card, revealed=True))
        shown.append(cid)
    g.rec("reveal", "fow.reveal", wp("10.4"), player=player, cards=shown)
    return g.sync(state), shown


def copy_card_or_item(g: Game, state: GameState, item: ChaseItem, ref: str) -> GameState:
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
            state, source = _virtual_copy(g, state, original.source)
        elif original.kind == "judgment":
            return _copy_judgment(g, state, original, ref)
        copied = replace(original, source=source, position=len(state.chase) + 1, copy=True, from_hand=False)
        state = replace(state, chase=state.chase + (copied,))
        g.rec("effect", "fow.copy.chase", wp("10.16"), original=ref, position=copied.position, card=original.source,
              targets=[str(t) for t in copied.targets])
        return g.sync(state)
    if ref not in state.cards:
        return state
    state, _ = _virtual_copy(g, state, ref)
    return state


def _copy_judgment(g: Game, state: GameState, original: ChaseItem, ref: str) -> GameState:
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
    reading = g.options["priority_after_judgment"]
    default = ("copied as an ability on the chase (reading 'opponent': Judgment is a played ability, 7.5)"
               if reading == "opponent" else
               "nothing is copied (reading 'keep': Judgment is an action of its own, neither card nor ability)")
    g.rec("not_covered", "fow.not_covered",
          silent("copy_judgment"),
          topic="copy_judgment", default=default, reading=reading)
    if reading != "opponent":
        return state
    copied = replace(original, position=len(state.chase) + 1, copy=True, from_hand=False)
    state = replace(state, chase=state.chase + (copied,))
    g.rec("effect", "fow.copy.judgment", wp("10.16"), original=ref, position=copied.position, card=original.source,
          reading=reading)
    return g.sync(state)


def _virtual_copy(g: Game, state: GameState, cid: CardId) -> tuple[GameState, CardId]:
    original = state.cards[cid]
    state, stamp = state.tick()
    new_id = f"{cid}+copy{stamp}"
    seq = min((c.seq for c in state.in_zone(original.zone)), default=0) - 1
    copy = replace(original, id=new_id, virtual=True, copy_of=cid, rested=False, damage=0,
                   counters=MappingProxyType({}), attached_to=None, incarnation=0, timestamp=stamp,
                   entered_this_turn=original.zone in BATTLE_AREA, on_field_since_turn_start=False,
                   placed_this_turn=False, revealed=False, seq=seq)
    state = state.with_card(copy)
    g.rec("effect", "fow.copy.card", wp("10.16"), card=cid, copy=new_id, zone=original.zone)
    return g.sync(state), new_id

_ZONE = Choice(values=tuple(z for z in ZONES if z != "chase"), what="zone", label="Zone")


def _check_reveal(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    at_most_one(value, path, v, ("target", "zone"))
    for key in ("player", "count"):
        if key in value and "zone" not in value:
            v.error((*path, key), f"{key} goes with zone (the cards revealed from a zone)")


def _check_search(value: Mapping[str, Any], path: Path, v: Validation) -> None:
    flt = value.get("filter")
    if isinstance(flt, Mapping) and "zone" in flt:
        v.error((*path, "filter", "zone"), "a search's filter takes no zone: the search's own zone is where it looks")


@VOCABULARY.entry("instruction", "reveal", rule=("10.4",), label="Reveal",
                  doc="Shows cards of a hidden zone to every player (FoW 10.4) until the effect ends or they move: the "
                      "`target` cards, or the cards of `zone` of `player` (`you`, `opponent`; `count` from the top, "
                      "else all).",
                  keys={"target": TARGET_CARDS, "zone": _ZONE, "player": TARGET_PLAYER,
                        "count": Integer(low=1, high=99, label="How many", help="from the top")},
                  check=_check_reveal, messages=("fow.reveal", "fow.reveal.end"),
                  example={"do": "reveal", "zone": "main_deck", "player": "you", "count": 1},
                  row=Row(main=("target", "zone", "player", "count")))
def reveal(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``reveal``: the ``target`` cards, or those of a ``zone``, are shown until the effect ends (FoW 10.4)."""
    item = ctx.item
    if "zone" in instr:
        owner = item.controller if instr.get("player", "you") == "you" else state.opponent(item.controller)
        ids = [c.id for c in state.in_zone(instr["zone"], owner)]
        ids = ids[: instr["count"]] if "count" in instr else ids
    else:
        ids = [r for r in refs(ctx, state, instr) if r in state.cards]
    state, shown = reveal_cards(ctx.game, state, ids, item.controller)
    return state, replace(ctx, revealing=ctx.revealing + tuple(shown))


@VOCABULARY.entry("instruction", "search", rule=("10.13",), label="Search (choose cards in a zone)",
                  doc="The effect's controller looks for `count` (default 1) cards meeting `filter` in `zone` (default "
                      "the main deck) of `player` and puts them into `to` (default the hand), revealing them with "
                      "`reveal` (FoW 10.13). In a public zone, or a hidden one all of whose cards are revealed, the "
                      "player must take a matching card if there is one; in a hidden zone the player may declare that "
                      "none was found (the option `not_found`).",
                  keys={"zone": _ZONE, "player": TARGET_PLAYER, "filter": VOCABULARY.use("filter", label="Finds"),
                        "count": Integer(low=0, high=99, default=1, label="How many"),
                        "to": Choice(values=tuple(z for z in ZONES if z != "chase"), what="zone", default="hand", label="To"),
                        "reveal": Boolean(label="Reveal it", default=False)},
                  check=_check_search, messages=("fow.search", "fow.search.not_found", "fow.reveal", "fow.move.new_card"),
                  example={"do": "search", "zone": "main_deck", "filter": {"types": ["resonator"]}, "to": "hand",
                           "reveal": True}, row=Row(main=("zone", "filter", "to"), extra=("player", "count", "reveal")))
def search(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``search``: choose or search cards meeting ``filter`` in a zone and move them (FoW 10.13).

    In a public zone, or a hidden one whose every card all players can see (revealed, FoW
    10.4), the player must choose a matching card if there is one; in a hidden zone the player
    looks at every card and may declare that none was found even when one is there (the option
    ``not_found``). The chooser is the effect's controller.
    """
    g = ctx.game
    pid = ctx.item.controller
    owner = pid if instr.get("player", "you") == "you" else state.opponent(pid)
    zone = instr.get("zone", "main_deck")
    cards = state.in_zone(zone, owner)
    flt = {**dict(instr.get("filter", {})), "zone": zone}
    matching = [c.id for c in cards if cont.matches(cont.base(c), c, flt, pid)]
    public = zone in PUBLIC or all(c.revealed for c in cards)
    count = max(0, min(instr.get("count", 1), len(matching)))
    g.rec("effect", "fow.search", wp("10.13"), player=pid, zone=zone, owner=owner, found=len(matching), public=public)
    combos = [list(c) for c in itertools.combinations(sorted(matching), count)] if count else []
    if public:
        picked, state = choose(g, state, "search", pid, combos, wp("10.13"), zone=zone) if combos else ([], state)
    else:
        picked, state = choose(g, state, "search", pid, combos + ["not_found"], wp("10.13"), zone=zone)
        if picked == "not_found":
            g.rec("effect", "fow.search.not_found", wp("10.13"), player=pid, zone=zone, found=len(matching))
            picked = []
    if picked and instr.get("reveal"):
        state, shown = reveal_cards(g, state, picked, pid)
        ctx = replace(ctx, revealing=ctx.revealing + tuple(shown))
    return move_many(g, state, picked, instr.get("to", "hand"), "search", wp("10.13")), ctx


@VOCABULARY.entry("instruction", "copy", rule=("10.16",), label="Copy",
                  doc="Copies each `target` where it is (FoW 10.16): a chase item chosen as a target becomes a new item "
                      "on top of the chase with the same choices; a card becomes a virtual card `<id>+copy<N>` with its "
                      "printed information and no continuous effect, which ceases to exist when it leaves that zone. "
                      "Copying Judgment on the chase is not covered: the `priority_after_judgment` reading decides.",
                  keys={"target": Reference(words=("this",), index_to=("card", "chase"), label="Target",
                                            help="the index of a chosen target (a card or a chase item), this, an object "
                                                 "id, or a filter")},
                  messages=("fow.copy.card", "fow.copy.chase", "fow.copy.judgment", "fow.not_covered", "fow.copy.ceases"),
                  example={"do": "copy", "target": 0}, row=Row(main=("target",)))
def copy(ctx: Resolution, state: GameState, instr: Instruction) -> tuple[GameState, Resolution]:
    """``copy``: copy each ``target`` where it is (:func:`copy_card_or_item`, FoW 10.16)."""
    for r in refs(ctx, state, instr):
        state = copy_card_or_item(ctx.game, state, ctx.item, r)
    return state, ctx


