"""Page parts shared between the worker processes of one host (issue 8).

gunicorn runs several worker processes; each keeps the event's standings in memory and patches them after a
result is written (``duplicate.standings``). Without sharing, every worker would rank every pair again and
write the same new standings table after every write. Here the parts the standings page is made of (its
tables, its progress line) are kept in files, one per (event, results version, page): the first worker that needs
them works them out while holding the file's lock and writes the file; the others read it. One that asks
while the file is being written works the parts out itself (waiting would leave its core idle), or, for a
visitor's page (``previous_ok``), takes the parts of the version before: milliseconds old.

A traveller's table (``board_part``) is kept under the version of its board's last change instead, so that
results on other boards leave it; its key holds a digest of the pairs' labels it shows.

Keys hold the event (its primary key and creation time: a restored or recreated database never reads an old
file), the results version (bumped by every result, ruling, round agreed, name changed...) and whatever else
the page depends on (the event's own fields, the board). Only pages asked for without a query are shared (a
query's values are free text: visitors could otherwise fill the directory). A value is never wrong for its
key; the files of old versions are removed as new ones come.

``SHARED_PARTS_DIR`` (setting, from the environment variable of that name) names the directory; empty turns
sharing off (every process works its parts out itself, as in the tests and the development server). The
default is a directory of its own per database under /dev/shm (memory) or the system's temporary directory.
"""

from __future__ import annotations

import fcntl
import hashlib
import logging
import os
import pickle
import shutil
import tempfile
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar

from django.conf import settings

T = TypeVar("T")
logger = logging.getLogger(__name__)
_KEEP_VERSIONS = (
    4  # the versions kept per event besides the newest (readers a little behind still find theirs)
)
_LOCAL_SIZE = 64
_local: OrderedDict[tuple[Hashable, ...], Any] = OrderedDict()  # the last values read, in this process
_lock = threading.Lock()


def default_dir(database: dict[str, Any], secret: str) -> str:
    """A directory of its own for one deployment: per database (name, host, port) and secret key."""
    ident = "|".join(str(database.get(k) or "") for k in ("ENGINE", "NAME", "HOST", "PORT")) + "|" + secret
    digest = hashlib.sha256(ident.encode()).hexdigest()[:16]
    return os.path.join(memory_dir(), f"kalamazoo-parts-{digest}")


def memory_dir() -> str:
    """/dev/shm (files in memory) where it can be written, else the system's temporary directory."""
    return (
        "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else tempfile.gettempdir()
    )


_checked: dict[str, Path | None] = {}


def generation() -> str:
    """This server's own start: its parent process (gunicorn's master) with its start time, and the code's
    version (the newest modification time of the app's files, for a reload that keeps the master). Files of
    another start are never read: after a restart (a deploy, a database restored) every part is worked out
    afresh."""
    ppid = os.getppid()
    try:
        with open(f"/proc/{ppid}/stat") as stat:
            started = stat.read().rsplit(")", 1)[1].split()[19]  # field 22: the process's start time
    except (OSError, IndexError):
        started = "0"
    base = Path(__file__).resolve().parent.parent
    newest = 0.0
    for folder in (base / "duplicate", base / "scoring", base / "templates"):
        for dirpath, _dirs, files in os.walk(folder):
            for name in files:
                if name.endswith((".py", ".html")):
                    newest = max(newest, os.stat(os.path.join(dirpath, name)).st_mtime)
    return f"g{ppid}-{started}-{int(newest)}"


def _clean(root: Path, own: str) -> None:
    """Remove the files of other starts whose server is gone."""
    for entry in os.scandir(root):
        name = entry.name
        if name == own or not name.startswith("g") or not entry.is_dir():
            continue
        pid = name[1:].split("-", 1)[0]
        if pid.isdecimal() and not os.path.exists(f"/proc/{pid}"):
            shutil.rmtree(entry.path, ignore_errors=True)


def _root() -> Path | None:
    """This start's directory inside the shared one, both made private to this user (0700) on first use;
    ``None`` when sharing is off or the directory is not this user's own and private (its files are
    unpickled: nobody else may write them)."""
    value = getattr(settings, "SHARED_PARTS_DIR", "")
    if not value:
        return None
    if value in _checked:
        return _checked[value]
    root: Path | None = None
    try:
        os.makedirs(value, mode=0o700, exist_ok=True)
        info = os.stat(value)
        if info.st_uid == os.getuid() and not info.st_mode & 0o077:
            own = generation()
            root = Path(value) / own
            root.mkdir(mode=0o700, exist_ok=True)
            _clean(Path(value), own)
    except OSError:
        root = None
    if root is None:
        logger.warning("SHARED_PARTS_DIR %s is not a private directory of this user: parts not shared", value)
    _checked[value] = root
    return root


def enabled() -> bool:
    return _root() is not None


def _event_dir(root: Path, event: Any) -> Path:
    stamp = int(event.created_at.timestamp() * 1_000_000) if event.created_at else 0
    return root / f"{event.pk}-{stamp}"


