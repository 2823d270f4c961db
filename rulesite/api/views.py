"""JSON API views: one view per operation, glue between serializers and services."""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import get_language
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound
from rest_framework.pagination import PageNumberPagination
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

import engine
from engine.core.errors import FieldError
from engine.core.validation import MAX_DOCUMENT_BYTES
from rulesite.rules.models import Document, Section
from rulesite.scenarios.models import Scenario
from rulesite.scenarios.services import scenario_create, scenario_import, scenario_parse, scenario_resolve
from rulesite.scenarios.vocabulary import registered, vocabulary_index

from . import serializers

ERRORS_RESPONSE = OpenApiResponse(
    response=OpenApiTypes.OBJECT,
    description="`{errors: [{path, message}]}`: the document is not a valid scenario, or it is too complex to resolve "
                "within the deadline (`RESOLVE_DEADLINE_S`, 2 s by default; the message names what grew).",
)
NOT_FOUND_RESPONSE = OpenApiResponse(response=OpenApiTypes.OBJECT, description="`{errors: [{path, message}]}`")


class PublicApi:
    """Settings shared by every API view: public, unauthenticated, JSON in and out.

    No session authentication means no CSRF token is needed and the OpenAPI schema shows no
    security requirement; every read and write here is open to anyone by design.
    """

    authentication_classes: tuple = ()
    permission_classes = (AllowAny,)
    parser_classes = (JSONParser,)


def scenario_from_request(request: Request) -> dict:
    """Return the scenario in the request body; raise ``engine.ScenarioError`` for bad input."""
    try:
        body = request._request.body
    except RequestDataTooBig:
        raise engine.ScenarioError([FieldError("", f"document is over the limit of {MAX_DOCUMENT_BYTES:,} bytes")]) from None
    return scenario_parse(body)


class DocumentListApi(PublicApi, generics.ListAPIView):
    """List every imported rules document."""

    serializer_class = serializers.DocumentOutputSerializer
    queryset = Document.objects.order_by("game", "family", "-effective_date")


class DocumentDetailApi(PublicApi, generics.RetrieveAPIView):
    serializer_class = serializers.DocumentOutputSerializer
    queryset = Document.objects.all()
    lookup_field = "slug"


class SectionDetailApi(PublicApi, generics.RetrieveAPIView):
    """Return one section with its parent, children and cross-references."""

    serializer_class = serializers.SectionOutputSerializer

    def get_object(self) -> Section:
        return get_object_or_404(
            Section.objects.select_related("document", "parent__document"),
            document__slug=self.kwargs["slug"],
            number=self.kwargs["number"],
        )


class SearchApi(PublicApi, APIView):
    """Search every document: a section number is answered as the HTML search answers it (its
    section as the only result, ``match: "number"``, the reader's language and newest edition
    first), else full-text hits (``match: "text"``) and, when none, ``suggestions``."""

    @extend_schema(parameters=[serializers.SearchInputSerializer], responses=serializers.SearchPageSerializer)
    def get(self, request: Request) -> Response:
        params = serializers.SearchInputSerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        sections = Section.objects.all()
        data = params.validated_data
        if data.get("game"):
            sections = sections.filter(document__game=data["game"])
        if data.get("document"):
            sections = sections.filter(document__slug=data["document"])
        elif not data["all_editions"]:
            sections = sections.filter(document__in=Document.objects.current())
        paginator = PageNumberPagination()
        games = [data["game"]] if data.get("game") else None
        results = sections.lookup(data["q"], get_language(), games)
        page = paginator.paginate_queryset(results, request, view=self)
        response = paginator.get_paginated_response(serializers.SearchResultSerializer(page, many=True).data)
        response.data["suggestions"] = getattr(results, "suggestions", [])
        return response


class ResolveApi(PublicApi, APIView):
    """Resolve a bare scenario; an illegal action is an ``illegal`` trace step, not an error."""

    @extend_schema(request=OpenApiTypes.OBJECT, responses={200: serializers.ResolveOutputSerializer, 400: ERRORS_RESPONSE})
    def post(self, request: Request) -> Response:
        answer = scenario_resolve(scenario=scenario_from_request(request))
        return Response(answer)


class ScenarioCreateApi(PublicApi, APIView):
    """Store a scenario as a ruling permalink: 201 when new, 200 with the same code after."""

    @extend_schema(
        request=OpenApiTypes.OBJECT,
        responses={201: serializers.ScenarioCreatedSerializer, 200: serializers.ScenarioCreatedSerializer, 400: ERRORS_RESPONSE},
    )
    def post(self, request: Request) -> Response:
        scenario, created = scenario_create(scenario=scenario_from_request(request))
        body = serializers.ScenarioCreatedSerializer({"code": scenario.code, "url": scenario.get_absolute_url()}).data
        return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class ScenarioImportApi(PublicApi, APIView):
    """Import an exported permalink (``/r/<code>/export.json``): re-resolve it, never trust its trace.

    201 when the code is new here, 200 when it was already stored (withdrawn ones included);
    ``matches`` says whether the file's trace and result equal this site's resolution.
    """

    @extend_schema(
        request=OpenApiTypes.OBJECT,
        responses={201: serializers.ScenarioImportedSerializer, 200: serializers.ScenarioImportedSerializer, 400: ERRORS_RESPONSE},
    )
    def post(self, request: Request) -> Response:
        outcome = scenario_import(document=scenario_from_request(request))
        stored = outcome.scenario
        body = serializers.ScenarioImportedSerializer(
            {
                "code": stored.code,
                "url": stored.get_absolute_url(),
                "created": outcome.created,
                "matches": outcome.diff.same,
                "step_differences": len(outcome.diff.steps),
                "result_differences": len(outcome.diff.result),
                "code_matches": outcome.code_matches,
                "engine_version": stored.engine_version,
                "file_engine_version": outcome.file_engine_version,
            }
        ).data
        return Response(body, status=status.HTTP_201_CREATED if outcome.created else status.HTTP_200_OK)


class ScenarioDetailApi(PublicApi, generics.RetrieveAPIView):
    serializer_class = serializers.ScenarioOutputSerializer
    lookup_field = "code"

    def get_queryset(self):
        return Scenario.objects.visible()


class VocabularyListApi(PublicApi, APIView):
    """List the games whose engine has a vocabulary registry, with their sizes."""

    @extend_schema(responses=serializers.VocabularyGameSerializer(many=True))
    def get(self, request: Request) -> Response:
        games = [g for g in vocabulary_index() if g.registered]
        rows = [{"game": g.game, "slots": g.slots, "entries": g.entries,
                 "url": request.build_absolute_uri(reverse("api:vocabulary", args=[g.game]))} for g in games]
        return Response(serializers.VocabularyGameSerializer(rows, many=True).data)


class VocabularyApi(PublicApi, APIView):
    """Return one game's vocabulary registry (``python -m engine vocabulary --game G --format json``):
    its slots, each entry with its key schema, rule per ruleset, messages, builder row, doc and example."""

    @extend_schema(responses={200: serializers.VocabularyOutputSerializer, 404: NOT_FOUND_RESPONSE})
    def get(self, request: Request, game: str) -> Response:
        vocabulary = registered(game)
        if vocabulary is None:
            raise NotFound(f"no vocabulary is registered for the game {game[:20]!r}; see /api/v1/vocabulary/")
        return Response(vocabulary.to_json())
