from django.contrib import admin

from matches.models import Match, MatchAction, Seat, Simulation, SimulationChunk


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "user", "bot", "deck_name")


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "ruleset", "status", "version", "created", "finished")
    list_filter = ("ruleset", "status")
    # The log and snapshot change only through matches.store.
    readonly_fields = ("seed", "seed_hash", "version", "snapshot", "config", "to_act",
                       "outcome", "event_count", "clocks")
    inlines = [SeatInline]


@admin.register(MatchAction)
class MatchActionAdmin(admin.ModelAdmin):
    list_display = ("match", "seq", "kind", "seat", "client_action_id", "created")
    list_filter = ("kind",)

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # append-only

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Simulation)
class SimulationAdmin(admin.ModelAdmin):
    list_display = ("id", "ruleset", "games", "games_done", "status", "created")


admin.site.register(SimulationChunk)
