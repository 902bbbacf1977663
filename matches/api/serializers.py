"""Request validation and response shapes for the match API (they also feed the schema)."""

from __future__ import annotations

import re
from typing import Any

from drf_spectacular.utils import inline_serializer
from jsonschema import Draft7Validator
from rest_framework import serializers

from decks.api.fields import OptionalDeckSpecField
from matches.bot_kinds import BOT_KINDS
from matches.models import Seat
from rulesets import registry
from rulesets.shapes import kind_schema, option_shape_of
from web.api.strict import JSONObjectField, StrictJSONMixin

PLAYER_HELP = ('"me", a username, "bot:<kind>" (' + ", ".join(BOT_KINDS) + '), or "open" '
               "(anyone may join)")
PLAYER_RE = re.compile(r"^(me|open|bot:[a-z_-]+|[\w.@+-]{1,150})$")


# Option keys only the host writes: a scenario arrives through its own field and always
# makes a sandbox (``matches.services.sandbox``). Sent as options, a scenario started a match
# that looked normal from a position of the creator's choosing.
RESERVED_OPTIONS = ("scenario", "sandbox")


def _object(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise serializers.ValidationError(f"{field}: a JSON object")
    return value


def game_option_problems(ruleset: str, options: dict[str, Any]) -> list[str]:
    """Each game option given with a value of another kind than its game's options say
    (``rulesets/<game>/config_shape.py``): engines that coerce (KGK's ``bool(...)``) took
    ``"simplified_combat": null`` as false. A key the game does not know is left to the
    engine (which refuses it, or ignores it, as it always has)."""
    shape = option_shape_of(ruleset) if ruleset in registry.available() else None
    if shape is None:
        return []
    given = {k: v for k, v in options.items() if k in shape.fields}
    checker = Draft7Validator(kind_schema(shape))    # (every option may be left out)
    return [f"{'.'.join(map(str, e.path))}: {e.message}" for e in checker.iter_errors(given)]


def _options(value: Any, field: str) -> dict[str, Any]:
    """Game options: an object without the host's own keys."""
    value = _object(value, field)
    reserved = [k for k in RESERVED_OPTIONS if k in value]
    if reserved:
        raise serializers.ValidationError(
            f"{field}: {reserved[0]!r} is not an option (a position is set up with the "
            '"scenario" field of a new match, which makes it a sandbox)')
    return value


class SeatRequest(StrictJSONMixin, serializers.Serializer):
    player = serializers.CharField(max_length=160, help_text=PLAYER_HELP)
    deck = OptionalDeckSpecField(help_text=(
        'A saved deck id, {"text": "3 Name\\n..."}, {"code": "..."} or {"cards": [...]}; '
        "omitted: the ruleset's example deck for that seat. Only for rulesets with decks."))

    def validate_player(self, value: str) -> str:
        if not PLAYER_RE.match(value):
            raise serializers.ValidationError(PLAYER_HELP)
        if value.startswith("bot:") and value[4:] not in Seat.BOT_KINDS:
            raise serializers.ValidationError(
                f"bot kinds: {', '.join('bot:' + k for k in Seat.BOT_KINDS)}")
        return value


class MatchCreateRequest(StrictJSONMixin, serializers.Serializer):
    ruleset = serializers.CharField(max_length=40)
    options = JSONObjectField(required=False, default=dict, help_text=(
        'Game options for the ruleset, plus host options: "format" (deck format, default '
        '"practice") and "time_limit_seconds" (a tournament game: 3600).'))
    seats = SeatRequest(many=True, allow_empty=False)
    scenario = serializers.JSONField(required=False, allow_null=True, help_text=(
        'KGK only: a sandbox match from this position (rulesets/kgk/SCENARIOS.md), or the '
        'name of a shipped one ("kg-14-2"). Marked "sandbox" in its options; never a '
        'tournament game.'))

    def validate_options(self, value: Any) -> dict[str, Any]:
        value = _options(value, "options")
        limit = value.get("time_limit_seconds")
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                                  or not 10 <= limit <= 7 * 24 * 3600):
            raise serializers.ValidationError("time_limit_seconds: 10 to 604800")
        fmt = value.get("format")
        if fmt is not None and not isinstance(fmt, str):
            raise serializers.ValidationError("format: a deck format key")
        return value

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        problems = game_option_problems(attrs["ruleset"], attrs.get("options") or {})
        if problems:
            raise serializers.ValidationError({"options": problems})
        return attrs


