"""Pages about editions: edition lists, diffs, rule history, glossary index, citation check.

Views are glue: parse the request, make one call to :mod:`rulesite.rules.editions`, render.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.contrib.auth.decorators import user_passes_test
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from . import editions
from .selectors import current_document

GOLDEN_DIR = settings.BASE_DIR / "fixtures" / "scenarios"


def _as_of(value: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise Http404(f"as_of must be a date written YYYY-MM-DD, not {value!r}") from None


def section_current(request: HttpRequest, family: str, number: str = "") -> HttpResponse:
    """Redirect to ``number`` (or, without one, the contents) in the newest edition, or the
    one in force on ``?as_of=``. A number with an empty, ``.`` or ``..`` path segment (no
    section is numbered so) is a 404, never a redirect elsewhere on the site."""
    if number and any(part in ("", ".", "..") for part in number.split("/")):
        raise Http404("no section has that number")
    language = request.GET.get("language")
    if request.GET.get("as_of"):
        document = editions.edition_in_force(family=family, on=_as_of(request.GET["as_of"]), language=language)
    else:
        document = current_document(family=family, language=language)
    if not number:
        return redirect(document)
    return redirect("rules:section", document=document.slug, number=number)


def edition_list(request: HttpRequest, family: str) -> HttpResponse:
    rows = editions.edition_rows(family=family, language=request.GET.get("language"))
    return render(request, "rules/editions.html", {"family": family, "rows": rows})


def diff_default(request: HttpRequest, family: str) -> HttpResponse:
    """Redirect to the diff of ``?from=`` and ``?to=``, by default the newest two editions."""
    if request.GET.get("from") and request.GET.get("to"):
        return redirect("rules:diff", family=family, old=request.GET["from"], new=request.GET["to"])
    old, new = editions.default_diff_editions(family=family, language=request.GET.get("language"))
    return redirect("rules:diff", family=family, old=old.edition, new=new.edition)


def diff(request: HttpRequest, family: str, old: str, new: str) -> HttpResponse:
    page = editions.diff_page(
        family=family,
        old_edition=old,
        new_edition=new,
        group=request.GET.get("group"),
        status=request.GET.get("status"),
        page=request.GET.get("page"),
    )
    return render(request, "rules/diff.html", {"page": page, "family": family})


def history(request: HttpRequest, family: str, number: str) -> HttpResponse:
    steps = editions.rule_history(
        family=family, number=number, edition=request.GET.get("edition"), language=request.GET.get("language")
    )
    return render(request, "rules/history.html", {"family": family, "number": number, "steps": steps})


def section_switch(request: HttpRequest, family: str, old: str, new: str, number: str) -> HttpResponse:
    """Redirect from ``number`` of edition ``old`` to the same rule in edition ``new``.

    The rule is followed through renumbering; when ``new`` no longer has it, go to its history.
    """
    target, moved = editions.section_in_edition(family=family, number=number, from_edition=old, to_edition=new)
    if moved is None:
        return redirect(reverse("rules:history", kwargs={"family": family, "number": number}) + f"?edition={old}")
    return redirect("rules:section", document=target.slug, number=moved)


def glossary(request: HttpRequest, document: str) -> HttpResponse:
    doc, groups = editions.glossary_index(document_slug=document)
    return render(request, "rules/glossary.html", {"document": doc, "groups": groups})


@user_passes_test(lambda user: user.is_active and user.is_staff)
def citations(request: HttpRequest) -> HttpResponse:
    report = editions.citations_check(golden_dir=GOLDEN_DIR)
    return render(request, "rules/citations.html", {"report": report})
