"""docs/scenario-format.md's vocabulary sections are exactly what the registries generate."""

from __future__ import annotations

from pathlib import Path

import engine  # noqa: F401  (registers every game's vocabulary)
from engine.core.vocabulary import vocabularies
from engine.core.vocabulary_docs import missing, rewrite, sections

DOCS = Path(__file__).resolve().parents[2] / "docs" / "scenario-format.md"


def test_every_slot_of_every_game_has_a_generated_section():
    assert missing(DOCS.read_text(encoding="utf-8"), vocabularies()) == []


def test_the_generated_sections_match_the_registries():
    text = DOCS.read_text(encoding="utf-8")
    assert rewrite(text, vocabularies()) == text, "run: python -m engine vocabulary --write-docs"


def test_no_section_names_a_slot_that_does_not_exist():
    known = {(v.game, slot) for v in vocabularies() for slot in v.slots}
    assert sorted(set(sections(DOCS.read_text(encoding="utf-8"))) - known) == []
