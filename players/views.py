"""The players' pages: a leaderboard per game, a page per player."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from matches.bot_kinds import bot_name
from players import mine, queries
from players.errors import PlayersError
from players.ratings.chart import rating_svg
from players.turns.timecontrol import FAMILIES, LIVE


def _hu() -> bool:
    return (get_language() or "hu").startswith("hu")


def family_name(family: str, hu: bool) -> str:
    names = {"live": ("élő", "live"), "turn": ("levelezős (körönkénti)", "turn-based")}
    pair = names.get(family, (family, family))
    return pair[0] if hu else pair[1]


def leaderboards(request: HttpRequest) -> HttpResponse:
    """Open on the board where players are (not on an empty game while another has some)."""
    game, family = queries.busiest_board()
    url = reverse("leaderboard", kwargs={"game": game})
    return redirect(url if family == LIVE else f"{url}?family={family}")


def leaderboard(request: HttpRequest, game: str) -> HttpResponse:
    family = request.GET.get("family", LIVE)
    try:
        rows = queries.leaderboard(game, family)
    except PlayersError as exc:
        raise Http404(exc.message) from exc
    hu = _hu()
    titles = queries.game_titles()
    return render(request, "players/leaderboard.html", {
        "game": game, "title": titles[game], "family": family, "rows": rows,
        "games": sorted(titles.items()),
        "families": [(f, family_name(f, hu)) for f in FAMILIES],
        "family_label": family_name(family, hu)})


def _opponent(label: str, hu: bool) -> str:
    return bot_name(label[4:], hu) if label.startswith("bot:") else label


def player(request: HttpRequest, username: str) -> HttpResponse:
    try:
        user = queries.player_of(username)
    except PlayersError as exc:
        raise Http404(exc.message) from exc
    hu = _hu()
    titles = queries.game_titles()
    profile = queries.player_profile(user)
    ratings = []
    for r in profile["ratings"]:
        label = f"{titles.get(r['game'], r['game'])} · {family_name(r['family'], hu)}"
        ratings.append({**r, "label": label, "rounded": round(r["rating"]),
                        "last_at": r["history"][-1]["at"] if r["history"] else None,
                        "svg": mark_safe(rating_svg([h["rating"] for h in r["history"]],
                                                    label))})  # (built from numbers)
    results = {"won": ("győzelem", "won"), "lost": ("vereség", "lost"),
               "aborted": ("megszakítva", "aborted"),
               "draw": ("döntetlen", "draw"), None: ("folyamatban", "in progress")}
    recent = [{**m, "title": titles.get(m["game"], m["game"]),
               "result_text": results.get(m["result"], results[None])[0 if hu else 1],
               "opponents": ", ".join(_opponent(o, hu) or "—" for o in m["opponents"])}
              for m in profile["recent_matches"]]
    return render(request, "players/player.html", {
        "player": user, "ratings": ratings, "recent": recent,
        "tournaments": profile["tournaments"], "decks": profile["decks"]})


@login_required
def my_matches(request: HttpRequest) -> HttpResponse:
    titles = queries.game_titles()
    hu = _hu()
    rows = [{**r, "title": titles.get(r["ruleset"], r["ruleset"]),
             "players_text": ", ".join(_opponent(p, hu) or "—" for p in r["players"])}
            for r in mine.my_matches(request.user)]
    return render(request, "players/my_matches.html", {"rows": rows})
