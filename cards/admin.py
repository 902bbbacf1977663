from django.contrib import admin

from cards.models import Card, CardRevision, CardSet, CollectionEntry, Contribution, Printing


class PrintingInline(admin.TabularInline):
    model = Printing
    extra = 0


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ("name_hu", "type", "subtype", "race", "cost", "official", "complete")
    list_filter = ("official", "type", "race", "rarity", "complete")
    search_fields = ("name_hu", "name_en", "search_name", "slug")
    inlines = [PrintingInline]


admin.site.register(CardSet)
admin.site.register(CardRevision)
admin.site.register(Contribution)
admin.site.register(CollectionEntry)
