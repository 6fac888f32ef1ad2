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


def test_connections_are_kept_sqlite_for_good(monkeypatch):
    """SQLite's connections are never reopened for their age (a file has no
    server to free; each reopening cost 0.7 ms); PostgreSQL's for a minute.
    CONN_MAX_AGE sets both, "none" meaning for good."""
    monkeypatch.delenv("CONN_MAX_AGE", raising=False)
    assert database_from_url(None, Path("x"))["CONN_MAX_AGE"] is None
    assert database_from_url("postgres://h/db", Path("x"))["CONN_MAX_AGE"] == 60
    monkeypatch.setenv("CONN_MAX_AGE", "30")
    assert database_from_url(None, Path("x"))["CONN_MAX_AGE"] == 30
    monkeypatch.setenv("CONN_MAX_AGE", "none")
    assert database_from_url("postgres://h/db", Path("x"))["CONN_MAX_AGE"] is None
