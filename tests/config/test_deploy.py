"""The hosted set-up and the wheel hold together: `check --deploy` is clean with compose.yaml's app
environment, the Dockerfile runs as a user with a health check, and pyproject.toml lists every package."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
SUBSTITUTION = re.compile(r"\$\{(\w+)(?::([-?])([^}]*))?\}")


def compose_environment(given: dict[str, str]) -> dict[str, str]:
    """The app service's environment as `docker compose` would set it: ${NAME:-default} and ${NAME:?error}
    from ``given``."""
    app = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))["services"]["app"]

    def value(match: re.Match[str]) -> str:
        name, kind, default = match.groups()
        if given.get(name):
            return given[name]
        assert kind == "-", f"compose.yaml needs {name}: {default}"
        return default

    return {name: SUBSTITUTION.sub(value, str(text)) for name, text in app["environment"].items()}


def test_the_compose_environment_is_read_as_compose_reads_it():
    env = compose_environment({"SECRET_KEY": "k" * 60, "SITE_HOST": "scores.example.org"})
    assert env["ALLOWED_HOSTS"] == "scores.example.org,localhost"
    assert env["CSRF_TRUSTED_ORIGINS"] == "https://scores.example.org"
    assert env["DATABASE_URL"].startswith("postgres://")
    assert env["REDIS_URL"].startswith("redis://")
    assert compose_environment({"SECRET_KEY": "k" * 60})["ALLOWED_HOSTS"] == "localhost,localhost"


def test_check_deploy_is_clean_in_the_compose_configuration():
    # check --deploy connects to neither PostgreSQL nor Redis: the compose host names (db, cache) stand.
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "SECURE_", "SESSION_", "CSRF_"))
        and key not in {"DEBUG", "DATABASE_URL", "REDIS_URL", "SECRET_KEY", "ALLOWED_HOSTS", "STATIC_ROOT"}
    }
    secret = "compose-test-" + "x7Qp2mZ9" * 8
    env.update(compose_environment({"SECRET_KEY": secret, "SITE_HOST": "scores.example.org"}))
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    run = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "System check identified no issues" in run.stdout


def test_the_image_runs_as_a_user_with_a_health_check():
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert dockerfile.startswith("#")
    assert "FROM python:3.11-slim" in dockerfile
    assert re.search(r"^USER kalamazoo$", dockerfile, re.MULTILINE)
    assert re.search(r"^HEALTHCHECK .*\n.*/healthz", dockerfile, re.MULTILINE)
    assert "collectstatic" in dockerfile
    assert "gunicorn config.wsgi" in dockerfile
    services = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))["services"]
    assert services["db"]["image"] == "postgres:15"
    assert services["cache"]["image"] == "redis:7"


def test_the_wheel_lists_every_package_and_its_command():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = project["tool"]["setuptools"]
    tree = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for top in ("config", "duplicate", "teams", "scoring")
        for path in (ROOT / top).rglob("__init__.py")
    }
    assert set(setuptools["packages"]) == tree | {"config.templates", "config.static", "config.locale"}
    assert setuptools["package-dir"] == {
        "config.templates": "templates",
        "config.static": "static",
        "config.locale": "locale",
    }
    assert project["project"]["scripts"] == {"kalamazoo": "config.cli:main"}
    assert project["tool"]["setuptools"]["dynamic"]["dependencies"] == {"file": ["requirements.txt"]}
    assert "contract bridge" in project["project"]["description"]
