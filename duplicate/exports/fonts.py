"""The printouts' one typeface: DejaVu Sans, shipped in ``fonts/`` beside this module (its licence there
too), registered with reportlab once and embedded (subset) in every PDF, so that every name prints: Ł, ą,
Ś, Ż, Ş as well as the suit symbols.  Every PDF writer takes its font names from here, never "Helvetica"
(one of PDF's fourteen standard fonts, Latin-1 only: it printed those letters as black boxes)."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus.tables import CellStyle

FONT_DIR: Final = Path(__file__).resolve().parent / "fonts"
SANS: Final = "KalamazooSans"
BOLD: Final = "KalamazooSans-Bold"
OBLIQUE: Final = "KalamazooSans-Oblique"
BOLD_OBLIQUE: Final = "KalamazooSans-BoldOblique"
FILES: Final = {
    SANS: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    OBLIQUE: "DejaVuSans-Oblique.ttf",
    BOLD_OBLIQUE: "DejaVuSans-BoldOblique.ttf",
}


def register_fonts() -> None:
    """Register the four faces and their family (so a paragraph's ``<b>`` and ``<i>`` use them); once."""
    if SANS in pdfmetrics.getRegisteredFontNames():
        return
    for name, file in FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / file)))
    addMapping(SANS, 0, 0, SANS)
    addMapping(SANS, 1, 0, BOLD)
    addMapping(SANS, 0, 1, OBLIQUE)
    addMapping(SANS, 1, 1, BOLD_OBLIQUE)
    # A table cell's own font, set before its paragraph draws (reportlab's default: Helvetica).
    CellStyle.fontname = SANS


register_fonts()

__all__ = ["BOLD", "BOLD_OBLIQUE", "FONT_DIR", "OBLIQUE", "SANS", "register_fonts"]
