"""Page caching: rendered section pages in Django's cache, HTTP caching headers on permalinks.

Section pages are stored rendered, under a key made of the rules cache generation (bumped by
``rules_cache_invalidate()`` after every import), the language, the path and a fingerprint of
the document's family (so a process whose local-memory cache missed the bump still never
serves a page of a replaced edition). The one per-visitor part of a page, the CSRF token of
the language form, is stored as a placeholder and filled in on every answer.

Permalink pages seen without a session are cached the same way (see
``PermalinkCacheMiddleware``). Both section and permalink pages answer conditional GETs: an ``ETag`` that changes with the
content and with the visitor's CSRF secret, ``Cache-Control: private, no-cache`` (pages carry a
per-visitor token, so no shared cache may keep them), and ``304 Not Modified`` when the
browser's copy is current. A permalink's export JSON and QR code never change once stored:
``Cache-Control: public, max-age=31536000, immutable``.
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.urls import Resolver404, resolve
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import get_language

import engine
from rulesite.rules.models import Document
from rulesite.rules.services import CACHE_GENERATION_KEY

IMMUTABLE = "public, max-age=31536000, immutable"
FINGERPRINT_SECONDS = 60
PERMALINK_VERSION_KEY = "scenarios:permalink-version:{code}"
CSRF_PLACEHOLDER = "rulesiteCsrfTokenPlaceholder7f3c"
"""Rendered in place of the CSRF token in cached pages; replaced by the visitor's token."""
_CSRF_INPUT = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"')


def rules_generation() -> int:
    """Return the current rules cache generation, starting one if the cache has none.

    A new generation starts at the current time in milliseconds rather than 1, so a
    generation key lost to eviction never comes back as a number already used.
    """
    generation = cache.get(CACHE_GENERATION_KEY)
    if generation is None:
        cache.add(CACHE_GENERATION_KEY, int(time.time() * 1000), None)
        generation = cache.get(CACHE_GENERATION_KEY, 0)
    return int(generation)


def family_fingerprint(document_slug: str) -> str | None:
    """Return a fingerprint of every edition in ``document_slug``'s family; None if unknown.

    It changes when any edition of the family is imported again, added or removed, which
    is everything a section page shows besides its own rows. One query, whose answer is
    kept in the cache for a minute under the current generation: with a shared cache an
    import moves the generation at once; a process with its own local-memory cache sees
    an import made elsewhere within ``FINGERPRINT_SECONDS``.
    """
    if connection.in_atomic_block:
        # Inside a transaction (a test's, or an import's) the rows may yet be rolled back:
        # ask the database every time rather than remember what may never be committed.
        return _family_fingerprint_query(document_slug)
    key = f"rules:family-fingerprint:{rules_generation()}:{hashlib.sha256(document_slug.encode()).hexdigest()[:24]}"
    fingerprint = cache.get(key)
    if fingerprint is None:
        fingerprint = _family_fingerprint_query(document_slug) or ""
        cache.set(key, fingerprint, FINGERPRINT_SECONDS)
    return fingerprint or None


def _family_fingerprint_query(document_slug: str) -> str | None:
    rows = list(
        Document.objects.filter(family__in=Document.objects.filter(slug=document_slug).values("family"))
        .order_by("pk")
        .values_list("pk", "slug", "source_sha256", "imported_at")
    )
    if not rows:
        return None
    return hashlib.sha256(repr(rows).encode()).hexdigest()[:24]


def csrf_secret(request: HttpRequest) -> str:
    """Return the visitor's CSRF secret (read or just made by CsrfViewMiddleware), or ''."""
    return request.META.get("CSRF_COOKIE") or ""


