"""Pages in the visitor's language (Django's translation framework): every template's text marked for
translation, every shipped catalogue complete and compiled, and the chosen language remembered.

A template's text is what a reader sees: the text between tags and the attributes read aloud or shown
(``title``, ``alt``, ``placeholder``, ``aria-label``, a button's ``value``), and ``data-*`` attributes holding a
sentence for a script to show. Text inside ``{% translate %}`` and ``{% blocktranslate %}`` is marked; a
variable (``{{ x }}``) is marked where it is made. Proper names (``Kalamazoo``) and formats' names (PBN, USEBIO,
CSV ...) are the same in every language.
"""

from __future__ import annotations

import csv
import datetime as dt
import gettext
import io
import re
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.template.base import Lexer, TokenType
from django.test import Client
from django.urls import reverse
from django.utils import translation

from duplicate.forms.entry import beside_field, error_field
from duplicate.models import Event, EventStatus, ScoringCodeChoice
from duplicate.selectors.contract import decimal_text
from duplicate.selectors.standings import standings
from duplicate.services.errors import ServiceError, fits, split_field
from duplicate.services.eventfile import event_import
from duplicate.templatetags.kalamazoo import long_date
from tests.factories import contract_event_file, make_event

ROOT = Path(settings.BASE_DIR)
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
CATALOGUES = sorted((ROOT / "locale").glob("*/LC_MESSAGES/django.po"))
SHIPPED = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]

#: The same in every language: the product's name, file formats' and federations' names.
NAMES = frozenset({"Kalamazoo", "PBN", "USEBIO", "CSV", "PDF", "JSON", "LIN", "xlsx", "QR"})
READ_ATTRIBUTES = frozenset({"title", "alt", "placeholder", "aria-label", "aria-description"})
BUTTON_TYPES = frozenset({"submit", "button", "reset"})
PLACEHOLDER = "\x00"  # stands for a variable or a tag in the template: no letters


def _has_words(text: str) -> bool:
    """Whether ``text`` holds a word a reader reads (a letter outside the names every language shares)."""
    for word in re.findall(r"[^\W\d_]+", text):
        if word not in NAMES and any(unicodedata.category(c).startswith("L") for c in word):
            return True
    return False


