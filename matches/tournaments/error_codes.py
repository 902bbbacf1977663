"""The error codes of tournaments: registration, rounds, results and the final.

Each entry is a :class:`web.error_catalogue.ErrorCode`, registered by the app's ``ready()``.
"""

from __future__ import annotations

from web.error_catalogue import ErrorCode

CODES: dict[str, ErrorCode] = {
    "deck_locked": ErrorCode(
        409,
        meaning="Decks are locked once the tournament starts.",
        hu="A paklik a verseny indulásakor lezárultak.",
        en="Deck lists are locked at the start.",
    ),
    "decks_not_ready": ErrorCode(
        409,
        meaning="Some entries have no legal deck; `details` lists them.",
        hu="Nem minden játékosnak van szabályos paklija.",
        en="Not every player has a legal deck.",
    ),
    "not_organiser": ErrorCode(
        403,
        meaning="Only the tournament's organiser may do this.",
        hu="Ezt csak a szervező teheti meg.",
        en="Only the organiser may do that.",
    ),
    "registration_closed": ErrorCode(
        409,
        meaning="Registration is closed.",
        hu="A nevezés lezárult.",
        en="Registration is closed.",
    ),
    "already_registered": ErrorCode(
        409,
        meaning="Already registered.",
        hu="Már neveztél.",
        en="Already registered.",
    ),
    "name_taken": ErrorCode(
        409,
        meaning="That name is already entered.",
        hu="Ilyen nevű játékos már nevezett.",
        en="A player of that name is registered.",
    ),
    "not_your_entry": ErrorCode(
        403,
        meaning="That entry is not yours.",
        hu="Ezt a nevezést csak a játékos vagy a szervező módosíthatja.",
        en="Only the player or the organiser may change this entry.",
    ),
    "already_dropped": ErrorCode(
        409,
        meaning="That entry has already dropped.",
        hu="Már kiszálltál.",
        en="Already dropped.",
    ),
    "too_few_players": ErrorCode(
        409,
        meaning="Not enough players to start.",
        hu="Túl kevés a játékos.",
        en="Too few players.",
    ),
    "not_in_swiss": ErrorCode(
        409,
        meaning="The tournament is not in its Swiss rounds.",
        hu="Most nem a svájci fordulók folynak.",
        en="The Swiss rounds are not running.",
    ),
    "round_started": ErrorCode(
        409,
        meaning="The round has started.",
        hu="A forduló már elkezdődött.",
        en="The round has already started.",
    ),
    "round_not_started": ErrorCode(
        409,
        meaning="The round has not started.",
        hu="A forduló még nem kezdődött el.",
        en="The round has not started yet.",
    ),
    "round_not_finished": ErrorCode(
        409,
        meaning="The round has unfinished tables.",
        hu="Az előző forduló még nem ért véget.",
        en="The previous round has not finished.",
    ),
    "round_incomplete": ErrorCode(
        409,
        meaning="The round has unreported results.",
        hu="Még hiányzik eredmény ebből a fordulóból.",
        en="Results are still missing in this round.",
    ),
    "round_finished": ErrorCode(
        409,
        meaning="The round is finished.",
        hu="A forduló már véget ért.",
        en="The round has already finished.",
    ),
    "all_rounds_played": ErrorCode(
        409,
        meaning="Every planned round has been played.",
        hu="Minden tervezett forduló lement.",
        en="Every planned round is played.",
    ),
    "pairing_in_progress": ErrorCode(
        409,
        meaning="A pairing job is running; poll it.",
        hu="A párosítás folyamatban van.",
        en="Pairing is in progress.",
    ),
    "no_valid_pairing": ErrorCode(
        409,
        meaning="No pairing satisfies the rules; pair again with `allow_rematch` / "
                "`allow_second_bye`.",
        hu="Nincs szabályos párosítás.",
        en="No valid pairing exists.",
    ),
    "invalid_result": ErrorCode(
        400,
        meaning="The result is not possible for this table.",
        hu="Válassz eredményt, például 2-1.",
        en="Choose a result such as 2-1.",
    ),
    "result_final": ErrorCode(
        409,
        meaning="The result is confirmed and final.",
        hu="Ez az eredmény már végleges.",
        en="This result is already final.",
    ),
    "tournament_finished": ErrorCode(
        409,
        meaning="The tournament is over.",
        hu="A verseny véget ért.",
        en="The tournament is over.",
    ),
    "not_in_final": ErrorCode(
        409,
        meaning="That player is not in the final.",
        hu="Nem vagy a döntőben.",
        en="You are not in the final.",
    ),
    "series_not_open": ErrorCode(
        409,
        meaning="That final series is not open.",
        hu="Ez a sorozat nem nyitott.",
        en="This series is not open.",
    ),
    "series_decided": ErrorCode(
        409,
        meaning="That final series is decided.",
        hu="Ez a sorozat már eldőlt.",
        en="This series is decided.",
    ),
    "online_table": ErrorCode(
        409,
        meaning="An online table's result comes from its match.",
        hu="Ezt az asztalt a szerveren játsszák.",
        en="This table is played on the server.",
    ),
    "online_entry_incomplete": ErrorCode(
        409,
        meaning="An online entry needs an account and a deck.",
        hu="Egy online nevezésből hiányzik a fiók vagy a pakli.",
        en="An online entry lacks an account or a deck.",
    ),
    "not_your_table": ErrorCode(
        403,
        meaning="That table is not yours.",
        hu="Ez nem a te asztalod.",
        en="That is not your table.",
    ),
    "final_started": ErrorCode(
        409,
        meaning="The cut has been made; the final's size is fixed.",
        hu="A döntő már kialakult; a mérete nem változtatható.",
        en="The cut has been made; the final's size cannot change.",
    ),
    "not_dropped": ErrorCode(
        409,
        meaning="That player has not dropped.",
        hu="Ez a játékos nem szállt ki.",
        en="This player has not dropped.",
    ),
    "not_paired": ErrorCode(
        409,
        meaning="That player is not in this round's pairing.",
        hu="Ez a játékos nincs ebben a fordulóban párosítva.",
        en="This player is not paired in this round.",
    ),
    "same_table": ErrorCode(
        409,
        meaning="Those players already play each other.",
        hu="Ők már egymás ellen játszanak.",
        en="They already play each other.",
    ),
    "pairing_rule_broken": ErrorCode(
        409,
        meaning="The hand change breaks pairing rules (`details.broken`); accept it explicitly "
                "to make it.",
        hu="Ez a csere megszeg egy párosítási szabályt; fogadd el kifejezetten, ha mégis így "
           "akarod.",
        en="This change breaks a pairing rule; accept it explicitly if you want it anyway.",
    ),
    "not_started": ErrorCode(
        409,
        meaning="The tournament has not started (delete it instead).",
        hu="A verseny még nem indult el.",
        en="The tournament has not started.",
    ),
    "decklists_not_published": ErrorCode(
        403,
        meaning="Deck lists are published only after the event, if the organiser chooses.",
        hu="A paklilisták csak a verseny után nyilvánosak.",
        en="Deck lists are published only after the event.",
    ),
    "trf_too_large": ErrorCode(
        422,
        meaning="Too many players for TRF16; `details.limit`.",
        hu="A verseny túl nagy a TRF exporthoz.",
        en="The event is too large for TRF.",
    ),
    "account_required": ErrorCode(
        400,
        meaning="An online tournament's entry needs a player account (`username`); "
                "`details.fields` names it.",
        hu="Online versenyre csak felhasználói fiókkal lehet nevezni.",
        en="An online tournament needs player accounts.",
    ),
}