def make_etag(*parts: str | bytes) -> str:
    """Return a quoted strong ETag hashing ``parts``."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part if isinstance(part, bytes) else part.encode())
        digest.update(b"\0")
    return f'"{digest.hexdigest()[:32]}"'


def visitor_kind(request: HttpRequest) -> str:
    """Return ``"judge"`` for a signed-in visitor and ``"anon"`` otherwise: the page header
    differs between the two (sign in vs "My rulings" and sign out), so cached copies do too."""
    user = getattr(request, "user", None)
    return "judge" if user is not None and user.is_authenticated else "anon"


def section_cache_key(request: HttpRequest, document: str) -> str | None:
    """Return the cache key of the section page ``request`` asks for; None when uncacheable.

    Uncacheable: a method other than GET/HEAD, a query string (it is shown back in the
    search box) or an unknown document (the page is a 404).
    """
    if request.method not in ("GET", "HEAD") or request.GET:
        return None
    fingerprint = family_fingerprint(document)
    if fingerprint is None:
        return None
    path = hashlib.sha256(request.path.encode()).hexdigest()[:32]
    return f"rules:section-page:{rules_generation()}:{get_language()}:{visitor_kind(request)}:{fingerprint}:{path}"


def search_cache_key(request: HttpRequest) -> str | None:
    """Return the cache key of the search page ``request`` asks for; None when uncacheable.

    The key holds the rules generation (bumped by every import, so no answer outlives the
    sections it lists), the language, the visitor kind and the query string with its
    parameters sorted (``?q=a&page=2`` and ``?page=2&q=a`` share a copy). Only GET/HEAD
    with a query string of at most 1,000 characters are cached.
    """
    if request.method not in ("GET", "HEAD") or not request.GET:
        return None
    query = sorted((key, value) for key, values in request.GET.lists() for value in values)
    text = repr(query)
    if len(text) > 1_000:
        return None
    digest = hashlib.sha256(text.encode()).hexdigest()[:32]
    return f"rules:search-page:{rules_generation()}:{get_language()}:{visitor_kind(request)}:{digest}"


def cached_section_page(
    request: HttpRequest, document: str, render_page: Callable[[dict], HttpResponse]
) -> HttpResponse:
    """Answer a section page from the cache, rendering and storing it on a miss.

    ``render_page(extra_context)`` renders the page uncached; the cached copy is rendered
    with ``{"csrf_token": CSRF_PLACEHOLDER}`` as extra context. Only 200 answers are stored.
    Answers ``304`` when the request's ``If-None-Match`` names the current ETag.
    """
    return cached_page(request, section_cache_key(request, document), render_page, settings.SECTION_CACHE_SECONDS)


def cached_search_page(request: HttpRequest, render_page: Callable[[dict], HttpResponse]) -> HttpResponse:
    """Answer a search page from the cache (:func:`search_cache_key`), rendering and storing
    it on a miss, as :func:`cached_section_page` does; a redirect (a section number typed
    as the query) is never stored."""
    return cached_page(request, search_cache_key(request), render_page, settings.SEARCH_CACHE_SECONDS)


def cached_page(
    request: HttpRequest, key: str | None, render_page: Callable[[dict], HttpResponse], seconds: int
) -> HttpResponse:
    """Answer from the rendered copy under ``key`` (``None``: render uncached), keeping a
    rendered 200 answer for ``seconds``, with the visitor's CSRF token filled in, an ETag and
    ``304 Not Modified`` for a current ``If-None-Match``."""
    if key is None:
        return render_page({})
    etag = make_etag(key, csrf_secret(request))
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:
        patch_cache_control(not_modified, private=True, no_cache=True)
        return not_modified
    html: str | None = cache.get(key)
    if html is None:
        rendered = render_page({"csrf_token": CSRF_PLACEHOLDER})
        if rendered.status_code != 200:
            return rendered
        html = rendered.content.decode(rendered.charset)
        cache.set(key, html, seconds)
    response = html_with_token(request, html)
    # get_token may have made a new secret: the ETag must name the one this page carries.
    response["ETag"] = make_etag(key, csrf_secret(request))
    patch_cache_control(response, private=True, no_cache=True)
    return response


def html_with_token(request: HttpRequest, html: str) -> HttpResponse:
    """Return a 200 answer of cached ``html`` with the visitor's CSRF token in place."""
    return HttpResponse(html.replace(CSRF_PLACEHOLDER, get_token(request)))


