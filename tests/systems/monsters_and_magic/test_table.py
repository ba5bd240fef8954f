"""What Monsters & Magic tells the tracker and the board through the seam."""

from __future__ import annotations

import pytest

from m3desk.core import registry
from m3desk.systems.monsters_and_magic.encounter import Encounter, add_combatant, set_range
from m3desk.systems.monsters_and_magic.ranges import RangeBand
from m3desk.systems.monsters_and_magic.table import cell, edit
from tests.systems.monsters_and_magic.samples import MUMMY, sample_sheet


def _fight() -> tuple[Encounter, str, str]:
    encounter = add_combatant(Encounter(), sample_sheet("gramfive"), "Party")
    encounter = add_combatant(encounter, sample_sheet(MUMMY), "Monsters")
    gramfive, mummy = (c.id for c in encounter.combatants)
    return encounter, gramfive, mummy


def test_the_tracker_cells_read_the_sheet() -> None:
    encounter, gramfive, _ = _fight()
    sheet = encounter.combatant(gramfive).sheet
    php = cell(encounter, encounter.combatant(gramfive), "php")
    assert php.pool == (sheet.php.current, sheet.php.maximum)
    assert php.text == f"{sheet.php.current}/{sheet.php.maximum}" and php.editable
    ac = cell(encounter, encounter.combatant(gramfive), "ac")
    assert ac.text.startswith("AC ") and "=" in ac.tip
    assert cell(encounter, encounter.combatant(gramfive), "casting").checked is False


def test_typing_hit_points_is_one_edit_with_its_name() -> None:
    encounter, gramfive, _ = _fight()
    after, text = edit(encounter, gramfive, "php", "7")
    assert after.combatant(gramfive).sheet.php.current == 7
    assert "PHP" in text
    with pytest.raises(ValueError, match="not a number of hit points"):
        edit(encounter, gramfive, "php", "lots")


def test_the_board_learns_bands_and_reach_from_the_system() -> None:
    encounter, gramfive, mummy = _fight()
    rules = registry.get("monsters_and_magic").encounter
    assert rules is not None
    assert [ring.label for ring in rules.rings(encounter, gramfive)][:3] == [
        "Hand",
        "Close",
        "Reach",
    ]
    far = rules.reach(encounter, gramfive, mummy)
    assert not far.in_reach
    near = rules.reach(set_range(encounter, gramfive, mummy, RangeBand.CLOSE), gramfive, mummy)
    assert near.in_reach and near.options


def test_the_encounter_knows_its_system() -> None:
    encounter, _, _ = _fight()
    assert registry.system_of(encounter).id == "monsters_and_magic"
    assert registry.system_of(sample_sheet(MUMMY)).id == "monsters_and_magic"
