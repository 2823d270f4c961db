"""``python manage.py check_references [SLUG …] [--all]``: the cross-references of each document.

For every imported document (or the slugs given): how many cross-references it links, then
each piece of number-like text (``613.8a``, ``4.2.3``) that links nowhere, with its section
and some context (the first 20 a document unless ``--all``). The closing line gives the
totals. Numbers left unlinked are reported, not an error: many name another document's rules
or a rule the document does not have.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from rulesite.rules.reference_check import references_check

SHOWN = 20


class Command(BaseCommand):
    help = "Count each document's cross-references and list the number-like text left unlinked."

    def add_arguments(self, parser) -> None:
        parser.add_argument("documents", nargs="*", help="Document slugs (default: every document).")
        parser.add_argument("--all", action="store_true", help=f"List every unlinked number, not the first {SHOWN}.")

    def handle(self, *args, **options) -> None:
        try:
            report = references_check(documents=options["documents"] or None)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        for line in report:
            self.stdout.write(f"{line.slug}: {line.links} links, {len(line.unlinked)} number-like texts unlinked")
            shown = line.unlinked if options["all"] else line.unlinked[:SHOWN]
            for item in shown:
                self.stdout.write(f"    {item.section}: {item.text!r} in …{item.context}…")
            if len(shown) < len(line.unlinked):
                self.stdout.write(f"    … and {len(line.unlinked) - len(shown)} more (--all lists them)")
        links = sum(line.links for line in report)
        unlinked = sum(len(line.unlinked) for line in report)
        self.stdout.write(f"{len(report)} documents: {links} links, {unlinked} number-like texts unlinked.")
