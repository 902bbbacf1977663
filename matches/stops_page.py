"""The account page for a person's own stops: the kinds of KGK window they want to be
asked at in every match (the table changes one match's; rulesets/kgk/stops.py)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from matches.store.stops import account_ask, policy, set_account_stops
from web.signed_in import SignedInRequest

# What each kind of window is, in both languages (the API's help says the same).
KIND_WORDS = {
    "own": ("a saját kijátszásom, fizetésem vagy képességem után",
            "after my own card, payment or ability"),
    "aimed": ("ha az ellenfél lapja vagy képessége engem vagy a lapomat célozza",
              "when an opponent's card or ability names me or a card of mine"),
    "combat": ("ha az ellenfél támadást jelent be", "when an opponent declares an attack"),
    "opponent": ("az ellenfél bármely más kijátszása, fizetése vagy képessége után",
                 "after any other card, payment or ability of an opponent"),
    "step": ("a kör elején és végén, húzás, fejlesztés, lefordított lerakás után",
             "at the start and end of a turn, after a draw, a development, a face-down play"),
}


@login_required
@require_http_methods(["GET", "POST"])
def stops_page(request: SignedInRequest) -> HttpResponse:
    stops = policy()
    kinds = list(stops.kinds) if stops is not None else []
    saved = False
    if request.method == "POST":
        set_account_stops(request.user, [k for k in kinds if request.POST.get(k) == "on"])
        saved = True
    ask = account_ask(request.user)
    return render(request, "matches/stops.html", {
        "kinds": [(k, KIND_WORDS[k][0], KIND_WORDS[k][1], k in ask) for k in kinds],
        "saved": saved})
