"""The search form: one box for every document, filters by game and document."""

from __future__ import annotations

import unicodedata

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from .models import Document, Game, Section
from .search import MAX_QUERY_LENGTH, SearchResults


class SearchForm(forms.Form):
    q = forms.CharField(label=_("Search the rules"), max_length=MAX_QUERY_LENGTH, strip=True)
    game = forms.ChoiceField(label=_("Game"), required=False, choices=[("", _("All games")), *Game.choices])
    document = forms.ChoiceField(label=_("Document"), required=False)
    all_editions = forms.BooleanField(label=_("Include older editions"), required=False)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["document"].choices = [("", _("All documents"))] + [
            (d.slug, d.slug) for d in Document.objects.order_by("game", "slug").only("slug", "game")
        ]

    def clean_q(self) -> str:
        # Full-width digits and letters (６.１, ６１３．８ａ) are the same query as ASCII ones.
        return unicodedata.normalize("NFKC", self.cleaned_data["q"]).strip()

    def _sections(self):
        sections = Section.objects.all()
        if self.cleaned_data.get("game"):
            sections = sections.filter(document__game=self.cleaned_data["game"])
        if self.cleaned_data.get("document"):
            sections = sections.filter(document__slug=self.cleaned_data["document"])
        elif not self.cleaned_data.get("all_editions"):
            sections = sections.filter(document__in=Document.objects.current())
        return sections

    def number_matches(self) -> list[Section]:
        """Return the sections whose number is the query, current editions first."""
        return list(self._sections().by_number(self.cleaned_data["q"]).order_by("document__game", "document__slug"))

    def section_jump(self) -> str | None:
        """Return the URL to go straight to when the query is a section's number: the one
        section, or of one document's editions and languages the newest in the reader's language."""
        section = self._sections().number_jump(self.cleaned_data["q"], get_language())
        return section.get_absolute_url() if section is not None else None

    def results(self) -> SearchResults:
        """Return the ranked hits; glossary terms expand in the chosen game's pairs only."""
        game = self.cleaned_data.get("game") or None
        if not game and self.cleaned_data.get("document"):
            game = Document.objects.filter(slug=self.cleaned_data["document"]).values_list("game", flat=True).first()
        return self._sections().search(self.cleaned_data["q"], games=[game] if game else None)
