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
