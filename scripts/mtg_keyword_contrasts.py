"""Write the contrasting pair of every Magic keyword the engine reports rather than applies.

A keyword of CR 702 outside ``engine.mtg.keywords.EVALUATED_KEYWORDS`` is not applied: a card
with it gives a ``mtg.cannot_evaluate.keyword`` step wherever the keyword could matter, and the
result is incomplete (``engine/mtg/unevaluated.py``). Its contrasting pair
(``engine/tests/contrasts.py``) is a board where the keyword matters — a creature with flanking
attacks and is blocked, a spell with kicker is cast, a card with flashback sits in its owner's
graveyard in their main phase — against the same board without the keyword: with it the trace
names the keyword and the card and the result has ``"complete": false``; without it the same
resolution is complete.

Each keyword is given the kind of board where it matters (:data:`BOARDS`); a keyword of the
registry with no board here is an error, so a keyword added to the registry needs one.

Usage::

    python scripts/mtg_keyword_contrasts.py          # (re)write fixtures/contrasts/mtg/keyword/<keyword>.json
    python scripts/mtg_keyword_contrasts.py --check  # exit 1 if a file differs from what would be written
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.mtg.keywords import EVALUATED_KEYWORDS, reported_in  # noqa: E402
from engine.mtg.vocabulary import VOCABULARY  # noqa: E402

OUT = ROOT / "fixtures" / "contrasts" / "mtg" / "keyword"
Board = Callable[[dict[str, Any]], dict[str, Any]]
"""Builds the scenario of one board from the keyword ability ``{"kind": "keyword", "keyword": …}``;
the card with the keyword is always the object ``"it"`` and the ability its first."""


THIS_TURN = [{"id": "p1", "life": 20, "spells_cast": 1, "creature_spells_cast": 0},
             {"id": "p2", "life": 18, "life_lost": 2}]
"""Earlier this turn p1 cast a spell (storm, surge) and p2 lost 2 life (spectacle, bloodthirst)."""


def scenario(objects: list[dict[str, Any]], actions: list[dict[str, Any]] = (), *, active: str = "p1",
             step: str = "main1", players: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Return a Magic scenario (CR 2022-04-29) with these objects and actions."""
    return {"format": "1", "game": "mtg", "ruleset": "cr-2022-04-29", "options": {},
            "players": players or [{"id": "p1", "life": 20}, {"id": "p2", "life": 20}],
            "turn": {"active": active, "step": step}, "objects": objects, "chain": [], "pending": [],
            "effects": [], "actions": list(actions)}


def card(name: str, zone: str, owner: str = "p1", **fields: Any) -> dict[str, Any]:
    """Return the card with the keyword (id ``it``)."""
    return {"id": "it", "name": name, "owner": owner, "zone": zone, **fields}


def bear(oid: str = "bear", owner: str = "p2", zone: str = "battlefield", **fields: Any) -> dict[str, Any]:
    """Return a vanilla 2/2 creature."""
    return {"id": oid, "name": "Grizzly Bears", "owner": owner, "zone": zone, "mana_cost": "{1}{G}",
            "types": ["creature"], "subtypes": ["Bear"], "power": 2, "toughness": 2, **fields}


def island(owner: str = "p1") -> dict[str, Any]:
    """Return a basic Island on top of ``owner``'s library (a card to draw)."""
    return {"id": "top", "name": "Island", "owner": owner, "zone": "library", "types": ["land"], "supertypes": ["basic"],
            "subtypes": ["Island"]}


def instant(oid: str, name: str, cost: str, ability: dict[str, Any], owner: str = "p2") -> dict[str, Any]:
    """Return an instant card in ``owner``'s hand."""
    return {"id": oid, "name": name, "owner": owner, "zone": "hand", "mana_cost": cost, "types": ["instant"],
            "abilities": [ability]}


SHOCK = {"kind": "spell", "targets": [{"filter": {"types": ["creature"]}}], "effects": [{"do": "deal_damage", "amount": 2, "target": 0}]}
MURDER = {"kind": "spell", "targets": [{"filter": {"types": ["creature"]}}], "effects": [{"do": "destroy", "target": 0}]}


