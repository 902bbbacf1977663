import sys

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model, login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.views import PasswordResetView
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET

from kaosz import readiness
from web import db_outage, rate_limits
from web.api.errors import error_body, json_404, json_500
from web.templatetags.kaosz_tags import tr


@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness: the process answers. Touches nothing else (the benchmarks' baseline too)."""
    return JsonResponse({"ok": True})


@require_GET
def readyz(request: HttpRequest) -> JsonResponse:
    """Readiness: the database, Redis, the Celery broker, the workers of each queue and beat,
    each ``ok``, ``down`` (with the error) or ``not_configured``; 503 when a required one
    (``KAOSZ_READY_REQUIRES``, or named in ``?require=``) is down."""
    checks = readiness.check_all()
    # ?require=worker_bots,beat: a probe of its own for the workers' deployment (the site
    # itself stays ready when only a worker is down; KAOSZ_READY_REQUIRES can name them too)
    asked = {p.strip() for p in request.GET.get("require", "").split(",") if p.strip()}
    required = set(settings.READY_REQUIRES) | (asked & set(checks))
    ready = all(c["status"] != "down" for name, c in checks.items() if name in required)
    for name, c in checks.items():
        c["required"] = name in required
    return JsonResponse({"ok": ready, "checks": checks}, status=200 if ready else 503)


class SignupForm(UserCreationForm):
    """Django's sign-up form with an e-mail address: the password reset link goes there."""

    email = forms.EmailField(max_length=254)

    # (django-stubs leave out UserCreationForm.Meta, which Django defines)
    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined]
        model = get_user_model()
        fields = ("username", "email")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["email"].label = tr("E-mail-cím", "E-mail address")
        self.fields["email"].help_text = tr(
            "Ide küldjük a linket, ha elfelejted a jelszavad.",
            "We send the link here if you forget your password.")

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip()
        if get_user_model().objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(tr("Ezzel az e-mail-címmel már van fiók.",
                                           "An account with this e-mail address exists."))
        return email


def _next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or "/"
    ok = url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                         require_https=request.is_secure())
    return target if ok else "/"


def too_many(request: HttpRequest, bucket: str) -> HttpResponse:
    """The page for a repeated action over its limit (``web.rate_limits``): 429."""
    seconds = rate_limits.retry_after(bucket)
    response = render(request, "registration/too_many.html",
                      {"minutes": max(1, seconds // 60)}, status=429)
    response["Retry-After"] = str(seconds)
    return response


def signup(request: HttpRequest) -> HttpResponse:
    address = rate_limits.client_address(request)
    if request.method == "POST" and rate_limits.spent("signup", address):
        return too_many(request, "signup")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        rate_limits.spend("signup", address)  # (accounts made, not forms sent)
        # The project's own backend (AUTHENTICATION_BACKENDS): a backend not in that list
        # makes the session anonymous again at the next request.
        login(request, user, backend=settings.AUTHENTICATION_BACKENDS[0])
        return redirect(_next(request))
    return render(request, "registration/signup.html",
                  {"form": form, "next": request.GET.get("next", "")})


class ThrottledPasswordResetView(PasswordResetView):
    """Django's reset form, sending at most so many e-mails per address of the sender and
    per e-mail address typed (``KAOSZ_RATE_LIMITS``): each one is an e-mail the site sends
    to whoever is named. Counted whether or not an account has that address, so the answer
    tells nothing about which addresses have accounts."""

    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        typed = (request.POST.get("email") or "").strip().lower()[:254]
        if not rate_limits.spend("password_reset", rate_limits.client_address(request)):
            return too_many(request, "password_reset")
        if typed and not rate_limits.spend("password_reset_email", typed):
            return too_many(request, "password_reset_email")
        return super().post(request, *args, **kwargs)


def not_found(request: HttpRequest, exception=None) -> HttpResponse:
    if request.path.startswith("/api/"):
        return json_404(request, exception)
    return render(request, "404.html", status=404)


def _pool_saturated() -> bool:
    """Whether the exception being handled is the database pool's "no connection free in
    time" (``DB_POOL_MAX``): the server is busy, not broken."""
    exc = sys.exc_info()[1]
    while exc is not None:
        if type(exc).__name__ == "PoolTimeout":
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def _database_unavailable(request: HttpRequest) -> HttpResponse:
    """503 for a database that cannot be reached (``web.db_outage``): the error shape on
    the API, a page of its own elsewhere (rendered without the request: the site's base
    template would ask the database for the user)."""
    seconds = db_outage.RETRY_AFTER_SECONDS
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(error_body(
            "database_unavailable", "The database cannot be reached; nothing was applied. "
            "Try again in a few seconds.", {"retry_after_seconds": seconds}), status=503)
    else:
        response = HttpResponse(render_to_string("503.html", {"seconds": seconds}),
                                status=503)
    response["Retry-After"] = str(seconds)
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    # (a pool timeout is an OperationalError too: the busy answer first)
    if db_outage.handling_outage() and not _pool_saturated():
        return _database_unavailable(request)
    if _pool_saturated():
        response: HttpResponse = JsonResponse(error_body(
            "server_busy", "The server is busy; try again in a few seconds.",
            {"retry_after_seconds": 2}), status=503)
        if not request.path.startswith("/api/"):
            response = HttpResponse(
                "<h1>A szerver most túlterhelt / The server is busy</h1>"
                "<p>Próbáld újra néhány másodperc múlva. / Try again in a few seconds.</p>",
                status=503)
        response["Retry-After"] = "2"
        return response
    if request.path.startswith("/api/"):
        return json_500(request)
    return HttpResponse("<h1>500</h1>", status=500)
