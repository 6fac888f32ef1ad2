"""Piles!: a real-time card game of swaps and memory, for 2 to 8 players.

Rules: /shared/rules/piles.md (from the publisher's rules, reviews and the
source help page). Each player has six face-down piles of four garment cards
and tries to make every pile four of one design; four cards lie face up in the
centre. Everybody plays at once (info.kind is "real-time": every seat is
active during play): pick up one of your piles, swap its cards one for one
with centre cards, put it down, pick up another. A pile of one design locks
face up at once; the first to lock six piles wins.

What is special:
- Real time. The server applies actions one at a time in arrival order. A swap
  names the centre card it expects; if another swap took that card first, it
  is refused as stale (`centre_card_taken`) and nothing changes.
- Memory. A face-down pile is hidden from its owner too: a view shows only the
  pile in hand, so `determinize` resamples the owner's closed piles as well.
  Also hidden: the piles other players hold and which designs are in play.
- Time. `phase_seconds` drives the 3-second countdown before play and the
  optional match timer; the platform then applies ``{"type": "timeout"}``.

Assumptions (the spec's, each named on the help page):
- the 6n+1 designs are drawn at random from the 50;
- opening a pile puts the one in hand back down;
- swaps are atomic and guarded by the expected centre card;
- a pile dealt complete locks before play, like one completed in play;
- the others are ranked by locked piles, ties sharing a place;
- option `match_minutes` (default 10, 0 = off): at time up the most locked
  piles wins, equal counts share the win;
- option `min_action_ms` (default 150, 0 = off): the rate limit needs a clock,
  so rules only carry the value (in every view) and the web layer enforces it
  with `ratelimit.check_rate` before calling `apply`; rules stay deterministic;
- option `action_limit` (default 0 = off, not in the spec): ends the match
  after that many play actions, scored like the timer, for clock-free
  simulations and tests.

For the web layer (rules never see a clock or a socket):
- call `ratelimit.check_rate` before `apply` for seat actions when
  `min_action_ms` > 0; refuse with its `too_fast` error, record nothing;
- a view's `timer_seconds` is the length of the current timed phase (the
  countdown, or the match timer); the platform knows when the phase began and
  shows the time left, and applies the timeout when it runs out;
- swaps carry their own staleness guard (`expected`), so they should opt out
  of the version check; `open` and `close` are safe to apply in any order;
- 2(e) says a reconnecting player sees no pile contents until opening one
  again: the view never shows a face-down pile, and `presence.on_disconnect`
  tells the platform to apply ``{"type": "close"}`` for a seat whose last
  socket closes while it holds a pile.
"""

from ludoteca.games.piles.game import Piles

GAME = Piles()

__all__ = ["GAME", "Piles"]
