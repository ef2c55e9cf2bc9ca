"""How far an event's figures have got: results in, rounds agreed (law E; law 79 for contract bridge), rulings
waiting for a result to draw on, boards left out of a visitor's totals (docs/laws.md, *Totals while boards are in
play*), and whether the director has finished the event. Pages (``standings_progress.html``), badges
(``selectors.events.event_badge``) and files word it from here; counts through Django's ``ngettext``."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop, ngettext

from duplicate.l10n import clauses
from duplicate.models import agreement_law

# Why a visitor's totals count fewer boards than the event has (after "18 of 27 boards counted"); a page says
# it in :attr:`Progress.counted_note`'s one sentence.
BOARDS_IN_PLAY_LEFT_OUT = gettext_noop("a board still being played is counted once every table has played it")


@dataclass(frozen=True)
class Progress:
    """The counts behind an event's figures. ``provisional``: not final (results missing, rounds not agreed,
    a ruling waiting, a fault); ``finished``: the director has finished the event, which stands for the
    agreement of every round (law E, law 79: only the director corrects from then on), so a finished event's
    figures are final once every result is in and scored, and until then say "Finished with 142 of 147
    results in", never "Final" above "Provisional"."""

    entered: int
    total: int
    unagreed_rounds: int
    unresolved_rulings: int
    error: str | None
    provisional: bool
    code: str = ""  # the event's scoring code: which law its scores are agreed under
    boards: int = 0  # the boards the event's plays schedule
    uncounted: int = 0  # of them, those left out of the totals (still in play, for a visitor)
    finished: bool = False  # the director has finished the event

    @property
    def missing(self) -> int:
        """The results not in: plays with neither a result nor a ruling."""
        return self.total - self.entered

    @property
    def results_in(self) -> str:
        """ "Provisional: 142 of 147 results in", or once finished "Finished with 142 of 147 results in"."""
        if self.finished:
            text = ngettext(
                "Finished with %(entered)d of %(n)d result in",
                "Finished with %(entered)d of %(n)d results in",
                self.total,
            )
        else:
            text = ngettext(
                "Provisional: %(entered)d of %(n)d result in",
                "Provisional: %(entered)d of %(n)d results in",
                self.total,
            )
        return text % {"entered": self.entered, "n": self.total}

    @property
    def agreement_law(self) -> str:
        """The law its rounds are agreed under, in the page's words ("loi 79")."""
        return gettext(agreement_law(self.code))

    @property
    def boards_counted(self) -> int:
        """Of the event's :attr:`boards`, how many the totals count (all of them but the uncounted)."""
        return self.boards - self.uncounted

    @property
    def counted_text(self) -> str:
        """ "18 of 27 boards counted" while boards in play are left out of the totals; "" when none is."""
        if not self.uncounted:
            return ""
        text = ngettext(
            "%(counted)d of %(n)d board counted", "%(counted)d of %(n)d boards counted", self.boards
        )
        return text % {"counted": self.boards_counted, "n": self.boards}

    @property
    def counted_note(self) -> str:
        """:attr:`counted_text` and why, as pages and files say it; "" when every board is counted."""
        if not self.uncounted:
            return ""
        text = ngettext(
            "%(counted)d of %(n)d board counted: a board still being played is counted once every table has "
            "played it",
            "%(counted)d of %(n)d boards counted: a board still being played is counted once every table has "
            "played it",
            self.boards,
        )
        return text % {"counted": self.boards_counted, "n": self.boards}


def provisional_text(progress: Progress) -> str:
    """Why the figures are provisional ("" when final): "3 of 24 results in; 1 round not yet agreed"; a
    finished event's "finished with 142 of 147 results in"."""
    if not progress.provisional:
        return ""
    if progress.finished:
        in_text = ngettext(
            "finished with %(entered)d of %(n)d result in",
            "finished with %(entered)d of %(n)d results in",
            progress.total,
        )
    else:
        in_text = ngettext(
            "%(entered)d of %(n)d result in", "%(entered)d of %(n)d results in", progress.total
        )
    parts = [in_text % {"entered": progress.entered, "n": progress.total}]
    if n := progress.unagreed_rounds:
        parts.append(ngettext("%(n)d round not yet agreed", "%(n)d rounds not yet agreed", n) % {"n": n})
    if n := progress.unresolved_rulings:
        waiting = ngettext(
            "%(n)d ruling waiting for a result to draw on", "%(n)d rulings waiting for a result to draw on", n
        )
        parts.append(waiting % {"n": n})
    if progress.error:
        parts.append(gettext("cannot be scored: %(error)s") % {"error": progress.error})
    if progress.uncounted:
        parts.append(progress.counted_note)
    return clauses(parts)
