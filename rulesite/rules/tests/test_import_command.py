"""The import_rules command: every document imported, idempotent, transactional."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from conftest import needs_corpora
from rulesite.rules.models import Document, Reference, Section

pytestmark = pytest.mark.django_db



def run(*args: str) -> str:
    out = StringIO()
    call_command("import_rules", *args, stdout=out)
    return out.getvalue()


class ImportAllTests:
    def test_it_imports_every_bundled_document(self):
        slugs = set(Document.objects.values_list("slug", flat=True))
        assert {"fow-whitepaper-2.3", "ygo-rulebook-mr2", "ygo-ocg-rules-arcv", "mtg-arb-faq-2009"} <= slugs

    def test_section_count_counts_every_stored_unit(self):
        for document in Document.objects.all():
            assert document.section_count == document.sections.count(), document.slug

    def test_fow_whitepaper_has_117_sections(self):
        document = Document.objects.get(slug="fow-whitepaper-2.3")
        assert document.section_count == 117
        assert document.sections.filter(kind="chapter").count() == 14
        assert document.sections.filter(depth=1).count() == 103

    @needs_corpora
    def test_comprehensive_rules_editions_are_imported_with_their_dates(self):
        cr = Document.objects.get(slug="mtg-cr-2022-04-29")
        assert str(cr.effective_date) == "2022-04-29"
        assert cr.sections.filter(kind__in=["rule", "subrule"]).count() == 2651
        assert cr.sections.filter(kind="section").count() == 137
        assert cr.sections.filter(kind="chapter").exclude(number="glossary").count() == 9
        assert Document.objects.get(slug="mtg-cr-2020-06-01").sections.get(number="702.84").title == "Cascade"
        assert cr.sections.get(number="702.85").title == "Cascade"

    @needs_corpora
    def test_parents_and_depth_follow_the_numbering(self):
        rule = Section.objects.get(document__slug="mtg-cr-2022-04-29", number="613.8a")
        assert rule.parent.number == "613.8"
        assert rule.parent.parent.number == "613"
        assert rule.parent.parent.parent.number == "6"
        assert rule.depth == 3

    @needs_corpora
    def test_cross_references_link_sections_of_the_same_document(self):
        target = Section.objects.get(document__slug="mtg-cr-2022-04-29", number="613.8")
        sources = set(Reference.objects.filter(target=target).values_list("source__number", flat=True))
        assert "613.2" in sources

    def test_search_columns_are_filled(self):
        section = Section.objects.filter(document__slug="fow-whitepaper-2.3", number="6.1").get()
        assert section.search_text and section.search_title


class IdempotenceTests:
    def test_a_second_run_changes_nothing(self):
        before = list(Section.objects.order_by("pk").values_list("pk", "number", "text"))
        output = run()
        assert "imported" not in output and "updated" not in output
        assert output.count("unchanged") >= 4
        assert list(Section.objects.order_by("pk").values_list("pk", "number", "text")) == before

    def test_dry_run_writes_nothing(self, tmp_path: Path):
        source = Path(__file__).resolve().parents[3] / "fixtures" / "documents" / "fow-whitepaper-2.3.txt"
        Document.objects.filter(slug="fow-whitepaper-2.3").delete()
        output = run(str(source), "--format", "fow-whitepaper", "--dry-run")
        assert "would import 117 sections" in output
        assert not Document.objects.filter(slug="fow-whitepaper-2.3").exists()


class FailureTests:
    def test_a_bad_file_leaves_the_stored_edition_intact(self, tmp_path: Path):
        broken = tmp_path / "broken.txt"
        broken.write_text("this is not a whitepaper\n", encoding="utf-8")
        before = Section.objects.filter(document__slug="fow-whitepaper-2.3").count()
        with pytest.raises(CommandError):
            run(str(broken), "--format", "fow-whitepaper")
        assert Section.objects.filter(document__slug="fow-whitepaper-2.3").count() == before == 117

    def test_unknown_format_and_missing_file_are_clear_errors(self, tmp_path: Path):
        with pytest.raises(CommandError, match="no such file"):
            run(str(tmp_path / "missing.txt"), "--format", "mtg-cr")
        with pytest.raises(CommandError, match="--format is required"):
            run(str(tmp_path / "missing.txt"))

    def test_a_file_that_is_not_utf8_is_refused(self, tmp_path: Path):
        latin = tmp_path / "latin1.txt"
        latin.write_bytes("caf\xe9 r\xe8gle".encode("latin-1"))
        with pytest.raises(CommandError, match="not UTF-8"):
            run(str(latin), "--format", "mtg-cr")


class TruncatedFileTests:
    @needs_corpora
    def test_a_truncated_edition_is_refused_and_the_stored_one_kept(self, tmp_path: Path):
        from conftest import CORPORA

        full = (CORPORA / "MagicCompRules-20220429.txt").read_bytes()
        cut = tmp_path / "MagicCompRules-20220429.txt"
        cut.write_bytes(full[:300_000])
        before = Section.objects.filter(document__slug="mtg-cr-2022-04-29").count()
        with pytest.raises(CommandError, match="is it truncated"):
            run(str(cut), "--format", "mtg-cr")
        assert Section.objects.filter(document__slug="mtg-cr-2022-04-29").count() == before

    @needs_corpora
    def test_force_imports_it_anyway(self, tmp_path: Path):
        from conftest import CORPORA

        cut = tmp_path / "MagicCompRules-20220429.txt"
        cut.write_bytes((CORPORA / "MagicCompRules-20220429.txt").read_bytes()[:300_000])
        output = run(str(cut), "--format", "mtg-cr", "--force")
        assert "updated" in output
