"""Input and output shapes of the tournament API (also the OpenAPI schema's)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from decks.api.fields import DeckSpecField, OptionalDeckSpecField
from decks.api.schemas import DeckViolation
from matches.swiss import suggested_rounds
from matches.tournaments.models import Entry, Tournament
from matches.tournaments.services import is_organiser
from web.api.bounds import ModelSerializer
from web.api.schema import error_body
from web.api.strict import StrictJSONMixin


class TournamentSerializer(StrictJSONMixin, ModelSerializer):
    organiser = serializers.CharField(source="organiser.username", read_only=True)
    players = serializers.SerializerMethodField()
    current_round = serializers.SerializerMethodField()
    is_organiser = serializers.SerializerMethodField()
    suggested_rounds = serializers.SerializerMethodField()
    disputes = serializers.SerializerMethodField()
    urls = serializers.SerializerMethodField()

    class Meta:
        model = Tournament
        fields = ["id", "name", "organiser", "format", "decks_required", "mode", "status",
                  "rounds_planned", "top_cut", "final_size", "third_place_match",
                  "games_per_match", "public", "tiebreaks", "round_minutes",
                  "publish_decklists", "end_reason",
                  "players", "suggested_rounds", "current_round", "disputes", "is_organiser",
                  "created", "started", "finished",
                  "urls"]
        read_only_fields = ["status", "created", "started", "finished", "end_reason"]

    def get_players(self, t: Tournament) -> int:
        return t.entries.count()

    def get_suggested_rounds(self, t: Tournament) -> int:
        """``max(3, ceil(log2 N))`` for the players not dropped (announced at the start)."""
        return suggested_rounds(t.entries.filter(dropped_after__isnull=True).count())

    def get_disputes(self, t: Tournament) -> int:
        """Tables whose players' reports disagree: the organiser decides them."""
        return t.rounds.filter(pairings__status="disputed").count()

    def get_current_round(self, t: Tournament) -> int | None:
        last = t.rounds.order_by("-number").first()
        return last.number if last else None

    def get_is_organiser(self, t: Tournament) -> bool:
        request = self.context.get("request")
        return bool(request and is_organiser(request.user, t))

    def get_urls(self, t: Tournament) -> dict[str, str]:
        base = f"/api/v1/tournaments/{t.pk}/"
        return {"page": f"/tournaments/{t.pk}/", "standings": base + "standings/",
                "rounds": base + "rounds/", "trf": base + "trf/", "bracket": base + "final/"}


class TournamentCreate(StrictJSONMixin, serializers.Serializer):
    name = serializers.CharField(max_length=120)
    format = serializers.CharField(default="tournament")
    decks_required = serializers.BooleanField(default=True)
    mode = serializers.ChoiceField(choices=["paper", "online"], default="paper")
    rounds_planned = serializers.IntegerField(min_value=1, max_value=30, required=False,
                                              allow_null=True)
    top_cut = serializers.BooleanField(default=True, help_text=(
        "Older switch for the final; final_size says more (false = final_size 0)."))
    final_size = serializers.ChoiceField(choices=Tournament.FINAL_SIZES, required=False, help_text=(
        "Players in the final: 4 (KG-13.4.2), 2, or 0 (the standings decide). Shrinks at "
        "the cut when fewer players are left; changeable until the cut."))
    third_place_match = serializers.BooleanField(default=True)
    games_per_match = serializers.ChoiceField(choices=[1, 3], default=3)
    public = serializers.BooleanField(default=True)
    tiebreaks = serializers.ChoiceField(choices=["kaosz", "mtr"], default="kaosz", help_text=(
        "Tie-break profile: kaosz (default: byes left out of match-win %) or mtr (MTG "
        "Tournament Rules, Appendix C: a bye is a won round, own game-win % floored at "
        "1/3)."))
    round_minutes = serializers.IntegerField(min_value=5, max_value=600, required=False,
                                             help_text=(
                                                 "The round timer's length (default 50; online "
                                                 "60, the game's hour of KG-13.4.3, which is "
                                                 "also each online match's time limit)."))
    publish_decklists = serializers.BooleanField(default=False, help_text=(
        "Show every player's deck list on the public page once the event is over."))


class TournamentUpdate(StrictJSONMixin, serializers.Serializer):
    name = serializers.CharField(max_length=120, required=False)
    rounds_planned = serializers.IntegerField(min_value=1, max_value=30, required=False)
    public = serializers.BooleanField(required=False)
    decks_required = serializers.BooleanField(required=False)
    top_cut = serializers.BooleanField(required=False)
    final_size = serializers.ChoiceField(choices=Tournament.FINAL_SIZES, required=False)
    third_place_match = serializers.BooleanField(required=False)
    tiebreaks = serializers.ChoiceField(choices=["kaosz", "mtr"], required=False,
                                        help_text="Before the start only.")
    round_minutes = serializers.IntegerField(min_value=5, max_value=600, required=False)
    publish_decklists = serializers.BooleanField(required=False)


