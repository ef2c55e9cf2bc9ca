"""Privacy (docs/players.md, "Privacy"): how visitors are shown players' names, and erasure.

The pure rules first; then the walk: a finished contract pair event, a finished law H pair event and a
contract team match, each with players hidden, shown by initials (the club's default) and in full, fetched
by a visitor at every public address of duplicate/urls.py and teams/urls.py (pages, table links, every
download read as text: PDF through pdftotext, xlsx through openpyxl), and by a director; then erasure, the
cache and the event file.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from openpyxl import load_workbook

from duplicate import services
from duplicate.models import Board, Club, Event, Pair, Player, PublicName
from duplicate.privacy import (
    ERASED_NAME,
    effective_choice,
    initials,
    pair_stand_in,
    shown_name,
    shown_number,
    shown_players,
)
from duplicate.selectors.display import display_plan
from duplicate.selectors.events import find_pairs
from duplicate.selectors.pair_rows import pair_infos
from duplicate.services.championships import championship_create, event_attach
from duplicate.services.errors import ServiceError
from duplicate.services.eventfile import event_export, event_import
from duplicate.services.players import (
    events_of_players_touch,
    player_erase,
)
from tests.factories import (
    club_choose,
    contract_event_file,
    imp_match_file,
    make_event,
    public_name_choose,
    rows_by_pair,
    small_file,
)

# ------------------------------------------------------------------------------------------ the rules


def test_initials_keep_the_last_word_whole():
    assert initials("Ann Lee") == "A. Lee"
    assert initials("Jean-Pierre Dupont") == "J.-P. Dupont"
    assert initials("Mary Ann de Vere") == "M. A. d. Vere"
    assert initials("Lee") == "Lee"


def test_a_player_without_a_choice_follows_the_club_and_a_club_without_one_shows_names_in_full():
    assert effective_choice("", "hidden") == "hidden"
    assert effective_choice("initials", "hidden") == "initials"
    assert effective_choice("", "") == PublicName.FULL


def test_shown_name_to_a_visitor_and_to_a_director():
    for choice, visitor in (("full", "Ann Lee"), ("initials", "A. Lee"), ("hidden", "Pair 7")):
        assert shown_name(name="Ann Lee", choice=choice, pair_label="Pair 7", director=False) == visitor
        assert shown_name(name="Ann Lee", choice=choice, pair_label="Pair 7", director=True) == "Ann Lee"
    # An erased player is "Removed player" to everyone, never "R. player" or the pair's label.
    for choice in PublicName.values:
        assert shown_name(name=ERASED_NAME, choice=choice, pair_label="Pair 7", director=False) == ERASED_NAME
    assert shown_name(name="", choice="hidden", pair_label="Pair 7", director=False) == ""


def test_a_pair_both_hidden_is_its_label_once_and_a_team_pair_says_its_team():
    both = (("Ann Lee", "Bob Ray"), ("hidden", ""))
    assert shown_players(*both, club_choice="hidden", stand_in="Pair 7", director=False) == ("Pair 7", "")
    assert shown_players(*both, club_choice="full", stand_in="Pair 7", director=False) == (
        "Pair 7",
        "Bob Ray",
    )
    assert shown_players(*both, club_choice="hidden", stand_in="Pair 7", director=True) == (
        "Ann Lee",
        "Bob Ray",
    )
    assert shown_players(*both, club_choice="initials", stand_in="Pair 7", director=False) == (
        "Pair 7",
        "B. Ray",
    )
    assert shown_players(*both, club_choice=None, stand_in="Pair 7", director=False) == ("Pair 7", "Bob Ray")
    assert pair_stand_in(7) == "Pair 7"
    assert pair_stand_in("A7") == "Pair A7"
    assert pair_stand_in(3, "Lions") == "Lions pair 3"


def test_a_membership_number_is_shown_to_a_visitor_only_with_the_name_in_full():
    assert shown_number(number="123", director=False) == ""  # never a visitor's
    assert shown_number(number="123", director=True) == "123"


# ---------------------------------------------------------------------------------------- the events

HIDDEN = {"name": "Zebedee Quixote", "public_name": "hidden"}
# Words no visitor may read anywhere: the hidden players' names, and the first name of the player shown by
# initials (the club's default: "W. Jarvis").
NEVER_SHOWN = ("xanthe", "mossbanker", "yorick", "pellingham", "zebedee", "quixote", "wilhelmina")


def named(pair: int | str, team: str | None = None) -> list:
    """Pair 1 both hidden; pair 2 one by the club's initials, one in full by choice; pair 3 one in full, one
    hidden; the others follow the club (initials)."""
    return {
        1: [
            {"name": "Xanthe Mossbanker", "public_name": "hidden"},
            {"name": "Yorick Pellingham", "public_name": "hidden"},
        ],
        2: ["Wilhelmina Jarvis", {"name": "Ophelia Kettering", "public_name": "full"}],
        3: [{"name": "Ulysses Vane", "public_name": "full"}, HIDDEN],
    }.get(int(pair), [f"North {pair}", f"South {pair}"])


def with_names(data: dict) -> dict:
    data["pairs"] = [{**pair, "players": named(pair["number"])} for pair in data["pairs"]]
    return data


def events() -> list[Event]:
    """A finished contract pair event (with hands), a finished law H pair event, a contract team match; the
    club shows names by initials."""
    contract = contract_event_file("matchpoints")
    contract["boards"] = [
        {**b, "deal": "N:AKQJ.AKQ.AK.AKQJ T987.JT9.QJT.T98 6543.876.987.765 2.5432.65432.432"}
        for b in contract["boards"]
    ]
    made = [
        event_import(data=with_names(contract)),
        event_import(data=with_names(small_file())),
        event_import(data=with_names(imp_match_file())),
    ]
    for event in made[:2]:
        services.event_finish(event=event)
    # the contract event is session 1 of a championship: its overall pages and downloads are walked too
    championship = championship_create(name="Autumn championship", date=made[0].date, carry_over="totals")
    event_attach(championship=championship, event=made[0])
    club_choose("initials")
    for event in made:
        event.refresh_from_db()
    return made


# --------------------------------------------------------------------------------- every public address

# The addresses of duplicate/urls.py and teams/urls.py no visitor reads a name at: a director's (signed in as
# staff: each redirects a visitor to sign in), a POST, the live versions (a number), the sign-in page.
NOT_WALKED = {
    "event_create",
    "event_import",
    "event_import_progress",
    "event_finish",
    "event_reopen",
    "section_add",
    "event_ranking",
    "event_running_totals",
    "event_confirm_results",
    "entry_token_confirm",  # a table link's Confirm button: a POST (tests/duplicate/test_confirm_views.py)
    "event_names",
    "pair_edit",
    "entry_preview",
    "entry_round_agree",
    "entry_tokens",
    "entry_token_preview",
    "board_entry",  # entry from paper travellers: directors only (tests/duplicate/test_board_entry.py)
    "board_entry_first",
    "event_history",
    "change_undo",
    "names_undo",
    "login",
    "event_version",
    "board_version",
    # the club's roster and settings, and an event's award table: directors only (sign-in required)
    "roster",
    "player_add",
    "player_edit",
    "player_merge",
    "player_erase",
    "players_import",
    "players_export",
    "club_edit",
    "player_search",
    "event_awards",
    "event_round_clock",  # the venue display's round clock: the director's form
    "event_published",  # an imported event's published figures against Kalamazoo's: the director's
    "event_results_source",
    "event_butler_datum",
    # a league's or a Swiss's director's forms (teams.match_views)
    "matches_event_create",
    "matches_draw",
    "matches_swap",
    "matches_result",
    # a championship's new-championship and new-session forms, attaching and taking out a session: directors'
    "championship_create",
    "championship_session_add",
    "championship_session_attach",
    "championship_session_detach",
    "championship_file",  # the championship's file: the director's, everything in it
}
# A league's or a Swiss's public pages and files (404 for the events walked here): walked as a visitor, a
# hidden player's name never found, in tests/teams/test_match_pages.py.
MATCHES_WALKED = {
    "matches_event",
    "matches_match",
    "matches_team",
    "matches_guide_cards",
    "matches_guide_cards_pdf",
    "matches_vp_download",
    "matches_display",
}
# Refused for some kinds of event (404): USEBIO for a law H event, the recap sheet for a team match; and
# a hidden player's own page, to a visitor.
NOT_FOR_EVERY_EVENT = {"download_usebio", "download_recap", "player_detail"}


def app_url_names() -> set[str]:
    def names(patterns) -> Iterator[str]:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                if pattern.app_name in ("admin",):
                    continue
                yield from names(pattern.url_patterns)
            elif (
                isinstance(pattern, URLPattern)
                and pattern.name
                and pattern.callback.__module__.startswith(("duplicate.", "teams."))
            ):
                yield pattern.name

    return set(names(get_resolver().url_patterns))


def public_urls(event: Event) -> list[tuple[str, str]]:
    """Every public address of the event, with the name of its URL pattern."""
    pk = event.pk
    labels = [str(p.label) for p in pair_infos(event).values()]
    numbers = list(Board.objects.filter(event=event).order_by("number").values_list("number", flat=True))
    urls = [
        ("home", reverse("home")),
        ("event_detail", reverse("event_detail", args=[pk])),
        ("event_movement", reverse("event_movement", args=[pk])),
        ("event_pairs", reverse("event_pairs", args=[pk])),
        ("event_boards", reverse("event_boards", args=[pk])),
        ("event_standings", reverse("event_standings", args=[pk])),
        ("event_recap", reverse("event_recap", args=[pk])),
        ("event_recap", reverse("event_recap", args=[pk]) + "?order=pair"),
        ("team_match", reverse("team_match", args=[pk])),
        ("entry_index", reverse("entry_index", args=[pk])),
        ("event_export", reverse("event_export", args=[pk])),
        ("download_travellers", reverse("download_travellers", args=[pk])),
        ("download_recap", reverse("download_recap", args=[pk])),
        ("download_results_csv", reverse("download_results_csv", args=[pk])),
        ("download_usebio", reverse("download_usebio", args=[pk])),
        ("download_workbook", reverse("download_workbook", args=[pk])),
        *(("download_hands", reverse("download_hands", args=[pk, what])) for what in ("hands", "results")),
        *(
            ("download_printout", reverse("download_printout", args=[pk, kind]))
            for kind in ("scorecards", "guide-cards", "hand-records")
        ),
        *(
            ("download_standings", reverse("download_standings", args=[pk, fmt]))
            for fmt in ("csv", "xlsx", "pdf")
        ),
        *(("pair_scorecard", reverse("pair_scorecard", args=[pk, label])) for label in labels),
        *(
            ("pair_scorecard_by_id", reverse("pair_scorecard_by_id", args=[pk, pair_pk]))
            for pair_pk in Pair.objects.filter(event=event).values_list("pk", flat=True)
        ),
        *(("board_traveller", reverse("board_traveller", args=[pk, n])) for n in numbers),
        *(
            ("event_display", reverse("event_display", args=[pk]) + f"?page={page}")
            for page in range(1, display_plan(event).pages + 1)
        ),
        # the players' own pages (a hidden player's is refused: 404) and the club ladder
        *(
            ("player_detail", reverse("player_detail", args=[player_pk]))
            for pair in Pair.objects.filter(event=event).values_list("player1_id", "player2_id")
            for player_pk in pair
            if player_pk is not None
        ),
        ("player_ladder", reverse("player_ladder") + "?last=10&min=1"),
    ]
    if event.championship_id is not None:  # a session: its championship's pages and downloads
        championship = event.championship_id
        urls += [
            ("championship_list", reverse("championship_list")),
            ("championship_detail", reverse("championship_detail", args=[championship])),
            ("championship_standings", reverse("championship_standings", args=[championship])),
            *(
                ("championship_download", reverse("championship_download", args=[championship, fmt]))
                for fmt in ("csv", "xlsx", "json", "xml")
            ),
        ]
    for section in event.sections.all():
        for seating in section.rounds.values_list("number", "seatings__table"):
            urls.append(("entry_table", reverse("entry_table", args=[pk, section.letter, *seating])))
        for table in range(1, section.tables + 1):  # the table links: as visitors (docs/players.md)
            secret = services.table_token_create(section=section, table=table).secret
            urls.append(("entry_token", reverse("entry_token", args=[secret])))
            urls += [
                ("entry_token_traveller", reverse("entry_token_traveller", args=[secret, n])) for n in numbers
            ]
    return urls


def text_of(body: bytes) -> str:
    """What a reader finds in a page or a file: a PDF's text (pdftotext), a workbook's every cell, else the
    text itself; in lower case, its spaces collapsed."""
    if body.startswith(b"%PDF-"):
        text = subprocess.run(
            ["pdftotext", "-", "-"], input=body, capture_output=True, check=True
        ).stdout.decode()
    elif body.startswith(b"PK"):
        book = load_workbook(io.BytesIO(body), read_only=True)
        text = " ".join(
            str(v)
            for sheet in book.worksheets
            for row in sheet.iter_rows(values_only=True)
            for v in row
            if v is not None
        )
    else:
        text = body.decode("utf-8")
    return " ".join(text.split()).lower()


def walk(client: Client, urls: list[tuple[str, str]]) -> dict[str, str]:
    """Every address's text, by address."""
    out = {}
    for name, url in urls:
        response = client.get(url, follow=True)
        if response.status_code == 404 and name in NOT_FOR_EVERY_EVENT:
            continue
        assert response.status_code == 200, (url, response.status_code)
        body = b"".join(response.streaming_content) if response.streaming else response.content
        out[url] = text_of(body)
    return out


