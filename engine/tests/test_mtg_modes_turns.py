"""Modes (CR 700.2), "unless" (118.12), divided damage (601.2d), X (107.3), turns past the
cleanup step (500.1, 502-504, 514), shared timestamps (613.7b), triggers on triggers (603.3b),
and the FAQ catalogue cards these make evaluable. Tests are named after the rules they check."""

from __future__ import annotations

import copy

import pytest

import engine
from engine.mtg import catalogue
from engine.mtg.examples import card, creature, keyword, scenario, spell
from engine.mtg.game import _compositions, apply_modes

CARDS = {c["name"]: c for c in catalogue.cards()}


def _cat(name, oid, owner="p1", zone="battlefield", **more):
    entry = copy.deepcopy(CARDS[name])
    obj = {k: v for k, v in entry.items() if k not in ("evaluable", "unsupported", "faq", "oracle_note")}
    return {"id": oid, "owner": owner, "zone": zone, **obj, **more}


def _run(doc):
    return engine.resolve(doc)


def _ids(out):
    return [s["message_id"] for s in out["trace"]]


def _obj(out, oid):
    return next(o for o in out["result"]["objects"] if o["id"] == oid)


def _player(out, pid):
    return next(p for p in out["result"]["players"] if p["id"] == pid)


SOUL = _cat("Soul Manipulation", "soul", zone="hand")
GY_BEAR = creature("gybear", "Grizzly Bears", 2, 2, "p1", "graveyard")
OGRE_SPELL = creature("ogre", "Gray Ogre", 2, 2, "p2", "stack", mana_cost="{2}{R}")


# ----------------------------------------------------------------------------- 700.2

def test_700_2a_a_mode_whose_target_cannot_be_chosen_is_not_an_option():
    out = _run(scenario([SOUL, GY_BEAR], [{"type": "cast", "player": "p1", "card": "soul", "targets": ["gybear"]}]))
    modes = next(s for s in out["trace"] if s["message_id"] == "mtg.cast.modes")
    assert modes["params"]["modes"] == [1] and modes["rule"]["number"] == "700.2a"
    assert _obj(out, "gybear")["zone"] == "hand"


def test_700_2a_giving_an_illegal_mode_is_an_illegal_cast():
    out = _run(scenario([SOUL, GY_BEAR], [{"type": "cast", "player": "p1", "card": "soul", "modes": [0], "targets": ["gybear"]}]))
    illegal = next(s for s in out["trace"] if s["kind"] == "illegal")
    assert illegal["message_id"] == "mtg.illegal.modes" and illegal["params"]["why"] == "illegal_mode"
    assert _obj(out, "soul")["zone"] == "hand"


@pytest.mark.parametrize("ruleset", ["cr-2020-06-01", "cr-2022-04-29"])
def test_700_2a_open_modes_branch_once_per_legal_set(ruleset):
    doc = scenario([SOUL, GY_BEAR, OGRE_SPELL], [{"type": "cast", "player": "p1", "card": "soul",
                                                  "targets_by_mode": {"0": ["ogre"], "1": ["gybear"]}}],
                   chain=[{"card": "ogre", "controller": "p2"}], priority="p1", ruleset=ruleset)
    choice = _run(doc)["trace"][-1]
    assert choice["message_id"] == "mtg.choice.modes" and choice["rule"]["number"] == "700.2a"
    zones = {tuple(b["choice"]): (_obj(b, "ogre")["zone"], _obj(b, "gybear")["zone"]) for b in choice["branches"]}
    assert zones == {(0,): ("graveyard", "graveyard"), (1,): ("battlefield", "hand"), (0, 1): ("graveyard", "hand")}


