"""PostgreSQL: keep each section's weighted tsvector in a stored generated column.

Ranking with an expression index recomputes ``to_tsvector`` for every matching row; a stored
column computes it once at write time (PostgreSQL 12+). SQLite keeps its FTS5 table.
"""

from django.db import migrations

VECTOR = (
    "setweight(to_tsvector('english', search_title), 'A') || "
    "setweight(to_tsvector('english', search_text), 'B')"
)


def forward(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("DROP INDEX IF EXISTS rules_section_fts_idx")
    schema_editor.execute(f"ALTER TABLE rules_section ADD COLUMN search_vector tsvector GENERATED ALWAYS AS ({VECTOR}) STORED")
    schema_editor.execute("CREATE INDEX rules_section_search_vector_idx ON rules_section USING GIN (search_vector)")


def backward(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("DROP INDEX IF EXISTS rules_section_search_vector_idx")
    schema_editor.execute("ALTER TABLE rules_section DROP COLUMN IF EXISTS search_vector")
    schema_editor.execute(f"CREATE INDEX rules_section_fts_idx ON rules_section USING GIN (({VECTOR}))")


class Migration(migrations.Migration):
    dependencies = [("rules", "0002_fulltext")]
    operations = [migrations.RunPython(forward, backward)]
