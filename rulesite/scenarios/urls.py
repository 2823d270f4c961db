from django.urls import path

from . import builder_views, views

app_name = "scenarios"

urlpatterns = [
    path("", views.home, name="home"),
    path("scenarios/new/<str:game>/", builder_views.builder, name="builder"),
    path("r/<str:code>/", views.permalink, name="permalink"),
]
