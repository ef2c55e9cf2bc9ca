"""An event of matches' files (docs/leagues.md): an event -> plain rows (``teams.selectors_matches``,
``teams.page_reads``) -> a writer (``teams.match_exports``) -> bytes.  A fixed number of queries whatever the
event's size; the players' names as a visitor sees them, in full for a ``director``."""

from __future__ import annotations

from django.utils.translation import gettext as _

from duplicate.contests import contest_of
from duplicate.models import Event, EventStatus
from duplicate.selectors.event_rows import event_info
from teams.match_exports import guide_cards_pdf as cards_pdf
from teams.match_exports import vp_csv, vp_json, vp_pdf, vp_xlsx
from teams.page_reads import round_cards
from teams.selectors_matches import vp_table

VP_FORMATS = ("csv", "xlsx", "json", "pdf")


def vp_file(event: Event, fmt: str, *, director: bool = False) -> bytes:
    """The VP table as ``csv``, ``xlsx``, ``json`` (the standings JSON) or ``pdf`` (printed on the event's
    paper; provisional until the director finishes the event)."""
    if fmt not in VP_FORMATS:
        raise ValueError(f"format: must be one of {', '.join(VP_FORMATS)}, got {fmt!r}")
    rows = vp_table(event, director=director)
    if fmt == "csv":
        return vp_csv(rows, contest_of(event))
    if fmt == "xlsx":
        return vp_xlsx(rows, contest_of(event), event.name)
    if fmt == "pdf":
        provisional = (
            "" if event.status == EventStatus.COMPLETE else _("until the director finishes the event")
        )
        return vp_pdf(event_info(event), rows, contest_of(event), provisional=provisional)
    return vp_json(rows)


def guide_cards_pdf(event: Event, round_number: int) -> bytes:
    """The guide cards of round ``round_number``: one per entrant drawn into it."""
    return cards_pdf(event_info(event), round_number, round_cards(event, round_number))
