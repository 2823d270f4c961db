"""Stored scenarios: immutable ruling permalinks."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from rulesite.rules.models import Game


class ScenarioQuerySet(models.QuerySet):
    def visible(self) -> ScenarioQuerySet:
        """Return scenarios that have not been withdrawn."""
        return self.filter(withdrawn_at__isnull=True)

    def demos(self) -> ScenarioQuerySet:
        return self.visible().filter(is_demo=True).order_by("game", "title")

    def recent(self) -> ScenarioQuerySet:
        return self.visible().filter(is_demo=False).order_by("-created_at")


class Scenario(models.Model):
    """A resolved board state with an immutable permalink ``/r/<code>/``.

    ``code`` is derived from ``canonical`` alone (``engine.scenario_code``): the same board
    always gets the same code. ``canonical`` is the exact canonical JSON text and is never
    rewritten; ``trace`` and ``result`` are the engine's answer at ``engine_version``, and
    ``board`` the board before its first step (``engine.core.board``: each board-changing step
    of ``trace`` carries its diff). ``board`` is ``None`` for rulings stored before the engine
    described boards: their page recomputes the boards (``selectors.ruling_boards``).
    """

    code = models.CharField(max_length=32, unique=True)
    game = models.CharField(max_length=8)
    ruleset = models.CharField(max_length=40)
    canonical = models.TextField(help_text="Canonical JSON of the scenario (sorted keys, no extra spaces).")
    trace = models.JSONField()
    result = models.JSONField()
    engine_version = models.CharField(max_length=40)
    board = models.JSONField(null=True, blank=True, help_text="The board before the first step; null when not stored.")
    board_complete = models.BooleanField(default=True, help_text="False when the engine's size cap left some step's board diff out.")
    rules_documents = models.JSONField(default=list, help_text="Slugs of the rules documents the trace cites.")
    title = models.CharField(max_length=200, blank=True, help_text="Title of a demo scenario.")
    source = models.CharField(max_length=300, blank=True, help_text="Where a demo scenario comes from.")
    is_demo = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_reason = models.CharField(max_length=300, blank=True)

    objects = ScenarioQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.code

    def get_absolute_url(self) -> str:
        return reverse("scenarios:permalink", kwargs={"code": self.code})

    @property
    def game_label(self) -> str:
        """Return the game's name (``Yu-Gi-Oh! OCG``), or its code when unknown."""
        return dict(Game.choices).get(self.game, self.game)


class AnnotationQuerySet(models.QuerySet):
    def for_scenario(self, scenario: Scenario) -> AnnotationQuerySet:
        """Return the annotations of ``scenario`` with their authors, reviewed ones first."""
        return self.filter(scenario=scenario).select_related("author").order_by("-reviewed", "-updated_at")

    def by(self, user) -> AnnotationQuerySet:
        """Return the annotations written by ``user``, newest first, with their scenarios."""
        return self.filter(author=user).select_related("scenario").order_by("-updated_at")


class Annotation(models.Model):
    """One judge's title, notes and review mark on a ruling permalink.

    The permalink itself never changes; an annotation is stored beside it and only its
    author can change it (one annotation per judge and scenario).
    """

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="annotations")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="annotations")
    title = models.CharField(_("title"), max_length=200, blank=True)
    notes = models.TextField(_("notes"), max_length=10_000, blank=True)
    reviewed = models.BooleanField(_("reviewed"), default=False)
    updated_at = models.DateTimeField(auto_now=True)

    objects = AnnotationQuerySet.as_manager()

    class Meta:
        ordering = ["-updated_at"]
        constraints = [models.UniqueConstraint(fields=["scenario", "author"], name="one_annotation_per_judge")]

    def __str__(self) -> str:
        return f"{self.scenario.code} · {self.author}"

    def get_absolute_url(self) -> str:
        return self.scenario.get_absolute_url()