def test_the_walk_covers_every_address_of_the_app(db):
    walked = {name for event in events()[:1] for name, _url in public_urls(event)}
    assert app_url_names() == walked | NOT_WALKED | MATCHES_WALKED


def test_a_visitor_finds_no_hidden_name_anywhere_and_a_director_every_name(db, director_client):
    visitor = Client()
    for event in events():
        urls = public_urls(event)
        seen = walk(visitor, urls)
        players_pages = sum(1 for name, _url in urls if name == "player_detail")
        assert (
            len(seen) >= len(urls) - players_pages - 2
        )  # all but USEBIO or the recap, and hidden players' pages
        for url, text in seen.items():
            leaked = [word for word in NEVER_SHOWN if word in text]
            assert not leaked, (url, leaked)
            assert not re.search(r"pair 1 (&amp;|&) (reds )?pair 1\b", text), url  # once, not twice
        standings = seen[reverse("download_standings", args=[event.pk, "csv"])]
        assert "w. jarvis" in standings
        assert "ophelia kettering" in standings
        assert "ulysses vane" in standings
        pairs = seen[reverse("event_pairs", args=[event.pk])]
        if event.kind != "teams":
            assert "<td>pair 1</td>" in seen[reverse("event_standings", args=[event.pk])]
            assert "ulysses vane &amp; pair 3" in pairs
        else:  # a hidden player of a team event: the pair's team and label
            assert "<td>reds pair 1</td>" in pairs
            assert "ulysses vane &amp; blues pair 3" in pairs
        cache.clear()
        full = walk(director_client, urls)
        assert set(seen) <= set(full)
        refused = set(full) - set(seen)  # to a visitor: a hidden player's own page, and what an event lacks
        assert refused
        assert all(url.startswith("/players/") for url in refused)
        for url, text in seen.items():
            if "/display/" in url:  # a screen in the room: a visitor's names whoever is signed in there
                assert full[url] == text
                continue
            if "kettering" in text:  # pair 2 named here: its first player in full for the director
                assert "wilhelmina" in full[url], url
            if "ulysses" in text and not url.endswith(".pdf"):  # (a PDF may cut a long name short)
                assert "zebedee quixote" in full[url], url
        assert "xanthe mossbanker" in full[reverse("event_pairs", args=[event.pk])]


