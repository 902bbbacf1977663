"""The account page for personal API tokens: create (the key shown once), list, revoke.

Creating is POST/redirect/GET: the new key rides in the session to the next GET, which shows
it once and forgets it, so reloading the page never creates a second token."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from kaosz.api.tokens import issue, revoke
from kaosz.models import ApiToken
from web.api.errors import ApiError
from web.numbers import whole
from web.signed_in import SignedInRequest

# The session slot that carries a just-created key to the page that shows it once.
NEW_KEY = "account_tokens_new_key"


@login_required
@require_http_methods(["GET", "POST"])
def tokens_page(request: SignedInRequest) -> HttpResponse:
    new_key = request.session.pop(NEW_KEY, None) if request.method == "GET" else None
    error = None
    if request.method == "POST":
        if "revoke" in request.POST:
            raw = request.POST["revoke"]
            token = ApiToken.objects.filter(user=request.user, pk=raw).first() \
                if whole(raw) is not None else None
            if token is not None:
                revoke(token)
            return redirect("account-tokens")
        name = request.POST.get("name", "").strip()[:100]
        scope = request.POST.get("scope")
        if not name or scope not in (ApiToken.READ, ApiToken.WRITE) or "\x00" in name:
            error = "invalid"
        else:
            try:
                _, key = issue(request.user, name, scope)
            except ApiError:
                error = "too_many"
            else:
                request.session[NEW_KEY] = key
                return redirect("account-tokens")
    tokens = ApiToken.objects.filter(user=request.user)
    response = render(request, "account/tokens.html",
                      {"tokens": tokens, "new_key": new_key, "error": error})
    if new_key:
        response["Cache-Control"] = "no-store"  # the key must not sit in a cache
    return response
