from django.urls import path

from . import views

app_name = "rules"

urlpatterns = [
    path("rules/", views.document_list, name="documents"),
    path("rules/<str:family>/current/<path:number>/", views.section_current, name="section_current"),
    path("rules/<str:document>/", views.document_detail, name="document"),
    path("rules/<str:document>/<path:number>/", views.section_detail, name="section"),
    path("search/", views.search, name="search"),
]
