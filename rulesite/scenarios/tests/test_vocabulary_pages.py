"""The engine's vocabulary on the site: /engine/vocabulary/, /engine/vocabulary/<game>/, its JSON
twin /api/v1/vocabulary/<game>/, and the registry's texts in engine_msgids.py.

Every page is the real registry of its game (``engine/<game>/vocabulary.py``): Force of Will's
entries for the detail of keys and rules (its whitepaper is a bundled document), Magic's for a
list of records and a document that is not imported, all three for the index and the API.
"""

from __future__ import annotations

import json
import re

import pytest
from django.utils import translation

from engine.core.vocabulary import vocabularies
from rulesite.rules.models import Document
from rulesite.scenarios.builders import common
from rulesite.scenarios.builders.forms import make_field
from rulesite.scenarios.markup import inline_code
from rulesite.scenarios.messages import _field_texts, engine_msgids_source, vocabulary_msgids
from rulesite.scenarios.vocabulary import anchor

pytestmark = pytest.mark.django_db

REGISTRIES = {vocabulary.game: vocabulary for vocabulary in vocabularies()}


def page(client, game: str, **headers) -> str:
    response = client.get(f"/engine/vocabulary/{game}/", **headers)
    assert response.status_code == 200
    return response.content.decode()


def entry_html(body: str, anchor: str) -> str:
    return body.split(f'id="{anchor}"', 1)[1].split("</article>", 1)[0]


def key_html(entry: str, key: str) -> str:
    return entry.split(f'<code class="key-name">{key}</code>', 1)[1].split("</li>", 1)[0]