def permalink_version(code: str) -> int:
    """Return the version of permalink ``code``'s page: bumped when its notes or state change."""
    return int(cache.get(PERMALINK_VERSION_KEY.format(code=code), 0))


def permalink_changed(code: str) -> None:
    """Move permalink ``code``'s page to a new version (its notes or withdrawal changed)."""
    cache.set(PERMALINK_VERSION_KEY.format(code=code), time.time_ns(), None)


def permalink_cache_key(request: HttpRequest) -> str | None:
    """Return the cache key of the permalink page ``request`` asks for; None when uncacheable.

    Cacheable: a GET or HEAD without query string, session cookie (a signed-in judge sees
    their own note form) or htmx header, of a ``scenarios:permalink`` URL. The key holds
    the rules generation (cited rule excerpts), the engine version, the language, the host
    (the page shows its own address) and the permalink's version.
    """
    if (
        request.method not in ("GET", "HEAD")
        or request.GET
        or settings.SESSION_COOKIE_NAME in request.COOKIES
        or "HX-Request" in request.headers
    ):
        return None
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return None
    if match.namespace != "scenarios" or match.url_name != "permalink":
        return None
    code = match.kwargs["code"]
    host = hashlib.sha256(request.get_host().encode()).hexdigest()[:16]
    return (
        f"scenarios:permalink-page:{rules_generation()}:{engine.ENGINE_VERSION}:{get_language()}:{host}:"
        f"{hashlib.sha256(code.encode()).hexdigest()[:24]}:{permalink_version(code)}"
    )


class PermalinkCacheMiddleware:
    """Cache ruling permalink pages and set HTTP caching headers (``scenarios`` URL names).

    * ``permalink`` pages seen by visitors without a session are kept rendered in the cache
      (``permalink_cache_key``; ``PERMALINK_CACHE_SECONDS``), their CSRF token filled in on
      every answer; a note saved or deleted, or a withdrawal, moves the page's version
      (signals in ``rulesite.apps``);
    * ``export`` and ``qr`` (200 only): ``Cache-Control: public, max-age=31536000, immutable``;
    * ``permalink`` (200 only): an ETag over the page without its CSRF token (plus the
      visitor's CSRF secret), ``Cache-Control: private, no-cache``, and 304 on a matching
      ``If-None-Match``. The page shows annotations that can be added and a withdrawal
      (410), so it is revalidated rather than kept for a year.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        key = permalink_cache_key(request)
        html = cache.get(key) if key else None
        if html is not None:
            url_name = "permalink"
            response = html_with_token(request, html)
        else:
            response = self.get_response(request)
            match = request.resolver_match
            if (
                match is None
                or match.namespace != "scenarios"
                or request.method not in ("GET", "HEAD")
                or response.status_code != 200
                or response.streaming
            ):
                return response
            url_name = match.url_name
            if key and url_name == "permalink":
                stored = _CSRF_INPUT.sub(f'name="csrfmiddlewaretoken" value="{CSRF_PLACEHOLDER}"'.encode(), response.content)
                cache.set(key, stored.decode(response.charset), settings.PERMALINK_CACHE_SECONDS)
        if url_name in ("export", "qr"):
            response["Cache-Control"] = IMMUTABLE
        elif url_name == "permalink":
            content = _CSRF_INPUT.sub(b"", response.content)
            etag = make_etag(content, csrf_secret(request))
            not_modified = get_conditional_response(request, etag=etag, response=response)
            response = not_modified if not_modified is not None else response
            response["ETag"] = etag
            patch_cache_control(response, private=True, no_cache=True)
        return response
