"""The standings pages' tables, written without django-tables2: the same markup, sorting and links."""

from __future__ import annotations

from fractions import Fraction as F

from django.http import QueryDict

from duplicate.tables import STANDINGS_COLUMNS, render_table


def records():
    return [
        {
            "rank": 1,
            "rank_key": (1, (0, 2, "")),
            "pair": 2,
            "pair_key": (0, 2, ""),
            "card_url": "/c/2/",
            "players": "A & <B>",
            "boards": 3,
            "net": "10",
            "net_key": F(10),
            "plus_minus": "+5",
            "pm_key": F(5),
            "note": "",
        },
        {
            "rank": 2,
            "rank_key": (2, (0, 1, "")),
            "pair": 1,
            "pair_key": (0, 1, ""),
            "card_url": "/c/1/",
            "players": "C & D",
            "boards": 3,
            "net": "-10",
            "net_key": F(-10),
            "plus_minus": "-5",
            "pm_key": F(-5),
            "note": "by the fraction of a point",
        },
    ]


def cells(r):
    return (
        str(r["rank"]),
        str(r["pair"]),
        r["players"].replace("<", "&lt;").replace(">", "&gt;"),
        str(r["boards"]),
        r["net"],
        r["plus_minus"],
        r["note"],
    )


def test_sorting_links_and_classes():
    html = render_table(STANDINGS_COLUMNS, records(), cells, QueryDict("ns-sort=-pair&ew-sort=net"), "ns-")
    # Sorted by pair, descending: pair 2 first; the header says so and its link toggles to ascending.
    assert html.index("<td>A & &lt;B&gt;</td>") < html.index("<td>C & D</td>")
    assert '<th class="desc num orderable"><a href="?ns-sort=pair&amp;ew-sort=net">Pair</a></th>' in html
    assert '<th class="num orderable"><a href="?ns-sort=rank&amp;ew-sort=net">Rank</a></th>' in html
    assert "<th></th>" in html  # the note column: not sortable, no header
    assert '<tr class="even">' in html and '<tr class="odd">' in html
    html = render_table(STANDINGS_COLUMNS, records(), cells, QueryDict("ns-sort=pair"), "ns-")
    assert html.index("C & D") < html.index("A & &lt;B&gt;")
    assert '<th class="asc num orderable"><a href="?ns-sort=-pair">Pair</a></th>' in html
    # Unknown or unsortable columns are ignored, as django-tables2 did.
    html = render_table(STANDINGS_COLUMNS, records(), cells, QueryDict("ns-sort=note,bogus"), "ns-")
    assert html.index("A & &lt;B&gt;") < html.index("C & D")
    assert "asc" not in html and "desc" not in html