class VocabularyPageTests:
    def test_every_game_of_the_site_has_a_registry(self):
        assert sorted(REGISTRIES) == ["fow", "mtg", "ygo"]

    def test_the_index_lists_every_game_with_the_size_of_its_registry(self, client):
        body = client.get("/engine/vocabulary/").content.decode()
        for game, label in (("ygo", "Yu-Gi-Oh! OCG"), ("mtg", "Magic: The Gathering"), ("fow", "Force of Will")):
            vocabulary = REGISTRIES[game]
            item = body.split(f'<a href="/engine/vocabulary/{game}/">{label}</a>', 1)[1].split("</li>", 1)[0]
            assert f"{len(vocabulary.entries())} entries in {len(vocabulary.slots)} slots" in item
            assert f'<a href="/api/v1/vocabulary/{game}/">JSON</a>' in item
        assert "Not on a vocabulary registry yet" not in body

    def test_an_unknown_game_is_a_404(self, client):
        assert client.get("/engine/vocabulary/nope/").status_code == 404

    @pytest.mark.parametrize("game", ["ygo", "mtg", "fow"])
    def test_it_has_a_jump_list_of_slots_and_an_anchor_per_entry(self, client, game):
        body = page(client, game)
        jump = body.split('aria-labelledby="jump-h"', 1)[1].split("</nav>", 1)[0]
        vocabulary = REGISTRIES[game]
        assert re.findall(r'href="#(slot-[a-z_]+)"', jump) == [f"slot-{name}" for name in vocabulary.slots]
        anchors = [anchor(*entry.ref.split(":", 1)) for entry in vocabulary.entries()]
        assert len(set(anchors)) == len(anchors)
        for name in anchors:
            assert f'id="{name}"' in body

    def test_each_key_shows_its_type_range_enum_requirement_and_help(self, client):
        body = page(client, "fow")
        activate = entry_html(body, "action-activate")
        player = key_html(activate, "player")
        assert '<span class="badge">required</span>' in player and "one of <code>p1</code>, <code>p2</code>" in player
        assert "the id of a <code>object</code>" in key_html(activate, "card")
        ability = key_html(activate, "ability")
        assert '<span class="badge">' not in ability and "whole number 0–99" in ability
        assert "the index of the ability in the card&#x27;s abilities" in ability
        enter = entry_html(body, "trigger-enter")
        assert 'one of <code>this</code>, <code>any</code> or a value of <a href="#slot-filter">Filter key</a>' in enter
        counters = entry_html(body, "instruction-add_counter")
        assert '<span class="meta">When absent: &quot;+100/+100&quot;</span>' in key_html(counters, "counter")
        slot = body.split('id="slot-ability"', 1)[1].split('id="ability-static"', 1)[0]
        assert "Every entry of this slot also takes:" in slot and '<code class="key-name">text</code>' in slot

    def test_a_list_of_records_shows_the_keys_of_each_record(self, client):
        blockers = key_html(entry_html(page(client, "mtg"), "action-declare_blockers").split("<dt>Keys</dt>", 1)[1] + "</li>", "blockers")
        assert "list of object with the keys below" in blockers
        assert '<ul class="vocab-keys">' in blockers and '<code class="key-name">blocker</code> <span class="badge">required</span>' in blockers

    def test_the_rule_links_to_its_section_or_gives_its_basis_and_a_missing_document_is_plain(self, client):
        body = page(client, "fow")
        activate = entry_html(body, "action-activate")
        assert '<span class="ruleset">wp-2.3</span> <a class="cite" href="/rules/fow-whitepaper-2.3/7.8/"' in activate
        assert ">FoW 7.8</a>" in activate and ">FoW 9.5</a>" in activate
        counters = entry_html(body, "instruction-add_counter")
        assert ('<span class="cite basis">basis: not covered by this document: counters are card text; the whitepaper '
                'defines none</span>') in counters
        assert 'class="cite"' not in counters
        # Without the 2020 edition of the Comprehensive Rules its citations are shown plainly.
        Document.objects.filter(slug="mtg-cr-2020-06-01").delete()
        blockers = entry_html(page(client, "mtg"), "action-declare_blockers")
        older = blockers.split('<span class="ruleset">cr-2020-06-01</span>', 1)[1].split("</li>", 1)[0]
        assert '<span class="cite missing"' in older and "CR 509.1 (2020-06-01)" in older and "href=" not in older

    def test_it_shows_the_example_the_steps_and_the_module(self, client):
        body = page(client, "fow")
        activate = entry_html(body, "action-activate")
        assert ('<pre class="json">{\n  &quot;type&quot;: &quot;activate&quot;,\n  &quot;player&quot;: &quot;p1&quot;,\n'
                '  &quot;card&quot;: &quot;c1&quot;,\n  &quot;ability&quot;: 0\n}</pre>') in activate
        assert ("<code>fow.activate</code> {player} plays ability {ability} of {card_name}; it is chase item {position} "
                "(targets: {targets}).") in activate
        assert "<dt>Module</dt><dd><code>engine/fow/player_actions.py</code></dd>" in activate
        variant = entry_html(body, "option-variant")
        assert "Value</dt><dd>one of <code>bifrost</code>" in variant
        assert "An object with exactly one of the entries below" in body.split('id="slot-amount"', 1)[1]

    def test_inline_code_in_docs_and_help_is_code_and_markup_in_it_is_escaped(self, client):
        fow = entry_html(page(client, "fow"), "action-activate")
        assert "The player plays <code>ability</code> (default 0) of <code>card</code> (FoW 7.8)" in fow
        mtg = page(client, "mtg")
        blockers = entry_html(mtg, "action-declare_blockers")
        assert "else the choice <code>damage_order:&lt;attacker&gt;</code>)" in blockers and "`" not in blockers
        color = entry_html(mtg, "instruction-set_color")
        assert "the effect applies to whatever matches <code>affected</code> at each moment" in key_html(color, "not_locked")
        assert "`" not in mtg.split("<main", 1)[1].split('<pre class="json">', 1)[0]

    def test_it_reads_in_chinese_where_translated_and_in_english_where_not(self, client, monkeypatch):
        from rulesite.scenarios.builders import vocab

        untranslated = REGISTRIES["fow"].get("action", "activate").doc
        real = vocab.pgettext
        # Every registry text has a translation now: drop one from the catalogue as it is read.
        monkeypatch.setattr(vocab, "pgettext", lambda context, text: text if text == untranslated else real(context, text))
        with translation.override("zh-hans"):
            body = page(client, "fow", HTTP_ACCEPT_LANGUAGE="zh-hans")
        assert 'lang="zh-hans"' in body
        assert '<p class="entry-doc">抽牌阶段开始（FoW 5.1）。</p>' in entry_html(body, "trigger-start_of_draw")
        assert "The player plays <code>ability</code>" in entry_html(body, "action-activate")  # no translation: English
        assert "整数 0–99" in body or "whole number 0–99" not in body

    @pytest.mark.parametrize("game", ["ygo", "mtg", "fow"])
    def test_every_registry_text_has_a_chinese_translation(self, game):
        texts = [text for where, text in vocabulary_msgids() if where.split()[0] == game]
        with translation.override("zh-hans"):
            missing = [text for text in texts if translation.pgettext("vocabulary", text) == text]
        # Key names used as labels (`set_atk`) and single letters (N, X) read the same in Chinese.
        assert [text for text in missing if not re.fullmatch(r"[a-z_]+|[A-Z]", text)] == []

    @pytest.mark.parametrize("game", ["ygo", "mtg", "fow"])
    def test_the_builder_links_to_its_games_vocabulary(self, client, game):
        builder = client.get(f"/scenarios/new/{game}/").content.decode()
        assert f'href="/engine/vocabulary/{game}/"' in builder
        assert 'href="/engine/vocabulary/"' in builder  # the footer

    def test_the_home_page_links_to_the_index(self, client):
        assert 'href="/engine/vocabulary/"' in client.get("/").content.decode()


