"""AD&D's encounter distance says "1 square", not "1 squares" (issue 28)."""

from __future__ import annotations

from m3desk.systems.adnd2e.encounter_setup import set_distance
from tests.systems.test_places_migration import old_fight


def test_one_square_is_singular() -> None:
    encounter = set_distance(old_fight("adnd2e"), "both", None, (1,))
    assert encounter.log[-1].text.startswith("Encounter distance: 1 square, 5 ft, both surprised")
    encounter = set_distance(old_fight("adnd2e"), "both", None, (3,))
    assert encounter.log[-1].text.startswith("Encounter distance: 3 squares, 15 ft")
