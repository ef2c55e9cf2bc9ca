"""The standings as plain text and JSON (the ``standings`` command's ``--format text|json``), and the travellers
as plain text (``travellers --format text``)."""

from __future__ import annotations

from typing import Any

from duplicate.selectors.standings import PairStandings, TeamStandings, provisional_text


def standings_json(st: PairStandings | TeamStandings) -> dict[str, Any]:
    """The ``standings --format json`` shape (see the README)."""
    return st.to_json()


def _provisional_line(st: PairStandings | TeamStandings) -> str:
    why = provisional_text(st.progress)
    return f"PROVISIONAL: {why}." if why else "Final."


def _pairs_text(st: PairStandings) -> list[str]:
    out = []
    # Law H: the net and the plus/minus; contract bridge: the score (MPs or IMPs) and a matchpoint %.
    net, plus_minus = "Net", "+/-"
    if st.described.unit:
        net, plus_minus = st.described.headings.total, st.described.headings.percentage
    for ranking in st.rankings:
        out.append(ranking.title)
        out.append(
            f"{'Rank':>4}  {'Pair':>5}  {'Players':<40} {'Boards':>6} {net:>9} {plus_minus:>9}".rstrip()
        )
        for row in ranking.rows:
            note = "  (by the fraction of a point)" if row.by_fraction else ""
            second = row.plus_minus_display if plus_minus else ""
            out.append(
                f"{row.rank:>4}  {row.pair.label!s:>5}  {row.pair.names[:40]:<40} {row.boards:>6} "
                f"{row.net_display:>9} {second:>9}{note}".rstrip()
            )
        out.append("")
    if not st.rankings:
        out.append("No results yet.")
    return out


def _teams_text(st: TeamStandings) -> list[str]:
    out = []
    for team in st.teams:
        out.append(f"{team.name}")
        for p in team.pairs:
            out.append(
                f"  Pair {p.pair.label!s:>4} {p.direction}  {p.pair.names[:40]:<40} {p.net_display:>9}"
            )
        if team.odd_pair_average is not None:
            side = "E-W" if team.odd_direction == "NS" else "N-S"
            times = f" x {team.extra_pairs}" if team.extra_pairs > 1 else ""
            out.append(
                f"  Odd pair: average of the {side} pairs{times}{'':>{max(0, 24 - len(times))}}"
                f"{team.odd_pair_average_display:>9}"
            )
        out.append(f"  Total{'':>51}{team.total_display:>9}")
        out.append("")
    if st.winner is None:
        out.append("The match is tied." if st.teams else "No results yet.")
    else:
        how = " by the fraction of a point" if st.by_fraction else ""
        out.append(f"{st.winner} won{how}.")
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
        out.append(f"PROVISIONAL: {rows.provisional_text}.")
    out.append("")
    figure = rows.info.unit or "+/-"  # a contract pair event's MPs or IMPs, law H's plus/minus
    for board in rows.boards:
        out.append(f"Board {board.number}  dealer {board.dealer_name}")
        if board.diagram is not None:
            for seat, name in (("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")):
                out.append(f"  {name:<6} {hand_text(board.diagram.hands[seat])}")
        out.append(
            f"  {'Rd':>3} {'Tbl':>3} {'N-S':>4} {'E-W':>4}  {'Result':<34} {'N-S':>9} {'E-W':>9} "
            f"{f'N-S {figure}':>10} {f'E-W {figure}':>10}"
        )
        for line in board.lines:
            out.append(
                f"  {line.round:>3} {line.table:>3} {line.ns.label!s:>4} {line.ew.label!s:>4}  "
                f"{line.status[:34]:<34} {line.ns_score_display:>9} {line.ew_score_display:>9} "
                f"{line.ns_plus_minus_display:>10} {line.ew_plus_minus_display:>10}"
            )
            if line.played and (line.ns_items or line.ew_items):
                if line.ns_items:
                    out.append(f"{'':>20}N-S {line.ns_total}: {line.ns_items}")
                if line.ew_items:
                    out.append(f"{'':>20}E-W {line.ew_total}: {line.ew_items}")
            if line.marks and not line.ruling:
                out.append(f"{'':>20}Marked: {line.penalty_text}")
        if not rows.info.unit:  # law H's averages (a contract contest has none)
            out.append(f"  Average: N-S {board.ns_average_shown or '-'}  E-W {board.ew_average_shown or '-'}")
        out.append("")
    return "\n".join(out).rstrip() + "\n"