class _Reader(HTMLParser):
    """What a reader sees in an HTML text: its text outside scripts and styles, and its read attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.seen: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skipping += 1
        values = dict(attrs)
        for name, value in attrs:
            if not value:
                continue
            shown = (
                name in READ_ATTRIBUTES
                or (name == "value" and tag == "input" and values.get("type") in BUTTON_TYPES)
                or (name.startswith("data-") and " " in value.strip())  # a sentence for a script
            )
            if shown:
                self.seen.append(value)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in ("script", "style"):
            self._skipping -= 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skipping:
            self._skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self.seen.append(data)


def unmarked_text(source: str) -> list[str]:
    """The texts of a template source a reader sees that are not marked for translation."""
    parts: list[str] = []
    depth = 0  # inside {% blocktranslate %} ... {% endblocktranslate %}, or a {% comment %}
    in_class = False  # inside {% block body_class %}: a CSS class for base.html's <body>, not text
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0] if token.contents.split() else ""
            if name in ("blocktranslate", "blocktrans", "comment"):
                depth += 1
            elif name in ("endblocktranslate", "endblocktrans", "endcomment"):
                depth = max(0, depth - 1)
            elif token.contents.split() == ["block", "body_class"]:
                in_class = True
            elif name == "endblock":
                in_class = False
            parts.append(PLACEHOLDER if depth else "")
        elif token.token_type == TokenType.TEXT and not depth and not in_class:
            parts.append(token.contents)
        elif token.token_type == TokenType.VAR:
            parts.append(PLACEHOLDER)
    reader = _Reader()
    reader.feed("".join(parts))
    reader.close()
    return [" ".join(text.split()) for text in reader.seen if _has_words(text)]


def _name(path: Path) -> str:
    return path.relative_to(ROOT / "templates").as_posix()


def test_the_checker_finds_unmarked_text_and_passes_marked_text():
    assert unmarked_text("<p>Board {{ n }}</p>") == ["Board \x00"]
    assert unmarked_text('<button title="Save it">{% translate "Save" %}</button>') == ["Save it"]
    assert unmarked_text('<input type="submit" value="Go">') == ["Go"]
    assert unmarked_text('<button type="submit" name="action" value="start"></button>') == []  # not shown
    assert unmarked_text('<div data-ask="Is this right?"></div>') == ["Is this right?"]
    assert unmarked_text("{% blocktranslate %}Board {{ n }}{% endblocktranslate %}") == []
    assert unmarked_text('<p>{% translate "Board" %} {{ n }}</p><script>var x = "text";</script>') == []
    assert unmarked_text("{% comment %}A note{% endcomment %}<p>Kalamazoo · 12</p>") == []
    assert unmarked_text('<option value="{{ v }}"{% if a %} selected{% endif %}>{{ name }}</option>') == []
    assert unmarked_text('<div data-kind="pairs" class="wide note"></div>') == []
    assert unmarked_text("{% block body_class %}phone{% endblock %}<p>Board</p>") == ["Board"]


@pytest.mark.parametrize("path", TEMPLATES, ids=_name)
def test_template_text_is_marked_for_translation(path):
    found = unmarked_text(path.read_text(encoding="utf-8"))
    assert found == [], f"{_name(path)}: text not marked for translation: {found[:5]}"


def test_every_shipped_language_has_a_catalogue():
    assert {path.parts[-3] for path in CATALOGUES} == set(SHIPPED)


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.parts[-3])
def test_the_catalogue_is_complete_and_compiled(path):
    catalogue = polib.pofile(str(path))
    assert [e.msgid for e in catalogue.untranslated_entries()] == []
    assert [e.msgid for e in catalogue.fuzzy_entries()] == []
    assert catalogue.obsolete_entries() == []
    with path.with_suffix(".mo").open("rb") as compiled:
        translations = gettext.GNUTranslations(compiled)
    forms = int(catalogue.metadata["Plural-Forms"].split("nplurals=")[1].split(";")[0])
    compiled_plurals = {
        (e.msgctxt, e.msgid): e.msgstr_plural
        for e in polib.mofile(str(path.with_suffix(".mo")))
        if e.msgid_plural
    }
    for entry in catalogue.translated_entries():
        if entry.msgid_plural:
            assert sorted(int(n) for n in entry.msgstr_plural) == list(range(forms)), (
                f"{path}: {entry.msgid!r}"
            )
            for n, text in entry.msgstr_plural.items():
                count = _count_for_plural_form(catalogue, int(n))
                if count is None:  # a form no whole count takes (Polish's fourth, for fractions)
                    got = compiled_plurals[(entry.msgctxt, entry.msgid)][int(n)]
                else:
                    got = (
                        translations.npgettext(entry.msgctxt, entry.msgid, entry.msgid_plural, count)
                        if entry.msgctxt
                        else translations.ngettext(entry.msgid, entry.msgid_plural, count)
                    )
                assert got == text, f"{path}: {entry.msgid!r} form {n}: .mo out of date (make messages)"
        else:
            got = (
                translations.pgettext(entry.msgctxt, entry.msgid)
                if entry.msgctxt
                else translations.gettext(entry.msgid)
            )
            assert got == entry.msgstr, f"{path}: {entry.msgid!r}: .mo out of date (make messages)"


def _count_for_plural_form(catalogue: polib.POFile, form: int) -> int | None:
    """The smallest count the catalogue's Plural-Forms give ``form``, or None for a form no whole count takes."""
    expression = catalogue.metadata["Plural-Forms"].split("plural=")[1].rstrip(";")
    plural = gettext.c2py(expression)
    return next((n for n in range(1000) if plural(n) == form), None)


@pytest.mark.parametrize(
    ("language", "events", "chooser"),
    [("fr", "Tournois", "Langue"), ("pl", "Turnieje", "Język"), ("en-gb", "Events", "Language")],
)
def test_the_chosen_language_is_remembered_and_pages_speak_it(db, language, events, chooser):
    client = Client()
    response = client.get(
        reverse("language_choose", args=[language]), HTTP_REFERER="http://testserver/ladder/"
    )
    assert response.status_code == 302
    assert response["Location"] == "http://testserver/ladder/"  # back to the page it was chosen on
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == language
    html = client.get("/").content.decode()
    assert f'<html lang="{language}">' in html
    assert f">{events}</a>" in html
    assert f'aria-label="{chooser}"' in html
    assert f'<strong lang="{language}" aria-current="true">' in html  # the chooser names the one in use
    for own_name in ("British English", "Français", "Polski"):  # each language in its own words
        assert f">{own_name}</" in html


