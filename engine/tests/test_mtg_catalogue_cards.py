"""The Alara Reborn catalogue cards against their FAQ rulings and the Comprehensive Rules.

Each test is named after the rule or ruling it checks and asserts concrete values. Cards come
from :mod:`engine.mtg.catalogue` (oracle text as data); the FAQ is parsed with the site's
importer (pure: no database)."""

from __future__ import annotations

import copy
from pathlib import Path

import engine
from engine.mtg import catalogue

ROOT = Path(__file__).resolve().parents[2]
CARDS = {c["name"]: c for c in catalogue.cards()}


def _card(name, oid, owner="p1", zone="battlefield", **more):
    c = copy.deepcopy(CARDS[name])
    for key in ("evaluable", "unsupported", "faq", "oracle_note"):
        c.pop(key, None)
    return {"id": oid, "owner": owner, "zone": zone, **c, **more}


def _plain(oid, name, owner="p1", zone="battlefield", types=("creature",), cost="{1}{G}", pt=(2, 2), **more):
    out = {"id": oid, "name": name, "owner": owner, "zone": zone, "mana_cost": cost, "types": list(types), **more}
    if "creature" in types:
        out["power"], out["toughness"] = pt
    return out


def _run(objects, actions=(), active="p1", step="main1", choices=None, players=None):
    doc = {"format": "1", "game": "mtg", "ruleset": "cr-2022-04-29", "options": {"choices": choices} if choices else {},
           "players": players or [{"id": "p1", "life": 20}, {"id": "p2", "life": 20}],
           "turn": {"active": active, "step": step}, "objects": objects, "chain": [], "pending": [], "effects": [],
           "actions": list(actions)}
    assert engine.validate(doc) == []
    return engine.resolve(doc)


def _obj(out, oid):
    return next(o for o in out["result"]["objects"] if o["id"] == oid)


def _ids(out):
    return [s["message_id"] for s in out["trace"]]


def _player(out, pid):
    return next(p for p in out["result"]["players"] if p["id"] == pid)


def test_every_catalogue_card_names_a_card_section_of_the_faq():
    from rulesite.rules.importers.mtg_release_faq import parse

    text = (ROOT / "fixtures" / "documents" / "mtg-arb-faq-2009.txt").read_text(encoding="utf-8")
    sections = {s.number for s in parse(text).sections if s.kind == "card"}
    assert CARDS["Necromancer's Covenant"]["faq"] == "card-necromancers-covenant"
    assert CARDS["Mayael's Aria"]["faq"] == "card-mayaels-aria"
    missing = sorted(c["faq"] for c in catalogue.cards() if c["faq"] not in sections)
    assert missing == []
    assert len(catalogue.cards()) == len(sections) == 80


def test_603_5_you_may_goes_on_the_stack_and_is_declined_on_resolution():
    griffin = _card("Retaliator Griffin", "griffin")
    bolt = _plain("bolt", "Shock", owner="p2", zone="hand", types=("instant",), cost="{R}", abilities=[
        {"kind": "spell", "targets": [{"player": True}], "effects": [{"do": "deal_damage", "amount": 2, "target": 0}]}])
    out = _run([griffin, bolt], [{"type": "pass", "player": "p1"}, {"type": "cast", "player": "p2", "card": "bolt", "targets": ["p1"]}],
               choices={"may:griffin:1": False})
    assert "mtg.trigger.to_stack" in _ids(out) and "mtg.resolve.declined" in _ids(out)
    assert _obj(out, "griffin")["counters"] == {} and _player(out, "p1")["life"] == 18


def test_retaliator_griffin_r1_combat_damage_source_is_the_creature():
    attacker = _plain("bear", "Grizzly Bears", owner="p2", pt=(3, 3))
    out = _run([_card("Retaliator Griffin", "griffin", tapped=True), attacker],
               [{"type": "declare_attackers", "attackers": ["bear"]}, {"type": "next_step", "step": "end_of_combat"}],
               active="p2", choices={"may:griffin:1": True})
    assert _player(out, "p1")["life"] == 17 and _obj(out, "griffin")["counters"] == {"+1/+1": 3}