def test_700_2c_targets_of_later_modes_follow_the_earlier_chosen_modes_targets():
    spec = {"targets": [{"player": True}], "effects": [{"do": "draw", "player": 0}],
            "modes": [{"targets": [{"zone": "stack"}], "effects": [{"do": "counter", "target": 0}]},
                      {"targets": [{"zone": "graveyard"}], "effects": [{"do": "exile", "target": 0,
                                                                         "player": {"controller_of_target": 0}}]}]}
    applied = apply_modes(spec, [0, 1])
    assert [e.get("target") for e in applied["effects"]] == [None, 1, 2]
    assert len(applied["targets"]) == 3 and "modes" not in applied
    only_second = apply_modes(spec, [1])
    assert [e.get("target") for e in only_second["effects"]] == [None, 1]


def test_700_2d_a_mode_chosen_twice_appears_twice_in_sequence():
    spec = {"modes": [{"effects": [{"do": "gain_life", "amount": 1}]}, {"effects": [{"do": "draw"}]}]}
    assert [e["do"] for e in apply_modes(spec, [0, 0, 1])["effects"]] == ["gain_life", "gain_life", "draw"]


def test_700_2d_the_same_mode_twice_needs_permission():
    out = _run(scenario([SOUL, GY_BEAR], [{"type": "cast", "player": "p1", "card": "soul", "modes": [1, 1],
                                           "targets": ["gybear", "gybear"]}]))
    illegal = next(s for s in out["trace"] if s["kind"] == "illegal")
    assert illegal["params"]["why"] == "same_mode_twice" and illegal["rule"]["number"] == "700.2d"


def test_700_2b_a_modal_trigger_chooses_its_mode_as_it_goes_on_the_stack():
    page = _cat("Etherwrought Page", "page")
    doc = scenario([page], [{"type": "next_step", "step": "upkeep"}], step="untap")
    doc["options"] = {"choices": {"modes:page:0": [0]}}
    out = _run(doc)
    assert _player(out, "p1")["life"] == 22
    assert "mtg.trigger.modes" in _ids(out)


def test_700_2b_an_unsupported_mode_is_a_cannot_evaluate_step_never_a_guess():
    page = _cat("Etherwrought Page", "page")
    doc = scenario([page], [{"type": "next_step", "step": "upkeep"}], step="untap")
    doc["options"] = {"choices": {"modes:page:0": [1]}}
    out = _run(doc)
    assert "mtg.cannot_evaluate" in _ids(out) and out["result"]["complete"] is False


# ----------------------------------------------------------------------------- 118.12, 601.2d, 107.3

ASHA = _cat("Offering to Asha", "asha", zone="hand")


def _asha(pool=None, life_cost=None, choice=None):
    doc = scenario([ASHA, OGRE_SPELL], [{"type": "cast", "player": "p1", "card": "asha", "targets": ["ogre"]}],
                   chain=[{"card": "ogre", "controller": "p2"}], priority="p1")
    if pool is not None:
        doc["players"][1]["mana_pool"] = pool
    if choice is not None:
        doc["options"] = {"choices": {"unless:asha": choice}}
    return doc


def test_118_12a_the_unless_choice_belongs_to_the_named_player_and_branches():
    choice = _run(_asha())["trace"][-1]
    assert choice["message_id"] == "mtg.choice.unless" and choice["params"]["player"] == "p2"
    outcomes = {b["choice"]: _obj(b, "ogre")["zone"] for b in choice["branches"]}
    assert outcomes == {True: "battlefield", False: "graveyard"}
    assert all(_player(b, "p1")["life"] == 24 for b in choice["branches"])


def test_118_12a_a_player_who_cannot_pay_does_not_even_if_the_choice_says_so():
    out = _run(_asha(pool="{R}", choice=True))
    assert _obj(out, "ogre")["zone"] == "graveyard"
    step = next(s for s in out["trace"] if s["message_id"] == "mtg.unless.not_paid")
    assert step["params"]["could_pay"] is False


