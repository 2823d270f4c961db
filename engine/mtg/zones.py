"""Zones and moving between them (CR 400): an object that moves becomes a new object (400.7),
cards go to their owners' zones, a permanent entering makes its "as it enters" choices first
(614.12a, devour 702.82a); destroying (701.7a), drawing (121)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Optional

from .face_down import leave_stack
from .filters import Context, matches
from .model import PLAYERS, Ability, Chars, Effect, GameObject, GameState, ObjectId, PlayerId, Zone, freeze
from .players import in_game
from .rules import K
from .split_cards import names_in
from .subtypes import subtype_set
from .vocabulary import COLORS, VOCABULARY, Choice, Text, row


class Zones:
    """Moving objects for :class:`~engine.mtg.game.Game`."""

    def move(self, state: GameState, oid: str, to: Zone, reason: str, key: K, controller: Optional[PlayerId] = None,
             bottom: bool = False, top: bool = False, position: Optional[int] = None,
             counters: Optional[Mapping[str, int]] = None, message_id: str = "mtg.move") -> GameState:
        """Move an object to a zone; it becomes a new object (CR 400.7); the step says ``message_id``. Cards go to their owner's zones.
        ``position`` n puts it nth from the top of the library (the bottom when the library has fewer
        than n - 1 other cards). A permanent entering makes its "as it enters" choices first (614.12a);
        ``counters`` are the counters it enters with (persist, undying: 614.1c), each a step citing ``key``.
        Leaving the battlefield, the event keeps the counters it had (last known information, 603.10a)
        and the timestamp of the new object it became (``to_timestamp``, 400.7)."""
        obj = state.objects[oid]
        frm = obj.zone
        lki = None
        if frm is Zone.BATTLEFIELD:
            lki = self.chars(state, oid)
            lkis = dict(state.lki)
            lkis[oid] = lki
            state = replace(state, lki=MappingProxyType(lkis))
        if frm is not to and to is not Zone.STACK:
            state, event = self.replace_event(state, {"event": "zone_change", "object": oid, "from": frm.value,
                                                      "to": to.value})
            if event is None:
                return state
            to = Zone(event["to"])
            if to is frm:
                return state
        ts, state = state.stamp()
        new = replace(obj, zone=to, timestamp=ts, tapped=False if to is Zone.BATTLEFIELD and not obj.tapped else False,
                      counters=MappingProxyType({}), counter_timestamps=MappingProxyType({}), damage=0, deathtouch_damage=False, attached_to=None,
                      attacking=None, blocking=(), blocked=False, damage_order=(), loyalty_activated=False,
                      controller=controller or obj.owner,
                      sick=to is Zone.BATTLEFIELD, face_down=False, x=obj.x if to is Zone.STACK else 0)
        new = leave_stack(obj, new, to)  # a half or a face-down spell is its card again (CR 709.4, 708.9)
        if to is Zone.BATTLEFIELD and obj.printed.loyalty is not None and "planeswalker" in obj.printed.types:
            # CR 306.5b: a planeswalker enters with loyalty counters equal to its printed loyalty.
            new = replace(new, counters=MappingProxyType({"loyalty": obj.printed.loyalty}))
        chosen_name = None
        if to is Zone.BATTLEFIELD:
            # CR 614.12: what modifies how it enters is read off the permanent as it would exist
            # on the battlefield, after the continuous effects that would apply to it.
            ahead = self.look_ahead(state, new)
            if frm is not Zone.BATTLEFIELD:
                self.note_look_ahead(obj, ahead)
            if self.enters_tapped(ahead):
                new = replace(new, tapped=True)
                self.record("replace", "mtg.replace.enters_tapped", K.ENTERS_REPLACEMENT, card=oid, card_name=obj.printed.name)
        if to is Zone.BATTLEFIELD and frm is not Zone.BATTLEFIELD:
            state, extra, chosen_name = self.as_enters(state, obj, controller or obj.owner, ahead.abilities)
            if extra:
                new = replace(new, counters=MappingProxyType({**dict(new.counters), **extra}))
            for kind, count in (counters or {}).items():
                new = replace(new, counters=MappingProxyType({**dict(new.counters), kind: new.counters.get(kind, 0) + count}),
                              counter_timestamps=MappingProxyType({**dict(new.counter_timestamps), kind: ts}))
                self.record("counters", "mtg.enters.counters", key, card=oid, card_name=obj.printed.name, kind=kind,
                            count=count, cards=[])
            new = self.enters_replaced(state, new, obj)
        if frm is Zone.BATTLEFIELD:
            # A name chosen as it entered belongs to that object only (CR 400.7).
            state = replace(state, effects=tuple(e for e in state.effects
                                                 if not (e.do in ("chosen_name", "chosen") and e.source == oid)))
        order = [o for o in state.order if o != oid]
        library = [o for o in order if state.objects[o].zone is Zone.LIBRARY and state.objects[o].owner == obj.owner]
        if top:
            order.insert(0, oid)
        elif position is not None and position > 1 and len(library) >= position:
            order.insert(order.index(library[position - 1]), oid)
        else:
            order.append(oid)
        objects = dict(state.objects)
        objects[oid] = new
        state = replace(state, objects=MappingProxyType(objects), order=tuple(order))
        if chosen_name is not None:
            ts2, state = state.stamp()
            state = replace(state, effects=state.effects + (Effect(f"{oid}.chosen", "chosen_name", freeze({"name": chosen_name}), oid,
                                                                  new.controller, ts2, affected_ids=(oid,), duration="permanent"),))
        self.record("move", message_id, key, card=oid, card_name=obj.printed.name, **{"from": frm.value}, to=to.value,
                    reason=reason)
        self.recorder.sync(state)
        if frm is Zone.BATTLEFIELD:
            event = {"event": "leaves", "object": oid, "to": to.value, "lki": lki, "player": lki.controller,
                     "counters": freeze(dict(obj.counters)), "to_timestamp": ts}
            state = self.emit(state, event)
            if to is Zone.GRAVEYARD and lki is not None and "creature" in lki.types:
                state = self.emit(state, {**event, "event": "dies"})
            if reason == "sacrifice":
                state = self.emit(state, {**event, "event": "sacrifice"})
        if frm is Zone.STACK and to is Zone.BATTLEFIELD:
            # CR 400.7a, 400.7b: a permanent spell's effects follow it onto the battlefield.
            for e in state.effects:
                if e.affected_ids is not None and oid in e.affected_ids and e.timestamp < ts:  # not one made as it entered
                    self.record("effect", "mtg.effect.follows_spell", K.NEW_OBJECT_SPELL, effect=e.id, do=e.do, card=oid,
                                card_name=obj.printed.name)
        else:
            # Any other move makes a new object, and what was locked to the old one lets go of it.
            state = self.forget(state, oid, frm, to)
        if to is Zone.BATTLEFIELD:
            # CR 113.6: its abilities work from now on, so what the engine can't evaluate is said
            # now, even in the middle of a resolution, not at the next priority.
            self.report_unevaluated(state)
            state = self.emit(state, {"event": "enters", "object": oid, "player": new.controller})
        if frm is Zone.BATTLEFIELD:
            state = self.return_exiled(state, obj)
        return state

    def forget(self, state: GameState, oid: ObjectId, frm: Zone, to: Zone) -> GameState:
        """The object ``oid`` moved from ``frm`` to ``to`` and is a new object with no relation to the
        old one (CR 400.7): every reference to the old object is severed.

        * an effect locked to it (a -2/-2 that applied, "creatures get +1/+1" from a resolved spell,
          a control change, CR 611.2c) no longer affects it; an effect left affecting nothing ends
          (``mtg.effect.new_object`` steps, 400.7);
        * a spell or ability on the stack that targets it now targets an object that no longer
          exists: the target is illegal on resolution (``StackItem.new_objects``, 608.2b);
        * an Aura or Equipment attached to it is attached to nothing once it is back on the battlefield
          (the Aura goes, 303.4c, 704.5m);
        * a delayed triggered ability that refers to it ("sacrifice it at the beginning of the next end
          step") will not find it (``mtg.delayed.new_object``, 603.7c);
        * damage it was dealt this turn is not remembered (120.6; its counters and damage are not
          carried by the new object either, 122.2).

        Abilities that trigger on the move and the effect that moved it can still find the new
        object by id (400.7d, 400.7h). Returns the new state."""
        name = state.objects[oid].printed.name
        effects = []
        for e in state.effects:
            if e.affected_ids is None or oid not in e.affected_ids:
                effects.append(e)
                continue
            kept = tuple(o for o in e.affected_ids if o != oid)
            self.record("effect", "mtg.effect.new_object", K.NEW_OBJECT, effect=e.id, do=e.do, card=oid, card_name=name,
                        **{"from": frm.value}, to=to.value, ended=not kept)
            if kept:
                effects.append(replace(e, affected_ids=kept))
        stack = tuple(replace(item, new_objects=item.new_objects | {i for i, t in enumerate(item.targets) if t == oid})
                      if oid in item.targets else item for item in state.stack)
        delayed = []
        for d in state.delayed:
            if d.refers_to == oid:
                # CR 603.7c: the object it refers to left its zone; what came back is not it.
                self.record("trigger", "mtg.delayed.new_object", K.DELAYED_NEW_OBJECT, card=oid, card_name=name,
                            source=d.source, source_name=d.name, **{"from": frm.value}, to=to.value)
                d = replace(d, refers_to=None, lost=oid)
            delayed.append(d)
        before = state
        if (len(effects) != len(state.effects) or any(a is not b for a, b in zip(effects, state.effects))
                or any(a is not b for a, b in zip(stack, state.stack))
                or any(a is not b for a, b in zip(delayed, state.delayed))):
            state = replace(state, effects=tuple(effects), stack=stack, delayed=tuple(delayed))
        if to is Zone.BATTLEFIELD:
            # Off the battlefield the old object is simply gone (704.5m, 704.5n see to it); back on it,
            # the new permanent must not pass for the one the Aura or Equipment was attached to.
            for other in [o for o in state.order if state.objects[o].attached_to == oid and o != oid]:
                state = state.with_object(replace(state.objects[other], attached_to=None))
                self.record("move", "mtg.attach.new_object", K.NEW_OBJECT, card=other,
                            card_name=state.objects[other].printed.name, host=oid, host_name=name)
        if oid in state.turn_log.damaged_by:
            damaged = {k: v for k, v in state.turn_log.damaged_by.items() if k != oid}
            state = state.with_turn_log(replace(state.turn_log, damaged_by=MappingProxyType(damaged)))
        if state is not before:
            self.recorder.sync(state)
        return state

    def return_exiled(self, state: GameState, left: GameObject) -> GameState:
        """The cards exiled "until ``left`` leaves the battlefield" return to the battlefield under
        their owners' control at once (CR 610.3, 610.3c in 2022 / 610.3b in 2020); a card no longer
        the object that was exiled (it left exile, 400.7) stays where it is."""
        links = [e for e in state.effects if e.do == "exiled_until" and e.source == left.id
                 and e.params.get("source_timestamp") == left.timestamp]
        if not links:
            return state
        state = replace(state, effects=tuple(e for e in state.effects if e not in links))
        for link in links:
            for card in link.params.get("cards", ()):
                obj = state.objects.get(card)
                if obj is None or obj.zone is not Zone.EXILE or obj.timestamp != link.params["stamps"].get(card):
                    continue
                self.record("move", "mtg.until.returns", K.UNTIL_OWNER, card=card, card_name=obj.printed.name,
                            source=left.id, source_name=left.printed.name, owner=obj.owner)
                state = self.move(state, card, Zone.BATTLEFIELD, "until_returns", K.UNTIL, controller=obj.owner)
        return state

    def look_ahead(self, state: GameState, entering: GameObject) -> Chars:
        """Return the characteristics ``entering`` would have on the battlefield (CR 614.12): the
        layers applied to it as if it were there, its own static abilities and the continuous
        effects that already exist included (a nonbasic land under "nonbasic lands are
        Mountains" has no ability of its own)."""
        ahead = replace(entering, zone=Zone.BATTLEFIELD)
        return self.chars(state.with_object(ahead), entering.id)

    def note_look_ahead(self, obj: GameObject, ahead: Chars) -> None:
        """Record each ability of the card that would modify how it enters but that it would not
        have on the battlefield (CR 614.12): that replacement effect does not apply."""
        kept = {a.key for a in ahead.abilities}
        for ability in obj.printed.abilities:
            if ability.key in kept or not _modifies_entering(ability):
                continue
            self.record("replace", "mtg.enters.look_ahead", K.LOOK_AHEAD, card=obj.id, card_name=obj.printed.name,
                        ability=ability.label())

    def enters_replaced(self, state: GameState, new: GameObject, obj: GameObject) -> GameObject:
        """Apply the replacement effects of the ``enters`` event to the object about to enter
        (CR 614.1c-d, 614.12): each is found and matched on the battlefield it would enter, so
        its own abilities and the effects that would apply to it count, and makes it enter
        tapped and/or with counters (122.6; ``"x"``: the X its spell was cast with)."""
        ahead = state.with_object(replace(new, zone=Zone.BATTLEFIELD))
        _, event = self.replace_event(ahead, {"event": "enters", "object": obj.id, "tapped": new.tapped,
                                              "counters": {}, "x": obj.x,
                                              "name": obj.printed.name})
        if event is None:
            return new
        counters = dict(new.counters)
        for kind, n in event["counters"].items():
            counters[kind] = counters.get(kind, 0) + n
        return replace(new, tapped=bool(event["tapped"]), counters=MappingProxyType(counters))

    def as_enters(self, state: GameState, obj: GameObject, controller: PlayerId,
                  abilities: Optional[tuple[Ability, ...]] = None) -> tuple[GameState, dict[str, int], Optional[str]]:
        """Replacement effects that modify how ``obj`` enters (CR 614.1c, 614.12), their choices made
        before it enters (614.12a). Returns the state, the counters it enters with and a chosen name.

        * keyword ``devour`` (``n``): sacrifice any number of creatures (``devour:<id>``: a list of ids),
          enter with n +1/+1 counters for each (702.82a);
        * ``{"kind": "replacement", "as_enters": "reveal", "filter": FILTER, "counters": kind}``: reveal any
          number of matching other cards from the hand (``reveal:<id>``), one counter each (Arsenal Thresher);
        * ``{"kind": "replacement", "as_enters": "choose_name", "filter": FILTER}``: choose a card name
          (``name:<id>``; the options are the names of the matching cards in the scenario, 201.4);
        * ``{"kind": "replacement", "as_enters": "choose_color"}`` / ``"choose_player"`` /
          ``"choose_creature_type"``: choose a color (``color:<id>``), a player (``player:<id>``) or a
          creature type (``creature_type:<id>``), kept as a ``chosen`` effect of that object.
        ``abilities`` are those it would have on the battlefield (CR 614.12, :meth:`look_ahead`),
        by default its printed ones.
        Errors: :class:`OpenChoice` when a choice is left open.
        """
        counters: dict[str, int] = {}
        name: Optional[str] = None
        ctx = Context(obj.id, controller, None)
        for ability in obj.printed.abilities if abilities is None else abilities:
            spec = ability.spec
            if ability.kind == "keyword" and spec.get("keyword") == "devour":
                mine = [o for o in self.permanents(state) if "creature" in self.chars(state, o).types
                        and self.chars(state, o).controller == controller]
                eaten = self.choose_subset(state, f"devour:{obj.id}", mine, "mtg.choice.devour", K.DEVOUR, controller, obj)
                for o in eaten:
                    state = self.move(state, o, Zone.GRAVEYARD, "sacrifice", K.DEVOUR)
                n = int(spec.get("n", 1)) * len(eaten)
                if n:
                    counters["+1/+1"] = counters.get("+1/+1", 0) + n
                    self.record("counters", "mtg.enters.counters", K.DEVOUR, card=obj.id, card_name=obj.printed.name,
                                kind="+1/+1", count=n, cards=list(eaten))
            elif ability.kind == "replacement" and spec.get("as_enters") == "reveal":
                hand = [c.id for c in state.in_zone(Zone.HAND, controller)
                        if c.id != obj.id and matches(spec.get("filter"), c.id, c.printed, c, ctx)]
                shown = self.choose_subset(state, f"reveal:{obj.id}", hand, "mtg.choice.reveal", K.AS_ENTERS_CHOICE, controller, obj)
                self.record("resolve", "mtg.reveal", K.REVEAL, player=controller, cards=list(shown), count=len(shown),
                            card_name=obj.printed.name)
                kind = spec.get("counters", "+1/+1")
                if shown:
                    counters[kind] = counters.get(kind, 0) + len(shown)
                    self.record("counters", "mtg.enters.counters", K.AS_ENTERS_CHOICE, card=obj.id, card_name=obj.printed.name,
                                kind=kind, count=len(shown), cards=list(shown))
            elif ability.kind == "replacement" and spec.get("as_enters") in CHOSEN_OPTIONS:
                what = spec["as_enters"].removeprefix("choose_")
                value = self.choose(state, f"{what}:{obj.id}", self.chosen_options(state, f"{what}:{obj.id}", spec["as_enters"]),
                                    f"mtg.choice.{what}", K.AS_ENTERS_CHOICE, player=controller, card=obj.id,
                                    card_name=obj.printed.name)
                self.record("resolve", "mtg.chosen.as_enters", K.AS_ENTERS_CHOICE, player=controller, card=obj.id,
                            card_name=obj.printed.name, what=what, value=value)
                ts, state = state.stamp()
                state = replace(state, effects=state.effects + (Effect(f"{obj.id}.chosen_{what}", "chosen",
                                                                       freeze({"what": what, "value": value}), obj.id,
                                                                       controller, ts, affected_ids=(obj.id,)),))
            elif ability.kind == "replacement" and spec.get("as_enters") == "choose_name":
                names = sorted({n for o in state.objects.values() if o.printed.name and not o.token and not o.copy
                                and matches(spec.get("filter"), o.id, o.printed, o, ctx) for n in names_in(o.printed)})
                if not names:
                    continue
                name = self.choose(state, f"name:{obj.id}", names, "mtg.choice.name", K.CHOOSE_NAME, player=controller,
                                   card=obj.id, card_name=obj.printed.name)
                self.record("resolve", "mtg.name.chosen", K.AS_ENTERS_CHOICE, player=controller, card=obj.id,
                            card_name=obj.printed.name, name=name)
        return state, counters, name

    def chosen_options(self, state: GameState, key: str, kind: str) -> list[str]:
        """The options of an as-enters choice (CR 614.12a): the colors, the players, or for a
        creature type the creature types of the scenario's objects (any other creature type given
        in ``options.choices`` is one too, 205.3m)."""
        if kind == "choose_player":
            return list(in_game(state))  # the players of this game still in it (CR 102.1, 800.4a)
        if kind != "choose_creature_type":
            return list(CHOSEN_OPTIONS[kind])
        found = {t for o in state.objects.values() for t in o.printed.subtypes if subtype_set(t) == "creature"}
        given = self._choices.get(key)
        if isinstance(given, str) and given and subtype_set(given) == "creature":
            found.add(given)
        return sorted(found)

    @staticmethod
    def chosen_value(state: GameState, oid: Optional[str], what: str) -> Optional[str]:
        """The color or player (``what``) chosen as ``oid`` entered the battlefield (CR 614.12a), or
        ``None``: it belongs to that object while it stays (400.7)."""
        return next((str(e.params["value"]) for e in state.effects
                     if e.do == "chosen" and e.source == oid and e.params.get("what") == what), None)

    def choose_subset(self, state: GameState, key: str, candidates: list[str], message: str, rule: K,
                       player: PlayerId, obj: GameObject) -> list[str]:
        """Any number of ``candidates`` (every subset is an option; a given list in any order)."""
        options = [list(c) for size in range(len(candidates) + 1) for c in itertools.combinations(candidates, size)]
        return list(self.choose(state, key, options, message, rule, player=player, card=obj.id, card_name=obj.printed.name))

    def destroy(self, state: GameState, oid: str, reason: str, key: K) -> GameState:
        """Destroy a permanent: to its owner's graveyard unless a replacement effect (regeneration,
        totem armor …) replaces the destruction (CR 701.7a, 614.1a, 614.6)."""
        state, event = self.replace_event(state, {"event": "destroy", "object": oid})
        if event is None or state.objects[oid].zone is not Zone.BATTLEFIELD:
            return state
        return self.move(state, oid, Zone.GRAVEYARD, reason, key)

    def draw(self, state: GameState, player: PlayerId, amount: int, key: K = K.DRAW) -> GameState:
        """Draw cards from the top of the library (CR 121.1); an empty library is noted for 704.5b."""
        for _ in range(amount):
            library = state.in_zone(Zone.LIBRARY, player)
            if not library:
                state = state.with_player(replace(state.player(player), drew_from_empty=True))
                self.record("move", "mtg.draw.empty", K.SBA_DRAW_EMPTY, player=player)
                continue
            state, event = self.replace_event(state, {"event": "draw", "player": player})
            if event is None:
                continue
            library = state.in_zone(Zone.LIBRARY, player)
            if not library:
                state = state.with_player(replace(state.player(player), drew_from_empty=True))
                self.record("move", "mtg.draw.empty", K.SBA_DRAW_EMPTY, player=player)
                continue
            card = library[0]
            state = self.move(state, card.id, Zone.HAND, "draw", key)
            state = self.emit(state, {"event": "draw", "player": player, "object": card.id})
        return state


CHOSEN_OPTIONS = {"choose_color": COLORS, "choose_player": PLAYERS, "choose_creature_type": ()}
"""The options of an as-enters choice of a color or a player (CR 614.12a); a creature type's
are the scenario's (:meth:`Zones.chosen_options`)."""


def _modifies_entering(ability: Ability) -> bool:
    """Whether an ability modifies how its permanent enters (CR 614.1c): enters tapped, with
    counters, an as-enters choice, devour."""
    spec = ability.spec
    if ability.kind == "keyword":
        return spec.get("keyword") == "devour"
    return ability.kind == "replacement" and (spec.get("event") == "enters" or "replace" in spec or "as_enters" in spec)


# ----------------------------------------------------------------------------- the zones (400.1)


for _zone, _rule, _doc in (
        ("library", K.LIBRARY, "A player's library (CR 401.1): `objects` lists it top card first."),
        ("hand", K.HAND, "A player's hand (CR 402.1)."),
        ("battlefield", K.BATTLEFIELD, "The battlefield (CR 403.1): its objects are permanents, their "
         "characteristics those the layer system leaves (613)."),
        ("graveyard", K.GRAVEYARD, "A player's graveyard (CR 404.1)."),
        ("stack", K.STACK, "The stack (CR 405.1): a spell's card is an object here, listed in `chain`."),
        ("exile", K.EXILE_ZONE, "The exile zone (CR 406.1)."),
        ("command", K.COMMAND, "The command zone (CR 408.1)."),
):
    VOCABULARY.define("zone", _zone, rule=(_rule, K.ZONES), label=_zone.capitalize(), doc=_doc, example=_zone)


for _what, _values, _label, _example in (("color", COLORS, "A color chosen", {"color:ward": "red"}),
                                         ("player", PLAYERS, "A player chosen", {"player:nemesis": "p1"}),
                                         ("creature_type", (), "A creature type chosen", {"creature_type:mimic": "Elf"})):
    VOCABULARY.define("choice", _what, rule=K.AS_ENTERS_CHOICE,
                      value=Choice(values=_values, what=_what) if _values else Text(min_length=1, max_length=40),
                      key_parts=("object",), label=_label,
                      doc=f"The {_what.replace('_', ' ')} chosen as the object enters (an `as_enters: choose_{_what}` "
                          "replacement ability, "
                          "CR 614.12a); it belongs to that object while it stays on the battlefield." + (
                              " Any creature type (205.3m); the open choice's options are those of the scenario's "
                              "objects." if _what == "creature_type" else "") + (
                              " Also the color chosen as a `choose_color` instruction of the source is followed "
                              "(608.2c)." if _what == "color" else ""),
                      messages=("mtg.choice.made", "mtg.illegal.choice", f"mtg.choice.{_what}"), example=_example,
                      row=row({}, main=(_what,)))
