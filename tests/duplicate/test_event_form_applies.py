"""The new-event form shows only the fields that apply, as it shows only the chosen movement's (the page as
sent; static/js/kalamazoo.js then follows the choices, tests/browser/test_event_form_applies_browser.py):

* "IMPs of average plus" (law 86A): a contract event whose contest is scored in IMPs (team IMPs, Butler,
  cross-IMPs) only, not an auction or whist event, nor matchpoints;
* "Contest": contract bridge only, offering the contract contests of the kind chosen (matchpoints first for
  pairs, IMPs for a team match), never "Law H / law G" once the contract code is chosen;
* "Butler's datum" (results dropped, a mean ending in 5): a Butler contest only;
* "Even-table Mitchell": a Mitchell of an even number of tables only;
* "Ranking of sections": more than one section only.

A field with an error is shown whatever it applies to (its error must be read)."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from duplicate.models import Event
from tests.factories import event_form as form_data

pytestmark = pytest.mark.django_db

URL = reverse("event_create")
APPLYING = ("contest", "average_plus_imps", "butler_drop", "butler_halves", "even_tables", "ranking")


class Page(HTMLParser):
    """The field blocks (p id="field-...") as shown or hidden, and the contest's options."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.shown: dict[str, bool] = {}
        self.errors: set[str] = set()
        self.contest: dict[str, dict[str, str | None]] = {}  # option value -> its attributes
        self._select = ""
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "p" and (a.get("id") or "").startswith("field-"):
            self.shown[a["id"][6:]] = "hidden" not in a
            if "has-errors" in (a.get("class") or ""):
                self.errors.add(a["id"][6:])
        elif tag == "select":
            self._select = a.get("name") or ""
        elif tag == "option" and self._select == "contest":
            self.contest[a.get("value") or ""] = a

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = ""

    def offered(self) -> list[str]:
        """The contests offered: the options neither hidden nor disabled."""
        return [v for v, a in self.contest.items() if "hidden" not in a and "disabled" not in a]

    def chosen(self) -> list[str]:
        return [v for v, a in self.contest.items() if "selected" in a]

    def applying(self) -> set[str]:
        return {name for name in APPLYING if self.shown[name]}


def preview(client, **changes) -> Page:
    response = client.post(URL, form_data(action="preview", **changes))
    assert response.status_code == 200
    return Page(response.content.decode())


def test_a_new_form_shows_none_of_them(director_client):
    # Auction 1915, a Mitchell of 7 tables, one section: none applies.
    page = Page(director_client.get(URL).content.decode())
    assert page.applying() == set()
    assert page.offered() == [""]


@pytest.mark.parametrize(
    ("changes", "applying"),
    [
        ({"code": "auction-1913"}, set()),
        ({"code": "whist", "average_plus_imps": "3"}, set()),
        ({"code": "contract"}, {"contest"}),  # matchpoints: no IMPs
        ({"code": "contract", "contest": "matchpoints"}, {"contest"}),
        (
            {"code": "contract", "contest": "butler"},
            {"contest", "average_plus_imps", "butler_drop", "butler_halves"},  # Butler's datum
        ),
        ({"code": "contract", "contest": "cross-imps"}, {"contest", "average_plus_imps"}),
        (
            {"code": "contract", "kind": "teams", "movement": "teams", "tables": "4"},
            {"contest", "average_plus_imps"},  # the team match's IMPs
        ),
        ({"tables": "8"}, {"even_tables"}),
        ({"tables": "7"}, set()),
        ({"tables": "8", "movement": "howell"}, set()),
        ({"tables": "8", "movement": "compass"}, set()),
        ({"sections": "2"}, {"ranking"}),
        ({"sections": "2", "tables": "6"}, {"ranking", "even_tables"}),
        ({"kind": "teams", "movement": "teams", "tables": "4"}, set()),
    ],
)
def test_the_page_comes_back_from_preview_with_the_fields_that_apply(director_client, changes, applying):
    page = preview(director_client, **changes)
    assert page.applying() == applying
    assert not Event.objects.exists()


def test_the_contract_code_offers_the_contract_contests_of_the_kind(director_client):
    pairs = preview(director_client, code="contract")
    # (a Swiss pairs, a league and a Swiss teams are offered too: choosing one leads to their own form)
    assert pairs.offered() == ["matchpoints", "butler", "cross-imps", "swiss-pairs"]
    assert pairs.chosen() == ["matchpoints"]  # the pairs' default, not "Law H / law G"
    assert "hidden" in pairs.contest[""]
    assert "hidden" in pairs.contest["imps"]
    teams = preview(director_client, code="contract", kind="teams", movement="teams", tables="4")
    assert teams.offered() == ["imps", "round-robin", "swiss-teams"]
    assert teams.chosen() == ["imps"]
    butler = preview(director_client, code="contract", contest="butler")
    assert butler.chosen() == ["butler"]
    # Each option says which kind it is for: the script offers them as the kind changes.
    assert {v: a["data-kind"] for v, a in pairs.contest.items()} == {
        "": "",
        "matchpoints": "pairs",
        "butler": "pairs",
        "cross-imps": "pairs",
        "imps": "teams",
        "round-robin": "teams",
        "swiss-teams": "teams",
        "swiss-pairs": "pairs",
    }


def test_a_field_with_an_error_is_shown_though_it_does_not_apply(director_client):
    page = preview(director_client, code="contract", contest="matchpoints", average_plus_imps="4")
    assert page.errors == {"average_plus_imps"}
    assert page.shown["average_plus_imps"]
    assert not Event.objects.exists()


def test_the_contract_events_made_take_the_kinds_contest(director_client):
    response = director_client.post(URL, form_data(code="contract", name="Pairs"))
    assert response.status_code == 302
    teams = form_data(code="contract", name="Teams", kind="teams", movement="teams", tables="2")
    assert director_client.post(URL, teams).status_code == 302
    contests = dict(Event.objects.values_list("name", "contest"))
    assert contests == {"Pairs": "matchpoints", "Teams": "imps"}


def test_an_odd_mitchell_made_with_a_stale_even_table_choice_reads_none(director_client):
    # "Skip" chosen at 8 tables, then 7 typed: the hidden choice is not read (a 7-table Mitchell has none).
    response = director_client.post(URL, form_data(tables="7", even_tables="skip"))
    assert response.status_code == 302
    assert Event.objects.get().sections.get().movement_option == ""
