"""Rule processing (FoW 13): losing the game, destruction by damage, illegal additions and the
lifebreak-area limit, performed until nothing changes before each priority (FoW 6.1)."""

from __future__ import annotations

from dataclasses import replace

from ..core.deadline import check as check_deadline
from . import continuous as cont
from .context import Game
from .game_actions import destroy_all
from .model import Card, CardId, GameState
from .rules import wp
from .targets import card_targets
from .zones import move, move_many

RULE_PROCESSING_LIMIT = 200
"""Rule-processing passes before one priority; beyond it the engine reports a loop (FoW 14.1)."""


def rule_processing(g: Game, state: GameState) -> GameState:
    """Perform every rule-processing check until nothing changes (FoW 6.1, 13)."""
    for rounds in range(RULE_PROCESSING_LIMIT):
        check_deadline(f"rounds of rule processing ({rounds + 1}, {len(state.cards)} cards)")
        changed, state = rule_pass(g, state)
        g.sync(state)
        if state.winner is not None or not changed:
            return state
    g.rec("loop", "fow.loop.rule_processing", wp("14.1"), passes=RULE_PROCESSING_LIMIT)
    return replace(state, winner="draw")


def rule_pass(g: Game, state: GameState) -> tuple[bool, GameState]:
    """Perform one round of the checks of FoW 13.1–13.4; return whether anything changed."""
    losers = [p.id for p in state.players if p.life <= 0]
    for p in losers:
        g.rec("rule_processing", "fow.rule.life_zero", wp("13.1"), player=p, life=state.player(p).life)
    for p in state.must_draw_failed:
        if p not in losers:
            losers.append(p)
            g.rec("rule_processing", "fow.rule.deck_out", wp("13.1"), player=p)
    if losers:
        winner = "draw" if len(losers) == 2 else state.opponent(losers[0])
        reason = "both players lose" if winner == "draw" else f"{losers[0]} loses"
        g.rec("end", "fow.game.end", wp("1.3"), winner=winner, reason=reason)
        return True, replace(state, winner=winner)
    doomed: list[CardId] = []
    index = g.index(state)
    if "lethal" not in index:  # depends only on the cards and effects, like the index
        index["lethal"] = [cid for cid in index["fighters"]
                           if state.cards[cid].damage >= g.info(state, cid).def_ or g.info(state, cid).def_ <= 0]
    for cid in index["lethal"]:
        card = state.cards[cid]
        ch = g.info(state, cid)
        doomed.append(cid)
        g.rec("rule_processing", "fow.rule.destroy_damage", wp("13.2"), card=cid, card_name=ch.name, damage=card.damage,
              defense=ch.def_)
    illegal_additions = []
    for cid in index["additions"]:
        card = state.cards[cid]
        host = state.cards.get(card.attached_to) if card.attached_to else None
        if host is None or not legal_host(g, state, card, host):
            illegal_additions.append(cid)
    changed = False
    if doomed:
        state = destroy_all(g, state, doomed)
        changed = True
    for cid in illegal_additions:
        if state.cards[cid].zone == "field":
            g.rec("rule_processing", "fow.rule.illegal_addition", wp("13.3"), card=cid, card_name=state.cards[cid].name)
            state = move(g, state, cid, "graveyard", "illegal_addition", wp("13.3"))
            changed = True
    if g.variant == "valhalla":
        for p in state.players:
            area = state.in_zone("lifebreak", p.id)
            excess = area[p.lifebreak_limit:]
            for card in reversed(excess):
                g.rec("rule_processing", "fow.rule.lifebreak_excess", wp("13.4"), card=card.id, player=p.id)
            if excess:
                state = move_many(g, state, [c.id for c in reversed(excess)], "graveyard", "lifebreak_excess", wp("13.4"))
                changed = True
    return changed, state


def legal_host(g: Game, state: GameState, addition: Card, host: Card) -> bool:
    """Return whether ``host`` is a legal card for ``addition`` (FoW 13.3 with 7.2).

    7.2 asks for a card of the matching type in the battle area (so an Addition:Ruler sits on
    the ruler in the ruler area); 13.3 adds that a J-ruler in the ruler area is never legal
    (it is an astral ruler there, FoW 3.8, and matches no addition subtype).
    """
    spec = card_targets(addition)[0]
    return cont.matches(g.info(state, host.id), host, spec, addition.controller)


def needs_processing(g: Game, state: GameState) -> bool:
    """Return whether rule processing would change anything or a triggered ability waits (FoW 5.4, 8.6)."""
    if state.pending:
        return True
    # A probe: its trace is thrown away and it reads no action (a choice it meets stays open).
    changed, _ = rule_pass(g.quiet(), replace(state, actions=(), cursor=0))
    return changed