def _prune(event_dir: Path, version: int) -> None:
    """Remove the directories of this event's versions older than the last few, and those of events left
    alone for a day (an event over: its files would otherwise stay, in memory under /dev/shm)."""
    now = time.time()
    for other in os.scandir(event_dir.parent):
        try:
            if other.is_dir() and other.path != str(event_dir) and now - other.stat().st_mtime > 86_400:
                shutil.rmtree(other.path, ignore_errors=True)
        except OSError:
            pass
    try:
        names = os.listdir(event_dir)
    except FileNotFoundError:
        return
    for name in names:
        if name.startswith("v") and name[1:].isdecimal() and int(name[1:]) < version - _KEEP_VERSIONS:
            shutil.rmtree(event_dir / name, ignore_errors=True)


def _read(path: Path) -> Any | None:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    try:
        return pickle.loads(data)  # noqa: S301 - our own files, written below, in a directory of our own
    except Exception:  # noqa: BLE001 - a torn or foreign file: as if missing (it is written again)
        return None


def _name(key: Hashable) -> str:
    return hashlib.sha256(repr(key).encode()).hexdigest()[:32]


def _latest_before(event_dir: Path, version: int, key: Hashable) -> Any | None:
    """The newest value of ``key`` at one of the few versions before ``version`` (this process's, or a file)."""
    name = _name(key)
    for older in range(version - 1, max(version - 1 - _KEEP_VERSIONS, -1), -1):
        with _lock:
            value = _local.get((str(event_dir), f"v{older}", key))
        if value is None:
            value = _read(event_dir / f"v{older}" / name)
        if value is not None:
            return value
    return None


def part(event: Any, version: int, key: Hashable, make: Callable[[], T], *, previous_ok: bool = False) -> T:
    """``make()``, shared between this host's processes under (event, ``version``, ``key``): the first
    process to ask works it out (holding a lock on the key) and writes it, the others read what it wrote.

    A process that finds it being written works it out too (waiting would leave its core idle), unless
    ``previous_ok``: then it takes the value of the version just before, when there is one (a public page
    asked for while another process writes the next version: it shows the results of a few milliseconds
    ago, and the next request the new ones)."""
    return _part(event, f"v{version}", version, key, make, previous_ok=previous_ok)


def board_part(event: Any, board: int, changed: int, key: Hashable, make: Callable[[], T]) -> T:
    """:func:`part` for what depends on one board's results only (a traveller): under ``changed``, the
    results version of the board's last change (or any later one at which the process read the board), so
    that it is shared across the versions that leave the board alone; the board's older ones are removed as
    new ones come."""
    return _part(event, f"b{board}-{changed}", None, key, make, previous_ok=False)


def _prune_board(event_dir: Path, name: str) -> None:
    """Remove this board's directories but the newest few (``name``: ``b<board>-<version>``)."""
    prefix, version = name.rsplit("-", 1)
    for other in os.listdir(event_dir):
        head, _sep, tail = other.rpartition("-")
        if head == prefix and tail.isdecimal() and int(tail) < int(version) - _KEEP_VERSIONS:
            shutil.rmtree(event_dir / other, ignore_errors=True)


def _part(
    event: Any, dirname: str, version: int | None, key: Hashable, make: Callable[[], T], *, previous_ok: bool
) -> T:
    root = _root()
    if root is None:
        return make()
    event_dir = _event_dir(root, event)
    local_key = (str(event_dir), dirname, key)
    with _lock:
        value = _local.get(local_key)
    if value is not None:
        return value  # type: ignore[no-any-return]
    version_dir = event_dir / dirname
    path = version_dir / _name(key)
    value = _read(path)
    if value is None:
        made: list[T] = []
        try:
            if not version_dir.is_dir():
                version_dir.mkdir(parents=True, exist_ok=True)
                if version is None:
                    _prune_board(event_dir, dirname)
                else:
                    _prune(event_dir, version)
            with open(path.with_suffix(".lock"), "a+b") as lock:
                try:
                    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # released when the file is closed
                except BlockingIOError:
                    if previous_ok and version is not None:
                        before = _latest_before(event_dir, version, key)
                        if before is not None:
                            return before  # type: ignore[no-any-return]  # not kept under this version
                    raise OSError("being written") from None
                value = _read(path)  # written by another process since the first look
                if value is None:
                    made.append(make())
                    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
                    tmp.write_bytes(pickle.dumps(made[0], protocol=pickle.HIGHEST_PROTOCOL))
                    os.replace(tmp, path)
                    value = made[0]
        except OSError:  # the directory pruned meanwhile (a reader far behind), a full disk: not shared
            value = made[0] if made else make()
    with _lock:
        _local[local_key] = value
        while len(_local) > _LOCAL_SIZE:
            _local.popitem(last=False)
    return value  # type: ignore[no-any-return]


def clear() -> None:
    """Forget what this process read (tests; the files stay, under their keys)."""
    with _lock:
        _local.clear()
