"""The standings pages' tables (standings, score card, traveller), rendered straight to HTML.

Data are the plain rows of ``duplicate.standings``, turned into records (dicts); each sortable column orders
by the exact value (a Fraction), never by the rounded text.  The markup is django-tables2's default table
(``<div class="table-container"><table class="data">``, ``th`` classes ``num``/``orderable``/``asc``/``desc``,
rows ``even``/``odd``, the same ``?sort=`` links, prefixed per table), written by a plain loop: at a
thousand rows django-tables2 cost ~0.8 ms a row, this a few microseconds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from html import escape as _escape
from math import gcd
from operator import itemgetter
from typing import Any, NamedTuple

from django.http import QueryDict
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from duplicate.standings import score_text, signed_text, status_text

Record = dict[str, Any]


def escape(value: Any) -> str:
    """Django's ``escape`` (the same characters: ``& < > " '``), without its lazy-string wrapper."""
    return _escape(str(value))


class Column(NamedTuple):
    name: str
    header: str
    num: bool = False
    orderable: bool = True
    key: str | None = None  # the record key it sorts by (default: its name)


def _url_pattern(name: str, event_pk: int) -> Callable[[Any], str]:
    """One ``reverse`` for a page per pair/board of the event: the number put in by string formatting."""
    head, tail = reverse(name, args=[event_pk, 0]).rsplit("/0/", 1)
    return lambda value: f"{head}/{value}/{tail}"


def ordering(columns: Sequence[Column], query: QueryDict | Mapping[str, Any], prefix: str = "") -> list[str]:
    """The valid ``?<prefix>sort=`` aliases ("name" or "-name", comma separated), as django-tables2 read them."""
    by_name = {c.name: c for c in columns if c.orderable}
    raw = (
        query.getlist(f"{prefix}sort") if isinstance(query, QueryDict) else [query.get(f"{prefix}sort") or ""]
    )
    out = []
    for value in raw:
        for alias in str(value).split(","):
            alias = alias.strip()
            if alias.lstrip("-") in by_name:
                out.append(alias)
    return out


def sort_records(columns: Sequence[Column], records: list[Record], order: Sequence[str]) -> list[Record]:
    by_name = {c.name: c for c in columns}
    rows = records
    for alias in reversed(order):  # stable sorts, last key first
        column = by_name[alias.lstrip("-")]
        rows = sorted(rows, key=itemgetter(column.key or column.name), reverse=alias.startswith("-"))
    return rows


def _head(columns: Sequence[Column], order: Sequence[str], query: QueryDict, prefix: str) -> str:
    current = {alias.lstrip("-"): alias.startswith("-") for alias in order}
    param = f"{prefix}sort"
    head = []
    for column in columns:
        classes = set()
        if column.num:
            classes.add("num")
        if column.orderable:
            classes.add("orderable")
        if column.name in current:
            classes.add("desc" if current[column.name] else "asc")
        attr = f' class="{" ".join(sorted(classes))}"' if classes else ""
        label = escape(column.header)
        if column.orderable:
            q = query.copy() if isinstance(query, QueryDict) else QueryDict(mutable=True)
            ascending = column.name in current and not current[column.name]
            q[param] = f"-{column.name}" if ascending else column.name
            label = f'<a href="?{escape(q.urlencode())}">{label}</a>'
        head.append(f"<th{attr}>{label}</th>")
    return "".join(head)


def _table(head: str, body: Iterable[str]) -> SafeString:
    return mark_safe(  # noqa: S308 - every cell is escaped by its builder
        '<div class="table-container">\n<table class="data">\n<thead><tr>'
        + head
        + "</tr></thead>\n<tbody>\n"
        + "".join(body)
        + "</tbody>\n</table>\n</div>"
    )


def _td_template(columns: Sequence[Column]) -> str:
    """:func:`_tds` of ``columns`` as a format string, one ``{}`` per cell (the cells already escaped)."""
    return "".join(('<td class="num">' if c.num else "<td>") + "{}</td>" for c in columns)


def _tds(columns: Sequence[Column], cells: Sequence[str]) -> str:
    return "".join(
        ('<td class="num">' if c.num else "<td>") + f"{cell}</td>"
        for c, cell in zip(columns, cells, strict=True)
    )


_PARITY = ("even", "odd")


def render_table(
    columns: Sequence[Column],
    records: list[Record],
    cells: Callable[[Record], Sequence[str]],
    query: QueryDict,
    prefix: str = "",
) -> SafeString:
    """The table's HTML: header links that sort by each column (toggling), rows sorted as asked.  ``cells``
    gives a record's cells as HTML (escaped by the caller)."""
    order = ordering(columns, query, prefix)
    rows = sort_records(columns, records, order) if order else records
    body = (
        f'<tr class="{_PARITY[i & 1]}">{_tds(columns, cells(record))}</tr>\n' for i, record in enumerate(rows)
    )
    return _table(_head(columns, order, query, prefix), body)


