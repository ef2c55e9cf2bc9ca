"""Kalamazoo starts and serves its pages where `fcntl` does not exist (Windows: a club laptop).

A fresh Python process blocks `import fcntl` (as Windows has no such module), sets Django up with the
production settings (DEBUG off), imports every module of the apps and packages (not `__main__`), migrates a throwaway SQLite
file, loads the demo event and serves the events list and the event's standings through the test client.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("config", "duplicate", "teams", "scoring")

SCRIPT = """
import importlib, importlib.abc, pkgutil, sys

class NoFcntl(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "fcntl":
            raise ImportError("No module named 'fcntl' (blocked: as on Windows)", name=name)
        return None

sys.modules.pop("fcntl", None)
sys.meta_path.insert(0, NoFcntl())

import django
django.setup()

imported = 0
for package in sys.argv[1:]:
    root = importlib.import_module(package)
    imported += 1
    for module in pkgutil.walk_packages(root.__path__, prefix=package + "."):
        if module.name.endswith(".__main__"):  # a command line: running it is not importing it
            continue
        importlib.import_module(module.name)
        imported += 1
assert "fcntl" not in sys.modules

from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from duplicate.demo import DEMO_NAME
from duplicate.models import Event

call_command("migrate", verbosity=0, interactive=False)
call_command("createcachetable", verbosity=0)
call_command("demo", verbosity=0)
event = Event.objects.get(name=DEMO_NAME)
client = Client()
home = client.get(reverse("home"))
assert home.status_code == 200 and event.name in home.content.decode(), home.status_code
standings = client.get(reverse("event_standings", args=[event.pk]))
assert standings.status_code == 200, standings.status_code
print("imported", imported)
"""


def test_every_module_imports_and_pages_serve_without_fcntl(tmp_path):
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DEBUG"))},
        "DJANGO_SETTINGS_MODULE": "tests.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'kalamazoo.sqlite3'}",
        "LOG_LEVEL": "ERROR",
    }
    env.pop("REDIS_URL", None)  # the database cache: nothing else to run, as on a club laptop
    env.pop("SHARED_PARTS_DIR", None)
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, *PACKAGES],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    imported = int(result.stdout.split()[-1])
    on_disk = [path for package in PACKAGES for path in (ROOT / package).rglob("*.py")]
    assert imported == sum(path.name != "__main__.py" for path in on_disk)  # every module was imported
