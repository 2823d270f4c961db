"""The Force of Will Comprehensive Rules importer (``fow-cr``): numbering, layout, reconciliation."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from conftest import CORPORA, needs_corpora
from rulesite.rules.importers import ImportFormatError, fow_cr
from rulesite.rules.models import Document, Reference, Section
from rulesite.rules.references import iter_references
from rulesite.scenarios.presentation import citation_text

# A small file in the document's own layout: a title, a contents list whose columns were split
# (numbers first, titles later) and which says 203. where the body has 202., then the body.
SAMPLE = "\ufeff" + "\r\n".join([
    "Force of Will Comprehensive Rules ver. 9.1",
    "Last Update: Mar 3rd, 2024",
    "100.",
    "101.",
    "200.",
    "201.",
    "203.",
    "",
    "Overview .......... 3",
    "General ..........",
    "Cards .......... 4",
    "General ..........",
    "Type ..........",
    "Updates: .......... 9",
    "\f100.",
    "",
    "Overview",
    "101. General",
    "101.1. A game is played by two players who each",
    "start with 4000 life.",
    "101.2. Damage is dealt in multiples of",
    "100.",
    "Ex. A resonator deals",
    "200 damage.",
    "3",
    "200. Cards",
    "201. General",
    "201.1. Each card has",
    "- a name,",
    "- a cost (202).",
    "202.",
    "Type",
    "202.1. The types are listed in 202.1a.",
    "202.1a.",
    "202.1b.",
    "Resonator.",
    "Chant.",
    "202.1b-1 A chant is put into the graveyard as it resolves (201.1).",
    "4",
    "CR Updates:",
    "2024/03/03 Ver. 9.1",
    "Numbers fixed.",
])


@pytest.fixture(scope="module")
def sample():
    return fow_cr.parse(SAMPLE)


def numbers(document) -> dict:
    return {section.number: section for section in document.sections}


class LayoutTests:
    def test_it_names_the_document_by_its_version_and_date(self, sample):
        assert (sample.slug, sample.language, sample.game, sample.effective_date) == ("fow-cr-9.1", "en", "fow", "2024-03-03")

    def test_every_level_of_the_numbering_is_a_section_with_its_parent(self, sample):
        found = {n: (s.kind, s.parent) for n, s in numbers(sample).items()}
        assert found == {
            "100": ("chapter", None), "101": ("section", "100"), "101.1": ("rule", "101"), "101.2": ("rule", "101"),
            "200": ("chapter", None), "201": ("section", "200"), "201.1": ("rule", "201"), "202": ("section", "200"),
            "202.1": ("rule", "202"), "202.1a": ("subrule", "202.1"), "202.1b": ("subrule", "202.1"),
            "202.1b-1": ("item", "202.1b"), "updates": ("topic", None),
        }

    def test_a_title_on_the_next_line_belongs_to_its_heading(self, sample):
        assert numbers(sample)["100"].title == "Overview"
        assert numbers(sample)["202"].title == "Type"

    def test_wrapped_lines_are_joined_and_a_wrapped_number_is_not_a_heading(self, sample):
        rule = numbers(sample)["101.2"]
        assert rule.text.startswith("Damage is dealt in multiples of 100.")
        assert rule.data["examples"] == ["A resonator deals 200 damage."]
        assert numbers(sample)["101.1"].text == "A game is played by two players who each start with 4000 life."

    def test_list_items_keep_their_own_lines(self, sample):
        assert numbers(sample)["201.1"].text == "Each card has\n- a name,\n- a cost (202)."

    def test_numbers_printed_in_a_row_get_the_texts_that_follow_in_order(self, sample):
        assert numbers(sample)["202.1a"].text == "Resonator."
        assert numbers(sample)["202.1b"].text == "Chant."

    def test_page_numbers_are_not_text_and_give_each_section_its_page(self, sample):
        assert numbers(sample)["101.2"].page == "p.3"
        assert numbers(sample)["202.1b-1"].page == "p.4"
        assert "3" not in numbers(sample)["101.2"].text.split()

    def test_the_updates_list_is_a_section_of_its_own(self, sample):
        updates = numbers(sample)["updates"]
        assert updates.text == "2024/03/03 Ver. 9.1\nNumbers fixed."

    def test_the_contents_list_is_reconciled_with_the_body(self, sample):
        assert sample.notes == [
            "contents list 203. Type: not in the body; the body has 202. Type (the body is followed)",
            "body 202. Type: not in the contents list",
        ]

    def test_it_refuses_a_file_that_is_not_the_comprehensive_rules(self):
        with pytest.raises(ImportFormatError, match="no contents list"):
            fow_cr.parse("Some other document\n1. Hello\n")
        with pytest.raises(ValueError, match="English"):
            fow_cr.parse(SAMPLE, language="zh-Hans")


class ReferenceTests:
    def test_bracketed_section_numbers_and_items_are_references(self):
        found = [n for _, _, n in iter_references("see (404), (208.2a.), (1302), rule 903.2h-1; 4000 (8000) life")]
        assert found == ["903.2h-1", "404", "208.2a", "1302"]

    def test_it_is_cited_as_fow_cr_with_its_version(self):
        assert citation_text("fow-cr-12.7", "903.2h-1") == "FoW CR 903.2h-1 (12.7)"


@needs_corpora
class CorpusTests:
    @pytest.fixture(scope="class")
    def document(self):
        return fow_cr.parse((CORPORA / "FoW-CR-12.7.txt").read_text(encoding="utf-8"))

    def test_version_12_7_has_every_unit(self, document):
        kinds = {}
        for section in document.sections:
            kinds[section.kind] = kinds.get(section.kind, 0) + 1
        assert document.slug == "fow-cr-12.7" and document.effective_date == "2025-09-18"
        assert kinds == {"chapter": 14, "section": 270, "rule": 876, "subrule": 515, "item": 65, "topic": 1}

    def test_the_body_is_followed_where_the_contents_list_disagrees(self, document):
        found = numbers(document)
        assert found["405"].title == "Setting Up the Game" and "453" not in found
        assert document.notes[0] == ("contents list 453. Setting Up the Game: not in the body; the body has "
                                     "405. Setting Up the Game (the body is followed)")

    def test_sub_rules_of_sub_rules_are_items(self, document):
        found = numbers(document)
        assert found["903.2h-1"].parent == "903.2h"
        assert found["1130.3c-10"].parent == "1130.3c"

    def test_a_chapter_heading_has_no_text_of_its_own(self, document):
        found = numbers(document)
        assert (found["100"].title, found["100"].text) == ("Overview", "")
        assert found["1400"].title == "Old Rules and Wordings"

    def test_numbers_inside_wrapped_text_are_not_headings(self, document):
        found = numbers(document)
        assert "2000" not in found
        assert found["910.2c-1"].data["examples"][0].endswith("not 2000.")

    def test_the_column_split_priority_list_is_read_in_order(self, document):
        found = numbers(document)
        assert [found[f"604.1{letter}"].text for letter in "bf"] == [
            "Play a chant card with [Trigger] that is not an automatic object.", "Pass."]


@needs_corpora
@pytest.mark.django_db
class ImportTests:
    def test_make_run_imports_it_with_its_cross_references(self):
        document = Document.objects.get(slug="fow-cr-12.7")
        assert (document.family, document.game, document.section_count) == ("fow-cr", "fow", 1741)
        rule = Section.objects.get(document=document, number="903.2h-1")
        assert rule.get_absolute_url() == "/rules/fow-cr-12.7/903.2h-1/"
        assert Reference.objects.filter(source__document=document).count() > 100

    def test_importing_again_changes_nothing_and_prints_the_reconciliation(self):
        out = StringIO()
        call_command("import_rules", str(CORPORA / "FoW-CR-12.7.txt"), "--format", "fow-cr", stdout=out)
        assert "fow-cr-12.7: unchanged (1741 sections)" in out.getvalue()
        assert "20 reconciliation notes" in out.getvalue()
        assert "contents list 453. Setting Up the Game" in out.getvalue()

    def test_its_sections_have_pages(self, client):
        response = client.get("/rules/fow-cr-12.7/903.2h-1/")
        assert response.status_code == 200
        assert "903.2h-1" in response.content.decode()