class EntrySerializer(ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True, default=None,
                                     allow_null=True)
    deck_valid = serializers.BooleanField(read_only=True, allow_null=True)
    dropped = serializers.BooleanField(read_only=True)
    has_deck = serializers.SerializerMethodField()

    class Meta:
        model = Entry
        fields = ["id", "name", "username", "deck_name", "has_deck", "deck_valid",
                  "deck_locked", "first_round", "dropped", "dropped_after"]

    def get_has_deck(self, e: Entry) -> bool:
        return e.deck is not None


class EntryCreate(StrictJSONMixin, serializers.Serializer):
    name = serializers.CharField(max_length=80, required=False, allow_blank=True,
                                 help_text="A player without an account (organiser only).")
    username = serializers.CharField(required=False, help_text="Enter this account "
                                     "(organiser only); others always enter themselves.")
    deck = OptionalDeckSpecField(help_text=(
        'A saved deck id, or {"text": ...} / {"cards": [...]} / {"code": ...}.'))
    deck_name = serializers.CharField(max_length=120, required=False, allow_blank=True)
    byes = serializers.BooleanField(default=False, help_text=(
        "Late entry only: byes for the rounds already paired (organiser's grant)."))


class DeckUpdate(StrictJSONMixin, serializers.Serializer):
    deck = DeckSpecField()
    deck_name = serializers.CharField(max_length=120, required=False, allow_blank=True)


class PairOptions(StrictJSONMixin, serializers.Serializer):
    allow_rematch = serializers.BooleanField(default=False)
    allow_second_bye = serializers.BooleanField(default=False)
    run_as_task = serializers.BooleanField(required=False, help_text=(
        "Pair in a Celery task (default: only for large events); answers 202 with a job."))


class GamesInput(StrictJSONMixin, serializers.Serializer):
    games_a = serializers.IntegerField(min_value=0, max_value=3)
    games_b = serializers.IntegerField(min_value=0, max_value=3)
    note = serializers.CharField(max_length=300, required=False, allow_blank=True)


class ResultInput(StrictJSONMixin, serializers.Serializer):
    games_a = serializers.IntegerField(min_value=0, max_value=3, required=False)
    games_b = serializers.IntegerField(min_value=0, max_value=3, required=False)
    note = serializers.CharField(max_length=300, required=False, allow_blank=True,
                                 help_text="The organiser's private note (audit trail).")
    outcome = serializers.ChoiceField(choices=["played", "no_show", "forfeit"],
                                      default="played", help_text=(
                                          "no_show / forfeit: the match was not played; "
                                          "the winner gets a 2-0 (1-0 in one-game matches)."))
    winner = serializers.ChoiceField(choices=["a", "b"], required=False, help_text=(
        "With no_show / forfeit: the side who was there."))


class StartInput(StrictJSONMixin, serializers.Serializer):
    drop_no_shows = serializers.BooleanField(default=False, help_text=(
        "Withdraw every player who has not checked in before starting."))


class CheckInInput(StrictJSONMixin, serializers.Serializer):
    present = serializers.BooleanField(default=True)


class SwapInput(StrictJSONMixin, serializers.Serializer):
    a = serializers.IntegerField(help_text="An entry id.")
    b = serializers.IntegerField(help_text="Another entry id (at a table or the bye).")
    accept = serializers.BooleanField(default=False, help_text=(
        "Make the change even though it breaks a rule (rematch, second bye)."))


class UndropInput(StrictJSONMixin, serializers.Serializer):
    missed = serializers.ChoiceField(choices=["not_played", "loss"], default="not_played",
                                     help_text=(
                                         "The rounds missed: not_played (no points, nothing in "
                                         "the percentages) or loss (each a lost round)."))


class EndInput(StrictJSONMixin, serializers.Serializer):
    reason = serializers.CharField(max_length=300)


class DecklistOut(serializers.Serializer):
    entry = serializers.IntegerField()
    name = serializers.CharField()
    deck_name = serializers.CharField()
    cards = serializers.DictField(child=serializers.IntegerField())


class FinalGameInput(StrictJSONMixin, serializers.Serializer):
    series = serializers.ChoiceField(choices=["semi1", "semi2", "final", "third"])
    winner = serializers.IntegerField(help_text="The entry id of the game's winner.")


class StandingRow(serializers.Serializer):
    rank = serializers.IntegerField()
    entry = serializers.IntegerField()
    name = serializers.CharField()
    dropped = serializers.BooleanField()
    points = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    played = serializers.IntegerField()
    games_won = serializers.IntegerField()
    games_lost = serializers.IntegerField()
    mw = serializers.FloatField(help_text="Own match-win % as opponents see it (floored).")
    omw = serializers.FloatField(help_text="Opponents' match-win %, each floored at 33.33.")
    gw = serializers.FloatField(help_text="Game-win %, a bye counting 2-0.")
    ogw = serializers.FloatField(help_text="Opponents' game-win %, each floored at 33.33.")
    exact = serializers.DictField(child=serializers.CharField())
    lot = serializers.CharField(help_text="The final deterministic tie-break (lower first).")


class Placement(serializers.Serializer):
    place = serializers.IntegerField()
    entry = serializers.IntegerField()
    name = serializers.CharField()


