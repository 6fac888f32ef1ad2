"""Django's database sessions, each read with one plain SELECT.

The sessions are Django's own (`django.contrib.sessions.backends.db`): the
same table, the same signed data, the same expiry, the same writes. Only the
read differs. The ORM's `Session.objects.get(...)` builds and compiles its
query every time (some 0.25 ms, ten times the SELECT itself), and every page
and every table socket's handshake reads one session.
"""

from __future__ import annotations

import functools
from typing import Any

from django.contrib.sessions.backends import db
from django.db import connections, router
from django.utils import timezone


@functools.cache
def _select(alias: str) -> str:
    from django.contrib.sessions.models import Session

    quote = connections[alias].ops.quote_name
    return (
        f"SELECT {quote('session_data')} FROM {quote(Session._meta.db_table)}"
        f" WHERE {quote('session_key')} = %s AND {quote('expire_date')} > %s"
    )


class SessionStore(db.SessionStore):
    def _get_session_from_db(self) -> Any:
        """As Django's: the unexpired session with this key, else None (and
        the key forgotten, so that a new one is made if the session is saved)."""
        if not self.session_key:
            self._session_key = None
            return None
        alias = router.db_for_read(self.model)
        connection = connections[alias]
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        with connection.cursor() as cursor:
            cursor.execute(_select(alias), [self.session_key, now])
            row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return None
        return self.model(session_key=self.session_key, session_data=row[0])
