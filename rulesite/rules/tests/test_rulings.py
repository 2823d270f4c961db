"""The Alara Reborn FAQ as a rulings database: CR links, statuses, card pages, the changed list."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from conftest import needs_corpora
from rulesite.rules.models import Document, Reference, Section
from rulesite.rules.rulings import CHANGES_FILE, FAQ_SLUG, RULES_FILE, faq_rulings_link, rulings_load

pytestmark = pytest.mark.django_db

CARD = "/rules/mtg-arb-faq-2009/{}/"


@pytest.fixture(autouse=True)
def _fresh_page_cache():
    """Section pages are cached across tests; these tests change what the pages show."""
    cache.clear()
    yield
    cache.clear()


def links_data() -> list[dict]:
    return json.loads(RULES_FILE.read_text(encoding="utf-8"))


def snapshot() -> tuple[list, list]:
    refs = list(
        Reference.objects.filter(source__document__slug=FAQ_SLUG)
        .order_by("pk")
        .values_list("pk", "source_id", "target_id", "label")
    )
    data = list(Section.objects.filter(document__slug=FAQ_SLUG).order_by("pk").values_list("pk", "data"))
    return refs, data


def card_link(number: str, edition: str = "2022-04-29") -> str:
    return f'href="/rules/mtg-cr-{edition}/{number}/"'


class DataFileTests:
    def test_every_ruling_of_the_faq_has_an_entry(self):
        mapped = {entry["ruling"] for entry in links_data()}
        rulings = set(Section.objects.filter(document__slug=FAQ_SLUG, kind="ruling").values_list("number", flat=True))
        assert len(rulings) == 211
        assert rulings <= mapped
        faq_units = set(Section.objects.filter(document__slug=FAQ_SLUG).values_list("number", flat=True))
        assert mapped <= faq_units

    @needs_corpora
    def test_every_cr_number_exists_in_the_named_edition(self):
        missing = []
        for entry in links_data():
            document = Document.objects.get(family="mtg-cr", edition=entry["edition"])
            numbers = set(entry["rules"]) | ({entry["current_rule"]} if entry.get("current_rule") else set())
            found = set(document.sections.filter(number__in=numbers).values_list("number", flat=True))
            missing += [f"{entry['ruling']}: {n}" for n in sorted(numbers - found)]
        assert not missing

    @needs_corpora
    def test_the_auditors_current_rules_exist_too(self):
        if not CHANGES_FILE.is_file():
            pytest.skip("no changes file from the rules auditor yet")
        data = rulings_load()
        numbers = {s.current_rule for s in data.statuses.values() if s.current_rule}
        current = Document.objects.for_family("mtg-cr").first()
        found = set(current.sections.filter(number__in=numbers).values_list("number", flat=True))
        assert numbers - found == set()

    def test_seeded_statuses_say_where_they_come_from(self):
        seeded = [e for e in links_data() if "status" in e]
        assert seeded and all(e["source"] == "notes" for e in seeded)
        assert {e["status"] for e in seeded} <= {"changed", "still-correct", "not-checked"}


@needs_corpora
class LinkStepTests:
    def test_links_are_references_to_the_current_edition(self):
        ruling = Section.objects.get(document__slug=FAQ_SLUG, number="topic-2.r9")
        targets = set(ruling.outgoing.values_list("target__document__slug", "target__number"))
        assert ("mtg-cr-2022-04-29", "702.85a") in targets
        assert ("mtg-cr-2022-04-29", "709.4") in targets

    def test_import_rules_twice_changes_nothing(self):
        out = StringIO()
        call_command("import_rules", stdout=out)
        before = snapshot()
        out = StringIO()
        call_command("import_rules", stdout=out)
        assert f"{FAQ_SLUG} rulings: unchanged" in out.getvalue()
        assert snapshot() == before

    def test_links_and_statuses_survive_a_reimport_of_the_faq(self):
        before = snapshot()[0]
        Document.objects.filter(slug=FAQ_SLUG).update(source_sha256="stale")  # forces a re-import
        out = StringIO()
        call_command("import_rules", stdout=out)
        assert f"{FAQ_SLUG}: updated" in out.getvalue()
        ruling = Section.objects.get(document__slug=FAQ_SLUG, number="card-behemoth-sledge.r1")
        assert ruling.data.get("status") in {"changed", "still-correct", "not-checked"}
        assert ruling.outgoing.filter(target__number="702.15f").exists()
        assert len(snapshot()[0]) == len(before)

    def test_the_auditors_file_wins_and_its_absence_is_fine(self, tmp_path: Path):
        changes = tmp_path / "changes.json"
        changes.write_text(json.dumps([
            {"ruling": "card-behemoth-sledge.r1", "status": "still-correct", "current_rule": "702.15f", "note": "audited"},
            {"ruling": "card-brainbite.r1", "status": "changed", "current_rule": "701.8b", "note": "test note"},
            {"ruling": "card-brainbite.r2", "status": "maybe"},
        ]), encoding="utf-8")
        report = faq_rulings_link(changes_path=changes)
        assert any("maybe" in w for w in report.warnings)
        sledge = Section.objects.get(document__slug=FAQ_SLUG, number="card-behemoth-sledge.r1")
        assert sledge.data["status"] == "still-correct" and sledge.data["status_source"] == "auditor"
        brainbite = Section.objects.get(document__slug=FAQ_SLUG, number="card-brainbite.r1")
        assert brainbite.data["current_rule"] == "701.8b"

        report = faq_rulings_link(changes_path=tmp_path / "absent.json")
        assert not report.skipped and report.references > 300
        assert "status" not in Section.objects.get(document__slug=FAQ_SLUG, number="card-brainbite.r1").data


@needs_corpora
class CardPageTests:
    def test_a_card_page_shows_its_rulings_with_cr_links(self, client):
        body = client.get(CARD.format("card-thought-hemorrhage")).content.decode()
        for n in range(1, 5):
            assert f'id="card-thought-hemorrhage.r{n}"' in body
        assert "Rests on" in body
        assert card_link("615.8") in body and card_link("701.19b") in body

    def test_a_changed_ruling_shows_the_marker_the_rule_and_the_note(self, client, tmp_path: Path):
        changes = tmp_path / "changes.json"
        changes.write_text(json.dumps({"rulings": [
            {"ruling": "card-brainbite.r1", "status": "changed", "current_rule": "701.8b", "note": "A test note."},
        ]}), encoding="utf-8")
        faq_rulings_link(changes_path=changes)
        body = client.get(CARD.format("card-brainbite")).content.decode()
        assert "changed since 2009" in body
        assert card_link("701.8b") in body and "A test note." in body

    def test_every_ruling_marked_changed_shows_it_on_its_page(self, client):
        changed = Section.objects.filter(document__slug=FAQ_SLUG, kind="ruling", data__status="changed").select_related("parent")
        assert changed.exists()
        for ruling in changed:
            body = client.get(ruling.parent.get_absolute_url()).content.decode()
            start = body.index(f'id="{ruling.number}"')
            part = body[start : body.index("</article>", start)]
            assert "changed since 2009" in part
            assert card_link(ruling.data["current_rule"]) in part

    def test_the_engine_reach_and_the_builder_link(self, client):
        body = client.get(CARD.format("card-bloodbraid-elf")).content.decode()
        assert "The engine can evaluate" in body and "<li>cascade</li>" in body
        assert 'href="/scenarios/new/mtg/?card=Bloodbraid+Elf"' in body
        # An example card of the General Notes shows its topic's rulings.
        assert 'id="topic-2.r9"' in body
        sovereigns = client.get(CARD.format("card-sovereigns-of-lost-alara")).content.decode()
        assert "It cannot evaluate" in sovereigns and "attacks alone" in sovereigns
        # Every card of the FAQ is in the engine's catalogue now, Wargate too.
        wargate = client.get(CARD.format("card-wargate")).content.decode()
        assert "is not in the engine" not in wargate and "The engine can evaluate" in wargate

    def test_a_topic_page_shows_its_rulings_the_same_way(self, client):
        body = client.get(CARD.format("topic-2")).content.decode()
        assert body.count('<article class="ruling') == 16
        assert card_link("702.85a") in body

    def test_query_count_does_not_grow_with_the_rulings(self, client, tmp_path: Path):
        changes = tmp_path / "changes.json"
        changes.write_text(json.dumps([
            {"ruling": f"card-sen-triplets.r{n}", "status": "changed", "current_rule": "601.3", "edition": "2022-04-29"}
            for n in range(1, 10)
        ] + [{"ruling": "card-brainbite.r1", "status": "changed", "current_rule": "701.8b"}]), encoding="utf-8")
        faq_rulings_link(changes_path=changes)

        def queries(number: str) -> int:
            cache.clear()
            with CaptureQueriesContext(connection) as ctx:
                assert client.get(CARD.format(number)).status_code == 200
            return len(ctx.captured_queries)

        one = queries("card-brainbite")  # 2 rulings
        nine = queries("card-sen-triplets")  # 9 rulings
        assert Section.objects.filter(parent__number="card-sen-triplets", kind="ruling").count() == 9
        assert nine == one


@needs_corpora
class ChangedPageTests:
    def test_it_lists_every_ruling_marked_changed(self, client):
        response = client.get("/rules/mtg-arb-faq-2009/changed/")
        assert response.status_code == 200
        body = response.content.decode()
        changed = Section.objects.filter(document__slug=FAQ_SLUG, kind="ruling", data__status="changed")
        assert changed.exists()
        for ruling in changed:
            assert f'href="{ruling.get_absolute_url()}"' in body
        assert body.count("changed since 2009</span>") == changed.count()

    def test_unknown_document_is_404(self, client):
        assert client.get("/rules/no-such-doc/changed/").status_code == 404
