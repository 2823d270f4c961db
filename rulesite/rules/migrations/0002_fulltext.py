"""Full-text indexes on sections, one per database vendor (see rulesite/rules/search.py)."""

from django.db import migrations

SQLITE_FORWARD = [
    # External-content FTS5 table over rules_section(search_title, search_text), kept in
    # sync by triggers so every write path (bulk_create included) updates the index.
    """CREATE VIRTUAL TABLE rules_section_fts USING fts5(
        search_title, search_text, content='rules_section', content_rowid='id',
        tokenize='porter unicode61')""",
    """CREATE TRIGGER rules_section_fts_ai AFTER INSERT ON rules_section BEGIN
        INSERT INTO rules_section_fts(rowid, search_title, search_text)
        VALUES (new.id, new.search_title, new.search_text); END""",
    """CREATE TRIGGER rules_section_fts_ad AFTER DELETE ON rules_section BEGIN
        INSERT INTO rules_section_fts(rules_section_fts, rowid, search_title, search_text)
        VALUES ('delete', old.id, old.search_title, old.search_text); END""",
    """CREATE TRIGGER rules_section_fts_au AFTER UPDATE ON rules_section BEGIN
        INSERT INTO rules_section_fts(rules_section_fts, rowid, search_title, search_text)
        VALUES ('delete', old.id, old.search_title, old.search_text);
        INSERT INTO rules_section_fts(rowid, search_title, search_text)
        VALUES (new.id, new.search_title, new.search_text); END""",
]
SQLITE_BACKWARD = [
    "DROP TRIGGER IF EXISTS rules_section_fts_au",
    "DROP TRIGGER IF EXISTS rules_section_fts_ad",
    "DROP TRIGGER IF EXISTS rules_section_fts_ai",
    "DROP TABLE IF EXISTS rules_section_fts",
]
POSTGRES_FORWARD = [
    """CREATE INDEX rules_section_fts_idx ON rules_section USING GIN ((
        setweight(to_tsvector('english', search_title), 'A') ||
        setweight(to_tsvector('english', search_text), 'B')))""",
]
POSTGRES_BACKWARD = ["DROP INDEX IF EXISTS rules_section_fts_idx"]


def forward(apps, schema_editor):
    statements = {"sqlite": SQLITE_FORWARD, "postgresql": POSTGRES_FORWARD}.get(schema_editor.connection.vendor, [])
    for sql in statements:
        schema_editor.execute(sql)


def backward(apps, schema_editor):
    statements = {"sqlite": SQLITE_BACKWARD, "postgresql": POSTGRES_BACKWARD}.get(schema_editor.connection.vendor, [])
    for sql in statements:
        schema_editor.execute(sql)


class Migration(migrations.Migration):
    dependencies = [("rules", "0001_initial")]
    operations = [migrations.RunPython(forward, backward)]
