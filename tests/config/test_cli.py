"""The `kalamazoo` command (config/cli.py) without building a wheel: its arguments, the data folder, the
secret key file, the settings' environment, the room's address and the server it starts."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from config import cli

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("platform", "environ", "expected"),
    [
        ("linux", {}, "/home/ann/.local/share/kalamazoo"),
        ("linux", {"XDG_DATA_HOME": "/data"}, "/data/kalamazoo"),
        ("darwin", {}, "/home/ann/Library/Application Support/kalamazoo"),
        ("win32", {"APPDATA": "/c/Users/ann/AppData/Roaming"}, "/c/Users/ann/AppData/Roaming/kalamazoo"),
        ("win32", {}, "/home/ann/AppData/Roaming/kalamazoo"),
        ("linux", {"KALAMAZOO_DATA": "/srv/club", "XDG_DATA_HOME": "/data"}, "/srv/club"),
    ],
)
def test_the_data_folder_follows_the_platform(platform, environ, expected):
    assert cli.data_dir(environ, platform, Path("/home/ann")) == Path(expected)


def test_the_secret_key_is_made_once_and_read_by_its_owner_only(tmp_path):
    first = cli.secret_key(tmp_path)
    assert len(first) >= 50
    assert cli.secret_key(tmp_path) == first
    if os.name == "posix":
        assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600


def test_the_environment_points_at_the_data_folder_and_keeps_what_is_set(tmp_path):
    environ: dict[str, str] = {}
    cli.prepare_environment(environ, tmp_path / "data")
    assert environ["DATABASE_URL"] == f"sqlite:///{(tmp_path / 'data' / 'kalamazoo.sqlite3').as_posix()}"
    assert environ["SECRET_KEY"] == (tmp_path / "data" / "secret_key").read_text().strip()
    assert environ["STATIC_ROOT"] == str(tmp_path / "data" / "static")
    assert environ["DJANGO_SETTINGS_MODULE"] == "config.settings"
    # Plain http on the laptop: no HTTPS redirect, no secure-only cookies, no HSTS.
    assert {name: environ[name] for name in cli.PLAIN_HTTP} == dict.fromkeys(cli.PLAIN_HTTP, "0")
    assert "DEBUG" not in environ

    mine = {"DATABASE_URL": "postgres://club@db/k", "SECRET_KEY": "mine", "SECURE_SSL_REDIRECT": "1"}
    cli.prepare_environment(mine, tmp_path / "other")
    assert (mine["DATABASE_URL"], mine["SECRET_KEY"], mine["SECURE_SSL_REDIRECT"]) == (
        "postgres://club@db/k",
        "mine",
        "1",
    )
    assert not (tmp_path / "other" / "secret_key").exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["serve", "--port", "abc"], "kalamazoo: argument --port: the port must be a number, got 'abc'"),
        (["serve", "--port", "0"], "kalamazoo: argument --port: the port must be from 1 to 65535, got 0"),
        (
            ["serve", "--port", "65536"],
            "kalamazoo: argument --port: the port must be from 1 to 65535, got 65536",
        ),
        (["serve", "--address", "192.168.1.20"], "kalamazoo: --address goes with --room"),
        (
            ["serve", "--room", "--address", "127.0.0.1"],
            "kalamazoo: --address: '127.0.0.1' is not an address a phone can reach",
        ),
        (["serve", "--colour"], "kalamazoo: unrecognized arguments: --colour"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv, message, tmp_path, capsys):
    assert cli.main(argv, {"KALAMAZOO_DATA": str(tmp_path)}) == 2
    err = capsys.readouterr().err
    assert err == message + "\n"


def test_a_port_taken_is_refused_before_anything_is_done(tmp_path, capsys):
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert not cli.port_free("127.0.0.1", port)
        assert cli.main(["serve", "--port", str(port)], {"KALAMAZOO_DATA": str(tmp_path)}) == 2
    assert capsys.readouterr().err == (
        f"kalamazoo: port {port} is taken (another server?): choose another with --port\n"
    )
    assert not (tmp_path / "kalamazoo.sqlite3").exists()


def test_the_room_address_is_the_routes_never_a_loopback(monkeypatch):
    monkeypatch.setattr(cli, "_hostname_addresses", lambda: ["127.0.1.1", "10.0.0.7"])
    assert cli.lan_address(lambda: "192.168.1.20") == "192.168.1.20"
    assert cli.lan_address(lambda: "127.0.1.1") == "10.0.0.7"  # the host name's first address not a loopback
    assert cli.lan_address(lambda: None) == "10.0.0.7"
    monkeypatch.setattr(cli, "_hostname_addresses", lambda: ["127.0.1.1"])
    assert cli.lan_address(lambda: None) is None


def test_no_room_address_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(cli, "lan_address", lambda: None)
    assert cli.main(["serve", "--room"], {"KALAMAZOO_DATA": str(tmp_path)}) == 2
    assert capsys.readouterr().err == (
        "kalamazoo: no address on a local network found: join the room's network (or give --address)\n"
    )


def test_the_room_is_allowed_as_a_host_and_an_origin():
    environ = {"ALLOWED_HOSTS": "scores.example.org", "CSRF_TRUSTED_ORIGINS": ""}
    url = cli.room_settings(environ, "192.168.1.20", 8001)
    assert url == "http://192.168.1.20:8001/"
    assert environ["ALLOWED_HOSTS"] == "scores.example.org,192.168.1.20,localhost,127.0.0.1"
    assert environ["CSRF_TRUSTED_ORIGINS"] == "http://192.168.1.20:8001"


def test_the_qr_code_reads_as_blocks():
    text = cli.qr_text("http://192.168.1.20:8000/")
    lines = text.splitlines()
    assert len(lines) > 10
    assert set("".join(lines)) <= {"█", "▀", "▄", " ", "\xa0"}  # blocks, and qrcode's no-break space


def test_gunicorn_serves_the_app_with_threads_and_no_shared_control_socket():
    args = cli.gunicorn_arguments("0.0.0.0", 8001)
    assert args[-1] == "config.wsgi"
    assert {"--bind=0.0.0.0:8001", "--preload", "--no-control-socket", "--workers=2", "--threads=4"} <= set(
        args
    )


def test_the_static_files_are_collected_again_only_when_they_change(tmp_path):
    (tmp_path / "css").mkdir()
    (tmp_path / "css" / "a.css").write_text("a{}")
    before = cli.static_fingerprint(tmp_path)
    assert cli.static_fingerprint(tmp_path) == before
    (tmp_path / "css" / "b.css").write_text("b{}")
    assert cli.static_fingerprint(tmp_path) != before


def test_the_management_commands_go_through_the_same_entry(tmp_path):
    # A subprocess: Django is set up there with the data folder's settings, not the tests'.
    environ = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "SECRET_KEY", "REDIS_URL"}
    }
    environ.update(KALAMAZOO_DATA=str(tmp_path), DJANGO_SETTINGS_MODULE="config.settings")
    environ.pop("DEBUG", None)
    run = subprocess.run(
        [sys.executable, "-m", "config.cli", "help"], cwd=ROOT, env=environ, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert "createdirector" in run.stdout
    assert "table_links" in run.stdout
    assert "import_event" in run.stdout
    assert (tmp_path / "secret_key").exists()


def test_what_serve_says_is_in_the_language_of_the_users_environment(tmp_path, settings, capsys):
    settings.COMMANDS_SPEAK_ENVIRONMENT_LANGUAGE = (
        True  # as outside the tests (tests/settings.py turns it off)
    )
    environ = {"KALAMAZOO_DATA": str(tmp_path), "LANG": "fr_FR.UTF-8"}
    assert cli.main(["serve", "--address", "192.168.1.20"], environ) == 2
    assert capsys.readouterr().err == "kalamazoo: --address s'utilise avec --room\n"
    environ["LANG"] = "pl_PL.UTF-8"
    assert cli.main(["serve", "--port", "0"], environ) == 2
    assert capsys.readouterr().err == "kalamazoo: argument --port: port musi być od 1 do 65535, podano 0\n"


def test_serve_room_puts_the_address_in_the_settings_the_server_runs_with(tmp_path):
    """A fresh process (Django's settings unloaded, as `kalamazoo serve` starts): the room's address is
    among the allowed hosts and trusted origins the settings load with, nothing being served."""
    environ = {
        key: value
        for key, value in os.environ.items()
        if key
        not in {"DATABASE_URL", "SECRET_KEY", "REDIS_URL", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "DEBUG"}
    }
    environ.update(KALAMAZOO_DATA=str(tmp_path), DJANGO_SETTINGS_MODULE="config.settings")
    code = (
        "import sys\n"
        "from config import cli\n"
        "cli.run_server = lambda host, port, platform: print('serving', host, port)\n"
        "cli.port_free = lambda host, port: True\n"
        "cli.prepare_database = lambda: None\n"
        "code = cli.main(['serve', '--room', '--address', '192.168.1.20', '--port', '8123'])\n"
        "from django.conf import settings\n"
        "print(settings.ALLOWED_HOSTS, settings.CSRF_TRUSTED_ORIGINS, code)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=environ, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "serving 0.0.0.0 8123" in run.stdout
    last = run.stdout.strip().splitlines()[-1]
    assert last == "['192.168.1.20', 'localhost', '127.0.0.1'] ['http://192.168.1.20:8123'] 0"
