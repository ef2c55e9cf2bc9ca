"""WSGI entry point: `gunicorn duplicate.wsgi`."""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "duplicate.settings")


def gc_tune(value: str | None = None) -> tuple[int, int, int]:
    """Collect garbage less often in a server process (issue 8): after a result is written each worker
    builds a few thousand short-lived objects (rankings, rows), and at Python's default threshold (700
    allocations) the collector ran many times a request, walking the standings kept in the process: 12% of
    a worker's time under load. Cycles are still collected, in fewer, larger passes. PYTHON_GC_THRESHOLD
    ("gen0,gen1,gen2"; "700,10,10" is Python's default) sets it."""
    raw = value if value is not None else os.environ.get("PYTHON_GC_THRESHOLD", "50000,20,100")
    try:
        gen0, gen1, gen2 = (int(part) for part in raw.split(","))
    except ValueError:
        raise SystemExit(
            f"PYTHON_GC_THRESHOLD: expected three whole numbers like 50000,20,100, got {raw!r}"
        ) from None
    gc.set_threshold(gen0, gen1, gen2)
    return gen0, gen1, gen2


gc_tune()
application = get_wsgi_application()