def _link(url: str, text: Any) -> str:
    return f'<a href="{escape(url)}">{escape(text)}</a>'


def _key(value: Any) -> Any:
    return value if value is not None else Fraction(-(10**9))


# --------------------------------------------------------------------------------------------- standings

STANDINGS_COLUMNS = (
    Column("rank", "Rank", num=True, key="rank_key"),
    Column("pair", "Pair", num=True, key="pair_key"),
    Column("players", "Players"),
    Column("boards", "Boards", num=True),
    Column("net", "Net", num=True, key="net_key"),
    Column("plus_minus", "Plus/minus", num=True, key="pm_key"),
    Column("note", "", orderable=False),
)


def standings_records(event_pk: int, ranking: Any) -> list[Record]:
    card_url = _url_pattern("pair_scorecard", event_pk)
    return [_standings_record(row, card_url) for row in ranking.rows]


def _standings_record(row: Any, card_url: Callable[[Any], str]) -> Record:
    return {
        "rank": row.rank,
        "rank_key": (row.rank, row.pair.sort_key),
        "pair": row.pair.label,
        "pair_key": row.pair.sort_key,
        "card_url": card_url(row.pair.pk),
        "players": row.pair.names or "—",
        "boards": row.boards,
        "net": row.net_display,
        "net_key": row.net,
        "plus_minus": row.plus_minus_display,
        "pm_key": row.plus_minus,
        "note": "by the fraction of a point" if row.by_fraction else "",
    }


def _standings_cells(r: Record) -> tuple[str, ...]:
    note = r["note"]
    return (
        str(r["rank"]),
        _link(r["card_url"], r["pair"]),
        escape(r["players"]),
        str(r["boards"]),
        escape(r["net"]),
        escape(r["plus_minus"]),
        f'<span class="by-fraction">{escape(note)}</span>' if note else "",
    )


def standings_table(records: list[Record], query: QueryDict, prefix: str = "") -> SafeString:
    return render_table(STANDINGS_COLUMNS, records, _standings_cells, query, prefix)


def standings_table_kept(
    event_pk: int, ranking: Any, query: QueryDict, prefix: str, kept: dict[Any, Any]
) -> SafeString:
    """:func:`standings_table` of ``standings_records(event_pk, ranking)``, the same HTML; in the ranking's
    own order.  A pair's own cells (its card's link, its players) are kept in ``kept``
    (``standings.html_store``: per pair and names); the cells that move with every result (rank, boards,
    net, plus/minus, the note) are written straight in, escaped (a result moves the ranks and plus/minus of
    many pairs at once: comparing each row with the last was dearer than writing it)."""
    order = ordering(STANDINGS_COLUMNS, query, prefix)
    if order:
        return standings_table(standings_records(event_pk, ranking), query, prefix)
    card_url = _url_pattern("pair_scorecard", event_pk)
    get = kept.get
    body = []
    push = body.append
    note = f'<td><span class="by-fraction">{escape("by the fraction of a point")}</span></td>'
    for i, row in enumerate(ranking.rows):
        pair = row.pair
        key = ("standings-pair", event_pk, pair.pk)
        own = get(key)
        if own is None or own[0] is not pair:
            own = kept[key] = (
                pair,
                f'<td class="num">{_link(card_url(pair.pk), pair.label)}</td><td>{escape(pair.names or "—")}</td>',
            )
        push(
            f'<tr class="{_PARITY[i & 1]}"><td class="num">{row.rank}</td>{own[1]}'
            # (the numbers' texts are digits, signs, spaces and "/": nothing to escape)
            f'<td class="num">{row.boards}</td><td class="num">{row.net_display}</td>'
            f'<td class="num">{row.plus_minus_display}</td>{note if row.by_fraction else "<td></td>"}'
            "</tr>\n"
        )
    return _table(_head(STANDINGS_COLUMNS, order, query, prefix), body)


