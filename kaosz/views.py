from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from kaosz.api.errors import json_404, json_500


@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """The trivial endpoint benchmarks compare against."""
    return JsonResponse({"ok": True})


def signup(request: HttpRequest) -> HttpResponse:
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect("/")
    return render(request, "registration/signup.html", {"form": form})


def not_found(request: HttpRequest, exception=None) -> HttpResponse:
    if request.path.startswith("/api/"):
        return json_404(request, exception)
    return render(request, "404.html", status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    if request.path.startswith("/api/"):
        return json_500(request)
    return HttpResponse("<h1>500</h1>", status=500)
