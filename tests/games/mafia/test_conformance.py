"""The engine's testkit on Mafia: 7, 10, 15 and 20 players (spec §5.1)."""

from ludoteca.engine import testkit
from ludoteca.games.mafia import GAME

# One match per count keeps `make test` fast; LUDOTECA_DEEP=1 plays many more.
MATCHES = 25 if testkit.deep() else 1


def test_conformance_seven_players_with_fuzzing():
    report = testkit.check_game(
        GAME, player_counts=[7], matches=MATCHES, fuzz_examples=30
    )
    assert report.matches == MATCHES


def test_conformance_larger_tables():
    report = testkit.check_game(
        GAME, player_counts=[10, 15, 20], matches=MATCHES, fuzz_examples=0
    )
    assert report.matches == 3 * MATCHES


def test_conformance_with_variant_options():
    variant = {
        "day_zero": False,
        "detective_mode": "faction",
        "frame_duration": "until_investigated",
        "werewolf_every_night": True,
        "jester_haunt": True,
        "cult_leader_death": "all_cultists_die",
        "promotion_pick": "seeded_random",
        "tiebreak_first": False,
        "mafia_parity_neutral_scope": "killing",
        "stalemate_tie": "draw",
        "night_ends_early": False,
    }
    report = testkit.check_game(
        GAME, player_counts=[16], matches=MATCHES, fuzz_examples=0, options=[variant]
    )
    assert report.matches == MATCHES


def test_random_matches_always_end():
    """With random actions and timeouts every match reaches an outcome (§7.5)."""
    for players in (7, 12, 20):
        for seed in range(3):
            playout = testkit.play_random(GAME, players, seed, max_moves=5000)
            assert playout.finished


def test_conformance_with_a_custom_rolelist():
    """A host's list with named roles, Masons, an Infiltrator and random slots:
    the no-leak and determinize checks hold for it too."""
    custom = [
        "GODFATHER",
        "INFILTRATOR",
        "RM",
        "MASON",
        "MASON",
        "VETERAN",
        "TK",
        "RT",
        "RT",
        "EXECUTIONER",
        "NK",
        "WITCH",
    ]
    report = testkit.check_game(
        GAME,
        player_counts=[12],
        matches=MATCHES,
        fuzz_examples=0,
        options=[{"rolelist": custom, "voting_after_acquittal": "restart"}],
    )
    assert report.matches == MATCHES