class JoinRequest(StrictJSONMixin, serializers.Serializer):
    deck = OptionalDeckSpecField()


class ActionRequest(StrictJSONMixin, serializers.Serializer):
    action = serializers.JSONField(help_text="One element of legal-actions, posted as is.")
    expected_version = serializers.IntegerField(required=False, allow_null=True, min_value=0,
                                                help_text="409 when the match has moved on.")
    client_action_id = serializers.CharField(required=False, allow_null=True, max_length=100,
                                             help_text="A repeat returns the first answer.")
    seat = serializers.IntegerField(required=False, allow_null=True, min_value=0, help_text=(
        "Which of your seats acts (only needed when you hold several)."))
    include_legal_actions = serializers.BooleanField(required=False, default=False, help_text=(
        "Answer with this seat's legal actions in the match as it now is (saves a "
        "legal-actions request when the seat acts again)."))

    def validate_action(self, value: Any) -> dict[str, Any]:
        value = _object(value, "action")
        if not isinstance(value.get("type"), str):
            raise serializers.ValidationError('an action is an object with a "type"')
        return value


class ResignRequest(StrictJSONMixin, serializers.Serializer):
    client_action_id = serializers.CharField(required=False, allow_null=True, max_length=100)
    seat = serializers.IntegerField(required=False, allow_null=True, min_value=0)


class AdjudicateRequest(StrictJSONMixin, serializers.Serializer):
    winners = serializers.ListField(child=serializers.IntegerField(min_value=0),
                                    allow_empty=True, max_length=16,
                                    help_text="Winning seats (empty: a draw).")
    note = serializers.CharField(required=False, allow_blank=True, max_length=500)


class SimulationRequest(StrictJSONMixin, serializers.Serializer):
    ruleset = serializers.CharField(max_length=40)
    games = serializers.IntegerField(min_value=1, max_value=10_000)
    seed = serializers.CharField(required=False, max_length=100)
    players = serializers.IntegerField(required=False, min_value=1, max_value=16)
    decks = serializers.ListField(child=OptionalDeckSpecField(), required=False, max_length=16,
                                  help_text="One deck spec per entrant (rulesets with decks).")
    bots = serializers.ListField(child=serializers.ChoiceField(choices=list(Seat.BOT_KINDS)),
                                 required=False, max_length=16)
    options = JSONObjectField(required=False, default=dict)
    chunk_size = serializers.IntegerField(required=False, min_value=1, max_value=1000)

    def validate_options(self, value: Any) -> dict[str, Any]:
        return _options(value, "options")

    validate = MatchCreateRequest.validate


# ---------------------------------------------------------------- responses (schema)

class OutcomeOut(serializers.Serializer):
    """How a finished match ended, the same shape for every game (``rulesets.base.Outcome``)."""

    winners = serializers.ListField(child=serializers.IntegerField(), help_text=(
        "Seat indices of the winners (several for a shared win)."))
    reason = serializers.CharField(help_text=(
        "Why it ended, a short code: the game's own (KGK `colony_empty`, `most_points`, ...), "
        "or `resigned` (a loss on time too), `adjudicated` (an organiser decided)."))
    scores = serializers.ListField(child=serializers.FloatField(), allow_null=True, help_text=(
        "One number per seat where the game keeps score (Űrcsempészek's and Pulsar's "
        "points, Roll's victory points), null where it does not (KGK) and for an "
        "adjudicated match. Points are whole numbers, sent as JSON numbers: read them as "
        "numbers, not by their spelling (Űrcsempészek's are written `12.0`)."))
    tiebreak = serializers.ListField(child=serializers.CharField(), help_text=(
        "The tie-breaks applied, in order, when the scores tied."))
    details = serializers.DictField(help_text=(
        "Game-specific facts (Űrcsempészek: the score breakdown per seat; an adjudication: "
        "the organiser's note)."))


