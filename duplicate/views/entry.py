"""Result entry: by table and round for directors, from the players' phones through a table link,
corrections under duplicate law E, rulings and penalties (the printable table links: ``views.tokens``; the
entry grid and agreeing a round: ``views.entry_rounds``).

Thin views: reads through ``duplicate.selectors.entry`` (``entry_selectors``), writes through
``services.play_result_save`` and the table-token services. Who may write: a director (a staff
user) anywhere; a table token only its own table's current round, and nothing once the event is finished;
everyone else reads.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_http_methods, require_POST

from duplicate import selectors, services
from duplicate.contests import contest_of, is_contract
from duplicate.forms.entry import ConfirmForm, PlayResultForm, error_field, initial_for
from duplicate.forms.entry import quick_line as _quick_line
from duplicate.models import Event, EventStatus, Play, Seating, Section, TableToken, agreement_law
from duplicate.pages import director_writer as _director
from duplicate.pages import traveller_page
from duplicate.selectors import entry as entry_selectors
from duplicate.selectors import event_or_404
from duplicate.selectors import unlikely as unlikely_selectors
from duplicate.selectors.board_feedback import BoardFigure, board_figure, released_figures
from duplicate.selectors.round_summary import RoundSummary, round_summary
from duplicate.services.results import (
    ResultError,
    blank_fields,
    board_vulnerability,
    lead_checked_against_hands,
    play_result_data,
    result_fields,
)
from scoring.pbn import hands_known

MORE_FIELDS = (
    "revokes_declarer_side",
    "revokes_defenders",
    "revokes_election",
    "revokes_ns",
    "revokes_ew",
    "one_spade_limit",
    "pen1_side",
    "pen1_law",
    "pen1_points",
    "pen2_side",
    "pen2_law",
    "pen2_points",
    "ruling",
    "offending",
)
FORBIDDEN = gettext_noop(  # through gettext when shown
    "Only the director, or the players of this table with their table link, can enter results here."
)


# --- Helpers ----------------------------------------------------------------------------------------------


def _is_fetch(request: HttpRequest) -> bool:
    return request.headers.get("X-Requested-With") == "fetch"


def _forbidden(
    request: HttpRequest, message: str = FORBIDDEN, status: int = 403, *, back: str = ""
) -> HttpResponse:
    """The refusal as a page; ``back``: a table link's own page, to go back to."""
    context = {"message": _(FORBIDDEN) if message == FORBIDDEN else message, "back": back}
    return render(request, "duplicate/entry_forbidden.html", context, status=status)


def _unlisted(response: HttpResponse, *, noindex: bool = True) -> HttpResponse:
    """A table link's page: its address is not sent to another site, nor indexed. Sent to this site's own
    pages only (which know it): Chromium posts a form with ``Origin: null`` under ``no-referrer``, which
    Django's CSRF check refuses (a table link's buttons and its no-script saves)."""
    response["Referrer-Policy"] = "same-origin"
    if noindex:
        response["X-Robots-Tag"] = "noindex"
    return response


def _posted_play(request: HttpRequest, plays: list[Play]) -> Play | None:
    """The play the POST names, if it is one of ``plays``."""
    try:
        pk = int(request.POST.get("play", ""))
    except ValueError:
        return None
    return next((p for p in plays if p.pk == pk), None)


