from django.contrib import admin
from django.urls import include, path
from django.views.i18n import set_language
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from kaosz import views

api_v1 = [
    path("", include("cards.api.urls")),
    path("", include("matches.api.urls")),
    path("", include("decks.api.urls")),
    path("", include("matches.tournaments.api.urls")),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("schema/ui/", SpectacularSwaggerView.as_view(url_name="schema"), name="schema-ui"),
]

urlpatterns = [
    path("api/v1/", include(api_v1)),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("accounts/signup/", views.signup, name="signup"),
    path("i18n/setlang/", set_language, name="set_language"),
    path("healthz", views.healthz, name="healthz"),
    path("", include("decks.urls")),
    path("", include("matches.urls")),
    path("", include("matches.tournaments.urls")),
    path("", include("cards.urls")),
]

handler404 = "kaosz.views.not_found"
handler500 = "kaosz.views.server_error"
