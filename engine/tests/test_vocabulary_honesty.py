"""The honesty guarantee, generated from the registries (DESIGN.md, "Engine").

* Every registered entry of every game has a contrasting pair (``engine/tests/contrasts.py``)
  showing the change its doc paragraph promises; its rules exist in each ruleset that has it;
  its messages are in the catalogue; its example checks.
* Nothing is accepted and ignored: a key no entry or frame field knows, put into any object of
  any golden scenario, is an error naming exactly that path.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine  # noqa: F401  (registers every game's vocabulary)
from engine.core import CATALOGUE
from engine.core.vocabulary import check_example, vocabularies
from engine.tests import contrasts

ENTRIES = [(vocabulary, entry) for vocabulary in vocabularies() for entry in vocabulary.entries()]
IDS = [f"{vocabulary.game}/{entry.ref}" for vocabulary, entry in ENTRIES]
GOLDENS = sorted(contrasts.GOLDENS.glob("*/*.json"))


def test_every_game_has_a_vocabulary():
    assert [vocabulary.game for vocabulary in vocabularies()] == ["fow", "mtg", "ygo"]


@pytest.mark.parametrize(("vocabulary", "entry"), ENTRIES, ids=IDS)
def test_every_entry_is_described(vocabulary, entry):
    assert entry.label and entry.doc, "an entry needs a label and a doc paragraph"
    assert entry.example is not None, "an entry needs an example"
    assert check_example(vocabulary, entry) == []
    assert [m for m in entry.messages if m not in CATALOGUE] == []


@pytest.mark.parametrize(("vocabulary", "entry"), ENTRIES, ids=IDS)
def test_every_entry_cites_a_rule_in_each_of_its_rulesets(vocabulary, entry):
    for ruleset in entry.rulesets or vocabulary.rulesets:
        assert vocabulary.cite(entry.rule[0], ruleset) is not None, f"{entry.ref}: no rule under {ruleset}"


@pytest.mark.parametrize(("vocabulary", "entry"), ENTRIES, ids=IDS)
def test_every_entry_has_a_contrasting_pair(vocabulary, entry):
    data = contrasts.load(vocabulary.game, entry)
    assert data is not None, f"no contrast file {contrasts.contrast_path(vocabulary.game, entry).relative_to(contrasts.ROOT)}"
    assert data["entry"] == entry.ref
    assert data["pairs"], "a contrast file needs at least one pair"
    for i, pair in enumerate(data["pairs"]):
        assert contrasts.pair_problems(entry, pair) == [], f"pair {i}: {pair.get('promise')}"


def test_every_contrast_file_belongs_to_an_entry():
    known = {contrasts.contrast_path(vocabulary.game, entry) for vocabulary, entry in ENTRIES}
    assert sorted(str(p.relative_to(contrasts.ROOT)) for p in contrasts.CONTRASTS.glob("*/*/*.json")
                  if p not in known) == []


def _objects(value, path=()):
    """Yield the path of every JSON object inside ``value`` (the value itself included)."""
    if isinstance(value, dict):
        yield path
        for key, item in value.items():
            yield from _objects(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _objects(item, (*path, i))


def _shown(path):
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out




@pytest.mark.parametrize("path", GOLDENS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_unknown_key_anywhere_is_an_error_at_its_path(path: Path):
    scenario = json.loads(path.read_text(encoding="utf-8"))["scenario"]
    missed = []
    for where in _objects(scenario):
        copy = json.loads(json.dumps(scenario))
        target = copy
        for part in where:
            target = target[part]
        target["zz_unknown_key"] = 1
        expected = _shown((*where, "zz_unknown_key"))
        paths = [error["path"] for error in engine.validate(copy)]
        if expected not in paths:
            missed.append(f"{expected} (errors: {paths[:3]})")
    assert missed == []