class TableView:
    """Everything one table page (or one of its rows) needs: who writes, where the forms post."""

    def __init__(
        self,
        *,
        event: Event,
        section: Section,
        seating: Seating,
        writer: services.Writer | None,
        action: str,
        preview: str,
        token: TableToken | None = None,
    ) -> None:
        self.event = event
        self.section = section
        self.seating = seating
        self.writer = writer
        self.action = action
        self.preview = preview
        self.token = token
        self.confirm_action = reverse("entry_token_confirm", args=[token.secret]) if token else ""
        self.agreed = seating.round.agreed_at is not None
        self.agreement_law = agreement_law(
            event.code
        )  # the law its notes cite: law E, or law 79 for contract
        # Finished by the director: every board is released, so a table link only reads from then on; the
        # director still corrects, with a reason, as after an agreement.
        self.finished = event.status == EventStatus.COMPLETE
        # A table link writes only while the round is open; a director corrects after agreement (law E).
        self.can_write = writer is not None and (writer.is_director or not (self.agreed or self.finished))
        # The law E history names directors and their reasons: directors only.
        self.shows_history = writer is not None and writer.is_director

    def form(self, play: Play, data: Any = None) -> PlayResultForm:
        return PlayResultForm(
            data,
            play=play,
            code=self.event.code,
            director=bool(self.writer and self.writer.is_director),
            agreed=self.agreed,
            confirm=self.event.confirm_results,
            leads=self.event.lead_cards,
        )

    def row(self, play: Play, *, form: PlayResultForm | None = None, **extra: Any) -> dict[str, Any]:
        history = (
            [
                {
                    "who": change.who,
                    "at": change.at,
                    "before": entry_selectors.result_summary(change.before),
                    "after": entry_selectors.result_summary(change.after),
                    "reason": change.reason,
                }
                for change in play.changes.all()
            ]
            if self.shows_history
            else []
        )
        if form is None and self.can_write:
            form = self.form(play)
        more = [form[name] for name in MORE_FIELDS if form is not None and name in form.fields]
        more_open = any((bf.value() not in (None, "", False, "0", 0)) or bf.errors for bf in more)
        return {
            "play": play,
            "form": form,
            "more": more,
            "more_open": more_open,
            "summary": entry_selectors.result_summary(play_result_data(play)),
            "items": entry_selectors.item_rows(play),
            "honours_from_hands": entry_selectors.derived_honours(play)
            if hands_known(play.board.deal)
            else [],
            "history": history,
            "notice": "",
            "status": "",
            # The side whose confirmation the result waits for (law 79, law E): "" for none.
            "awaiting": (awaiting := entry_selectors.awaiting_side(play, event=self.event)),
            "awaiting_words": entry_selectors.side_words(awaiting),
            "entered_words": entry_selectors.side_words(play.entered_by),
            **extra,
        }

    @property
    def score_words(self) -> dict[str, bool]:
        """How entry_score.html words a score: whist's tricks, law 77's trick score and other score (no
        honours at contract bridge), or auction's tricks and honours. Every path that renders a row or a
        score passes these: the page, a row saved or refused through a fetch, and the preview."""
        return {"whist": self.event.code == "whist", "contract": is_contract(self.event.code)}

    def context(self, request: HttpRequest, rows: list[dict[str, Any]]) -> dict[str, Any]:
        autofocus = next((r for r in rows if r["form"] is not None and not r["play"].entered), None)
        if autofocus is not None:
            autofocus["form"].fields["quick"].widget.attrs["autofocus"] = True
        return {
            "event": self.event,
            "section": self.section,
            "seating": self.seating,
            # The players' names as this viewer is shown them: a table link's as a visitor's (docs/players.md).
            "seated": entry_selectors.seated_names(
                self.seating, director=selectors.viewer_of(request).director
            ),
            "round": self.seating.round,
            "rows": rows,
            "view": self,
            **self.score_words,
            "is_director": bool(self.writer and self.writer.is_director),
            "token": self.token,
        }


