"""``manage.py import_cards`` reads MTGJSON AtomicCards, Scryfall oracle-cards and ygopro cdb
files (tiny ones the tests build), idempotently, and refuses a wrong file saying why."""

from __future__ import annotations

import json
import sqlite3
import tempfile
from io import StringIO
from pathlib import Path

from django.core.management import CommandError, call_command
from django.test import TestCase

from rulesite.cards.models import ImportedCard
from rulesite.cards.readers import jsonstream
from rulesite.cards.tests import files


def run(*args: str) -> str:
    out = StringIO()
    call_command("import_cards", *args, stdout=out)
    return out.getvalue()


class ImportCardsTests(TestCase):
    def setUp(self) -> None:
        self.folder = Path(tempfile.mkdtemp())

    def test_it_imports_mtgjson_atomic_cards_with_every_language(self) -> None:
        out = run(str(files.atomic_cards(self.folder)), "--format", "mtgjson")
        self.assertIn("3 created, 0 updated, 0 unchanged, 0 skipped", out)
        wisp = ImportedCard.objects.get(source="mtgjson", external_id="Harbor Wisp")
        self.assertEqual(wisp.characteristics, {"mana_cost": "{1}{U}", "colors": ["blue"], "types": ["creature"],
                                                "subtypes": ["Spirit"], "power": 1, "toughness": 3})
        self.assertEqual(wisp.names["zh-Hant"], "港灣靈")
        self.assertEqual(wisp.names["Phyrexian"], "Hrbr Wsp")  # a language without a code keeps the file's name for it
        self.assertEqual(wisp.text("zh-hans"), ("zh-Hans", "虚构的文字。"))
        self.assertEqual(wisp.text("fr"), ("en", "A made-up text: it flies."))
        pup = ImportedCard.objects.get(external_id="Morning Pup // Night Hound")
        self.assertNotIn("power", pup.characteristics)
        self.assertTrue(any("cda" in note for note in pup.unmapped), pup.unmapped)
        self.assertTrue(any("Night Hound" in note for note in pup.unmapped), pup.unmapped)

    def test_it_finds_a_card_by_any_name_case_spacing_and_chinese_script_ignored(self) -> None:
        run(str(files.atomic_cards(self.folder)), "--format", "mtgjson")
        for name in ("harbor  WISP", "港湾灵", "港灣靈", "港灣灵", "港の霊"):
            self.assertEqual([c.name for c in ImportedCard.objects.named("mtg", name)], ["Harbor Wisp"], name)
        self.assertEqual(ImportedCard.objects.named("mtg", "night hound").get().name, "Morning Pup // Night Hound")
        self.assertEqual(ImportedCard.objects.named("mtg", "晨犬").get().name, "Morning Pup // Night Hound")
        self.assertFalse(ImportedCard.objects.named("ygo", "Harbor Wisp").exists())
        self.assertEqual(ImportedCard.objects.for_autocomplete("mtg", "港"), ["Harbor Wisp"])

    def test_a_second_import_of_the_same_file_changes_nothing(self) -> None:
        path = files.atomic_cards(self.folder)
        run(str(path), "--format", "mtgjson")
        keys = sorted(ImportedCard.objects.values_list("name_keys__key", flat=True))
        self.assertIn("0 created, 0 updated, 3 unchanged", run(str(path), "--format", "mtgjson"))
        self.assertEqual(ImportedCard.objects.count(), 3)
        self.assertEqual(sorted(ImportedCard.objects.values_list("name_keys__key", flat=True)), keys)
        changed = json.loads(json.dumps(files.ATOMIC))
        changed["data"]["Quiet Banner"][0]["manaCost"] = "{4}"
        self.assertIn("0 created, 1 updated, 2 unchanged", run(str(files.atomic_cards(self.folder, changed)), "--format", "mtgjson"))
        self.assertEqual(ImportedCard.objects.get(external_id="Quiet Banner").characteristics["mana_cost"], "{4}")

    def test_it_imports_scryfall_oracle_cards_with_their_faces(self) -> None:
        out = run(str(files.oracle_cards(self.folder)), "--format", "scryfall")
        self.assertIn("3 created", out)
        pup = ImportedCard.objects.get(source="scryfall", external_id="o-2")
        self.assertEqual(pup.characteristics, {"mana_cost": "{G}", "colors": ["green"], "supertypes": ["legendary", "snow"],
                                               "types": ["creature"], "subtypes": ["Dog"], "power": 2, "toughness": 1})
        self.assertIn("Night Hound\nMade up back.", pup.texts["en"])
        self.assertEqual(ImportedCard.objects.get(external_id="o-3").characteristics["types"], ["tribal", "instant"])
        self.assertEqual(ImportedCard.objects.named("mtg", "Morning Pup").get().external_id, "o-2")
        self.assertIn("0 created, 0 updated, 3 unchanged", run(str(files.oracle_cards(self.folder)), "--format", "scryfall"))

    def test_a_scryfall_card_in_another_language_or_of_an_art_series_is_skipped_saying_why(self) -> None:
        cards = [*files.ORACLE, {**files.ORACLE[0], "oracle_id": "o-9", "lang": "ja", "name": "港の霊"},
                 {**files.ORACLE[0], "oracle_id": "o-8", "layout": "art_series", "name": "Harbor Wisp // Harbor Wisp"}]
        out = run(str(files.oracle_cards(self.folder, cards)), "--format", "scryfall")
        self.assertIn("3 created, 0 updated, 0 unchanged, 2 skipped", out)
        self.assertIn("skipped 1: an art series card", out)
        self.assertIn("language ja", out)

    def test_it_imports_a_ygopro_cdb_and_merges_a_second_language_by_passcode(self) -> None:
        first = run(str(files.cards_cdb(self.folder)), "--format", "ygopro-cdb")
        self.assertIn("5 created, 0 updated, 0 unchanged, 1 skipped", first)
        self.assertIn("skipped 1: an alternative artwork (alias)", first)
        out = run(str(files.cards_cdb(self.folder, "en", "cards-en.cdb")), "--format", "ygopro-cdb", "--language", "en")
        self.assertIn("0 created, 5 updated", out)
        apprentice = ImportedCard.objects.get(game="ygo", external_id="10001")
        self.assertEqual(apprentice.names, {"zh-Hans": "暗之学徒", "en": "Shadow Apprentice"})
        self.assertEqual(apprentice.name, "Shadow Apprentice")
        self.assertEqual(apprentice.characteristics, {"kind": "monster", "subtype": "effect", "level": 3, "atk": 1200, "def": 800,
                                                      "tuner": True, "attribute": "DARK", "race": "Spellcaster"})
        self.assertEqual(set(apprentice.texts), {"zh-Hans", "en"})
        for name in ("暗之學徒", "shadow apprentice"):
            self.assertEqual(ImportedCard.objects.named("ygo", name).get().external_id, "10001")
        swing = ImportedCard.objects.get(external_id="10004").characteristics
        self.assertEqual((swing["subtype"], swing["level"], swing["scale"]), ("pendulum", 5, 4))
        self.assertEqual(ImportedCard.objects.get(external_id="10002").characteristics, {"kind": "spell", "subtype": "quick-play"})
        self.assertEqual(ImportedCard.objects.get(external_id="10003").characteristics, {"kind": "trap", "subtype": "counter"})
        link = ImportedCard.objects.get(external_id="10005")
        self.assertNotIn("level", link.characteristics)
        self.assertTrue(any("Link" in note for note in link.unmapped))
        self.assertIn("0 created, 0 updated, 5 unchanged",
                      run(str(self.folder / "cards-en.cdb"), "--format", "ygopro-cdb", "--language", "en"))

    def test_a_wrong_file_is_refused_naming_the_problem(self) -> None:
        cdb = files.cards_cdb(self.folder)
        atomic = files.atomic_cards(self.folder)
        corrupt = self.folder / "corrupt.json"
        corrupt.write_text('{"meta": {}, "data": {"Harbor Wisp": [{"name": "Harbor Wisp", "types": []}], "Broken": [{', encoding="utf-8")
        cases = [
            ((str(cdb), "--format", "mtgjson"), "not UTF-8"),
            ((str(atomic), "--format", "scryfall"), "expected a JSON array"),
            ((str(files.oracle_cards(self.folder)), "--format", "mtgjson"), "expected a JSON object"),
            ((str(atomic), "--format", "ygopro-cdb"), "not an SQLite database"),
            ((str(corrupt), "--format", "mtgjson"), "corrupt JSON"),
            ((str(files.atomic_cards(self.folder, {"meta": {}})), "--format", "mtgjson"), "no 'data' object"),
            ((str(self.folder / "missing.json"), "--format", "mtgjson"), "no such file"),
            ((str(files.cards_cdb(self.folder, name="half.cdb", tables=("datas",))), "--format", "ygopro-cdb"), "no table texts"),
            ((str(atomic), "--format", "mtgjson", "--language", "en"), "--language is for ygopro-cdb files only"),
            ((str(files.oracle_cards(self.folder, [{"object": "set", "name": "x"}])), "--format", "scryfall"), "not a Scryfall card"),
        ]
        for args, message in cases:
            with self.subTest(args=args), self.assertRaisesMessage(CommandError, message):
                run(*args)
        self.assertFalse(ImportedCard.objects.exists())  # the corrupt file's first card was rolled back

    def test_a_cdb_with_other_tables_is_refused(self) -> None:
        path = self.folder / "other.cdb"
        connection = sqlite3.connect(path)
        connection.execute("CREATE TABLE cards (id INTEGER)")
        connection.commit()
        connection.close()
        with self.assertRaisesMessage(CommandError, "no table datas or texts: not a ygopro cdb file"):
            run(str(path), "--format", "ygopro-cdb")


class JsonStreamTests(TestCase):
    def test_items_are_read_across_chunk_boundaries(self) -> None:
        items = [{"n": i, "text": "x" * (i * 37 % 200), "big": 10 ** (i % 12)} for i in range(400)]
        stream = StringIO(json.dumps(items))
        old, jsonstream.CHUNK = jsonstream.CHUNK, 61
        try:
            self.assertEqual(list(jsonstream.array_items(stream, "t")), items)
            stream = StringIO(json.dumps({"meta": {"a": [1, 2]}, "data": {str(i): item for i, item in enumerate(items)}}))
            self.assertEqual([v for _k, v in jsonstream.object_members(stream, "t", "data")], items)
        finally:
            jsonstream.CHUNK = old


class DoctestTests(TestCase):
    def test_the_doctests_run(self) -> None:
        import doctest

        from rulesite.cards import names
        from rulesite.cards.readers import magic, scryfall

        for module in (names, magic, scryfall):
            self.assertEqual(doctest.testmod(module).failed, 0, module.__name__)