class SeatOut(serializers.Serializer):
    index = serializers.IntegerField()
    player = serializers.CharField()
    bot = serializers.CharField()
    open = serializers.BooleanField()
    deck_name = serializers.CharField()


class MatchSummaryOut(serializers.Serializer):
    id = serializers.IntegerField()
    ruleset = serializers.CharField()
    title = serializers.CharField()
    status = serializers.CharField()
    version = serializers.IntegerField()
    to_act = serializers.ListField(child=serializers.IntegerField())
    seats = SeatOut(many=True)
    outcome = OutcomeOut(allow_null=True)
    created = serializers.DateTimeField()
    url = serializers.CharField()


class TurnDeadlineOut(serializers.Serializer):
    """A turn-based match's move due: who must move, by when, and each seat's reserve."""

    to_act = serializers.ListField(child=serializers.IntegerField(min_value=0), help_text=(
        "The seats that must move by the deadline."))
    deadline = serializers.DateTimeField(help_text=(
        "When the move's own time runs out (ISO-8601 UTC, `Z`). Past it the late seat "
        "draws on its reserve; when that is spent too, it loses (or a bot moves for it, as "
        "the match was created)."))
    version = serializers.IntegerField(min_value=0, help_text=(
        "The match version the deadline was set at: it is set in the transaction of the "
        "move that made it due, so an answer naming that version carries it."))
    reserve_ms = serializers.ListField(child=serializers.IntegerField(min_value=0), help_text=(
        "Per seat: milliseconds of reserve left when the deadline was set."))


class ClocksOut(serializers.Serializer):
    """The match's clocks (``store.clock_view``): each seat's time used, which are running,
    the match's time limit, and a turn-based match's deadline."""

    used_ms = serializers.ListField(child=serializers.IntegerField(), help_text=(
        "Per seat: milliseconds it has been to act (its running clock included)."))
    running = serializers.ListField(child=serializers.IntegerField(min_value=0), help_text=(
        "Seats whose clocks run now (those to act)."))
    time_limit_seconds = serializers.IntegerField(allow_null=True, min_value=0, help_text=(
        "The match's time limit, if it has one."))
    remaining_ms = serializers.IntegerField(allow_null=True, min_value=0, help_text=(
        "Milliseconds left of the time limit (null: none)."))
    time_up = serializers.BooleanField(help_text=(
        "The limit has passed: no more moves; the organiser decides the result."))
    turn = TurnDeadlineOut(allow_null=True, help_text=(
        "A turn-based match's move due (null: a live match, or none due)."))


class MatchOut(MatchSummaryOut):
    seat = serializers.IntegerField(allow_null=True, help_text="The seat this view is for.")
    your_seats = serializers.ListField(child=serializers.IntegerField())
    your_turn = serializers.BooleanField()
    view = serializers.DictField(allow_null=True)
    clocks = ClocksOut()
    event_count = serializers.IntegerField()
    options = serializers.DictField()
    seed_hash = serializers.CharField()
    seed = serializers.CharField(allow_null=True, help_text="Revealed when the match ends.")
    can_adjudicate = serializers.BooleanField()
    started = serializers.DateTimeField(allow_null=True)
    finished = serializers.DateTimeField(allow_null=True)
    invitations = serializers.ListField(child=inline_serializer("Invitation", fields={
        "seat": serializers.IntegerField(), "username": serializers.CharField(),
        "status": serializers.ChoiceField(["pending", "accepted", "declined"])}),
        help_text="Seats kept for invited players (while the match is open).")


class LegalActionsOut(serializers.Serializer):
    ruleset = serializers.CharField(help_text="The match's game.")
    version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    to_act = serializers.ListField(child=serializers.IntegerField())
    actions = serializers.ListField(child=serializers.DictField())


class NumberedEvent(serializers.Serializer):
    n = serializers.IntegerField()
    event = serializers.DictField()