def _render_table(
    request: HttpRequest,
    view: TableView,
    plays: list[Play],
    *,
    status: int = 200,
    replaced: dict[int, dict[str, Any]] | None = None,
    summary: RoundSummary | None = None,
) -> HttpResponse:
    replaced = replaced or {}
    rows = [replaced.get(p.pk) or view.row(p) for p in plays]
    if view.writer is None:  # a visitor reading a table's page: no result of a board still in play
        in_play = selectors.boards_in_play(view.event)
        for row in rows:
            if not selectors.board_visible(
                row["play"].board.number, in_play=in_play, viewer=selectors.VISITOR
            ):
                row.update(in_play=True, summary=_("being played"), items=[], honours_from_hands=[])
    template = "duplicate/entry_token.html" if view.token else "duplicate/entry_table.html"
    ctx = view.context(request, rows)
    if view.token:  # its own results are on the page; the travellers of the boards its table has played
        played = selectors.table_played_boards(view.section.pk, view.token.table)
        ctx["played_boards"] = sorted(played)
        agreed = entry_selectors.agreed_at_table  # figures once agreed at the table (law 79), not before
        entered = [row["play"].board.number for row in rows if agreed(row["play"], event=view.event)]
        figures = released_figures(view.section, view.token.table, view.seating.round.number, entered)
        for row in rows:  # each board every table has played: the pairs' figures on it, its traveller
            row.setdefault("figure", figures.get(row["play"].board.number))
        ctx["summary"] = summary
        if contest_of(view.event).of_matches:  # a league or a Swiss: where this round's pairs sit next
            shown = _summary_round(request, view, plays) or view.seating.round.number
            ctx["next_seats"] = entry_selectors.next_seats(view.section, view.token.table, shown)
            ctx["teams_seated"] = (view.seating.ns.team, view.seating.ew.team)
        if summary is not None:  # the cursor goes to the summary's heading (kalamazoo.js), not a field
            for row in rows:
                if row["form"] is not None:
                    row["form"].fields["quick"].widget.attrs.pop("autofocus", None)
    else:
        total_rounds = entry_selectors.round_count(view.section)
        number, table = view.seating.round.number, view.seating.table
        ctx["nav"] = {
            "prev_round": number - 1 if number > 1 else None,
            "next_round": number + 1 if number < total_rounds else None,
            "prev_table": table - 1 if table > 1 else None,
            "next_table": table + 1 if table < view.section.tables else None,
        }
    response = render(request, template, ctx, status=status)
    return _unlisted(response) if view.token else response


def _render_row(request: HttpRequest, view: TableView, row: dict[str, Any], status: int) -> HttpResponse:
    context = {"row": row, "view": view, **view.score_words}
    return render(request, "duplicate/entry_row.html", context, status=status)


def _conflict_row(
    view: TableView,
    play: Play,
    exc: services.ConflictError,
    *,
    data: dict[str, Any] | None,
    form: PlayResultForm,
) -> dict[str, Any]:
    """The board's row as stored now, with what the writer entered (law E: nothing was overwritten)."""
    current = _reloaded(exc.current, view)
    yours = entry_selectors.result_summary(data) if not form.clearing else _("no result (cleared)")
    notice = _("%(error)s Your entry was: %(entry)s.") % {"error": exc, "entry": yours}
    row = view.row(current, notice=notice, status="conflict")
    if current.entered and form.cleaned_data["version"] == 0:
        row["notice"] = "board: " + _(
            "board %(board)s already has a result at table %(table)s in round %(round)s "
            "(one result per board per table). %(notice)s"
        ) % {
            "board": play.board.number,
            "table": view.seating.table,
            "round": view.seating.round.number,
            "notice": row["notice"],
        }
    return row


def _refused_form(
    view: TableView, play: Play, form: PlayResultForm, data: dict[str, Any] | None, message: str
) -> PlayResultForm:
    """The row's form after the service refused the entry, the message on the field it names.

    A correction refused for want of a reason (law E) comes back with the fields showing the stored result,
    as the row's summary and score do, and the correction (as typed in the quick entry, or written as one
    from the fields) only in the quick entry, with the message there too: the row never shows the new
    contract beside the old tricks. When the quick entry cannot hold all that was typed (a revoke changed
    in the fields too), the form stays as posted.
    """
    typed = (form.cleaned_data.get("quick") or "").strip() or _quick_line(data)
    if error_field(message) != "reason" or not typed:
        form.add_result_error(message)
        return form
    stored = view.form(play)
    posted = {
        stored.add_prefix(name): value
        for name, value in initial_for(play).items()
        if name in stored.fields and value not in (None, False)
    }
    posted.update(
        {stored.add_prefix(name): form.data.get(form.add_prefix(name), "") for name in ("version", "reason")}
    )
    posted[stored.add_prefix("quick")] = typed
    kept = view.form(play, posted)
    if not kept.is_valid() or _without_noughts(kept.result_data()) != _without_noughts(data):
        form.add_result_error(message)
        return form
    kept.add_result_error(message)
    kept.add_error(
        "quick",
        "quick: "
        + _("not saved; board %(board)s keeps %(result)s until the correction is saved with its reason")
        % {"board": play.board.number, "result": entry_selectors.result_summary(play_result_data(play))},
    )
    return kept


