"""What the browser tests share: signing in, the pages a visitor sees, the viewports, axe-core's WCAG checks
and where a failed test's screenshots go (tests/factories.py says which module holds what)."""

from __future__ import annotations

from pathlib import Path

from django.urls import reverse
from playwright.sync_api import expect

from duplicate import services
from duplicate.demo import demo_event_file
from duplicate.models import Event, Pair
from duplicate.selectors import events as sel
from duplicate.services.eventfile import event_import
from scoring.movements import generate
from tests.factories import CONTRACT_RESULTS, contract_event_file

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


def demo_event_in_play() -> Event:
    """The demo event (pair 1: Basil Thistlewood & Ada Nightingale) with its last round played at every table
    but the last: the boards of that table stay in play, the others are released."""
    last = generate("mitchell", tables=7, boards_per_round=3).rounds[-1]
    return event_import(data=demo_event_file(last_round_tables=len(last.tables) - 1))


AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


# WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe's tags; 2.2 added only AA rules).
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


RUN_AXE = """([tags, context]) => axe.run(context || document, {runOnly: {type: 'tag', values: tags}}).then(result =>
  result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                               targets: v.nodes.map(n => n.target.join(' '))})))"""


def describe(violations: list[dict]) -> str:
    return "\n".join(
        f"{v['page']}: {v['id']} ({v['impact']}) {v['help']}: {', '.join(v['targets'][:5])}"
        + (f" and {len(v['targets']) - 5} more" if len(v["targets"]) > 5 else "")
        for v in violations
    )


PASSWORD = "correct horse battery staple"


def sign_in(page, live_server, next_url: str) -> None:
    page.goto(f"{live_server.url}{reverse('login')}?next={next_url}")
    page.fill("input[name=username]", "td")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button[type=submit], main input[type=submit]")
    expect(page).to_have_url(f"{live_server.url}{next_url}")


PHONE = {"width": 390, "height": 844}


DESKTOP = {"width": 1366, "height": 900}


def contract_pages() -> dict[str, str]:
    """The pages of a contract matchpoint event (tests/duplicate/test_contract_events.py's, its board 3 in
    play at one table): standings, a traveller, a score card, the recap, the venue display, a table link."""
    event = event_import(
        data=contract_event_file(results=[r for r in CONTRACT_RESULTS if r[:3] != (3, 1, 3)])
    )
    token = services.table_token_create(section=event.sections.get(), table=2)
    return {
        "contract-standings": reverse("event_standings", args=[event.pk]),
        "contract-traveller": reverse("board_traveller", args=[event.pk, 2]),
        "contract-scorecard": reverse("pair_scorecard", args=[event.pk, "1"]),
        "contract-recap": reverse("event_recap", args=[event.pk]),
        "contract-display": reverse("event_display", args=[event.pk]),
        "contract-table-link": reverse("entry_token", args=[token.secret]),
    }


def public_pages(event: Event, match: object) -> dict[str, str]:
    """Every page a player or visitor reaches without signing in, of the demo event (a 7-table Mitchell, its
    last round in play), of a team match and of a contract matchpoint event: the table link's entry page, the
    venue display, a search for a pair and the sign-in page included."""
    in_play = sorted(sel.boards_in_play(event))
    released = next(n for n in range(1, 100) if n not in in_play)
    pair = Pair.objects.filter(section__event=event).order_by("number").first()
    assert pair is not None
    assert in_play
    token = services.table_token_create(section=event.sections.get(), table=1)
    return {
        "events": reverse("home"),
        "overview": reverse("event_detail", args=[event.pk]),
        "standings": reverse("event_standings", args=[event.pk]),
        "traveller": reverse("board_traveller", args=[event.pk, released]),
        "traveller-in-play": reverse("board_traveller", args=[event.pk, in_play[0]]),
        "scorecard": reverse("pair_scorecard", args=[event.pk, pair.number]),
        "pairs": reverse("event_pairs", args=[event.pk]),
        "boards": reverse("event_boards", args=[event.pk]),
        "team-match": reverse("team_match", args=[match.pk]),  # type: ignore[attr-defined]
        "recap": reverse("event_recap", args=[event.pk]),
        "movement": reverse("event_movement", args=[event.pk]),
        "display": reverse("event_display", args=[event.pk]),
        "find-pair": reverse("event_standings", args=[event.pk]) + "?q=ada",
        "standings-marked": reverse("event_standings", args=[event.pk]) + f"?pair={pair.number}",
        "table-link": reverse("entry_token", args=[token.secret]),
        "table-link-traveller": reverse("entry_token_traveller", args=[token.secret, released]),
        "sign-in": reverse("login"),
        **contract_pages(),
    }


# Opens every menu of the page (its pages, its downloads: PDF, xlsx, CSV, PBN): checked open as well as shut.
OPEN_MENUS = "() => document.querySelectorAll('details.menu').forEach(d => { d.open = true; })"
