from django.contrib import admin

from cards import cache as catalogue_cache
from cards.models import (
    Card,
    CardRevision,
    CardSet,
    CollectionEntry,
    Contribution,
    Printing,
)


class BumpsCatalogue(admin.ModelAdmin):
    """Edits made here change the catalogue as much as an import does: bump its version so
    cached searches and ETags never serve the old data."""

    def save_related(self, request, form, formsets, change) -> None:
        super().save_related(request, form, formsets, change)
        catalogue_cache.bump()

    def delete_model(self, request, obj) -> None:
        super().delete_model(request, obj)
        catalogue_cache.bump()

    def delete_queryset(self, request, queryset) -> None:
        super().delete_queryset(request, queryset)
        catalogue_cache.bump()


class PrintingInline(admin.TabularInline):
    model = Printing
    extra = 0


@admin.register(Card)
class CardAdmin(BumpsCatalogue):
    list_display = ("name_hu", "type", "subtype", "race", "cost", "official", "complete")
    list_filter = ("official", "type", "race", "rarity", "complete")
    search_fields = ("name_hu", "name_en", "search_name", "slug")
    inlines = [PrintingInline]

    def save_related(self, request, form, formsets, change) -> None:
        super().save_related(request, form, formsets, change)
        # The printings inline may have changed what `set:` searches find. The admin saves
        # in one transaction and the bump is announced on commit, so this is covered by it.
        form.instance.store_set_slugs()


admin.site.register(CardSet, BumpsCatalogue)
admin.site.register(CardRevision)
admin.site.register(Contribution)
admin.site.register(CollectionEntry)
