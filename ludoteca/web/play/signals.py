"""Signals other apps listen to; sent inside the transaction that caused them."""

from django.dispatch import Signal

# Sent with `table` (finished, outcome stored) and `seats` (ordered by index).
match_finished = Signal()
