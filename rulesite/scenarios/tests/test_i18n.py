"""Languages: the interface and every trace message in English, Traditional and Simplified Chinese."""

from __future__ import annotations

import ast
import gettext
import json
import re
import string
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Template
from django.utils import translation

import engine
from engine.core import CATALOGUE
from rulesite.scenarios.messages import (
    catalogue_templates,
    engine_msgids_source,
    english_template,
    translate_step,
    translate_term,
)

ROOT = Path(settings.BASE_DIR)
LOCALES = ("zh_Hans", "zh_Hant")
CJK = re.compile(r"[\u4e00-\u9fff]")
GOLDEN = sorted((ROOT / "fixtures" / "scenarios" / "ygo").glob("*.json"))


def _sample_params(template: str) -> dict[str, object]:
    """Return a value for every field of ``template``: an engine term where one fits."""
    params: dict[str, object] = {}
    for _, name, _, _ in string.Formatter().parse(template):
        if not name:
            continue
        if name in ("zone", "from", "to"):
            params[name] = "graveyard"
        elif name in ("reason", "action", "cost"):
            params[name] = "destroy"
        elif name == "what":
            params[name] = "spell_card"
        elif name == "effect_class":
            params[name] = "continuous"
        elif name == "phase":
            params[name] = "end"
        elif name == "step":
            params[name] = "start"
        elif name == "position":
            params[name] = "attack"
        elif name == "options":
            params[name] = ["c1", "c2"]
        else:
            params[name] = f"V{name}V"
    return params


def _po_entries(locale: str) -> list[dict[str, str]]:
    """Return the entries of a .po file as ``{msgctxt?, msgid, msgid_plural?, msgstr…}`` dicts."""
    text = (ROOT / "locale" / locale / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    entries = []
    for block in text.split("\n\n"):
        fields: dict[str, str] = {}
        current = None
        fuzzy = False
        for line in block.splitlines():
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            match = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (".*")$', line)
            if match:
                current = match.group(1)
                fields[current] = ast.literal_eval(match.group(2))
            elif line.startswith('"') and current:
                fields[current] += ast.literal_eval(line)
        if "msgid" in fields and fields["msgid"]:
            fields["fuzzy"] = "yes" if fuzzy else ""
            entries.append(fields)
    return entries


def _placeholders(text: str) -> list[str]:
    """Return the sorted ``{name}`` and ``%(name)s`` placeholders of ``text``."""
    brace = re.findall(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}(?!\})", text)
    percent = re.findall(r"%\(([A-Za-z_][A-Za-z0-9_]*)\)[sd]", text)
    return sorted(f"{{{name}}}" for name in brace) + sorted(f"%({name})" for name in percent)


class TraceMessageTests:
    @pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
    @pytest.mark.parametrize("message_id", CATALOGUE.ids())
    def test_every_message_renders_in_chinese_with_every_param(self, message_id, language):
        template = english_template(message_id)
        assert template is not None
        params = _sample_params(template)
        english = CATALOGUE.render(message_id, params)
        text = translate_step({"message_id": message_id, "params": params, "text": english}, language)
        assert "{" not in text and "}" not in text, text
        assert text != english and CJK.search(text), f"{message_id} is not translated: {text}"
        game = message_id.split(".")[0]
        with translation.override(language):
            for key, value in params.items():
                if isinstance(value, list):
                    continue
                shown = str(translate_term(game, key, value))
                assert shown in text, f"{key}={shown} missing from {text}"
                if shown != value:
                    assert not re.search(rf"\b{re.escape(value)}\b", text), f"{key}={value} left in {text}"

    def test_the_rebuilt_templates_are_the_catalogue_templates(self):
        from engine.ygo.messages import MESSAGES

        templates = catalogue_templates()
        for message_id, template in MESSAGES.items():
            assert templates[message_id] == template

    def test_english_gives_the_engine_text(self):
        step = {"message_id": "ygo.priority.pass", "params": {"player": "p2"}, "text": "p2 passes priority."}
        assert translate_step(step, "en") == "p2 passes priority."

    def test_terms_and_lists_are_translated_names_are_not(self):
        step = {
            "message_id": "ygo.move",
            "params": {"card_name": "Graveyard Gate", "from": "hand", "to": "graveyard", "reason": "discard"},
            "text": "Graveyard Gate moves from the hand to the graveyard (discard).",
        }
        assert translate_step(step, "zh-hans") == "Graveyard Gate从手卡移到墓地（丢弃）。"
        assert translate_step(step, "zh-hant") == "Graveyard Gate從手牌移到墓地（捨棄）。"

    @pytest.mark.parametrize(
        "step",
        [
            {"message_id": "mtg.no.such.message", "params": {"x": 1}, "text": "English fallback."},
            {"message_id": "ygo.move", "params": {"card_name": "X"}, "text": "English fallback."},
            {"message_id": "ygo.move", "params": "not a mapping", "text": "English fallback."},
            {"message_id": None, "text": "English fallback."},
            {"text": "English fallback."},
        ],
    )
    def test_unknown_ids_and_broken_params_fall_back_to_the_english_text(self, step):
        assert translate_step(step, "zh-hans") == "English fallback."

    def test_a_non_dict_step_gives_an_empty_string(self):
        assert translate_step(None, "zh-hans") == ""  # type: ignore[arg-type]

    @pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
    def test_every_step_of_the_golden_scenarios_is_translated(self, path):
        scenario = json.loads(path.read_text(encoding="utf-8"))["scenario"]
        trace = engine.resolve(scenario)["trace"]
        steps = [step for s in trace for step in [s, *(t for b in s.get("branches", []) for t in b["trace"])]]
        for step in steps:
            for language in ("zh-hans", "zh-hant"):
                text = translate_step(step, language)
                assert "{" not in text and CJK.search(text), (step["message_id"], text)

    def test_the_filter_uses_the_active_language_and_escapes(self):
        step = {"message_id": "ygo.move.draw", "params": {"player": "p1", "card_name": "<b>Pot</b>"},
                "text": "p1 draws <b>Pot</b>."}
        template = Template("{% load scenario_i18n %}{{ step|step_text }}")
        with translation.override("zh-hant"):
            assert template.render(Context({"step": step})) == "p1抽到&lt;b&gt;Pot&lt;/b&gt;。"
        with translation.override("en"):
            assert template.render(Context({"step": step})) == "p1 draws &lt;b&gt;Pot&lt;/b&gt;."

    def test_the_trace_template_uses_the_filter(self):
        text = (ROOT / "templates" / "scenarios" / "_trace.html").read_text(encoding="utf-8")
        assert "{{ step|step_text:page.player_names }}" in text and "{{ step.text }}" not in text


