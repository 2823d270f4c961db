"""Input and output serializers of the JSON API, one pair per operation."""

from __future__ import annotations

import unicodedata

from rest_framework import serializers

from rulesite.rules.models import Document, Game, Section
from rulesite.scenarios.models import Scenario


class DocumentOutputSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField()

    class Meta:
        model = Document
        fields = ["slug", "family", "game", "title", "edition", "language", "effective_date", "section_count", "url"]

    def get_url(self, obj: Document) -> str:
        return obj.get_absolute_url()


class SectionLinkSerializer(serializers.Serializer):
    number = serializers.CharField()
    title = serializers.CharField()
    url = serializers.CharField()


class SectionOutputSerializer(serializers.ModelSerializer):
    document = serializers.CharField(source="document.slug")
    parent = serializers.SerializerMethodField()
    children = serializers.SerializerMethodField()
    references = serializers.SerializerMethodField()
    referenced_by = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()

    class Meta:
        model = Section
        fields = [
            "document", "number", "title", "text", "raw_text", "kind", "page", "reconstructed", "data",
            "parent", "children", "references", "referenced_by", "url",
        ]

    @staticmethod
    def _link(section: Section) -> dict:
        return {"number": section.number, "title": section.title, "url": section.get_absolute_url()}

    def get_parent(self, obj: Section) -> dict | None:
        return self._link(obj.parent) if obj.parent else None

    def get_children(self, obj: Section) -> list[dict]:
        return [self._link(c) for c in obj.children.select_related("document").order_by("position")]

    def get_references(self, obj: Section) -> list[dict]:
        return [self._link(r.target) for r in obj.outgoing.select_related("target__document")]

    def get_referenced_by(self, obj: Section) -> list[dict]:
        return [self._link(r.source) for r in obj.incoming.select_related("source__document")]

    def get_url(self, obj: Section) -> str:
        return obj.get_absolute_url()


class SearchInputSerializer(serializers.Serializer):
    q = serializers.CharField(max_length=200)
    game = serializers.ChoiceField(choices=Game.choices, required=False)
    document = serializers.CharField(max_length=80, required=False)
    all_editions = serializers.BooleanField(required=False, default=False)

    def validate_q(self, value: str) -> str:
        # Full-width digits and letters (６.１) are the same query as ASCII ones, as on the page.
        return unicodedata.normalize("NFKC", value).strip()

    def validate_document(self, value: str) -> str:
        if not Document.objects.filter(slug=value).exists():
            raise serializers.ValidationError(f"no document {value!r}; see /api/v1/documents/")
        return value


class SearchResultSerializer(serializers.Serializer):
    document = serializers.CharField(source="section.document.slug")
    number = serializers.CharField(source="section.number")
    title = serializers.CharField(source="section.title")
    snippet = serializers.CharField()
    rank = serializers.FloatField(allow_null=True, help_text="Higher is better; null for a section found by its number.")
    match = serializers.ChoiceField(choices=["text", "number"], help_text="How the section was found.")
    url = serializers.SerializerMethodField()

    def get_url(self, obj) -> str:
        return obj.section.get_absolute_url()


class SearchPageSerializer(serializers.Serializer):
    """One page of search results (``?page=N``), with "did you mean" queries when nothing matches."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = SearchResultSerializer(many=True)
    suggestions = serializers.ListField(
        child=serializers.CharField(),
        help_text="When nothing matches: the query with each word the index does not hold replaced by its closest word.")


class ResolveOutputSerializer(serializers.Serializer):
    """The engine's answer (docs/scenario-format.md §4)."""

    trace = serializers.ListField(
        child=serializers.DictField(),
        help_text="The steps. A step that changed the board carries `board`: the JSON Patch operations (RFC 6902) "
                  "that turn the board before it into the board after it; a choice's branches start from the board "
                  "at their choice step.")
    result = serializers.DictField()
    board = serializers.DictField(
        required=False,
        help_text="The board before the first step: `{turn, players: {id: {...}}, objects: {id: {...}}, chain: [...]}`. "
                  "Absent for a game whose engine does not describe its boards yet.")
    board_complete = serializers.BooleanField(
        required=False, help_text="Present and false when the engine's size cap left some step's `board` out.")


class ScenarioOutputSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField()
    scenario = serializers.SerializerMethodField()

    class Meta:
        model = Scenario
        fields = ["code", "url", "game", "ruleset", "engine_version", "rules_documents", "created_at", "scenario", "trace",
                  "result", "board"]

    def get_url(self, obj: Scenario) -> str:
        return obj.get_absolute_url()

    def get_scenario(self, obj: Scenario) -> dict:
        import json

        return json.loads(obj.canonical)


class ScenarioCreatedSerializer(serializers.Serializer):
    code = serializers.CharField()
    url = serializers.CharField()


class ScenarioImportedSerializer(serializers.Serializer):
    """The outcome of importing an exported permalink: re-resolved here, compared with the file."""

    code = serializers.CharField()
    url = serializers.CharField()
    created = serializers.BooleanField(help_text="False when this code was already stored here.")
    matches = serializers.BooleanField(help_text="True when the trace and result in the file equal this site's resolution.")
    step_differences = serializers.IntegerField()
    result_differences = serializers.IntegerField()
    code_matches = serializers.BooleanField(help_text="False when the file's code is not its scenario's code.")
    engine_version = serializers.CharField(help_text="The engine version that resolved the stored permalink here.")
    file_engine_version = serializers.CharField()


class VocabularyGameSerializer(serializers.Serializer):
    game = serializers.CharField()
    slots = serializers.IntegerField()
    entries = serializers.IntegerField()
    url = serializers.CharField()


class VocabularyOutputSerializer(serializers.Serializer):
    """One game's registry, as ``engine.core.vocabulary.Vocabulary.to_json()`` gives it."""

    game = serializers.CharField()
    rulesets = serializers.ListField(child=serializers.CharField())
    slots = serializers.ListField(
        child=serializers.DictField(),
        help_text="Each `{name, style, kind, label, doc, tag?, common?, entries: [{ref, name, label, doc, keys, required, "
                  "rule: {ruleset: [{document, number} | {ruling}]}, messages, example, row, topic, value?, key_parts?, "
                  "rulesets?}]}`.")