def test_mayaels_aria_r2_power_checked_again_after_the_counters():
    out = _run([_card("Mayael's Aria", "aria"), _plain("g", "Giant", pt=(9, 9))], [{"type": "next_step", "step": "upkeep"}],
               active="p2", step="end")
    assert _obj(out, "g")["counters"] == {"+1/+1": 1} and _player(out, "p1")["life"] == 30 and out["result"]["winner"] is None


def test_104_2b_mayaels_aria_wins_the_game_at_power_twenty():
    out = _run([_card("Mayael's Aria", "aria"), _plain("g", "Giant", pt=(20, 20))], [{"type": "next_step", "step": "upkeep"}],
               active="p2", step="end")
    assert out["result"]["winner"] == "p1" and _player(out, "p1")["life"] == 30


def test_tainted_sigil_r1_r5_counts_life_lost_by_all_players_not_net_change():
    players = [{"id": "p1", "life": 18, "life_lost": 2}, {"id": "p2", "life": 22, "life_lost": 4}]
    out = _run([_card("Tainted Sigil", "sigil")], [{"type": "activate", "player": "p1", "source": "sigil"}], players=players)
    assert _player(out, "p1")["life"] == 24 and _obj(out, "sigil")["zone"] == "graveyard"


def test_702_36b_fear_allows_only_artifact_or_black_blockers():
    mask = _card("Mask of Riddles", "mask", attached_to="bear")
    bear = _plain("bear", "Grizzly Bears")
    green = _plain("elf", "Elf", owner="p2")
    black = _plain("rat", "Rat", owner="p2", cost="{B}")
    out = _run([mask, bear, green, black], [{"type": "declare_attackers", "attackers": ["bear"]},
                                             {"type": "declare_blockers", "blockers": [{"blocker": "elf", "attacker": "bear"},
                                                                                       {"blocker": "rat", "attacker": "bear"}]}])
    illegal = [s for s in out["trace"] if s["message_id"] == "mtg.illegal.block"]
    assert [(s["params"]["card"], s["params"]["why"], s["rule"]["number"]) for s in illegal] == [("elf", "fear", "702.36b")]
    assert "mtg.combat.blocks" in _ids(out)


def test_sages_of_the_anima_r3_fewer_than_three_cards_all_revealed_creatures_to_hand():
    lib = [_plain("c1", "Bear", zone="library"), _plain("l1", "Forest", zone="library", types=("land",), cost="")]
    draw = _plain("divin", "Opt", zone="hand", types=("instant",), cost="{U}", abilities=[
        {"kind": "spell", "effects": [{"do": "draw", "amount": 1}]}])
    out = _run([_card("Sages of the Anima", "sages"), draw] + lib, [{"type": "cast", "player": "p1", "card": "divin"}])
    assert _obj(out, "c1")["zone"] == "hand" and _obj(out, "l1")["zone"] == "library"
    reveal = next(s for s in out["trace"] if s["message_id"] == "mtg.reveal")
    assert reveal["params"]["cards"] == ["c1", "l1"] and "mtg.draw.empty" not in _ids(out)


def test_nulltread_gargantuan_r2_only_creature_goes_on_top_of_library():
    out = _run([_card("Nulltread Gargantuan", "null", zone="hand"), _plain("x", "Island", zone="library", types=("land",), cost="")],
               [{"type": "cast", "player": "p1", "card": "null"}])
    assert _obj(out, "null")["zone"] == "library"
    library = [o["id"] for o in out["result"]["objects"] if o["zone"] == "library"]
    assert library == ["null", "x"]


def test_enigma_sphinx_r2_library_of_one_card_goes_to_the_bottom():
    kill = _plain("kill", "Murder", zone="hand", types=("instant",), cost="{B}", abilities=[
        {"kind": "spell", "targets": [{"filter": {"types": ["creature"]}}], "effects": [{"do": "destroy", "target": 0}]}])
    out = _run([_card("Enigma Sphinx", "sphinx"), kill, _plain("x", "Island", zone="library", types=("land",), cost="")],
               [{"type": "cast", "player": "p1", "card": "kill", "targets": ["sphinx"]}])
    assert [o["id"] for o in out["result"]["objects"] if o["zone"] == "library"] == ["x", "sphinx"]
