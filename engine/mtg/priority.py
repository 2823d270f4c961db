"""Timing and priority (CR 117): who may act, passing priority, and what happens before a player
receives it (state-based actions and triggers, 117.5, 704.3, 603.3); the ``pass`` and ``resolve``
player actions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Optional

from ..core import IllegalAction
from ..core.deadline import check as check_deadline
from .model import GameObject, GameState, PlayerId, Step, Zone
from .players import in_game, next_in_turn
from .rules import K
from .vocabulary import PLAYER_ID, VOCABULARY, row

MAX_SBA_ROUNDS = 200
"""At most this many rounds of state-based actions and triggers before one priority (704.3)."""
STEP_ORDER = list(Step)


class Priority:
    """Priority (CR 117) for :class:`~engine.mtg.game.Game`."""

    def verify_priority(self, state: GameState, player: PlayerId) -> None:
        """Raise unless ``player`` has priority (CR 117.1)."""
        if state.priority != player:
            raise IllegalAction(self.cite(K.TIMING_INSTANT), "mtg.illegal.no_priority",
                                {"player": player, "priority": state.priority})

    def can_pass(self, state: GameState, player: PlayerId) -> bool:
        """Whether ``player`` may pass priority now."""
        return state.priority == player and not state.winner

    def do_pass(self, state: GameState, player: PlayerId) -> GameState:
        """Pass priority (CR 117.3d): the next player in turn order still in the game receives it;
        after all players still in the game pass in succession resolve or end the step (117.4)."""
        self.verify_priority(state, player)
        self.record("priority", "mtg.priority.pass", K.PRIORITY_PASS, player=player)
        passes = state.passes + 1
        if passes < len(in_game(state)):
            state = replace(state, priority=next_in_turn(state, player), passes=passes)
            self.recorder.sync(state)
            return state
        state = replace(state, passes=0)
        if state.stack:
            return self.resolve_top(state)
        following = STEP_ORDER.index(state.step) + 1
        if following >= len(STEP_ORDER):
            return self.after_cleanup(state)
        return self.advance_to(state, STEP_ORDER[following])

    def pass_all(self, state: GameState) -> GameState:
        """All players pass in succession, in turn order (CR 117.3d, 117.4): the top item resolves,
        or the step ends."""
        first = state.priority
        state = self.do_pass(state, first)
        while state.passes >= 1 and not state.winner and state.priority != first:
            state = self.do_pass(state, state.priority)
        return state

    def settle(self, state: GameState, announce: bool = True, player: Optional[PlayerId] = None,
               why: K = K.PRIORITY_AP_FIRST) -> GameState:
        """Before a player gets priority: SBAs until none, then triggers, repeated (CR 117.5, 704.3, 603.3).
        The priority step cites why that player receives it: ``why`` (CR 117.3a, 117.3b or 117.3c)."""
        for _ in range(MAX_SBA_ROUNDS):
            check_deadline("rounds of state-based actions and triggers")
            state = self.check_sbas(state)
            if state.winner:
                return state
            state = self.state_triggers(state)
            if not state.pending:
                break
            state = self.put_triggers(state)
        if announce and not state.winner:
            self.report_unevaluated(state)
            who = player or state.priority
            if state.player(who).lost:
                # CR 800.4a, 800.4j (800.4i in 2020): the next player in turn order still in the game.
                who, why = next_in_turn(state, who), K.LEFT_TURN
            state = replace(state, priority=who)
            self.record("priority", "mtg.priority.gets", why, player=who,
                        stack=len(state.stack), step=state.step.value,
                        _extra={"may": self.options(state, who)})
            self.recorder.sync(state)
        return state

    def options(self, state: GameState, player: PlayerId) -> list[dict[str, Any]]:
        """What ``player`` may cast or activate now, and why (CR 117.1a, 702.61a)."""
        out = []
        split = self.split_second(state)
        for oid in state.order:
            obj = state.objects[oid]
            if obj.owner == player and obj.zone is Zone.HAND and "land" not in obj.printed.types:
                ok, why, key = self.timing(state, player, obj)
                if split and ok:
                    ok, why, key = False, "split_second", K.SPLIT_SECOND
                elif ok and self.restriction_broken(state, player, obj) is not None:
                    ok, why, key = False, "cast_restriction", K.CAST_PROHIBITED
                out.append({"action": "cast", "card": oid, "name": obj.printed.name, "allowed": ok, "why": why,
                            "rule": self.cite(key).number})
            elif obj.zone is Zone.BATTLEFIELD and self.chars(state, oid).controller == player:
                for i, ability in enumerate(self.activatable(state, oid)):
                    if ability.kind != "activated":
                        continue
                    mana = bool(ability.spec.get("mana_ability"))
                    if mana:
                        why, key, ok = "mana_ability", K.SPLIT_SECOND_MANA if split else K.MANA_ABILITY, True
                    elif split:
                        why, key, ok = "split_second", K.SPLIT_SECOND, False
                    elif ability.spec.get("timing") == "sorcery" and not self.sorcery_ok(state, player):
                        why, key, ok = "sorcery_timing", K.ACTIVATE_AS_SORCERY, False
                    else:
                        why, key, ok = "instant_timing", K.ACTIVATE, True
                    out.append({"action": "activate", "card": oid, "ability": i, "allowed": ok, "why": why,
                                "rule": self.cite(key).number})
        return out

    def split_second(self, state: GameState) -> bool:
        """Whether a spell with split second is on the stack (CR 702.61a)."""
        return any(item.kind == "spell" and item.source in state.objects and
                   self.chars(state, item.source).has_keyword("split_second") for item in state.stack)

    def sorcery_ok(self, state: GameState, player: PlayerId) -> bool:
        """Whether ``player`` may act at sorcery speed: their main phase, the stack empty (CR 117.1a)."""
        return state.active == player and state.step.is_main and not state.stack

    def timing(self, state: GameState, player: PlayerId, obj: GameObject, grants: bool = True) -> tuple[bool, str, K]:
        """Whether ``player`` may cast ``obj`` now: an instant or flash any time they have
        priority, anything else at sorcery speed (CR 117.1a, 702.8a), or any time with a
        permission to cast it as though it had flash (601.3b-c; not with ``grants=False``);
        with the reason and rule."""
        chars = self.chars(state, obj.id)
        if "instant" in chars.types:
            return True, "instant", K.TIMING_INSTANT
        if chars.has_keyword("flash"):
            return True, "flash", K.FLASH
        if self.sorcery_ok(state, player):
            return True, "sorcery_timing", K.TIMING_SORCERY
        grant = self.flash_grant(state, player, obj) if grants else None
        if grant is not None:
            return True, "as_though_flash", grant.key
        return False, "sorcery_timing", K.TIMING_SORCERY


@VOCABULARY.entry("action", "pass", rule=K.PRIORITY_PASS, keys={"player": PLAYER_ID}, required=("player",),
                  label="Pass priority", messages=("mtg.priority.pass",), example={"type": "pass", "player": "p1"},
                  doc="The player passes priority to the next player in turn order (CR 117.3d); when all players "
                      "pass in succession the top of the stack resolves, or the step ends (117.4). A player without priority can't: an `illegal` step.",
                  row=row({"player": PLAYER_ID}))
def pass_priority(game: Any, state: GameState, action: Mapping[str, Any]) -> GameState:
    """Pass priority for ``action["player"]``."""
    return game.do_pass(state, action["player"])


@VOCABULARY.entry("action", "resolve", rule=K.ALL_PASS, label="All pass", messages=("mtg.priority.pass",),
                  example={"type": "resolve"},
                  doc="All players pass once, in succession in turn order (CR 117.3d, 117.4): the top item of the stack resolves, or, "
                      "with an empty stack, the step ends.")
def resolve_once(game: Any, state: GameState, action: Mapping[str, Any]) -> GameState:
    """All players still in the game pass priority once, in turn order."""
    return game.pass_all(state)
