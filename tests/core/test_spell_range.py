"""A spell's range, once for every game: reading what is typed, the rings and who is within."""

from __future__ import annotations

import pytest

from m3desk.core.spell_range import (
    out_of_range,
    range_text,
    range_words,
    spell_label,
    spell_rings,
    spells_within,
)
from m3desk.core.system import Ring

READ_FEET, _ = range_words("ft", 2000)
READ_METRES, _ = range_words("m", 300)


@pytest.mark.parametrize(
    ("text", "feet"),
    [
        ("120", 120),
        ("120'", 120),
        ("240′", 240),
        ("60 ft", 60),
        (" 60 feet ", 60),
        ("30 yd", 90),
        ("10 yards", 30),
        ("touch", 0),
        ("Self", 0),
        ("the caster", 0),
        ("touch/self", 0),
        ("0", 0),
        ("", None),
        ("—", None),
    ],
)
def test_a_typed_range_reads_as_feet(text: str, feet: int | None) -> None:
    assert READ_FEET(text, None) == feet


@pytest.mark.parametrize("text", ["far", "120 m", "1d6 × 10", "-5", "120 ft and more"])
def test_words_that_are_no_range_say_how_to_type_one(text: str) -> None:
    with pytest.raises(ValueError, match="Type a spell's range in feet"):
        READ_FEET(text, None)


def test_a_range_past_the_sheets_limit_is_refused_and_metres_take_no_yards() -> None:
    with pytest.raises(ValueError, match="at most 2000 ft"):
        READ_FEET("700 yd", None)
    assert READ_METRES("20 m", None) == 20
    with pytest.raises(ValueError, match="in metres"):
        READ_METRES("20 yd", None)


def test_a_range_shows_as_typed_back() -> None:
    assert [range_text(v) for v in (None, 0, 240)] == ["", "touch/self", "240"]


def test_a_ring_names_two_spells_then_how_many_more() -> None:
    assert spell_label(["Sleep"]) == "Sleep"
    assert spell_label(["Sleep", "Light", "Sleep"]) == "Sleep, Light"
    assert spell_label(["Sleep", "Light", "Web", "Fly"]) == "Sleep, Light +2"


def test_one_ring_per_distinct_range_nearest_first_and_none_for_touch_or_unknown() -> None:
    spells = [
        ("Sleep", 240),
        ("Light", 120),
        ("Fireball", 240),
        ("Shield", 0),
        ("Mystery", None),
        ("Charm Person", 120),
        ("Web", 10),
    ]
    assert spell_rings(spells) == (
        Ring(10, "Web", "spell"),
        Ring(120, "Light, Charm Person", "spell"),
        Ring(240, "Sleep, Fireball", "spell"),
    )
    assert spell_rings([]) == ()


def test_who_a_spell_reaches() -> None:
    spells = [("Sleep", 240), ("Cure Light Wounds", 0), ("Mystery", None)]
    assert spells_within(spells, 5, touch=5) == ("Sleep", "Cure Light Wounds")
    assert spells_within(spells, 240, touch=5) == ("Sleep",)
    assert spells_within(spells, 245, touch=5) == ()
    assert out_of_range("Sleep", 240, 250, 5, "ft", "Orc") == (
        "Orc is 250 ft away: beyond Sleep's range of 240 ft."
    )
    assert out_of_range("Cure Light Wounds", 0, 10, 5, "ft", "Hal") == (
        "Cure Light Wounds is cast by touch: Hal is 10 ft away."
    )
    assert out_of_range("Sleep", 240, 240, 5, "ft", "Orc") == ""
    assert out_of_range("Mystery", None, 900, 5, "ft", "Orc") == ""
