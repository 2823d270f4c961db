"""Rules documents, their sections and the cross-references between sections."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Sequence

from django.db import models
from django.urls import reverse

from .search import SECTION_NUMBER_RE, SearchHit, SearchResults, number_hits


class Game(models.TextChoices):
    YGO = "ygo", "Yu-Gi-Oh! OCG"
    MTG = "mtg", "Magic: The Gathering"
    FOW = "fow", "Force of Will"


class DocumentQuerySet(models.QuerySet):
    def current(self) -> DocumentQuerySet:
        """Return the current edition of each (family, language): the newest one.

        "Newest" is the latest ``effective_date``, then the latest import.
        """
        latest: dict[tuple[str, str], int] = {}
        for pk, family, language in self.order_by("effective_date", "imported_at").values_list(
            "pk", "family", "language"
        ):
            latest[(family, language)] = pk
        return self.filter(pk__in=latest.values())

    def for_family(self, family: str) -> DocumentQuerySet:
        return self.filter(family=family).order_by("-effective_date", "-imported_at")

    def original_language(self, family: str) -> str | None:
        """Return the language of ``family``'s original editions, None when it has none.

        A translation is never "current" for the original's links: "current", the editions
        page and a rule's history stay in this language unless another is asked for. It is the
        language with the most editions, then the one with the oldest effective date, then the
        one stored first (``mtg-cr``: ``en``, beside its translation ``mtg-cr-2022-04-29-zh``).
        """
        ranked: dict[str, tuple[int, dt.date, int]] = {}
        for pk, language, date in self.filter(family=family).values_list("pk", "language", "effective_date"):
            count, oldest, first = ranked.get(language, (0, dt.date.max, pk))
            ranked[language] = (count - 1, min(oldest, date or dt.date.max), min(first, pk))
        return min(ranked, key=ranked.__getitem__) if ranked else None
    def translating(self, sections: Sequence[Section]) -> dict[int, list[Document]]:
        """Return ``{section pk: [documents translating it]}`` for many sections in two queries.

        The sections need their ``document`` loaded (``select_related("document")``); sections
        without a translation are left out. A translation is a document of the same family
        and effective date in another language that has the same number.
        """
        keys = {(s.document.family, s.document.effective_date) for s in sections}
        if not keys:
            return {}
        by_key: dict[tuple, list[Document]] = defaultdict(list)
        for d in self.filter(family__in={family for family, _ in keys}).order_by("language", "slug"):
            if (d.family, d.effective_date) in keys:
                by_key[(d.family, d.effective_date)].append(d)
        wanted = {s.pk: translations_among(s.document, by_key[(s.document.family, s.document.effective_date)]) for s in sections}
        other_ids = {d.pk for documents in wanted.values() for d in documents}
        if not other_ids:
            return {}
        present = set(
            Section.objects.filter(document_id__in=other_ids, number__in={s.number for s in sections}).values_list(
                "document_id", "number"
            )
        )
        result = {}
        for s in sections:
            found = [d for d in wanted[s.pk] if (d.pk, s.number) in present]
            if found:
                result[s.pk] = found
        return result


class Document(models.Model):
    """One edition of a rules document in one language (DESIGN.md: a *document*)."""

    slug = models.CharField(max_length=80, unique=True)
    family = models.CharField(max_length=60, db_index=True)
    game = models.CharField(max_length=8, choices=Game.choices)
    title = models.CharField(max_length=300)
    edition = models.CharField(max_length=40)
    language = models.CharField(max_length=10)
    effective_date = models.DateField(null=True, blank=True)
    source_name = models.CharField(max_length=300, blank=True)
    source_sha256 = models.CharField(max_length=64, blank=True)
    section_count = models.PositiveIntegerField(default=0)
    imported_at = models.DateTimeField(auto_now=True)

    objects = DocumentQuerySet.as_manager()

    class Meta:
        ordering = ["game", "family", "-effective_date", "slug"]

    def __str__(self) -> str:
        return self.slug

    def get_absolute_url(self) -> str:
        return reverse("rules:document", kwargs={"document": self.slug})


def translations_among(document: Document, documents: Iterable[Document]) -> list[Document]:
    """Return those of ``documents`` that translate ``document``: same family and effective
    date, another language. Pure: pass documents already known to have the section."""
    return [
        d
        for d in documents
        if d.family == document.family and d.effective_date == document.effective_date and d.language != document.language
    ]


class SectionQuerySet(models.QuerySet):
    """Reads of sections: search, number lookup, document order."""

    def search(self, q: str, games: Sequence[str] | None = None) -> SearchResults:
        """Return the sections matching ``q``, best first, as a lazy :class:`SearchResults`.

        Filter the queryset first (``Section.objects.filter(document__game="ygo").search(q)``).
        Glossary terms in ``q`` also search their other-language forms
        (:mod:`rulesite.rules.glossary_terms`), in the pairs of ``games`` (default: every
        game; pass the game the queryset is filtered on to skip the others' expansions).
        """
        return SearchResults(self, q, games, documents=Document.objects)

    def by_number(self, q: str) -> models.QuerySet:
        """Return the sections whose number is exactly ``q`` (a bare section number).

        Returns an empty queryset when ``q`` does not look like a section number.
        """
        q = q.strip()
        if not SECTION_NUMBER_RE.match(q):
            return self.none()
        return self.filter(number__iexact=q).select_related("document")

    def lookup(self, q: str, language: str | None, games: Sequence[str] | None = None) -> Sequence[SearchHit]:
        """Return what the search box answers for ``q``: a section number's section (see
        :meth:`number_jump`) as the only hit, the sections of a number found in several
        documents, else the ranked full-text :meth:`search`."""
        jump = self.number_jump(q, language)
        if jump is not None:
            return number_hits([jump])
        matches = list(self.by_number(q).order_by("document__game", "document__slug"))
        return number_hits(matches) if matches else self.search(q, games)

    def number_jump(self, q: str, language: str | None) -> Section | None:
        """Return the section to go straight to when ``q`` is a section number, else None.

        One section with that number is the answer. Several in one document family (its
        editions and translations) give the one in the reader's ``language`` (an interface
        code such as ``zh-hans``), newest edition first; of one date, the family's original language
        before a translation (:meth:`DocumentQuerySet.original_language`); numbers in several
        families are a list to choose from (None).
        """
        matches = list(self.by_number(q))
        if len({m.document.family for m in matches}) != 1:
            return None
        wanted = (language or "").lower()
        original = Document.objects.original_language(matches[0].document.family) if len(matches) > 1 else None
        return max(
            matches,
            key=lambda m: (m.document.language.lower() == wanted, m.document.effective_date or dt.date.min,
                           m.document.language == original, m.document.imported_at),
        )


class Section(models.Model):
    """One addressable unit of a document: chapter, rule, ● item, card entry, ruling…

    ``number`` is the document's own identifier (``613.8a``, ``4.2.3.i2``, ``ch4.3``,
    ``card-bloodbraid-elf.r1``, ``glossary/mana``); ``position`` is document order.
    """

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="sections")
    number = models.CharField(max_length=200)
    title = models.CharField(max_length=500, blank=True)
    text = models.TextField(blank=True, help_text="Display text, transcription artefacts removed.")
    raw_text = models.TextField(blank=True, help_text="Text as the source has it, for citation.")
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.CASCADE, related_name="children")
    position = models.PositiveIntegerField()
    depth = models.PositiveSmallIntegerField(default=0)
    kind = models.CharField(max_length=20)
    page = models.CharField(max_length=20, blank=True)
    reconstructed = models.BooleanField(default=False)
    data = models.JSONField(default=dict, blank=True)
    search_title = models.TextField(blank=True, help_text="Normalised tokens of number and title.")
    search_text = models.TextField(blank=True, help_text="Normalised tokens of the text.")

    objects = SectionQuerySet.as_manager()

    class Meta:
        ordering = ["document", "position"]
        constraints = [models.UniqueConstraint(fields=["document", "number"], name="unique_section_number")]
        indexes = [models.Index(fields=["number"]), models.Index(fields=["document", "position"])]

    def __str__(self) -> str:
        return f"{self.document.slug} {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("rules:section", kwargs={"document": self.document.slug, "number": self.number})

    @property
    def short_number(self) -> str:
        """Return the number as shown beside the title.

        Card entries, FAQ topics and glossary terms are named by their title, so their slug
        identifiers are not repeated; a ruling shows its own part (``r3``).
        """
        if self.number.startswith(("card-", "topic-", "glossary/")):
            head, _, tail = self.number.rpartition(".")
            return tail if head and tail.startswith("r") else ""
        return self.number

    @property
    def label(self) -> str:
        """Return the heading as a judge cites it: number and title."""
        return f"{self.number} {self.title}".strip()


class SearchWord(models.Model):
    """A Latin word of the full-text index and how many sections hold it: the words a
    misspelt query is compared with ("did you mean", :mod:`rulesite.rules.search`).

    Rebuilt from every section's index tokens by :func:`rulesite.rules.services.search_words_rebuild`
    after each import; on PostgreSQL a ``pg_trgm`` index serves the similarity search.
    """

    word = models.CharField(max_length=100, unique=True)
    sections = models.PositiveIntegerField()

    class Meta:
        ordering = ["word"]

    def __str__(self) -> str:
        return self.word


class Reference(models.Model):
    """A cross-reference: ``source``'s text mentions ``target`` (``rule 613.8a``, ``參見 6.1``)."""

    source = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="outgoing")
    target = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="incoming")
    label = models.CharField(max_length=100)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["source", "target"], name="unique_reference")]

    def __str__(self) -> str:
        return f"{self.source} → {self.target}"