class InlineCodeTests:
    def test_backticks_become_code_and_everything_is_escaped(self):
        assert inline_code("a `<card>` & `b` key") == "a <code>&lt;card&gt;</code> &amp; <code>b</code> key"
        assert inline_code("one ` alone <i>") == "one ` alone &lt;i&gt;"
        assert inline_code(None) == ""

    def test_a_builder_fields_help_is_escaped_with_its_code(self):
        spec = common.Spec("id", "id", "text", "Key", help="the effect's key (default s<index>); `turn.effect_order` names it")
        assert str(make_field(spec).help_text) == (
            "the effect&#x27;s key (default s&lt;index&gt;); <code>turn.effect_order</code> names it")


class VocabularyApiTests:
    @pytest.mark.parametrize("game", ["ygo", "mtg", "fow"])
    def test_it_returns_the_registrys_json(self, client, game):
        response = client.get(f"/api/v1/vocabulary/{game}/")
        assert response.status_code == 200
        assert response.json() == json.loads(json.dumps(REGISTRIES[game].to_json()))

    def test_a_rule_is_a_section_or_a_basis(self, client):
        slots = {slot["name"]: slot for slot in client.get("/api/v1/vocabulary/fow/").json()["slots"]}
        entries = {entry["name"]: entry for entry in slots["instruction"]["entries"]}
        assert entries["add_counter"]["rule"] == {
            "wp-2.3": [{"ruling": "not covered by this document: counters are card text; the whitepaper defines none"}]}
        actions = {entry["name"]: entry for entry in slots["action"]["entries"]}
        assert actions["activate"]["rule"]["wp-2.3"][0] == {"document": "fow-whitepaper-2.3", "number": "7.8"}

    def test_the_list_names_each_registered_game(self, client):
        body = client.get("/api/v1/vocabulary/").json()
        assert body == [{"game": game, "slots": len(REGISTRIES[game].slots), "entries": len(REGISTRIES[game].entries()),
                         "url": f"http://testserver/api/v1/vocabulary/{game}/"} for game in ("ygo", "mtg", "fow")]

    def test_an_unknown_game_is_a_404_with_errors(self, client):
        response = client.get("/api/v1/vocabulary/nope/")
        assert response.status_code == 404
        assert response.json()["errors"][0]["message"].startswith("no vocabulary is registered for the game 'nope'")

    def test_it_is_in_the_openapi_schema(self, client):
        schema = client.get("/api/schema/?format=json").json()
        assert "/api/v1/vocabulary/{game}/" in schema["paths"] and "/api/v1/vocabulary/" in schema["paths"]
        board = schema["components"]["schemas"]["ResolveOutput"]["properties"]
        assert {"board", "board_complete"} <= set(board)


class VocabularyMessageTests:
    def test_every_label_doc_and_help_of_every_registry_is_in_engine_msgids(self):
        texts = [text for _where, text in vocabulary_msgids()]
        assert len(texts) == len(set(texts))
        expected = set()
        for vocabulary in REGISTRIES.values():
            for slot in vocabulary.slots.values():
                expected |= {slot.label, slot.doc} | {t for f in slot.common.values() for t in _field_texts(f)}
                for entry in vocabulary.entries(slot.name):
                    expected |= {entry.label, entry.doc}
                    fields = [*entry.keys.values(), *((entry.value,) if entry.value is not None else ())]
                    expected |= {t for f in fields for t in _field_texts(f)}
        assert expected - {""} == set(texts)
        assert "Play an activated ability" in texts and "Declare blockers" in texts

    def test_the_generated_source_names_where_each_text_is_used(self):
        source = engine_msgids_source()
        assert "    # Translators: fow action:activate\n    pgettext_lazy('vocabulary', 'Play an activated ability'),\n" in source
        assert source.index("VOCABULARY = (") > source.index("TERMS = (")
        assert not source.endswith("VOCABULARY = (\n)\n")