def test_118_12_a_life_payment_needs_that_much_life():
    zap = card("zap", "Tax Bolt", "p1", "hand", types=["instant"], mana_cost="{R}", abilities=[spell(
        {"do": "unless_pays", "player": "opponent", "life": 3, "effects": [{"do": "draw", "player": "you"}]})])
    doc = scenario([zap, card("top", "Island", "p1", "library", types=["land"])],
                   [{"type": "cast", "player": "p1", "card": "zap"}], life=(20, 3))
    doc["options"] = {"choices": {"unless:zap": True}}
    out = _run(doc)
    assert _player(out, "p2")["life"] == 0 and _obj(out, "top")["zone"] == "library"
    doc["players"][1]["life"] = 2
    out = _run(doc)
    assert _player(out, "p2")["life"] == 2 and _obj(out, "top")["zone"] == "hand"


def test_601_2d_compositions_give_each_target_at_least_one():
    assert list(_compositions(4, 2)) == [(1, 3), (2, 2), (3, 1)]
    assert list(_compositions(2, 3)) == []


def test_601_2d_a_division_must_add_up_to_the_amount():
    bolt = card("fork", "Forked Bolt", "p1", "hand", types=["sorcery"], mana_cost="{R}", abilities=[spell(
        {"do": "deal_damage", "amount": 2, "divided": True},
        targets=[{"filter": {"types": ["creature"]}}, {"filter": {"types": ["creature"]}, "optional": True}])])
    bears = [creature("b1", "Bear", 2, 2, "p2"), creature("b2", "Bear", 2, 2, "p2")]
    out = _run(scenario([bolt] + bears, [{"type": "cast", "player": "p1", "card": "fork", "targets": ["b1", "b2"],
                                          "divide": [1, 2]}]))
    assert any(s["message_id"] == "mtg.illegal.division" and s["rule"]["number"] == "601.2d" for s in out["trace"])
    out = _run(scenario([bolt] + bears, [{"type": "cast", "player": "p1", "card": "fork", "targets": ["b1"]}]))
    assert _obj(out, "b1")["zone"] == "graveyard"


def test_107_3a_x_is_a_nonnegative_integer_announced_on_casting():
    lava = _cat("Lavalanche", "lava", zone="hand")
    doc = scenario([lava], [{"type": "cast", "player": "p1", "card": "lava", "x": -1, "targets": ["p2"]}])
    assert "actions[0].x" in {e["path"] for e in engine.validate(doc)}
    doc["actions"][0]["x"] = 3
    out = _run(doc)
    step = next(s for s in out["trace"] if s["message_id"] == "mtg.cast.x")
    assert step["params"]["x"] == 3 and step["rule"]["number"] == "107.3a"
    assert _player(out, "p2")["life"] == 17


# ----------------------------------------------------------------------------- turns

LIBRARIES = [card("d1", "Mountain", "p1", "library", types=["land"]), card("d2", "Plains", "p1", "library", types=["land"]),
             card("c1", "Forest", "p2", "library", types=["land"]), card("c2", "Island", "p2", "library", types=["land"])]


@pytest.mark.parametrize("ruleset,untap", [("cr-2020-06-01", "502.2"), ("cr-2022-04-29", "502.3")])
def test_502_untap_step_cites_its_edition_and_untaps_only_the_active_players_permanents(ruleset, untap):
    doc = scenario([creature("a", "A", 1, 1, "p1", tapped=True), creature("b", "B", 1, 1, "p2", tapped=True)] + LIBRARIES,
                   [{"type": "next_step", "step": "upkeep"}], step="main2", ruleset=ruleset)
    out = _run(doc)
    step = next(s for s in out["trace"] if s["message_id"] == "mtg.turn.untap")
    assert step["rule"]["number"] == untap and step["params"]["cards"] == ["b"]
    assert _obj(out, "a")["tapped"] and not _obj(out, "b")["tapped"]
    assert out["result"]["turn"]["active"] == "p2"


