"""OSE's encounter opening: surprise, the encounter distance and the reaction roll."""

from __future__ import annotations

import pytest

from m3desk.core import encounter as core
from m3desk.systems.ose.encounter import OseEncounter
from m3desk.systems.ose.encounter_setup import (
    distance_dice,
    reaction_of,
    roll_surprise,
    set_distance,
    set_reaction,
)
from m3desk.systems.ose.sheet import Abilities, CharacterSheet, MonsterSheet
from m3desk.systems.ose.table import ENCOUNTER_RULES


def _fight(cha: int = 10) -> OseEncounter:
    encounter = OseEncounter(name="Lair")
    for sheet, side in (
        (CharacterSheet(name="Aldo", abilities=Abilities(CHA=cha)), "Party"),
        (CharacterSheet(name="Bree"), "Party"),
        (MonsterSheet(name="Hobgoblin 1"), "Monsters"),
        (MonsterSheet(name="Hobgoblin 2"), "Monsters"),
    ):
        encounter = core.join(encounter, ENCOUNTER_RULES.make_combatant(sheet, side))
    return encounter


def test_distance_dice_follow_the_place_and_surprise() -> None:
    fight = _fight()
    assert str(distance_dice(fight, "dungeon")) == "2d6"
    assert str(distance_dice(fight, "wilderness")) == "4d6"
    surprised = roll_surprise(fight, "", None, (1, 5))
    assert str(distance_dice(surprised, "wilderness")) == "1d4"
    assert str(distance_dice(surprised, "dungeon")) == "2d6"


def test_the_distance_sets_the_sides_that_far_apart_and_is_logged() -> None:
    before = _fight()
    ids = {c.name: c.id for c in before.combatants}
    before = core.set_position(before, ids["Aldo"], ids["Hobgoblin 1"], 5)  # wandered off
    fight = set_distance(before, "dungeon", None, (3, 4))
    between = {
        (a, b): core.position_between(fight, ids[a], ids[b]) for a in ids for b in ids if a < b
    }
    # Each side a loose group, the two groups 70 ft apart: straight across 70 ft, the
    # neighbour's foe a little more; everyone's nearest foe 70 ft away.
    assert between[("Aldo", "Hobgoblin 1")] == 70
    assert between[("Bree", "Hobgoblin 2")] == 70
    assert between[("Aldo", "Hobgoblin 2")] == between[("Bree", "Hobgoblin 1")] == 71
    assert between[("Aldo", "Bree")] == between[("Hobgoblin 1", "Hobgoblin 2")] == 10
    assert fight.setup_results["distance"] == "70 ft, dungeon"
    assert fight.log[-1].text == "Encounter distance: 70 ft, dungeon (2d6 × 10 ft: 3 + 4)"


def test_a_wilderness_distance_is_in_yards_and_the_board_keeps_its_farthest() -> None:
    fight = set_distance(_fight(), "wilderness", None, (6, 6, 5, 5))
    ids = [c.id for c in fight.combatants]
    assert core.position_between(fight, ids[0], ids[2]) == 480
    assert fight.setup_results["distance"] == "220 yd (660 ft), wilderness"
    assert "the board shows its farthest, 480 ft" in fight.log[-1].text


def test_wrong_faces_are_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match="2d6"):
        set_distance(_fight(), "dungeon", None, (3,))
    with pytest.raises(ValueError, match="one d6 per side"):
        roll_surprise(_fight(), "", None, (3,))


@pytest.mark.parametrize(
    ("total", "outcome"),
    [
        (2, "attacks"),
        (3, "hostile, may attack"),
        (5, "hostile, may attack"),
        (8, "uncertain, confused"),
        (9, "indifferent, may negotiate"),
        (12, "eager, friendly"),
        (14, "eager, friendly"),
    ],
)
def test_the_reaction_table(total: int, outcome: str) -> None:
    assert reaction_of(total) == outcome


def test_the_speakers_charisma_adjusts_the_reaction() -> None:
    fight = _fight(cha=17)
    aldo = fight.combatants[0].id
    after = set_reaction(fight, "", aldo, (4, 4))
    assert after.setup_results["reaction"] == "9: indifferent, may negotiate"
    assert after.log[-1].text == (
        "Reaction: 2d6 4 + 4, Aldo's CHA 17 +1 = 9: indifferent, may negotiate"
    )


def test_surprise_for_every_side_in_one_roll() -> None:
    fight = roll_surprise(_fight(), "", None, (2, 6))
    assert fight.surprise_rolls == {"Party": 2, "Monsters": 6}
    assert fight.surprise_side == "Monsters"
    step = ENCOUNTER_RULES.setup_steps[0]
    assert step.shown(fight) == "Party 2, Monsters 6 — Party surprised: a free round for Monsters"
