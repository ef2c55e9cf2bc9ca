"""The app's URL patterns, by feature (config.urls includes them). Templates and tests reverse the names."""

from django.urls import path, re_path
from django.views.generic import RedirectView

from duplicate.views import (
    audit,
    board_entry,
    championships,
    entry,
    entry_rounds,
    events,
    exports,
    live,
    player_search,
    players,
    recap,
    roster,
    standings,
    tokens,
)

event_patterns = [
    path("", events.home, name="home"),
    path("events/new/", events.event_create, name="event_create"),
    path("events/import/", events.event_import, name="event_import"),
    path("events/import/<str:token>/", events.event_import_progress, name="event_import_progress"),
    path("events/<int:pk>/", events.event_detail, name="event_detail"),
    path("events/<int:pk>/export.json", exports.event_export, name="event_export"),
    path("events/<int:pk>/finish/", events.event_finish, name="event_finish"),
    path("events/<int:pk>/reopen/", events.event_reopen, name="event_reopen"),
    path("events/<int:pk>/sections/add/", events.section_add, name="section_add"),
    path("events/<int:pk>/ranking/", events.event_ranking, name="event_ranking"),
    path("events/<int:pk>/published/", events.event_published, name="event_published"),
    path("events/<int:pk>/results-source/", events.event_results_source, name="event_results_source"),
    path("events/<int:pk>/awards/", events.event_awards, name="event_awards"),
    path("events/<int:pk>/running-totals/", events.event_running_totals, name="event_running_totals"),
    path("events/<int:pk>/confirm-results/", events.event_confirm_results, name="event_confirm_results"),
    path("events/<int:pk>/lead-cards/", events.event_lead_cards, name="event_lead_cards"),
    path("events/<int:pk>/butler-datum/", events.event_butler_datum, name="event_butler_datum"),
    path("events/<int:pk>/movement/", events.event_movement, name="event_movement"),
    path("events/<int:pk>/pairs/", events.event_pairs, name="event_pairs"),
    path("events/<int:pk>/pairs/names/", events.event_names, name="event_names"),
    path("events/<int:pk>/pairs/<int:pair_pk>/edit/", events.pair_edit, name="pair_edit"),
    path("events/<int:pk>/boards/", events.event_boards, name="event_boards"),
    # The roster's type-ahead on the names pages (directors only).
    path("players/search.json", player_search.player_search_json, name="player_search"),
]

# Result entry: by table and round, table links (tokens), round agreement.
entry_patterns = [
    path("events/<int:pk>/entry/", entry_rounds.entry_index, name="entry_index"),
    path(
        "events/<int:pk>/entry/<str:letter>/<int:round>/<int:table>/", entry.entry_table, name="entry_table"
    ),
    path(
        "events/<int:pk>/entry/<str:letter>/<int:round>/<int:table>/preview/",
        entry.entry_preview,
        name="entry_preview",
    ),
    path(
        "events/<int:pk>/entry/<str:letter>/<int:round>/agree/",
        entry_rounds.entry_round_agree,
        name="entry_round_agree",
    ),
    path("events/<int:pk>/boards/enter/", board_entry.board_entry_first, name="board_entry_first"),
    path("events/<int:pk>/boards/<int:number>/enter/", board_entry.board_entry, name="board_entry"),
    path("events/<int:pk>/tokens/", tokens.entry_tokens, name="entry_tokens"),
    path("t/<str:secret>/", entry.entry_token, name="entry_token"),
    path("t/<str:secret>/preview/", entry.entry_token_preview, name="entry_token_preview"),
    path("t/<str:secret>/confirm/", entry.entry_token_confirm, name="entry_token_confirm"),
    path("t/<str:secret>/boards/<int:number>/", entry.entry_token_traveller, name="entry_token_traveller"),
]

# Standings pages: public and read-only.
standings_patterns = [
    path("events/<int:pk>/standings/", standings.event_standings, name="event_standings"),
    # A score card by the pair's number (text: "1", "A1"; after the pages above: "names" is theirs); the
    # address by database id that came first now sends there.
    path(
        "events/<int:pk>/pairs/<int:pair_pk>/card/",
        standings.pair_scorecard_by_id,
        name="pair_scorecard_by_id",
    ),
    path("events/<int:pk>/pairs/<path:number>/", standings.pair_scorecard, name="pair_scorecard"),
    path("events/<int:pk>/boards/<int:number>/", standings.board_traveller, name="board_traveller"),
    path("events/<int:pk>/recap/", recap.event_recap, name="event_recap"),
]

