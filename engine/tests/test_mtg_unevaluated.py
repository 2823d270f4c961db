"""What the Magic engine does not evaluate is named in the trace, never skipped (CR 113.1a, 702.1)."""

from __future__ import annotations

import engine
from engine.mtg.ruleset import EVALUATED_KEYWORDS


def _board(ability: dict, zone: str = "battlefield") -> dict:
    return {
        "format": "1", "game": "mtg", "ruleset": "cr-2022-04-29", "options": {},
        "players": [{"id": "p1", "life": 20}, {"id": "p2", "life": 20}],
        "turn": {"active": "p1", "step": "main1"},
        "objects": [{"id": "c", "name": "Test Creature", "owner": "p1", "zone": zone, "power": 2, "toughness": 2,
                     "types": ["creature"], "abilities": [ability]}],
        "chain": [], "pending": [], "effects": [], "actions": [],
    }


def _unevaluated(output: dict) -> list[dict]:
    return [s for s in output["trace"] if s["message_id"].startswith("mtg.cannot_evaluate.")]


def test_702_1_a_keyword_the_engine_does_not_apply_is_reported_and_the_result_is_incomplete():
    output = engine.resolve(_board({"kind": "keyword", "keyword": "infect"}))
    [step] = _unevaluated(output)
    assert step["message_id"] == "mtg.cannot_evaluate.keyword" and step["params"]["keyword"] == "infect"
    assert step["rule"]["number"] == "702.1"
    assert output["result"]["complete"] is False


def test_113_1a_unsupported_rules_text_of_a_permanent_is_reported():
    output = engine.resolve(_board({"kind": "unsupported", "text": "No creature has flying."}))
    [step] = _unevaluated(output)
    assert step["message_id"] == "mtg.cannot_evaluate.ability" and step["params"]["text"] == "No creature has flying."
    assert step["rule"]["number"] == "113.1a" and output["result"]["complete"] is False


def test_cards_in_the_library_and_parts_reported_when_used_are_not_reported_at_the_start():
    assert _unevaluated(engine.resolve(_board({"kind": "keyword", "keyword": "infect"}, zone="library"))) == []
    reported_later = {"kind": "unsupported", "text": "Mode two: resolving it is a cannot-evaluate step.", "when_used": True}
    board = _board(reported_later)
    board["objects"][0]["abilities"].insert(0, {"kind": "activated", "cost": {"mana": "{1}"}, "effects": [
        {"do": "unsupported", "text": "Mode two"}]})
    output = engine.resolve(board)
    assert _unevaluated(output) == [] and output["result"]["complete"] is True
    # without the part that reports itself when used, when_used would hide the text: refused
    assert [e["path"] for e in engine.validate(_board(reported_later))] == ["objects[0].abilities[0].when_used"]


def test_113_6_a_keyword_is_reported_in_the_zone_where_its_rule_says_it_functions():
    # Flashback works from the graveyard (702.34a), suspend from exile (702.62a), hidden agenda as
    # the card is put into the command zone (702.106a); infect in a graveyard does nothing.
    for keyword, zone in (("flashback", "graveyard"), ("suspend", "exile"), ("hidden_agenda", "command")):
        output = engine.resolve(_board({"kind": "keyword", "keyword": keyword}, zone=zone))
        [step] = _unevaluated(output)
        assert step["params"] == {"keyword": keyword, "card": "c", "card_name": "Test Creature", "zone": zone}
        assert output["result"]["complete"] is False
    for keyword, zone in (("infect", "graveyard"), ("flashback", "exile"), ("suspend", "graveyard")):
        assert _unevaluated(engine.resolve(_board({"kind": "keyword", "keyword": keyword}, zone=zone))) == [], keyword


