"""The Lucky Box deck (spec 3(b) and assumption 8)."""

from collections import Counter

from ludoteca.games.luckybox import deckgen
from ludoteca.games.luckybox.cards import CARDS, LINES, card, completed_lines
from ludoteca.games.luckybox.deck import FACES


def test_the_frozen_deck_is_what_the_generator_makes():
    """deck.py is the generator's output, so it can be rebuilt and checked."""
    assert deckgen.generate() == FACES


def test_the_deck_keeps_every_known_invariant():
    """60 cards; each number printed 60 times; each number bonus 17 times;
    8 blanks; icons ? 40, ⚡ 40, ⚡⚡ 39, ★ 40, ☾ 40; rows are bands; placement
    rules (i)–(iv); no repeated face."""
    assert deckgen.validate(FACES) == []
    assert len(CARDS) == 60
    printed = Counter(n for c in CARDS for n in c.grid)
    assert set(printed.values()) == {60}
    tokens = Counter(t for c in CARDS for t in c.bonuses)
    assert [tokens[str(n)] for n in range(1, 10)] == [17] * 9
    assert tokens["-"] == 8
    assert sum(tokens[i] for i in "?LDSM") == 199


def test_the_validator_catches_a_broken_deck():
    broken = ("123123456|???|???", *FACES[1:])
    issues = deckgen.validate(broken)
    assert any("box-01" in issue for issue in issues)
    assert "each number must be printed 60 times" in issues


def test_the_five_verified_faces_are_in_the_deck():
    """box-09, 37, 52, 54 and 58 as read from the L4 fixtures (spec 3(b))."""
    assert card(9).face == "456654789|321|M97"
    assert card(37).face == "123231456|?-?|LLS"
    assert card(52).face == "123231789|456|DMM"
    assert card(54).face == "456789897|123|MDM"
    assert card(58).face == "123789897|456|DMM"
    assert card(9).name == "box-09"


def test_a_card_uses_two_bands_one_of_them_twice():
    for c in CARDS:
        bands = [deckgen.band_of(c.grid[3 * r]) for r in range(3)]
        assert sorted(Counter(bands).values()) == [1, 2], c.name


def test_row_number_bonuses_are_not_in_their_row():
    for c in CARDS:
        for row in range(3):
            token = c.bonuses[row]
            if token.isdigit():
                assert int(token) not in c.grid[3 * row : 3 * row + 3], c.name


def test_lines_are_three_rows_then_three_columns():
    assert LINES[0] == (0, 1, 2) and LINES[3] == (0, 3, 6)
    # Crossing the last cell of a corner completes its row and its column.
    assert completed_lines(0b111111110, 0b111111111) == (0, 3)
