"""The ``kalamazoo`` command of an installed copy (pyproject.toml's [project.scripts]).

    kalamazoo serve [--port N] [--room [--address A]]   serve this laptop's database with a production server
    kalamazoo demo | createdirector | import_event ...    the management commands, on that same database

Every command works on the user's data folder (``data_dir``: ``$KALAMAZOO_DATA``, else XDG_DATA_HOME,
%APPDATA% or ~/Library/Application Support, then ``kalamazoo``): a SQLite database there unless DATABASE_URL is
set, a SECRET_KEY made there on the first run (a file only its owner reads) unless SECRET_KEY is set, and the
collected static files. DEBUG stays off. ``serve`` speaks plain http (a laptop in a playing room has no
certificate for its address), so the HTTPS redirect, secure cookies and HSTS are off unless the environment
turns them on: behind a TLS proxy use the hosted set-up instead (docs/deployment.md).

``serve`` migrates (which makes the cache table), makes the cache table again if it was dropped, collects the
static files when the installed ones changed, then runs gunicorn (waitress on Windows, where gunicorn does not
run) on 127.0.0.1; ``--room`` listens on every interface and prints the laptop's address on the room's network
with a QR code for phones, that address allowed as a host and as a trusted origin. Nothing is fetched from the
internet. Bad input (a port not a number or out of range, a port taken, no network address) is one line on
standard error and exit 2. What it says is in the language of the user's environment, as the management
commands' (``duplicate.management.commands._language``: LANG=fr_FR.UTF-8 speaks French).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import ipaddress
import os
import secrets
import socket
import sys
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from contextlib import AbstractContextManager
from pathlib import Path

from django.utils.translation import gettext as _

APP = "kalamazoo"
DEFAULT_PORT = 8000
WORKERS = 2
THREADS = 4
# Where a UDP socket is "connected" to learn the route's local address: nothing is sent (UDP connect only
# picks the route), and a private address needs no internet.
PROBE_ADDRESS = ("10.255.255.255", 1)
# Plain http on a laptop: the settings' HTTPS defaults (on when DEBUG is off) turned off unless set.
PLAIN_HTTP = {
    "SECURE_SSL_REDIRECT": "0",
    "SESSION_COOKIE_SECURE": "0",
    "CSRF_COOKIE_SECURE": "0",
    "SECURE_HSTS_SECONDS": "0",
}


def gettext_noop(message: str) -> str:
    """A text marked for the catalogues (makemessages finds it by this name), left as it is: Django's own
    ``gettext_noop`` reads the settings, which ``serve`` must not load before the room's hosts are set."""
    return message


class UsageError(Exception):
    """Bad input: one line, exit 2.  ``message`` is marked (``gettext_noop``) with its ``values`` by name and
    said in the user's language when printed (some are raised before Django's settings may be loaded); a
    message already said (argparse's own, or one made with ``_`` where Django is set up) is printed as it is."""

    def __init__(self, message: str, /, *, where: str = "", **values: object) -> None:
        super().__init__(message)
        self.message, self.where, self.values = message, where, values

    def said(self) -> str:
        return self.where + (_(self.message) % self.values if self.values else _(self.message))


def data_dir(environ: Mapping[str, str], platform: str, home: Path) -> Path:
    """The folder holding this user's Kalamazoo data, by the platform's convention."""
    if environ.get("KALAMAZOO_DATA"):
        return Path(environ["KALAMAZOO_DATA"])
    if platform == "win32":
        base = Path(environ["APPDATA"]) if environ.get("APPDATA") else home / "AppData" / "Roaming"
    elif platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(environ["XDG_DATA_HOME"]) if environ.get("XDG_DATA_HOME") else home / ".local" / "share"
    return base / APP


def secret_key(folder: Path) -> str:
    """The key kept in ``folder``/secret_key, made on the first run, readable by its owner only."""
    path = folder / "secret_key"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="ascii").strip()
    key = secrets.token_urlsafe(50)
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(key + "\n")
    return key


