"""Combat (CR 506-511): declaring attackers (508.1) and blockers (509.1) with their
restrictions and requirements (509.1b, 509.1c), illegal declarations reversed as a whole
(726.1), damage assignment order (509.2), combat damage (510) with first and double strike
(510.4, 702.7b, 702.4b) and trample (702.19b); the ``declare_attackers`` and ``declare_blockers``
player actions and the ``must_block`` instruction."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Optional

from ..core import IllegalAction
from .choices import MAX_BRANCHES
from .effects import CREATED_KEYS, create
from .keywords import landwalk_applies, protected_from
from .model import GameState, PlayerId, Step, Zone
from .players import apnap, is_player, multiplayer, opponents
from .priority import STEP_ORDER
from .protection import protection_against
from .resolution import OBJECT_REF, instruction
from .rules import K
from .vocabulary import OBJECT, OBJECTS, VOCABULARY, ListOf, MapOf, Record, Ref, row


class Combat:
    """Combat (CR 506-511) for :class:`~engine.mtg.game.Game`."""

    def do_declare_attackers(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """Declare attackers (CR 508.1): untapped creatures, continuously controlled or with haste.
        Each attacks a defending player or a planeswalker one controls (506.3, 508.1b); in a
        multiplayer game every opponent still in the game is a defending player (the attack
        multiple players option, 802.2) and each attacker names the one it attacks (802.3)."""
        if STEP_ORDER.index(state.step) < STEP_ORDER.index(Step.DECLARE_ATTACKERS):
            if state.stack:
                raise IllegalAction(self.cite(K.DECLARE_ATTACKERS), "mtg.illegal.attack", {"card": "", "card_name": "", "why": "stack_not_empty"})
            state = state.with_declarations(declaring=Step.DECLARE_ATTACKERS)
            state = self.advance_to(replace(state, step=Step.BEGINNING_OF_COMBAT), Step.DECLARE_ATTACKERS) if state.step is not Step.BEGINNING_OF_COMBAT else self.advance_to(state, Step.DECLARE_ATTACKERS)
            state = state.with_declarations(declaring=None)
        if state.declarations.attackers_declared:
            # CR 508.1: declaring attackers is one turn-based action at the start of the step.
            first = next(iter(action.get("attackers", ())), "")
            self.record("illegal", "mtg.illegal.attack", K.DECLARE_ATTACKERS, card=first,
                        card_name=self.name_of(state, first) if first else "", why="already_declared")
            return state
        attackers = list(action.get("attackers", ()))
        defenders = opponents(state, state.active)
        attacking = dict(action.get("attacking") or {})
        if len(defenders) > 1:
            self.record("attack", "mtg.combat.defending_players", K.ATTACK_MULTIPLE, players=list(defenders))
        for oid, what in attacking.items():
            # CR 506.3, 508.1b: only a defending player or a planeswalker one controls can be attacked.
            if what in defenders:
                continue
            pw = state.objects.get(what)
            if (is_player(what) or pw is None or pw.zone is not Zone.BATTLEFIELD
                    or "planeswalker" not in self.chars(state, what).types
                    or self.chars(state, what).controller not in defenders):
                self.record("illegal", "mtg.illegal.attack", K.ATTACKABLE, card=oid, card_name=self.name_of(state, oid),
                            why="not_attackable")
                return self._attack_declaration_reversed(state)
        unnamed = [oid for oid in attackers if oid not in attacking]
        if unnamed and len(defenders) > 1:
            # CR 802.3: with several defending players each attacker is declared attacking one of them.
            self.record("illegal", "mtg.illegal.attack", K.ATTACK_CHOOSE_DEFENDER, card=unnamed[0],
                        card_name=self.name_of(state, unnamed[0]), why="no_defender_chosen")
            return self._attack_declaration_reversed(state)
        defender = defenders[0] if defenders else state.active
        for oid in attackers:
            chars = self.chars(state, oid)
            obj = state.objects[oid]
            why = None
            if obj.zone is not Zone.BATTLEFIELD:
                why = "not_on_battlefield"
            elif "creature" not in chars.types or chars.controller != state.active:
                why = "not_your_creature"
            elif obj.tapped:
                why = "tapped"
            elif obj.sick and not chars.has_keyword("haste"):
                why = "summoning_sick"
            elif chars.has_keyword("defender") or self.has_rule_effect(state, "cant_attack", oid):
                why = "cant_attack"
            if why == "cant_attack" and chars.has_keyword("defender"):
                why = "defender"
            if why:
                key = {"summoning_sick": K.SUMMONING_SICKNESS, "defender": K.DEFENDER}.get(why, K.DECLARE_ATTACKERS)
                self.record("illegal", "mtg.illegal.attack", key, card=oid, card_name=chars.name, why=why)
                return self._attack_declaration_reversed(state)
        for oid in attackers:
            chars = self.chars(state, oid)
            obj = state.objects[oid]
            vigilant = chars.has_keyword("vigilance")
            what = attacking.get(oid, defender)
            state = state.with_object(replace(obj, attacking=what, tapped=obj.tapped or not vigilant))
            self.record("attack", "mtg.combat.attacks",
                        K.ATTACK_PLANESWALKER if not is_player(what) else K.ATTACK_CHOOSE_DEFENDER
                        if len(defenders) > 1 else K.VIGILANCE if vigilant else K.ATTACK_TAPS, card=oid,
                        card_name=chars.name, defender=what if is_player(what) else self.name_of(state, what),
                        attacked=what, tapped=not vigilant)
            self.recorder.sync(state)
        alone = len(attackers) == 1
        for oid in attackers:
            state = self.emit(state, {"event": "attacks", "object": oid, "alone": alone, "player": state.active})
        # Declared until this combat ends (511.3).
        state = state.with_declarations(deferred_priority=False, illegal_attackers=False, attackers_declared=True)
        return self.settle(state, player=state.active, why=K.PRIORITY_AP_FIRST)

    def _attack_declaration_reversed(self, state: GameState) -> GameState:
        """An illegal declaration of attackers is reversed as a whole (508.1, 726.1; 723.1 in
        2020): a ``mtg.illegal.attack_declaration`` step; another ``declare_attackers`` may follow."""
        self.record("illegal", "mtg.illegal.attack_declaration", K.ILLEGAL_ACTION, player=state.active)
        return self.priority_after_declaration(state.with_declarations(illegal_attackers=True), "declare_attackers")

    def do_declare_blockers(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """Declare blockers (CR 509.1): untapped creatures of the defending player, a flyer blocked
        only by flying or reach (702.9b), fear (702.36b), menace (702.111b), one attacker per
        blocker (509.1a) and the blocking requirements obeyed as far as possible (509.1c).

        A declaration that breaks any of them is illegal as a whole (509.1b, 509.1c): each broken
        pair is an ``illegal`` step, then ``mtg.illegal.block_declaration`` says the declaration is
        reversed (726.1; 723.1 in 2020) and no creature blocks unless a later ``declare_blockers``
        action gives a legal one; if none does, the combat damage step says so and the result is
        incomplete (the engine never picks a declaration for the defending player)."""
        if state.step is not Step.DECLARE_BLOCKERS:
            state = state.with_declarations(declaring=Step.DECLARE_BLOCKERS)
            state = self.advance_to(state, Step.DECLARE_BLOCKERS)
            state = state.with_declarations(declaring=None)
        if state.declarations.blocks_declared is True and not state.declarations.illegal_blockers:
            # CR 509.1: declaring blockers is one turn-based action at the start of the step.
            first = next(iter(action.get("blockers", ())), {})
            blocker, attacker = first.get("blocker", ""), first.get("attacker", "")
            self.record("illegal", "mtg.illegal.block", K.DECLARE_BLOCKERS, card=blocker,
                        card_name=self.name_of(state, blocker) if blocker else "", attacker=attacker, why="already_declared")
            return state
        pairs = list(action.get("blockers", ()))
        illegal = self._illegal_blocks(state, pairs)
        for blocker, attacker, why in illegal:
            rule = {"flying": K.FLYING, "fear": K.FEAR, "menace": K.MENACE, "one_attacker": K.BLOCK_ONE_ATTACKER,
                    "landwalk": K.LANDWALK, "protection": K.PROTECTION_BLOCK,
                    "attacking_another_player": K.MULTIPLAYER_BLOCK_ONLY}
            self.record("illegal", "mtg.illegal.block", rule.get(why, K.DECLARE_BLOCKERS), card=blocker,
                        card_name=self.name_of(state, blocker), attacker=attacker, why=why)
        if illegal or not self.block_requirements_obeyed(state, action):
            self.record("illegal", "mtg.illegal.block_declaration", K.ILLEGAL_ACTION,
                        player=", ".join(opponents(state, state.active)))
            state = state.with_declarations(blocks_declared=False, illegal_blockers=True)
            return self.priority_after_declaration(state, "declare_blockers")
        state = state.with_declarations(blocks_declared=True, illegal_blockers=False, deferred_priority=False)
        if multiplayer(state):
            # CR 802.4: each defending player in APNAP order declares all their blocks, then the next.
            order = apnap(state, opponents(state, state.active))
            self.record("block", "mtg.combat.blockers_in_turn_order", K.MULTIPLAYER_BLOCKERS, players=list(order))
            seat = {p: i for i, p in enumerate(order)}
            pairs = sorted(pairs, key=lambda pair: seat.get(self.chars(state, pair["blocker"]).controller, len(seat)))
        for pair in pairs:
            blocker, attacker = pair["blocker"], pair["attacker"]
            bc, ac = self.chars(state, blocker), self.chars(state, attacker)
            bo = state.objects[blocker]
            state = state.with_object(replace(bo, blocking=bo.blocking + (attacker,)))
            state = state.with_object(replace(state.objects[attacker], blocked=True))
            self.record("block", "mtg.combat.blocks", K.DECLARE_BLOCKERS, card=blocker, card_name=bc.name,
                        attacker=attacker, attacker_name=ac.name)
            self.recorder.sync(state)
            state = self.emit(state, {"event": "blocks", "object": blocker, "attacker": attacker})
        return self.settle(self._damage_orders(state, action), player=state.active, why=K.PRIORITY_AP_FIRST)

    def defending_player(self, state: GameState, attacker: str) -> Optional[PlayerId]:
        """The defending player of an attacking creature (CR 506.2, 802.2a): the player it attacks,
        or the controller of the planeswalker it attacks; ``None`` when it attacks nothing."""
        what = state.objects[attacker].attacking if attacker in state.objects else None
        if what is None or is_player(what):
            return what
        return self.chars(state, what).controller if what in state.objects and \
            state.objects[what].zone is Zone.BATTLEFIELD else None

    def _illegal_blocks(self, state: GameState, pairs: list[Mapping[str, Any]]) -> list[tuple[str, str, str]]:
        """The pairs of a declaration that break a restriction, as ``(blocker, attacker, why)``:
        :meth:`_block_restriction`, a blocker named twice (509.1a, ``one_attacker``) and an
        attacker with menace blocked by one creature (702.111b, ``menace``)."""
        menace_alone = self._menace_blocked_alone(state, pairs)
        out: list[tuple[str, str, str]] = []
        chosen: set[str] = set()
        for pair in pairs:
            blocker, attacker = pair["blocker"], pair["attacker"]
            why = self._block_restriction(state, blocker, attacker)
            if why is None and blocker in chosen:
                why = "one_attacker"
            if why is None and attacker in menace_alone:
                why = "menace"
            if why:
                out.append((blocker, attacker, why))
            chosen.add(blocker)
        return out

    def _menace_blocked_alone(self, state: GameState, pairs: list[Mapping[str, Any]]) -> set[str]:
        """The attackers with menace that this declaration would block with exactly one creature
        (CR 702.111b; 702.110b in 2020: "can't be blocked except by two or more creatures", a
        restriction on the whole declaration, 509.1b). Only pairs that break no other restriction,
        and each blocker's first legal pair (509.1a), count as blocks."""
        counts: dict[str, int] = {}
        seen: set[str] = set()
        for pair in pairs:
            blocker, attacker = pair["blocker"], pair["attacker"]
            if blocker in seen or self._block_restriction(state, blocker, attacker) is not None:
                continue
            seen.add(blocker)
            counts[attacker] = counts.get(attacker, 0) + 1
        return {a for a, n in counts.items() if n == 1 and self.chars(state, a).has_keyword("menace")}

    def _block_restriction(self, state: GameState, blocker: str, attacker: str) -> Optional[str]:
        """Why ``blocker`` can't block ``attacker`` now (CR 509.1a, 509.1b), or ``None``: it must be an
        untapped creature the defending player controls, the attacker must be attacking, and flying
        (702.9b), fear (702.36b), protection (702.16f), landwalk (702.14c) and "can't block" effects are obeyed."""
        bc, ac = self.chars(state, blocker), self.chars(state, attacker)
        bo = state.objects[blocker]
        if "creature" not in bc.types or bo.zone is not Zone.BATTLEFIELD or bc.controller not in opponents(state, state.active):
            return "cannot_block"
        if bo.tapped:
            return "tapped"
        if state.objects[attacker].attacking is None:
            return "not_attacking"
        if self.defending_player(state, attacker) not in (None, bc.controller):
            return "attacking_another_player"  # CR 509.1a, 802.4a
        if ac.has_keyword("flying") and not (bc.has_keyword("flying") or bc.has_keyword("reach")):
            return "flying"
        if ac.has_keyword("fear") and not (("artifact" in bc.types and "creature" in bc.types) or "black" in bc.colors):
            return "fear"
        if protected_from(ac, bc):
            return "protection"
        walks = [a for a in ac.abilities if a.keyword == "landwalk"]
        if walks:
            lands = [self.chars(state, o) for o in self.permanents(state)]
            lands = [c for c in lands if "land" in c.types and c.controller == bc.controller]
            if any(landwalk_applies(a, lands) for a in walks):
                return "landwalk"
        if self.has_rule_effect(state, "cant_block", blocker):
            return "cant_block"
        if protection_against(ac, bc, lambda oid, what: self.chosen_value(state, oid, what)):
            return "protection"
        return None

    def _block_requirements(self, state: GameState) -> dict[str, list[str]]:
        """The blocking requirements in force (CR 509.1c): creature → the attackers it must block if
        able, one entry per ``must_block`` effect ("target creature blocks it this turn if able").
        A requirement names one object: an attacker that left the battlefield and came back (a new
        timestamp, 400.7, 613.7d) is not it."""
        out: dict[str, list[str]] = {}
        for e in state.effects:
            if e.do != "must_block":
                continue
            attacker = e.params.get("attacker")
            obj = state.objects.get(attacker) if attacker else None
            if obj is None or obj.zone is not Zone.BATTLEFIELD or obj.attacking is None:
                continue
            if e.params.get("attacker_timestamp") is not None and obj.timestamp != e.params["attacker_timestamp"]:
                continue
            for oid in e.affected_ids or ():
                if oid in state.objects and state.objects[oid].zone is Zone.BATTLEFIELD:
                    out.setdefault(oid, []).append(attacker)
        return out

    def block_requirements_obeyed(self, state: GameState, action: Mapping[str, Any]) -> bool:
        """CR 509.1c: the declaration must obey as many requirements as possible without breaking a
        restriction. The engine's restrictions are each about one blocker and one attacker, and a
        creature blocks one attacker (509.1a), so the most each creature can obey is the largest
        number of its requirements naming one attacker it is able to block. A declaration that
        obeys fewer is an ``illegal`` step and is not made (``None`` declaration: as the step passes)."""
        requirements = self._block_requirements(state)
        if not requirements:
            return True
        declared: dict[str, set[str]] = {}
        for pair in (action or {}).get("blockers", ()):
            if pair["blocker"] in state.objects and pair["attacker"] in state.objects and \
                    self._block_restriction(state, pair["blocker"], pair["attacker"]) is None:
                declared.setdefault(pair["blocker"], set()).add(pair["attacker"])
        for creature, attackers in requirements.items():
            able = [a for a in attackers if self._block_restriction(state, creature, a) is None]
            possible = max((able.count(a) for a in able), default=0)
            obeyed = sum(1 for a in attackers if a in declared.get(creature, ()))
            if obeyed < possible:
                attacker = next(a for a in able if able.count(a) == possible)
                params = dict(card=creature, card_name=self.name_of(state, creature), attacker=attacker,
                              attacker_name=self.name_of(state, attacker), obeyed=obeyed, possible=possible)
                if action is None:
                    # The step passed without a declaration: what the defending player declared is not known.
                    self.record("cannot_evaluate", "mtg.cannot_evaluate.block_requirement", K.BLOCK_REQUIREMENTS, **params)
                else:
                    self.record("illegal", "mtg.illegal.block_requirement", K.BLOCK_REQUIREMENTS, **params)
                return False
        return True

    def _damage_orders(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        """CR 509.2: for each attacker blocked by two or more creatures the active player announces
        its damage assignment order (``damage_order`` of the action, ``options.choices
        ["damage_order:<attacker>"]``, or an open choice among the orders)."""
        given = dict(action.get("damage_order") or {})
        for oid in self.permanents(state):
            obj = state.objects[oid]
            if not obj.attacking:
                continue
            blockers = [b for b in self.permanents(state) if oid in state.objects[b].blocking]
            if len(blockers) < 2:
                continue
            if oid in given and sorted(given[oid]) == sorted(blockers):
                order = list(given[oid])
            else:
                options = [list(p) for p in itertools.islice(itertools.permutations(blockers), MAX_BRANCHES + 1)]
                order = list(self.choose(state, f"damage_order:{oid}", options, "mtg.choice.damage_order", K.DAMAGE_ORDER,
                                         player=state.active, card=oid, card_name=self.name_of(state, oid)))
            state = state.with_object(replace(state.objects[oid], damage_order=tuple(order)))
            self.record("block", "mtg.combat.damage_order", K.DAMAGE_ORDER, card=oid, card_name=self.name_of(state, oid),
                        order=order)
        return state

    def combat_damage(self, state: GameState) -> GameState:
        """Combat damage (CR 510.1), first strike and double strike first (510.4, 702.7b, 702.4b).

        An unblocked creature deals its damage to the player or planeswalker it attacks (510.1b);
        a blocked one to its blockers in its damage assignment order, each assigned lethal damage
        before the next (510.1c), the excess to the player or planeswalker with trample (702.19b).
        ``options.choices["assign:<attacker>"]`` (amounts in damage assignment order, then the
        trample excess) chooses another legal division; without it each blocker but the last is
        assigned exactly lethal damage and the last the rest.
        """
        def fighting(st: GameState) -> list[str]:
            return [o for o in self.permanents(st) if st.objects[o].attacking or st.objects[o].blocking]

        def striker(st: GameState, o: str, *keywords: str) -> bool:
            chars = self.chars(st, o)
            return any(chars.has_keyword(k) for k in keywords)

        fighters = fighting(state)
        first = [o for o in fighters if striker(state, o, "first_strike", "double_strike")]
        if first:
            self.record("damage", "mtg.combat.first_strike", K.FIRST_STRIKE, creatures=len(first))
            state = self._deal_combat(state, first)
            state = self.settle(state, announce=False)
            second = [o for o in fighting(state) if o not in first or striker(state, o, "double_strike")]
            if any(o in first for o in second):
                self.record("damage", "mtg.combat.double_strike", K.DOUBLE_STRIKE, creatures=len(second))
            return self._deal_combat(state, second)
        return self._deal_combat(state, fighters)

    def _deal_combat(self, state: GameState, group: list[str]) -> GameState:
        """Assign and deal one combat damage step's damage simultaneously (CR 510.1, 510.2)."""
        assignments: list[tuple[str, str, int]] = []
        for oid in group:
            if oid not in state.objects or state.objects[oid].zone is not Zone.BATTLEFIELD:
                continue
            obj, chars = state.objects[oid], self.chars(state, oid)
            power = max(chars.power or 0, 0)
            if power <= 0:
                continue
            if obj.attacking:
                defender = obj.attacking
                if not is_player(defender):
                    pw = state.objects.get(defender)
                    if pw is None or pw.zone is not Zone.BATTLEFIELD or "planeswalker" not in self.chars(state, defender).types:
                        defender = None  # CR 510.1b: attacking nothing any more, so no damage
                if not obj.blocked:
                    if defender:
                        assignments.append((oid, defender, power))
                    continue
                order = [b for b in (obj.damage_order or tuple(b for b in self.permanents(state)
                                                                if oid in state.objects[b].blocking))
                         if b in state.objects and state.objects[b].zone is Zone.BATTLEFIELD and oid in state.objects[b].blocking]
                trample = chars.has_keyword("trample")
                if not order:
                    if trample and defender:
                        assignments.append((oid, defender, power))
                    continue
                lethal = [1 if chars.has_keyword("deathtouch") else
                          max((self.chars(state, b).toughness or 0) - state.objects[b].damage, 0) for b in order]
                given = self._choices.get(f"assign:{oid}")
                amounts = self._assignment(power, lethal, trample, given)
                if given is not None and amounts != list(given):
                    self.record("illegal", "mtg.illegal.division", K.BLOCKED_DAMAGE, card=oid, card_name=chars.name,
                                division=list(given), why="lethal_damage_first")
                for b, amount in zip(order, amounts):
                    if amount:
                        assignments.append((oid, b, amount))
                        self.record("damage", "mtg.combat.assign", K.BLOCKED_DAMAGE, card=oid, card_name=chars.name,
                                    target=b, target_name=self.name_of(state, b), amount=amount, default=given is None)
                excess = amounts[len(order)] if len(amounts) > len(order) else 0
                if excess > 0 and defender:
                    assignments.append((oid, defender, excess))
                    self.record("damage", "mtg.combat.trample", K.TRAMPLE, card=oid, card_name=chars.name, amount=excess)
            else:
                for attacker in obj.blocking:
                    if attacker in state.objects and state.objects[attacker].zone is Zone.BATTLEFIELD:
                        assignments.append((oid, attacker, power))
                        break
        for source, target, amount in assignments:
            state = self.deal_damage(state, source, target, amount, combat=True)
        return state

    @staticmethod
    def _assignment(power: int, lethal: list[int], trample: bool, given: Any) -> list[int]:
        """Amounts per blocker in order (and the trample excess last): ``given`` if it is a legal
        division under CR 510.1c/702.19b, else lethal to each in order and the rest to the last
        blocker (or, with trample, to the player or planeswalker)."""
        if isinstance(given, list) and all(isinstance(n, int) and n >= 0 for n in given) and sum(given) == power \
                and len(given) <= len(lethal) + (1 if trample else 0):
            padded = list(given) + [0] * (len(lethal) + (1 if trample else 0) - len(given))
            ok = all(padded[j] >= lethal[j] for i in range(len(padded)) if padded[i] > 0 for j in range(min(i, len(lethal))))
            if ok:
                return padded
        out, left = [], power
        for i, need in enumerate(lethal):
            last = i == len(lethal) - 1
            give = left if (last and not trample) else min(left, need)
            out.append(give)
            left -= give
        if trample:
            out.append(left)
        return out


# ----------------------------------------------------------------------------- vocabulary

ATTACK_KEYS = {
    "attackers": ListOf(item=OBJECT, max_items=200, unique=True, label="Attackers",
                        help="the creatures that attack, each once (CR 508.1a)"),
    "attacking": MapOf(key=OBJECT, value=Ref(spaces=("object", "player")), max_items=200, label="Attacking",
                       help="attacker → the player or planeswalker it attacks (CR 508.1b, 802.3; default: the "
                            "defending player of a two-player game)"),
}


@VOCABULARY.entry("action", "declare_attackers", rule=(K.DECLARE_ATTACKERS, K.ATTACK_TAPS), keys=ATTACK_KEYS,
                  label="Declare attackers",
                  messages=("mtg.combat.attacks", "mtg.illegal.attack", "mtg.illegal.attack_declaration"),
                  example={"type": "declare_attackers", "attackers": ["ogre"]},
                  doc="The active player declares attackers (CR 508.1), the game first moving to the declare attackers "
                      "step: untapped creatures they have controlled since the turn began (302.6) or with haste, "
                      "without defender (702.3b) or a \"can't attack\" effect; each attacks the defending player or a "
                      "planeswalker they control (506.3, 508.1b); with several opponents each is a defending player "
                      "and `attacking` names the player or planeswalker each attacker attacks (802.2, 802.3) and taps unless it has vigilance (508.1f, 702.20b). An "
                      "illegal declaration is reversed as a whole (726.1); declaring twice in one combat is illegal.",
                  row=row(ATTACK_KEYS))
def declare_attackers(game: Any, state: GameState, action: Mapping[str, Any]) -> GameState:
    """Declare ``action["attackers"]``."""
    return game.do_declare_attackers(state, action)


BLOCK_KEYS = {
    "blockers": ListOf(item=Record(fields={"blocker": OBJECT, "attacker": OBJECT}, required=("blocker", "attacker")),
                       max_items=400, label="Blocks", help="[{blocker, attacker}]: each blocker blocks one attacker"),
    "damage_order": MapOf(key=OBJECT, value=OBJECTS, max_items=200, label="Damage assignment order",
                          help="attacker → its blockers in the order it assigns damage (CR 509.2)"),
}


@VOCABULARY.entry("action", "declare_blockers", rule=(K.DECLARE_BLOCKERS, K.DAMAGE_ORDER), keys=BLOCK_KEYS,
                  label="Declare blockers", messages=("mtg.combat.blocks", "mtg.illegal.block", "mtg.illegal.block_declaration"),
                  example={"type": "declare_blockers", "blockers": [{"blocker": "wall", "attacker": "ogre"}]},
                  doc="The defending player declares blockers (CR 509.1), the game first moving to the declare "
                      "blockers step: untapped creatures they control, each blocking one attacker (509.1a) that "
                      "attacks them or a planeswalker they control (each defending player in APNAP order, 802.4, 802.4a), flying "
                      "(702.9b), fear (702.36b), menace (702.111b) and \"can't block\" obeyed, and as many blocking "
                      "requirements as possible (509.1c). An illegal declaration is reversed as a whole (726.1) and "
                      "another may follow. The active player then announces each attacker's damage assignment order "
                      "(509.2: `damage_order`, else the choice `damage_order:<attacker>`).",
                  row=row(BLOCK_KEYS))
def declare_blockers(game: Any, state: GameState, action: Mapping[str, Any]) -> GameState:
    """Declare ``action["blockers"]``."""
    return game.do_declare_blockers(state, action)


MUST_BLOCK_KEYS = {"attacker": replace(OBJECT_REF, label="The attacker", help="what it must block (default self)")}
instruction("must_block", (K.TIMESTAMP_RESOLVED, K.BLOCK_REQUIREMENTS), keys={**MUST_BLOCK_KEYS, **CREATED_KEYS},
            refs=("target",), required=("target",), label="Creates: blocks it if able",
            messages=("mtg.effect.created",), example={"target": 0, "attacker": "self", "duration": "end_of_turn"},
            doc="Creates a blocking requirement (CR 509.1c): the target creature blocks `attacker` (the source, or the "
                "event's object …, as it is now, 400.7) this turn if able; a declaration of blockers that obeys fewer "
                "requirements than it could is illegal.")(create)