def creature(keyword: dict[str, Any], name: str, zone: str = "battlefield", owner: str = "p1", power: int = 3,
             toughness: int = 3, **fields: Any) -> dict[str, Any]:
    """Return the red creature card with the keyword (id ``it``)."""
    fields.setdefault("mana_cost", "{2}{R}")
    return card(name, zone, owner, types=["creature"], power=power, toughness=toughness, abilities=[keyword], **fields)


def courser(oid: str = "courser", owner: str = "p2") -> dict[str, Any]:
    """Return a green 3/3: a blocker with greater power than a 2/2 and no color in common with it."""
    return {"id": oid, "name": "Centaur Courser", "owner": owner, "zone": "battlefield", "mana_cost": "{2}{G}",
            "types": ["creature"], "subtypes": ["Centaur"], "power": 3, "toughness": 3}


def forest(oid: str = "forest", owner: str = "p2") -> dict[str, Any]:
    """Return a basic Forest on the battlefield (the land a landwalker walks by)."""
    return {"id": oid, "name": "Forest", "owner": owner, "zone": "battlefield", "types": ["land"], "supertypes": ["basic"],
            "subtypes": ["Forest"]}


def attacks_blocked(keyword: dict[str, Any]) -> dict[str, Any]:
    """A red 2/2 with the keyword attacks and the defending player's green 3/3 blocks it (the
    defending player controls a Forest); combat damage is dealt (CR 508-510)."""
    return scenario([creature(keyword, "Raider", power=2, toughness=2, mana_cost="{1}{R}"), courser(), forest()],
                    [{"type": "declare_attackers", "attackers": ["it"]},
                     {"type": "declare_blockers", "blockers": [{"blocker": "courser", "attacker": "it"}]},
                     {"type": "next_step", "step": "main2"}])


def attacks_unblocked(keyword: dict[str, Any]) -> dict[str, Any]:
    """A creature with the keyword attacks beside another, nothing blocks, both deal combat damage
    to the defending player, who has a creature and a library."""
    return scenario([creature(keyword, "Raider"), bear("mate", owner="p1"), bear(), island("p2")],
                    [{"type": "declare_attackers", "attackers": ["it", "mate"]},
                     {"type": "declare_blockers", "blockers": []}, {"type": "next_step", "step": "main2"}])


def blocks(keyword: dict[str, Any]) -> dict[str, Any]:
    """The defending player's creature with the keyword blocks an attacker (CR 509)."""
    return scenario([creature(keyword, "Sentry", owner="p2", power=2, toughness=4), bear("attacker", owner="p1")],
                    [{"type": "declare_attackers", "attackers": ["attacker"]},
                     {"type": "declare_blockers", "blockers": [{"blocker": "it", "attacker": "attacker"}]},
                     {"type": "next_step", "step": "main2"}])


def ninja_in_hand(keyword: dict[str, Any]) -> dict[str, Any]:
    """The card with the keyword is in the hand while an attacker is unblocked (CR 702.49a)."""
    return scenario([creature(keyword, "Ninja", zone="hand", power=2, toughness=2), bear("attacker", owner="p1")],
                    [{"type": "declare_attackers", "attackers": ["attacker"]},
                     {"type": "declare_blockers", "blockers": []}])


def instant_cast(keyword: dict[str, Any]) -> dict[str, Any]:
    """An instant with the keyword is cast at a creature and resolves (CR 601.2, 608), after p1 cast
    a spell this turn and p2 lost life; p1 controls an untapped artifact creature and has a card
    in the graveyard (what costs such as convoke, improvise and delve could use)."""
    thopter = {"id": "thopter", "name": "Ornithopter", "owner": "p1", "zone": "battlefield", "mana_cost": "{0}",
               "types": ["artifact", "creature"], "subtypes": ["Thopter"], "power": 0, "toughness": 2}
    return scenario([card("Spark", "hand", mana_cost="{1}{R}", types=["instant"], abilities=[keyword, SHOCK]), bear(),
                     thopter, bear("dead", owner="p1", zone="graveyard")],
                    [{"type": "cast", "player": "p1", "card": "it", "targets": ["bear"]}], players=THIS_TURN)


