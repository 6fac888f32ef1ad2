"""PostgreSQL and Redis on loopback: reachable, or skip (or fail under CI=true)."""

from __future__ import annotations

import os

import pytest

PG_ADMIN = os.environ.get("LUDOTECA_TEST_PG", "postgres://postgres@127.0.0.1:5432/test")
REDIS = os.environ.get("LUDOTECA_TEST_REDIS", "redis://127.0.0.1:6379/0")


def _pg_ok() -> str:
    try:
        import psycopg

        with psycopg.connect(
            PG_ADMIN.replace("postgres://", "postgresql://"), connect_timeout=2
        ):
            return ""
    except Exception as error:
        return f"PostgreSQL unreachable at {PG_ADMIN}: {error}"


def _redis_ok() -> str:
    try:
        import redis

        redis.Redis.from_url(REDIS, socket_connect_timeout=2).ping()
        return ""
    except Exception as error:
        return f"Redis unreachable at {REDIS}: {error}"


def require_pg_redis() -> None:
    """Skip with a clear message when the services are missing, except under CI."""
    problems = [p for p in (_pg_ok(), _redis_ok()) if p]
    if not problems:
        return
    message = "; ".join(problems)
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true needs PostgreSQL and Redis: {message}")
    pytest.skip(message)


def pg_url(database: str) -> str:
    return PG_ADMIN.rsplit("/", 1)[0] + "/" + database


def create_database(name: str) -> str:
    import psycopg

    with psycopg.connect(
        PG_ADMIN.replace("postgres://", "postgresql://"), autocommit=True
    ) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return pg_url(name)


def drop_database(name: str) -> None:
    import psycopg

    with psycopg.connect(
        PG_ADMIN.replace("postgres://", "postgresql://"), autocommit=True
    ) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
