"""The game-neutral core: codes, the trace, the registry, the CLI and the format document."""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import engine
import engine.core.board
import engine.core.canonical
import engine.core.deadline
import engine.core.schema
import engine.core.validation
from engine.__main__ import main
from engine.core import CATALOGUE, Rule, Ruling, TraceRecorder
from engine.core.registry import games, ruleset_names
from engine.tests.builders import scenario, set_card

ROOT = Path(__file__).resolve().parents[2]


def test_canonical_json_sorts_keys_and_keeps_unicode():
    assert engine.canonical_json({"b": [1, {"d": 2, "c": "連鎖"}], "a": None}) == '{"a":null,"b":[1,{"c":"連鎖","d":2}]}'


def test_scenario_code_is_stable_short_and_url_safe():
    document = scenario([], [])
    code = engine.scenario_code(document)
    assert re.fullmatch(r"[a-z2-7]{12}", code)
    reordered = json.loads(json.dumps(document, sort_keys=True))
    assert engine.scenario_code(reordered) == code
    assert engine.scenario_code({**document, "ruleset": "mr2"}) != code


def test_doctests_of_the_core_run():
    assert doctest.testmod(engine.core.canonical).failed == 0
    for module in (engine.core.board, engine.core.deadline, engine.core.schema, engine.core.validation):
        assert doctest.testmod(module).failed == 0, module.__name__
    assert doctest.testmod(engine).failed == 0


def test_trace_step_to_dict_gives_rule_or_basis():
    recorder = TraceRecorder()
    recorder.record("end", "ygo.chain.end", Rule("ygo-ocg-rules-arcv", "4.2.4.2.i3"), {"links": 1})
    recorder.record("end", "ygo.chain.end", Ruling("lost section"), {"links": 2})
    first, second = recorder.to_list()
    assert first["rule"] == {"document": "ygo-ocg-rules-arcv", "number": "4.2.4.2.i3",
                             "url": "/rules/ygo-ocg-rules-arcv/4.2.4.2.i3/"}
    assert "basis" not in first
    assert second["rule"] is None
    assert second["basis"] == "official ruling, not in this document" and second["source"] == "lost section"
    assert second["text"] == "The chain of 2 link(s) has resolved."


def test_the_registry_knows_every_game_but_the_core_names_none():
    assert games() == ["fow", "mtg", "ygo"]
    assert ruleset_names("ygo") == ["arcv", "mr2"]
    for path in (ROOT / "engine" / "core").glob("*.py"):
        text = path.read_text(encoding="utf-8").lower()
        assert not re.search(r"\b(ygo|yu-gi-oh|mtg|magic|fow|force of will)\b", text), path


def test_every_message_id_is_documented():
    documented = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    missing = [m for m in CATALOGUE.ids() if f"`{m}`" not in documented and m not in documented]
    assert missing == []


def test_engine_version_is_a_string():
    assert isinstance(engine.ENGINE_VERSION, str) and engine.ENGINE_VERSION


def test_cli_prints_numbered_cited_steps(tmp_path, capsys):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario([set_card("a", "p1", "trap", "normal")], [{"card": "a"}])), encoding="utf-8")
    assert main(["resolve", str(path)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.strip().startswith("1. activate") and "[ygo-ocg-rules-arcv 4.2.4.2.i1]" in first


def test_cli_accepts_a_golden_file_and_prints_json(capsys):
    golden = ROOT / "fixtures" / "scenarios" / "ygo" / "demo-mirror-force-trap-jammer.json"
    assert main(["resolve", str(golden), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["result"]["winner"] is None


def test_cli_exits_2_with_the_errors_of_an_invalid_document(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "1", "game": "ygo"}', encoding="utf-8")
    assert main(["resolve", str(path), "--format", "json"]) == 2
    errors = json.loads(capsys.readouterr().out)["errors"]
    assert {"path": "ruleset", "message": "ruleset is required"} in errors


def test_cli_reads_standard_input(monkeypatch, capsys):
    import io

    golden = json.loads(next(iter(sorted((Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "ygo").glob("*.json")))).read_text())
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(json.dumps(golden["scenario"]).encode())))
    assert main(["resolve", "-"]) == 0
    assert "winner:" in capsys.readouterr().out


def test_cli_reports_unreadable_input_in_the_chosen_format(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text("not json", encoding="utf-8")
    assert main(["resolve", str(path), "--format", "json"]) == 2
    assert json.loads(capsys.readouterr().out)["errors"][0]["path"] == ""
