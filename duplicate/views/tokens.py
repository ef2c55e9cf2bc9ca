"""The printable table links: a card for each table with its link and QR code, made, revoked and made anew by
the director. The cards carry the address the page was opened at: at a loopback address (127.0.0.1 after a
plain ``make run``) the page says first that no phone can reach it."""

from __future__ import annotations

import ipaddress
from typing import Any

import qrcode
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.http.request import split_domain_port
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods
from qrcode.image.svg import SvgPathImage

from duplicate import services
from duplicate.forms.entry import TableLinkActionForm
from duplicate.models import Event, Section, TableToken
from duplicate.selectors import entry as entry_selectors


def loopback_host(host: str) -> bool:
    """Whether ``host`` (a request's Host, "127.0.0.1:8000", "[::1]:8000", "localhost") names this machine
    only: 127.0.0.0/8, ::1 or localhost, an address no player's phone can reach."""
    name = split_domain_port(host)[0].strip("[]")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _qr_svg(text: str) -> str:
    image = qrcode.make(text, image_factory=SvgPathImage, box_size=8, border=2)
    svg = image.to_string(encoding="unicode")
    return svg[svg.index("<svg") :] if "<svg" in svg else svg


@staff_member_required
@require_http_methods(["GET", "POST"])
def entry_tokens(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk)
    sections = list(Section.objects.filter(event=event).order_by("letter"))
    if request.method == "POST":
        form = TableLinkActionForm(request.POST)
        if not form.is_valid():  # a damaged button: the page again, the message naming the field
            return _tokens_page(request, event, sections, errors=form.messages(), status=400)
        _tokens_post(request, event, sections, form.cleaned_data)
        return redirect("entry_tokens", pk=event.pk)
    return _tokens_page(request, event, sections)


def _tokens_post(request: HttpRequest, event: Event, sections: list[Section], data: dict[str, Any]) -> None:
    """Revoke a link, make one, or make one for every table without one (the checked form's action)."""
    action = data["action"]
    if action == "revoke":
        revoked = get_object_or_404(TableToken, pk=data["token"], section__event=event)
        services.table_token_revoke(token=revoked)
        messages.success(
            request,
            _("Revoked the link of table %(table)s: it opens nothing now.") % {"table": revoked.table},
        )
        return
    live = entry_selectors.event_tokens(event)
    targets: list[tuple[Section, int]] = []
    if action == "create":
        section = get_object_or_404(Section, event=event, pk=data["section"])
        try:
            targets.append((section, int(request.POST.get("table", ""))))
        except ValueError:
            messages.error(request, _("table: give a table number"))
    else:
        targets = [(s, t) for s in sections for t in range(1, s.tables + 1) if (s.pk, t) not in live]
    made = 0
    for section, table in targets:
        try:
            services.table_token_create(section=section, table=table)
            made += 1
        except services.ServiceError as exc:
            messages.error(request, str(exc))
    if made:
        messages.success(
            request, ngettext("Made %(n)d new table link.", "Made %(n)d new table links.", made) % {"n": made}
        )


def _tokens_page(
    request: HttpRequest,
    event: Event,
    sections: list[Section],
    *,
    errors: list[str] | None = None,
    status: int = 200,
) -> HttpResponse:
    live = entry_selectors.event_tokens(event)
    cards = []
    for section in sections:
        for table in range(1, section.tables + 1):
            token = live.get((section.pk, table))
            url = request.build_absolute_uri(reverse("entry_token", args=[token.secret])) if token else ""
            qr = mark_safe(_qr_svg(url)) if token else ""  # the SVG is our own, made from our own address
            cards.append({"section": section, "table": table, "token": token, "url": url, "qr": qr})
    context = {"event": event, "cards": cards, "errors": errors or [], "several": len(sections) > 1}
    if loopback_host(request.get_host()):  # the cards' addresses open nothing on a phone: say so first
        context["loopback_port"] = split_domain_port(request.get_host())[1] or "80"
    return render(request, "duplicate/entry_tokens.html", context, status=status)
