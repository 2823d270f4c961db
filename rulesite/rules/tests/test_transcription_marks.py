"""What a transcription lost is marked where it is shown (issue 17): ARC-V's truncated last item
and reconstructed numbers (on the page and in search results), the FAQ's front matter and its
restored list number."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

ARCV = "ygo-ocg-rules-arcv"
BREAKS_OFF = "The source breaks off here"


def test_the_truncated_last_arcv_item_says_so(client):
    assert BREAKS_OFF in client.get(f"/rules/{ARCV}/4.2.4.2.1.i2/").content.decode()
    assert BREAKS_OFF in client.get(f"/rules/{ARCV}/4.2.4.2.1/").content.decode()  # the item shown on its parent
    assert BREAKS_OFF not in client.get(f"/rules/{ARCV}/4.2.4.2.1.i1/").content.decode()


def test_search_results_flag_reconstructed_numbers(client):
    body = client.get("/search/", {"q": "决斗", "document": ARCV}).content.decode()
    hits = body.split("<li>")[1:]
    flagged = [hit for hit in hits if ">reconstructed</span>" in hit]
    assert flagged and '<span class="num">1.1</span>' in "".join(flagged)


def test_the_faq_front_matter_and_restored_number_are_shown(client):
    front = client.get("/rules/mtg-arb-faq-2009/front/").content.decode()
    assert "最近更新日期:2009年4月24日" in front
    ruling = client.get("/rules/mtg-arb-faq-2009/topic-2.r2/").content.decode()
    assert "1)你使用具有倾曳的咒语" in ruling and "restored: 1)" in ruling


MR2 = "ygo-rulebook-mr2"


@pytest.mark.parametrize("query, at_least", [("牌組", 10), ("魔法陷阱卡", 3)])
def test_restored_words_are_found_in_the_rulebooks_body(client, query, at_least):
    body = client.get("/search/", {"q": query, "document": MR2}).content.decode()
    assert body.count(f'href="/rules/{MR2}/ch') >= at_least


def test_the_rulebook_page_marks_restorations(client):
    page = client.get(f"/rules/{MR2}/ch1.2/").content.decode()
    assert "所謂牌組, 就是自己為對戰堆" in page and "restored: 牌組 備牌" in page
    victory = client.get(f"/rules/{MR2}/ch3.2/").content.decode()
    assert "Diagram labels" in victory and "以各卡片效果得到勝利" in victory
    assert "Side-tab letters" in client.get(f"/rules/{MR2}/ch4.16/").content.decode()