def test_a_visitor_searching_for_a_hidden_name_finds_nothing(db):
    event = events()[0]
    assert find_pairs(event, "Zebedee").matches == ()
    assert find_pairs(event, "Wilhelmina").matches == ()
    assert [m.label for m in find_pairs(event, "Jarvis").matches] == [2]
    assert [m.names for m in find_pairs(event, "Zebedee", director=True).matches] == [
        "Ulysses Vane & Zebedee Quixote"
    ]
    page = Client().get(reverse("event_standings", args=[event.pk]) + "?q=Quixote").content.decode()
    assert "Pair 3: score card" not in page
    assert "Zebedee" not in page
    page = Client().get(reverse("event_detail", args=[event.pk]) + "?q=Jarvis").content.decode()
    assert "Pair 2: score card" in page
    assert "Wilhelmina" not in page


# --------------------------------------------------------------------------------------------- erasure


def test_an_erased_player_is_removed_everywhere_and_no_result_changes(db, director_client):
    event = events()[0]
    player = Pair.objects.get(event=event, number="2").player2  # Ophelia Kettering, in full
    Player.objects.filter(pk=player.pk).update(
        number="123456", body="EBU", club_number="7", email="o@k.example"
    )
    services.pair_names_update(  # her partner changes: the names' history holds her name
        pair=Pair.objects.get(event=event, number="2"),
        player1="Wilhelmina Jarvis-Smith",
        player2="Ophelia Kettering (EBU 123456)",
        user_id=None,
    )
    player.refresh_from_db()
    before = rows_by_pair(event)
    standings_before = Client().get(reverse("download_standings", args=[event.pk, "csv"])).content
    version = Event.objects.get(pk=event.pk).results_version
    player_erase(player=player)
    player.refresh_from_db()
    assert (player.name, player.number, player.body, player.club_number, player.email) == (
        ERASED_NAME,
        "",
        "",
        "",
        "",
    )
    assert player.erased_at is not None
    event.refresh_from_db()
    assert event.results_version > version
    assert rows_by_pair(event) == before  # every place and score as it was
    after = Client().get(reverse("download_standings", args=[event.pk, "csv"])).content
    assert after == standings_before.replace(b"Ophelia Kettering", ERASED_NAME.encode())
    for client in (Client(), director_client):
        for url in (reverse("event_standings", args=[event.pk]), reverse("event_export", args=[event.pk])):
            text = client.get(url).content.decode()
            assert "Kettering" not in text
            assert ERASED_NAME in text
    player_erase(player=player)  # twice: nothing more
    assert Player.objects.get(pk=player.pk).name == ERASED_NAME