def test_the_browser_s_language_is_taken_until_one_is_chosen(db):
    html = Client(HTTP_ACCEPT_LANGUAGE="pl-PL,pl;q=0.9,en;q=0.5").get("/").content.decode()
    assert '<html lang="pl">' in html
    html = Client(HTTP_ACCEPT_LANGUAGE="de-DE").get("/").content.decode()  # not shipped: British English
    assert '<html lang="en-gb">' in html


def test_the_chooser_goes_home_from_elsewhere_and_refuses_a_language_not_shipped(db):
    client = Client()
    response = client.get(reverse("language_choose", args=["fr"]), HTTP_REFERER="https://evil.example/")
    assert response["Location"] == reverse("home")
    assert client.get(reverse("language_choose", args=["de"])).status_code == 404
    assert client.get(reverse("language_choose", args=["xx" * 40])).status_code == 404


def test_a_page_kept_in_one_language_is_not_served_in_another(db):
    """Visitors' pages are kept in the cache (duplicate.caching): the key holds the language."""
    event = make_event(name="Spring Pairs")
    url = reverse("event_standings", args=[event.pk])
    english = Client().get(url).content.decode()
    french = Client(HTTP_ACCEPT_LANGUAGE="fr").get(url).content.decode()
    assert '<html lang="en-gb">' in english
    assert '<html lang="fr">' in french
    assert '<html lang="en-gb">' in Client().get(url).content.decode()


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("en-gb", "Saturday 28 November 2026"),
        ("fr", "samedi 28 novembre 2026"),
        ("pl", "Sobota, 28 listopada 2026"),  # the month in the genitive: "28 listopada", not "28 listopad"
    ],
)
def test_a_day_is_written_in_full_as_each_language_writes_it(language, written):
    with translation.override(language):
        assert long_date(dt.date(2026, 11, 28)) == written
    assert long_date(None) == ""


@pytest.mark.parametrize("language", SHIPPED)
def test_words_marked_to_be_translated_where_shown_are_in_the_catalogues(language):
    """The model's labels pages show (an event's status, a scoring code's name) are marked where the model
    defines them (``gettext_lazy`` by that name: an alias such as ``N_`` is not looked for by makemessages),
    so each comes back translated, and the label itself reads in the page's language."""
    words = [*(label for _, label in EventStatus.choices), *(label for _, label in ScoringCodeChoice.choices)]
    with translation.override("en-gb"):
        english = [str(w) for w in words]
    with translation.override(language):
        assert [w for w in english if translation.gettext(w) == w] == []
        assert [str(w) for w in words] == [translation.gettext(w) for w in english]  # the labels, lazily


@pytest.mark.parametrize(("language", "mark"), [("en-gb", "."), ("fr", ","), ("pl", ",")])
def test_figures_on_pages_take_the_language_s_decimal_mark_and_files_keep_the_point(db, language, mark):
    """A matchpoint event's standings: each pair's percentage to two decimals, worked out here from the
    page's own figures; the page writes it with the language's decimal mark, the CSV with a point."""
    event = event_import(data=contract_event_file())
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    rows = [r for ranking in standings(event).rankings for r in ranking.rows]
    assert rows
    shown = [decimal_text(row.percentage) for row in rows if row.percentage is not None]
    assert any("." in s for s in shown)
    html = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    for text in shown:
        assert f">{text.replace('.', mark)}<" in html
    csv_text = client.get(reverse("download_standings", args=[event.pk, "csv"])).content.decode("utf-8-sig")
    written = [row["percentage"] for row in csv.DictReader(io.StringIO(csv_text))]
    assert written == [text.removesuffix(".00") for text in shown]  # a whole number written whole


@pytest.mark.parametrize("language", ["en-gb", "fr", "pl"])
def test_a_refusal_naming_a_field_is_put_beside_it_in_every_language(language):
    """French writes a space before a colon ("name : 200 caractères au plus"): the refusal still names its
    field, and the text beside the field leaves the field's name out."""
    with translation.override(language), pytest.raises(ServiceError) as refused:
        fits("name", "x" * 201, Event, "name")
    message = str(refused.value)
    assert split_field(message)[0] == "name"
    assert error_field(message) == "name"
    shown = beside_field(message)
    assert not shown.startswith("name")
    assert "200" in shown
    assert "201" in shown
