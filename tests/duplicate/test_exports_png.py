"""The first page of each PDF printout rendered to PNG (pdftoppm) in tests/artifacts/, for a reviewer to look
at. Skipped locally without poppler-utils; CI (env CI set) installs it and must not skip."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from duplicate import files
from duplicate.demo import demo_event_file
from duplicate.services.eventfile import event_import
from tests.duplicate.exports_events import pairs_file, team_file

ARTIFACTS = Path(__file__).resolve().parents[2] / "tests" / "artifacts"
pytestmark = pytest.mark.django_db


def pdftoppm() -> str:
    tool = shutil.which("pdftoppm")
    if tool is None:
        if os.environ.get("CI"):
            pytest.fail("pdftoppm (poppler-utils) is required in CI")
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    return tool


def render_first_page(data: bytes, name: str) -> Path:
    tool = pdftoppm()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    source = ARTIFACTS / f"{name}.pdf"
    source.write_bytes(data)
    stem = ARTIFACTS / name
    subprocess.run(
        [tool, "-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile", str(source), str(stem)],
        check=True,
        timeout=60,
    )
    png = stem.with_suffix(".png")
    assert png.read_bytes().startswith(b"\x89PNG")
    return png


def test_render_the_first_page_of_each_pdf():
    demo = event_import(data=demo_event_file())
    outputs = {
        "standings": files.standings_file(demo, "pdf"),
        "travellers": files.travellers_file(demo, "pdf"),
        **{kind: files.printout_file(demo, kind) for kind in files.PRINTOUTS},
    }
    rulings = event_import(data=pairs_file(4, 2, name="Rulings and penalties"))
    outputs["travellers-rulings"] = files.travellers_file(rulings, "pdf")
    outputs["team-match"] = files.standings_file(event_import(data=team_file(tables=3)), "pdf")
    letter = event_import(data=pairs_file(15, 2, name="Fifteen tables"))
    letter.paper_size = "letter"
    letter.save(update_fields=["paper_size"])
    outputs["travellers-15-tables-letter"] = files.travellers_file(letter, "pdf")
    for name, data in outputs.items():
        png = render_first_page(data, f"exports-{name}")
        assert png.stat().st_size > 5_000, name
