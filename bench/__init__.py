"""The benchmark harness: ``make bench`` / ``python manage.py bench`` / ``python -m bench.run``."""