def test_504_1_the_next_turns_draw_step_draws_for_the_new_active_player():
    out = _run(scenario(LIBRARIES, [{"type": "next_step", "step": "main1"}], step="end"))
    assert _obj(out, "c1")["zone"] == "hand" and _obj(out, "d1")["zone"] == "library"


def test_514_1_discard_left_open_with_too_many_sets_asks_for_the_choice():
    hand = [card(f"h{i}", f"H{i}", "p1", "hand", types=["sorcery"]) for i in range(10)]
    out = _run(scenario(hand, [{"type": "next_step", "step": "cleanup"}], step="end"))
    assert out["trace"][-1]["message_id"] == "mtg.choice.too_many"
    assert out["trace"][-1]["params"]["choice"] == "discard:p1"


def test_514_2_per_turn_counts_reset_when_the_next_turn_begins():
    doc = scenario(LIBRARIES, [{"type": "next_step", "step": "main1"}], step="end")
    doc["players"][0].update({"lands_played": 1, "spells_cast": 2})
    out = _run(doc)
    assert out["result"]["turn"] == {"active": "p2", "step": "main1", "priority": "p2"}


def test_117_4_a_step_ends_only_when_the_stack_is_empty():
    altar = card("altar", "Altar", "p1", types=["artifact"], abilities=[
        {"kind": "triggered", "trigger": {"event": "end_step", "player": "you"}, "effects": [{"do": "gain_life", "amount": 1}]}])
    out = _run(scenario([altar], [{"type": "next_step", "step": "cleanup"}], step="main2"))
    ids = _ids(out)
    assert ids.index("mtg.life.gain") < ids.index("mtg.step.cleanup")


# ----------------------------------------------------------------------------- 603.3b, 613.7b

def _echo_board(ruleset):
    echo = card("echo", "Echo", "p1", types=["enchantment"], abilities=[
        {"kind": "triggered", "trigger": {"event": "ability_triggers", "filter": {"controller": "you"}},
         "effects": [{"do": "gain_life", "amount": 1}]}])
    mine = card("a", "A", "p1", types=["artifact"], abilities=[
        {"kind": "triggered", "trigger": {"event": "upkeep", "player": "you"}, "effects": [{"do": "lose_life", "amount": 1, "player": "opponent"}]}])
    theirs = card("b", "B", "p2", types=["artifact"], abilities=[
        {"kind": "triggered", "trigger": {"event": "upkeep", "player": "each"}, "effects": [{"do": "gain_life", "amount": 3}]}])
    return scenario([echo, mine, theirs, card("d1", "Mountain", "p1", "library", types=["land"])],
                    [{"type": "next_step", "step": "upkeep", "trigger_order": {"p1": ["a", "echo"]}}], step="untap",
                    ruleset=ruleset)


@pytest.mark.parametrize("ruleset,order", [("cr-2022-04-29", ["a", "b", "echo"]), ("cr-2020-06-01", ["a", "echo", "b"])])
def test_603_3b_a_trigger_on_a_trigger_waits_for_a_second_round_only_in_2022(ruleset, order):
    trace = _run(_echo_board(ruleset))["trace"]
    assert [s["params"]["card"] for s in trace if s["message_id"] == "mtg.trigger.to_stack"] == order
    assert ("mtg.trigger.second_round" in [s["message_id"] for s in trace]) == (ruleset == "cr-2022-04-29")


