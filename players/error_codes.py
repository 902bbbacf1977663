"""The error codes of challenges, rematches and turn-based matches.

Each entry is a :class:`web.error_catalogue.ErrorCode`, registered by the app's ``ready()``.
"""

from __future__ import annotations

from web.error_catalogue import ErrorCode

CODES: dict[str, ErrorCode] = {
    "too_many_challenges": ErrorCode(
        429,
        meaning="You have as many open challenges as allowed (`details.max_yours`); withdraw "
                "one or wait.",
        hu="Már annyi nyitott kihívásod van, amennyi lehet; vonj vissza egyet, vagy várd meg, "
           "hogy elfogadják.",
        en="You have as many open challenges as allowed; withdraw one or wait for it to be "
           "accepted.",
    ),
    "too_many_turn_matches": ErrorCode(
        429,
        meaning="You have as many unfinished turn-based matches as allowed "
                "(`details.max_yours`).",
        hu="Már annyi levelezős játszmád fut, amennyi lehet; előbb fejezz be egyet.",
        en="You have as many turn-based matches as allowed; finish one first.",
    ),
    "rating_too_low": ErrorCode(
        403,
        meaning="The challenge asks a higher rating (`details.min_rating`).",
        hu="Ez a kihívás ennél magasabb értékszámot kér.",
        en="This challenge asks a higher rating.",
    ),
    "own_challenge": ErrorCode(
        409,
        meaning="The challenge is yours; another player accepts it.",
        hu="Ez a saját kihívásod; egy másik játékos fogadhatja el.",
        en="This challenge is yours; another player accepts it.",
    ),
    "no_rematch": ErrorCode(
        409,
        meaning="The match is not finished, or is a sandbox or tournament game.",
        hu="Ehhez a játszmához nincs visszavágó (még folyik, homokozó vagy verseny).",
        en="This match has no rematch (still running, a sandbox or a tournament game).",
    ),
    "not_abortable": ErrorCode(
        409,
        meaning="Every player has made a first move (or the match is not running): the "
                "match can be resigned, not aborted.",
        hu="Ezt a játszmát már nem lehet megszakítani: mindenki lépett; feladni lehet.",
        en="This match can no longer be aborted: everyone has moved; you may resign.",
    ),
    "challenge_options": ErrorCode(
        400,
        meaning="`rated`, `seek`, `min_rating` and `time_control` are a challenge's options: "
                "make the match with `POST /api/v1/challenges/` (`details.use`), which checks "
                "them and the challenge caps.",
        hu="Értékelt, nyitott vagy levelezős játszmát kihívásként indíts.",
        en="Make a rated, open or turn-based match as a challenge.",
    ),
}
