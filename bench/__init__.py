"""The benchmark harness (issue 8): ``make bench`` / ``python manage.py bench`` / ``python -m bench.run``."""
