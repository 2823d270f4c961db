"""URL configuration: see DESIGN.md, "Interfaces other parts rely on"."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from rulesite.scenarios.views import healthz

urlpatterns = [
    path("", include("rulesite.scenarios.urls")),
    path("", include("rulesite.rules.urls")),
    path("api/v1/", include("rulesite.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
]