def prepare_environment(environ: MutableMapping[str, str], folder: Path) -> bool:
    """The settings' environment for the data folder; what the user set is kept. True when the database is
    the data folder's own (DATABASE_URL not set)."""
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if not environ.get("SECRET_KEY"):
        environ["SECRET_KEY"] = secret_key(folder)
    own = not environ.get("DATABASE_URL")
    if own:
        environ["DATABASE_URL"] = "sqlite:///" + (folder / "kalamazoo.sqlite3").as_posix()
    environ.setdefault("STATIC_ROOT", str(folder / "static"))
    for name, value in PLAIN_HTTP.items():
        environ.setdefault(name, value)
    return own


def port_number(text: str) -> int:
    """``--port``'s number, checked after parsing (its refusal said in the user's language, which argparse's
    own type check could not give it)."""
    where = "argument --port: "
    try:
        port = int(text)
    except ValueError:
        raise UsageError(
            gettext_noop("the port must be a number, got %(text)s"), where=where, text=repr(text)
        ) from None
    if not 1 <= port <= 65535:
        raise UsageError(
            gettext_noop("the port must be from 1 to 65535, got %(port)d"), where=where, port=port
        )
    return port


def lan_address(probe: Callable[[], str | None] | None = None) -> str | None:
    """This machine's address on its local network (IPv4), or None: the local end of the route to a private
    address, else what the host name resolves to; never a loopback address."""
    for found in ((probe or _route_address)(), *_hostname_addresses()):
        if found and _usable(found):
            return found
    return None


def _route_address() -> str | None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(PROBE_ADDRESS)
            return str(probe.getsockname()[0])
        except OSError:
            return None


def _hostname_addresses() -> list[str]:
    try:
        return [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        return []


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_multicast)


