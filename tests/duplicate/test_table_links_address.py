"""The Table links page warns when it is open at a loopback address: its links and QR codes are made from the
request's address, so after a plain ``make run`` (127.0.0.1:8000) every card pointed at the laptop itself,
which no player's phone can reach. The warning stands at the top of the page and says how to serve the page
on the laptop's network address before printing; at any other address there is no warning."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from duplicate import services
from duplicate.views.tokens import loopback_host

pytestmark = pytest.mark.django_db

WARNING = "Phones cannot reach this address"


@pytest.fixture
def tokens_url(mitchell_event) -> str:
    services.table_token_create(section=mitchell_event.sections.get(), table=1)
    return reverse("entry_tokens", args=[mitchell_event.pk])


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1:8000", True),
        ("127.0.0.1", True),
        ("127.45.6.7:8000", True),  # the whole of 127.0.0.0/8
        ("[::1]:8000", True),
        ("[::1]", True),
        ("localhost:8000", True),
        ("LOCALHOST", True),
        ("club.localhost:8000", True),
        ("192.168.1.20:8000", False),
        ("10.0.0.5", False),
        ("[fe80::1]:8000", False),
        ("128.0.0.1", False),
        ("scores.example.org", False),
        ("localhost.example.org", False),
        ("testserver", False),
    ],
)
def test_which_hosts_are_loopback(host, loopback):
    assert loopback_host(host) is loopback


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "[::1]:8000", "localhost:8000", "127.0.1.1:8123"])
def test_the_page_at_a_loopback_address_warns_before_printing(director_client, settings, tokens_url, host):
    settings.ALLOWED_HOSTS = ["*"]
    html = director_client.get(tokens_url, HTTP_HOST=host).content.decode()
    main = html.split("<main>")[1]
    assert WARNING in main
    # At the top: before the menu, the print button and the first card.
    assert main.index(WARNING) < min(
        main.index('class="menu'), main.index("data-print"), main.index("token-card")
    )
    port = host.rsplit(":", 1)[1]
    command = re.search(r"<code>(make run [^<]*)</code>", main).group(1)
    assert command.startswith("make run HOST=0.0.0.0")
    assert command.endswith("ALLOWED_HOSTS=&lt;the laptop's address&gt;")
    assert ("PORT=8123" in command) is (port == "8123")
    assert f"http://&lt;the laptop's address&gt;:{port}{tokens_url}" in main
    assert f"http://{host}/t/" in main  # the cards as they are: what the warning is about


@pytest.mark.parametrize("host", ["192.168.1.20:8000", "testserver", "scores.example.org"])
def test_the_page_at_a_network_address_has_no_warning(director_client, settings, tokens_url, host):
    settings.ALLOWED_HOSTS = ["*"]
    html = director_client.get(tokens_url, HTTP_HOST=host).content.decode()
    assert WARNING not in html
    assert f"http://{host}/t/" in html
