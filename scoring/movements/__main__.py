"""``python -m scoring.movements``: print a generated movement."""

from scoring.movements.cli import main

raise SystemExit(main())
