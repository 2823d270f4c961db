"""Every citation in the ruleset tables names a section the rules documents really have."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.core import Rule
from engine.ygo import arcv, mr2
from engine.ygo.rules import R

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _sections(name: str) -> set[str]:
    text = (DOCS / name).read_text(encoding="utf-8")
    return {m.group(1) for m in re.finditer(r"^((?:ch)?\d[\w.]*|ch\d+(?:\.\d+)?) \|", text, re.M)}


@pytest.mark.parametrize("module", [arcv, mr2], ids=["arcv", "mr2"])
def test_every_rule_point_has_a_citation(module):
    assert set(module.CITATIONS) == set(R)


LISTINGS = {"ygo-ocg-rules-arcv": "sections-ygo-ocg-rules-arcv.md", "ygo-rulebook-mr2": "sections-ygo-rulebook-mr2.md"}


@pytest.mark.parametrize("module", [arcv, mr2], ids=["arcv", "mr2"])
def test_cited_sections_exist_in_the_published_section_list(module):
    # ARC-V cites the 2011 rulebook where its transcription is cut off, so check each
    # citation against the list of the document it names.
    for key, citation in module.CITATIONS.items():
        if isinstance(citation, Rule):
            listing = LISTINGS[citation.document]
            if not (DOCS / listing).exists():
                pytest.skip(f"{listing} not published")
            section = re.sub(r"\.i\d+$", "", citation.number)
            assert section in _sections(listing), f"{key}: {citation.number} is not a section of {citation.document}"


def test_mr2_cites_only_its_own_document():
    assert {c.document for c in mr2.CITATIONS.values() if isinstance(c, Rule)} == {"ygo-rulebook-mr2"}


def test_every_ruling_source_of_every_ruleset_is_listed_once():
    from engine.core import Ruling, ruling_sources
    from engine.fow import rules as fow_rules

    listed = ruling_sources()
    assert set(listed) == {("fow", "wp-2.3"), ("ygo", "arcv"), ("ygo", "mr2")}  # Magic cites no ruling
    for module, key in ((arcv, ("ygo", "arcv")), (mr2, ("ygo", "mr2"))):
        table = {c.source for c in module.CITATIONS.values() if isinstance(c, Ruling)}
        assert set(listed[key]) == table and len(listed[key]) == len(table)
    assert listed[("fow", "wp-2.3")] == tuple(fow_rules.silent(k).source for k in fow_rules.SILENT_POINTS)
    assert all(s.startswith("not covered by this document: ") for s in listed[("fow", "wp-2.3")])


def test_a_fow_point_not_in_the_table_is_refused():
    from engine.fow.rules import cite, silent

    with pytest.raises(KeyError):
        silent("who chooses the cards discarded (10.18)")
    assert cite("silent:counters", "wp-2.3").source.endswith("counters are card text; the whitepaper defines none")
    assert cite("silent:nothing", "wp-2.3") is None
