"""Which of the centre's attacks reach a band: the sample sheets as the book describes them."""

from __future__ import annotations

import pytest

from m3desk.systems.monsters_and_magic.ranges import RangeBand
from m3desk.systems.monsters_and_magic.reach import attacks_reaching
from tests.systems.monsters_and_magic.samples import MUMMY, sample_sheet


@pytest.mark.parametrize(
    ("band", "expected"),
    [
        (RangeBand.HAND, ["Dagger"]),
        (RangeBand.CLOSE, ["Dagger"]),
        (RangeBand.REACH, []),
        (RangeBand.SHORT, []),
    ],
)
def test_felix_dagger_reaches_hand_and_close_only(band: RangeBand, expected: list[str]) -> None:
    assert attacks_reaching(sample_sheet("felix"), band) == expected


def test_xiola_magic_missile_reaches_short_but_not_hand() -> None:
    xiola = sample_sheet("xiola")
    assert attacks_reaching(xiola, RangeBand.SHORT) == ["Magic Missile"]
    assert attacks_reaching(xiola, RangeBand.MEDIUM) == ["Magic Missile"]
    assert attacks_reaching(xiola, RangeBand.HAND) == []


def test_spells_without_damage_are_not_attacks() -> None:
    """Xiola's Shield reaches Close on paper but attacks nobody."""
    assert "Shield" not in attacks_reaching(sample_sheet("xiola"), RangeBand.CLOSE)


def test_unequipped_weapons_are_listed_apart() -> None:
    """Gramfive carries a dagger but wields Cutter: at Hand he must draw it first."""
    gramfive = sample_sheet("gramfive")
    assert attacks_reaching(gramfive, RangeBand.HAND) == []
    assert attacks_reaching(gramfive, RangeBand.HAND, unequipped=True) == ["Dagger"]
    assert attacks_reaching(gramfive, RangeBand.CLOSE) == ["Cutter (signature longsword)"]


def test_social_weapons_count() -> None:
    assert attacks_reaching(sample_sheet("guido"), RangeBand.SHORT) == ["Fine clothes"]


def test_monster_actions_do_not_make_a_target_reachable() -> None:
    mummy = sample_sheet(MUMMY)
    assert attacks_reaching(mummy, RangeBand.CLOSE) == ["Bash"]
    assert attacks_reaching(mummy, RangeBand.CLOSE, unequipped=True) == []
    assert attacks_reaching(mummy, RangeBand.REACH) == []