# -------------------------------------------------------------------------------------------- score card

SCORE_CARD_COLUMNS = (
    Column("round", "Round", num=True),
    Column("board", "Board", num=True),
    Column("side", "Held", orderable=False),
    Column("opponents", "Opponents", key="opp_key"),
    Column("result", "Result", orderable=False),
    Column("score", "Score", num=True, key="score_key"),
    Column("average", "Average", num=True, key="average_key"),
    Column("plus_minus", "Plus/minus", num=True, key="pm_key"),
    Column("running", "Running total", num=True, orderable=False),
)


def score_card_records(event_pk: int, card: Any) -> list[Record]:
    board_url = _url_pattern("board_traveller", event_pk)
    card_url = _url_pattern("pair_scorecard", event_pk)
    return [
        {
            "round": line.round,
            "board": line.board,
            "board_url": board_url(line.board),
            "side": "N-S" if line.side == "NS" else "E-W",
            "opponents": line.opponents.label,
            "opp_key": line.opponents.sort_key,
            "opp_url": card_url(line.opponents.pk),
            "opp_names": line.opponents.names,
            "result": line.status,
            "score": line.score_display,
            "score_key": _key(line.score),
            "average": line.average_display,
            "average_key": _key(line.average),
            "plus_minus": line.plus_minus_display,
            "pm_key": _key(line.plus_minus),
            "running": line.running_display,
        }
        for line in card.lines
    ]


def _score_card_cells(r: Record) -> tuple[str, ...]:
    return (
        str(r["round"]),
        _link(r["board_url"], r["board"]),
        r["side"],
        f'{_link(r["opp_url"], r["opponents"])} <span class="muted">{escape(r["opp_names"])}</span>',
        escape(r["result"]),
        escape(r["score"]),
        escape(r["average"]),
        escape(r["plus_minus"]),
        escape(r["running"]),
    )


def score_card_table(records: list[Record], query: QueryDict) -> SafeString:
    return render_table(SCORE_CARD_COLUMNS, records, _score_card_cells, query)


# --------------------------------------------------------------------------------------------- traveller

TRAVELLER_COLUMNS = (
    Column("round", "Round", num=True),
    Column("table", "Table", num=True),
    Column("ns", "N-S", num=True, key="ns_sort"),
    Column("ew", "E-W", num=True, key="ew_sort"),
    Column("result", "Result", orderable=False),
    Column("ns_score", "N-S score", num=True, key="ns_key"),
    Column("ew_score", "E-W score", num=True, key="ew_key"),
    Column("items", "Score items", orderable=False),
    Column("ns_pm", "N-S +/-", num=True, key="ns_pm_key"),
    Column("ew_pm", "E-W +/-", num=True, key="ew_pm_key"),
)


_OWN_TDS = _td_template(TRAVELLER_COLUMNS[:5])
_ITEMS_TD = _td_template(TRAVELLER_COLUMNS[7:8])


def traveller_records(event_pk: int, trav: Any) -> list[Record]:
    card_url = _url_pattern("pair_scorecard", event_pk)
    return [_traveller_record(line, card_url) for line in trav.lines]


