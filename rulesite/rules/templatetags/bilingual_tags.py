"""Template helpers for translations: which documents translate a page, and their names."""

from __future__ import annotations

from django import template

from rulesite.rules import bilingual
from rulesite.rules.models import translations_among

register = template.Library()


@register.filter
def translations(page) -> list:
    """Return the documents translating a section page (``SectionPage``): its editions of
    the same effective date in another language. No query: ``page.editions`` holds them."""
    return translations_among(page.document, page.editions)


@register.filter
def language_name(code: str) -> str:
    """Return the autonym of a language code (``zh-Hans`` → ``简体中文``)."""
    return bilingual.language_name(code)