def test_613_7b_parts_of_one_effect_share_the_timestamp_and_a_new_effect_gets_its_own():
    grow = card("g", "Surge", "p1", "hand", types=["instant"], abilities=[spell(
        {"do": "modify_pt", "power": 1, "toughness": 1, "target": 0, "duration": "end_of_turn"},
        {"do": "add_ability", "abilities": [keyword("flying")], "with_previous": True, "duration": "end_of_turn"},
        {"do": "add_ability", "abilities": [keyword("trample")], "target": 0, "duration": "end_of_turn"},
        targets=[{"filter": {"types": ["creature"]}}])])
    out = _run(scenario([grow, creature("c", "C", 1, 1)], [{"type": "cast", "player": "p1", "card": "g", "targets": ["c"]}]))
    created = [s for s in out["trace"] if s["message_id"] == "mtg.effect.created"]
    stamps = [s["params"]["timestamp"] for s in created]
    assert stamps[0] == stamps[1] < stamps[2]
    assert created[1]["rule"]["number"] == "613.7b" and created[1]["params"]["affected"] == ["c"]
    assert sorted(_obj(out, "c")["characteristics"]["abilities"]) == ["flying", "trample"]


# ----------------------------------------------------------------------------- catalogue

def test_catalogue_lists_what_it_evaluates_and_what_it_cannot_separately():
    cards = catalogue.cards()
    assert len(cards) >= 60
    for entry in cards:
        assert entry["name"] and not set(entry["evaluable"]) & set(entry["unsupported"]), entry["name"]


def test_catalogue_lich_lord_of_unx_x_counts_zombies():
    lich = _cat("Lich Lord of Unx", "lich")
    zombie = creature("z", "Zombie", 2, 2, "p1", subtypes=["Zombie"])
    lib = [card(f"l{i}", f"L{i}", "p2", "library", types=["land"]) for i in range(3)]
    out = _run(scenario([lich, zombie] + lib, [{"type": "activate", "player": "p1", "source": "lich", "ability": 1, "targets": ["p2"]}]))
    assert _player(out, "p2")["life"] == 18 and _obj(out, "l1")["zone"] == "graveyard" and _obj(out, "l2")["zone"] == "library"


def test_catalogue_demonspine_whip_x_pumps_the_equipped_creature():
    out = _run(scenario([_cat("Demonspine Whip", "whip", attached_to="c"), creature("c", "C", 1, 1)],
                        [{"type": "activate", "player": "p1", "source": "whip", "ability": 0, "x": 3}]))
    assert _obj(out, "c")["characteristics"]["power"] == 4


def test_catalogue_knotvine_paladin_counts_untapped_creatures_on_resolution():
    out = _run(scenario([_cat("Knotvine Paladin", "kp"), creature("o", "O", 1, 1), creature("t", "T", 1, 1, tapped=True)],
                        [{"type": "declare_attackers", "attackers": ["kp"]}]))
    assert _obj(out, "kp")["characteristics"]["power"] == 3


def test_catalogue_karrthus_gains_control_of_all_dragons_and_untaps_them():
    karrthus = _cat("Karrthus, Tyrant of Jund", "k", zone="hand")
    dragon = creature("d", "Shivan Dragon", 5, 5, "p2", subtypes=["Dragon"], tapped=True)
    out = _run(scenario([karrthus, dragon], [{"type": "cast", "player": "p1", "card": "k"}]))
    d = _obj(out, "d")
    assert d["characteristics"]["controller"] == "p1" and not d["tapped"] and "haste" in d["characteristics"]["abilities"]


def test_catalogue_gloryscale_viashino_triggers_on_multicolored_spells_only():
    out = _run(scenario([_cat("Gloryscale Viashino", "g"), _cat("Offering to Asha", "o", zone="hand"), OGRE_SPELL],
                        [{"type": "cast", "player": "p1", "card": "o", "targets": ["ogre"]}],
                        chain=[{"card": "ogre", "controller": "p2"}]))
    assert any(s["message_id"] == "mtg.trigger" and s["params"]["card"] == "g" for s in out["trace"])


def test_catalogue_flurry_of_wings_counts_attacking_creatures():
    out = _run(scenario([_cat("Flurry of Wings", "f", zone="hand"), creature("a", "A", 1, 1, attacking="p2"),
                         creature("b", "B", 1, 1, attacking="p2")],
                        [{"type": "cast", "player": "p1", "card": "f"}], step="declare_blockers"))
    tokens = [o for o in out["result"]["objects"] if o.get("token")]
    assert len(tokens) == 2


