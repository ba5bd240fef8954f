"""What the GM's encounter sheet says, checked without Qt: order, numbers, ranges."""

from __future__ import annotations

import pytest

from m3desk.systems.monsters_and_magic.encounter import Encounter, add_combatant, start
from m3desk.systems.monsters_and_magic.sheet import MonsterAttack, MonsterSheet
from m3desk.ui.games.monsters_and_magic.printing.encounter_content import (
    EncounterContent,
    encounter_content,
)
from tests.ui.printing.encounters import crowded_encounter, fane_encounter


@pytest.fixture(scope="module")
def fane() -> EncounterContent:
    return encounter_content(fane_encounter())


@pytest.fixture(scope="module")
def crowded() -> EncounterContent:
    return encounter_content(crowded_encounter())


def _row(content: EncounterContent, prefix: str):
    return next(r for r in content.combatants if r.name.startswith(prefix))


def test_header_says_where_when_and_who_has_surprise(fane: EncounterContent) -> None:
    fields = {f.label: f.value for f in fane.header_fields}
    assert fane.name == "Fane of the First Ones"
    assert fields["Conditions (Table 13)"] == "Indoors, chamber, tunnel or corridor"
    assert fields["Maximum range"] == "Short"
    assert fields["Round"] == "Round 1"
    assert fields["Surprise"] == "Party (round over)"
    assert fields["Turn now"] == "Gramfive the Grim (count 13)"


def test_initiative_counts_high_to_low_with_simultaneous_groups(fane: EncounterContent) -> None:
    order = [(g.count, [m.name for m in g.members], g.note) for g in fane.initiative]
    assert order == [
        ("21", ["Felix Pook"], ""),
        ("20", ["Xiola Zenwaith", "First One Mummy"], "simultaneous"),
        ("13", ["Gramfive the Grim", "Shamira Sunfire"], "simultaneous"),
        ("10", ["Guido of Gramarye"], ""),
    ]
    current = [m.name for g in fane.initiative for m in g.members if m.current]
    assert current == ["Gramfive the Grim"]


def test_delayed_then_unrolled_come_last_with_a_box_to_pencil(crowded: EncounterContent) -> None:
    kinds = [g.kind for g in crowded.initiative]
    assert kinds == ["count"] * 6 + ["delayed"] + ["unrolled"] * 3
    delayed = crowded.initiative[6]
    assert delayed.members[0].name == "Shamira Sunfire" and delayed.count == "(9)"
    assert "delayed" in delayed.note
    unrolled = crowded.initiative[7:]
    assert [g.members[0].name for g in unrolled] == ["Goblin 2", "Goblin 3", "Goblin 4"]
    assert all(g.count == "" and g.note == "roll +1" for g in unrolled)


def test_in_the_surprise_round_the_surprised_wait() -> None:
    encounter = fane_encounter().model_copy(update={"phase": "setup", "round": 0, "turn": None})
    encounter = start(
        encounter.model_copy(
            update={
                "combatants": tuple(
                    c.model_copy(update={"initiative": None}) if c.name.startswith("First") else c
                    for c in encounter.combatants
                )
            }
        )
    )
    assert encounter.phase == "surprise"
    content = encounter_content(encounter)
    last = content.initiative[-1]
    assert last.kind == "unrolled" and last.members[0].name == "First One Mummy"
    assert last.note == "surprised, no action; roll +6"
    assert {f.label: f.value for f in content.header_fields}["Round"] == "Surprise round"


def test_key_numbers_come_from_derive(fane: EncounterContent) -> None:
    mummy = _row(fane, "First One Mummy")
    assert (mummy.level, mummy.size, mummy.side) == ("6", "L", "Monsters")
    assert mummy.ac.text == "17 (+7)" and mummy.ac_now.text == "11 (+1)" and mummy.ac_changed
    assert (mummy.php.current, mummy.php.maximum) == (31, 49)
    assert mummy.initiative.text == "+6" and mummy.casting is None
    bash = mummy.attacks[0]
    assert (bash.name, bash.bonus, bash.damage, bash.maximum.text) == ("Bash", "+20", "1d12", "18")
    assert mummy.attacks[1].name == "Infect with Regressing Disease (action)"
    assert mummy.in_force == ("backstabbed! \u22124, 2 rounds", "catching fire \u22122, 3 rounds")
    felix = _row(fane, "Felix")
    assert felix.ac.text == felix.ac_now.text == "19 (+5)" and not felix.ac_changed
    assert felix.hero_points == "1" and felix.initiative.text == "+7"
    assert felix.casting is not None and felix.casting.text == "+2"
    gramfive = _row(fane, "Gramfive")
    cutter = gramfive.attacks[0]
    assert (cutter.bonus, cutter.damage, cutter.maximum.text) == ("+1", "1d8+1", "10")
    xiola = _row(fane, "Xiola")
    assert xiola.ac_now.text == "17 (+5)"
    assert xiola.in_force == ("magical shield +2 on defence, 5 rounds",)
    assert xiola.attacks[0].name == "Magic Missile (spell)"


def test_the_encounters_own_table_rules_are_printed() -> None:
    """The GM sheet says what the screen says: derive() with the encounter's table rules."""
    from m3desk.systems.monsters_and_magic.table_rules import TableRules

    house = fane_encounter().model_copy(update={"options": TableRules(damage_cap_adds_level=False)})
    cutter = _row(encounter_content(house), "Gramfive").attacks[0]
    assert cutter.maximum.text == "9"  # 10 under the strict rules (level 1 added)


def test_numbers_are_shared_by_the_tables(fane: EncounterContent) -> None:
    names = [r.name for r in fane.combatants]
    assert [r.number for r in fane.combatants] == list(range(1, 7))
    assert list(fane.ranges.names) == names
    assert names[-1] == "First One Mummy"  # sides in the encounter's order: party first
    for group in fane.initiative:
        for member in group.members:
            assert names[member.number - 1] == member.name


def test_range_table_is_symmetric_with_a_blank_diagonal(
    fane: EncounterContent, crowded: EncounterContent
) -> None:
    ranges = fane.ranges
    felix, mummy = ranges.names.index("Felix Pook"), ranges.names.index("First One Mummy")
    assert ranges.cells[felix][mummy] == ranges.cells[mummy][felix] == "Hand"
    shamira = ranges.names.index("Shamira Sunfire")
    assert ranges.cells[shamira][mummy] == "Reach"
    for index, row in enumerate(ranges.cells):
        assert row[index] == ""
        for other, cell in enumerate(row):
            assert cell == ranges.cells[other][index]
    used = {cell for row in crowded.ranges.cells for cell in row}
    assert {"Med", "OoR"} <= used and "Medium" not in used
    assert "Med = Medium" in crowded.ranges.legend and "OoR = Out of Range" in ranges.legend


def test_overrides_and_long_attack_lists() -> None:
    beast = MonsterSheet(
        name="Hydra",
        level=5,
        overrides={"ac": 21},
        attacks=tuple(MonsterAttack(name=f"Head {i}", damage="1d8") for i in range(6)),
    )
    encounter = add_combatant(Encounter(), beast, "Monsters")
    content = encounter_content(encounter)
    hydra = content.combatants[0]
    assert content.has_overrides and hydra.ac.gm and hydra.ac.text.startswith("21 ")
    assert len(hydra.attacks) == 4 and hydra.more_attacks == 2
    assert content.initiative[0].kind == "unrolled"
