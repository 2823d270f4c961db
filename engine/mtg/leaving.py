"""Leaving the game (CR 104.3, 800.4): a player who loses or concedes leaves the game; in a
multiplayer game the game goes on with the others (800.4), and a player still in the game wins
when all their opponents have left (104.2a); if all the players remaining lose at once the game is
a draw (104.4a).

As a player leaves (800.4a, not a state-based action: as soon as they leave, even in the middle
of a resolution): every object they own leaves the game, the effects that give them control of
objects end, the objects on the stack they control that are not cards (abilities, copies) cease to
exist, what they still control is exiled, and priority passes to the next player in turn order
still in the game. Their triggered abilities are not put on the stack (800.4d,
:meth:`~engine.mtg.triggers.Triggers.put_round`) and combat damage is not assigned to them
(800.4e, :meth:`~engine.mtg.damage.Damage.deal_damage`).

Not covered: teams (104.2c, 808-811), the limited range of influence option (801; refused as a
document option), the other variants of 800.4 (ante 800.4n, Planechase 800.4p) and durations
"until that player's next turn" of a player who left (800.4m).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from .model import GameState, PlayerId, Zone
from .players import in_game, multiplayer, next_in_turn
from .resolution import PLAYER, Resolution, instruction
from .rules import K
from .vocabulary import PLAYER_ID, VOCABULARY, row


class Leaving:
    """Players leaving the game (CR 104.3, 800.4) for :class:`~engine.mtg.game.Game`."""

    def loses_now(self, state: GameState, player: PlayerId, key: K, reason: str) -> GameState:
        """``player`` loses the game at once, not as a state-based action (a concession, 104.3a; an
        effect that says so, 104.3e): one ``mtg.sba.lose`` step citing ``key``, then they leave
        (:meth:`leave_game`) and the game ends if one player or none remains (:meth:`game_end`)."""
        if state.player(player).lost or state.winner:
            return state
        state = state.with_player(replace(state.player(player), lost=True))
        self.record("state_based" if key is K.SBA_CHECK else "leave", "mtg.sba.lose", key, player=player, reason=reason)
        state = self.leave_game(state, player)
        return self.game_end(state)

    def leave_game(self, state: GameState, player: PlayerId) -> GameState:
        """``player`` (already marked as lost) leaves a multiplayer game (CR 800.4a); in a
        two-player game nothing more happens here: the game ends (104.2a)."""
        if not multiplayer(state):
            return state
        self.record("leave", "mtg.leave.player", K.PLAYER_LEAVES, player=player)
        lki = dict(state.lki)
        owned = [o for o in state.order if state.objects[o].owner == player]
        for oid in owned:
            obj = state.objects[oid]
            if obj.zone is Zone.BATTLEFIELD:
                lki[oid] = self.chars(state, oid)  # last known information for what refers to it (608.2h)
        state = replace(state, lki=MappingProxyType(lki))
        for oid in owned:
            self.record("leave", "mtg.leave.object", K.PLAYER_LEAVES, card=oid, card_name=self.name_of(state, oid),
                        zone=state.objects[oid].zone.value, player=player)
            state = state.without_object(oid)
        stack = tuple(s for s in state.stack if not (s.kind == "spell" and s.source in owned))
        ended = [e for e in state.effects if e.do == "change_control" and self._gives_control(e, player)]
        if ended:
            state = replace(state, effects=tuple(e for e in state.effects if e not in ended))
            for e in ended:
                self.record("leave", "mtg.leave.control_ends", K.PLAYER_LEAVES, effect=e.id, player=player)
        ceased = [s for s in stack if s.controller == player and (s.kind != "spell" or self._copy(state, s))]
        for s in ceased:
            self.record("leave", "mtg.leave.ceases", K.PLAYER_LEAVES, item=s.id, card_name=s.name, player=player)
            if s.kind == "spell" and s.source in state.objects:
                state = state.without_object(s.source)
        # Their triggered abilities still waiting are not put on the stack (800.4d, put_round).
        state = replace(state, stack=tuple(s for s in stack if s not in ceased))
        self.recorder.sync(state)
        for s in [s for s in state.stack if s.controller == player]:
            state = replace(state, stack=tuple(x for x in state.stack if x is not s))
            state = self.move(state, s.source, Zone.EXILE, "left_game", K.PLAYER_LEAVES)
        for oid in [o for o in self.permanents(state) if self.chars(state, o).controller == player]:
            state = self.move(state, oid, Zone.EXILE, "left_game", K.PLAYER_LEAVES)
        if state.priority == player:
            state = replace(state, priority=next_in_turn(state, player))
        self.recorder.sync(state)
        return state

    @staticmethod
    def _gives_control(effect: Any, player: PlayerId) -> bool:
        to = effect.params.get("to", "you")
        return (to == "you" and effect.controller == player) or to == player

    @staticmethod
    def _copy(state: GameState, item: Any) -> bool:
        obj = state.objects.get(item.source)
        return obj is None or bool(obj.copy)

    def game_end(self, state: GameState) -> GameState:
        """The game ends when at most one player remains (CR 104.2a: the one left wins; 104.4a:
        none left, a draw); a step ``mtg.end.game``. A multiplayer game with two or more players
        still in it goes on (800.4)."""
        remaining = in_game(state)
        if len(remaining) > 1 or state.winner:
            return state
        winner = remaining[0] if remaining else "draw"
        state = replace(state, winner=winner)
        self.record("end", "mtg.end.game", K.GAME_DRAW if winner == "draw" else K.GAME_WON, winner=winner)
        return state


@instruction("lose_game", K.LOSE_GAME_EFFECT, keys={"player": PLAYER}, label="Loses the game",
             messages=("mtg.sba.lose", "mtg.leave.player"), example={"player": 0},
             doc="Each player named loses the game at once (CR 104.3e; not a state-based action): in a multiplayer "
                 "game they leave it as the instruction is followed (800.4a) and the rest of the resolution goes on "
                 "without them; the game ends when one player remains (104.2a).")
def lose_game(ctx: Resolution, state: GameState, part: Mapping[str, Any]) -> tuple[GameState, Resolution]:
    """Follow a lose_game instruction."""
    for p in ctx.game.players_of(state, ctx, part):
        state = ctx.game.loses_now(state, p, K.LOSE_GAME_EFFECT, "effect")
    return state, ctx


CONCEDE_KEYS = {"player": PLAYER_ID}


@VOCABULARY.entry("action", "concede", rule=(K.CONCEDE, K.PLAYER_LEAVES), keys=CONCEDE_KEYS, required=("player",),
                  label="Concede", messages=("mtg.sba.lose", "mtg.leave.player"),
                  example={"type": "concede", "player": "p2"},
                  doc="The player concedes (CR 104.3a: at any time, priority or not): they lose and leave the game at "
                      "once. In a multiplayer game what they own leaves with them and the others play on (800.4a); the "
                      "last player remaining wins (104.2a).",
                  row=row(CONCEDE_KEYS))
def concede(game: Any, state: GameState, action: Mapping[str, Any]) -> GameState:
    """``action["player"]`` concedes."""
    state = game.loses_now(state, action["player"], K.CONCEDE, "concede")
    return state if state.winner else game.settle(state, player=state.priority, why=K.PLAYER_LEAVES)