def test_catalogue_nemesis_of_reason_mills_ten_when_it_attacks():
    lib = [card(f"l{i}", f"L{i}", "p2", "library", types=["land"]) for i in range(12)]
    out = _run(scenario([_cat("Nemesis of Reason", "n")] + lib, [{"type": "declare_attackers", "attackers": ["n"]}]))
    assert sum(1 for o in out["result"]["objects"] if o["zone"] == "graveyard") == 10


def test_catalogue_dragon_appeasement_skips_the_draw_step_and_draws_on_sacrifice():
    doc = scenario([_cat("Dragon Appeasement", "da"), _cat("Dauntless Escort", "esc")] + LIBRARIES,
                   [{"type": "activate", "player": "p1", "source": "esc"}])
    doc["options"] = {"choices": {"may:da:1": True}}  # "you may draw a card" (CR 603.5)
    out = _run(doc)
    assert _obj(out, "d1")["zone"] == "hand"
    out = _run(scenario([_cat("Dragon Appeasement", "da")] + LIBRARIES, [{"type": "next_step", "step": "main1"}], step="untap"))
    assert _obj(out, "d1")["zone"] == "library"


def test_catalogue_brainbite_draws_but_reports_the_discard_it_cannot_evaluate():
    out = _run(scenario([_cat("Brainbite", "bb", zone="hand")] + LIBRARIES,
                        [{"type": "cast", "player": "p1", "card": "bb", "targets": ["p2"]}]))
    assert "mtg.cannot_evaluate" in _ids(out) and out["result"]["complete"] is False
    assert _obj(out, "d1")["zone"] == "hand"


def test_catalogue_grixis_sojourners_cycle_trigger_exiles_a_graveyard_card():
    doc = scenario([_cat("Grixis Sojourners", "gs", zone="hand"), creature("dead", "Dead", 1, 1, "p2", "graveyard")] + LIBRARIES,
                   [{"type": "activate", "player": "p1", "source": "gs", "ability": 2}])
    choice = _run(doc)["trace"][-1]
    assert choice["message_id"] == "mtg.choice.target" and sorted(map(tuple, choice["options"])) == [("dead",), ("gs",)]
    doc["options"] = {"choices": {"targets:gs:0": ["dead"], "may:gs:0": True}}  # "you may exile" (CR 603.5)
    out = _run(doc)
    assert _obj(out, "dead")["zone"] == "exile" and _obj(out, "gs")["zone"] == "graveyard"


def test_catalogue_kathari_bomber_makes_goblins_and_is_sacrificed_after_combat_damage():
    out = _run(scenario([_cat("Kathari Bomber", "kb")], [{"type": "declare_attackers", "attackers": ["kb"]},
                                                         {"type": "next_step", "step": "end_of_combat"}]))
    assert _obj(out, "kb")["zone"] == "graveyard"
    assert len([o for o in out["result"]["objects"] if o.get("token") and o["zone"] == "battlefield"]) == 2


def test_514_3a_something_happening_in_cleanup_gives_priority_and_another_cleanup_step():
    weak = creature("weak", "Bears", 2, 2, counters={"-1/-1": 2})
    doc = scenario([weak, card("c1", "Forest", "p2", "library", types=["land"])], [{"type": "next_step", "step": "upkeep"}],
                   step="end", effects=[{"id": "pump", "do": "modify_pt", "power": 2, "toughness": 2, "affected": ["weak"]}])
    out = _run(doc)
    ids = _ids(out)
    assert ids.count("mtg.step.cleanup") == 2 and "mtg.step.cleanup_priority" in ids
    assert ids.index("mtg.step.cleanup_priority") < ids.index("mtg.turn.begin")
    assert out["result"]["turn"]["active"] == "p2" and _obj(out, "weak")["zone"] == "graveyard"
