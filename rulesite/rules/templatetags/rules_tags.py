"""Template helpers for rule text: paragraphs with cross-references as links."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from rulesite.rules.glossary_links import glossary_spans, glossary_terms
from rulesite.rules.references import iter_references

register = template.Library()


@register.simple_tag
def rule_text(section) -> SafeString:
    """Return ``section.text`` as escaped HTML paragraphs, cited rules and terms linked.

    Only numbers stored as references of this section (so existing in the document) become
    ``xref`` links; in a document with a glossary, its terms link to their entries (``term``
    links, :mod:`rulesite.rules.glossary_links`); the rest of the text is escaped.
    """
    targets = {ref.label: ref.target for ref in section.outgoing.all()}
    text = section.text
    links: list[tuple[int, int, str, str]] = []
    for start, end, number in iter_references(text):
        target = targets.get(number)
        if target is not None:
            links.append((start, end, target.number, "xref"))
    document = section.document
    if document.game == "mtg":
        terms = glossary_terms(document.pk, document.source_sha256)
        links += [(start, end, number, "term") for start, end, number in glossary_spans(text, terms, section.number)]
    out: list[str] = []
    pos = 0
    for start, end, number, css in sorted(links):
        if start < pos:
            continue  # overlaps a link already made (a rule number wins over a term)
        out.append(escape(text[pos:start]))
        url = reverse("rules:section", kwargs={"document": document.slug, "number": number})
        out.append(format_html('<a class="{}" href="{}">{}</a>', css, url, text[start:end]))
        pos = end
    out.append(escape(text[pos:]))
    html = "".join(out)
    paragraphs = [p for p in html.split("\n") if p.strip()]
    return mark_safe("".join(f"<p>{p}</p>" for p in paragraphs))


@register.simple_tag
def section_url(document_slug: str, number: str) -> str:
    """Return the permalink of section ``number`` of ``document_slug``."""
    return reverse("rules:section", kwargs={"document": document_slug, "number": number})