def test_the_contrasts_of_the_reported_keywords_are_those_the_script_writes():
    import importlib.util
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "scripts" / "mtg_keyword_contrasts.py"
    spec = importlib.util.spec_from_file_location("mtg_keyword_contrasts", path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert sorted(script.BOARDS) == sorted(script.unevaluated_keywords())
    for keyword in script.unevaluated_keywords():
        written = json.loads((script.OUT / f"{keyword}.json").read_text(encoding="utf-8"))
        assert written == script.contrast(keyword), f"{keyword}: run python scripts/mtg_keyword_contrasts.py"


COMPANIONS = {"landwalk": {"type": "Swamp"}, "annihilator": {"n": 1}, "ward": {"cost": "{1}"}}
"""The keys a keyword applied needs beside its name (CR 702.14a, 702.86a, 702.21a)."""


def test_every_keyword_the_engine_applies_passes_without_a_report():
    for keyword in sorted(EVALUATED_KEYWORDS - {"protection", "typecycling", "cycling", "equip", "devour", "morph"}):
        output = engine.resolve(_board({"kind": "keyword", "keyword": keyword, **COMPANIONS.get(keyword, {})}))
        assert _unevaluated(output) == [], keyword


def test_201_2_a_chosen_name_matches_whatever_its_case():
    from engine.mtg.layers import same_name

    assert same_name("Zap", "zap") and same_name("Lightning  Bolt", "lightning bolt")
    assert not same_name("Zap", "Zapp") and not same_name("Zap", None)


def test_709_4a_a_split_card_has_each_of_its_names_but_a_name_is_one_of_them():
    from engine.mtg.filters import same_name

    assert same_name("Fire // Ice", "fire") and same_name("Ice", "Fire // Ice") and same_name("Fire//Ice", "ICE")
    assert not same_name("Fire // Ice", "Fire Ice") and not same_name("Fire // Ice", "Assault")


def test_bad_input_names_the_field():
    board = _board({"kind": "keyword", "keyword": "flying"})
    board["players"][0]["mana_pool"] = "{Q}{R"
    board["objects"][0]["attached_to"] = "c"
    board["actions"] = [{"type": "declare_blockers", "blockers": [{"blocker": "ghost", "attacker": "c"}]}]
    paths = {e["path"] for e in engine.validate(board)}
    assert "players[0].mana_pool" in paths
    assert "objects[0].attached_to" in paths
    assert "actions[0].blockers[0].blocker" in paths


def test_509_1b_726_1_an_illegal_declaration_of_blockers_with_no_legal_one_after_is_not_guessed():
    board = _board({"kind": "keyword", "keyword": "flying"})
    board["objects"].append({"id": "wall", "name": "Wall", "owner": "p2", "zone": "battlefield", "power": 0,
                             "toughness": 4, "types": ["creature"]})
    board["actions"] = [{"type": "declare_attackers", "attackers": ["c"]},
                        {"type": "declare_blockers", "blockers": [{"blocker": "wall", "attacker": "c"}]},
                        {"type": "next_step", "step": "main2"}]
    output = engine.resolve(board)
    ids = [s["message_id"] for s in output["trace"]]
    assert ids.index("mtg.illegal.block") < ids.index("mtg.illegal.block_declaration")
    assert "mtg.combat.blocks" not in ids and "mtg.cannot_evaluate.no_legal_blockers" in ids
    assert output["result"]["complete"] is False
    attack = ids.index("mtg.combat.attacks")
    assert ids[attack - 1] == "mtg.step.begin" and ids[attack + 1] == "mtg.priority.gets"  # 508.1 before 117.3a


def test_702_16b_702_11b_an_illegal_target_cites_the_keyword_that_forbids_it():
    def cast_at(keyword_ability: dict) -> dict:
        board = _board(keyword_ability)
        board["objects"][0]["owner"] = "p2"
        board["objects"].append({"id": "zap", "name": "Zap", "owner": "p1", "zone": "hand", "mana_cost": "{R}",
                                 "types": ["instant"], "abilities": [{"kind": "spell", "targets": [{"filter": {"types": ["creature"]}}],
                                                                      "effects": [{"do": "deal_damage", "amount": 3, "target": 0}]}]})
        board["actions"] = [{"type": "cast", "player": "p1", "card": "zap", "targets": ["c"]}]
        [step] = [s for s in engine.resolve(board)["trace"] if s["message_id"] == "mtg.illegal.target"]
        return step

    protected = cast_at({"kind": "keyword", "keyword": "protection", "from": "red"})
    assert protected["rule"]["number"] == "702.16b" and protected["params"]["why"] == "protection"
    hexproof = cast_at({"kind": "keyword", "keyword": "hexproof"})
    assert hexproof["rule"]["number"] == "702.11b" and hexproof["params"]["why"] == "hexproof"


def _combat(actions: list[dict], attacker_keywords: tuple[str, ...] = ()) -> dict:
    board = _board({"kind": "keyword", "keyword": "flying"})
    board["objects"] = [
        {"id": "a", "name": "Hill Giant", "owner": "p1", "zone": "battlefield", "power": 3, "toughness": 3,
         "types": ["creature"], "abilities": [{"kind": "keyword", "keyword": k} for k in attacker_keywords]},
        {"id": "b", "name": "Gray Ogre", "owner": "p1", "zone": "battlefield", "power": 2, "toughness": 2, "types": ["creature"]},
        {"id": "x", "name": "Grizzly Bears", "owner": "p2", "zone": "battlefield", "power": 2, "toughness": 2, "types": ["creature"]},
        {"id": "y", "name": "Wall", "owner": "p2", "zone": "battlefield", "power": 0, "toughness": 4, "types": ["creature"]},
    ]
    board["actions"] = actions
    return engine.resolve(board)


def test_508_1_509_1_attackers_and_blockers_are_declared_once_per_combat():
    output = _combat([{"type": "declare_attackers", "attackers": ["a"]}, {"type": "declare_attackers", "attackers": ["b"]},
                      {"type": "declare_blockers", "blockers": [{"blocker": "x", "attacker": "a"}]},
                      {"type": "declare_blockers", "blockers": [{"blocker": "y", "attacker": "a"}]},
                      {"type": "next_step", "step": "main2"}])
    whys = [s["params"]["why"] for s in output["trace"] if s["kind"] == "illegal"]
    assert whys == ["already_declared", "already_declared"]
    assert [s["params"]["card"] for s in output["trace"] if s["message_id"] == "mtg.combat.attacks"] == ["a"]
    assert [s["params"]["card"] for s in output["trace"] if s["message_id"] == "mtg.combat.blocks"] == ["x"]


def test_702_3b_726_1_an_illegal_attack_is_reversed_and_not_guessed():
    output = _combat([{"type": "declare_attackers", "attackers": ["a", "b"]}, {"type": "next_step", "step": "main2"}],
                     attacker_keywords=("defender",))
    ids = [s["message_id"] for s in output["trace"]]
    [illegal] = [s for s in output["trace"] if s["message_id"] == "mtg.illegal.attack"]
    assert illegal["params"]["why"] == "defender" and illegal["rule"]["number"] == "702.3b"
    assert "mtg.illegal.attack_declaration" in ids and "mtg.cannot_evaluate.no_legal_attackers" in ids
    assert output["result"]["complete"] is False


def test_726_1_a_declaration_given_again_comes_before_priority():
    output = _combat([{"type": "declare_attackers", "attackers": ["a"]},
                      {"type": "declare_blockers", "blockers": [{"blocker": "x", "attacker": "a"}, {"blocker": "x", "attacker": "a"}]},
                      {"type": "declare_blockers", "blockers": [{"blocker": "y", "attacker": "a"}]},
                      {"type": "next_step", "step": "main2"}])
    ids = [s["message_id"] for s in output["trace"]]
    reversed_at, blocks_at = ids.index("mtg.illegal.block_declaration"), ids.index("mtg.combat.blocks")
    assert "mtg.priority.gets" not in ids[reversed_at:blocks_at]
    assert output["result"]["complete"] is True


def test_values_of_the_wrong_type_or_size_are_a_scenario_error_never_a_crash():
    import copy
    import json
    from pathlib import Path

    import pytest

    golden = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios"
    cases = [
        ("mtg/700-2a-modes-left-open-branch-over-the-legal-sets.json", ("objects", 0, "abilities", 0, "choose"), [1, 150000]),
        ("mtg/302-6-summoning-sick-cannot-attack.json", ("objects", 0, "abilities"), [{"kind": "keyword", "keyword": ["haste"]}]),
        ("mtg/faq-cascade-2020-numbering.json", ("objects", 0, "mana_cost"), None),
        ("fow/14-1-the-one-player-who-can-stop-a-loop-declares-its-count.json", ("actions", 0, "declare", "p1"), 10**12),
    ]
    for name, path, value in cases:
        file = golden / name
        scenario = copy.deepcopy(json.loads(file.read_text(encoding="utf-8"))["scenario"])
        target = scenario
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        try:
            engine.resolve(scenario)
        except engine.ScenarioError as error:
            assert error.errors, name
        except Exception as exc:  # noqa: BLE001 - the point of the test
            pytest.fail(f"{name}: {exc.__class__.__name__}: {exc}")


def test_a_choice_inside_a_branch_is_shown_not_expanded_again():
    objects = [{"id": f"l{k}_{c}", "name": f"Legend {k}", "owner": "p1", "zone": "battlefield", "types": ["creature"],
                "supertypes": ["legendary"], "power": 1, "toughness": 1} for k in range(7) for c in range(4)]
    board = _board({"kind": "keyword", "keyword": "flying"})
    board["objects"] = objects
    output = engine.resolve(board)  # 4 ** 7 nested resolutions before
    [top] = [s for s in output["trace"] if s["kind"] == "choice"]
    assert len(top["branches"]) == 4
    nested = [s for b in top["branches"] for s in b["trace"] if s["kind"] == "choice" and s.get("options")]
    assert nested and all(s["params"].get("nested") and not s.get("branches") for s in nested)


def test_508_1a_a_creature_is_declared_as_an_attacker_once():
    board = _board({"kind": "keyword", "keyword": "flying"})
    board["actions"] = [{"type": "declare_attackers", "attackers": ["c", "c"]}]
    assert any(e["path"] == "actions[0].attackers" for e in engine.validate(board))