def _traveller_record(line: Any, card_url: Callable[[Any], str]) -> Record:
    return {
        "round": line.round,
        "table": line.table,
        "ns": line.ns.label,
        "ns_sort": line.ns.sort_key,
        "ns_url": card_url(line.ns.pk),
        "ew": line.ew.label,
        "ew_sort": line.ew.sort_key,
        "ew_url": card_url(line.ew.pk),
        "result": line.status,
        "ns_score": line.ns_score_display,
        "ew_score": line.ew_score_display,
        "ns_key": _key(line.ns_score),
        "ew_key": _key(line.ew_score),
        "ns_items": f"{line.ns_total}: {line.ns_items}" if line.ns_items else "",
        "ew_items": f"{line.ew_total}: {line.ew_items}" if line.ew_items else "",
        "ns_pm": line.ns_plus_minus_display,
        "ew_pm": line.ew_plus_minus_display,
        "ns_pm_key": _key(line.ns_plus_minus),
        "ew_pm_key": _key(line.ew_plus_minus),
    }


def _traveller_cells(r: Record) -> tuple[str, ...]:
    items = "".join(
        f"<div>{side}: {escape(r[key])}</div>"
        for side, key in (("N-S", "ns_items"), ("E-W", "ew_items"))
        if r[key]
    )
    return (
        str(r["round"]),
        str(r["table"]),
        _link(r["ns_url"], r["ns"]),
        _link(r["ew_url"], r["ew"]),
        escape(r["result"]),
        escape(r["ns_score"]),
        escape(r["ew_score"]),
        f'<span class="items">{items}</span>',
        escape(r["ns_pm"]),
        escape(r["ew_pm"]),
    )


def _own_cells(line: Any, card_url: Callable[[Any], str]) -> tuple[str, str]:
    """A traveller line's own cells (round to result; its score items), as :func:`_traveller_cells` of its
    record writes them, from the line's own fields only (a :class:`~duplicate.standings.PlayLine`, scored or
    not): kept per play and version."""
    ns, ew = line.ns, line.ew
    items = ""
    if line.ns_items:
        items = f"<div>N-S: {escape(f'{line.ns_total}: {line.ns_items}')}</div>"
    if line.ew_items:
        items += f"<div>E-W: {escape(f'{line.ew_total}: {line.ew_items}')}</div>"
    return (
        _OWN_TDS.format(
            line.round,
            line.table,
            _link(card_url(ns.pk), ns.label),
            _link(card_url(ew.pk), ew.label),
            escape(status_text(line.ruling_text, line.entered, line.result)),
        ),
        _ITEMS_TD.format(f'<span class="items">{items}</span>'),
    )


def traveller_table(records: list[Record], query: QueryDict) -> SafeString:
    return render_table(TRAVELLER_COLUMNS, records, _traveller_cells, query)


def traveller_table_kept(event_pk: int, trav: Any, query: QueryDict, kept: dict[Any, Any]) -> SafeString:
    """:func:`traveller_table` of ``traveller_records(event_pk, trav)``, the same HTML; in the traveller's own
    order each line's own cells (round to result, and its score items) are taken from ``kept`` per play and
    version, and the scores and plus/minus (which move with the other tables' results) written per value."""
    order = ordering(TRAVELLER_COLUMNS, query)
    if order:
        return traveller_table(traveller_records(event_pk, trav), query)
    card_url = _url_pattern("pair_scorecard", event_pk)
    get = kept.get
    cols = TRAVELLER_COLUMNS
    # The scores and plus/minus cells of a line, per (N-S score, E-W score): on one board the averages are
    # the same for every line, so these decide the plus/minus; a board has a handful of distinct scores.
    scored: dict[Any, tuple[str, str]] = {}

    def cells_of(line: Any) -> tuple[str, str]:
        ns, ew = line.ns_score, line.ew_score
        # Keyed by integers: a Fraction's own hash is slow (a modular inverse each time).
        key = (
            ns if type(ns) is not Fraction else (ns.numerator, ns.denominator),
            ew if type(ew) is not Fraction else (ew.numerator, ew.denominator),
        )
        out = scored.get(key)
        if out is None:
            out = scored[key] = (
                f'<td class="num">{escape(score_text(ns))}</td><td class="num">{escape(score_text(ew))}</td>',
                f'<td class="num">{escape(signed_text(line.ns_plus_minus))}</td>'
                f'<td class="num">{escape(signed_text(line.ew_plus_minus))}</td>',
            )
        return out

    body = []
    for i, line in enumerate(trav.lines):
        key = ("traveller", event_pk, line.pk, line.version)
        own = get(key)
        if own is None:
            own = kept[key] = _own_cells(line, card_url)
        scores, pms = cells_of(line)
        body.append(f'<tr class="{_PARITY[i & 1]}">{own[0]}{scores}{own[1]}{pms}</tr>\n')
    return _table(_head(cols, order, query, ""), body)


