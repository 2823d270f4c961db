from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "rulesite.rules"
    verbose_name = "Rules index"
