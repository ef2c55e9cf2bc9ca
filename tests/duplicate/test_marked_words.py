"""The words the pages' tables and badges take from Python are marked for translation (docs/translation.md):
column headings lazily (made once, shown in each request's language), the contests' headings and the law a
round is agreed under marked but kept plain English for the files and the code that compare them, and the
cells' small templates held in Python strings marked again where makemessages reads them."""

from __future__ import annotations

import re

import django_tables2 as tables
import pytest
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation.template import templatize

from duplicate import tables as page_tables
from duplicate.championship_tables import OverallTable
from duplicate.contests import CONTESTS, agreement_law, laws_of
from duplicate.ladder_tables import LadderTable, PlayerEventsTable
from duplicate.models import EventStatus, ScoringCodeChoice
from duplicate.recap_tables import RecapTable
from duplicate.selectors.events import event_badge
from duplicate.templatetags.kalamazoo import code_name, sides_whole
from scoring.codes import ScoringCode
from teams.match_tables import (
    DisplayRoundTable,
    DisplayVpTable,
    MatchBoardsTable,
    RoundMatchesTable,
    VpStandingsTable,
)
from teams.tables import ImpBoardsTable, MatchTablesTable, TeamBoardsTable, TeamScoreTable

TABLES = [
    page_tables.StandingsTable,
    page_tables.ScoreCardTable,
    page_tables.TravellerTable,
    page_tables.EntryGridTable,
    page_tables.HistoryTable,
    page_tables.PairsTable,
    page_tables.DisplayStandingsTable,
    page_tables.DisplayTravellerTable,
    OverallTable,
    LadderTable,
    PlayerEventsTable,
    RecapTable,
    MatchTablesTable,
    TeamScoreTable,
    TeamBoardsTable,
    ImpBoardsTable,
    VpStandingsTable,
    RoundMatchesTable,
    MatchBoardsTable,
    DisplayVpTable,
    DisplayRoundTable,
]


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.__name__)
def test_every_column_heading_and_empty_text_is_marked_lazily(table: type[tables.Table]) -> None:
    for name, column in table.base_columns.items():
        heading = column.verbose_name
        assert heading in (None, "") or isinstance(heading, Promise), (name, heading)
    assert isinstance(table._meta.empty_text, Promise)


def test_the_cells_templates_entries_are_marked_where_makemessages_reads_them() -> None:
    marked = set()
    for word in page_tables.CELL_WORDS:
        # A plural entry (ngettext_lazy keyed on "n"): its English words for one, the count put back.
        marked.add(word if isinstance(word, str) else str(word % {"n": 1}).replace("1", "%(n)s"))
    templates = [
        page_tables.AGREE_TEMPLATE,
        page_tables.UNDO_TEMPLATE,
        page_tables.NAMES_TEMPLATE,
        page_tables.EDIT_TEMPLATE,
    ]
    found = {m for t in templates for m in re.findall(r"n?gettext\(u'((?:[^'\\]|\\.)*)'", templatize(t))}
    assert found == marked


def test_the_contests_headings_stay_plain_english_for_the_files() -> None:
    for contest in CONTESTS:
        for heading in vars(contest.headings).values():
            assert type(heading) is str
    assert agreement_law(ScoringCode.CONTRACT.value) == "law 79"
    assert agreement_law(ScoringCode.AUCTION_1913.value) == "law E"
    assert laws_of(ScoringCode.CONTRACT.value) == "the Laws of Duplicate Bridge 2017, law 77"
    assert type(laws_of(ScoringCode.CONTRACT.value)) is str


def test_the_badges_label_each_status_as_the_model_does() -> None:
    """The badges say the model's labels, in the page's language."""
    with translation.override("fr"):
        assert event_badge(EventStatus.SETUP, provisional=False)[1] == gettext("Setting up") != "Setting up"
    assert event_badge(EventStatus.RUNNING, provisional=False) == ("status-running", gettext("Running"))
    assert event_badge(EventStatus.COMPLETE, provisional=False, missing=1) == (
        "provisional",
        "Finished: 1 result missing",
    )
    assert event_badge(EventStatus.COMPLETE, provisional=False, missing=5)[1] == "Finished: 5 results missing"


def test_the_scoring_codes_names_are_the_model_s_and_shown_in_the_page_s_words() -> None:
    assert code_name(ScoringCodeChoice.CONTRACT) == "Contract bridge (law 77)"
    assert code_name("nonsense") == "nonsense"
    with translation.override("fr"):
        assert code_name(ScoringCodeChoice.CONTRACT) == "Bridge contrat (loi 77)"


def test_french_e_o_is_kept_whole_on_a_line_as_e_w_is() -> None:
    assert sides_whole("E-O +/-") == sides_whole("E-W +/-").replace("E-W", "E-O")
    assert sides_whole("E-O +/-") != "E-O +/-"