def _score_cell(score: Any) -> str:
    return str(score) if type(score) is int else score_text(score)


def _minus_cell(score: Any, average: Any) -> str:
    """``signed_text(score - average)`` ("" when either is missing); for a whole score in integers, without
    a Fraction made (a traveller has hundreds of distinct scores, all against a new average after a result)."""
    if score is None or average is None:
        return ""
    if type(score) is not int or type(average) is not Fraction:
        return signed_text(score - average)
    den = average.denominator
    num = score * den - average.numerator
    g = gcd(num, den)
    if g != 1:
        num //= g
        den //= g
    whole, rest = divmod(-num if num < 0 else num, den)
    body = str(whole) if not rest else f"{rest}/{den}" if not whole else f"{whole} {rest}/{den}"
    return ("-" if num < 0 else "+" if num else "") + body


def traveller_table_owned(
    event_pk: int,
    owns: Sequence[tuple[tuple[Any, ...], int]],
    scores: Mapping[tuple[int, int], tuple[Any, Any]],
    averages: tuple[Any, Any],
    query: QueryDict,
    kept: dict[Any, Any],
    own_line: Callable[[tuple[Any, ...], int], Any],
) -> SafeString | None:
    """:func:`traveller_table_kept` without the lines: from each play's own fields (``standings.board_owns``)
    and the board's scores (``contest.board_scores``) and averages.  After a result on the board every
    line's plus/minus moves, but only the scores' and plus/minus' cells are written again, once per distinct
    score; a play's own cells not kept are written from its own fields (``own_line``: a line not scored,
    ``standings.own_line_view``).  ``None`` when sorted (the caller makes the lines)."""
    if ordering(TRAVELLER_COLUMNS, query):
        return None
    card_url = _url_pattern("pair_scorecard", event_pk)
    cols = TRAVELLER_COLUMNS
    get = kept.get
    ns_average, ew_average = averages
    cells: dict[Any, str] = {}
    blank = '<td class="num"></td><td class="num"></td>'
    body = []
    push = body.append
    for i, (own, pk) in enumerate(owns):
        key = ("traveller", event_pk, pk, own[-1])
        mine = get(key)
        if mine is None:
            mine = kept[key] = _own_cells(own_line(own, pk), card_url)
        pair_scores = scores.get((own[4].pk, own[5].pk)) if own[6] else None
        if pair_scores is None:
            push(f'<tr class="{_PARITY[i & 1]}">{mine[0]}{blank}{mine[1]}{blank}</tr>\n')
            continue
        # Keyed by integers: a Fraction's own hash is slow (a modular inverse each time).
        ns, ew = pair_scores
        score_key = (
            ns if type(ns) is not Fraction else (ns.numerator, ns.denominator),
            ew if type(ew) is not Fraction else (ew.numerator, ew.denominator),
        )
        written = cells.get(score_key)
        if written is None:  # (the numbers' texts are digits, signs, spaces and "/": nothing to escape)
            written = cells[score_key] = (
                f'<td class="num">{_score_cell(ns)}</td><td class="num">{_score_cell(ew)}</td>',
                f'<td class="num">{_minus_cell(ns, ns_average)}</td>'
                f'<td class="num">{_minus_cell(ew, ew_average)}</td>',
            )
        push(f'<tr class="{_PARITY[i & 1]}">{mine[0]}{written[0]}{mine[1]}{written[1]}</tr>\n')
    return _table(_head(cols, [], query, ""), body)


__all__ = [
    "Column",
    "render_table",
    "score_card_records",
    "score_card_table",
    "standings_records",
    "standings_table",
    "traveller_records",
    "traveller_table",
]
