"""Turn e-mail settings: a page for the signed-in person, and the unsubscribe
link of every mail (a signed token: it works signed out; a GET only asks, a POST
unsubscribes, so a mail scanner opening links changes nothing; the one-click POST of
RFC 8058 works too)."""

from __future__ import annotations

import zoneinfo

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from kaosz.models import SeatInvitation
from players.models import NotificationSetting
from players.notifications import kept, outbox
from web.signed_in import SignedInRequest

# The zones offered first (the rest are typed: any IANA name).
COMMON_ZONES = ["Europe/Budapest", "Europe/London", "Europe/Berlin", "Europe/Bucharest",
                "America/New_York", "America/Los_Angeles", "Asia/Tokyo", "UTC"]


@login_required
@require_http_methods(["GET", "POST"])
def settings_page(request: SignedInRequest) -> HttpResponse:
    saved, error = False, False
    if request.method == "POST":
        zone = (request.POST.get("time_zone") or "Europe/Budapest").strip()
        if zone not in zoneinfo.available_timezones():
            error = True
        else:
            NotificationSetting.objects.update_or_create(user=request.user, defaults={
                "email_turns": request.POST.get("email_turns") == "on",
                "email_invitations": request.POST.get("email_invitations") == "on",
                "time_zone": zone})
            saved = True
    setting = NotificationSetting.objects.filter(user=request.user).first() or \
        NotificationSetting(user=request.user)
    return render(request, "players/notifications.html", {
        "email_turns": setting.email_turns, "email_invitations": setting.email_invitations,
        "time_zone": setting.time_zone, "zones": COMMON_ZONES, "zone_error": error,
        "has_email": bool(request.user.email), "saved": saved},
        status=400 if error else 200)


@login_required
def inbox_page(request: SignedInRequest) -> HttpResponse:
    """Everything that needs you; what is shown is marked seen (after rendering it)."""
    inbox = kept.inbox(request.user)
    pending = set(SeatInvitation.objects.filter(user=request.user,
                                                status=SeatInvitation.PENDING)
                  .values_list("match_id", flat=True))
    response = render(request, "players/inbox.html", {"inbox": inbox, "pending": pending})
    kept.mark_seen(request.user, [n["id"] for n in inbox["notifications"]])
    return response


@csrf_exempt   # the token is the authority (it names the user and is signed); no session
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    user = outbox.user_of_token(token)
    if user is None:
        return render(request, "players/unsubscribe.html", {"bad": True}, status=404)
    done = False
    if request.method == "POST":
        outbox.set_wants_mail(user, False)
        NotificationSetting.objects.filter(user=user).update(email_invitations=False)
        done = True
    return render(request, "players/unsubscribe.html", {"done": done, "token": token})
