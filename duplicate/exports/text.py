"""The standings as plain text and JSON (the ``standings`` command's ``--format text|json``), and the travellers
as plain text (``travellers --format text``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from duplicate.selectors.standings import PairStandings, TeamStandings, provisional_text


def standings_json(st: PairStandings | TeamStandings) -> dict[str, Any]:
    """The ``standings --format json`` shape (see the README)."""
    return st.to_json()


def _provisional_line(st: PairStandings | TeamStandings) -> str:
    why = provisional_text(st.progress)
    return provisional_line(why)


def provisional_line(why: str) -> str:
    """ "PROVISIONAL: <why>." or "Final.", in the reader's language."""
    return _("PROVISIONAL: %(why)s.") % {"why": why} if why else _("Final.")


def _pairs_text(st: PairStandings) -> list[str]:
    out = []
    # Law H: the net and the plus/minus; contract bridge: the score (MPs or IMPs) and a matchpoint %.
    net, plus_minus = "Net", "+/-"
    if st.described.unit:
        net, plus_minus = st.described.headings.total, st.described.headings.percentage
    net, plus_minus = _(net), _(plus_minus) if plus_minus else ""  # the contest's words (contests.py)
    rank, pair, players, boards = _("Rank"), _("Pair"), _("Players"), _("Boards")
    for ranking in st.rankings:
        out.append(ranking.title_shown)
        out.append(f"{rank:>4}  {pair:>5}  {players:<40} {boards:>6} {net:>9} {plus_minus:>9}".rstrip())
        for row in ranking.rows:
            note = "  " + _("(by the fraction of a point)") if row.by_fraction else ""
            second = row.plus_minus_display if plus_minus else ""
            out.append(
                f"{row.rank:>4}  {row.pair.label!s:>5}  {row.pair.names[:40]:<40} {row.boards:>6} "
                f"{row.net_display:>9} {second:>9}{note}".rstrip()
            )
        out.append("")
    if not st.rankings:
        out.append(_("No results yet."))
    return out


def _teams_text(st: TeamStandings) -> list[str]:
    out = []
    for team in st.teams:
        out.append(f"{team.name}")
        for p in team.pairs:
            label = _("Pair %(pair)s") % {"pair": f"{p.pair.label!s:>4}"}
            out.append(f"  {label} {p.direction}  {p.pair.names[:40]:<40} {p.net_display:>9}")
        if team.odd_pair_average is not None:
            side = _("E-W") if team.odd_direction == "NS" else _("N-S")
            times = f" x {team.extra_pairs}" if team.extra_pairs > 1 else ""
            odd = _("Odd pair: average of the %(side)s pairs") % {"side": side}
            out.append(f"  {odd}{times}{'':>{max(0, 24 - len(times))}}{team.odd_pair_average_display:>9}")
        out.append(f"  {_('Total')}{'':>51}{team.total_display:>9}")
        out.append("")
    if st.winner is None:
        out.append(_("The match is tied.") if st.teams else _("No results yet."))
    else:
        won = _("%(team)s won by the fraction of a point.") if st.by_fraction else _("%(team)s won.")
        out.append(won % {"team": st.winner})
    return out


def standings_text(st: PairStandings | TeamStandings) -> str:
    """A plain-text report (the ``standings --format text`` output)."""
    body = _pairs_text(st) if isinstance(st, PairStandings) else _teams_text(st)
    return "\n".join([st.event_name, _provisional_line(st), "", *body]).rstrip() + "\n"


def hand_text(holding: tuple[tuple[str, str], ...]) -> str:
    """One hand on one line, suits by letter: "S AKQ  H T98  D 765  C 432"."""
    return "  ".join(f"{suit} {cards}" for suit, cards in holding)


def travellers_text(rows: Any) -> str:
    """A plain-text traveller per board (the ``travellers --format text`` output)."""
    out = [rows.info.name, f"{rows.info.subtitle}"]
    if rows.provisional_text:
        out.append(provisional_line(rows.provisional_text))
    out.append("")
    figure = _(rows.info.unit or "+/-")  # a contract pair event's MPs or IMPs, law H's plus/minus
    seats = (("N", _("North")), ("E", _("East")), ("S", _("South")), ("W", _("West")))
    ns, ew = _("N-S"), _("E-W")
    ns_figure, ew_figure = _("N-S %(column)s") % {"column": figure}, _("E-W %(column)s") % {"column": figure}
    head = f"  {_('Rd'):>3} {_('Tbl'):>3} {ns:>4} {ew:>4}  {_('Result'):<34} {ns:>9} {ew:>9} "
    head += f"{ns_figure:>10} {ew_figure:>10}"
    for board in rows.boards:
        out.append(_("Board %(n)s  dealer %(seat)s") % {"n": board.number, "seat": board.dealer_name})
        if board.diagram is not None:
            for seat, name in seats:
                out.append(f"  {name:<6} {hand_text(board.diagram.hands[seat])}")
        out.append(head)
        for line in board.lines:
            out.append(
                f"  {line.round:>3} {line.table:>3} {line.ns.label!s:>4} {line.ew.label!s:>4}  "
                f"{line.status[:34]:<34} {line.ns_score_display:>9} {line.ew_score_display:>9} "
                f"{line.ns_plus_minus_display:>10} {line.ew_plus_minus_display:>10}"
            )
            if line.played and (line.ns_items or line.ew_items):
                if line.ns_items:
                    out.append(f"{'':>20}{ns} {line.ns_total}: {line.ns_items}")
                if line.ew_items:
                    out.append(f"{'':>20}{ew} {line.ew_total}: {line.ew_items}")
            if line.marks and not line.ruling:
                out.append(f"{'':>20}" + _("Marked: %(marks)s") % {"marks": line.penalty_text})
        if not rows.info.unit:  # law H's averages (a contract contest has none)
            average = _("Average: N-S %(ns)s  E-W %(ew)s")
            out.append(
                "  " + average % {"ns": board.ns_average_shown or "-", "ew": board.ew_average_shown or "-"}
            )
        out.append("")
    return "\n".join(out).rstrip() + "\n"