def _without_noughts(data: dict[str, Any] | None) -> dict[str, Any] | None:
    """``data`` with no revoke counted 0 (the quick entry names both whist sides, the fields only those typed)."""
    if not data or not isinstance(data.get("revokes"), dict):
        return data
    revokes = {side: count for side, count in data["revokes"].items() if count not in (0, "")}
    return {**{k: v for k, v in data.items() if k != "revokes"}, **({"revokes": revokes} if revokes else {})}


def _saved_message(view: TableView, saved: Play, plays: list[Play]) -> str:
    """What was saved; through a table link, also the round the link opens next once this round is in."""
    message = _("Board %(board)s: %(result)s.") % {
        "board": saved.board.number,
        "result": entry_selectors.result_summary(play_result_data(saved)),
    }
    round_in = _round_in(view, saved, plays)
    if view.token is not None and round_in:  # the link moves on only once the round is in
        number = entry_selectors.current_round_number(view.section, view.seating.table)
        if number is not None and number != view.seating.round.number:
            message += " " + _(
                "Every board of round %(round)s is in: this link now opens round %(next)s; reload it when you move."
            ) % {"round": view.seating.round.number, "next": number}
    return message


def _round_in(view: TableView, saved: Play, plays: list[Play]) -> bool:
    """Every board of the round is in with ``saved``, and agreed at the table where the other side confirms
    (law 79, law E)."""
    agreed = entry_selectors.agreed_at_table
    others = all(agreed(p, event=view.event) for p in plays if p.pk != saved.pk)
    return others and agreed(saved, event=view.event)


def _summary_url(view: TableView, saved: Play, plays: list[Play], redirect_to: str) -> str:
    """Through a table link, once the save put the round's last board in: the link's page with that
    round's summary; "" otherwise."""
    if view.token is None or not _round_in(view, saved, plays):
        return ""
    return f"{redirect_to}?done={view.seating.round.number}#summary"


def _saved_response(
    request: HttpRequest, view: TableView, saved: Play, plays: list[Play], redirect_to: str
) -> HttpResponse:
    """After a save: the row again (fetch) or the page at the row; once a table link's round is in, its
    summary (a fetch is told where with ``X-Kz-Location``, and entry.js goes there)."""
    message = _saved_message(view, saved, plays)
    summary = _summary_url(view, saved, plays, redirect_to)
    figure = _released_figure(view, saved)
    told = (
        " "
        + _("Every table has played board %(board)s: %(figure)s")
        % {"board": saved.board.number, "figure": figure.text}
        if figure
        else ""
    )
    saved_text = _("Saved. %(message)s") % {"message": message}
    if _is_fetch(request):  # the row itself shows the figures (and the traveller's link)
        row = view.row(_reloaded(saved, view), status="saved", notice=saved_text, figure=figure)
        response = _render_row(request, view, row, 200)
        if summary:
            messages.success(request, saved_text + told)
            response["X-Kz-Location"] = summary
        return response
    messages.success(request, saved_text + told)
    return redirect(summary or f"{redirect_to}#board-{saved.board.number}")


