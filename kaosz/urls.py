from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView
from django.views.i18n import set_language
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerView
from oauth2_provider import urls as oauth_urls
from rest_framework.routers import DefaultRouter

from cards import views as card_views
from cards.api import urls as cards_api
from decks.api import urls as decks_api
from kaosz import account, oauth, views
from kaosz.api import guide, me, tokens
from matches.api import urls as matches_api
from matches.tournaments.api import urls as tournaments_api
from players import api_urls as players_api
from web.api.schema_view import SchemaView
from web.login_throttle import ThrottledLoginView

# One flat list, in the order the includes had: a pattern that does not match is passed
# over, while an include that does not match raises (and catches) an exception listing
# everything it tried, a cost every match action paid for the card routes before it.
tokens_router = DefaultRouter()
tokens_router.include_root_view = False
tokens_router.register("tokens", tokens.TokenViewSet, basename="api-token")

# The match endpoints first: they take most requests, and resolving a path costs a try
# of every pattern before the one that matches (~60 microseconds behind the card API's).
api_v1 = [
    *matches_api.urlpatterns,
    *cards_api.urlpatterns,
    *decks_api.urlpatterns,
    *tournaments_api.urlpatterns,
    *players_api.urlpatterns,
    *tokens_router.urls,
    path("me/", me.me, name="api-me"),
    path("schema/", SchemaView.as_view(), name="schema"),
    path("schema/ui/", SpectacularSwaggerView.as_view(url_name="schema"), name="schema-ui"),
    path("schema/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="schema-redoc"),
    path("guide/bot-client.md", guide.bot_client, name="api-guide-bot-client"),
]

urlpatterns = [
    path("api/v1/", include(api_v1)),
    path("admin/", admin.site.urls),
    path("accounts/login/", ThrottledLoginView.as_view(), name="login"),
    path("accounts/password_reset/", views.ThrottledPasswordResetView.as_view(),
         name="password_reset"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("accounts/signup/", views.signup, name="signup"),
    path("account/tokens/", account.tokens_page, name="account-tokens"),
    path("account/apps/", oauth.apps_page, name="account-apps"),
    # OAuth 2 for apps: the consent page is the site's (kaosz.oauth); the token, revoke
    # and introspect endpoints are django-oauth-toolkit's own, in OAuth's error shape.
    path("oauth/", include(([
        path("authorize/", oauth.ConsentView.as_view(), name="authorize"),
        *[p for p in oauth_urls.base_urlpatterns if p.name != "authorize"],
    ], "oauth2_provider"))),
    # The one query-language page (there were two); /cards/syntax/ redirects here.
    path("help/query/", card_views.syntax_help, name="query-language"),
    path("i18n/setlang/", set_language, name="set_language"),
    path("healthz", views.healthz, name="healthz"),
    path("readyz", views.readyz, name="readyz"),
    # Browsers ask for /favicon.ico on every page whatever the page links to.
    path("favicon.ico", RedirectView.as_view(url=static("favicon.svg"), permanent=True)),
    path("", include("decks.urls")),
    path("", include("matches.urls")),
    path("", include("matches.tournaments.urls")),
    path("", include("players.urls")),
    path("", include("cards.urls")),
]

handler404 = "kaosz.views.not_found"
handler500 = "kaosz.views.server_error"
