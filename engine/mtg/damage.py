"""Damage (CR 120): to players (life loss, 120.3a), planeswalkers (loyalty, 120.3c) and creatures
(marked damage, deathtouch, 702.2b); prevention (615) and protection (702.16e) first; lifelink
(702.15b)."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Optional

from .model import Chars, GameState, Zone
from .players import is_player
from .protection import protection_against
from .rules import K


class Damage:
    """Dealing damage for :class:`~engine.mtg.game.Game`."""

    def deal_damage(self, state: GameState, source: str, target: str, amount: int, combat: bool = False,
                    source_chars: Optional[Chars] = None) -> GameState:
        """Deal damage (CR 120.3) after prevention (615); lifelink gains (702.15b)."""
        if amount <= 0:
            return state
        schars = source_chars or (self.chars(state, source) if source in state.objects else state.lki.get(source))
        if is_player(target) and state.player(target).lost:
            if combat:  # CR 800.4e: combat damage isn't assigned to a player who has left the game
                self.record("damage", "mtg.leave.no_damage", K.LEFT_DAMAGE, source=source, player=target, amount=amount)
            return state
        if not is_player(target) and (target not in state.objects or state.objects[target].zone is not Zone.BATTLEFIELD):
            return state
        if not is_player(target) and self.prevented(state, target, schars):
            by_protection = not self.has_rule_effect(state, "prevent_damage", target)
            self.record("damage", "mtg.damage.prevented", K.PROTECTION_DAMAGE if by_protection else K.PREVENTION,
                        source=source, source_name=schars.name if schars else "",
                        target=target, target_name=self.name_of(state, target), amount=amount)
            return state
        state, event = self.replace_event(state, {"event": "damage", "source": source, "target": target, "amount": amount,
                                                  "combat": combat, "source_chars": schars})
        if event is None or event["amount"] <= 0:
            return state
        amount = event["amount"]
        if is_player(target):
            p = state.player(target)
            state = state.with_player(replace(p, life=p.life - amount))
            state = state.with_turn_log(state.turn_log.lost_life(target, amount))  # CR 120.3a: damage to a player is life loss
            self.record("damage", "mtg.damage.player", K.DAMAGE, source=source, source_name=schars.name if schars else "",
                        player=target, amount=amount, life=p.life - amount, combat=combat)
        else:
            obj = state.objects[target]
            tchars = self.chars(state, target)
            if "planeswalker" in tchars.types:
                # CR 120.3c: damage dealt to a planeswalker removes that many loyalty counters.
                counters = dict(obj.counters)
                counters["loyalty"] = max(counters.get("loyalty", 0) - amount, 0)
                obj = replace(obj, counters=MappingProxyType(counters))
                state = state.with_object(obj)
                self.record("damage", "mtg.damage.planeswalker", K.PLANESWALKER_DAMAGE, source=source,
                            source_name=schars.name if schars else "", target=target, target_name=obj.printed.name,
                            amount=amount, loyalty=counters["loyalty"], combat=combat)
            if "creature" in tchars.types or "planeswalker" not in tchars.types:
                deathtouch = bool(schars and schars.has_keyword("deathtouch"))
                state = state.with_turn_log(state.turn_log.damaged(target, source))
                state = state.with_object(replace(obj, damage=obj.damage + amount, deathtouch_damage=obj.deathtouch_damage or deathtouch))
                self.record("damage", "mtg.damage.creature", K.DAMAGE, source=source, source_name=schars.name if schars else "",
                            target=target, target_name=obj.printed.name, amount=amount, combat=combat)
        if schars and schars.has_keyword("lifelink"):
            p = state.player(schars.controller)
            state = state.with_player(replace(p, life=p.life + amount))
            self.record("life", "mtg.life.lifelink", K.LIFELINK, player=p.id, amount=amount, life=p.life + amount)
        self.recorder.sync(state)
        return self.emit(state, {"event": "damage", "source": source, "target": target, "amount": amount, "combat": combat,
                                 "source_controller": schars.controller if schars else None})

    def prevented(self, state: GameState, target: str, schars: Optional[Chars]) -> bool:
        """Whether damage from a source with ``schars`` to ``target`` is prevented: a ``prevent_damage``
        effect (CR 615.1) or protection from a quality the source has (702.16e)."""
        if self.has_rule_effect(state, "prevent_damage", target):
            return True
        return protection_against(self.chars(state, target), schars,
                                  lambda oid, what: self.chosen_value(state, oid, what)) is not None
