"""Stored scenarios: immutable ruling permalinks."""

from __future__ import annotations

import json

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy as _

from rulesite.rules.models import Game


class ScenarioQuerySet(models.QuerySet):
    def visible(self) -> ScenarioQuerySet:
        """Return scenarios that have not been withdrawn."""
        return self.filter(withdrawn_at__isnull=True)

    def demos(self) -> ScenarioQuerySet:
        return self.visible().filter(is_demo=True).order_by("game", "title")

    def reviewed(self) -> ScenarioQuerySet:
        """Return the visible rulings that a reviewer (:data:`REVIEW_PERMISSION`) has marked
        reviewed, newest first."""
        return self.visible().filter(is_demo=False, pk__in=Annotation.objects.reviews().values("scenario")).order_by("-created_at")

    def annotated_by(self, user) -> ScenarioQuerySet:
        """Return the visible rulings ``user`` has annotated (their own), newest first."""
        return self.visible().filter(is_demo=False, annotations__author=user).distinct().order_by("-created_at")


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
    def given_title(self) -> str:
        """The stored title when the page shows another (a demo's English title on a Chinese page), else ``""``."""
        return self.title if self.title and self.title != self.heading else ""

    @property
    def heading(self) -> str:
        """The ruling's title: the one it was given (a demo's, or the judge's in the builder),
        else one made from the board in the reader's language (``Humility + Opalescence: power
        and toughness``, :func:`.presentation.ruling_title`). A demo's title is English: on a page
        in another language the made title is shown instead (:attr:`given_title` keeps it)."""
        language = get_language() or "en"
        if self.title and not (self.is_demo and not language.startswith("en")):
            return self.title
        # A page asks for it several times (heading, <title>, given_title) and a list once per
        # row: made once per language for this instance (the canonical document never changes).
        made = self.__dict__.setdefault("_made_headings", {})
        if language not in made:
            from .presentation import ruling_title  # noqa: PLC0415 (presentation reads translations at call time)

            try:
                document = json.loads(self.canonical)
            except ValueError:
                document = {}
            made[language] = ruling_title(document if isinstance(document, dict) else {}, self.result or {},
                                          self.trace or [])
        return made[language]

    @property
    def game_label(self) -> str:
        """Return the game's name (``Yu-Gi-Oh! OCG``), or its code when unknown."""
        return dict(Game.choices).get(self.game, self.game)


REVIEW_PERMISSION = "scenarios.review_ruling"
"""The permission to mark a ruling reviewed; the ``reviewers`` group holds it (migration 0004),
and an administrator grants it by adding a judge to that group in the admin."""
REVIEWERS_GROUP = "reviewers"


def reviewer_q(prefix: str = "") -> models.Q:
    """The users who hold :data:`REVIEW_PERMISSION` (active superusers, the reviewers group, or
    the permission given to the user), as a ``Q`` on ``<prefix>`` (``"author__"``)."""
    codename = REVIEW_PERMISSION.split(".", 1)[1]
    return models.Q(**{f"{prefix}is_active": True}) & (
        models.Q(**{f"{prefix}is_superuser": True})
        | models.Q(**{f"{prefix}groups__permissions__codename": codename, f"{prefix}groups__permissions__content_type__app_label": "scenarios"})
        | models.Q(**{f"{prefix}user_permissions__codename": codename, f"{prefix}user_permissions__content_type__app_label": "scenarios"})
    )


class AnnotationQuerySet(models.QuerySet):
    def reviews(self) -> AnnotationQuerySet:
        """Return the annotations marked reviewed by a judge who may review (a mark left by a
        judge who has since left the reviewers group no longer counts)."""
        return self.filter(reviewer_q("author__"), reviewed=True).distinct()

    def for_scenario(self, scenario: Scenario) -> AnnotationQuerySet:
        """Return the annotations of ``scenario`` with their authors, reviewed ones first."""
        return self.filter(scenario=scenario).select_related("author").order_by("-reviewed", "-updated_at")

    def by(self, user) -> AnnotationQuerySet:
        """Return the annotations written by ``user``, newest first, with their scenarios."""
        return self.filter(author=user).select_related("scenario").order_by("-updated_at")


class Annotation(models.Model):
    """One judge's title, notes and review mark on a ruling permalink.

    The permalink itself never changes; an annotation is stored beside it and only its
    author can change it (one annotation per judge and scenario). Any signed-in judge may
    annotate; only a judge with :data:`REVIEW_PERMISSION` (the ``reviewers`` group) may set
    ``reviewed``, and the ruling's badge names them.
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
        permissions = [("review_ruling", "Can mark a ruling reviewed")]

    def __str__(self) -> str:
        return f"{self.scenario.code} · {self.author}"

    def get_absolute_url(self) -> str:
        return self.scenario.get_absolute_url()