class Tiebreak(serializers.Serializer):
    """One tie-break of the event's profile, in order, named in both languages."""

    key = serializers.CharField(help_text="The standings row's field it compares.")
    hu = serializers.CharField()
    en = serializers.CharField()


class StandingsOut(serializers.Serializer):
    profile = serializers.CharField(help_text="The event's tie-break profile.")
    round = serializers.IntegerField(allow_null=True, help_text="After this round (or now).")
    tiebreaks = Tiebreak(many=True)
    rows = StandingRow(many=True)
    placements = Placement(many=True)


class PairingOut(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField()
    a = serializers.IntegerField()
    b = serializers.IntegerField()
    a_name = serializers.CharField()
    b_name = serializers.CharField()
    status = serializers.CharField()
    games_a = serializers.IntegerField(allow_null=True)
    games_b = serializers.IntegerField(allow_null=True)
    report_a = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    report_b = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    disputed = serializers.BooleanField()
    match = serializers.IntegerField(allow_null=True)
    outcome = serializers.CharField(help_text="played, no_show or forfeit")
    result = serializers.CharField(allow_null=True, help_text=(
        'The confirmed result as "games_a-games_b" (e.g. "2-1"); null until confirmed.'))


class ByeOut(serializers.Serializer):
    entry = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.CharField(help_text="Why the player sits out this round.")


class ManualChangeOut(serializers.Serializer):
    """An organiser's change to a round's pairings (``services.rounds.swap``)."""

    kind = serializers.ChoiceField(choices=["swap"])
    a = serializers.IntegerField(help_text="The entries swapped.")
    b = serializers.IntegerField()
    a_name = serializers.CharField()
    b_name = serializers.CharField()
    broken = serializers.ListField(child=serializers.CharField(), help_text=(
        "The pairing rules it breaks, accepted by the organiser."))


class RoundOut(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    allow_rematch = serializers.BooleanField()
    allow_second_bye = serializers.BooleanField()
    warnings = serializers.ListField(child=serializers.CharField())
    rematches = serializers.ListField(child=serializers.ListField(
        child=serializers.IntegerField(), min_length=2, max_length=2), help_text=(
        "Pairs of entries meeting again (only when the organiser allowed rematches)."))
    manual_changes = ManualChangeOut(many=True)
    started_at = serializers.DateTimeField(allow_null=True)
    ends_at = serializers.DateTimeField(allow_null=True, help_text="The round timer's end.")
    pairings = PairingOut(many=True)
    byes = ByeOut(many=True)


@extend_schema_field(error_body(nullable=True))
class StoredError(serializers.DictField):
    """A failed job's error: the one error shape's ``error`` object, kept."""


class JobOut(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField()
    round = serializers.IntegerField(allow_null=True)
    error = StoredError(allow_null=True)
    seconds = serializers.FloatField(allow_null=True)
    url = serializers.CharField()


class DeckCheckRow(serializers.Serializer):
    entry = serializers.IntegerField()
    name = serializers.CharField()
    deck_name = serializers.CharField()
    has_deck = serializers.BooleanField()
    valid = serializers.BooleanField(allow_null=True)
    locked = serializers.BooleanField()
    cards = serializers.DictField(child=serializers.IntegerField())
    card_count = serializers.IntegerField()
    # (a declared field: DRF's metaclass takes it out of the class, so Serializer.errors
    # stays as it is; the stubs see an attribute override)
    errors = DeckViolation(many=True)  # type: ignore[assignment]
    warnings = DeckViolation(many=True)
    problem = serializers.CharField(allow_null=True, help_text="deck_missing / deck_invalid")


class SeriesOut(serializers.Serializer):
    series = serializers.ChoiceField(choices=["semi1", "semi2", "final", "third"])
    a = serializers.IntegerField()
    b = serializers.IntegerField()
    a_name = serializers.CharField()
    b_name = serializers.CharField()
    wins_a = serializers.IntegerField()
    wins_b = serializers.IntegerField()
    games = serializers.ListField(child=serializers.IntegerField(),
                                  help_text="the winner (entry id) of each game, in order")
    winner = serializers.IntegerField(allow_null=True)
    winner_name = serializers.CharField(allow_null=True)
    match = serializers.IntegerField(allow_null=True, help_text="online: the open game's match")


class SeedOut(serializers.Serializer):
    seed = serializers.IntegerField(min_value=1)
    entry = serializers.IntegerField()
    name = serializers.CharField()


class BracketOut(serializers.Serializer):
    seeds = SeedOut(many=True)
    series = SeriesOut(many=True)
    open = serializers.ListField(child=serializers.CharField())
    finished = serializers.BooleanField()
    placements = Placement(many=True)


class FinalOut(serializers.Serializer):
    status = serializers.CharField()
    bracket = BracketOut(allow_null=True)
    placements = Placement(many=True)


class ChangeOut(serializers.Serializer):
    kind = serializers.CharField(help_text="report, agreed, disputed, set, corrected, online")
    by = serializers.CharField(allow_null=True)
    before = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    after = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    note = serializers.CharField()
    at = serializers.DateTimeField()