def spliced(keyword: dict[str, Any]) -> dict[str, Any]:
    """The card with the keyword is in the hand as its owner casts an Arcane instant (CR 702.47a)."""
    arcane = {"id": "arcane", "name": "Glacial Ray", "owner": "p1", "zone": "hand", "mana_cost": "{1}{R}",
              "types": ["instant"], "subtypes": ["Arcane"], "abilities": [SHOCK]}
    return scenario([card("Spliced Rite", "hand", mana_cost="{1}{R}", types=["instant"], subtypes=["Arcane"],
                          abilities=[keyword, SHOCK]), arcane, bear()],
                    [{"type": "cast", "player": "p1", "card": "arcane", "targets": ["bear"]}])


def creature_cast(keyword: dict[str, Any]) -> dict[str, Any]:
    """A creature spell with the keyword is cast and enters the battlefield (CR 601.2, 608.3) beside
    another creature of its controller, after an opponent lost life this turn; its controller has
    another card in hand and one in the library."""
    return scenario([creature(keyword, "Newcomer", zone="hand", subtypes=["Bear"]), bear(owner="p1"),
                     bear("kin", owner="p1", zone="hand"), island()],
                    [{"type": "cast", "player": "p1", "card": "it"}], players=THIS_TURN)


def planeswalker_cast(keyword: dict[str, Any]) -> dict[str, Any]:
    """A planeswalker spell with the keyword is cast and enters with its loyalty (CR 306.5b)."""
    return scenario([card("Walker", "hand", mana_cost="{2}{B}{B}", types=["planeswalker"], loyalty=4,
                          abilities=[keyword])], [{"type": "cast", "player": "p1", "card": "it"}])


def equipment_cast(keyword: dict[str, Any]) -> dict[str, Any]:
    """An Equipment spell with the keyword is cast and enters the battlefield."""
    return scenario([card("Blade", "hand", mana_cost="{3}", types=["artifact"], subtypes=["Equipment"],
                          abilities=[keyword])], [{"type": "cast", "player": "p1", "card": "it"}])


def sees_a_spell(keyword: dict[str, Any]) -> dict[str, Any]:
    """Its controller casts an instant while the permanent with the keyword is on the battlefield."""
    return scenario([creature(keyword, "Monk", power=2, toughness=2),
                     instant("spark", "Shock", "{R}", SHOCK, owner="p1"), bear()],
                    [{"type": "cast", "player": "p1", "card": "spark", "targets": ["bear"]}])


def sees_a_creature(keyword: dict[str, Any]) -> dict[str, Any]:
    """Another creature enters under its controller's control (CR 603.6a)."""
    return scenario([creature(keyword, "Watcher", power=1, toughness=1), bear(owner="p1", zone="hand")],
                    [{"type": "cast", "player": "p1", "card": "bear"}])


def upkeep(keyword: dict[str, Any]) -> dict[str, Any]:
    """The permanent with the keyword is on the battlefield as its controller's turn begins
    (untap 502, upkeep 503, draw 504)."""
    counters = {"fading": {"fade": 2}, "vanishing": {"time": 2}}.get(keyword["keyword"], {})
    return scenario([creature(keyword, "Old Guard", sick=False, counters=counters),
                     island()],
                    [{"type": "next_step", "step": "draw"}], active="p2", step="end")


def hand_in_upkeep(keyword: dict[str, Any]) -> dict[str, Any]:
    """The card with the keyword is in its owner's hand during their upkeep (forecast, CR 702.57a)."""
    return scenario([creature(keyword, "Seer", zone="hand"),
                     island()],
                    [{"type": "next_step", "step": "upkeep"}], active="p2", step="end")


def exiled_in_upkeep(keyword: dict[str, Any]) -> dict[str, Any]:
    """The card with the keyword is in exile as its owner's upkeep begins (suspend, rebound)."""
    counters = {"time": 1} if keyword["keyword"] == "suspend" else {}
    return scenario([card("Lost Page", "exile", mana_cost="{1}{U}", types=["sorcery"], counters=counters,
                          abilities=[keyword, {"kind": "spell", "effects": [{"do": "draw", "amount": 1}]}]),
                     island()],
                    [{"type": "next_step", "step": "draw"}], active="p2", step="end")


