from django.apps import AppConfig


class ScenariosConfig(AppConfig):
    name = "rulesite.scenarios"
    verbose_name = "Scenarios and ruling permalinks"
