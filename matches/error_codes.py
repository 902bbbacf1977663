"""The error codes of matches: creating, seating, playing, watching, simulations and
the sandbox.

Each entry is a :class:`web.error_catalogue.ErrorCode`, registered by the app's ``ready()``.
"""

from __future__ import annotations

from web.error_catalogue import ErrorCode

CODES: dict[str, ErrorCode] = {
    "unknown_ruleset": ErrorCode(
        400,
        meaning="No such ruleset; `details.allowed` lists them.",
        hu="Ismeretlen játék.",
        en="Unknown game.",
    ),
    "ruleset_unavailable": ErrorCode(
        503,
        meaning="The ruleset cannot be loaded on this server.",
        hu="Ez a játék most nem érhető el.",
        en="This game is not available now.",
    ),
    "bad_players": ErrorCode(
        400,
        meaning="Wrong number of seats for this ruleset; `details.min/max`.",
        hu="Ennyi játékossal ez a játék nem játszható.",
        en="This game cannot be played with that many players.",
    ),
    "bad_config": ErrorCode(
        400,
        meaning="The game options are not valid for this ruleset.",
        hu="A játék ezekkel a beállításokkal nem indítható.",
        en="The game cannot start with these options.",
    ),
    "unknown_player": ErrorCode(
        400,
        meaning="No active user by that name.",
        hu="Nincs ilyen felhasználó.",
        en="No such user.",
    ),
    "not_open": ErrorCode(
        409,
        meaning="The match has no open seat.",
        hu="Ebben a meccsben nincs szabad hely.",
        en="This match has no open seat.",
    ),
    "already_started": ErrorCode(
        409,
        meaning="The match has already started.",
        hu="A verseny már elindult.",
        en="The tournament has already started.",
    ),
    "match_not_started": ErrorCode(
        409,
        meaning="The match has not started yet.",
        hu="A meccs még nem kezdődött el.",
        en="The match has not started yet.",
    ),
    "match_not_finished": ErrorCode(
        409,
        meaning="A replay is available once the match ends.",
        hu="A meccs még nem ért véget.",
        en="The match has not finished yet.",
    ),
    "not_your_seat": ErrorCode(
        403,
        meaning="That seat is not yours; `details.your_seats`.",
        hu="Ez nem a te helyed.",
        en="That is not your seat.",
    ),
    "not_a_player": ErrorCode(
        403,
        meaning="Only a seated player may act.",
        hu="Nem vagy játékos ebben a versenyben.",
        en="You are not a player here.",
    ),
    "illegal_action": ErrorCode(
        422,
        meaning="Not a legal action now (`details` names the engine's code and rule); fetch "
                "`legal-actions` again.",
        hu="Ez a lépés most nem szabályos.",
        en="That move is not legal now.",
    ),
    "match_finished": ErrorCode(
        409,
        meaning="The match is over: no more actions.",
    ),
    "version_conflict": ErrorCode(
        409,
        meaning="`expected_version` is not the match's version: someone moved first; re-read "
                "and retry.",
        hu="Közben változott a játék állása; frissítsd az oldalt.",
        en="The game moved on meanwhile; reload the page.",
    ),
    "idempotency_key_reused": ErrorCode(
        409,
        meaning="This seat used this `client_action_id` for another action (or kind); the same "
                "action again answers the first answer (`expected_version` and "
                "`include_legal_actions` are not compared: a retry may be sent as is).",
        hu="Ezt a lépésazonosítót már egy másik lépéshez használtad.",
        en="That move id was already used for another move.",
    ),
    "time_up": ErrorCode(
        409,
        meaning="The match's time limit is over.",
        hu="Lejárt az idő.",
        en="Time is up.",
    ),
    "invitation_not_found": ErrorCode(
        404,
        meaning="No pending invitation for you in this match.",
    ),
    "too_many_waiters": ErrorCode(
        429,
        meaning="Too many open long-polls from this client; close some.",
    ),
    "too_many_games": ErrorCode(
        400,
        meaning="More games than one simulation may run; `details`.",
    ),
    "too_many_simulations": ErrorCode(
        429,
        meaning="Too many of your simulations are running; wait for one.",
    ),
    "simulation_ended": ErrorCode(
        409,
        meaning="The simulation has already ended.",
    ),
    "too_many_bot_matches": ErrorCode(
        429,
        meaning="Too many matches between bots only are running (yours, or on the whole "
                "server); `details`.",
        hu="Túl sok csak gépi játékosokkal folyó meccs fut; várd meg, amíg egy véget ér.",
        en="Too many matches between bots only are running; wait for one to end.",
    ),
    "bad_scenario": ErrorCode(
        400,
        meaning="The scenario cannot be set up: `details.code` is the game's own code, "
                "`details.field` the path of the field, `details.reason` (for the game's "
                "catch-all codes) the rule of the document it breaks, and the values it names "
                "beside them.",
    ),
    "scenario_not_supported": ErrorCode(
        400,
        meaning="This ruleset takes no scenario (only kgk does).",
    ),
    "bad_seating": ErrorCode(
        400,
        meaning="A sandbox's seating is `both` or a seat number below the number of seats (the "
                "set-up-a-position page).",
    ),
}
