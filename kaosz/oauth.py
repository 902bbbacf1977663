"""Apps acting for a person: OAuth 2 authorization code with PKCE (django-oauth-toolkit),
one scope per feature, beside the personal tokens (``kaosz.api.auth``), which stay.

A person registers an app on ``/account/apps/`` (a name and its redirect addresses; a
public app, such as a bot on someone's laptop or a mobile client, has no secret and must
use PKCE, which the server requires of every app). The app sends the person to
``/oauth/authorize/`` with the scopes it wants; the consent page says in both languages
what each allows; the app trades the code and its PKCE verifier for a bearer token at
``/oauth/token/``. A bearer token reaches only what its scopes allow: ``read`` every read,
and each change by feature (``required_scope``); anything else answers 403
``insufficient_scope``."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods
from drf_spectacular.contrib.django_oauth_toolkit import DjangoOAuthToolkitScheme
from oauth2_provider.contrib.rest_framework import OAuth2Authentication
from oauth2_provider.generators import generate_client_secret
from oauth2_provider.models import get_application_model
from oauth2_provider.views import AuthorizationView
from rest_framework import exceptions

from kaosz.oauth_scopes import SCOPES, required_scope
from web.csp import HEADER as CSP_HEADER
from web.csp import policy_for
from web.numbers import whole


class InsufficientScope(exceptions.PermissionDenied):
    error_code = "insufficient_scope"  # (web.api.errors uses it as the error's code)


class ScopedOAuth2Authentication(OAuth2Authentication):
    """``Authorization: Bearer <token>`` from an OAuth app, held to its scopes."""

    def authenticate(self, request: Any) -> tuple[Any, Any] | None:
        # Only a bearer header is an app's token (tokens in the query string are refused,
        # RFC 9700 4.3.2): any other request skips oauthlib, which would build the
        # request's absolute URI and so validate its host for nothing.
        if request.META.get("HTTP_AUTHORIZATION", "")[:7].lower() != "bearer ":
            return None
        found = super().authenticate(request)
        if found is None:
            return None
        _user, token = found
        needed = required_scope(request.method, request.path)
        if needed is None or not token.allow_scopes([needed]):
            raise InsufficientScope(
                f"this app's token does not carry the scope this needs ({needed or 'none'}): "
                "authorize the app again with it" if needed else
                "an app's token cannot do this: sign in on the site")
        return found


class ScopedOAuth2Scheme(DjangoOAuthToolkitScheme):
    """The schema's ``oauth2`` scheme (authorization code flow, the scopes), each operation
    naming the one scope it needs (``required_scope``)."""

    target_class = "kaosz.oauth.ScopedOAuth2Authentication"

    def get_security_requirement(
            self, auto_schema: Any) -> dict[str, list[Any]] | list[dict[str, list[Any]]]:
        scope = required_scope(auto_schema.method.upper(), auto_schema.path)
        return {str(self.name): [scope]} if scope else []  # ([]: no app token may)


class ConsentView(AuthorizationView):
    """django-oauth-toolkit's authorization step with the site's consent page; the page
    may send its form on to the app's own address (its redirect URI)."""

    template_name = "oauth2_provider/authorize.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["scope_words"] = [(s, *SCOPES[s]) for s in context.get("scopes", [])
                                  if s in SCOPES]
        return context

    def render_to_response(self, context: dict[str, Any], **kwargs: Any) -> HttpResponse:
        response = super().render_to_response(context, **kwargs)
        target = urlsplit(str(context.get("redirect_uri") or ""))
        if target.scheme in ("http", "https") and target.netloc:
            # (a browser holds a form's redirect to the CSP's form-action too)
            response[CSP_HEADER] = policy_for(self.request, response).replace(
                "form-action 'self'", f"form-action 'self' {target.scheme}://{target.netloc}")
        return response


@login_required
@require_http_methods(["GET", "POST"])
def apps_page(request: HttpRequest) -> HttpResponse:
    """Register an app (a name, its redirect addresses, public or confidential), list
    yours, remove one. A confidential app's secret is shown once, as a token's key is."""
    Application = get_application_model()
    new_secret = request.session.pop("account_apps_new_secret", None) \
        if request.method == "GET" else None
    error = None
    if request.method == "POST":
        if "remove" in request.POST:
            raw = request.POST["remove"]
            if whole(raw) is not None:
                Application.objects.filter(user=request.user, pk=raw).delete()
            return redirect("account-apps")
        name = request.POST.get("name", "").strip()[:255]
        uris = " ".join(u for u in request.POST.get("redirect_uris", "").split() if u)
        kind = request.POST.get("client_type")
        if not name or not uris or "\x00" in name + uris or kind not in (
                Application.CLIENT_PUBLIC, Application.CLIENT_CONFIDENTIAL):
            error = "invalid"
        elif not all(_acceptable_redirect(u) for u in uris.split()):
            error = "redirect"
        else:
            secret = generate_client_secret()
            Application.objects.create(
                user=request.user, name=name, client_type=kind, redirect_uris=uris,
                authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
                client_secret=secret, algorithm="")
            if kind == Application.CLIENT_CONFIDENTIAL:
                request.session["account_apps_new_secret"] = secret
            return redirect("account-apps")
    apps = Application.objects.filter(user=request.user).order_by("-created")
    response = render(request, "account/apps.html", {
        "apps": apps, "new_secret": new_secret, "error": error,
        "scopes": [(s, hu, en) for s, (hu, en) in SCOPES.items()],
        "public": Application.CLIENT_PUBLIC, "confidential": Application.CLIENT_CONFIDENTIAL})
    if new_secret:
        response["Cache-Control"] = "no-store"  # the secret must not sit in a cache
    return response


def _acceptable_redirect(uri: str) -> bool:
    """An https address, or http to this machine (an app on the person's own computer)."""
    parts = urlsplit(uri)
    if parts.scheme == "https" and parts.netloc:
        return True
    return parts.scheme == "http" and (parts.hostname or "") in ("127.0.0.1", "localhost",
                                                                 "::1")
