"""Team match pages (law G), the pages of an event of matches (a league, a Swiss: ``teams.match_views``), and
the standings download of every event (a team match's file is this app's)."""

from django.urls import path, re_path

from teams import match_views, views

urlpatterns = [
    path("events/<int:pk>/match/", views.team_match, name="team_match"),
    re_path(
        r"^events/(?P<pk>[0-9]+)/download/standings\.(?P<fmt>csv|xlsx|pdf)$",
        views.download_standings,
        name="download_standings",
    ),
    # An event of matches: created on its own form; its page, draw, swap, matches, teams and guide cards.
    path("events/new/matches/", match_views.matches_event_create, name="matches_event_create"),
    path("events/<int:pk>/matches/", match_views.matches_event, name="matches_event"),
    path("events/<int:pk>/matches/draw/", match_views.matches_draw, name="matches_draw"),
    path("events/<int:pk>/matches/swap/", match_views.matches_swap, name="matches_swap"),
    path("events/<int:pk>/matches/<int:match_pk>/", match_views.match_page, name="matches_match"),
    path("events/<int:pk>/matches/<int:match_pk>/result/", match_views.match_result, name="matches_result"),
    path("events/<int:pk>/matches/display/", match_views.matches_display_page, name="matches_display"),
    path("events/<int:pk>/teams/<int:team_pk>/", match_views.team_page, name="matches_team"),
    path(
        "events/<int:pk>/rounds/<int:round_number>/guide-cards/",
        match_views.guide_cards,
        name="matches_guide_cards",
    ),
    path(
        "events/<int:pk>/rounds/<int:round_number>/guide-cards.pdf",
        match_views.guide_cards_pdf,
        name="matches_guide_cards_pdf",
    ),
    re_path(
        r"^events/(?P<pk>[0-9]+)/download/vp-table\.(?P<fmt>csv|xlsx|json|pdf)$",
        match_views.vp_download,
        name="matches_vp_download",
    ),
]
