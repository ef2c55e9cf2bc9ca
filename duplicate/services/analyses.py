"""Double-dummy analysis of the boards' deals with endplay (a binding of Bo Haglund's DDS): the tricks each
seat makes as declarer in each strain, and the par contracts and score for each dealer and vulnerability.

Worked out once per deal and stored (``DealAnalysis``): in a thread once hands are attached and the write
has committed (``deal_analyses_start``; the upload is not slowed), or by ``manage.py analyse_hands``. Pages
only read what is stored (``selectors.analyses``)."""

from __future__ import annotations

import importlib.util
import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import connections, transaction
from django.db.models import F
from django.utils.translation import gettext as _

from duplicate.models import Board, DealAnalysis, Event
from duplicate.selectors.analyses import SEATS, STRAINS, deals_unanalysed, par_key
from duplicate.services.errors import ServiceError
from duplicate.services.results import boards_touch
from scoring.pbn import hands_known

if TYPE_CHECKING:
    from endplay.types import Contract

logger = logging.getLogger(__name__)

COMPASS = "NESW"  # endplay's Player order
VULNERABILITIES = ("None", "NS", "EW", "All")  # PBN's words, as scoring.law77.Vulnerability
MISSING = "double-dummy analysis needs endplay (pinned in requirements.txt): pip install -r requirements.txt"

_dds_lock = threading.Lock()  # one DDS call at a time in a process (its solver's memory is shared)
_threads: list[threading.Thread] = []  # the analyses started in this process: deal_analyses_wait joins them


class AnalysisUnavailable(ServiceError):
    """endplay is not installed."""


@dataclass(frozen=True, slots=True)
class Analysis:
    """One deal's analysis as stored."""

    tricks: str
    par: dict[str, dict[str, object]]


def endplay_installed() -> bool:
    """Whether endplay can be imported (found without importing it)."""
    return importlib.util.find_spec("endplay") is not None


# endplay is imported where a deal is solved, not with the app: it brings numpy and matplotlib, which would
# slow every web process's start and lengthen each of its full garbage collections.


def _contracts_text(contracts: Iterable[Contract]) -> list[str]:
    """Par contracts as "4S N/S =", "5Dx E/W -2": one line per contract, its declarers together."""
    from endplay.types import Denom, Penalty  # noqa: PLC0415 - see endplay_installed

    grouped: dict[tuple[int, str, str, int], list[str]] = {}
    for c in contracts:
        strain = STRAINS[[Denom.nt, Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs].index(c.denom)]
        double = {Penalty.doubled: "x", Penalty.redoubled: "xx"}.get(c.penalty, "")
        key = (c.level, strain, double, c.result)
        grouped.setdefault(key, []).append(COMPASS[int(c.declarer)])
    lines = []
    for (level, strain, double, result), seats in grouped.items():
        made = "=" if result == 0 else f"{result:+d}"
        lines.append(f"{level}{strain}{double} {'/'.join(sorted(seats, key=COMPASS.index))} {made}")
    return lines


def deal_analyse(deal: str) -> Analysis:
    """The analysis of one complete deal (canonical PBN): a DDS solve, about a second."""
    if not endplay_installed():
        raise AnalysisUnavailable(MISSING)
    from endplay import dds  # noqa: PLC0415 - see endplay_installed
    from endplay.types import Deal, Denom, Player, Vul  # noqa: PLC0415

    if not hands_known(deal):
        raise ServiceError(
            _("deal %(deal)s: double-dummy analysis needs all four hands") % {"deal": repr(deal)}
        )
    with _dds_lock:
        table = dds.calc_dd_table(Deal(deal))
        strains = [Denom.nt, Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs]
        tricks = "".join(f"{table[d, Player(COMPASS.index(seat))]:x}" for seat in SEATS for d in strains)
        vuls = dict(zip(VULNERABILITIES, (Vul.none, Vul.ns, Vul.ew, Vul.both), strict=True))
        par: dict[str, dict[str, object]] = {}
        for seat in SEATS:
            for word, vul in vuls.items():
                found = dds.par(table, vul, Player(COMPASS.index(seat)))
                par[par_key(seat, word)] = {"score": found.score, "contracts": _contracts_text(found)}
    return Analysis(tricks=tricks, par=par)


def deal_analyses_compute(*, deals: Iterable[str], progress: Callable[[int, int], None] | None = None) -> int:
    """Work out and store the analysis of each complete deal given that has none yet; returns how many were
    stored. Each is stored as soon as it is worked out (a long run interrupted keeps what it did), and the
    boards holding it (and their events) have their results version bumped, so cached travellers and
    hand records show it. ``progress(done, total)`` is called after each deal."""
    todo = deals_unanalysed(deals=deals)
    if not todo:
        return 0
    if not endplay_installed():
        raise AnalysisUnavailable(MISSING)
    stored = 0
    for done, deal in enumerate(todo, start=1):
        found = deal_analyse(deal)
        _, created = DealAnalysis.objects.get_or_create(
            deal=deal, defaults={"tricks": found.tricks, "par": found.par}
        )  # another process may have stored it meanwhile
        if created:
            stored += 1
            _boards_touch(deal)
        if progress is not None:
            progress(done, len(todo))
    return stored


@transaction.atomic
def _boards_touch(deal: str) -> None:
    """What the boards holding ``deal`` show changed: their versions and their events' move on."""
    boards = list(Board.objects.filter(deal=deal).values_list("pk", "event_id"))
    if boards:
        Event.objects.filter(pk__in={e for _, e in boards}).update(results_version=F("results_version") + 1)
        boards_touch(event_ids=[], board_ids=[b for b, _ in boards])


def deal_analyses_start(*, deals: Iterable[str]) -> None:
    """Once the current transaction commits, analyse in a thread those of ``deals`` not yet analysed (when
    the DEAL_ANALYSIS_IN_BACKGROUND setting is on): the write that attached them is not slowed."""
    wanted = tuple(sorted({d for d in deals if hands_known(d)}))
    if not wanted or not settings.DEAL_ANALYSIS_IN_BACKGROUND:
        return
    if not endplay_installed():
        logger.warning(MISSING)
        return
    transaction.on_commit(lambda: _start(wanted))


def _start(deals: tuple[str, ...]) -> None:
    # Not a daemon: a command that attached hands finishes their analysis before its process exits.
    thread = threading.Thread(target=_run, args=(deals,), name="deal-analysis")
    _threads.append(thread)
    thread.start()


def _run(deals: tuple[str, ...]) -> None:
    try:
        deal_analyses_compute(deals=deals)
    except Exception:  # a thread's failure is logged; `manage.py analyse_hands` fills what is missing
        logger.exception("double-dummy analysis of %d deal(s) failed", len(deals))
    finally:
        connections.close_all()  # this thread's own database connection


def deal_analyses_wait() -> None:
    """Wait for the analyses started in this process to end (tests; a command before it reports)."""
    while _threads:
        _threads.pop().join()
