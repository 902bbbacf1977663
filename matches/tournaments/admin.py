from django.contrib import admin

from matches.tournaments.models import Entry, Pairing, ResultChange, Round, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ["name", "user", "deck_name", "deck_locked", "first_round", "dropped_after"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "organiser", "mode", "status", "rounds_planned", "created"]
    list_filter = ["status", "mode"]
    search_fields = ["name"]
    inlines = [EntryInline]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "status"]


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "a", "b", "status", "games_a", "games_b"]
    list_filter = ["status"]


@admin.register(ResultChange)
class ResultChangeAdmin(admin.ModelAdmin):
    list_display = ["pairing", "kind", "by", "before", "after", "created"]
