"""python manage.py createdirector (kalamazoo createdirector): a director's login, asked for on the terminal.

Django's createsuperuser under the club's word: a director is a staff user who may also use the admin (the
demo's login is the same kind). Without a terminal: --noinput --username NAME --email '' with the password in
DJANGO_SUPERUSER_PASSWORD.
"""

from __future__ import annotations

from django.contrib.auth.management.commands.createsuperuser import Command as CreateSuperuser
from django.utils.translation import gettext_noop

from duplicate.management.commands._language import EnvironmentLanguage


class Command(EnvironmentLanguage, CreateSuperuser):
    help = gettext_noop(
        "Make a director's login (a staff user who may also use the admin): asks for the name and password; "
        "--noinput with DJANGO_SUPERUSER_PASSWORD set makes it without a terminal."
    )
