"""The largest file of each kind Kalamazoo reads, the same whether it is uploaded (the forms) or given to a
command (import_event, import_hands, import_usebio): a file's size is checked before a byte of it is read."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.movements import MAX_PLAYS

MB = 2**20

#: An event file (JSON): an exported event holding the most results a field plays (20,000,
#: scoring.movements' MAX_PLAYS) takes about 6 MB, so one exported here is always read back.
MAX_EVENT_FILE = 20 * MB
#: A USEBIO file: a traveller line takes about 500 bytes, so the most results with their hands fit.
MAX_USEBIO_FILE = 20 * MB
#: A PBN file of hands (a board's tags take well under 1 kB).
MAX_PBN_FILE = 5 * MB
#: The most games a PBN file (or pasted text) may hold, counted as they are read: a game for each result of
#: the largest event (scoring.movements' MAX_PLAYS), as a scorer writing one game a table's result would.
MAX_PBN_GAMES = MAX_PLAYS
#: A custom movement file.
MAX_MOVEMENT_FILE = 5 * MB


def too_large(limit: int) -> str:
    """What refuses a file over ``limit`` bytes, after the field or the path that names it."""
    return _("the file is larger than %(size)d MB") % {"size": limit // MB}