def test_erasure_takes_the_name_out_of_the_history_of_names(db, director, director_client):
    event = make_event()
    pair = Pair.objects.get(event=event, number="1")
    services.pair_names_update(pair=pair, player1="Ann Lee", player2="Bob Ray", user_id=director.pk)
    services.pair_names_update(pair=pair, player1="Ann Lee", player2="Bob Rae", user_id=director.pk)
    pair.refresh_from_db()
    player_erase(player=pair.player1)
    history = director_client.get(reverse("event_history", args=[event.pk])).content.decode()
    assert "Ann Lee" not in history
    assert ERASED_NAME in history
    assert "Bob Rae" in history


# ------------------------------------------------------------------------------------------- the cache


def test_a_directors_page_is_never_served_to_a_visitor_nor_the_other_way_round(db, director_client):
    event = events()[0]
    services.event_running_totals_set(event=event, running_totals=True)  # the totals count alike for both
    event.refresh_from_db()
    urls = [
        reverse("event_standings", args=[event.pk]),
        reverse("pair_scorecard", args=[event.pk, 3]),
        reverse("event_recap", args=[event.pk]),
        reverse("download_standings", args=[event.pk, "csv"]),
        reverse("download_printout", args=[event.pk, "scorecards"]),
    ]
    for first, second in ((Client(), director_client), (director_client, Client())):
        cache.clear()
        for url in urls:
            first.get(url)
            shown = text_of(second.get(url).content)
            assert ("zebedee" in shown) is (second is director_client), url


