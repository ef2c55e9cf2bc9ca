"""Neuberg's N from the database: each board's most results in its field (law H's fields joined across
sections that share a board's hands), for matchpoints' Neuberg formula."""

from __future__ import annotations

from django.db.models import Count, Q

from duplicate.models import Event, MovementKind, Play
from scoring.contests.matchpoints import field_most


def neuberg_n(event: Event, *, per_section: bool) -> dict[tuple[str, int], int] | None:
    """Each board's Neuberg N (``scoring.contests.matchpoints.field_most``: the most results, adjusted ones
    too, on a board of its field), keyed (section letter, or "" across the field; board), from one aggregate
    query: each section's results on each board it plays.  Each section is one field (a Mitchell's or a
    compass's N-S and E-W share its boards; a Howell is one ranking); across the field, sections playing a
    board of the same number share its hands, so their fields are joined (law H).  ``None`` when a section's
    movement is custom: its pairs may play apart, and only every play tells its fields."""
    counts = list(
        Play.objects.filter(event=event)
        .order_by()
        .values_list("ns_pair__section__letter", "ns_pair__section__movement_kind", "board__number")
        .annotate(entered=Count("pk", filter=Q(entered=True)))
    )
    if any(kind == MovementKind.CUSTOM for _letter, kind, _board, _entered in counts):
        return None
    if per_section:
        by_section: dict[str, list[tuple[int, tuple[str], int]]] = {}
        for letter, _kind, board, entered in counts:
            by_section.setdefault(letter, []).append((board, (letter,), entered))
        return {
            (letter, board): n for letter, held in by_section.items() for board, n in field_most(held).items()
        }
    letters: dict[int, set[str]] = {}
    played: dict[int, int] = {}
    for letter, _kind, board, entered in counts:
        letters.setdefault(board, set()).add(letter)
        played[board] = played.get(board, 0) + entered
    most_of = field_most((board, letters[board], played[board]) for board in letters)
    return {("", board): n for board, n in most_of.items()}
