"""Translations: the bilingual page, translation links, and search across languages.

The Chinese edition is a small sample of our own (``data/mtg-cr-2022-04-29-zh-sample.txt``:
100.1, 117.1, 613.1, 613.8, 613.8a, 702.85 and a three-term glossary, numbered as the
2022-04-29 Comprehensive Rules), imported in each test beside the English edition.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import CORPORA, needs_corpora
from rulesite.rules.glossary_terms import GAMES, expand, load_glossary
from rulesite.rules.models import Document, Section
from rulesite.rules.search import _fts5_units, _tsquery_units
from rulesite.rules.services import document_import, document_parse_file
from rulesite.rules.textnorm import fold, token_groups

pytestmark = pytest.mark.django_db

SAMPLE = Path(__file__).parent / "data" / "mtg-cr-2022-04-29-zh-sample.txt"
CORPORA_ZH = CORPORA / "zh-Hans" / "MagicCompRules-20220429.txt"
EN, ZH = "mtg-cr-2022-04-29", "mtg-cr-2022-04-29-zh"


@pytest.fixture
def zh_cr(db) -> Document:
    # The session imports the full zh-Hans translation from the corpora: this sample replaces it
    # (rolled back after the test).
    Document.objects.filter(slug=ZH).delete()
    parsed, fingerprint = document_parse_file(path=SAMPLE, fmt="mtg-cr", edition="2022-04-29-zh", language="zh-Hans")
    document_import(parsed=parsed, fingerprint=fingerprint, source_name=SAMPLE.name)
    return Document.objects.get(slug=ZH)


def _row(body: str, number: str) -> str:
    """Return the HTML of the bilingual row of ``number``."""
    start = body.index(f'<div class="bi-row depth-', body.index(f'id="{number}"') - 40)
    end = body.find('<div class="bi-row', start + 10)
    return body[start : end if end != -1 else len(body)]


def _hrefs(body: str) -> list[str]:
    return [href.replace("&amp;", "&") for href in re.findall(r'href="([^"]+)"', body)]


class GlossaryDataTests:
    @pytest.mark.parametrize("game", GAMES)
    def test_every_chinese_term_occurs_in_the_games_documents(self, game, zh_cr):
        # The game's Chinese documents: those imported (with the Comprehensive Rules sample)
        # and the Chinese Comprehensive Rules in the corpora, which import_rules leaves out.
        pairs = load_glossary(game)
        assert len(pairs) >= 40
        texts = Section.objects.filter(document__game=game).exclude(document__language="en").values_list("title", "text")
        corpus = fold("\n".join(f"{title}\n{text}" for title, text in texts))
        if game == "mtg":
            if not CORPORA_ZH.is_file():
                pytest.skip(f"the Chinese Comprehensive Rules are not at {CORPORA_ZH}")
            corpus += fold(CORPORA_ZH.read_text(encoding="utf-8-sig"))
        assert corpus, f"no Chinese {game} documents imported"
        missing = [(p.en, form) for p in pairs for form in p.chinese_forms if fold(form) not in corpus]
        assert missing == []
        assert all(p.en and re.search("[A-Za-z]", p.en) for p in pairs)
        assert len({(p.en.casefold(), p.zh_hans) for p in pairs}) == len(pairs)

    def test_a_term_expands_only_in_its_own_game(self):
        chain = token_groups("chain")
        assert expand(chain, "ygo").expanded
        assert not expand(chain, "mtg").expanded  # Magic has no chain: its stack is 堆叠
        # The Traditional rulebook's word for Tribute Summon is another word altogether.
        forms = expand(token_groups("上级召唤"), "ygo").units[0]
        assert tuple(tuple(g) for g in token_groups("升級召喚")) in forms
        assert (("tribute",), ("summon",)) in forms

    def test_multi_word_terms_and_plurals(self):
        units = expand(token_groups("state-based actions layer"), "mtg").units
        assert units[0][0] == (("state",), ("based",), ("actions",)) and len(units[0]) > 1
        assert len(units[1]) > 1  # layer → 层

    def test_query_strings_group_alternatives(self):
        units = expand(token_groups("chain 1"), "ygo").units
        assert _fts5_units(units) == '(("chain") OR ("x8fde9501")) AND (("1"))'
        assert _tsquery_units(units) == "(((chain)) | ((x8fde9501))) & (((1)))"


@needs_corpora
class BilingualPageTests:
    def test_a_subrule_shows_both_texts_in_one_row(self, client, zh_cr):
        response = client.get("/rules/mtg-cr/bilingual/2022-04-29/613.8a/")
        assert response.status_code == 200
        row = _row(response.content.decode(), "613.8a")
        assert 'lang="en"' in row and 'lang="zh-Hans"' in row
        assert row.index("is said to") < row.index("依存于")
        assert "No translation" not in row

    def test_a_rule_shows_its_children_aligned_and_marks_the_untranslated(self, client, zh_cr):
        body = client.get("/rules/mtg-cr/bilingual/2022-04-29/613.8/").content.decode()
        assert "在同一层或分层之中" in _row(body, "613.8")
        assert "依存于" in _row(body, "613.8a")
        untranslated = _row(body, "613.8b")
        assert "No translation" in untranslated and "613.8b" in untranslated

    def test_a_section_without_translation_shows_english_and_no_translation(self, client, zh_cr):
        response = client.get("/rules/mtg-cr/bilingual/2022-04-29/100.2/")
        assert response.status_code == 200
        row = _row(response.content.decode(), "100.2")
        # Glossary terms in the text are links: compare the words without the markup.
        assert "To play, each player needs" in re.sub(r"<[^>]+>", "", row)
        assert "No translation" in row

    def test_unknown_edition_number_or_translation_is_404(self, client, zh_cr):
        assert client.get("/rules/mtg-cr/bilingual/1999-01-01/100.1/").status_code == 404
        assert client.get("/rules/mtg-cr/bilingual/2022-04-29/999.9/").status_code == 404
        assert client.get("/rules/mtg-cr/bilingual/2022-04-29/100.1/?with=mtg-cr-2020-06-01").status_code == 404
        # No Chinese edition of 2020-06-01: nothing to show beside it.
        assert client.get("/rules/mtg-cr/bilingual/2020-06-01/100.1/").status_code == 404

    def test_the_section_page_links_the_translation_only_when_it_has_the_number(self, client, zh_cr):
        body = client.get(f"/rules/{EN}/613.8a/").content.decode()
        assert f"/rules/{ZH}/613.8a/" in _hrefs(body)
        assert f"/rules/mtg-cr/bilingual/2022-04-29/613.8a/?with={ZH}" in _hrefs(body)
        body = client.get(f"/rules/{EN}/100.2/").content.decode()
        assert not any("/bilingual/" in href for href in _hrefs(body))

    def test_round_trip_from_the_chinese_page_and_back(self, client, zh_cr):
        zh_page = client.get(f"/rules/{ZH}/613.8a/").content.decode()
        side_by_side = next(h for h in _hrefs(zh_page) if "/bilingual/" in h)
        assert side_by_side == f"/rules/mtg-cr/bilingual/2022-04-29-zh/613.8a/?with={EN}"
        body = client.get(side_by_side).content.decode()
        row = _row(body, "613.8a")
        assert row.index('lang="zh-Hans"') < row.index('lang="en"')  # the page's own language first
        assert f"/rules/{EN}/613.8a/" in _hrefs(row)
        en_page = client.get(f"/rules/{EN}/613.8a/")
        assert en_page.status_code == 200
        back = next(h for h in _hrefs(en_page.content.decode()) if "/bilingual/" in h)
        assert client.get(back).status_code == 200
        assert f"/rules/{ZH}/613.8a/" in _hrefs(_row(client.get(back).content.decode(), "613.8a"))


@needs_corpora
class CrossLanguageSearchTests:
    def _hits(self, q: str, games=None):
        sections = Section.objects.filter(document__in=Document.objects.current())
        if games:
            sections = sections.filter(document__game__in=games)
        return [(h.section.document.slug, h.section.number) for h in sections.search(q, games)[:200]]

    def test_english_priority_finds_the_chinese_rule_after_the_english_glossary(self, zh_cr):
        # Within Magic (unfiltered, the FoW CR's many English "priority" rules may fill the first 200).
        hits = self._hits("priority", ["mtg"])
        assert hits[0] == (EN, "glossary/priority")
        assert (ZH, "117.1") in hits
        assert any(slug == "ygo-ocg-rules-arcv" for slug, _ in self._hits("priority", ["ygo"]))  # 优先权 there too

    def test_chinese_priority_finds_the_english_rule(self, zh_cr):
        hits = self._hits("优先权", ["mtg"])
        assert hits[0][0] == ZH
        assert (EN, "117.1") in hits

    def test_chain_finds_the_chinese_chain_rules_only_in_yugioh(self, zh_cr):
        hits = self._hits("chain")
        assert any(slug == "ygo-ocg-rules-arcv" for slug, _ in hits)
        # 連鎖 is Force of Will's chase, not a chain: no pair brings the whitepaper in (the FoW CR
        # may match on its own English word, [Chaining]).
        assert not any(slug.startswith("fow-whitepaper") for slug, _ in hits)
        # Magic has no chain ↔ 连锁 pair: 连锁 never brings the English rules' "chain".
        assert not any(slug == EN for slug, _ in self._hits("连锁"))

    def test_layer_finds_the_chinese_layers(self, zh_cr):
        assert (ZH, "613.1a") in self._hits("layer", ["mtg"])

    def test_search_page_offers_the_same_number_in_the_other_language(self, client, zh_cr):
        body = client.get("/search/", {"q": "cascade", "game": "mtg"}).content.decode()
        assert f'href="/rules/{ZH}/702.85/"' in body
        assert "also in 简体中文" in body
        body = client.get("/search/", {"q": "倾曳", "game": "mtg"}).content.decode()
        assert f'href="/rules/{EN}/702.85/"' in body and "also in English" in body
