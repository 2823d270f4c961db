from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "rulesite.api"
    verbose_name = "JSON API"
