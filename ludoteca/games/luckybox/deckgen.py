"""The fallback generator of the 60 Lucky Box faces, and the deck's checks.

The retail faces are transcribed somewhere public, but we could not obtain
them (spec 3(f), assumption 8). Five faces are verified (spec 3(b)); they keep
their numbers (box-09, 37, 52, 54, 58) and the other 55 are generated here,
seeded and deterministic, so that every invariant known of the real deck
holds: every row is one band ({1,2,3}, {4,5,6}, {7,8,9}); a card uses two
bands, one on two rows in different orders; every number is printed 60 times;
every number bonus appears 17 times; 8 positions are blank; the 199 icons
split ? 40, ⚡ 40, ⚡⚡ 39, ★ 40, ☾ 40 (an assumption: the real split is
unknown). Placement rules: a row's number bonus is not in that row (and
preferably from the absent band), at most one blank and two of any icon per
card, at least one crossing bonus (a number or ?) per card, no repeated face.

The result is frozen in `deck.py`; ``python -m ludoteca.games.luckybox.deckgen``
prints it again, and a test checks that the two agree.
"""

from __future__ import annotations

from collections import Counter

from ludoteca.engine.rng import Rng, mix_seed

SEED = 20211
BANDS = ((1, 2, 3), (4, 5, 6), (7, 8, 9))
VERIFIED = {
    9: "456654789|321|M97",
    37: "123231456|?-?|LLS",
    52: "123231789|456|DMM",
    54: "456789897|123|MDM",
    58: "123789897|456|DMM",
}
ICON_SPLIT = {"?": 40, "L": 40, "D": 39, "S": 40, "M": 40}
NUMBER_BONUSES = 17
BLANKS = 8
DECK_SIZE = 60


def band_of(number: int) -> int:
    return (number - 1) // 3


def row_bands(grid: str) -> list[int]:
    return [band_of(int(grid[3 * r])) for r in range(3)]


def pair_of(grid: str) -> tuple[int, int, int]:
    """(doubled band, single band, row of the single band)."""
    bands = row_bands(grid)
    single = next(b for b in bands if bands.count(b) == 1)
    double = next(b for b in bands if bands.count(b) == 2)
    return double, single, bands.index(single)


def _orders(band: tuple[int, ...]) -> list[tuple[int, ...]]:
    a, b, c = band
    return [(a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)]


