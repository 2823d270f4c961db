"""The Alara Reborn catalogue cards against their FAQ rulings and the Comprehensive Rules.

Each test is named after the rule or ruling it checks and asserts concrete values. Cards come
from :mod:`engine.mtg.catalogue` (the card files of fixtures/cards/mtg/); the FAQ is parsed with the site's
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
    # A card the FAQ does not cover (faq None) comes from its own cited source (its file's ``source``).
    from_faq = [c for c in catalogue.cards() if c["faq"] is not None]
    missing = sorted(c["faq"] for c in from_faq if c["faq"] not in sections)
    assert missing == []
    assert len(from_faq) == len(sections) == 80


def test_every_library_card_matches_its_faq_section_and_cites_it():
    """The card files (fixtures/cards/mtg/) give the FAQ's English and Chinese names and mana
    cost, cite the section they come from, and list as unevaluable exactly the texts of their
    unsupported abilities."""
    from rulesite.rules.importers.mtg_release_faq import parse

    from engine.core.cards import library

    text = (ROOT / "fixtures" / "documents" / "mtg-arb-faq-2009.txt").read_text(encoding="utf-8")
    faq = {s.number: s.data for s in parse(text).sections if s.kind == "card"}
    for card in library("mtg"):
        section = catalogue.faq_section(card)
        if section is None:
            # Not an Alara Reborn card: no FAQ names to match, but it says where it comes from and
            # lists exactly its unsupported texts; a Chinese name only from the Chinese
            # Comprehensive Rules (test_mtg_card_library checks it is printed there).
            assert card.source, card.name
            assert "zh-Hans" not in card.names or "Comprehensive Rules" in card.name_sources["zh-Hans"], card.name
            assert list(card.unevaluable) == [a["text"] for a in card.obj.get("abilities", ()) if a["kind"] == "unsupported"]
            continue
        assert section == "card-" + catalogue.faq_slug(card.name), card.name
        data = faq[section]
        assert (card.names.get("en"), card.names.get("zh-Hans"), card.obj["mana_cost"]) == (
            data["name_en"], data["name_zh"], data["mana_cost"]), card.name
        assert section in card.name_sources["zh-Hans"], card.name
        unsupported = [a["text"] for a in card.obj["abilities"] if a["kind"] == "unsupported"]
        assert list(card.unevaluable) == unsupported, card.name


def test_the_catalogue_is_derived_from_the_card_files():
    pulse = CARDS["Maelstrom Pulse"]
    assert pulse["faq"] == "card-maelstrom-pulse" and "oracle_note" not in pulse
    assert pulse["unsupported"] == [a["text"] for a in pulse["abilities"] if a["kind"] == "unsupported"]
    assert pulse["evaluable"] == [pulse["abilities"][0]["text"]]
    assert CARDS["Bloodbraid Elf"]["evaluable"] == ["haste", "cascade"]
    assert "702.15" in CARDS["Behemoth Sledge"]["oracle_note"]
    first, second = catalogue.cards(), catalogue.cards()
    first[0]["abilities"].clear()
    assert second[0]["abilities"] and catalogue.cards()[0]["abilities"]  # copies, never the library itself


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
                                                                                       {"blocker": "rat", "attacker": "bear"}]},
                                             {"type": "declare_blockers", "blockers": [{"blocker": "rat", "attacker": "bear"}]}])
    illegal = [s for s in out["trace"] if s["message_id"] == "mtg.illegal.block"]
    assert [(s["params"]["card"], s["params"]["why"], s["rule"]["number"]) for s in illegal] == [("elf", "fear", "702.36b")]
    # 509.1b, 726.1: the whole declaration is reversed; the legal one that follows is made.
    blocks = [s["params"]["card"] for s in out["trace"] if s["message_id"] == "mtg.combat.blocks"]
    assert "mtg.illegal.block_declaration" in _ids(out) and blocks == ["rat"]


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


# ---------------------------------------------------------------- blocking requirements (Giant Ambush Beetle)

def _beetle_combat(blockers, target="wall", extra=(), tapped=False, may=True, after=()):
    beetle = _card("Giant Ambush Beetle", "beetle", zone="hand")
    wall = _plain("wall", "Wall of Wood", owner="p2", cost="{G}", pt=(0, 4), tapped=tapped)
    bears = _plain("bears", "Grizzly Bears", owner="p2")
    actions = [{"type": "cast", "player": "p1", "card": "beetle"}, {"type": "resolve"}, {"type": "resolve"},
               {"type": "declare_attackers", "attackers": ["beetle"]}]
    if blockers is not None:
        actions.append({"type": "declare_blockers", "blockers": blockers})
    return _run([beetle, wall, bears, *extra], actions + list(after),
                choices={"may:beetle:1": may, "targets:beetle:1": [target]})


def test_509_1c_declaration_disobeying_a_requirement_that_could_be_obeyed_is_illegal():
    out = _beetle_combat([{"blocker": "bears", "attacker": "beetle"}])
    step = next(s for s in out["trace"] if s["message_id"] == "mtg.illegal.block_requirement")
    assert step["rule"]["number"] == "509.1c"
    assert (step["params"]["card"], step["params"]["attacker"], step["params"]["obeyed"], step["params"]["possible"]) == ("wall", "beetle", 0, 1)
    assert "mtg.combat.blocks" not in _ids(out)


def test_509_1c_required_creature_blocking_is_legal_and_others_may_join():
    out = _beetle_combat([{"blocker": "wall", "attacker": "beetle"}, {"blocker": "bears", "attacker": "beetle"}])
    assert "mtg.illegal.block_requirement" not in _ids(out)
    blocks = [s["params"]["card"] for s in out["trace"] if s["message_id"] == "mtg.combat.blocks"]
    assert blocks == ["wall", "bears"]


def test_509_1c_tapped_target_is_not_required_to_block():
    out = _beetle_combat([{"blocker": "bears", "attacker": "beetle"}], tapped=True,
                         after=[{"type": "next_step", "step": "end_of_combat"}])
    assert "mtg.illegal.block_requirement" not in _ids(out)
    assert _obj(out, "bears")["zone"] == "graveyard" and _player(out, "p2")["life"] == 20


def test_509_1a_creature_of_the_attacking_player_is_not_required_and_cant_block():
    own = _plain("own", "Llanowar Elves", cost="{G}", pt=(1, 1))
    out = _beetle_combat([{"blocker": "own", "attacker": "beetle"}], target="own", extra=[own])
    assert "mtg.illegal.block_requirement" not in _ids(out)
    illegal = next(s for s in out["trace"] if s["message_id"] == "mtg.illegal.block")
    assert illegal["params"]["why"] == "cannot_block" and illegal["rule"]["number"] == "509.1"


def test_603_5_beetle_declined_on_resolution_creates_no_requirement():
    out = _beetle_combat([], may=False)
    assert "mtg.resolve.declined" in _ids(out)
    assert "mtg.illegal.block_requirement" not in _ids(out)
    assert [e for e in out["result"]["effects"] if e["do"] == "must_block"] == []


def test_509_1c_no_declaration_with_an_obeyable_requirement_is_cannot_evaluate():
    out = _beetle_combat(None, after=[{"type": "next_step", "step": "end_of_combat"}])
    step = next(s for s in out["trace"] if s["message_id"] == "mtg.cannot_evaluate.block_requirement")
    assert step["kind"] == "cannot_evaluate" and step["params"]["card"] == "wall"
    assert out["result"]["complete"] is False


def test_400_7_requirement_names_the_attacker_object_not_a_later_one():
    out = _beetle_combat([])
    effect = next(e for e in out["result"]["effects"] if e["do"] == "must_block")
    assert effect["attacker"] == "beetle" and effect["affected"] == ["wall"]
    assert effect["attacker_timestamp"] == _obj(out, "beetle")["timestamp"]


# ---------------------------------------------------------------- the abilities run this session

def test_701_17a_a_player_cant_sacrifice_a_permanent_they_dont_control():
    bomber = _card("Kathari Bomber", "bomber")
    steal = _plain("steal", "Threaten Instantly", owner="p2", zone="hand", types=("instant",), cost="{2}{R}", abilities=[
        {"kind": "spell", "targets": [{"filter": {"types": ["creature"]}}],
         "effects": [{"do": "change_control", "target": 0, "to": "you", "duration": "end_of_turn"}]}])
    out = _run([bomber, steal], [{"type": "declare_attackers", "attackers": ["bomber"]}, {"type": "next_step", "step": "combat_damage"},
                                 {"type": "pass", "player": "p1"}, {"type": "cast", "player": "p2", "card": "steal", "targets": ["bomber"]}])
    step = next(s for s in out["trace"] if s["message_id"] == "mtg.resolve.cant_sacrifice")
    assert step["rule"]["number"] == "701.17a" and step["params"]["controller"] == "p2"
    assert _obj(out, "bomber")["zone"] == "battlefield"
    tokens = [o for o in out["result"]["objects"] if o["id"].startswith("s1-token")]
    assert [(t["controller"], t["zone"]) for t in tokens] == [("p1", "battlefield")] * 2


def test_702_84a_unearthed_creature_sacrificed_is_exiled_instead():
    out = _run([_card("Kathari Bomber", "bomber", zone="graveyard")],
               [{"type": "activate", "player": "p1", "source": "bomber", "ability": 2}, {"type": "resolve"},
                {"type": "declare_attackers", "attackers": ["bomber"]}, {"type": "next_step", "step": "main2"}])
    assert _obj(out, "bomber")["zone"] == "exile" and _player(out, "p2")["life"] == 18


def test_614_6_spellbound_dragon_discards_after_a_replaced_draw():
    dragon, sages = _card("Spellbound Dragon", "dragon"), _card("Sages of the Anima", "sages")
    giant = _plain("l1", "Hill Giant", zone="library", cost="{3}{R}", pt=(3, 3))
    out = _run([dragon, sages, giant], [{"type": "declare_attackers", "attackers": ["dragon"]}])
    assert _obj(out, "l1")["zone"] == "graveyard"
    assert (_obj(out, "dragon")["characteristics"]["power"], _obj(out, "dragon")["characteristics"]["toughness"]) == (7, 5)


def test_702_82a_broodmother_token_devours_the_broodmother():
    out = _run([_card("Dragon Broodmother", "brood")], [{"type": "next_step", "step": "upkeep"}], active="p2", step="end",
               choices={"devour:s1-token1": ["brood"]})
    assert _obj(out, "brood")["zone"] == "graveyard" and _obj(out, "s1-token1")["counters"] == {"+1/+1": 2}


def test_202_3_wargate_x_0_offers_only_mana_value_0_permanent_cards():
    wargate = _card("Wargate", "wargate", zone="hand")
    lib = [_plain("forest", "Forest", zone="library", types=("land",), cost=""),
           _plain("chalice", "Chalice of the Void", zone="library", types=("artifact",), cost="{X}{X}"),
           _plain("bears", "Grizzly Bears", zone="library", cost="{1}{G}"),
           _plain("pact", "Pact of Negation", zone="library", types=("instant",), cost="{0}")]
    out = _run([wargate, *lib], [{"type": "cast", "player": "p1", "card": "wargate", "x": 0}])
    step = out["trace"][-1]
    assert step["message_id"] == "mtg.choice.search" and step["options"] == ["forest", "chalice", "none"]


def test_603_10a_unscythe_looks_at_the_creature_it_equips_when_the_creature_dies():
    unscythe = _card("Unscythe, Killer of Kings", "unscythe", attached_to="pyro")
    pyro = _plain("pyro", "Prodigal Pyromancer", cost="{2}{R}", pt=(1, 1), abilities=[
        {"kind": "activated", "cost": {"tap": True}, "targets": [{"filter": {"types": ["creature"]}}],
         "effects": [{"do": "deal_damage", "amount": 1, "target": 0}]}])
    elf = _plain("elf", "Llanowar Elves", owner="p2", cost="{G}", pt=(1, 1))
    out = _run([unscythe, pyro, elf], [{"type": "activate", "player": "p1", "source": "pyro", "ability": 0, "targets": ["elf"]}],
               choices={"may:unscythe:1": True})
    assert _obj(out, "elf")["zone"] == "exile"
    assert [o["characteristics"]["power"] for o in out["result"]["objects"] if o["id"].startswith("s2-token")] == [2]


def test_105_2b_defiler_of_souls_spares_multicolored_and_colorless_creatures():
    defiler = _card("Defiler of Souls", "defiler")
    bears = _plain("bears", "Grizzly Bears", owner="p2")
    gold = _plain("gold", "Woolly Thoctar", owner="p2", cost="{R}{G}{W}", pt=(5, 4))
    orn = _plain("orn", "Ornithopter", owner="p2", types=("artifact", "creature"), cost="{0}", pt=(0, 2))
    out = _run([defiler, bears, gold, orn], [{"type": "next_step", "step": "upkeep"}], step="end")
    assert [_obj(out, o)["zone"] for o in ("bears", "gold", "orn", "defiler")] == ["graveyard", "battlefield", "battlefield", "battlefield"]
