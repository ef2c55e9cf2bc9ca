"""The recap sheet as a PDF: every pair by every board (``duplicate.selectors.recap``), printed landscape,
each ranking's boards in blocks of at most :data:`~duplicate.selectors.recap.BLOCK_MAX` columns (a block is
one grid, its header repeated on each page it runs over)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.platypus import Flowable, KeepTogether, Spacer

from duplicate.exports.fonts import BOLD
from duplicate.exports.grid import Grid, GridRow
from duplicate.exports.pdf import BODY, H2, MARGIN, NOTE, build, fit, heading, mark_text, p, page_size
from duplicate.selectors.event_rows import EventInfo
from duplicate.selectors.pair_rows import ranking_title
from duplicate.selectors.recap import HIDDEN_MARK, UNRESOLVED_MARK, Recap, RecapRanking
from duplicate.selectors.standings import BEING_PLAYED_NOTE, provisional_text

SIZE = 7.5
RANK_W, PAIR_W, TOTAL_W = 28.0, 30.0, 48.0
BOARD_W = 36.0  # a board's column at most
NAMES_MIN = 110.0  # the players' column at least (names cut short to it)


def _legend(unit: str) -> str:
    """What the cells say: law H's plus/minus, or a contract pair event's matchpoints or IMPs (``unit``)
    and the total the pairs are ranked by, factored up for a pair that sat out at matchpoints."""
    if not unit:
        return _(
            "Each cell: the pair's plus/minus on the board (its score less the average of the pairs who held "
            "the same cards, law H), to the nearest whole number. Total: the exact sum, rounded (with its "
            "fraction where the fraction decides a place), so the rounded cells need not add up to it. Blank: "
            "a board the pair did not play; %(mark)s a ruling waiting for a result to draw on"
        ) % {"mark": UNRESOLVED_MARK}
    if unit == "MPs":
        legend = _(
            "Each cell: the pair's %(unit)s on the board, to two decimals. Total: the %(unit)s it is ranked by "
            "(the exact sum, factored up for a pair that sat out), to two decimals. Blank: a board the pair "
            "did not play"
        )
    else:
        legend = _(
            "Each cell: the pair's %(unit)s on the board, to two decimals. Total: the %(unit)s it is ranked by "
            "(the exact sum), to two decimals. Blank: a board the pair did not play"
        )
    return legend % {"unit": _(unit)}


def _grid(ranking: RecapRanking, boards: tuple[int, ...], start: int, stop: int, width: float) -> Grid:
    shown = boards[start:stop]
    board_w = min(BOARD_W, (width - RANK_W - PAIR_W - TOTAL_W - NAMES_MIN) / len(shown))
    names_w = width - RANK_W - PAIR_W - TOTAL_W - board_w * len(shown)
    widths = [RANK_W, PAIR_W, names_w, *([board_w] * len(shown)), TOTAL_W]
    header = [_("Rank"), _("Pair"), _("Players"), *(str(n) for n in shown), _("Total")]
    last = len(header) - 1
    rows = [
        GridRow(
            [
                str(row.rank),
                str(row.pair.label),
                fit(row.pair.names or "—", names_w, SIZE),
                *row.cells[start:stop],
                row.total,
            ],
            fonts={last: BOLD},
        )
        for row in ranking.rows
    ]
    numeric = [0, 1, *range(3, last + 1)]
    return Grid(header, rows, widths, numeric=numeric, size=SIZE, rules=(3, last))


def recap_story(recap: Recap, width: float) -> list[Flowable]:
    story: list[Flowable] = []
    if not recap.boards or not any(r.rows for r in recap.rankings):
        return [Spacer(1, 8), p(_("No results yet: the recap appears as the results are entered."), BODY)]
    blocks = recap.blocks
    for ranking in recap.rankings:
        for start, stop in blocks:
            title = ranking_title(ranking.title)
            if len(blocks) > 1:
                which = {"first": recap.boards[start], "last": recap.boards[stop - 1]}
                title += " · " + _("boards %(first)s to %(last)s") % which
            story.append(KeepTogether([p(title, H2), _grid(ranking, recap.boards, start, stop, width)]))
    legend = _legend(recap.unit)
    legend = f"{legend}; {HIDDEN_MARK} {_(BEING_PLAYED_NOTE)}." if recap.hidden else f"{legend}."
    story.append(p(legend, NOTE))
    return story


def recap_pdf(info: EventInfo, recap: Recap) -> bytes:
    """The recap sheet of the event ``info`` names (its name and paper): ``recap`` holds the figures."""
    width = page_size(info)[1] - 2 * MARGIN  # landscape: the paper's height across
    text = provisional_text(recap.progress)
    story = heading(info, _("Recap sheet"), text)
    story.extend(recap_story(recap, width))
    return build(info, _("recap sheet"), story, mark=mark_text(recap.progress.provisional), wide=True)
