"""Where Kalamazoo's recomputation of an imported event differs from what its file's scorer published (each
Butler board's datum, each line's matchpoints or IMPs, each pair's total, percentage and place): the import's
page and ``import_usebio`` list them (``selectors.published`` says what is kept and shown)."""

from __future__ import annotations

from django.utils.translation import gettext

from duplicate.contests import contest_named
from duplicate.models import Event, Play
from duplicate.selectors.contract import ContractPairs
from duplicate.selectors.pair_rows import LINE_FIELDS, pair_infos
from duplicate.selectors.published import Difference, datum_differences, line_differences, pair_differences
from duplicate.selectors.standings import event_results, pair_rankings
from duplicate.selectors.travellers import play_line

LINES_ORDER = ("board__number", "seating__round__section__letter", "seating__table", "seating__round__number")
SHOWN_DIFFERENCES = 20  # the most listed one by one; the rest are counted


def published_differences(event: Event) -> list[Difference]:
    """Every difference, in order: each board's datum, then each line's figures (by board and table), then
    each pair's total, percentage and place (the recomputed rankings'). Four queries (pairs, plays, lines,
    datums), whatever the event's size; none listed for an event not scored as contract pairs."""
    pairs = pair_infos(event, director=True)
    results = event_results(event, pairs)
    contract = results.contest if isinstance(results.contest, ContractPairs) else None
    if contract is None:
        return []
    given = event.boards.filter(published_datum__isnull=False).values_list("number", "published_datum")
    datums = {number: datum for number, datum in given if datum is not None}
    computed = {board: datum for _letter, part in contract.parts for board, datum in part.datums.items()}
    rows = Play.objects.filter(event=event, entered=True).order_by(*LINES_ORDER).values_list(*LINE_FIELDS)
    lines = [play_line(row, pairs, results, event.code) for row in rows]  # Kalamazoo's own figures
    rankings = pair_rankings(contest_named(results.described), contract, pairs)
    return (
        datum_differences(datums, computed)
        + line_differences(lines)
        + pair_differences(row for ranking in rankings for row in ranking.rows)
    )


def differences_text(differences: list[Difference], *, shown: int = SHOWN_DIFFERENCES) -> list[str]:
    """The differences as lines of text: the first ``shown`` one a line, then how many more."""
    out = [str(difference) for difference in differences[:shown]]
    if len(differences) > shown:
        out.append(gettext("... and %(n)s more") % {"n": len(differences) - shown})
    return out