def _released_figure(view: TableView, saved: Play) -> BoardFigure | None:
    """Through a table link, once its save made the board played at every table: the pairs' figures on it;
    None before (no peeking) and for a director's page."""
    if view.token is None or not entry_selectors.agreed_at_table(saved, event=view.event):
        return None  # not before the other side confirms it, where the event asks for it (law 79)
    return board_figure(view.section, view.token.table, view.seating.round.number, saved.board.number)


def _save(request: HttpRequest, view: TableView, plays: list[Play], redirect_to: str) -> HttpResponse:
    """Save one board from the POSTed form; on failure re-render its row with the messages on the fields."""
    if view.writer is None:
        return _forbidden(request)
    play = _posted_play(request, plays)
    if play is None:
        where = _("table %(table)s in round %(round)s") % {
            "table": view.seating.table,
            "round": view.seating.round.number,
        }
        if view.token is not None:
            return _token_elsewhere(request, view.token, where)
        message = "board: " + _("that board is not played at %(where)s; one result per board per table.") % {
            "where": where
        }
        return _forbidden(request, message, status=400)
    if not view.can_write:
        if view.token is None:
            return _forbidden(request, _refusal(view))
        return _row_response(request, view, plays, _refused_row(request, view, play), 403)
    form = view.form(play, request.POST)
    status = 200
    row: dict[str, Any] | None = None
    data: dict[str, Any] | None = None
    if form.is_valid():
        data = form.result_data()
    if not form.errors and (asked := _unlikely_row(request, view, play, form, data)) is not None:
        return _row_response(request, view, plays, asked, 200)
    if not form.errors:
        try:
            saved = services.play_result_save(
                play=play,
                data=data,
                writer=view.writer,
                expected_version=form.cleaned_data["version"],
                reason=form.cleaned_data.get("reason") or "",
                side=form.cleaned_data.get("entered_by") or "",
            )
        except services.ConflictError as exc:
            row = _conflict_row(view, play, exc, data=data, form=form)
            status = 409
        except services.PermissionDenied as exc:
            form.add_error(None, str(exc))
            status = 403
        except services.ServiceError as exc:
            form = _refused_form(view, play, form, data, str(exc))
            status = 422
        else:
            return _saved_response(request, view, saved, plays, redirect_to)
    else:
        status = 422
    if row is None:
        row = view.row(play, form=form, status="error")
    return _row_response(request, view, plays, row, status)


def _fingerprint(data: dict[str, Any] | None) -> str:
    """The result a table confirmed as typed ("4S|E|5"): a confirmation holds for that result only."""
    data = data or {}
    return "|".join(str(data.get(k, "")).strip().upper() for k in ("contract", "declarer", "tricks"))


def _unlikely_row(
    request: HttpRequest, view: TableView, play: Play, form: PlayResultForm, data: dict[str, Any] | None
) -> dict[str, Any] | None:
    """Through a table link, a result that looks unlikely and was not confirmed as typed: its row again,
    asking "Is this right?" with what looks odd in words that name no other table's result (no peeking,
    docs/laws.md "Unlikely results"); None: save it. Never refuses a result, only asks once."""
    if view.token is None or request.POST.get("confirm") == _fingerprint(data):
        return None
    oddities = unlikely_selectors.entry_oddities(play, data, code=view.event.code)
    if not oddities:
        return None
    texts = list(dict.fromkeys(o.table_text for o in oddities))
    return view.row(
        play,
        form=form,
        status="unlikely",
        unlikely=texts,
        confirm=_fingerprint(data),
        asked=entry_selectors.result_summary(data),
    )


def _row_response(
    request: HttpRequest, view: TableView, plays: list[Play], row: dict[str, Any], status: int
) -> HttpResponse:
    """A row that was not saved: alone for a fetch (entry.js puts it in place), else the whole page with it."""
    if _is_fetch(request):
        return _render_row(request, view, row, status)
    if view.token is not None:  # the whole page again: the seating with the players' names
        view.seating = (
            entry_selectors.table_seating(view.section, view.seating.round.number, view.seating.table)
            or view.seating
        )
    return _render_table(request, view, plays, status=status, replaced={row["play"].pk: row})


