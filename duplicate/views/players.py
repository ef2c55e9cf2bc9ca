"""Public, read-only player pages: a player's events (``/players/<pk>/``) and the club ladder
(``/players/ladder/``), read from the published standings (``duplicate.selectors.player_history``).

Each page runs a fixed number of queries whatever the number of events and players: a player's page two (the
player, their pairs with their events and standings), the ladder two (the standings with a percentage, the
players' names); a bad ladder choice shows the form's error and no ladder.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from duplicate.forms.ladder import LadderForm
from duplicate.ladder_tables import LadderTable, PlayerEventsTable
from duplicate.models import Player
from duplicate.selectors import viewer_of
from duplicate.selectors.pair_rows import club_public_name
from duplicate.selectors.player_history import club_ladder, is_hidden, player_events, public_player_name
from duplicate.tables import configure


@require_safe
def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A player's page; a visitor is refused (404) the page of a player who keeps their name from visitors,
    or whose personal data was erased: their events and partners would name them."""
    director = viewer_of(request).director
    player = get_object_or_404(
        Player.objects.annotate(club_choice=club_public_name()).only(
            "pk", "name", "erased_at", "public_name"
        ),
        pk=pk,
    )
    club_choice = getattr(player, "club_choice", None)  # annotated: the club's default
    erased = player.erased_at is not None
    if not director and (
        erased or is_hidden(choice=player.public_name, club_choice=club_choice, director=False)
    ):
        raise Http404("This player's results are not public")
    events = player_events(player=player, director=director)
    if not director and not events:  # a roster entry who has played nothing: not a public page
        raise Http404("This player has played no event")
    table = configure(request, PlayerEventsTable(events))
    return render(
        request,
        "duplicate/player.html",
        {
            "player_name": public_player_name(
                name=player.name,
                erased=player.erased_at is not None,
                choice=player.public_name,
                club_choice=club_choice,
                director=director,
                stand_in="",
            ),
            "table": table,
            "player_pk": player.pk,
            "erased": erased,
            "events": events,
            "finished": sum(1 for e in events if e.place is not None),
        },
    )


@require_safe
def player_ladder(request: HttpRequest) -> HttpResponse:
    form = LadderForm(request.GET)
    context: dict[str, object] = {"form": form}
    if form.is_valid():
        ladder = club_ladder(
            last=form.cleaned_data["last"],
            minimum=form.cleaned_data["min"],
            director=viewer_of(request).director,
        )
        context["ladder"] = ladder
        if ladder.ranked:
            context["table"] = configure(request, LadderTable(ladder.ranked, prefix="ranked-"))
        if ladder.unranked:
            context["unranked_table"] = configure(
                request, LadderTable(ladder.unranked, prefix="unranked-", exclude=("rank", "note"))
            )
    return render(request, "duplicate/ladder.html", context)
