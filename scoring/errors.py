"""The one error the scoring engine raises for input it cannot score, and how its words are translated.

The scoring engine knows no Django. A message is an English template marked with :func:`gettext_noop`
(so that ``makemessages`` gathers it) holding its values by name (``%(got)s``); the values are given
beside it. The text is made when the error is shown (``str(error)``), through :data:`translate`: the
identity here, Django's ``gettext`` once the web app has started (``duplicate.apps``), so that a page
reads the error in its own language, a command in its environment's, and the tests in British English.
"""

from __future__ import annotations

import json
from collections.abc import Callable


def gettext_noop(message: str) -> str:
    """``message`` unchanged: marks an English template for the catalogues (makemessages finds this name)."""
    return message


def _same(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, number: int) -> str:
    return singular if number == 1 else plural


#: How a template is translated when a message is made: the identity until :func:`set_translation`.
translate: Callable[[str], str] = _same
#: How a template that depends on a count is chosen and translated: English's two forms until set.
translate_plural: Callable[[str, str, int], str] = _english_plural


def set_translation(
    function: Callable[[str], str] | None, plural: Callable[[str, str, int], str] | None = None
) -> None:
    """Translate templates through ``function`` (and counted ones through ``plural``) from now on (None:
    back to English)."""
    global translate, translate_plural
    translate = function if function is not None else _same
    translate_plural = plural if plural is not None else _english_plural


def ngettext(singular: str, plural: str, number: int) -> str:
    """The form of a counted template for ``number``, translated now (makemessages finds this name)."""
    return translate_plural(singular, plural, number)


def render(template: str, params: dict[str, object] | None = None) -> str:
    """``template`` translated now, its ``%(name)s`` filled from ``params`` (left as it is without params).

    A translation whose placeholders do not fit the values falls back to the English template.
    """
    text = translate(template)
    if not params:
        return text
    try:
        return text % params
    except (KeyError, ValueError, TypeError):
        return template % params


def say(template: str, /, **params: object) -> str:
    """``render`` with the values by name: a sentence made now, in the language in use."""
    return render(template, params)


class MarkedError(ValueError):
    """A ValueError whose message is a marked template and its values, made into text when shown."""

    template: str
    params: dict[str, object]

    def __init__(self, message: str, /, **params: object) -> None:
        self.template = message
        self.params = params
        super().__init__(message)

    @property
    def message(self) -> str:
        """The message in the language in use, without any field in front."""
        return render(self.template, self.params)

    def __str__(self) -> str:
        return self.message


class ScoringError(MarkedError):
    """Input that cannot be scored.

    Shown (``str``), it starts with the name of the offending field (``"tricks: must be a whole
    number from 0 to 13, got 14"``); ``field`` holds that name on its own so that a form can attach
    the message to the right input. The field is an identifier and stays as it is in every language;
    ``template`` and ``params`` are the message's marked English and its values.
    """

    field: str

    def __init__(self, field: str, message: str, /, **params: object) -> None:
        self.field = field
        super().__init__(message, **params)
        self.args = (field, message)

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


class ContestError(ScoringError):
    """Contest input the laws cannot score: a bad row, a pair playing a board twice, unequal teams..."""


def show_value(value: object) -> str:
    """A value as it would appear in JSON, shortened, for error messages."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def whole_number(value: object, field: str, low: int, high: int) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (not a bool, not a float)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ScoringError(
            field,
            gettext_noop("must be a whole number from %(low)s to %(high)s, got %(got)s"),
            low=low,
            high=high,
            got=show_value(value),
        )
    return value