def _refused_row(request: HttpRequest, view: TableView, play: Play) -> dict[str, Any]:
    """A table link's save refused on its own table's page (the event finished since the page was loaded):
    the board's row as stored, why, what the player typed (not saved: to tell the director) and the way
    back to the link's page, which now only reads."""
    form = view.form(play, request.POST)
    typed = str(form.data.get(form.add_prefix("quick"), "")).strip()[:40]
    if not typed and form.is_valid() and not form.errors:
        typed = _quick_line(form.result_data())
    return view.row(
        play,
        notice=_("Not saved. %(reason)s") % {"reason": _refusal(view)},
        status="refused",
        typed=typed,
        back=view.action,
    )


def _refusal(view: TableView) -> str:
    """Why a table link may not write on this page: the event finished, or the round agreed (law E)."""
    if view.finished:
        return _(services.EVENT_FINISHED)
    return services.round_agreed_message(view.seating.round.number, code=view.event.code)


def _token_elsewhere(request: HttpRequest, token: TableToken, where: str | None = None) -> HttpResponse:
    """A table link's post of a board its current round does not hold: one of its own boards in a round the
    director has agreed since the page was loaded (law E: ask the director), or a board it never opens."""
    number = entry_selectors.agreed_round_of_play(token, request.POST.get("play", ""))
    back = reverse("entry_token", args=[token.secret])
    if number is not None:
        message = services.round_agreed_message(number, code=token.section.event.code)
        return _forbidden(request, message, back=back)
    if where is None:
        return _forbidden(
            request, _("Every round at this table has been agreed: ask the director."), back=back
        )
    return _forbidden(
        request, _("This table link opens only the boards of %(where)s.") % {"where": where}, back=back
    )


def _reloaded(play: Play, view: TableView) -> Play:
    """A play fresh from the database with its history, on this page's seating."""
    fresh = entry_selectors.seating_plays(view.seating, history=view.shows_history)
    return next(p for p in fresh if p.pk == play.pk)


def _preview(request: HttpRequest, view: TableView, plays: list[Play]) -> HttpResponse:
    """The score a row would get, server-rendered, without saving anything."""
    if view.writer is None:
        return _forbidden(request)
    if not view.can_write:
        if _is_fetch(request):  # in the row's score box (entry.js), not a whole page there
            context = {"errors": [_refusal(view)], "preview": True}
            return render(request, "duplicate/entry_score.html", context, status=403)
        return _forbidden(request, _refusal(view))
    play = _posted_play(request, plays)
    if play is None:
        return _forbidden(request, _("That board is not at this table in this round."))
    form = view.form(play, request.POST)
    errors: list[str] = []
    items: list[dict[str, Any]] = []
    totals = None
    if form.is_valid():
        data = form.result_data()
        if not form.errors and data is not None:
            try:
                director = bool(view.writer and view.writer.is_director)
                fields = result_fields(
                    code=view.event.code,
                    deal=play.board.deal,
                    data=data,
                    vulnerability=board_vulnerability(play.board),
                    lead_hands=not data.get("lead") or lead_checked_against_hands(play, director=director),
                )
            except ResultError as exc:
                errors.append(form.labelled(str(exc)))
            else:
                totals = Play(**{**blank_fields(), **fields})
                items = entry_selectors.item_rows(totals)
    errors.extend(form.labelled_errors())  # away from the fields: each named by its field's label
    context = {"items": items, "totals": totals, "errors": errors, "preview": True, **view.score_words}
    return render(request, "duplicate/entry_score.html", context)


# --- Director pages (the entry grid and round agreement: ``views.entry_rounds``) -------------------------


