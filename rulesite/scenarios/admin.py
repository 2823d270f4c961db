"""Admin for ruling permalinks: read-only scenarios, withdrawal with a reason, annotations."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .models import Annotation, Scenario
from .permalink_forms import WithdrawForm
from .services import scenario_withdraw


@admin.register(Scenario)
class ScenarioAdmin(admin.ModelAdmin):
    list_display = ["code", "game", "ruleset", "title", "is_demo", "engine_version", "created_at", "withdrawn_at"]
    list_filter = ["game", "ruleset", "is_demo", ("withdrawn_at", admin.EmptyFieldListFilter)]
    search_fields = ["code", "title"]
    date_hierarchy = "created_at"
    actions = ["withdraw"]
    # A permalink is immutable: the admin can read it and withdraw it, never edit it.
    readonly_fields = [f.name for f in Scenario._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Scenario | None = None) -> bool:
        # Deleting would free the code for another board; withdraw instead.
        return False

    @admin.action(description=_("Withdraw the selected permalinks (with a reason)"), permissions=["change"])
    def withdraw(self, request: HttpRequest, queryset: QuerySet[Scenario]) -> HttpResponse | None:
        form = WithdrawForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            for scenario in queryset:
                scenario_withdraw(scenario=scenario, reason=form.cleaned_data["reason"])
            count = queryset.count()
            self.message_user(request, ngettext("%(n)d permalink withdrawn.", "%(n)d permalinks withdrawn.", count) % {"n": count}, messages.SUCCESS)
            return None
        return TemplateResponse(
            request,
            "scenarios/admin_withdraw.html",
            {**self.admin_site.each_context(request), "title": _("Withdraw permalinks"), "form": form, "scenarios": queryset, "opts": self.model._meta},
        )


@admin.register(Annotation)
class AnnotationAdmin(admin.ModelAdmin):
    list_display = ["scenario", "author", "title", "reviewed", "updated_at"]
    list_filter = ["reviewed"]
    search_fields = ["scenario__code", "author__username", "title"]
    raw_id_fields = ["scenario", "author"]
