from django.urls import path

from . import views

app_name = "api"

urlpatterns = [
    path("documents/", views.DocumentListApi.as_view(), name="documents"),
    path("documents/<str:slug>/", views.DocumentDetailApi.as_view(), name="document"),
    path("documents/<str:slug>/sections/<path:number>/", views.SectionDetailApi.as_view(), name="section"),
    path("search/", views.SearchApi.as_view(), name="search"),
    path("resolve/", views.ResolveApi.as_view(), name="resolve"),
    path("scenarios/", views.ScenarioCreateApi.as_view(), name="scenarios"),
    path("scenarios/import/", views.ScenarioImportApi.as_view(), name="scenario-import"),
    path("scenarios/<str:code>/", views.ScenarioDetailApi.as_view(), name="scenario"),
]