# Championships of sessions: each session an event of its own; the championship's page and overall standings.
championship_patterns = [
    path("championships/", championships.championship_list, name="championship_list"),
    path("championships/new/", championships.championship_create, name="championship_create"),
    path("championships/<int:pk>/", championships.championship_detail, name="championship_detail"),
    path("championships/<int:pk>/sessions/add/", championships.session_add, name="championship_session_add"),
    path("championships/<int:pk>/export.json", championships.championship_file, name="championship_file"),
    path(
        "championships/<int:pk>/sessions/attach/",
        championships.session_attach,
        name="championship_session_attach",
    ),
    path(
        "championships/<int:pk>/sessions/<int:event_pk>/detach/",
        championships.session_detach,
        name="championship_session_detach",
    ),
    path(
        "championships/<int:pk>/standings/",
        championships.championship_standings,
        name="championship_standings",
    ),
    re_path(
        r"^championships/(?P<pk>[0-9]+)/download/overall\.(?P<fmt>csv|xlsx|json|xml)$",
        championships.championship_download,
        name="championship_download",
    ),
]

# Live: what the pages' script polls (results changed?), and the venue display for a screen in the room.
live_patterns = [
    path("events/<int:pk>/version/", live.event_version, name="event_version"),
    path("events/<int:pk>/boards/<int:number>/version/", live.board_version, name="board_version"),
    path("events/<int:pk>/display/", live.event_display, name="event_display"),
    path("events/<int:pk>/display/clock/", live.event_round_clock, name="event_round_clock"),
]

# Downloads: printouts (PDF) and spreadsheets (xlsx, CSV); public and read-only.  The standings download, which
# writes a team match too, is teams.urls'.
export_patterns = [
    path("events/<int:pk>/download/travellers.pdf", exports.download_travellers, name="download_travellers"),
    path("events/<int:pk>/download/recap.pdf", recap.download_recap, name="download_recap"),
    path("events/<int:pk>/download/results.csv", exports.download_results_csv, name="download_results_csv"),
    re_path(
        r"^events/(?P<pk>[0-9]+)/download/(?P<what>hands|results)\.pbn$",
        exports.download_hands,
        name="download_hands",
    ),
    path("events/<int:pk>/download/usebio.xml", exports.download_usebio, name="download_usebio"),
    path("events/<int:pk>/download/workbook.xlsx", exports.download_workbook, name="download_workbook"),
    re_path(
        r"^events/(?P<pk>[0-9]+)/download/(?P<kind>scorecards|guide-cards|hand-records)\.pdf$",
        exports.download_printout,
        name="download_printout",
    ),
]

# A player's page and the club ladder: public, read from the published standings.
player_patterns = [
    path("players/ladder/", players.player_ladder, name="player_ladder"),
    path("players/<int:pk>/", players.player_detail, name="player_detail"),
]

# The event history and undo (law E's audit trail).
audit_patterns = [
    path("events/<int:pk>/history/", audit.event_history, name="event_history"),
    path("events/<int:pk>/history/<int:change_pk>/undo/", audit.change_undo, name="change_undo"),
    path("events/<int:pk>/history/names/<int:entry_pk>/undo/", audit.names_undo, name="names_undo"),
]

# The club's roster, for directors (a player's public page, /players/<pk>/, and the ladder are not these).
roster_patterns = [
    path("players/", roster.roster, name="roster"),
    path("players/add/", roster.player_add, name="player_add"),
    path("players/<int:pk>/edit/", roster.player_edit, name="player_edit"),
    path("players/<int:pk>/merge/", roster.player_merge_page, name="player_merge"),
    path("players/<int:pk>/erase/", roster.player_erase_page, name="player_erase"),
    path("players/import/", roster.players_import_page, name="players_import"),
    path("players/export.csv", roster.players_export, name="players_export"),
    path("players/club/", roster.club_edit, name="club_edit"),
]

# The admin's own sign-in form is not throttled, so "admin/login/" (matched before config.urls reaches "admin/")
# sends people, with their ?next=, to the one sign-in page that is (duplicate.security); a POST there checks
# no password.
admin_login_patterns = [
    path("admin/login/", RedirectView.as_view(pattern_name="login", query_string=True), name="admin_login"),
]

urlpatterns = [
    *event_patterns,
    *entry_patterns,
    *standings_patterns,
    *championship_patterns,
    *live_patterns,
    *export_patterns,
    *audit_patterns,
    *player_patterns,
    *roster_patterns,
    *admin_login_patterns,
]
