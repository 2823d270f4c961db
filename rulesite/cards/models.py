"""Cards imported from a card database the user downloads (``manage.py import_cards``).

An imported card holds what the file says of one card: its names in every language the file
has, its characteristics in the engine's object vocabulary for its game (docs/scenario-format.md
§2.3, §8.2), what of them the vocabulary cannot hold (``unmapped``) and the card's own text per
language, shown to the judge beside the builder's row and never read as rules. The builder
finds these after the card library (library abilities win where both exist).
"""

from __future__ import annotations

from django.db import models
from django.urls import reverse

from .names import name_key


class ImportedCardQuerySet(models.QuerySet):
    def named(self, game: str, name: str) -> ImportedCardQuerySet:
        """Return the cards of ``game`` that have ``name`` in any language (case, spacing and
        Chinese script ignored), the most recently imported first."""
        key = name_key(name)
        if not key:
            return self.none()
        return self.filter(game=game, name_keys__key=key).distinct().order_by("-updated_at", "-pk")

    def for_autocomplete(self, game: str, prefix: str, limit: int = 20) -> list[str]:
        """Return up to ``limit`` primary names of ``game``'s cards with a name in any language
        starting with ``prefix`` (case, spacing and script ignored)."""
        key = name_key(prefix)
        if not key:
            return []
        ids = (ImportedCardName.objects.filter(card__game=game, key__startswith=key)
               .order_by("key").values_list("card_id", flat=True)[: limit * 4])
        names = self.filter(pk__in=list(ids)).order_by("name").values_list("name", flat=True)
        return list(dict.fromkeys(names))[:limit]


class ImportedCard(models.Model):
    """One card of an imported database, unique per game, source format and the file's own id."""

    game = models.CharField(max_length=8)
    source = models.CharField(max_length=16, help_text="The file format: mtgjson, scryfall or ygopro-cdb.")
    external_id = models.CharField(max_length=100, help_text="The card's id in its source (a name, an oracle id, a passcode).")
    name = models.CharField(max_length=200, help_text="The English name, else the first the file gave.")
    names = models.JSONField(default=dict, help_text="Language code → name.")
    characteristics = models.JSONField(default=dict, help_text="Object fields in the game's scenario vocabulary.")
    unmapped = models.JSONField(default=list, help_text="What the file says that the vocabulary cannot hold, in our words.")
    texts = models.JSONField(default=dict, help_text="Language code → the card's own text (shown, never read as rules).")
    updated_at = models.DateTimeField(auto_now=True)

    objects = ImportedCardQuerySet.as_manager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "source", "external_id"], name="imported_card_unique_source_id")]
        ordering = ["game", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.game}, {self.source})"

    def get_absolute_url(self) -> str:
        return reverse("cards:imported", args=[self.game, self.source, self.external_id])

    def text(self, language: str = "en") -> tuple[str, str]:
        """Return ``(language, text)``: the card's text in ``language`` (``zh-hans``/``zh-Hans``
        alike), else English, else the first language the file gave; ``("", "")`` when none."""
        wanted = {key.lower(): key for key in self.texts}
        for candidate in (language.lower(), "en"):
            if candidate in wanted and self.texts[wanted[candidate]]:
                return wanted[candidate], self.texts[wanted[candidate]]
        for key, value in self.texts.items():
            if value:
                return key, value
        return "", ""


class ImportedCardName(models.Model):
    """One name of an imported card in one language, with its lookup key (:func:`name_key`)."""

    card = models.ForeignKey(ImportedCard, on_delete=models.CASCADE, related_name="name_keys")
    language = models.CharField(max_length=16)
    name = models.CharField(max_length=200)
    key = models.CharField(max_length=200, db_index=True, help_text="Case-folded, spaces collapsed, Traditional Chinese as Simplified.")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["card", "language", "key"], name="imported_card_name_unique")]

    def __str__(self) -> str:
        return f"{self.name} [{self.language}]"
