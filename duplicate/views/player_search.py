"""The roster's type-ahead: the players a seat's text may mean, for the names pages' script
(``static/js/roster_search.js``). Directors only: the roster holds membership numbers."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from duplicate.selectors.players import player_search
from scoring.player_text import PlayerTextError, parse_player_text

# The longest query read (a seat's text is at most 160 characters).
MAX_QUERY = 160
# The options offered at most.
OPTIONS = 10


def search_text(query: str) -> str:
    """What a seat's text is searched by: its membership number when it has one, else its name ("Ann Lee
    (EBU 12" while still typed: "Ann Lee")."""
    try:
        seat = parse_player_text(query[:MAX_QUERY])
    except PlayerTextError:
        return query[:MAX_QUERY].split("(")[0].strip()
    return seat.number or seat.name


@never_cache
@require_GET
def player_search_json(request: HttpRequest) -> JsonResponse:
    """``{"players": [{"pk", "label", "fill", "guest"}, ...]}``: up to ten roster players whose number starts
    with, or whose name contains, ``q`` (members first); ``fill`` is the text that names the player in a seat
    ("Ann Lee (EBU 123456)", "Bo Diaz (guest)": a guest, never a member of that name). One query besides the
    session's."""
    if not request.user.is_staff:
        return JsonResponse({"error": _("Sign in as a director to search the roster.")}, status=403)
    options = player_search(query=search_text(request.GET.get("q", "")), limit=OPTIONS)
    return JsonResponse(
        {
            "players": [
                {
                    "pk": option.pk,
                    "label": option.label,
                    "fill": option.label,  # what names the player in a seat (scoring.player_text)
                    "guest": option.is_guest,
                }
                for option in options
            ]
        }
    )