def _grids(rng: Rng) -> dict[int, str]:
    pairs = [(d, s) for d in range(3) for s in range(3) if d != s]
    verified = [pair_of(face.split("|")[0]) for face in VERIFIED.values()]
    pair_slots: list[tuple[int, int]] = []
    for pair in pairs:
        used = sum(1 for d, s, _ in verified if (d, s) == pair)
        pair_slots += [pair] * (DECK_SIZE // len(pairs) - used)
    row_slots: list[int] = []
    for row in range(3):
        used = sum(1 for *_, r in verified if r == row)
        row_slots += [row] * (DECK_SIZE // 3 - used)
    pair_slots = rng.shuffled(pair_slots)
    row_slots = rng.shuffled(row_slots)
    ids = [i for i in range(1, DECK_SIZE + 1) if i not in VERIFIED]
    grids = {}
    for card_id, (d, s), single_row in zip(ids, pair_slots, row_slots, strict=True):
        orders = _orders(BANDS[d])
        first = rng.below(6)
        second = (first + 1 + rng.below(5)) % 6
        doubles = [orders[first], orders[second]]
        rows = []
        for r in range(3):
            rows.append(
                rng.choice(_orders(BANDS[s])) if r == single_row else doubles.pop()
            )
        grids[card_id] = "".join(str(n) for row in rows for n in row)
    return grids


def _pool() -> list[str]:
    used = Counter(
        t for face in VERIFIED.values() for t in "".join(face.split("|")[1:])
    )
    pool: list[str] = []
    for n in "123456789":
        pool += [n] * (NUMBER_BONUSES - used[n])
    pool += ["-"] * (BLANKS - used["-"])
    for icon, count in ICON_SPLIT.items():
        pool += [icon] * (count - used[icon])
    return pool


def placement_faults(grid: str, bonuses: list[str]) -> int:
    """How many placement rules (i)–(iv) this card breaks."""
    faults = 0
    for row in range(3):
        token = bonuses[row]
        if token.isdigit() and token in grid[3 * row : 3 * row + 3]:
            faults += 1
    counts = Counter(bonuses)
    faults += max(0, counts["-"] - 1)
    faults += sum(max(0, counts[i] - 2) for i in ICON_SPLIT)
    if not any(t.isdigit() or t == "?" for t in bonuses):
        faults += 1
    return faults


def _absent_band_rows(grid: str, bonuses: list[str]) -> int:
    absent = ({0, 1, 2} - set(row_bands(grid))).pop()
    return sum(1 for t in bonuses[:3] if t.isdigit() and band_of(int(t)) == absent)


def _place(rng: Rng, grids: dict[int, str]) -> dict[int, list[str]] | None:
    ids = sorted(grids)
    pool = rng.shuffled(_pool())
    bonuses = {cid: pool[6 * k : 6 * k + 6] for k, cid in enumerate(ids)}
    slots = [(cid, p) for cid in ids for p in range(6)]

    def faults(cid: int) -> int:
        return placement_faults(grids[cid], bonuses[cid])

    def swap(a: tuple[int, int], b: tuple[int, int]) -> None:
        (ca, pa), (cb, pb) = a, b
        bonuses[ca][pa], bonuses[cb][pb] = bonuses[cb][pb], bonuses[ca][pa]

    for _ in range(20_000):
        broken = [cid for cid in ids if faults(cid)]
        if not broken:
            break
        cid = rng.choice(broken)
        a = (cid, rng.below(6))
        b = rng.choice(slots)
        before = faults(a[0]) + faults(b[0])
        swap(a, b)
        if faults(a[0]) + faults(b[0]) > before or b[0] == a[0]:
            swap(a, b)
    else:
        return None
    if any(faults(cid) for cid in ids):
        return None
    # Soft preference: row number bonuses from the band the card lacks.
    row_slots = [(cid, p) for cid in ids for p in range(3)]
    for _ in range(6_000):
        a, b = rng.choice(row_slots), rng.choice(row_slots)
        if a[0] == b[0]:
            continue
        score = _absent_band_rows(grids[a[0]], bonuses[a[0]])
        score += _absent_band_rows(grids[b[0]], bonuses[b[0]])
        swap(a, b)
        after = _absent_band_rows(grids[a[0]], bonuses[a[0]])
        after += _absent_band_rows(grids[b[0]], bonuses[b[0]])
        if after <= score or faults(a[0]) or faults(b[0]):
            swap(a, b)
    return bonuses


def generate(seed: int = SEED) -> tuple[str, ...]:
    for attempt in range(100):
        rng = Rng(mix_seed("luckybox-deck", seed, attempt))
        grids = _grids(rng)
        placed = _place(rng, grids)
        if placed is None:
            continue
        faces = dict(VERIFIED)
        for cid, grid in grids.items():
            b = placed[cid]
            faces[cid] = f"{grid}|{''.join(b[:3])}|{''.join(b[3:])}"
        deck = tuple(faces[i] for i in range(1, DECK_SIZE + 1))
        if not validate(deck):
            return deck
    raise RuntimeError("no deck satisfies the constraints")


def validate(faces: tuple[str, ...]) -> list[str]:
    """Every check of the deck that we know of; [] when it is sound."""
    issues = []
    if len(faces) != DECK_SIZE:
        issues.append("the deck must have 60 cards")
    printed: Counter[str] = Counter()
    tokens: Counter[str] = Counter()
    for index, face in enumerate(faces, start=1):
        grid, rows, cols = face.split("|")
        printed.update(grid)
        tokens.update(rows + cols)
        bands = row_bands(grid)
        for r in range(3):
            if sorted(grid[3 * r : 3 * r + 3]) != [str(n) for n in BANDS[bands[r]]]:
                issues.append(f"box-{index:02d}: row {r} is not one band")
        if sorted(Counter(bands).values()) != [1, 2]:
            issues.append(f"box-{index:02d}: must use two bands, one twice")
        elif len({grid[3 * r : 3 * r + 3] for r in range(3)}) != 3:
            issues.append(f"box-{index:02d}: the doubled band repeats its order")
        if placement_faults(grid, list(rows + cols)):
            issues.append(f"box-{index:02d}: breaks a placement rule")
    if any(printed[str(n)] != 60 for n in range(1, 10)):
        issues.append("each number must be printed 60 times")
    if any(tokens[str(n)] != NUMBER_BONUSES for n in range(1, 10)):
        issues.append("each number bonus must appear 17 times")
    if tokens["-"] != BLANKS:
        issues.append("there must be 8 blank positions")
    if any(tokens[i] != c for i, c in ICON_SPLIT.items()):
        issues.append("the icons must split ? 40, L 40, D 39, S 40, M 40")
    if len(set(faces)) != len(faces):
        issues.append("two cards have the same face")
    for cid, face in VERIFIED.items():
        if len(faces) >= cid and faces[cid - 1] != face:
            issues.append(f"box-{cid:02d} differs from the verified face")
    return issues


def render(faces: tuple[str, ...]) -> str:
    lines = [
        '"""The 60 Lucky Box faces (written by deckgen.py; do not edit by hand).',
        "",
        "Format in cards.py. Verified faces: box-09, 37, 52, 54, 58; the others",
        "come from the seeded fallback generator in deckgen.py.",
        '"""',
        "",
        "FACES: tuple[str, ...] = (",
    ]
    lines += [f'    "{face}",  # box-{i:02d}' for i, face in enumerate(faces, 1)]
    lines.append(")")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(render(generate()), end="")
