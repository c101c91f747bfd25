"""The options a game starts from (runtime/core/options.py), checked on a made-up game's schema:
every refusal word for word (they reach people on the command line and in an edited save), the
limits of each range, and the options given back as they were."""

from __future__ import annotations

from typing import Any

import pytest

from paxc.runtime.core.options import OptionsError, OptionsSchema, shown

# A game for 2 to 4 players, with a solo variant against the game (which seats 1 or 2), a
# variant only for 3 or 4 players, and one that goes only with the solo variant.
SCHEMA = OptionsSchema(
    title="Tally",
    min_players=2,
    max_players=4,
    flags=("solo", "long", "hard"),
    solo_flag="solo",
    flag_players={"long": (3, 4)},
    flag_requires={"hard": "solo"},
)


def refused(options: object, schema: OptionsSchema = SCHEMA) -> str:
    with pytest.raises(OptionsError) as error:
        schema.check(options)
    return str(error.value)


def test_options_that_pass_are_given_back_as_they_were() -> None:
    for options in (
        {"players": 2},
        {"players": 4, "long": True},
        {"players": 3, "long": False, "hard": False},
        {"solo": True},
        {"solo": True, "players": 2, "hard": True},
        {"players": 2, "errata": "printed"},
    ):
        checked = SCHEMA.check(options)
        assert checked == options and checked is not options


def test_what_is_not_options_at_all_is_refused() -> None:
    assert refused([1, 2]) == "the options must be a mapping, not [1, 2]"
    assert refused(None) == "the options must be a mapping, not None"


def test_an_unknown_key_or_a_value_of_the_wrong_type_is_refused_by_name() -> None:
    assert refused({"players": 2, "speed": 1}) == (
        "Tally has no option 'speed' (its options: players, solo, long, hard, errata)"
    )
    assert refused({"players": 2, "long": 1}) == "the option 'long' is true or false, not 1"
    assert refused({"players": True}) == "the option 'players' is a whole number, not True"
    assert refused({"players": "3"}) == "the option 'players' is a whole number, not '3'"
    assert refused({"players": 2, "errata": 3}) == (
        "the option 'errata' is text such as 'printed' or 'latest', not 3"
    )


def test_the_players_range_holds_at_both_ends() -> None:
    assert refused({}) == "the options lack 'players' (2 to 4)"
    assert refused({"players": 1}) == "Tally is for 2 to 4 players, not 1"
    assert refused({"players": 5}) == "Tally is for 2 to 4 players, not 5"
    assert SCHEMA.check({"players": 2}) and SCHEMA.check({"players": 4})


def test_the_solo_variant_takes_only_the_seats_it_sets() -> None:
    assert SCHEMA.check({"solo": True, "players": 1})
    assert refused({"solo": True, "players": 3}) == "Tally's solo is for one player, not 3"
    assert refused({"solo": False}) == "the options lack 'players' (2 to 4)"
    # A schema without a solo variant: a flag of that name is only a flag.
    plain = OptionsSchema("Plain", 2, 3, flags=("solo",))
    assert refused({"solo": True}, plain) == "the options lack 'players' (2 to 3)"


def test_a_variant_that_needs_another_or_some_player_counts_is_refused_without_them() -> None:
    assert refused({"players": 2, "hard": True}) == "Tally's hard variant goes with the solo variant"
    assert refused({"players": 2, "long": True}) == "Tally's long variant is for 3 to 4 players, not 2"
    assert refused({"solo": True, "long": True}) == "Tally's long variant is for 3 to 4 players, not the solo"
    assert SCHEMA.check({"players": 3, "long": True}) and SCHEMA.check({"players": 4, "long": True})
    # Even where the solo variant's seats fall in the variant's range, the solo game has not it.
    overlapping = OptionsSchema(
        "Tally",
        2,
        4,
        flags=("solo", "long"),
        solo_flag="solo",
        solo_players=(1, 3),
        flag_players={"long": (3, 4)},
    )
    assert overlapping.check({"solo": True, "players": 3})
    assert refused({"solo": True, "players": 3, "long": True}, overlapping) == (
        "Tally's long variant is for 3 to 4 players, not the solo"
    )


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("x" * 38, repr("x" * 38)),  # 40 characters with its quotes: shown whole
        ("x" * 39, repr("x" * 39)[:37] + "..."),  # 41: cut to 37 and an ellipsis
        (list(range(3)), "[0, 1, 2]"),
    ],
)
def test_a_value_in_a_message_is_cut_short_past_forty_characters(value: Any, text: str) -> None:
    assert shown(value) == text


def test_a_value_too_deep_to_show_is_named_so() -> None:
    deep: list[Any] = []
    for _ in range(100_000):
        deep = [deep]
    assert shown(deep) == "a deeply nested value"
