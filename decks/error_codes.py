"""The error codes of deck input and validation.

Each entry is a :class:`web.error_catalogue.ErrorCode`, registered by the app's ``ready()``.
"""

from __future__ import annotations

from web.error_catalogue import ErrorCode

CODES: dict[str, ErrorCode] = {
    "unknown_format": ErrorCode(
        400,
        meaning="No such deck format; `GET /api/v1/formats/` lists them.",
        hu="Ismeretlen formátum.",
        en="Unknown format.",
    ),
    "deck_input": ErrorCode(
        400,
        meaning="Give the deck as `text`, `cards` or `code`.",
        hu="Adj meg egy paklit: listát, lapokat vagy paklikódot.",
        en="Give a deck: a list, cards or a deck code.",
    ),
    "deck_code_invalid": ErrorCode(
        400,
        meaning="The deck code cannot be decoded.",
        hu="A paklikód nem olvasható.",
        en="That deck code cannot be read.",
    ),
    "deck_unknown_cards": ErrorCode(
        400,
        meaning="Cards in the deck are not in the catalogue.",
        hu="Néhány lap nincs a katalógusban.",
        en="Some cards are not in the catalogue.",
    ),
    "deck_not_found": ErrorCode(
        400,
        meaning="The `deck` named in the request is no saved deck you may use (yours, or "
                "published).",
        hu="Nincs ilyen pakli, amelyet használhatnál.",
        en="No such deck that you may use.",
    ),
    "deck_invalid": ErrorCode(
        400,
        meaning="The deck is not legal in the format; `details.validation`.",
        hu="A pakli nem szabályos ebben a formátumban.",
        en="The deck is not legal in this format.",
    ),
    "deck_not_used": ErrorCode(
        400,
        meaning="This ruleset is played without decks.",
        hu="Ezt a játékot pakli nélkül játsszák.",
        en="This game is played without decks.",
    ),
    "deck_required": ErrorCode(
        400,
        meaning="A deck is required here.",
        hu="Ehhez a helyhez pakli kell: a gyakorló pakli ebben a formátumban nem szabályos.",
        en="This seat needs a deck: the practice deck is not legal in this format.",
    ),
    "deck_unplayable": ErrorCode(
        400,
        meaning="The deck is legal, but the rules engine cannot play some of its cards yet "
                "(a printed value nobody has entered): `details.cards` names each with its "
                "reasons and the page where the value is contributed.",
        hu="A pakli szabályos, de néhány lapját a játékmotor még nem tudja játszani, mert "
           "hiányzik egy nyomtatott értéke; a lapokat lent találod, az értéket beküldheted.",
        en="The deck is legal, but the engine cannot play some of its cards yet: a printed "
           "value is missing. The cards are named below; you can contribute the value.",
    ),
}