class CatalogueFileTests:
    def test_the_generated_engine_msgid_file_is_current(self):
        path = ROOT / "rulesite" / "scenarios" / "engine_msgids.py"
        assert path.read_text(encoding="utf-8") == engine_msgids_source(), (
            "engine messages changed: run `python manage.py engine_messages` (or `make messages`), "
            "then translate the new entries in locale/zh_Hans/LC_MESSAGES/django.po"
        )

    @pytest.mark.parametrize("locale", LOCALES)
    def test_placeholders_match_in_every_entry(self, locale):
        for entry in _po_entries(locale):
            for key in [k for k in entry if k.startswith("msgstr") and entry[k]]:
                # Chinese has one plural form; it stands for the plural msgid.
                source = entry.get("msgid_plural", entry["msgid"])
                assert _placeholders(entry[key]) == _placeholders(source), entry

    @pytest.mark.parametrize("locale", LOCALES)
    def test_every_trace_template_is_translated(self, locale):
        entries = {(e.get("msgctxt", ""), e["msgid"]): e for e in _po_entries(locale)}
        for message_id, template in catalogue_templates().items():
            entry = entries.get(("trace", template))
            assert entry and entry["msgstr"] and not entry["fuzzy"], f"{locale}: {message_id} has no translation"

    def test_zh_hant_is_made_from_zh_hans(self):
        sys.path.insert(0, str(ROOT / "scripts"))
        try:
            import make_zh_hant
        finally:
            sys.path.remove(str(ROOT / "scripts"))
        source = (ROOT / "locale" / "zh_Hans" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
        target = (ROOT / "locale" / "zh_Hant" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
        assert make_zh_hant.convert_po(source) == target, "run python scripts/make_zh_hant.py"

    def test_zh_hant_turns_the_word_cost_into_feiyong_but_keeps_code_and_placeholders(self):
        sys.path.insert(0, str(ROOT / "scripts"))
        try:
            import make_zh_hant
        finally:
            sys.path.remove(str(ROOT / "scripts"))
        converter = make_zh_hant.opencc.OpenCC("s2twp")
        assert make_zh_hant.convert_text("无法支付的cost", converter) == "無法支付的費用"
        assert make_zh_hant.convert_text("效果的 `cost`；{cost}", converter) == "效果的 `cost`；{cost}"

    @pytest.mark.parametrize("locale", LOCALES)
    def test_vocabulary_translations_keep_code_words_and_rule_numbers(self, locale):
        code = re.compile(r"`[^`]*`|%\(\w+\)[sd]|\{\w*\}")
        for entry in _po_entries(locale):
            if entry.get("msgctxt") == "vocabulary" and entry.get("msgstr") and not entry["fuzzy"]:
                assert sorted(code.findall(entry["msgstr"])) == sorted(code.findall(entry["msgid"])), entry["msgid"]

    @pytest.mark.parametrize("locale", LOCALES)
    def test_the_committed_mo_file_is_compiled_from_the_po_file(self, locale):
        folder = ROOT / "locale" / locale / "LC_MESSAGES"
        with (folder / "django.mo").open("rb") as handle:
            compiled = gettext.GNUTranslations(handle)
        catalog = {key if isinstance(key, str) else key[0]: value for key, value in compiled._catalog.items()}
        for entry in _po_entries(locale):
            if entry.get("msgstr", entry.get("msgstr[0]")) and not entry["fuzzy"]:
                key = f"{entry['msgctxt']}\x04{entry['msgid']}" if "msgctxt" in entry else entry["msgid"]
                wanted = entry.get("msgstr", entry.get("msgstr[0]"))
                assert catalog.get(key) == wanted, f"{locale}: django.mo is stale; run make messages ({key!r})"


@pytest.mark.django_db
class LanguageChoiceTests:
    @pytest.mark.parametrize(
        ("header", "code", "phrase"),
        [
            ("zh-TW", "zh-hant", "搜尋規則"),
            ("zh-Hant", "zh-hant", "搜尋規則"),
            ("zh-HK,zh;q=0.8", "zh-hant", "搜尋規則"),
            ("zh-CN", "zh-hans", "搜索规则"),
            ("zh-Hans", "zh-hans", "搜索规则"),
            ("zh-SG", "zh-hans", "搜索规则"),
            ("en-US,en;q=0.9", "en", "Search the rules"),
            ("fr-FR", "en", "Search the rules"),
        ],
    )
    def test_the_browser_language_picks_the_interface(self, client, header, code, phrase):
        response = client.get("/rules/", headers={"accept-language": header})
        body = response.content.decode()
        assert response.status_code == 200
        assert f'<html lang="{code}">' in body
        assert phrase in body

    def test_the_switcher_sets_the_cookie_and_the_next_page_is_chinese(self, client):
        response = client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/rules/"},
                               headers={"accept-language": "en"})
        assert response.status_code == 302 and response["Location"] == "/rules/"
        assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "zh-hans"
        page = client.get("/rules/", headers={"accept-language": "en"})
        body = page.content.decode()
        assert '<html lang="zh-hans">' in body and "规则文档" in body and "简体中文" in body

    def test_the_switcher_form_is_on_every_page(self, client):
        body = client.get("/").content.decode()
        assert 'action="/i18n/setlang/"' in body and 'name="language"' in body
        assert 'value="zh-hant"' in body and 'value="zh-hans"' in body

    def test_a_permalink_shows_its_trace_in_the_chosen_language(self, client):
        from rulesite.api.tests.test_api import MIRROR_FORCE
        from rulesite.scenarios.services import scenario_create

        scenario, _ = scenario_create(scenario=MIRROR_FORCE)
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hant"
        body = client.get(f"/r/{scenario.code}/").content.decode()
        assert "連鎖1" in body and "發動" in body and "處理過程" in body
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
        body = client.get(f"/r/{scenario.code}/").content.decode()
        assert "Chain Link 1" in body


@pytest.mark.django_db
class RuleTextLanguageTests:
    def test_search_results_keep_the_language_of_their_document(self, client):
        from django.urls import reverse

        body = client.get(reverse("rules:search"), {"q": "连锁"}, headers={"accept-language": "en"}).content.decode()
        assert '<html lang="en">' in body
        assert 'class="snippet" lang="zh-Hans"' in body and '<span lang="zh-Hans">' in body

    def test_a_section_page_keeps_the_language_of_its_document(self, client):
        from rulesite.rules.models import Section

        section = Section.objects.filter(document__slug="ygo-rulebook-mr2").exclude(text="").first()
        body = client.get(section.get_absolute_url(), headers={"accept-language": "zh-CN"}).content.decode()
        assert '<html lang="zh-hans">' in body and '<article class="rule" lang="zh-Hant">' in body


class PlayerNameTests:
    def test_steps_name_the_players_the_scenario_names(self):
        from rulesite.scenarios.messages import translate_step

        step = {"message_id": "ygo.priority.pass_to", "params": {"player": "p1"}, "text": "Priority passes to p1."}
        assert translate_step(step, "en", {"p1": "Alice"}) == "Priority passes to Alice (p1)."
        assert "Alice (p1)" in translate_step(step, "zh-hans", {"p1": "Alice"})
        assert translate_step(step, "en") == "Priority passes to p1."

    @pytest.mark.django_db
    def test_markup_in_a_player_name_is_escaped_on_the_page(self, client):
        import json as _json

        from rulesite.api.tests.test_api import MIRROR_FORCE
        from rulesite.scenarios.services import scenario_create

        hostile = _json.loads(_json.dumps(MIRROR_FORCE))
        hostile["players"][0]["name"] = "<b>Alice</b>"
        scenario, _ = scenario_create(scenario=hostile)
        body = client.get(scenario.get_absolute_url()).content.decode()
        assert "&lt;b&gt;Alice&lt;/b&gt; (p1)" in body
        assert "<b>Alice</b>" not in body


class StepKindLabelTests:
    def test_step_kinds_are_labelled_in_the_readers_language(self):
        from django.utils import translation

        from rulesite.scenarios.messages import step_kind_label

        with translation.override("zh-hant"):
            assert step_kind_label("rule_processing") == "規則處理"
        with translation.override("zh-hans"):
            assert step_kind_label("priority") == "优先权"
        with translation.override("en"):
            assert step_kind_label("missed_timing") == "missed timing"
            assert step_kind_label("something_new") == "something new"
