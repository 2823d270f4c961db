from django.urls import path

from rulesite.ratelimits import limit

from . import views, views_bilingual, views_editions, views_rulings

app_name = "rules"

urlpatterns = [
    path("rules/", views.document_list, name="documents"),
    path("rules/maintenance/citations/", views_editions.citations, name="citations"),
    path("rules/<str:family>/current/", views_editions.section_current, name="document_current"),
    path("rules/<str:family>/current/<path:number>/", views_editions.section_current, name="section_current"),
    path("rules/<str:family>/editions/", views_editions.edition_list, name="editions"),
    path("rules/<str:family>/diff/", views_editions.diff_default, name="diff_default"),
    path("rules/<str:family>/diff/<str:old>/<str:new>/", views_editions.diff, name="diff"),
    path("rules/<str:family>/history/<path:number>/", views_editions.history, name="history"),
    path("rules/<str:family>/switch/<str:old>/<str:new>/<path:number>/", views_editions.section_switch, name="switch"),
    path("rules/<str:family>/bilingual/<str:edition>/<path:number>/", views_bilingual.bilingual, name="bilingual"),
    path("rules/<str:document>/glossary/", views_editions.glossary, name="glossary"),
    path("rules/<str:document>/changed/", views_rulings.faq_changed, name="faq_changed"),
    path("rules/<str:document>/coverage/", views.coverage, name="coverage"),
    path("rules/<str:document>/", views.document_detail, name="document"),
    path("rules/<str:document>/<path:number>/", views.section_detail, name="section"),
    # The page shares the API search counter (RATELIMIT_SEARCH per client IP).
    path("search/", limit("search", "RATELIMIT_SEARCH", "GET")(views.search), name="search"),
]