def test_a_change_of_choice_shows_at_once_in_the_events_played(db):
    event = events()[0]
    other = make_event()  # the player never played there: its version stays
    url = reverse("event_standings", args=[event.pk])
    visitor = Client()
    assert "Ophelia Kettering" in visitor.get(url).content.decode()
    player = Player.objects.get(
        name="Ophelia Kettering", pk__in=Pair.objects.filter(event=event).values("player2")
    )
    versions = (
        Event.objects.get(pk=event.pk).results_version,
        Event.objects.get(pk=other.pk).results_version,
    )
    public_name_choose(player, choice="hidden")
    assert Event.objects.get(pk=event.pk).results_version == versions[0] + 1
    assert Event.objects.get(pk=other.pk).results_version == versions[1]
    page = visitor.get(url).content.decode()
    assert "Kettering" not in page
    assert "W. Jarvis &amp; Pair 2" in page
    public_name_choose(player, choice="")  # back to the club's: initials
    assert "W. Jarvis &amp; O. Kettering" in visitor.get(url).content.decode()
    same = Event.objects.get(pk=event.pk).results_version
    public_name_choose(player, choice="")  # no change: no bump
    assert Event.objects.get(pk=event.pk).results_version == same


def test_the_clubs_default_bumps_every_event_and_its_boards(db):
    event = events()[1]
    url = reverse("pair_scorecard", args=[event.pk, 1])  # its opponents' names: pair 4's among them
    visitor = Client()
    assert "N. 4 &amp; S. 4" in visitor.get(url).content.decode()
    boards = dict(Board.objects.filter(event=event).values_list("pk", "results_version"))
    club_choose("full")
    assert all(Board.objects.get(pk=pk).results_version == v + 1 for pk, v in boards.items())
    assert "North 4 &amp; South 4" in visitor.get(url).content.decode()
    assert Club.objects.get(pk=1).public_name == "full"


