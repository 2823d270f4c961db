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

    def test_a_text_two_or_more_games_use_gets_a_context_per_game_and_no_other_text_does(self):
        from rulesite.scenarios.messages import shared_vocabulary_msgids

        games_of: dict[str, set[str]] = {}
        for vocabulary in REGISTRIES.values():
            for slot in vocabulary.slots.values():
                texts = {slot.label, slot.doc} | {t for f in slot.common.values() for t in _field_texts(f)}
                for entry in vocabulary.entries(slot.name):
                    fields = [*entry.keys.values(), *((entry.value,) if entry.value is not None else ())]
                    texts |= {entry.label, entry.doc} | {t for f in fields for t in _field_texts(f)}
                for text in texts - {""}:
                    games_of.setdefault(text, set()).add(vocabulary.game)
        shared = shared_vocabulary_msgids()
        assert {(game, text) for game, _where, text in shared} == {
            (game, text) for text, games in games_of.items() if len(games) > 1 for game in games}
        assert len(shared) == len({(game, text) for game, _where, text in shared})
        assert ("ygo", "ygo instruction:destroy", "Destroy") in shared and ("mtg", "mtg instruction:destroy", "Destroy") in shared
        assert not any(text == "Cascade" for _game, _where, text in shared)  # Magic only
        source = engine_msgids_source()
        assert ("    # Translators: fow instruction:banish (a text other games share: in this game's own terms)\n"
                "    pgettext_lazy('vocabulary fow', 'Banish'),\n") in source
        assert source.index("SHARED_VOCABULARY = (") > source.index("\nVOCABULARY = (")

    def test_the_check_command_passes_on_the_committed_file_and_fails_when_it_is_stale(self, monkeypatch, capsys):
        from django.core.management import call_command

        from rulesite.scenarios.management.commands import engine_messages

        call_command("engine_messages", "--check")
        assert "up to date" in capsys.readouterr().out
        # Without its per-game part the generated file is stale.
        monkeypatch.setattr(engine_messages, "engine_msgids_source", lambda: engine_msgids_source().split("SHARED_VOCABULARY")[0])
        with pytest.raises(SystemExit):
            call_command("engine_messages", "--check")


def entry_label(body: str, anchor: str) -> str:
    return entry_html(body, anchor).split('<span class="entry-label">', 1)[1].split("</span>", 1)[0]


class PerGameTranslationTests:
    """A text several games share (``Destroy``) reads in each game's own terms: context
    ``vocabulary <game>`` first, the shared ``vocabulary`` one when the game has none."""

    @pytest.mark.parametrize("game, anchor, expected", [
        ("ygo", "instruction-destroy", "破坏"), ("mtg", "instruction-destroy", "消灭"), ("fow", "instruction-destroy", "消灭"),
        ("ygo", "instruction-banish", "除外"), ("fow", "instruction-banish", "破坏"),  # FoW 10.10 破壞
        ("ygo", "cost-tribute", "解放"), ("mtg", "keyword-tribute", "致敬"),  # CR 702.104
        ("ygo", "filter-race", "种族"), ("fow", "filter-controller", "操控者"), ("ygo", "filter-controller", "控制者"),
    ])
    def test_a_shared_text_reads_in_each_games_terms_on_its_page(self, client, game, anchor, expected):
        with translation.override("zh-hans"):
            body = page(client, game, HTTP_ACCEPT_LANGUAGE="zh-hans")
        assert entry_label(body, anchor) == expected

    def test_a_shared_key_label_reads_in_each_games_terms(self, client):
        with translation.override("zh-hans"):
            ygo = page(client, "ygo", HTTP_ACCEPT_LANGUAGE="zh-hans")
            mtg = page(client, "mtg", HTTP_ACCEPT_LANGUAGE="zh-hans")
        assert "表示形式" in key_html(entry_html(ygo, "action-summon"), "position")
        assert "位置" in key_html(entry_html(mtg, "instruction-put_on_library"), "position")
        assert "表示形式" not in key_html(entry_html(mtg, "instruction-put_on_library"), "position")

    def test_builder_rows_read_in_each_games_terms_when_shown(self):
        from rulesite.scenarios.builders import vocab
        from rulesite.scenarios.forms import ActionForm

        rows = {game: vocab.slot_fields(REGISTRIES[game], "instruction")[0].labels for game in ("ygo", "mtg", "fow")}
        with translation.override("zh-hans"):
            assert [str(rows[game]["destroy"]) for game in ("ygo", "mtg", "fow")] == ["破坏", "消灭", "消灭"]
            assert str(rows["fow"]["banish"]) == "破坏" and str(rows["ygo"]["banish"]) == "除外"
            shown = {str(value): str(label) for value, label in ActionForm().fields["do"].choices if value}
            assert shown["destroy"] == "破坏"
        with translation.override("en"):
            assert str(rows["ygo"]["destroy"]) == "Destroy"

    def test_without_an_entry_of_its_own_a_game_reads_the_shared_translation(self, monkeypatch):
        from rulesite.scenarios.builders import vocab

        with translation.override("zh-hans"):
            # A text only Magic uses has no per-game entry: the shared one is used.
            assert vocab.translate_text("Cascade", "mtg") == translation.pgettext("vocabulary", "Cascade") != "Cascade"
            # Drop Yu-Gi-Oh!'s own reading: Destroy falls back to the shared 消灭.
            real = vocab.pgettext
            monkeypatch.setattr(vocab, "pgettext", lambda context, text: text if context == "vocabulary ygo" else real(context, text))
            assert vocab.translate_text("Destroy", "ygo") == "消灭"
            assert vocab.translate_text("Destroy") == "消灭" and vocab.translate_text("", "ygo") == ""

    def test_the_game_is_tried_first_then_the_shared_context_lazily(self, monkeypatch):
        from rulesite.scenarios.builders import vocab

        label = vocab.translated("Destroy", "mtg")
        seen = []
        monkeypatch.setattr(vocab, "pgettext", lambda context, text: seen.append(context) or text)
        assert seen == []
        assert str(label) == "Destroy" and seen == ["vocabulary mtg", "vocabulary"]

    def test_every_per_game_entry_has_a_chinese_translation(self):
        from rulesite.scenarios.messages import shared_vocabulary_msgids

        shared = shared_vocabulary_msgids()
        with translation.override("zh-hans"):
            missing = [(game, text) for game, _where, text in shared if translation.pgettext(f"vocabulary {game}", text) == text]
        assert missing == []
