"""State-based actions (CR 704): performed all at once, repeated until none apply (704.3), before
a player receives priority; the ones the engine cannot evaluate (704.5s Sagas; the world rule
when a permanent's time with world is not known) are ``cannot_evaluate`` steps."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from ..core.deadline import check as check_deadline
from .keywords import protected_from
from .layers import compute
from .model import Effect, GameState, ObjectId, Zone
from .players import multiplayer
from .priority import MAX_SBA_ROUNDS
from .rules import K


class StateBasedActions:
    """State-based actions (CR 704) for :class:`~engine.mtg.game.Game`."""

    def check_sbas(self, state: GameState) -> GameState:
        """Perform all applicable state-based actions at once, repeated until none apply (CR 704.3)."""
        state = self._end_while_counter(state)
        for _ in range(MAX_SBA_ROUNDS):
            check_deadline("rounds of state-based actions")
            actions: list[tuple[str, str, K, str]] = []
            for p in state.players:
                if p.life <= 0 and not p.lost:
                    actions.append(("lose", p.id, K.SBA_LIFE, "life"))
                elif p.drew_from_empty and not p.lost:
                    actions.append(("lose", p.id, K.SBA_DRAW_EMPTY, "empty_library"))
                elif p.poison >= 10 and not p.lost:
                    actions.append(("lose", p.id, K.SBA_POISON, "poison"))
            for oid in list(state.order):
                obj = state.objects[oid]
                if obj.token and obj.zone is not Zone.BATTLEFIELD:
                    actions.append(("cease", oid, K.SBA_TOKEN, "token"))
                if obj.copy and obj.zone is not Zone.STACK:
                    actions.append(("cease", oid, K.SBA_SPELL_COPY, "copy"))
            layers = self.layers(state)
            legends: dict[tuple[str, str], list[str]] = {}
            worlds: list[str] = []
            for oid in self.permanents(state):
                chars, obj = layers.chars[oid], state.objects[oid]
                if "creature" in chars.types:
                    if (chars.toughness or 0) <= 0:
                        actions.append(("graveyard", oid, K.SBA_TOUGHNESS, "toughness"))
                        continue
                    # Only a damaged creature asks whether it is indestructible (704.5g, 702.12b).
                    indestructible = (obj.damage > 0 or bool(obj.deathtouch_damage)) and (
                        chars.has_keyword("indestructible") or self.has_rule_effect(state, "indestructible", oid))
                    if obj.damage >= (chars.toughness or 0) and obj.damage > 0 and not indestructible:
                        actions.append(("destroy", oid, K.SBA_LETHAL_DAMAGE, "lethal_damage"))
                        continue
                    if obj.deathtouch_damage and obj.damage > 0 and not indestructible:
                        actions.append(("destroy", oid, K.SBA_DEATHTOUCH, "deathtouch"))
                        continue
                    if indestructible and obj.damage > 0 and (obj.damage >= (chars.toughness or 0) or obj.deathtouch_damage):
                        self.survives(oid, chars.name, obj.damage, chars.toughness or 0,
                                      K.SBA_LETHAL_DAMAGE if obj.damage >= (chars.toughness or 0) else K.SBA_DEATHTOUCH)
                if "planeswalker" in chars.types and obj.counters.get("loyalty", 0) <= 0:
                    actions.append(("graveyard", oid, K.SBA_LOYALTY, "loyalty"))
                if "legendary" in chars.supertypes:
                    legends.setdefault((chars.controller, chars.name), []).append(oid)
                if "Aura" in chars.subtypes:
                    host = obj.attached_to
                    if host is None or host not in state.objects or state.objects[host].zone is not Zone.BATTLEFIELD:
                        actions.append(("graveyard", oid, K.SBA_AURA, "aura"))
                    elif protected_from(layers.chars[host], chars):
                        actions.append(("graveyard", oid, K.PROTECTION_AURA, "protection"))  # 702.16c, 704.5m
                if "Equipment" in chars.subtypes and obj.attached_to is not None:
                    host = state.objects.get(obj.attached_to)
                    if host is None or host.zone is not Zone.BATTLEFIELD or "creature" not in layers.chars[host.id].types:
                        actions.append(("unattach", oid, K.SBA_EQUIPMENT, "equipment"))
                    elif protected_from(layers.chars[host.id], chars):
                        actions.append(("unattach", oid, K.PROTECTION_EQUIPMENT, "protection"))  # 702.16d, 704.5n
                if obj.counters.get("+1/+1", 0) and obj.counters.get("-1/-1", 0):
                    actions.append(("annihilate", oid, K.SBA_COUNTERS, "counters"))
                if obj.attached_to is not None and ("creature" in chars.types or not {"Aura", "Equipment", "Fortification"} & chars.subtypes):
                    # CR 704.5p: a creature, or a permanent that is no Aura, Equipment or Fortification, becomes unattached.
                    actions.append(("unattach", oid, K.SBA_ATTACHED, "attached_creature" if "creature" in chars.types else "attached_permanent"))
                for kind, most in self._counter_limits(state, oid).items():
                    if obj.counters.get(kind, 0) > most:
                        actions.append(("limit", oid, K.SBA_MAX_COUNTERS, kind))
                if "world" in chars.supertypes:
                    worlds.append(oid)
                if "Saga" in chars.subtypes:
                    self.not_covered(oid, chars.name, K.SBA_SAGA, "saga")
            for (controller, name), oids in legends.items():
                if len(oids) > 1:
                    # CR 704.5j: that player chooses one of them; the rest go to the graveyard.
                    keep = self.choose(state, f"legend:{controller}:{name}", list(oids), "mtg.choice.legend",
                                       K.SBA_LEGEND, player=controller, card_name=name)
                    for oid in oids:
                        if oid != keep:
                            actions.append(("graveyard", oid, K.SBA_LEGEND, "legend_rule"))
            actions += self._world_rule(state, worlds)
            if not actions:
                return state
            self.record("state_based", "mtg.sba.check", K.SBA_CHECK, count=len(actions))
            seen = set()
            for what, oid, key, why in actions:
                if (what, oid) in seen:
                    continue
                seen.add((what, oid))
                if what == "lose":
                    state = state.with_player(replace(state.player(oid), lost=True))
                    self.record("state_based", "mtg.sba.lose", key, player=oid, reason=why)
                elif what == "cease":
                    self.record("state_based", "mtg.sba.cease", key, card=oid, card_name=state.objects[oid].printed.name, reason=why)
                    state = state.without_object(oid)
                elif what == "unattach":
                    obj = state.objects[oid]
                    state = state.with_object(replace(obj, attached_to=None))
                    self.record("state_based", "mtg.sba.unattach", key, card=oid, card_name=obj.printed.name)
                elif what == "annihilate":
                    obj = state.objects[oid]
                    n = min(obj.counters["+1/+1"], obj.counters["-1/-1"])
                    counters = dict(obj.counters)
                    counters["+1/+1"] -= n
                    counters["-1/-1"] -= n
                    state = state.with_object(replace(obj, counters=MappingProxyType({k: v for k, v in counters.items() if v})))
                    self.record("state_based", "mtg.sba.counters", key, card=oid, card_name=obj.printed.name, removed=n)
                elif what == "limit":
                    obj = state.objects[oid]
                    most = self._counter_limits(state, oid)[why]
                    counters = dict(obj.counters)
                    removed, counters[why] = counters[why] - most, most
                    state = state.with_object(replace(obj, counters=MappingProxyType({k: v for k, v in counters.items() if v})))
                    self.record("state_based", "mtg.sba.counters_limit", key, card=oid, card_name=obj.printed.name,
                                kind=why, removed=removed, max=most)
                elif state.objects.get(oid) and state.objects[oid].zone is Zone.BATTLEFIELD:
                    self.record("state_based", "mtg.sba.graveyard", key, card=oid, card_name=state.objects[oid].printed.name, reason=why)
                    if what == "destroy":
                        state = self.destroy(state, oid, why, key)
                    else:
                        state = self.move(state, oid, Zone.GRAVEYARD, why, key)
            self.recorder.sync(state)
            leaving = [oid for what, oid, _, _ in actions if what == "lose"]
            if leaving and multiplayer(state):
                # CR 800.4, 800.4a: each player who lost leaves the game at once; the others play on.
                for player in leaving:
                    state = self.leave_game(state, player)
            if leaving:
                state = self.game_end(state)
                if state.winner:
                    return state
        return state

    def _counter_limits(self, state: GameState, oid: ObjectId) -> dict[str, int]:
        """Counter kind → N for each ability of the permanent that says it can't have more than N
        counters of that kind (a static ``max_counters`` effect, CR 704.5r); the smallest N wins."""
        limits: dict[str, int] = {}
        for ability in self.chars(state, oid).abilities:
            if ability.kind != "static" or not self.static_holds(state, oid, ability):
                continue
            for part in ability.spec.get("effects", ()):
                if part.get("do") == "max_counters":
                    limits[part["kind"]] = min(int(part["max"]), limits.get(part["kind"], int(part["max"])))
        return limits

    def _world_rule(self, state: GameState, worlds: list[str]) -> list[tuple[str, str, K, str]]:
        """CR 704.5k: with two or more world permanents, all but the one that has had the world
        supertype for the shortest time go to the graveyard; on a tie for the shortest, all do.
        A permanent has had it since its timestamp (613.7d) when its printed card has it and no
        effect changed its supertypes, or since the later of that and the timestamp of a locked-in
        effect (611.2c) that gave it world; otherwise (a copy effect, an effect with a changing set
        of objects, a timestamp renewed by attaching, 613.7e) the time is not known: a
        ``cannot_evaluate`` step and the world rule is not applied."""
        if len(worlds) < 2:
            return []
        walk = compute(state).walk
        since: dict[str, int] = {}
        for oid in worlds:
            obj = state.objects[oid]
            rows = [r for r in walk.get(oid, ()) if r["layer"] == 1 or (
                r["layer"] == 4 and ("world" in r["before"]["supertypes"]) != ("world" in r["after"]["supertypes"]))]
            effects = {e.id: e for e in state.effects}
            if obj.attached_to is not None or any(r["layer"] == 1 for r in rows):
                self.not_covered(oid, obj.printed.name, K.SBA_WORLD, "world_since_unknown")
                return []
            if not rows and "world" in obj.printed.supertypes:
                since[oid] = obj.timestamp
                continue
            last = rows[-1] if rows else None
            effect = effects.get(last["effect"]) if last else None
            if effect is None or effect.affected_ids is None or effect.condition is not None:
                self.not_covered(oid, obj.printed.name, K.SBA_WORLD, "world_since_unknown")
                return []
            since[oid] = max(obj.timestamp, effect.timestamp)
        newest = max(since.values())
        keep = [o for o in worlds if since[o] == newest]
        return [("graveyard", o, K.SBA_WORLD, "world_rule") for o in worlds if o not in keep or len(keep) > 1]

    def survives(self, oid: ObjectId, name: str, damage: int, toughness: int, sba: K) -> None:
        """An indestructible creature with lethal (or deathtouch) damage is not destroyed: it ignores
        the state-based action ``sba`` (704.5g or 704.5h), one ``state_based`` step citing CR 702.12b
        with ``sba`` the number of the action it ignores. Said once per object and damage."""
        number = self.cite(sba).number
        if any(step.message_id == "mtg.sba.indestructible" and step.params.get("card") == oid
               and step.params.get("damage") == damage and step.params.get("sba") == number for step in self.recorder.steps):
            return
        self.record("state_based", "mtg.sba.indestructible", K.INDESTRUCTIBLE, card=oid, card_name=name, damage=damage,
                    toughness=toughness, sba=number)

    def not_covered(self, oid: ObjectId, name: str, key: K, reason: str) -> None:
        """A state-based action the engine cannot evaluate for ``oid``: one ``cannot_evaluate``
        step (``mtg.sba.not_covered``) and an incomplete result; never silently skipped. The
        trace is what was said: a second check of the same object and reason says nothing more."""
        if any(step.message_id == "mtg.sba.not_covered" and step.params.get("card") == oid
               and step.params.get("reason") == reason for step in self.recorder.steps):
            return
        self.record("cannot_evaluate", "mtg.sba.not_covered", key, card=oid, card_name=name, reason=reason)

    @staticmethod
    def _end_while_counter(state: GameState) -> GameState:
        """"For as long as it has a feather counter on it" (CR 611.2b): an effect with duration
        ``while_counter`` ends once none of its objects is on the battlefield with that counter."""
        def lasts(e: Effect) -> bool:
            if e.duration != "while_counter":
                return True
            kind = e.params.get("counter")
            return any(o in state.objects and state.objects[o].zone is Zone.BATTLEFIELD and state.objects[o].counters.get(kind, 0)
                       for o in e.affected_ids or ())
        kept = tuple(e for e in state.effects if lasts(e))
        return state if len(kept) == len(state.effects) else replace(state, effects=kept)
