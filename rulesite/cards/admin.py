from django.contrib import admin

from .models import ImportedCard


@admin.register(ImportedCard)
class ImportedCardAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "source", "external_id", "updated_at")
    list_filter = ("game", "source")
    search_fields = ("name", "external_id", "name_keys__key")
    readonly_fields = ("game", "source", "external_id", "name", "names", "characteristics", "unmapped", "texts", "updated_at")
