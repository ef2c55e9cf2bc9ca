"""The new-event form shows the chosen movement's fields and help only (its help always described the compass,
and every movement's fields showed at once), and previews the movement's rounds, boards and pairs as the
movement code makes them, creating nothing. The page works without a script: it comes back from "Preview"
with the movement chosen."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from duplicate.models import Event
from scoring.movements import generate
from tests.factories import MOVEMENT_HELP as SAYS
from tests.factories import event_form as form_data

pytestmark = pytest.mark.django_db

URL = reverse("event_create")


def movements_told(helps: list[str]) -> set[str]:
    """The movements whose help is among ``helps``."""
    return {kind for kind, phrase in SAYS.items() if any(phrase in text for text in helps)}


class Page(HTMLParser):
    """The form's field blocks (p id="field-..."), help texts and the preview's figures, as shown or hidden."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.fields: dict[str, bool] = {}  # field name -> shown
        self.errors: set[str] = set()  # the fields marked with an error
        self.helps: list[tuple[str, bool]] = []  # (text, shown)
        self.figures: dict[str, str] = {}
        self._help: list | None = None
        self._term: str | None = None
        self._in: str = ""
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "p" and (a.get("id") or "").startswith("field-"):
            self.fields[a["id"][6:]] = "hidden" not in a
            if "has-errors" in (a.get("class") or "").split():
                self.errors.add(a["id"][6:])
        elif tag == "span" and "help" in (a.get("class") or "").split():
            self._help = ["", "hidden" not in a]
        elif tag in ("dt", "dd"):
            self._in = tag

    def handle_endtag(self, tag):
        if tag == "span" and self._help is not None:
            self.helps.append((" ".join(self._help[0].split()), self._help[1]))
            self._help = None
        if tag in ("dt", "dd"):
            self._in = ""

    def handle_data(self, data):
        if self._help is not None:
            self._help[0] += data
        if self._in == "dt":
            self._term = data.strip()
        elif self._in == "dd" and self._term:
            self.figures[self._term] = data.strip()

    def shown_helps(self) -> list[str]:
        return [text for text, shown in self.helps if shown]


def test_a_new_form_shows_the_mitchells_fields_and_help_only(director_client):
    page = Page(director_client.get(URL).content.decode())
    assert movements_told(page.shown_helps()) == {"mitchell"}  # the compass's help was always shown
    assert movements_told([text for text, _ in page.helps]) == set(SAYS)  # the others' there for the script
    assert not page.fields["even_tables"]  # 7 tables: no even-table Mitchell
    assert not page.fields["howell_pairs"]
    assert not page.fields["movement_file"]
    assert page.fields["tables"]
    assert page.fields["name"]


@pytest.mark.parametrize(
    ("movement", "shown", "hidden"),
    [
        ("howell", {"howell_pairs", "tables", "sections"}, {"even_tables", "movement_file"}),
        ("compass", {"tables", "boards_per_round"}, {"even_tables", "howell_pairs", "movement_file"}),
        (
            "custom",
            {"movement_file", "sections"},
            {"tables", "boards_per_round", "even_tables", "howell_pairs"},
        ),
        ("teams", {"tables"}, {"sections", "ranking", "even_tables", "howell_pairs", "movement_file"}),
    ],
)
def test_the_page_comes_back_from_preview_with_the_chosen_movements_fields(
    director_client, movement, shown, hidden
):
    kind = "teams" if movement == "teams" else "pairs"
    response = director_client.post(
        URL, form_data(action="preview", movement=movement, kind=kind, tables="4")
    )
    page = Page(response.content.decode())
    assert {name for name in shown | hidden if page.fields[name]} == shown
    assert movements_told(page.shown_helps()) == {movement}
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("changes", "kind", "tables", "boards_per_round", "options", "sections"),
    [
        ({}, "mitchell", 7, 3, {}, 1),
        (
            {"movement": "mitchell", "tables": "8", "even_tables": "skip"},
            "mitchell",
            8,
            3,
            {"even": "skip"},
            1,
        ),
        ({"movement": "howell", "tables": "7"}, "howell", 7, 3, {}, 1),
        (
            {"movement": "howell", "howell_pairs": "9", "boards_per_round": "2"},
            "howell",
            5,
            2,
            {"pairs": 9},
            1,
        ),
        ({"movement": "compass", "tables": "5", "boards_per_round": "4"}, "compass", 5, 4, {}, 1),
        ({"movement": "teams", "kind": "teams", "tables": "4"}, "teams", 4, 3, {}, 1),
        ({"tables": "5", "sections": "3"}, "mitchell", 5, 3, {}, 3),
    ],
)
def test_preview_gives_the_movements_rounds_boards_and_pairs(
    director_client, changes, kind, tables, boards_per_round, options, sections
):
    response = director_client.post(URL, form_data(action="preview", **changes))
    assert response.status_code == 200
    movement = generate(kind, tables=tables, boards_per_round=boards_per_round, **options)
    assert Page(response.content.decode()).figures == {
        "Rounds": str(len(movement.rounds)),
        "Boards": str(len(movement.boards)),
        "Boards a round": str(boards_per_round),
        "Pairs": str(len(movement.pairs) * sections),
        "Tables": str(movement.tables * sections),
    }
    assert not Event.objects.exists()  # a preview makes nothing


def test_preview_of_an_uploaded_movement(director_client):
    uploaded = generate("howell", tables=4, boards_per_round=2)  # a director's file: any movement's CSV
    upload = SimpleUploadedFile("m.csv", uploaded.to_csv().encode())
    response = director_client.post(URL, form_data(action="preview", movement="custom", movement_file=upload))
    page = Page(response.content.decode())
    assert page.figures == {
        "Rounds": str(len(uploaded.rounds)),
        "Boards": str(len(uploaded.boards)),
        "Boards a round": "2",
        "Pairs": str(len(uploaded.pairs)),
        "Tables": "4",
    }
    assert "Choose the movement file again" in response.content.decode()


def test_a_movement_that_cannot_be_made_is_a_field_error_in_the_preview_too(director_client):
    response = director_client.post(URL, form_data(action="preview", movement="compass", tables="1"))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Preview:" not in html
    page = Page(html)
    assert page.errors == {"tables"}
    assert page.fields["tables"]
    assert not Event.objects.exists()


@pytest.mark.parametrize("action", [{}, {"action": "create"}])
def test_create_still_creates(director_client, action):
    response = director_client.post(URL, form_data(**action))
    assert response.status_code == 302
    assert Event.objects.get().sections.get().tables == 7


def test_the_preview_is_the_first_button_so_enter_previews(director_client):
    # Enter in a field presses the form's first button: the one that makes nothing.
    html = director_client.get(URL).content.decode()
    buttons = html[html.index("data-movement-form") :].split('type="submit"')[1:]
    assert 'value="preview"' in buttons[0]
    assert 'value="create"' in buttons[1]


def test_a_hidden_field_of_another_movement_is_not_read(director_client):
    # Nine pairs typed for a Howell, then a Mitchell chosen: the Howell's field, hidden, still posts its 9.
    response = director_client.post(URL, form_data(movement="mitchell", howell_pairs="9", tables="5"))
    assert response.status_code == 302
    section = Event.objects.get().sections.get()
    assert (section.movement_kind, section.tables) == ("mitchell", 5)
