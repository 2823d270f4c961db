from django.apps import AppConfig


class CardsConfig(AppConfig):
    name = "rulesite.cards"
    verbose_name = "Imported card databases"
