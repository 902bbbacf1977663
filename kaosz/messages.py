"""What an API refusal says to a person on a page, Hungarian first.

The API's JSON keeps its English ``message`` (clients may show or log it); a page shows the
sentence for the error's ``code`` from this table in the page's language, and never the
code itself. A code missing here falls back to a general Hungarian sentence with the API's
English words after it, so nothing is ever lost; the table is meant to cover every code a
page can meet (``tests/pages/test_site_bugs.py`` checks the common ones).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language

# code -> (magyar, English)
ERRORS: dict[str, tuple[str, str]] = {
    "invalid": ("Érvénytelen adat.", "Invalid input."),
    "invalid_parameter": ("Érvénytelen paraméter.", "Invalid parameter."),
    "malformed_request": ("A kérés nem olvasható.", "The request cannot be read."),
    "not_found": ("Nincs ilyen.", "Not found."),
    "permission_denied": ("Ehhez nincs jogod.", "You may not do that."),
    "not_authenticated": ("Ehhez be kell lépned.", "Log in to do that."),
    "method_not_allowed": ("Ez a művelet itt nem engedélyezett.", "That is not allowed here."),
    # decks
    "deck_input": ("Adj meg egy paklit: listát, lapokat vagy paklikódot.",
                   "Give a deck: a list, cards or a deck code."),
    "deck_code_invalid": ("A paklikód nem olvasható.", "That deck code cannot be read."),
    "deck_invalid": ("A pakli nem szabályos ebben a formátumban.",
                     "The deck is not legal in this format."),
    "deck_required": ("Ehhez a helyhez pakli kell: a gyakorló pakli ebben a formátumban "
                      "nem szabályos.",
                      "This seat needs a deck: the practice deck is not legal in this format."),
    "deck_not_found": ("Nincs ilyen pakli, amelyet használhatnál.",
                       "No such deck that you may use."),
    "deck_not_used": ("Ezt a játékot pakli nélkül játsszák.", "This game is played without decks."),
    "deck_unknown_cards": ("Néhány lap nincs a katalógusban.", "Some cards are not in the catalogue."),
    "deck_locked": ("A paklik a verseny indulásakor lezárultak.",
                    "Deck lists are locked at the start."),
    "unknown_format": ("Ismeretlen formátum.", "Unknown format."),
    # matches
    "unknown_ruleset": ("Ismeretlen játék.", "Unknown game."),
    "ruleset_unavailable": ("Ez a játék most nem érhető el.", "This game is not available now."),
    "bad_players": ("Ennyi játékossal ez a játék nem játszható.",
                    "This game cannot be played with that many players."),
    "bad_config": ("A játék ezekkel a beállításokkal nem indítható.",
                   "The game cannot start with these options."),
    "unknown_player": ("Nincs ilyen felhasználó.", "No such user."),
    "not_open": ("Ebben a meccsben nincs szabad hely.", "This match has no open seat."),
    "not_your_seat": ("Ez nem a te helyed.", "That is not your seat."),
    "match_not_started": ("A meccs még nem kezdődött el.", "The match has not started yet."),
    "match_not_finished": ("A meccs még nem ért véget.", "The match has not finished yet."),
    "illegal_action": ("Ez a lépés most nem szabályos.", "That move is not legal now."),
    "version_conflict": ("Közben változott a játék állása; frissítsd az oldalt.",
                         "The game moved on meanwhile; reload the page."),
    "time_up": ("Lejárt az idő.", "Time is up."),
    "idempotency_key_reused": ("Ezt a lépésazonosítót már egy másik lépéshez használtad.",
                               "That move id was already used for another move."),
    # tournaments
    "registration_closed": ("A nevezés lezárult.", "Registration is closed."),
    "already_registered": ("Már neveztél.", "Already registered."),
    "name_taken": ("Ilyen nevű játékos már nevezett.", "A player of that name is registered."),
    "account_required": ("Online versenyre csak felhasználói fiókkal lehet nevezni.",
                         "An online tournament needs player accounts."),
    "not_your_entry": ("Ezt a nevezést csak a játékos vagy a szervező módosíthatja.",
                       "Only the player or the organiser may change this entry."),
    "not_organiser": ("Ezt csak a szervező teheti meg.", "Only the organiser may do that."),
    "already_started": ("A verseny már elindult.", "The tournament has already started."),
    "too_few_players": ("Túl kevés a játékos.", "Too few players."),
    "decks_not_ready": ("Nem minden játékosnak van szabályos paklija.",
                        "Not every player has a legal deck."),
    "not_in_swiss": ("Most nem a svájci fordulók folynak.", "The Swiss rounds are not running."),
    "round_started": ("A forduló már elkezdődött.", "The round has already started."),
    "round_not_started": ("A forduló még nem kezdődött el.", "The round has not started yet."),
    "round_not_finished": ("Az előző forduló még nem ért véget.",
                           "The previous round has not finished."),
    "round_finished": ("A forduló már véget ért.", "The round has already finished."),
    "round_incomplete": ("Még hiányzik eredmény ebből a fordulóból.",
                         "Results are still missing in this round."),
    "all_rounds_played": ("Minden tervezett forduló lement.", "Every planned round is played."),
    "no_valid_pairing": ("Nincs szabályos párosítás.", "No valid pairing exists."),
    "pairing_in_progress": ("A párosítás folyamatban van.", "Pairing is in progress."),
    "invalid_result": ("Válassz eredményt, például 2-1.", "Choose a result such as 2-1."),
    "result_final": ("Ez az eredmény már végleges.", "This result is already final."),
    "tournament_finished": ("A verseny véget ért.", "The tournament is over."),
    "already_dropped": ("Már kiszálltál.", "Already dropped."),
    "not_your_table": ("Ez nem a te asztalod.", "That is not your table."),
    "not_a_player": ("Nem vagy játékos ebben a versenyben.", "You are not a player here."),
    "not_in_final": ("Nem vagy a döntőben.", "You are not in the final."),
    "online_table": ("Ezt az asztalt a szerveren játsszák.", "This table is played on the server."),
    "online_entry_incomplete": ("Egy online nevezésből hiányzik a fiók vagy a pakli.",
                                "An online entry lacks an account or a deck."),
    "series_not_open": ("Ez a sorozat nem nyitott.", "This series is not open."),
    "series_decided": ("Ez a sorozat már eldőlt.", "This series is decided."),
    "decklists_not_published": ("A paklilisták csak a verseny után nyilvánosak.",
                                "Deck lists are published only after the event."),
    "final_started": ("A döntő már kialakult; a mérete nem változtatható.",
                      "The cut has been made; the final's size cannot change."),
    "not_dropped": ("Ez a játékos nem szállt ki.", "This player has not dropped."),
    "not_paired": ("Ez a játékos nincs ebben a fordulóban párosítva.",
                   "This player is not paired in this round."),
    "not_started": ("A verseny még nem indult el.", "The tournament has not started."),
    "pairing_rule_broken": ("Ez a csere megszeg egy párosítási szabályt; fogadd el kifejezetten, "
                            "ha mégis így akarod.",
                            "This change breaks a pairing rule; accept it explicitly if you "
                            "want it anyway."),
    "same_table": ("Ők már egymás ellen játszanak.", "They already play each other."),
    "trf_too_large": ("A verseny túl nagy a TRF exporthoz.", "The event is too large for TRF."),
    # pages' own form checks
    "not_a_number": ("Számot adj meg.", "Give a number."),
    # issue 27 (edge hardening)
    "database_unavailable": ("Az adatbázis most nem érhető el; próbáld újra néhány másodperc "
                             "múlva.", "The database cannot be reached; try again in a few "
                             "seconds."),
    "too_many_invalid_tokens": ("Túl sok érvénytelen API-token erről a címről; várj egy kicsit.",
                                "Too many invalid API tokens from this address; wait a while."),
    "session_required": ("API-tokent csak belépve, a fiókoldalon lehet készíteni.",
                         "API tokens are made on the account page, signed in."),
    "too_many_pending": ("Túl sok beküldésed vár ellenőrzésre.",
                         "Too many of your contributions are waiting for review."),
    "too_many_bot_matches": ("Túl sok csak gépi játékosokkal folyó meccs fut; várd meg, amíg "
                             "egy véget ér.", "Too many matches between bots only are "
                             "running; wait for one to end."),
    # challenges, rematches, turn-based matches (issue 30)
    "too_many_challenges": ("Már annyi nyitott kihívásod van, amennyi lehet; vonj vissza egyet, "
                            "vagy várd meg, hogy elfogadják.", "You have as many open "
                            "challenges as allowed; withdraw one or wait for it to be accepted."),
    "too_many_turn_matches": ("Már annyi levelezős játszmád fut, amennyi lehet; előbb fejezz be "
                              "egyet.", "You have as many turn-based matches as allowed; "
                              "finish one first."),
    "rating_too_low": ("Ez a kihívás ennél magasabb értékszámot kér.",
                       "This challenge asks a higher rating."),
    "own_challenge": ("Ez a saját kihívásod; egy másik játékos fogadhatja el.",
                      "This challenge is yours; another player accepts it."),
    "no_rematch": ("Ehhez a játszmához nincs visszavágó (még folyik, homokozó vagy verseny).",
                   "This match has no rematch (still running, a sandbox or a tournament game)."),
}


# Refusals whose English message names what is wrong (players, rules): a Hungarian page
# shows those words after its own sentence rather than lose them.
KEEP_DETAIL = {"pairing_rule_broken", "same_table", "not_paired"}


def _hu() -> bool:
    return (get_language() or "hu").startswith("hu")


def error_text(code: str, message: str = "") -> str:
    """The sentence a page shows for an error: the table's, in the page's language."""
    known = ERRORS.get(code)
    if _hu():
        if known:
            return f"{known[0]} ({message})" if code in KEEP_DETAIL and message else known[0]
        return f"A kérés nem sikerült. ({message})" if message else "A kérés nem sikerült."
    return message or (known[1] if known else "The request failed.")


def error_of(exc: Any) -> str:
    """The sentence for an ``ApiError`` (or anything with ``error_code``/``code`` and
    ``message``)."""
    code = getattr(exc, "error_code", None) or getattr(exc, "code", "") or ""
    return error_text(str(code), str(getattr(exc, "message", "") or ""))
