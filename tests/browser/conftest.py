"""Real headless Chromium (Debian's /usr/bin/chromium) driven by Playwright's sync API.

Playwright runs an event loop in the test thread while the browser is open, so Django would refuse ORM calls
from the test body (SynchronousOnlyOperation); the tests only use the ORM between browser steps, never
concurrently, so DJANGO_ALLOW_ASYNC_UNSAFE is set, but only while the browser is open (package scope): set for
the whole process it would leak into the suite's `manage.py check --deploy` subprocesses (async.E001), and a
session-long browser would leave its loop running under the other packages' tests.
On a failure the page is saved as a screenshot under tests/artifacts/.
"""

from __future__ import annotations

import contextlib
import os
import re

import pytest
from playwright.sync_api import sync_playwright

from tests.browser.pages import ARTIFACTS, PASSWORD

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="package")
def _async_unsafe_allowed():
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        yield


@pytest.fixture(scope="package")
def browser(_async_unsafe_allowed):
    if not os.path.exists(CHROMIUM):
        message = f"{CHROMIUM} is missing: apt-get install chromium (.ci/run installs it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.stash.setdefault(_FAILED, False)
        if report.failed:
            item.stash[_FAILED] = True


_FAILED = pytest.StashKey[bool]()


@pytest.fixture
def new_page(request, browser):
    """Open pages (any viewport); each is screenshotted into tests/artifacts/ if the test fails."""
    contexts = []

    def make(*, width: int = 1280, height: int = 900, mobile: bool = False, bypass_csp: bool = False):
        # bypass_csp: a test may inject a script of its own (axe-core), which the pages' CSP would refuse
        context = browser.new_context(
            viewport={"width": width, "height": height},
            is_mobile=mobile,
            has_touch=mobile,
            bypass_csp=bypass_csp,
        )
        context.set_default_timeout(10_000)
        page = context.new_page()
        contexts.append((context, page))
        return page

    yield make
    failed = request.node.stash.get(_FAILED, False)
    for index, (context, page) in enumerate(contexts):
        if failed:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            name = re.sub(r"[^\w.-]+", "_", request.node.nodeid)
            with contextlib.suppress(Exception):  # best effort: a screenshot must not hide the failure
                page.screenshot(path=str(ARTIFACTS / f"{name}-{index}.png"), full_page=True)
        context.close()


@pytest.fixture
def staff(django_user_model):
    """A director who signs in with PASSWORD (tests.browser.pages.sign_in)."""
    return django_user_model.objects.create_user(
        username="td", password=PASSWORD, is_staff=True, is_superuser=True
    )
