"""The pages' tables of rows, as django-tables2 ``Table`` classes.

Each table takes the plain rows the selectors make (a ranking's ``StandingRow``s, a traveller's ``PlayLine``s,
a score card's ``ScoreCardLine``s, the entry grid's rounds, the history's rows, the event's pairs) and is set
up by the view the usual way::

    table = StandingsTable(ranking.rows, event_pk=event.pk, prefix=ranking.prefix)
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)

and rendered with ``{% render_table table %}`` (the project's plain, printable template). Sortable columns
order by the exact value (a Fraction, a pair's number as a number), never by the text shown; a missing value
(a board not played, or still being played) sorts below every number. A page with several tables gives each
its own ``prefix`` (``ns-sort``, ``ew-page``, ...).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any, ClassVar

import django_tables2 as tables
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.http import urlencode
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_noop, ngettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _
from django_tables2 import RequestConfig
from django_tables2.data import TableListData
from django_tables2.utils import Accessor, OrderBy

from duplicate.contests import Contest
from duplicate.models import agreement_law
from duplicate.selectors.pair_rows import PLAYED_HIDDEN
from scoring.leads import lead_text

PER_PAGE = 50  # rows a page, unless the view asks otherwise
PER_PAGE_MAX = 1000  # the most rows a page an address may ask for (?per_page=)
TEMPLATE = "django_tables2/kalamazoo.html"
NUM = {"th": {"class": "num"}, "td": {"class": "num"}}  # a number: right-aligned (the pages' CSS)
# A column a phone leaves out (under 40rem wide: the pages' CSS), so that the ones a player looks for fit.
NARROW_HIDDEN = {"th": {"class": "hide-narrow"}, "td": {"class": "hide-narrow"}}
NUM_NARROW_HIDDEN = {"th": {"class": "num hide-narrow"}, "td": {"class": "num hide-narrow"}}
SECTION_PARAM = "section"


def exact_key(value: Any) -> tuple[int, Any]:
    """A value's place in a sorted column: nothing first, then numbers (exact: ints, Fractions, tuples of
    them), then text; so that a pair numbered "A1" sorts after pair 12 and a board not played below -5."""
    if value is None or value == "":
        return (0, 0)
    if isinstance(value, str):
        return (2, value)
    return (1, value)


class ExactListData(TableListData):
    """A list of rows sorted on each column's ``order_by`` accessors, read from the row (its exact value),
    with :func:`exact_key` (django-tables2's own list sort cannot compare ``None`` with a number)."""

    def order_by(self, aliases: Iterable[str]) -> None:
        keys: list[tuple[Accessor, bool]] = []
        for alias in aliases:
            bound_column = self.table.columns[OrderBy(alias).bare]
            # As django-tables2's list data: the column's ordering, or its opposite for "-name".
            order = bound_column.order_by
            if alias[0] != bound_column.order_by_alias[0]:
                order = order.opposite
            keys += [(Accessor(o.bare), o.is_descending) for o in order]
        for accessor, descending in reversed(keys):  # stable sorts, the least significant key first
            self.data.sort(
                key=lambda row, a=accessor: exact_key(a.resolve(row, quiet=True)), reverse=descending
            )


class RowsTable(tables.Table):
    """A table of plain rows (any objects: named tuples, dataclasses, model instances) in the pages' style.

    ``contest``: the description of the event's contest (``duplicate.contests``), whose headings rename the
    columns a contest counts in its own unit (:meth:`contest_headings`) and leave out those it has no figure
    for (:meth:`contest_excluded`); None keeps the columns as declared (law H's)."""

    def __init__(self, data: Iterable[Any], *, contest: Contest | None = None, **kwargs: Any) -> None:
        if contest is not None and contest.unit:
            kwargs["exclude"] = (*kwargs.get("exclude", ()), *self.contest_excluded(contest))
        super().__init__(ExactListData(list(data)), **kwargs)
        if contest is not None and contest.unit:
            for name, heading in self.contest_headings(contest).items():
                if name in self.columns.names():  # this table's own copy of the column (never the class's)
                    self.columns[name].column.verbose_name = heading

    @classmethod
    def contest_headings(cls, contest: Contest) -> dict[str, str]:
        """A column's heading by its name, for a contest counted in its own unit (matchpoints, IMPs)."""
        return {}

    @classmethod
    def contest_excluded(cls, contest: Contest) -> tuple[str, ...]:
        """The columns such a contest has no figure for."""
        return ()

    class Meta:
        template_name = TEMPLATE
        attrs: ClassVar[dict[str, Any]] = {"class": "data"}
        default = ""  # an empty cell (a board not played, or being played) stays empty
        empty_text = _("Nothing to show.")


def _asked_number(request: HttpRequest, name: str) -> int | None:
    """A whole number the address asks for (``?page=2``), or None for anything else ("-1", "abc", 30 digits)."""
    text = request.GET.get(name, "")
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 6 else None


def configure(request: HttpRequest, table: tables.Table, per_page: int = PER_PAGE) -> tables.Table:
    """Sort and paginate ``table`` as the request asks (``?<prefix>sort=``, ``?<prefix>page=``,
    ``?<prefix>per_page=``: from 1 to PER_PAGE_MAX rows; anything else, the page's own ``per_page``).  A page
    past the last shows the last.  (django-tables2's own reading of ``per_page=-1`` or ``0`` raised EmptyPage
    from its fallback: a 500.)"""
    RequestConfig(request, paginate=False).configure(table)  # the sort
    asked = _asked_number(request, table.prefixed_per_page_field)
    size = asked if asked is not None and 1 <= asked <= PER_PAGE_MAX else per_page
    page = _asked_number(request, table.prefixed_page_field) or 1
    table.paginate(page=1, per_page=size)
    if page > 1:
        table.paginate(page=min(page, table.paginator.num_pages), per_page=size)
    return table


# -------------------------------------------------------------------------------------------- sections


def selected_section(request: HttpRequest, letters: Sequence[str]) -> str:
    """The section a multi-section page is narrowed to (``?section=B``), or "" for all: only one of the
    event's own ``letters`` is taken (anything else shows every section)."""
    if len(letters) < 2:
        return ""
    asked = request.GET.get(SECTION_PARAM, "").strip().upper()
    return asked if asked in letters else ""


def in_section(rows: Iterable[Any], section: str, accessor: str = "pair__section") -> list[Any]:
    """The rows of ``section`` ("" : all of them); ``accessor`` reads a row's section letter."""
    rows = list(rows)
    if not section:
        return rows
    read = Accessor(accessor)
    return [row for row in rows if read.resolve(row, quiet=True) == section]


# --------------------------------------------------------------------------------------------- helpers


def card_url(event_pk: int, pair: Any) -> str:
    """A pair's score card, addressed by its number as shown (``label``: a ``Pair`` or a ``PairInfo``)."""
    return reverse("pair_scorecard", args=[event_pk, str(pair.label)])


def pair_link(event_pk: int, pair: Any) -> SafeString:
    return format_html('<a href="{}">{}</a>', card_url(event_pk, pair), pair.label)


class EventRowsTable(RowsTable):
    """A table of one event's rows: links to its pairs' score cards and boards' travellers."""

    class Meta(RowsTable.Meta):  # (django-tables2 reads each class's own Meta)
        pass

    def __init__(self, data: Iterable[Any], *, event_pk: int, **kwargs: Any) -> None:
        self.event_pk = event_pk
        super().__init__(data, **kwargs)


class TableTemplateColumn(tables.TemplateColumn):
    """A column written by a small template that sees its ``table`` (its event, its section) and ``record``,
    whether the table is rendered by ``{% render_table %}`` or by ``Table.as_html``."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context: dict[str, Any] = super().get_context_data(**kwargs)
        return {**context, "table": kwargs["table"]}


# ------------------------------------------------------------------------------------------- standings


class StandingsTable(EventRowsTable):
    """One ranking's standings (law H): ``Ranking.rows`` (``StandingRow``), in the ranking's order until a
    column is asked for; plus/minus and net sort by their exact Fractions, pairs by number."""

    rank = tables.Column(_("Rank"), attrs=NUM, order_by=("rank", "pair__sort_key"))
    pair = tables.Column(_("Pair"), attrs=NUM, accessor="pair__label", order_by=("pair__sort_key",))
    players = tables.Column(_("Players"), accessor="pair__names", default="—")
    boards = tables.Column(_("Boards"), attrs=NUM_NARROW_HIDDEN)
    net = tables.Column(_("Net"), attrs=NUM_NARROW_HIDDEN, accessor="net_display", order_by=("net",))
    plus_minus = tables.Column(
        _("Plus/minus"), attrs=NUM, accessor="plus_minus_display", order_by=("plus_minus",)
    )
    # Shown only when the event has an award table (``Ranking.awarded``): the masterpoints of the place.
    masterpoints = tables.Column(
        _("Masterpoints"),
        attrs=NUM_NARROW_HIDDEN,
        accessor="masterpoints_display",
        order_by=("masterpoints",),
    )
    note = tables.Column("", accessor="by_fraction", orderable=False, empty_values=())

    @classmethod
    def contest_headings(cls, contest: Contest) -> dict[str, str]:
        """Its total in the net's place and its percentage in the plus/minus's; a total alone (IMPs: both the
        total and what the pairs are ranked by) in the plus/minus's."""
        headings = contest.headings
        if headings.percentage:
            return {"net": gettext(headings.total), "plus_minus": gettext(headings.percentage)}
        return {"plus_minus": gettext(headings.total)}

    @classmethod
    def contest_excluded(cls, contest: Contest) -> tuple[str, ...]:
        return () if contest.headings.percentage else ("net",)

    class Meta(RowsTable.Meta):
        empty_text = _("No results counted yet.")
        row_attrs: ClassVar[dict[str, Any]] = {
            "data-pair": lambda record: record.pair.label
        }  # ?pair= marks it

    def __init__(self, data: Iterable[Any], *, awarded: bool = False, **kwargs: Any) -> None:
        """``awarded``: the event has an award table, and the Masterpoints column is shown."""
        if not awarded:
            kwargs["exclude"] = (*kwargs.get("exclude", ()), "masterpoints")
        super().__init__(data, **kwargs)

    def render_pair(self, record: Any) -> SafeString:
        return pair_link(self.event_pk, record.pair)

    def render_note(self, value: bool) -> str:
        return (
            format_html('<span class="by-fraction">{}</span>', gettext("by the fraction of a point"))
            if value
            else ""
        )


def ranking_tables(
    request: HttpRequest,
    event_pk: int,
    rankings: Iterable[Any],
    section: str = "",
    per_page: int = PER_PAGE,
    *,
    contest: Contest | None = None,
) -> list[dict[str, Any]]:
    """A standings page's tables: ``{"ranking": ranking, "table": table}`` per ranking (before any result
    too), or per ranking with rows in ``section``, each sorted and paginated under its own prefix and headed
    as ``contest`` (its description) says."""
    out = []
    for ranking in rankings:
        rows = in_section(ranking.rows, section)
        if rows or not section:
            table = StandingsTable(
                rows, event_pk=event_pk, prefix=ranking.prefix, contest=contest, awarded=ranking.awarded
            )
            out.append({"ranking": ranking, "table": configure(request, table, per_page)})
    return out


# ------------------------------------------------------------------------------------------ score card


class ScoreCardTable(EventRowsTable):
    """A pair's score card: ``ScoreCard.lines`` (``ScoreCardLine``), in the order played; each board links to
    its traveller, one released (not in ``hidden``) with the pair's line marked there (``?pair=``)."""

    @classmethod
    def contest_headings(cls, contest: Contest) -> dict[str, str]:
        line = gettext(contest.headings.line)
        return {"plus_minus": line, "running": gettext("Total %(figure)s") % {"figure": line}}

    @classmethod
    def contest_excluded(cls, contest: Contest) -> tuple[str, ...]:
        """Law H's board average has no place in matchpoints or IMPs."""
        return ("average",)

    class Meta(RowsTable.Meta):
        pass

    def __init__(
        self,
        data: Iterable[Any],
        *,
        event_pk: int,
        pair: Any,
        hidden: frozenset[int] = frozenset(),
        **kwargs: Any,
    ) -> None:
        self.pair = pair
        self.hidden = hidden
        super().__init__(data, event_pk=event_pk, **kwargs)

    round = tables.Column(_("Round"), attrs=NUM_NARROW_HIDDEN)
    board = tables.Column(_("Board"), attrs=NUM)
    side = tables.Column(_("Held"), orderable=False, attrs=NARROW_HIDDEN)
    opponents = tables.Column(_("Opponents"), order_by=("opponents__sort_key",))
    result = tables.Column(_("Result"), accessor="status", orderable=False)
    score = tables.Column(_("Score"), attrs=NUM, accessor="score_display", order_by=("score",))
    average = tables.Column(
        _("Average"), attrs=NUM_NARROW_HIDDEN, accessor="average_display", order_by=("average",)
    )
    plus_minus = tables.Column(
        _("Plus/minus"), attrs=NUM, accessor="plus_minus_display", order_by=("plus_minus",)
    )
    running = tables.Column(
        _("Running total"), attrs=NUM_NARROW_HIDDEN, accessor="running_display", orderable=False
    )

    def render_board(self, value: int) -> SafeString:
        url = reverse("board_traveller", args=[self.event_pk, value])
        if value in self.hidden:  # being played: its traveller says so, with no line to mark (no peeking)
            return format_html('<a href="{}">{}</a>', url, value)
        return format_html('<a href="{}?{}">{}</a>', url, urlencode({"pair": self.pair.label}), value)

    def render_side(self, value: str) -> str:
        return gettext("N-S") if value == "NS" else gettext("E-W")

    def render_result(self, value: str) -> str:
        # A board the pair has played that other tables still play: "played", the card's note saying when it
        # shows (the whole sentence on every such line ran to five lines a line on a phone).
        return gettext("played") if value == PLAYED_HIDDEN else value

    def render_opponents(self, value: Any) -> SafeString:
        # The names are left out on a phone: the pair's number links to its card.
        return format_html(
            '{} <span class="muted hide-narrow">{}</span>', pair_link(self.event_pk, value), value.names
        )


# -------------------------------------------------------------------------------------------- movement


def movement_cells(cells: Iterable[Mapping[str, Any] | None]) -> SafeString:
    """A round's cells of the movement grid, a table each: "N-S v E-W" and its boards, or a dash for a table
    not in play (written here, not by the template: a 100-table movement has 10,000 cells)."""
    return mark_safe(  # every value escaped (html.escape: as Django's, without its lazy wrapper)
        "".join(
            f'<td>{escape(str(c["ns"].number))} v {escape(str(c["ew"].number))}<br><span class="muted">'
            f"{escape(c['boards'])}</span></td>"
            if c
            else "<td>—</td>"
            for c in cells
        )
    )


def movement_rows_html(tables: Iterable[Mapping[str, Any]]) -> SafeString:
    """A round's tables as rows: table, N-S pair, E-W pair, boards."""
    return mark_safe(  # every value escaped (html.escape: as Django's, without its lazy wrapper)
        "".join(
            f"<tr><td>{t['table']}</td><td>{escape(str(t['ns'].number))}</td><td>{escape(str(t['ew'].number))}</td>"
            f"<td>{escape(t['boards'])}</td></tr>"
            for t in tables
        )
    )


# ------------------------------------------------------------------------------------------- traveller


class TravellerTable(EventRowsTable):
    """A board's traveller: ``Traveller.lines`` (``PlayLine``), one per table that holds the board."""

    @classmethod
    def contest_headings(cls, contest: Contest) -> dict[str, str]:
        line = gettext(contest.headings.line)
        return {
            "ns_pm": gettext("N-S %(figure)s") % {"figure": line},
            "ew_pm": gettext("E-W %(figure)s") % {"figure": line},
        }

    class Meta(RowsTable.Meta):
        # The page's script marks the line of the pair in ``?pair=`` (the cached page stays one for all).
        row_attrs: ClassVar[dict[str, Any]] = {
            "data-ns": lambda record: record.ns.label,
            "data-ew": lambda record: record.ew.label,
        }

    section = tables.Column(_("Section"))
    round = tables.Column(_("Round"), attrs=NUM_NARROW_HIDDEN)
    table = tables.Column(_("Table"), attrs=NUM)
    ns = tables.Column(_("N-S"), attrs=NUM, order_by=("ns__sort_key",))
    ew = tables.Column(_("E-W"), attrs=NUM, order_by=("ew__sort_key",))
    result = tables.Column(_("Result"), accessor="status", orderable=False)
    lead = tables.Column(_("Lead"), orderable=False, empty_values=(), attrs={"td": {"class": "lead"}})

    def __init__(self, data: Iterable[Any], *, event_pk: int, leads: bool = False, **kwargs: Any) -> None:
        """Every section's lines (law H: the same hands); the section column only when there are several; the
        opening lead's while the event enters leads (``leads``) or a line has one."""
        data = list(data)
        if len({getattr(line, "section", "") for line in data}) < 2:
            kwargs["exclude"] = (*kwargs.get("exclude", ()), "section")
        if not leads and not any(getattr(line, "lead", "") for line in data):
            kwargs["exclude"] = (*kwargs.get("exclude", ()), "lead")
        super().__init__(data, event_pk=event_pk, **kwargs)

    def render_lead(self, value: Any) -> str:
        return lead_text(value) if value else ""

    def render_result(self, value: str) -> str:
        return gettext(PLAYED_HIDDEN) if value == PLAYED_HIDDEN else value

    ns_score = tables.Column(_("N-S score"), attrs=NUM, accessor="ns_score_display", order_by=("ns_score",))
    ew_score = tables.Column(
        _("E-W score"), attrs=NUM_NARROW_HIDDEN, accessor="ew_score_display", order_by=("ew_score",)
    )
    items = tables.Column(
        _("Score items"), accessor="ns_items", orderable=False, empty_values=(), attrs=NARROW_HIDDEN
    )
    ns_pm = tables.Column(
        _("N-S +/-"), attrs=NUM, accessor="ns_plus_minus_display", order_by=("ns_plus_minus",)
    )
    ew_pm = tables.Column(
        _("E-W +/-"), attrs=NUM, accessor="ew_plus_minus_display", order_by=("ew_plus_minus",)
    )

    def render_ns(self, value: Any) -> SafeString:
        return pair_link(self.event_pk, value)

    def render_ew(self, value: Any) -> SafeString:
        return pair_link(self.event_pk, value)

    def render_items(self, record: Any) -> SafeString:
        """Each side's total and its items ("N-S: 130: tricks 30, honours 100"), when scored."""
        sides = (
            (gettext("N-S"), record.ns_total, record.ns_items),
            (gettext("E-W"), record.ew_total, record.ew_items),
        )
        parts = format_html_join("", "<div>{}: {}: {}</div>", (side for side in sides if side[2]))
        return format_html('<span class="items">{}</span>', parts)


# ---------------------------------------------------------------------------------------- entry grid


class GridCellColumn(tables.Column):
    """One table's cell of the entry grid: its results in of all (``entered/total``), linking to its entry;
    marked ``complete`` once every board of it is in."""

    def __init__(self, table_number: int, index: int) -> None:
        def td_class(record: Any) -> str:
            cell = record.cells[index]
            return "num cell complete" if cell is not None and cell.complete else "num cell"

        attrs = {"th": {"class": "num"}, "td": {"class": td_class}}
        # Made per request (the entry grid's own columns): gettext, in the request's language.
        heading = gettext("Table %(n)d") % {"n": table_number}
        super().__init__(heading, accessor=f"cells__{index}", orderable=False, attrs=attrs)
        self.table_number = table_number

    def render(self, value: Any, record: Any, table: Any) -> SafeString:
        seating = value.seating
        url = reverse("entry_table", args=[table.event_pk, table.letter, record.round.number, seating.table])
        title = gettext("N-S %(ns)s v E-W %(ew)s") % {"ns": seating.ns.number, "ew": seating.ew.number}
        link = format_html('<a href="{}" title="{}">{}/{}</a>', url, title, value.entered, value.total)
        if value.unconfirmed:  # entered by one side, not yet confirmed by the other (law 79, law E)
            link = format_html(
                '{}<span class="unconfirmed-flag" title="{}"><span aria-hidden="true">✎</span> {}</span>',
                link,
                gettext("entered by one side, not yet confirmed by the other"),
                ngettext("%(n)d to confirm", "%(n)d to confirm", value.unconfirmed)
                % {"n": value.unconfirmed},
            )
        if not value.flags:
            return link
        count = len(value.flags)
        return format_html(
            '{}<details class="unlikely-flag"><summary><span aria-hidden="true">\u26a0</span> {}'
            "</summary><ul>{}</ul></details>",
            link,
            ngettext("%(n)d unlikely", "%(n)d unlikely", count) % {"n": count},
            format_html_join("", "<li>{}</li>", ((text,) for text in value.flags)),
        )


# The cells' small templates below are translated by their own {% translate %} tags; makemessages reads no
# template held in a Python string, so each entry is also marked here (the same msgid) for the catalogues.
CELL_WORDS = (
    gettext_noop("agreed"),
    gettext_noop("open"),
    gettext_noop("%(time)s by %(user)s"),
    ngettext_lazy("%(n)s unconfirmed", "%(n)s unconfirmed", "n"),
    gettext_noop("Reopen"),
    gettext_noop("Agree round %(n)s"),
    gettext_noop("Undo…"),
    gettext_noop("not named yet"),
    gettext_noop("Edit names"),
)
AGREE_TEMPLATE = """{% load i18n %}{% if record.round.agreed %}<span class="status status-complete">\
{% translate "agreed" %}</span> <small class="muted">{% if record.round.agreed_by %}{% blocktranslate with \
time=record.round.agreed_at|date:"H:i" user=record.round.agreed_by.get_username %}{{ time }} by {{ user }}\
{% endblocktranslate %}{% else %}{{ record.round.agreed_at|date:"H:i" }}{% endif %}</small>{% else %}\
<span class="muted">{% translate "open" %}</span>{% endif %}{% if record.unconfirmed %} \
<span class="status status-warning unconfirmed-count">{% blocktranslate count n=record.unconfirmed %}{{ n }} \
unconfirmed{% plural %}{{ n }} unconfirmed{% endblocktranslate %}</span>{% endif %}
{% if table.director %}<form method="post" class="inline" \
action="{% url 'entry_round_agree' table.event_pk table.letter record.round.number %}">{% csrf_token %}\
{% if record.round.agreed %}<input type="hidden" name="agreed" value="0">\
<button type="submit" class="small">{% translate "Reopen" %}</button>{% else %}\
<input type="hidden" name="agreed" value="1"><button type="submit" class="small">{% blocktranslate with \
n=record.round.number %}Agree round {{ n }}{% endblocktranslate %}</button>{% endif %}</form>{% endif %}"""


class EntryGridTable(EventRowsTable):
    """A section's entry grid: one row per round (``SectionGrid.rows``), a column per table with its count
    of results in, and the round's agreement (law E); a director gets the agree/reopen button."""

    round = tables.Column(_("Round"), accessor="round__number", order_by=("round__number",))
    agreed = TableTemplateColumn(AGREE_TEMPLATE, verbose_name=_("Scores (law E)"), orderable=False)

    class Meta(RowsTable.Meta):
        attrs: ClassVar[dict[str, Any]] = {"class": "data entry-grid"}
        row_attrs: ClassVar[dict[str, Any]] = {
            "id": lambda record, table: f"round-{table.letter}-{record.round.number}"
        }
        empty_text = _("No rounds.")
        sequence = ("round", "...", "agreed")

    def __init__(
        self, grid: Any, *, event_pk: int, code: str = "", director: bool = False, **kwargs: Any
    ) -> None:
        self.letter = grid.section.letter
        self.director = director  # offered the agree / reopen buttons
        columns = [(f"table_{t}", GridCellColumn(t, i)) for i, t in enumerate(grid.tables)]
        kwargs.setdefault("prefix", f"{self.letter.lower()}-")
        super().__init__(grid.rows, event_pk=event_pk, extra_columns=columns, **kwargs)
        # The law the event's scores are agreed under (law 79 for contract): this table's own column copy.
        self.columns["agreed"].column.verbose_name = gettext("Scores (%(law)s)") % {
            "law": gettext(agreement_law(code))
        }

    def render_round(self, value: int) -> str:
        return gettext("Round %(n)d") % {"n": value}


# --------------------------------------------------------------------------------------------- history


UNDO_TEMPLATE = """{% load i18n %}{% if record.kind == "result" %}<a class="button" \
href="{% url 'change_undo' table.event_pk record.pk %}">{% translate "Undo…" %}</a>\
{% elif record.kind == "names" %}<a class="button" href="{% url 'names_undo' table.event_pk record.pk %}">\
{% translate "Undo…" %}</a>{% endif %}"""
AT_TEMPLATE = """<time datetime="{{ record.at|date:'c' }}">{{ record.at|date:"j M Y H:i:s" }}</time>"""
NO_PRINT = {"th": {"class": "no-print"}, "td": {"class": "no-print"}}


class HistoryTable(EventRowsTable):
    """An event's history (law E): every recorded change, newest first (``HistoryRow``)."""

    number = tables.Column(_("#"), accessor="pk", attrs=NUM, empty_values=())
    at = tables.TemplateColumn(AT_TEMPLATE, verbose_name=_("When"))
    who = tables.Column(_("Who"))
    what = tables.Column(_("What"))
    before = tables.Column(_("Before"), orderable=False)
    after = tables.Column(_("After"), orderable=False)
    reason = tables.Column(_("Reason"))
    undo = TableTemplateColumn(UNDO_TEMPLATE, verbose_name="", orderable=False, attrs=NO_PRINT)

    class Meta(RowsTable.Meta):
        row_attrs: ClassVar[dict[str, Any]] = {"class": lambda record: f"history-{record.kind}"}
        empty_text = _("No changes recorded yet.")

    def render_number(self, record: Any) -> Any:
        return record.pk if record.kind in ("result", "confirmation") else ""


# ----------------------------------------------------------------------------------------------- pairs


NAMES_TEMPLATE = """{% load i18n %}{% if record.names %}{{ record.names }}{% else %}<span class="muted">\
{% translate "not named yet" %}</span>{% endif %}"""
EDIT_TEMPLATE = """{% load i18n %}<a href="{% url 'pair_edit' table.event_pk record.pk %}">\
{% translate "Edit names" %}</a>"""


class PairsTable(EventRowsTable):
    """An event's pairs (``PairInfo``: its players as the viewer is shown them, team and section): numbered
    pairs in number order, then the others by name; the team column for a team match, the edit link for a
    director (``exclude`` the rest)."""

    section = tables.Column(_("Section"), accessor="section", order_by=("section", "sort_key"))
    number = tables.Column(_("Pair"), accessor="label", attrs=NUM, order_by=("sort_key",))
    players = tables.TemplateColumn(NAMES_TEMPLATE, verbose_name=_("Players"), orderable=False)
    team = tables.Column(_("Team"), accessor="team", default="")
    edit = TableTemplateColumn(EDIT_TEMPLATE, verbose_name="", orderable=False, attrs=NO_PRINT)

    class Meta(RowsTable.Meta):
        empty_text = _("No pairs.")

    def render_number(self, record: Any) -> SafeString:
        return pair_link(self.event_pk, record)


__all__ = [
    "NARROW_HIDDEN",
    "NUM_NARROW_HIDDEN",
    "PER_PAGE",
    "EntryGridTable",
    "HistoryTable",
    "PairsTable",
    "RowsTable",
    "ScoreCardTable",
    "StandingsTable",
    "TravellerTable",
    "configure",
    "in_section",
    "ranking_tables",
    "selected_section",
]


# ------------------------------------------------------------------------------------- venue display


class DisplayTable(RowsTable):
    """A venue display's table: large type, read from across the room; no links, no sorting, no pages."""

    class Meta(RowsTable.Meta):
        attrs: ClassVar[dict[str, Any]] = {"class": "data display-table"}
        orderable = False


class DisplayStandingsTable(DisplayTable):
    """A slide of one ranking (``StandingRow``s, law H; a contract contest's headed as its standings are)."""

    @classmethod
    def contest_headings(cls, contest: Contest) -> dict[str, str]:
        return StandingsTable.contest_headings(contest)

    rank = tables.Column(_("Place"), attrs=NUM)
    pair = tables.Column(_("Pair"), attrs=NUM, accessor="pair__label")
    players = tables.Column(_("Players"), accessor="pair__names", default="—")
    plus_minus = tables.Column(_("Plus/minus"), attrs=NUM, accessor="plus_minus_display")

    class Meta(DisplayTable.Meta):
        empty_text = _("No results counted yet.")


class DisplayTeamsTable(DisplayTable):
    """A team match's totals (``TeamLine``s, law G)."""

    rank = tables.Column(_("Place"), attrs=NUM)
    name = tables.Column(_("Team"))
    total = tables.Column(_("Total"), attrs=NUM, accessor="total_display")

    class Meta(DisplayTable.Meta):  # django-tables2 reads a table's own Meta only: the display's, restated
        pass


class DisplayImpTeamsTable(DisplayTable):
    """A contract team match's IMPs and VPs (``ImpTeam``s: home team first)."""

    name = tables.Column(_("Team"))
    imps = tables.Column(_("IMPs"), attrs=NUM)
    vp = tables.Column(_("VPs"), attrs=NUM)

    class Meta(DisplayTable.Meta):  # django-tables2 reads a table's own Meta only: the display's, restated
        pass


class DisplayTravellerTable(DisplayTable):
    """A slide of a released board's traveller (``PlayLine``s)."""

    @classmethod
    def contest_headings(cls, contest: Contest) -> dict[str, str]:
        return TravellerTable.contest_headings(contest)

    table = tables.Column(_("Table"), attrs=NUM)
    ns = tables.Column(_("N-S"), attrs=NUM, accessor="ns__label")
    ew = tables.Column(_("E-W"), attrs=NUM, accessor="ew__label")
    result = tables.Column(_("Result"), accessor="status")
    ns_score = tables.Column(_("N-S score"), attrs=NUM, accessor="ns_score_display")
    ns_pm = tables.Column(_("N-S +/-"), attrs=NUM, accessor="ns_plus_minus_display")
    ew_pm = tables.Column(_("E-W +/-"), attrs=NUM_NARROW_HIDDEN, accessor="ew_plus_minus_display")

    class Meta(DisplayTable.Meta):  # django-tables2 reads a table's own Meta only: the display's, restated
        pass
