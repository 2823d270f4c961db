from django.urls import path

from . import builder_views, views

app_name = "scenarios"

urlpatterns = [
    path("", views.home, name="home"),
    path("scenarios/new/<str:game>/", builder_views.builder, name="builder"),
    path("scenarios/catalogue/<str:game>.json", builder_views.catalogue, name="catalogue"),
    path("r/import/", views.import_permalink, name="import"),
    path("r/<str:code>/", views.permalink, name="permalink"),
    path("r/<str:code>/notes/", views.annotate, name="annotate"),
    path("r/<str:code>/recheck/", views.recheck, name="recheck"),
    path("r/<str:code>/export.json", views.export, name="export"),
    path("r/<str:code>/qr.svg", views.qr, name="qr"),
    path("engine/vocabulary/", views.vocabulary_index, name="vocabulary_index"),
    path("engine/vocabulary/<str:game>/", views.vocabulary_detail, name="vocabulary"),
    path("accounts/rulings/", views.my_rulings, name="my_rulings"),
    path("accounts/rulings/<int:pk>/review/", views.review, name="review"),
]