def exiled_in_main(keyword: dict[str, Any]) -> dict[str, Any]:
    """The card with the keyword is in its owner's exile in their main phase (foretell, cipher)."""
    return scenario([card("Hidden Page", "exile", mana_cost="{1}{U}", types=["sorcery"],
                          abilities=[keyword, {"kind": "spell", "effects": [{"do": "draw", "amount": 1}]}]),
                     bear(owner="p1")],
                    [{"type": "declare_attackers", "attackers": ["bear"]}, {"type": "declare_blockers", "blockers": []},
                     {"type": "next_step", "step": "main2"}])


def in_graveyard(keyword: dict[str, Any]) -> dict[str, Any]:
    """The card with the keyword is in its owner's graveyard in their main phase with an empty
    stack, when they could cast a sorcery or activate an ability as a sorcery."""
    return scenario([creature(keyword, "Restless Dead", zone="graveyard", power=2, toughness=2), bear()])


def graveyard_draw(keyword: dict[str, Any]) -> dict[str, Any]:
    """The card with the keyword is in its owner's graveyard as they would draw a card (dredge, 702.52a)."""
    return scenario([creature(keyword, "Grave Digger", zone="graveyard", power=2, toughness=2),
                     island()],
                    [{"type": "next_step", "step": "main1"}], active="p2", step="end")


def graveyard_death(keyword: dict[str, Any]) -> dict[str, Any]:
    """The card with the keyword is in a graveyard as a creature of its owner dies (recover, haunt)."""
    return scenario([creature(keyword, "Returning Spirit", zone="graveyard", power=2, toughness=2),
                     bear(owner="p1"),
                     instant("murder", "Murder", "{1}{B}{B}", MURDER)],
                    [{"type": "cast", "player": "p2", "card": "murder", "targets": ["bear"]}], active="p2")


def dies(keyword: dict[str, Any]) -> dict[str, Any]:
    """The creature with the keyword is destroyed by a spell (CR 701.7a, 700.4); its owner's
    graveyard holds a Spirit card (what soulshift could return)."""
    spirit = {"id": "spirit", "name": "Kami of Old Stone", "owner": "p1", "zone": "graveyard", "mana_cost": "{3}{W}",
              "types": ["creature"], "subtypes": ["Spirit"], "power": 1, "toughness": 7}
    return scenario([creature(keyword, "Stubborn Beast"), spirit,
                     instant("murder", "Murder", "{1}{B}{B}", MURDER)],
                    [{"type": "pass", "player": "p1"},
                     {"type": "cast", "player": "p2", "card": "murder", "targets": ["it"]}])


def aura_destroyed(keyword: dict[str, Any]) -> dict[str, Any]:
    """An Aura with the keyword enchants a creature that a spell destroys (totem armor, CR 702.89a)."""
    return scenario([card("Guardian Spirit", "battlefield", mana_cost="{1}{W}", types=["enchantment"],
                          subtypes=["Aura"], attached_to="bear", abilities=[keyword]),
                     bear(owner="p1"),
                     instant("murder", "Murder", "{1}{B}{B}", MURDER)],
                    [{"type": "pass", "player": "p1"},
                     {"type": "cast", "player": "p2", "card": "murder", "targets": ["bear"]}])


def aura_on(keyword: dict[str, Any]) -> dict[str, Any]:
    """An Aura with the keyword on the battlefield, attached to a creature it gives +1/+1 (CR 303.4)."""
    return scenario([card("Growth Aura", "battlefield", mana_cost="{G}", types=["enchantment"], subtypes=["Aura"],
                          attached_to="bear",
                          abilities=[keyword, {"kind": "static", "affected": {"attached": True},
                                               "effects": [{"do": "modify_pt", "power": 1, "toughness": 1}]}]),
                     bear(owner="p1")])


