"""Signals other apps listen to; sent inside the transaction that caused them."""

from django.dispatch import Signal

# Sent with `table` (finished, outcome stored) and `seats` (ordered by index).
match_finished = Signal()

# Relaxed tables only (a day per move): sent with `table` and `seats` (the
# seats whose person may act now and could not before the action or deal),
# so listeners can tell an absent player that their turn came. Real-time
# tables never send it: their players are at the table.
turn_came = Signal()