def _table_view(
    request: HttpRequest, pk: int, letter: str, round: int, table: int
) -> tuple[TableView, list[Play]]:
    event = get_object_or_404(Event, pk=pk)
    section = get_object_or_404(Section, event=event, letter=letter)
    seating = entry_selectors.table_seating(section, round, table)
    if seating is None:
        raise Http404(
            _("Section %(letter)s has no table %(table)s in round %(round)s.")
            % {"letter": letter, "table": table, "round": round}
        )
    url = reverse("entry_table", args=[event.pk, letter, round, table])
    view = TableView(
        event=event,
        section=section,
        seating=seating,
        writer=_director(request),
        action=url,
        preview=reverse("entry_preview", args=[event.pk, letter, round, table]),
    )
    return view, entry_selectors.seating_plays(seating)


@require_http_methods(["GET", "POST"])
def entry_table(request: HttpRequest, pk: int, letter: str, round: int, table: int) -> HttpResponse:
    if request.method == "POST" and _director(request) is None:
        return _forbidden(request)
    view, plays = _table_view(request, pk, letter, round, table)
    if request.method == "POST":
        return _save(request, view, plays, view.action)
    return _render_table(request, view, plays)


@require_POST
def entry_preview(request: HttpRequest, pk: int, letter: str, round: int, table: int) -> HttpResponse:
    if _director(request) is None:
        return _forbidden(request)
    view, plays = _table_view(request, pk, letter, round, table)
    return _preview(request, view, plays)


# --- Table links (tokens) ---------------------------------------------------------------------------------


def _token_view(request: HttpRequest, secret: str) -> TableView | HttpResponse:
    token = entry_selectors.active_token(secret)
    if token is None:
        return render(request, "duplicate/token_invalid.html", status=404)
    section = token.section
    seating = entry_selectors.current_seating(section, token.table, names=request.method != "POST")
    if seating is None and request.method == "POST" and _director(request) is None:
        return _token_elsewhere(request, token)  # a save after the last round was agreed
    if seating is None:  # every round agreed: the table's own results, and the travellers of its boards
        plays = selectors.table_plays(section.pk, token.table)
        results = [
            {
                "play": play,
                "summary": entry_selectors.result_summary(play_result_data(play))
                if play.entered
                else _("no result"),
            }
            for play in plays
        ]
        context = {"token": token, "event": section.event, "results": results}
        context["agreement_law"] = agreement_law(section.event.code)
        return _unlisted(render(request, "duplicate/token_done.html", context))
    writer = _director(request) or services.Writer(name=f"table {token.table} (token)", is_director=False)
    return TableView(
        event=section.event,
        section=section,
        seating=seating,
        writer=writer,
        action=reverse("entry_token", args=[secret]),
        preview=reverse("entry_token_preview", args=[secret]),
        token=token,
    )


@require_http_methods(["GET", "POST"])
def entry_token(request: HttpRequest, secret: str) -> HttpResponse:
    """A table's own link: that table's current round only, and nothing else."""
    view = _token_view(request, secret)
    if isinstance(view, HttpResponse):
        return view
    plays = entry_selectors.seating_plays(view.seating, history=view.shows_history)
    if request.method == "POST":
        return _save(request, view, plays, view.action)
    return _render_table(request, view, plays, summary=_token_summary(request, view, plays))


def _token_summary(request: HttpRequest, view: TableView, plays: list[Play]) -> RoundSummary | None:
    """The summary a table link shows: of the round named by ``?done=`` (where the save of a round's last
    board sends it), or of its current round once every board of it is in (the last round).  An event of
    matches has none: the page says where the pairs sit next instead (``next_seats``)."""
    number = _summary_round(request, view, plays)
    if number is None or view.token is None or contest_of(view.event).of_matches:
        return None
    return round_summary(view.section, view.token.table, number)


def _summary_round(request: HttpRequest, view: TableView, plays: list[Play]) -> int | None:
    """The round a table link sums up: ``?done=``'s, or the current one once every board of it is in."""
    current = view.seating.round.number
    text = request.GET.get("done", "")
    number = int(text) if text.isascii() and text.isdecimal() and len(text) < 6 else None
    if number is None or number > current:
        agreed = all(entry_selectors.agreed_at_table(p, event=view.event) for p in plays)
        number = current if plays and agreed else None
    return number


