from django.urls import path

from rulesite.ratelimits import limit

from . import views

app_name = "api"

urlpatterns = [
    path("documents/", views.DocumentListApi.as_view(), name="documents"),
    path("documents/<str:slug>/", views.DocumentDetailApi.as_view(), name="document"),
    path("documents/<str:slug>/sections/<path:number>/", views.SectionDetailApi.as_view(), name="section"),
    # Rate limits per client IP (settings RATELIMIT_SEARCH, RATELIMIT_RESOLVE): 429 {errors}.
    # Storing a permalink resolves too, so it shares the resolve counter.
    path("search/", limit("search", "RATELIMIT_SEARCH", "GET")(views.SearchApi.as_view()), name="search"),
    path("resolve/", limit("resolve", "RATELIMIT_RESOLVE", "POST")(views.ResolveApi.as_view()), name="resolve"),
    path("scenarios/", limit("resolve", "RATELIMIT_RESOLVE", "POST")(views.ScenarioCreateApi.as_view()), name="scenarios"),
    path("scenarios/import/", views.ScenarioImportApi.as_view(), name="scenario-import"),
    path("scenarios/<str:code>/", views.ScenarioDetailApi.as_view(), name="scenario"),
    path("vocabulary/", views.VocabularyListApi.as_view(), name="vocabularies"),
    path("vocabulary/<str:game>/", views.VocabularyApi.as_view(), name="vocabulary"),
]
