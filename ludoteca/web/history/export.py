"""Match records as open data: the record plus what the site stored about it."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

from ludoteca.web.play.models import Table


def export_record(table: Table) -> dict[str, Any]:
    data = table.record().to_json()
    data["table"] = table.pk
    data["finished_at"] = table.finished_at.isoformat() if table.finished_at else None
    data["outcome"] = table.outcome
    data["seed_sha256"] = table.seed_hash
    return data


def finished_records(since: datetime) -> Iterator[dict[str, Any]]:
    tables = Table.objects.filter(
        status=Table.FINISHED, private=False, finished_at__gte=since
    ).order_by("finished_at", "pk")
    for table in tables.iterator():
        yield export_record(table)
