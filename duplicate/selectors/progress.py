"""How far an event's figures have got: results in, rounds agreed (law E; law 79 for contract bridge), rulings
waiting for a result to draw on, boards left out of a visitor's totals, and whether the director has finished
the event. Pages (``standings_progress.html``), badges (``selectors.events.event_badge``) and files word it from
here."""

from __future__ import annotations

from dataclasses import dataclass

from duplicate.models import agreement_law

# Why a visitor's totals count fewer boards than the event has (after "18 of 27 boards counted").
BOARDS_IN_PLAY_LEFT_OUT = "a board still being played is counted once every table has played it"


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
        lead = "Finished with" if self.finished else "Provisional:"
        return f"{lead} {self.entered} of {self.total} results in"

    @property
    def agreement_law(self) -> str:
        return agreement_law(self.code)

    @property
    def counted_text(self) -> str:
        """ "18 of 27 boards counted" while boards in play are left out of the totals; "" when none is."""
        if not self.uncounted:
            return ""
        return (
            f"{self.boards - self.uncounted} of {self.boards} board{'s' if self.boards != 1 else ''} counted"
        )

    @property
    def counted_note(self) -> str:
        """:attr:`counted_text` and why, as pages and files say it; "" when every board is counted."""
        return f"{self.counted_text}: {BOARDS_IN_PLAY_LEFT_OUT}" if self.uncounted else ""


def provisional_text(progress: Progress) -> str:
    """Why the figures are provisional ("" when final): "3 of 24 results in; 1 round not yet agreed"; a
    finished event's "finished with 142 of 147 results in"."""
    if not progress.provisional:
        return ""
    finished = "finished with " if progress.finished else ""
    parts = [f"{finished}{progress.entered} of {progress.total} results in"]
    if progress.unagreed_rounds:
        n = progress.unagreed_rounds
        parts.append(f"{n} round{'s' if n != 1 else ''} not yet agreed")
    if progress.unresolved_rulings:
        n = progress.unresolved_rulings
        parts.append(f"{n} ruling{'s' if n != 1 else ''} waiting for a result to draw on")
    if progress.error:
        parts.append(f"cannot be scored: {progress.error}")
    if progress.uncounted:
        parts.append(progress.counted_note)
    return "; ".join(parts)