def colored_target(keyword: dict[str, Any]) -> dict[str, Any]:
    """A spell may target only a green creature; the creature with the keyword has a green mana
    cost (devoid makes it colorless, 702.114a)."""
    spell = {"kind": "spell", "targets": [{"filter": {"types": ["creature"], "colors": ["green"]}}],
             "effects": [{"do": "destroy", "target": 0}]}
    return scenario([card("Drifter", "battlefield", mana_cost="{1}{G}", types=["creature"], power=2, toughness=2,
                          abilities=[keyword]),
                     instant("bane", "Green Bane", "{B}", spell)],
                    [{"type": "pass", "player": "p1"},
                     {"type": "cast", "player": "p2", "card": "bane", "targets": ["it"]}])


def activated_as_sorcery(keyword: dict[str, Any]) -> dict[str, Any]:
    """The permanent with the keyword is on the battlefield in its controller's main phase with an
    empty stack, beside another creature and a land of theirs: the keyword's activated ability
    could be activated now."""
    return scenario([creature(keyword, "Tinkered Beast", sick=False), bear(owner="p1"), forest(owner="p1")])


def in_hand_main(keyword: dict[str, Any]) -> dict[str, Any]:
    """The card with the keyword is in its owner's hand in their main phase with an empty stack,
    beside a creature of theirs and a library (what reinforce and transmute could use)."""
    return scenario([creature(keyword, "Hand Trick", zone="hand"), bear(owner="p1"), island()])


def discarded(keyword: dict[str, Any]) -> dict[str, Any]:
    """The card with the keyword is its owner's only card in hand as an opponent's spell makes them
    discard a card (madness, CR 702.35a)."""
    spell = {"kind": "spell", "targets": [{"player": True}], "effects": [{"do": "discard", "amount": 1, "player": 0}]}
    return scenario([creature(keyword, "Mad Hound", zone="hand"),
                     instant("rot", "Mind Rot", "{B}", spell)],
                    [{"type": "pass", "player": "p1"},
                     {"type": "cast", "player": "p2", "card": "rot", "targets": ["p1"]}])


def in_command_zone(keyword: dict[str, Any]) -> dict[str, Any]:
    """A conspiracy card with the keyword is in the command zone; its owner casts a spell (hidden
    agenda, 702.106a)."""
    return scenario([card("Secret Plan", "command", abilities=[keyword]),
                     instant("spark", "Shock", "{R}", SHOCK, owner="p1"), bear()],
                    [{"type": "cast", "player": "p1", "card": "spark", "targets": ["bear"]}])


def day_and_night(keyword: dict[str, Any]) -> dict[str, Any]:
    """A creature with the keyword is on the battlefield as a turn passes in which its active
    player casts no spell (day becomes night, CR 726.3a)."""
    return scenario([creature(keyword, "Werewolf", sick=False),
                     island("p2")],
                    [{"type": "next_step", "step": "upkeep"}], step="end")


