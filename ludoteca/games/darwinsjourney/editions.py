"""The two editions of the rules a match can be played by.

`RULEBOOK` (2026-12) follows the publisher's rulebook as the spec's
"Corrections (2026-12)" list writes it; every branch on it names its
correction, "(C5)" for correction 5. `FIRST_READING` is the rules as the spec
read them before the rulebook was found: matches recorded then name no
edition, so their records keep replaying by it (`game.resolve_options`).
"""

from __future__ import annotations

RULEBOOK = "2026-12"
FIRST_READING = "2026-11"
ALL = (RULEBOOK, FIRST_READING)

# An option only the first reading declared: a record that carries it was
# made before editions existed.
FIRST_READING_ONLY_OPTIONS = ("solo_rival",)
