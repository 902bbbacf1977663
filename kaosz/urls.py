from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView
from django.views.i18n import set_language
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from cards.api import urls as cards_api
from decks.api import urls as decks_api
from kaosz import views
from matches.api import urls as matches_api
from matches.tournaments.api import urls as tournaments_api

# One flat list, in the order the includes had: a pattern that does not match is passed
# over, while an include that does not match raises (and catches) an exception listing
# everything it tried, a cost every match action paid for the card routes before it.
api_v1 = [
    *cards_api.urlpatterns,
    *matches_api.urlpatterns,
    *decks_api.urlpatterns,
    *tournaments_api.urlpatterns,
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
    # Browsers ask for /favicon.ico on every page whatever the page links to.
    path("favicon.ico", RedirectView.as_view(url=static("favicon.svg"), permanent=True)),
    path("", include("decks.urls")),
    path("", include("matches.urls")),
    path("", include("matches.tournaments.urls")),
    path("", include("cards.urls")),
]

handler404 = "kaosz.views.not_found"
handler500 = "kaosz.views.server_error"
