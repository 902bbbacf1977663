"""The one table from a domain refusal's code to the HTTP status the API answers it with.

Domain code (``kaosz.domain.DomainError``: the stores and services) knows no HTTP; the API
edge (``kaosz.api.errors.exception_handler``) looks the code up here. A code not listed is
a refusal of the request as sent: 400.
"""

from __future__ import annotations

from kaosz.domain import DomainError

STATUS: dict[str, int] = {
    "not_found": 404,
    "not_your_seat": 403,
    "not_a_player": 403,
    "not_open": 409,
    "match_finished": 409,
    "match_not_started": 409,
    "version_conflict": 409,
    "time_up": 409,
    "idempotency_key_reused": 409,
    "illegal_action": 422,
    "too_many_bot_matches": 429,
    "too_many_simulations": 429,
    "ruleset_unavailable": 503,
    # tournaments (matches.tournaments.services: TournamentError)
    "not_authenticated": 401,
    "not_organiser": 403,
    "not_your_entry": 403,
    "not_your_table": 403,
    "decklists_not_published": 403,
    "final_started": 409,
    "registration_closed": 409,
    "already_registered": 409,
    "name_taken": 409,
    "deck_locked": 409,
    "tournament_finished": 409,
    "already_dropped": 409,
    "not_dropped": 409,
    "not_in_swiss": 409,
    "already_started": 409,
    "too_few_players": 409,
    "decks_not_ready": 409,
    "online_entry_incomplete": 409,
    "round_not_finished": 409,
    "not_started": 409,
    "not_in_final": 409,
    "series_not_open": 409,
    "series_decided": 409,
    "no_valid_pairing": 409,
    "all_rounds_played": 409,
    "round_started": 409,
    "not_paired": 409,
    "same_table": 409,
    "pairing_rule_broken": 409,
    "round_finished": 409,
    "round_not_started": 409,
    "round_incomplete": 409,
    "pairing_in_progress": 409,
    "result_final": 409,
    "online_table": 409,
}


def status_of(exc: DomainError) -> int:
    return STATUS.get(exc.code, 400)