def port_free(host: str, port: int) -> bool:
    """Nothing listens on ``host``:``port`` (bound as the server will bind it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        if sys.platform != "win32":  # as gunicorn binds: a port in TIME_WAIT is free
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def parser(say: Callable[[str], str] = _) -> argparse.ArgumentParser:
    """The command line, its help texts through ``say`` (gettext: the user's language).  ``serve`` is parsed
    with them as they are (``str``): a translation would load Django's settings before the room's hosts are
    in the environment."""
    top = _OneLineParser(
        prog=APP, description=say(gettext_noop("Kalamazoo, the duplicate tournament manager."))
    )
    commands = top.add_subparsers(dest="command", metavar="COMMAND")
    serve = commands.add_parser(
        "serve", help=say(gettext_noop("serve with a production server (127.0.0.1, or --room)"))
    )
    serve.add_argument("--port", default=str(DEFAULT_PORT), help=say(gettext_noop("default %(default)s")))
    serve.add_argument(
        "--room",
        action="store_true",
        help=say(gettext_noop("listen on the room's network and print its address and QR code")),
    )
    serve.add_argument(
        "--address",
        help=say(gettext_noop("with --room: the laptop's address to print (found if not given)")),
    )
    return top


class _OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def room_settings(environ: MutableMapping[str, str], address: str, port: int) -> str:
    """The room's address allowed as a host and a trusted origin (added to what is set); its URL."""
    url = f"http://{address}:{port}/"
    hosts = [h for h in environ.get("ALLOWED_HOSTS", "").split(",") if h.strip()]
    environ["ALLOWED_HOSTS"] = ",".join(dict.fromkeys([*hosts, address, "localhost", "127.0.0.1"]))
    origins = [o for o in environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()]
    environ["CSRF_TRUSTED_ORIGINS"] = ",".join(dict.fromkeys([*origins, url.rstrip("/")]))
    return url


def qr_text(url: str) -> str:
    """The URL as a QR code drawn with text blocks, for a phone's camera."""
    import qrcode  # noqa: PLC0415 (only --room draws one)

    code = qrcode.QRCode(border=2)
    code.add_data(url)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def static_fingerprint(source: Path) -> str:
    """Changes when one of the app's static files does, or Django's version (the admin's files): then
    collectstatic is due."""
    import django  # noqa: PLC0415

    digest = hashlib.sha256(django.get_version().encode())
    for path in sorted(source.rglob("*")):
        if path.is_file():
            stat = path.stat()
            digest.update(f"{path.relative_to(source)}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    return digest.hexdigest()


def prepare_database(out: io.TextIOBase | None = None) -> None:
    """Migrate, make the cache table, collect the static files when due; say what is missing."""
    import django  # noqa: PLC0415
    from django.conf import settings  # noqa: PLC0415
    from django.core.management import call_command  # noqa: PLC0415

    django.setup()
    call_command("migrate", interactive=False, verbosity=0)
    call_command("createcachetable", verbosity=0)
    root = Path(settings.STATIC_ROOT)
    stamp = root / ".kalamazoo-collected"
    fingerprint = static_fingerprint(Path(settings.STATICFILES_DIRS[0]))
    if not stamp.exists() or stamp.read_text(encoding="ascii") != fingerprint:
        call_command("collectstatic", interactive=False, clear=True, verbosity=0)
        stamp.write_text(fingerprint, encoding="ascii")
    from duplicate.selectors.events import site_start  # noqa: PLC0415

    write = (out or sys.stdout).write
    start = site_start()
    if not start.has_event:
        write(_("No events yet: `%(app)s demo` loads a demo event.") % {"app": APP} + "\n")
    if not start.has_director:
        write(_("No director can sign in yet: `%(app)s createdirector` makes one.") % {"app": APP} + "\n")


def gunicorn_arguments(host: str, port: int) -> list[str]:
    """gunicorn's options: the app loaded once before the workers fork (this process has imported Django
    already, so a worker is ready at once), a thread pool each, the access log on standard output."""
    return [
        f"--bind={host}:{port}",
        f"--workers={WORKERS}",
        f"--threads={THREADS}",
        "--preload",
        "--access-logfile=-",
        "--no-control-socket",  # gunicorn 27 makes one in ~/.gunicorn: two servers would share it
        "config.wsgi",
    ]


def run_server(host: str, port: int, platform: str) -> None:
    """Serve until stopped: gunicorn in this process, or waitress on Windows, where gunicorn does not run."""
    from django.db import connections  # noqa: PLC0415

    connections.close_all()  # the workers fork from this process: none may inherit its connection
    if platform == "win32":
        from waitress import serve as waitress_serve  # noqa: PLC0415 (installed on Windows only)

        from config.wsgi import application  # noqa: PLC0415

        waitress_serve(application, host=host, port=port, threads=WORKERS * THREADS)
        return
    from gunicorn.app.wsgiapp import WSGIApplication  # noqa: PLC0415

    sys.argv = [f"{APP} serve", *gunicorn_arguments(host, port)]
    WSGIApplication("%(prog)s [OPTIONS] [APP_MODULE]", prog=f"{APP} serve").run()


def speaking(environ: Mapping[str, str]) -> AbstractContextManager[None]:
    """Django set up, and the language the user's environment asks for, for what is said inside."""
    import django  # noqa: PLC0415
    from django.apps import apps  # noqa: PLC0415
    from django.utils import translation  # noqa: PLC0415

    if not apps.ready:
        django.setup()
    from duplicate.management.commands._language import command_language  # noqa: PLC0415

    return translation.override(command_language(environ))


def serve(args: argparse.Namespace, environ: MutableMapping[str, str]) -> int:
    args.port = port_number(args.port)
    host, url = serve_address(args, environ)  # before Django's settings are loaded: they read these hosts
    with speaking(environ):  # the server itself runs in no language of its own: each request picks its own
        _serve_prepared(args, host, url, environ)
    run_server(host, args.port, sys.platform)
    return 0


def serve_address(args: argparse.Namespace, environ: MutableMapping[str, str]) -> tuple[str, str]:
    """The host to bind and the URL to print; the hosts and origins Django is to allow put in ``environ``
    (read when its settings load, so this comes first)."""
    if args.room:
        address = args.address or lan_address()
        if address is None:
            raise UsageError(
                gettext_noop(
                    "no address on a local network found: join the room's network (or give --address)"
                )
            )
        if not _usable(address):
            raise UsageError(
                gettext_noop("--address: %(address)s is not an address a phone can reach"),
                address=repr(address),
            )
        return "0.0.0.0", room_settings(environ, address, args.port)
    if args.address:
        raise UsageError(gettext_noop("--address goes with --room"))
    environ.setdefault("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
    return "127.0.0.1", f"http://127.0.0.1:{args.port}/"


def _serve_prepared(args: argparse.Namespace, host: str, url: str, environ: Mapping[str, str]) -> None:
    """Check the port, prepare the database, say where the server is."""
    if not port_free(host, args.port):
        raise UsageError(
            _("port %(port)d is taken (another server?): choose another with --port") % {"port": args.port}
        )
    prepare_database()
    folder = data_dir(environ, sys.platform, Path.home())
    print(
        _("Kalamazoo serves %(url)s  (data folder: %(folder)s; Ctrl+C stops it)")
        % {"url": url, "folder": folder},
        flush=True,
    )
    if args.room:
        print(_("Phones in the room: scan this, or type the address."), flush=True)
        try:
            print(qr_text(url), flush=True)
        except UnicodeEncodeError:
            print(_("(this terminal cannot draw the QR code)"), flush=True)
        print(
            _(
                "Open Kalamazoo on this laptop at %(url)s too: the Table links page's links are then this address."
            )
            % {"url": url},
            flush=True,
        )


HELP = ("help", "-h", "--help")
# Commands run on the data folder's database without migrating it first.
NO_MIGRATE = ("version", "--version", "migrate", "showmigrations", "sqlmigrate", "makemigrations", "check")


def _migrate() -> None:
    import django  # noqa: PLC0415
    from django.core.management import call_command  # noqa: PLC0415

    django.setup()
    call_command("migrate", interactive=False, verbosity=0)


def main(argv: Sequence[str] | None = None, environ: MutableMapping[str, str] | None = None) -> int:
    """The command line (sys.argv) in the process's environment; a test gives both."""
    argv = list(sys.argv[1:] if argv is None else argv)
    environ = os.environ if environ is None else environ
    try:
        own = prepare_environment(environ, data_dir(environ, sys.platform, Path.home()))
        if argv and argv[0] == "serve":
            if any(word in HELP for word in argv[1:]):
                with speaking(environ):  # the help, in the user's language (it exits)
                    parser().parse_args(argv)
            return serve(parser(str).parse_args(argv), environ)
        if not argv or argv[0] in HELP:
            with speaking(environ):
                parser().print_help()
                print()
                print(
                    _(
                        "and every management command: `%(app)s help` lists them, `%(app)s COMMAND --help` explains one"
                    )
                    % {"app": APP}
                )
            argv = argv or ["help"]
        elif own and argv[0] not in NO_MIGRATE:
            # The data folder's database is the command's own: `kalamazoo demo` on a new laptop just works.
            _migrate()
        from django.core.management import execute_from_command_line  # noqa: PLC0415

        execute_from_command_line([APP, *argv])
    except UsageError as exc:
        with speaking(environ):
            said = exc.said()
        print(f"{APP}: {said}", file=sys.stderr)
        return 2
    except OSError as exc:  # the data folder cannot be made or read
        print(f"{APP}: {exc.strerror or exc}: {exc.filename or ''}".rstrip(": "), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