class ActionOut(serializers.Serializer):
    ruleset = serializers.CharField(help_text="The match's game.")
    seq = serializers.IntegerField()
    version = serializers.IntegerField()
    kind = serializers.CharField()
    seat = serializers.IntegerField(allow_null=True)
    events = NumberedEvent(many=True)
    status = serializers.CharField()
    to_act = serializers.ListField(child=serializers.IntegerField())
    outcome = OutcomeOut(allow_null=True)
    legal_actions = LegalActionsOut(required=False, help_text=(
        "Only with include_legal_actions: what legal-actions would answer now (for a "
        "repeated request: now, not when it was first applied)."))


class EventsOut(serializers.Serializer):
    ruleset = serializers.CharField(help_text="The match's game.")
    events = NumberedEvent(many=True)
    last = serializers.IntegerField(help_text="Pass as ?after= next time.")
    more = serializers.BooleanField()
    version = serializers.IntegerField()
    status = serializers.CharField()
    to_act = serializers.ListField(child=serializers.IntegerField(), help_text=(
        "Seats whose decision it is now: a client waiting for its turn can long-poll "
        "again without asking for its legal actions."))
    legal_actions = LegalActionsOut(required=False, help_text=(
        "Only with include_legal_actions: what legal-actions answers at ``version``."))
    clocks = ClocksOut(required=False, help_text=(
        "The match's clocks as this answer was read (every event of the match stream "
        "carries them); left out only of a long-poll's answer that nothing happened."))


class VerifyOut(serializers.Serializer):
    ok = serializers.BooleanField()
    version = serializers.IntegerField()
    log_length = serializers.IntegerField()
    gap_free = serializers.BooleanField()
    state_matches = serializers.BooleanField(required=False)
    events_match = serializers.BooleanField(required=False)
    outcome_matches = serializers.BooleanField(required=False)
    seed_hash_matches = serializers.BooleanField(required=False)


class ReplayOut(serializers.Serializer):
    match = serializers.IntegerField()
    ruleset = serializers.CharField()
    config = serializers.DictField()
    seed = serializers.CharField()
    seed_hash = serializers.CharField()
    log = serializers.ListField(child=serializers.DictField())
    outcome = OutcomeOut(allow_null=True)


class RulesetOut(serializers.Serializer):
    name = serializers.CharField()
    title = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    uses_decks = serializers.BooleanField()


class SimulationSummary(serializers.Serializer):
    """The games played so far: how many finished, shared wins, each entrant's wins and
    win rate, the average length (actions) and the count of each way a game ended."""

    games = serializers.IntegerField()
    finished = serializers.IntegerField()
    unfinished = serializers.IntegerField()
    shared_wins = serializers.IntegerField()
    # (one entrant: a seat, or a deck or bot compared across seats; `label` is a field's
    # own attribute name, so this one is declared inline)
    entrants = serializers.ListField(child=inline_serializer("SimulationEntrant", fields={
        "entrant": serializers.IntegerField(), "label": serializers.CharField(),
        "wins": serializers.IntegerField(),
        "win_rate": serializers.FloatField(allow_null=True, help_text="Null before any game."),
        "ci95": serializers.ListField(child=serializers.FloatField(), help_text=(
            "The win rate's 95% Wilson interval: low, high."))}))
    average_length = serializers.FloatField(allow_null=True, help_text="Null before any game.")
    reasons = serializers.DictField(child=serializers.IntegerField(), help_text=(
        "How each game ended (the outcome's reason) → games."))


class SimulationOut(serializers.Serializer):
    id = serializers.IntegerField()
    ruleset = serializers.CharField()
    status = serializers.CharField()
    games = serializers.IntegerField()
    games_done = serializers.IntegerField()
    progress = serializers.FloatField()
    summary = SimulationSummary()
    players = serializers.IntegerField()
    bots = serializers.ListField(child=serializers.CharField(), help_text=(
        "The bot of each seat (or of each entrant)."))
    labels = serializers.ListField(child=serializers.CharField(), help_text=(
        "Each entrant's label as you may see it."))
    seed = serializers.CharField()
    chunks = inline_serializer("SimulationChunks", fields={
        "total": serializers.IntegerField(), "done": serializers.IntegerField()},
        help_text="The parts the games are played in, and how many are done.")
    error = serializers.CharField(allow_null=True, help_text="Why it failed, if it did.")
    created = serializers.DateTimeField()
    finished = serializers.DateTimeField(allow_null=True)
