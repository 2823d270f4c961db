"""Forms of the permalink pages: a judge's annotation, the review mark, importing, withdrawing."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from engine.core.errors import ScenarioError
from engine.core.validation import MAX_DOCUMENT_BYTES, loads_document

from .models import Annotation


REVIEWERS_ONLY = _("Only members of the reviewers group may mark a ruling reviewed; an administrator adds judges to it.")


class ReviewMarkMixin:
    """A form's ``reviewed`` field, which only a judge who may review can set.

    ``can_review``: whether the judge holds ``scenarios.review_ruling``. Anyone else who sends
    ``reviewed`` gets an error on that field: the mark is never silently dropped."""

    def __init__(self, *args: Any, can_review: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.can_review = can_review

    def clean_reviewed(self) -> bool:
        reviewed = bool(self.cleaned_data.get("reviewed"))
        if reviewed and not self.can_review:
            raise forms.ValidationError(REVIEWERS_ONLY)
        return reviewed


class AnnotationForm(ReviewMarkMixin, forms.ModelForm):
    """A judge's own title and notes, and (for a reviewer only) the review mark."""

    class Meta:
        model = Annotation
        fields = ["title", "notes", "reviewed"]
        widgets = {"notes": forms.Textarea(attrs={"rows": 4})}
        labels = {"title": _("Title"), "notes": _("Notes"), "reviewed": _("Reviewed")}


class ReviewForm(ReviewMarkMixin, forms.Form):
    """The review mark set from "My rulings"."""

    reviewed = forms.BooleanField(required=False)


class ImportForm(forms.Form):
    """An exported permalink, uploaded as a file or pasted as text."""

    file = forms.FileField(label=_("Exported JSON file"), required=False)
    text = forms.CharField(label=_("…or paste the JSON"), required=False, widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}))

    def clean(self) -> dict[str, Any]:
        """Return ``{"document": dict}``; reject an empty, oversized or non-JSON input."""
        data = super().clean()
        upload = data.get("file")
        if upload is not None:
            if upload.size > MAX_DOCUMENT_BYTES:
                raise forms.ValidationError(_("The file is over the limit of %(limit)s bytes."), params={"limit": f"{MAX_DOCUMENT_BYTES:,}"})
            raw: str | bytes = upload.read()
        else:
            raw = data.get("text") or ""
        if not raw:
            raise forms.ValidationError(_("Choose a file or paste the exported JSON."))
        if len(raw) > MAX_DOCUMENT_BYTES:
            raise forms.ValidationError(_("The text is over the limit of %(limit)s bytes."), params={"limit": f"{MAX_DOCUMENT_BYTES:,}"})
        try:
            document = loads_document(raw)
        except ScenarioError as exc:
            raise forms.ValidationError("; ".join(f"{e['path']}: {e['message']}" for e in exc.errors)) from None
        except (ValueError, RecursionError) as exc:
            raise forms.ValidationError(_("This is not valid JSON: %(error)s"), params={"error": exc}) from None
        if not isinstance(document, dict):
            raise forms.ValidationError(_("An exported permalink is a JSON object."))
        data["document"] = document
        return data


class WithdrawForm(forms.Form):
    """The reason an administrator gives for withdrawing permalinks; shown on their pages."""

    reason = forms.CharField(label=_("Reason shown on the page"), max_length=300, widget=forms.TextInput(attrs={"size": 60}))
