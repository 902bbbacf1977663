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
    # The game itself (status, log, snapshot) changes only through matches.store; the
    # admin may change who organises the match and its time limit.
    EDITABLE = ("organiser", "time_limit_seconds")
    readonly_fields = ("ruleset", "options", "status", "seed", "seed_hash", "version",
                       "snapshot", "config", "to_act", "outcome", "event_count", "clocks",
                       "created_by", "started", "finished")
    inlines = [SeatInline]

    def has_add_permission(self, request) -> bool:
        return False  # matches start through matches.store (seed, decks, first state)

    def save_model(self, request, obj, form, change) -> None:
        if change:
            # Only the edited columns: a full-row save would write back the version and
            # snapshot read when the form opened, undoing every move made since.
            obj.save(update_fields=[f for f in self.EDITABLE if f in form.changed_data])
        else:
            super().save_model(request, obj, form, change)


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
