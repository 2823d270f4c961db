"""``make bench`` runs the adversarial engine boards (benchmarks/adversarial.py) after the engines'
synthetic benchmarks: each board in a child process, the deadline off, stopped after 30 s."""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BenchTests:
    def test_the_report_runs_the_adversarial_boards_once_with_a_30_s_timeout(self, monkeypatch):
        run = load("run")
        calls: list[list[str]] = []
        monkeypatch.setattr(run.subprocess, "call", lambda command, **kwargs: calls.append(command) or 0)
        monkeypatch.setattr(run, "pg_create", lambda: (None, "not in this test"))
        monkeypatch.setattr(run, "run_synthetic", lambda: None)
        assert run.run_all(argparse.Namespace(repeat=1, http_seconds=1, no_http=True, only=None)) == 0
        adversarial = [c for c in calls if str(c[1]).endswith("adversarial.py")]
        assert adversarial == [[sys.executable, str(ROOT / "benchmarks" / "adversarial.py"), "--timeout", "30"]]
        assert calls.index(adversarial[0]) == len(calls) - 1, "after the databases and the synthetic benchmarks"

    def test_a_board_past_the_timeout_is_stopped_and_printed_as_over(self):
        adversarial = load("adversarial")
        assert adversarial.run("opalescence-x250", 1.0, 1).split() == ["opalescence-x250", "over", "1", "s"]

    @pytest.mark.parametrize("name", ["opalescence-x40", "opalescence-x250", "three-open-choices", "ygo-chain-1000"])
    def test_every_board_is_a_valid_scenario(self, name):
        import engine

        adversarial = load("adversarial")
        assert engine.validate(adversarial.BOARDS[name]()) == []
