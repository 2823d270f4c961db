"""The index's Latin words, for "did you mean" (issue 17): a table filled from the sections'
index tokens, with PostgreSQL's ``pg_trgm`` extension and a trigram index on the words."""

from django.db import migrations, models


def fill(apps, schema_editor):
    # The same rule as rulesite.rules.services.search_words_rebuild, on the historical models.
    from rulesite.rules.textnorm import word_counts

    Section = apps.get_model("rules", "Section")
    SearchWord = apps.get_model("rules", "SearchWord")
    alias = schema_editor.connection.alias  # the database being migrated, not always the default
    counts = word_counts(Section.objects.using(alias).values_list("search_title", "search_text").iterator(chunk_size=2000))
    SearchWord.objects.using(alias).bulk_create([SearchWord(word=w, sections=n) for w, n in counts.items()],
                                                batch_size=1000)


def trigram_forward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        schema_editor.execute("CREATE INDEX rules_searchword_trgm_idx ON rules_searchword USING GIN (word gin_trgm_ops)")


def trigram_backward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("DROP INDEX IF EXISTS rules_searchword_trgm_idx")


class Migration(migrations.Migration):
    dependencies = [("rules", "0003_postgres_search_vector")]
    operations = [
        migrations.CreateModel(
            name="SearchWord",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("word", models.CharField(max_length=100, unique=True)),
                ("sections", models.PositiveIntegerField()),
            ],
            options={"ordering": ["word"]},
        ),
        migrations.RunPython(trigram_forward, trigram_backward),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
