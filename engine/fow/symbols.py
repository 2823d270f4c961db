"""Symbol abilities (FoW 11) and special abilities (FoW 12): the keywords and what they do."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import replace

from ..core import IllegalAction
from .context import Game
from .model import Card, CardId, GameState, Pending, PlayerId, frozen
from .rules import wp
from .vocabulary import VOCABULARY
from .zones import move_many

_KEYWORDS = {
    "pierce": ("11.1", "Pierce", "When its attack is blocked, the damage beyond the blocker's capacity (DEF minus damage) "
               "is dealt to the attack target too (FoW 11.1; the blocker's share is the `pierce_blocker_damage` reading).",
               ("fow.battle.pierce",)),
    "target_attack": ("11.2", "Target Attack", "It may attack a recovered resonator or J-ruler (FoW 11.2); without it "
                      "only a rested one can be attacked (8.2).", ("fow.illegal.attack_recovered",)),
    "first_strike": ("11.3", "First Strike", "As the attacker, it deals its battle damage in the first-strike battle "
                     "resolution step (FoW 8.4, 11.3), and then none in the normal step if it dealt damage (8.5).",
                     ("fow.battle.no_first_strike",)),
    "explode": ("11.4", "Explode", "When it deals battle damage, an Explode ability triggers that destroys it and the "
                "resonators it damaged (FoW 11.4; damage to a player alone is the `explode_on_player_damage` reading). "
                "A J-ruler is not affected.", ("fow.explode", "fow.explode.j_ruler", "fow.explode.player_reading")),
    "flying": ("11.5", "Flying", "It can be blocked only by a card with Flying (FoW 11.5).", ("fow.illegal.flying",)),
    "swiftness": ("11.6", "Swiftness", "It may attack in the turn it entered the battle area (FoW 11.6); it does not "
                  "waive [rest] costs (9.5).", ()),
    "imperishable": ("11.7", "Imperishable", "When this J-ruler would be destroyed, it goes to the ruler area ruler "
                     "side up instead (FoW 11.7, a replacement of the destruction, 9.10).", ("fow.destroy.imperishable",)),
    "quickcast": ("12.3", "Quickcast", "The card may be played whenever its player has priority (FoW 12.3), not only "
                  "with main timing.", ("fow.play.card",)),
    "must_attack": ("7.12", "Must attack", "Card text: it attacks if able. Its player cannot pass or decline to attack "
                    "while it can legally attack without any further action (FoW 7.12, 8.2).",
                    ("fow.illegal.must_attack", "fow.battle.must_attack_cost")),
    "cannot_attack": ("7.12", "Cannot attack", "Card text: it cannot be declared as an attacker (FoW 7.12's \"no effect "
                      "forbids it\", 8.2).", ("fow.illegal.cannot_attack",)),
    "indestructible": ("10.9", "Cannot be destroyed", "Card text: destroying it does nothing (FoW 10.9, 1.4); rule "
                       "processing's destruction (13.2) is a destruction too.", ("fow.destroy.prevented",)),
}
"""Each keyword: its section, label, doc and messages."""

for _name, (_section, _label, _doc, _messages) in _KEYWORDS.items():
    VOCABULARY.define("keyword", _name, rule=(_section,), label=_label, doc=_doc, messages=_messages, example=_name)


def explode(g: Game, state: GameState, source: CardId, targets: Sequence[str]) -> GameState:
    """Explode: a resonator that dealt battle damage triggers to destroy itself and the resonators it
    damaged (FoW 11.4); damage to a player alone is the ``explode_on_player_damage`` reading."""
    card = state.cards.get(source)
    if card is None or not g.has(state, source, "explode"):
        return state
    if card.side == "j_ruler":
        g.rec("battle", "fow.explode.j_ruler", wp("11.4"), card=source)
        return state
    players = {p.id for p in state.players}
    victims = [t for t in targets if t not in players and state.cards[t].type == "resonator"]
    if not victims and g.options["explode_on_player_damage"] == "no":
        g.rec("battle", "fow.explode.player_reading", wp("11.4"), card=source, reading="no")
        return state
    effect = ({"do": "destroy", "target": "this"},) + tuple({"do": "destroy", "target": v} for v in victims)
    pending = Pending(source, card.controller, None, 1, None, "explode", effect=frozen(effect), source_mark=card.incarnation)
    g.rec("trigger", "fow.explode", wp("11.4"), card=source, victims=victims, reading=g.options["explode_on_player_damage"])
    return replace(state, pending=state.pending + (pending,))


def incarnation(g: Game, state: GameState, pid: PlayerId, card: Card, banished: Sequence[CardId]) -> GameState:
    """Banish resonators instead of paying the cost (FoW 12.2, 10.10).

    Only a card with Incarnation may be played so; one resonator is banished for each ``()``
    group, of that group's attribute (``(A or B)``: either). A resonator's attribute is its
    printed ``attributes`` (the whitepaper defines none, see docs/fow-ambiguities.md). Raise
    :class:`IllegalAction` when the resonators given do not do.
    """
    groups = card.incarnation_groups
    needed = " ".join("(" + " or ".join(group) + ")" for group in groups) or "none"
    if not groups or len(banished) != len(groups) or len(set(banished)) != len(banished):
        raise IllegalAction(wp("12.2"), "fow.illegal.incarnation", {"card": card.id, "needed": needed})
    for rid in banished:
        res = state.cards.get(rid)
        if res is None or res.controller != pid:
            raise IllegalAction(wp("10.10"), "fow.illegal.banish", {"card": rid})
        if res.zone != "field" or g.info(state, rid).type != "resonator":
            raise IllegalAction(wp("12.2"), "fow.illegal.banish", {"card": rid})
    if not any(all(set(group) & set(state.cards[r].attributes) for group, r in zip(groups, order))
               for order in itertools.permutations(banished)):
        raise IllegalAction(wp("12.2"), "fow.illegal.incarnation", {"card": card.id, "needed": needed})
    g.rec("cost", "fow.cost.incarnation", wp("12.2"), card=card.id, card_name=card.name, banished=list(banished))
    return move_many(g, state, list(banished), "graveyard", "banish", wp("10.10"))
