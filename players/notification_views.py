"""Turn e-mail settings: a page for the signed-in person, and the unsubscribe
link of every mail (a signed token: it works signed out; a GET only asks, a POST
unsubscribes, so a mail scanner opening links changes nothing; the one-click POST of
RFC 8058 works too)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from kaosz.signed_in import SignedInRequest
from players import notify


@login_required
@require_http_methods(["GET", "POST"])
def settings_page(request: SignedInRequest) -> HttpResponse:
    saved = False
    if request.method == "POST":
        notify.set_wants_mail(request.user, request.POST.get("email_turns") == "on")
        saved = True
    return render(request, "players/notifications.html", {
        "email_turns": notify.mail_setting(request.user),
        "has_email": bool(request.user.email), "saved": saved})


@csrf_exempt   # the token is the authority (it names the user and is signed); no session
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    user = notify.user_of_token(token)
    if user is None:
        return render(request, "players/unsubscribe.html", {"bad": True}, status=404)
    done = False
    if request.method == "POST":
        notify.set_wants_mail(user, False)
        done = True
    return render(request, "players/unsubscribe.html", {"done": done, "token": token})
