"""The database entry built from DATABASE_URL."""

from __future__ import annotations

from pathlib import Path

from ludoteca.web.settings.base import database_from_url


def test_postgres_connections_never_wait_without_end():
    entry = database_from_url("postgres://u:p@db.example:5433/site", Path("x.sqlite3"))
    assert (entry["NAME"], entry["USER"], entry["HOST"], entry["PORT"]) == (
        "site",
        "u",
        "db.example",
        "5433",
    )
    options = entry["OPTIONS"]
    assert isinstance(options, dict)
    assert options["connect_timeout"] == 5
    assert "lock_timeout=10s" in options["options"]
    assert "idle_in_transaction_session_timeout=60s" in options["options"]


def test_sqlite_syncs_every_commit():
    entry = database_from_url(None, Path("/tmp/x.sqlite3"))
    assert entry["NAME"] == "/tmp/x.sqlite3"
    options = entry["OPTIONS"]
    assert isinstance(options, dict)
    assert "synchronous=FULL" in options["init_command"]
