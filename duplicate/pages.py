"""Pages rendered around their changing parts (issue 8).

A standings page or a traveller is mostly the same from one result to the next: the header, the event's
links, the download buttons, the hand diagram. Only a few parts move with the results (the provisional
badge, the progress line, the tables, the averages). :func:`render_parts` renders the page's template once
with a marker in place of each part and keeps that skeleton (per process, keyed by everything else the page
shows); each request then joins the skeleton with the parts of the moment. The output is byte for byte what
the template gives with the parts put in (``tests/duplicate/test_pages.py``).

Only for a plain anonymous view: no signed-in user (their name and a CSRF token are on the page), no
pending messages, and nothing on the page asked for a CSRF token. Anything else renders in full.
"""

from __future__ import annotations

import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Hashable, Mapping

from django.contrib.messages import get_messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

_TOKEN = secrets.token_hex(8)  # a marker the page's own text cannot hold by chance
_MARKER = re.compile(rf"<!--kz-part:(\w+):{_TOKEN}-->")
_SIZE = 512
_skeletons: OrderedDict[Hashable, tuple[str | bytes, ...]] = OrderedDict()
_lock = threading.Lock()


def _plain(request: HttpRequest) -> bool:
    user = getattr(request, "user", None)
    if user is None or user.is_authenticated:
        return False
    return len(get_messages(request)) == 0  # counts without marking them shown


def render_parts(
    request: HttpRequest,
    template: str,
    context: Mapping[str, object],
    parts: Mapping[str, str | bytes],
    key: Hashable,
) -> HttpResponse:
    """``render(request, template, {**context, "parts": parts})``, the parts being trusted HTML (bytes are
    UTF-8: a big table kept encoded is not encoded again for every request).  ``key`` must hold everything
    the page shows besides the parts, the request's path and who asks (the event's fields, the board, ...)."""
    if not _plain(request):
        shown = {k: mark_safe(v.decode() if isinstance(v, bytes) else v) for k, v in parts.items()}  # noqa: S308
        return render(request, template, {**context, "parts": shown})
    full_key = (template, request.path, key)
    pieces = _skeletons.get(full_key)
    if pieces is None:
        markers = {name: SafeString(f"<!--kz-part:{name}:{_TOKEN}-->") for name in parts}
        html = render_to_string(template, {**context, "parts": markers}, request)
        split = tuple(p if i % 2 else p.encode() for i, p in enumerate(_MARKER.split(html)))
        if request.META.get("CSRF_COOKIE_NEEDS_UPDATE"):  # the page holds a CSRF token: never kept
            return HttpResponse(_join(split, parts))
        pieces = split
        with _lock:
            _skeletons[full_key] = pieces
            while len(_skeletons) > _SIZE:
                _skeletons.popitem(last=False)
    return HttpResponse(_join(pieces, parts))


def _join(pieces: tuple[str | bytes, ...], parts: Mapping[str, str | bytes]) -> bytes:
    out: list[bytes] = []
    for i, piece in enumerate(pieces):
        value = parts[piece] if i % 2 else piece  # type: ignore[index]
        out.append(value if isinstance(value, bytes) else value.encode())
    return b"".join(out)


def status_badge(provisional: bool, *, final: bool = False) -> str:
    """The page head's badge: "Provisional", or "Final" where the page says so."""
    if provisional:
        return '<span class="status provisional">Provisional</span>'
    return '<span class="status status-complete">Final</span>' if final else ""


def progress_html(progress: object) -> str:
    """The progress line (``duplicate/standings_progress.html``)."""
    return render_to_string("duplicate/standings_progress.html", {"progress": progress})


def clear() -> None:
    """Forget every kept skeleton (tests)."""
    with _lock:
        _skeletons.clear()
