"""The site-wide app: connects the signals that keep cached permalink pages current."""

from __future__ import annotations

from django.apps import AppConfig


class RulesiteConfig(AppConfig):
    name = "rulesite"
    verbose_name = "rulesite"

    def ready(self) -> None:
        """Move a permalink page to a new version when its notes or its state change."""
        from django.db.models.signals import post_delete, post_save

        from rulesite.scenarios.models import Annotation, Scenario

        def scenario_changed(sender, instance: Scenario, **kwargs) -> None:
            from rulesite.caching import permalink_changed

            permalink_changed(instance.code)

        def annotation_changed(sender, instance: Annotation, **kwargs) -> None:
            from rulesite.caching import permalink_changed

            permalink_changed(instance.scenario.code)

        for signal in (post_save, post_delete):
            signal.connect(scenario_changed, sender=Scenario, dispatch_uid=f"rulesite.permalink.scenario.{signal}")
            signal.connect(annotation_changed, sender=Annotation, dispatch_uid=f"rulesite.permalink.annotation.{signal}")
