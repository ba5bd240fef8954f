"""Every game's stat-block reader answers any text: never an exception, always a sheet.

Issue 20: the OSE reader raised on "Att 0 × claw (1d4)" and the window then dropped the
whole block. Hostile pastes (padding, a label repeated, unclosed brackets, variant lists,
absurd numbers, invisible characters) and hypothesis's stat-block-shaped noise, for both
readers and every variant they offer. Their speed is in tests/benchmarks.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from m3desk.systems.adnd2e import statblock as adnd2e
from m3desk.systems.ose import statblock as ose

READERS: dict[
    str, tuple[Callable[..., tuple[BaseModel, list[str]]], Callable[[str], tuple[str, ...]], str]
] = {
    "ose": (
        ose.parse_stat_block,
        ose.stat_block_variants,
        "ACHDtMVSLXPN0123456789 ×x()[]/+-*,;.:\n'’½hpd",
    ),
    "adnd2e": (
        adnd2e.parse_stat_block,
        adnd2e.stat_block_variants,
        "ACMVHDTSZLXPIhpdmg#/0123456789 ()+-*,;.:\n½",
    ),
}
HOSTILE = [
    "",
    " " * 100_000,
    "AC " * 50_000,
    "Att " + "1 × claw (1d4), " * 10_000,
    "Att 1 × " + "(" * 100_000,
    "Att 1 ×" + " " * 1990 + "x",
    "Att 0 × claw (1d4)",
    "HD " + "8 / " * 30_000,
    "HD 1 to 99999999999",
    "HIT DICE: " + "8, " * 30_000,
    "AC 99999999999999999999, HD 99999, Att 99 × x (99d999)",
    "\x00\u202e\ufeffAC 5",
    "Armour Class\n" * 10_000,
    "ARMOR CLASS:\n" * 10_000,
    "XP 1,2,3,4,5,6,7,8,9,0,1,2,3",
    "SV " + "D1 " * 10_000,
    "SV " + "1 " * 50_000,
    "Dmg " + "1d4/" * 30_000,
    "#AT 999999999999; Dmg 1d4",
    "HD 4+99999; hp 0; XP -5",
    "MORALE: " + "(" * 100_000,
]


@pytest.mark.parametrize("game", sorted(READERS))
@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_text_is_answered_never_raised(game: str, text: str) -> None:
    read, variants, _alphabet = READERS[game]
    monster, problems = read(text, "Hostile")
    assert monster.name == "Hostile" and isinstance(problems, list)
    assert len(problems) <= 13
    for variant in range(len(variants(text))):
        read(text, "Hostile", variant)


@pytest.mark.parametrize("game", sorted(READERS))
def test_stat_block_shaped_noise_never_raises(game: str) -> None:
    read, variants, alphabet = READERS[game]

    @settings(max_examples=300, deadline=None)
    @given(st.text(alphabet=st.sampled_from(list(alphabet)), max_size=400), st.integers(-2, 5))
    def check(text: str, variant: int) -> None:
        monster, problems = read(text, "Anything", variant)
        # The name given, or a name line above the stats (Read Stat Block takes it).
        assert monster.name == "Anything" or (
            monster.name.lower() in text.lower() and any(c.isalpha() for c in monster.name)
        )
        assert isinstance(problems, list)
        assert isinstance(variants(text), tuple)

    check()
