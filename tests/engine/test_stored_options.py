"""Old records keep the rules they were played with (Option.legacy)."""

from ludoteca.engine.protocol import Option, resolve_options, stored_options

DECLARED = {
    "old": Option(False, choices=(False, True)),
    "new": Option("rulebook", choices=("rulebook", "source"), legacy="source"),
    "plain": Option(1, minimum=0, maximum=3),
}


def test_an_option_missing_from_a_stored_record_takes_its_legacy_value():
    stored = {"old": True, "plain": 2}  # resolved before "new" existed
    assert stored_options(DECLARED, stored) == {
        "old": True,
        "plain": 2,
        "new": "source",
    }


def test_a_stored_value_wins_over_the_legacy_value():
    stored = resolve_options(DECLARED, {})
    assert stored["new"] == "rulebook"
    assert stored_options(DECLARED, stored) == stored


def test_an_option_without_legacy_value_is_left_to_its_default():
    assert "plain" not in stored_options(DECLARED, {"old": False})