@require_http_methods(["GET", "HEAD", "POST"])
def entry_token_traveller(request: HttpRequest, secret: str, number: int) -> HttpResponse:
    """A board's traveller through a table's link: shown once that table has played the board and opened
    its traveller (the players compare after play; their result then stands), or once every table has
    played it; before that, "being played" as for a visitor."""
    token = entry_selectors.active_token(secret)
    if token is None:
        return render(request, "duplicate/token_invalid.html", status=404)
    boards = selectors.table_boards(token.section_id, token.table)
    director = selectors.viewer_of(request)
    event = event_or_404(token.section.event_id)
    if not director.director and number in boards.played and number not in boards.opened:
        # Opening it makes the table's result there stand (services.table_traveller_open): ask first, and
        # only where the board is still hidden from visitors (a released board has nothing to peek at).
        if request.method == "POST":
            try:
                services.table_traveller_open(token=token, number=number)
            except services.PermissionDenied as exc:  # the event is finished: the link only reads
                return _unlisted(_forbidden(request, str(exc)))
            return redirect("entry_token_traveller", secret=secret, number=number)
        if number in selectors.boards_in_play(event):
            context = {"token": token, "event": event, "number": number}
            return _unlisted(render(request, "duplicate/token_compare.html", context), noindex=False)
    viewer = director if director.director else selectors.Viewer(played=boards.opened)
    board = selectors.traveller_board(event.pk, number)
    return _unlisted(traveller_page(request, board, viewer, token_secret=secret))


@require_POST
def entry_token_preview(request: HttpRequest, secret: str) -> HttpResponse:
    view = _token_view(request, secret)
    if isinstance(view, HttpResponse):
        return view
    return _preview(request, view, entry_selectors.seating_plays(view.seating, history=False))


@require_POST
def entry_token_confirm(request: HttpRequest, secret: str) -> HttpResponse:
    """Both sides confirm (law 79, law E): the other side confirms a result with one tap; back at the board,
    or at the round's summary once the round is agreed at the table (entry.js fetches it: a plain form post
    from a page sending no referrer carries the origin "null", which the CSRF check refuses)."""
    view = _token_view(request, secret)
    if isinstance(view, HttpResponse):
        return view
    assert view.token is not None
    assert view.writer is not None
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        return _unlisted(_forbidden(request, "; ".join(form.messages()), status=400, back=view.action))
    plays = entry_selectors.seating_plays(view.seating, history=False)
    play = next((p for p in plays if p.pk == form.cleaned_data["play"]), None)
    if play is None:
        where = _("table %(table)s in round %(round)s") % {
            "table": view.seating.table,
            "round": view.seating.round.number,
        }
        return _token_elsewhere(request, view.token, where)
    side, back = form.cleaned_data["side"], f"{view.action}#board-{play.board.number}"
    try:  # refused (changed since shown, confirmed by the side that entered it): the page says why
        confirmed = services.play_result_confirm(
            play_id=play.pk, version=form.cleaned_data["version"], side=side, writer=view.writer
        )
    except services.ServiceError as exc:
        messages.error(request, str(exc))
        return _to_page(request, back)
    summary = entry_selectors.result_summary(play_result_data(confirmed))
    words = _(entry_selectors.SIDE_LABELS[side])
    messages.success(
        request,
        _("Board %(board)s confirmed by %(side)s: %(result)s.")
        % {"board": play.board.number, "side": words, "result": summary},
    )
    if _round_in(view, confirmed, plays):  # the round is over at the table: its summary
        return _to_page(request, f"{view.action}?done={view.seating.round.number}#summary")
    return _to_page(request, back)


def _to_page(request: HttpRequest, url: str) -> HttpResponse:
    """Back to the table link's page at ``url``: a redirect, or for a fetch the address to go to."""
    if not _is_fetch(request):
        return redirect(url)
    response = HttpResponse(status=204)
    response["X-Kz-Location"] = url
    return _unlisted(response)
