"""Table tokens: the secret link a table's players enter their results with."""

from __future__ import annotations

import secrets

from django.db import transaction

from duplicate.models import (
    Section,
    TableToken,
)
from duplicate.services.errors import ServiceError


@transaction.atomic
def table_token_create(*, section: Section, table: int) -> TableToken:
    """A fresh secret for one table (the old one, if any, is revoked)."""

    if not 1 <= table <= section.tables:
        raise ServiceError(f"table: must be from 1 to {section.tables}, got {table}")
    TableToken.objects.filter(section=section, table=table, revoked=False).update(revoked=True)
    return TableToken.objects.create(section=section, table=table, secret=secrets.token_urlsafe(24))


@transaction.atomic
def table_token_revoke(*, token: TableToken) -> TableToken:
    token.revoked = True
    token.save(update_fields=["revoked"])
    return token
