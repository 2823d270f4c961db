"""The zh-Hans Comprehensive Rules (imported by ``import_rules`` from ``corpora/zh-Hans/``)
and editions that stay within one language: a translation is never "current" for the
original's links, nor a later edition in its editions list or a rule's history (issue 17)."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command

from conftest import CORPORA, needs_corpora
from rulesite.rules.importers import CORPORA as CORPORA_PATTERNS
from rulesite.rules.models import Document, Section
from rulesite.rules.selectors import family_language

pytestmark = [pytest.mark.django_db, needs_corpora]

EN, ZH = "mtg-cr-2022-04-29", "mtg-cr-2022-04-29-zh"


def test_the_chinese_cr_is_imported_with_every_english_number():
    zh = Document.objects.get(slug=ZH)
    assert zh.language == "zh-Hans" and zh.effective_date.isoformat() == "2022-04-29"
    en_numbers = set(Section.objects.filter(document__slug=EN).exclude(kind="glossary").values_list("number", flat=True))
    zh_numbers = set(Section.objects.filter(document__slug=ZH).exclude(kind="glossary").values_list("number", flat=True))
    assert zh_numbers == en_numbers


def test_the_slips_are_reconstructed_numbers_paired_by_position():
    slips = dict(
        Section.objects.filter(document__slug=ZH, data__has_key="printed_number").values_list("number", "data__printed_number")
    )
    assert slips == {"701.42b": "701.42a", "724.2a": "724.3a", "724.2b": "724.3b", "724.2c": "724.3c"}
    assert all(Section.objects.filter(document__slug=ZH, number__in=slips).values_list("reconstructed", flat=True))


def test_the_import_lists_the_slips():
    out = io.StringIO()
    call_command("import_rules", str(CORPORA / "zh-Hans" / "MagicCompRules-20220429.txt"), "--format", "mtg-cr",
                 "--language", "zh-Hans", "--dry-run", stdout=out)
    assert "line 3359: 701.42a is a numbering slip, taken as 701.42b" in out.getvalue()
    assert "line 5326: 724.3a is a numbering slip, taken as 724.2a" in out.getvalue()


def test_the_english_glob_does_not_pick_up_the_translation():
    english = [pattern for pattern, fmt, language in CORPORA_PATTERNS if fmt == "mtg-cr" and language is None]
    found = {path.relative_to(CORPORA).as_posix() for pattern in english for path in CORPORA.glob(pattern)}
    assert found == {"MagicCompRules-20200601.txt", "MagicCompRules-20220429.txt"}


def test_current_stays_english_by_default(client):
    assert family_language(family="mtg-cr") == "en"
    assert client.get("/rules/mtg-cr/current/613.8a/")["Location"] == f"/rules/{EN}/613.8a/"
    assert client.get("/rules/mtg-cr/current/613.8a/?as_of=2023-01-01")["Location"] == f"/rules/{EN}/613.8a/"
    assert client.get("/rules/mtg-cr/current/613.8a/?language=zh-Hans")["Location"] == f"/rules/{ZH}/613.8a/"


def test_the_editions_page_lists_the_translation_beside_its_original(client):
    body = client.get("/rules/mtg-cr/editions/").content.decode()
    rows = re.findall(r"<tr>.*?</tr>", body, re.S)[1:]
    assert len(rows) == 2 and "2022-04-29" in rows[0] and "current" in rows[0]
    assert f'href="/rules/{ZH}/"' in rows[0] and "简体中文" in rows[0]
    zh_rows = re.findall(r"<tr>.*?</tr>", client.get("/rules/mtg-cr/editions/?language=zh-Hans").content.decode(), re.S)[1:]
    assert len(zh_rows) == 1 and "current" in zh_rows[0]


def test_history_and_edition_switch_stay_in_one_language(client):
    body = client.get("/rules/mtg-cr/history/613.8a/").content.decode()
    assert EN in body and "mtg-cr-2020-06-01" in body and ZH not in body
    page = client.get(f"/rules/{ZH}/613.8a/").content.decode()
    switcher = page[page.index('class="edition-switch'):page.index("</nav>", page.index('class="edition-switch'))]
    assert "2022-04-29-zh" in switcher and "2020-06-01" not in switcher


def test_the_bilingual_view_pairs_a_slip_with_the_english_rule(client):
    body = client.get(f"/rules/mtg-cr/bilingual/2022-04-29/701.42/?with={ZH}").content.decode()
    row = body[body.index('id="701.42b"'):]
    row = row[: row.find('<div class="bi-row', 10)]
    assert "look at additional cards while you" in row and "刺探时检视额外的牌" in row and 'lang="zh-Hans"' in row
    assert "number reconstructed (printed 701.42a)" in row
    page = client.get(f"/rules/{ZH}/701.42b/").content.decode()
    assert "number reconstructed (printed 701.42a)" in page


@pytest.mark.parametrize("query", ["堆叠", "从属", "连锁"])
def test_the_chinese_cr_is_searchable(client, query):
    body = client.get("/search/", {"q": query, "document": ZH}).content.decode()
    assert f'href="/rules/{ZH}/' in body
