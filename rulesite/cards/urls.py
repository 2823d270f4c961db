from django.urls import path

from . import views

app_name = "cards"

urlpatterns = [
    path("cards/<str:game>/lookup.json", views.lookup, name="lookup"),
    path("cards/<str:game>/<str:source>/<path:external_id>.json", views.detail, name="imported"),
]