BOARDS: dict[str, Board] = {
    **{k: attacks_blocked for k in ("intimidate", "banding", "rampage", "flanking", "shadow", "horsemanship",
                                    "bushido", "wither", "infect", "absorb", "afflict", "skulk", "provoke", "mentor",
                                    "training", "melee")},
    **{k: attacks_unblocked for k in ("frenzy", "poisonous", "battle_cry", "dethrone", "renown", "ingest",
                                      "myriad", "boast")},
    "decayed": blocks,
    "ninjutsu": ninja_in_hand,
    **{k: instant_cast for k in ("buyback", "kicker", "storm", "affinity", "entwine", "epic", "convoke",
                                 "replicate", "ripple", "delve", "gravestorm", "conspire", "overload", "surge",
                                 "escalate", "improvise", "assist", "spectacle", "cleave", "casualty", "demonstrate",
                                 "undaunted", "awaken", "prowl", "miracle", "ascend", "offering")},
    "splice": spliced,
    **{k: creature_cast for k in ("amplify", "sunburst", "modular", "bloodthirst", "graft", "champion",
                                  "evoke", "hideaway", "soulbond", "unleash", "tribute", "exploit", "emerge", "fabricate",
                                  "partner", "riot", "mutate", "bestow", "dash", "blitz", "companion")},
    **{k: activated_as_sorcery for k in ("transfigure", "outlast", "level_up", "aura_swap", "fortify", "crew",
                                         "reconfigure")},
    "compleated": planeswalker_cast,
    "living_weapon": equipment_cast,
    **{k: sees_a_spell for k in ("prowess", "extort")},
    "evolve": sees_a_creature,
    **{k: upkeep for k in ("cumulative_upkeep", "phasing", "echo", "fading", "vanishing")},
    "daybound_and_nightbound": day_and_night,
    "forecast": hand_in_upkeep,
    **{k: exiled_in_upkeep for k in ("suspend", "rebound")},
    **{k: exiled_in_main for k in ("foretell", "cipher")},
    **{k: in_graveyard for k in ("flashback", "retrace", "unearth", "scavenge", "aftermath", "embalm", "eternalize",
                                 "jump_start", "escape", "encore", "disturb")},
    "dredge": graveyard_draw,
    **{k: graveyard_death for k in ("recover", "haunt")},
    **{k: dies for k in ("afterlife", "soulshift")},
    "totem_armor": aura_destroyed,
    "enchant": aura_on,
    "devoid": colored_target,
    **{k: in_hand_main for k in ("transmute", "reinforce")},
    "madness": discarded,
    "hidden_agenda": in_command_zone,
}
"""The board where each keyword the engine reports matters, by what the keyword's rule is about."""

def unevaluated_keywords() -> list[str]:
    """Return the keywords of the registry that the engine reports rather than applies."""
    return [e.name for e in VOCABULARY.entries("keyword") if e.name not in EVALUATED_KEYWORDS]


def contrast(keyword: str) -> dict[str, Any]:
    """Return the contrast file of ``keyword``: its board with the keyword and without it."""
    board = BOARDS[keyword](_ability(keyword))
    card = next(o for o in board["objects"] if o["id"] == "it")
    where = card["zone"]
    assert where in reported_in(keyword), f"{keyword}: the board puts the card in {where}, where it is not reported"
    index = board["objects"].index(card)
    doc = (BOARDS[keyword].__doc__ or "").split("\n\n")[0]
    return {"entry": f"keyword:{keyword}", "pairs": [{
        "promise": f"{' '.join(doc.split())} The engine does not apply {keyword.replace('_', ' ')}: the trace says so, "
                   f"naming the card, and the result is incomplete; without the keyword the same board is complete.",
        "with": {"scenario": board},
        "without": {"patch": [{"op": "remove", "path": f"/objects/{index}/abilities/0"}]},
        "expect": {"steps": [{"kind": "cannot_evaluate", "message_id": "mtg.cannot_evaluate.keyword",
                              "params": {"keyword": keyword, "card": "it", "zone": where}}],
                   "result": {"complete": False}},
    }]}


def _ability(keyword: str) -> dict[str, Any]:
    return {"kind": "keyword", "keyword": keyword}


def dumps(value: Any, indent: int = 0, width: int = 110) -> str:
    """Return ``value`` as JSON, one space of indent per level, with each array or object that
    fits in ``width`` columns on one line (what the contrast files are written as)."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, (dict, list)) or not value or indent + len(flat) <= width:
        return flat
    pad = " " * (indent + 1)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {dumps(v, indent + 1, width)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    return "[\n" + ",\n".join(pad + dumps(v, indent + 1, width) for v in value) + "\n" + " " * indent + "]"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="report files that differ, write nothing")
    args = parser.parse_args()
    keywords = unevaluated_keywords()
    missing = sorted(set(keywords) - set(BOARDS))
    stray = sorted(set(BOARDS) - set(keywords))
    if missing or stray:
        print(f"keywords without a board: {missing}; boards of no reported keyword: {stray}", file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    differ = []
    for keyword in keywords:
        path = OUT / f"{keyword}.json"
        text = dumps(contrast(keyword)) + "\n"
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                differ.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
    if differ:
        print(f"{len(differ)} files differ: {', '.join(differ[:10])}", file=sys.stderr)
        return 1
    print(f"{len(keywords)} keyword contrasts {'checked' if args.check else 'written'} in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