def test_without_the_clubs_row_every_name_is_shown_in_full(db):
    event = make_event()
    services.pair_names_update(
        pair=Pair.objects.get(event=event, number="1"), player1="Ann Lee", player2="Bob Ray"
    )
    assert not Club.objects.exists()
    assert pair_infos(event)[Pair.objects.get(event=event, number="1").pk].players == ("Ann Lee", "Bob Ray")


def test_bad_choices_are_refused_naming_the_field(db):
    event = make_event()
    pair = services.pair_names_update(
        pair=Pair.objects.get(event=event, number="1"), player1="Ann Lee", player2=""
    )
    with pytest.raises(ServiceError, match="public_name: must be one of"):
        public_name_choose(pair.player1, choice="secret")
    with pytest.raises(ServiceError, match="public_name: must be one of"):
        club_choose("")  # the club has no club to follow
    assert not Club.objects.exists()
    events_of_players_touch(player_ids=[])  # nothing to bump: no error


# ------------------------------------------------------------------------------------------ the event file


def test_the_choices_survive_an_export_and_an_import(db):
    event = event_import(data=with_names(contract_event_file("matchpoints")))
    data = event_export(event, director=True)
    pairs = {p["number"]: p["players"] for p in data["pairs"]}
    assert pairs[2] == ["Wilhelmina Jarvis", {"name": "Ophelia Kettering", "public_name": "full"}]
    assert pairs[4] == ["North 4", "South 4"]  # nothing beyond the name: plain names, as before
    again = event_import(data=json.loads(json.dumps(data)))
    assert event_export(again, director=True)["pairs"] == data["pairs"]
    choices = Pair.objects.filter(event=again).values_list(
        "number", "player1__public_name", "player2__public_name"
    )
    assert dict((n, (a, b)) for n, a, b in choices)["1"] == ("hidden", "hidden")


def test_a_visitors_event_file_has_the_names_as_shown_and_no_choices(db):
    event = events()[0]
    pairs = {p["number"]: p["players"] for p in event_export(event)["pairs"]}
    assert pairs[1] == ["Pair 1", ""]
    assert pairs[2] == ["W. Jarvis", "Ophelia Kettering"]
    assert pairs[3] == ["Ulysses Vane", "Pair 3"]


def test_old_files_and_player_objects_import_and_bad_ones_are_refused_naming_the_place(db):
    plain = event_import(data=small_file())
    assert Pair.objects.get(event=plain, number="1").player_names == ["North 1", "South 1"]
    data = small_file()
    data["pairs"][0]["players"] = [{"name": "Ann Lee", "number": "123", "body": "EBU"}, {"name": "Bob Ray"}]
    made = event_import(data=data)
    assert Pair.objects.get(event=made, number="1").player_names == ["Ann Lee", "Bob Ray"]
    for players, message in (
        (
            [{"name": "Ann Lee", "public_name": "secret"}],
            r"pairs\[0\]\.players\[0\]\.public_name: must be one of",
        ),
        (["Ann Lee", {"name": 7}], r"pairs\[0\]\.players\[1\]\.name: must be a string"),
        (["Ann Lee", {"nickname": "Al"}], r"pairs\[0\]\.players\[1\]\.nickname: not a player's key"),
        ([7], r"pairs\[0\]\.players\[0\]: must be a name or an object"),
        (["a", "b", "c"], r"pairs\[0\]\.players: must be a list of up to two names"),
    ):
        bad = small_file()
        bad["pairs"][0]["players"] = players
        with pytest.raises(ServiceError, match=message):
            event_import(data=bad)


# ------------------------------------------------------------------------------------------- queries


@pytest.mark.parametrize("tables", [3, 9])
def test_the_pairs_page_and_the_search_run_a_fixed_number_of_queries(
    db, client, django_assert_num_queries, tables
):
    event = make_event(tables=tables)
    club_choose("initials")
    event.refresh_from_db()
    url = reverse("event_pairs", args=[event.pk])
    cache.clear()
    with django_assert_num_queries(2):  # the event; its pairs with their names and the club's choice
        assert client.get(url).status_code == 200
    with django_assert_num_queries(1):  # the pairs, the club's choice in the same query
        find_pairs(event, "North")
    table = reverse("entry_table", args=[event.pk, "A", 1, 1])
    cache.clear()
    with django_assert_num_queries(7):  # as before: the seating's players and the club's choice together
        assert client.get(table).status_code == 200
