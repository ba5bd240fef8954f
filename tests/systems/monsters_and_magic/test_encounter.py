"""The encounter core: roster, ranges, Scouting and surprise, initiative, rounds, durations."""

from __future__ import annotations

import pytest

from m3desk.assets import sample_files
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.monsters_and_magic import (
    CharacterSheet,
    Condition,
    ConditionKind,
    Failure,
    MonsterSheet,
    RangeBand,
    TableRules,
    Tier,
)
from m3desk.systems.monsters_and_magic.conditions import Duration, DurationKind
from m3desk.systems.monsters_and_magic.encounter import (
    Encounter,
    act_now,
    add_combatant,
    conditions_in_force,
    delay,
    mark_applied,
    next_turn,
    previous_turn,
    range_between,
    replace_sheet,
    resolve_scouting,
    set_range,
    start,
    turn_order,
    update_combatant,
)
from m3desk.systems.monsters_and_magic.ranges import EncounterConditions


def example_encounter(**kw) -> Encounter:
    encounter = Encounter(name="Fane of the First Ones", **kw)
    for path in sample_files("monsters_and_magic"):
        sheet = load_sheet(path).model
        side = "Monsters" if isinstance(sheet, MonsterSheet) else "Party"
        encounter = add_combatant(encounter, sheet, side, source_path=str(path))
    return encounter


def by_name(encounter: Encounter, name: str):
    return next(c for c in encounter.combatants if c.name.startswith(name))


def with_initiative(encounter: Encounter, values: dict[str, int], ties=()) -> Encounter:
    for name, value in values.items():
        encounter = update_combatant(encounter, by_name(encounter, name).id, initiative=value)
    for order, name in enumerate(ties):
        encounter = update_combatant(encounter, by_name(encounter, name).id, tie_order=order)
    return encounter


def test_copies_of_a_monster_are_numbered() -> None:
    goblin = MonsterSheet(name="Goblin")
    e = Encounter()
    for _ in range(3):
        e = add_combatant(e, goblin, "Monsters")
    assert [c.name for c in e.combatants] == ["Goblin 1", "Goblin 2", "Goblin 3"]


def test_scouting_sets_starting_range_and_surprise() -> None:
    e = example_encounter(conditions=EncounterConditions.INDOORS_CHAMBER)
    e = resolve_scouting(e, {"Party": None, "Monsters": Failure.SIMPLE})
    felix, mummy, gram = by_name(e, "Felix"), by_name(e, "First"), by_name(e, "Gramfive")
    assert range_between(e, felix.id, mummy.id) is RangeBand.SHORT
    assert e.surprise_side == "Party"
    # Allies have no range set between them by Scouting; they default to the maximum.
    assert range_between(e, felix.id, gram.id) is RangeBand.SHORT


def test_both_sides_fail_scouting_the_range_shrinks_and_nobody_is_surprised() -> None:
    e = example_encounter(conditions=EncounterConditions.OUTDOORS_POOR)  # Medium
    e = resolve_scouting(e, {"Party": Failure.MINOR, "Monsters": Failure.SIMPLE})
    felix, mummy = by_name(e, "Felix"), by_name(e, "First")
    assert range_between(e, felix.id, mummy.id) is RangeBand.SHORT
    assert e.surprise_side is None


def test_surprise_round_then_round_one_in_initiative_order() -> None:
    e = example_encounter()
    e = resolve_scouting(e, {"Party": None, "Monsters": Failure.SIMPLE})
    e = with_initiative(
        e,
        {"Xiola": 20, "Felix": 21, "Guido": 10, "Shamira": 13, "Gramfive": 13},
        ties=("Gramfive", "Shamira"),
    )
    e = start(e)
    assert e.phase == "surprise" and e.round == 0
    order = [[c.name.split()[0] for c in count] for count in turn_order(e)]
    assert order == [["Felix"], ["Xiola"], ["Gramfive", "Shamira"], ["Guido"]]
    seen = []
    while e.phase == "surprise":
        seen.append(e.combatant(e.turn).name.split()[0])
        e = next_turn(e)
    assert seen == ["Felix", "Xiola", "Gramfive", "Shamira", "Guido"]
    assert e.round == 1 and e.phase == "rounds"
    # The mummy rolls for round one and acts at 20, simultaneous with Xiola.
    e = with_initiative(e, {"First": 20}, ties=("Gramfive", "Shamira"))
    e = update_combatant(e, by_name(e, "Xiola").id, tie_order=-1)
    order = [[c.name.split()[0] for c in count] for count in turn_order(e)]
    assert order == [["Felix"], ["Xiola", "First"], ["Gramfive", "Shamira"], ["Guido"]]
    assert previous_turn(next_turn(e)).turn == e.turn


def test_simultaneous_consequences_do_not_apply_to_each_other() -> None:
    e = example_encounter()
    e = with_initiative(
        e, {"Felix": 21, "Xiola": 20, "First": 20, "Gramfive": 13, "Shamira": 13, "Guido": 10}
    )
    e = update_combatant(e, by_name(e, "Xiola").id, tie_order=-1)
    e = start(e)  # no surprise: round one
    mummy = by_name(e, "First")
    # Felix (count 21) places backstabbed!; Xiola (count 20) places catching fire.
    backstab = Condition.make("backstabbed!", ConditionKind.CONSEQUENCE, Tier.MAJOR)
    e = replace_sheet(e, mummy.id, mummy.sheet.model_copy(update={"conditions": (backstab,)}))
    e = mark_applied(e, [backstab.id])
    e = next_turn(e)
    assert e.combatant(e.turn).name.startswith("Xiola")
    fire = Condition.make("catching fire", ConditionKind.CONSEQUENCE, Tier.MINOR)
    m = e.combatant(mummy.id)
    e = replace_sheet(e, mummy.id, m.sheet.model_copy(update={"conditions": (backstab, fire)}))
    e = mark_applied(e, [fire.id])
    e = next_turn(e)
    assert e.turn == mummy.id
    assert [c.name for c in conditions_in_force(e, mummy.id, mummy.id)] == ["backstabbed!"]
    e = next_turn(e)  # Gramfive, count 13: both apply
    gram = by_name(e, "Gramfive")
    assert len(conditions_in_force(e, mummy.id, gram.id)) == 2


@pytest.mark.parametrize(("counts_first", "last_round"), [(True, 4), (False, 5)])
def test_a_five_round_shield_expires_at_the_right_moment(
    counts_first: bool, last_round: int
) -> None:
    e = example_encounter(options=TableRules(duration_counts_first_round=counts_first))
    e = resolve_scouting(e, {"Party": None, "Monsters": Failure.SIMPLE})
    e = with_initiative(
        e, {"Xiola": 20, "Felix": 21, "Guido": 10, "Shamira": 13, "Gramfive": 13, "First": 20}
    )
    e = start(e)
    xiola = by_name(e, "Xiola")
    shield = Condition.make(
        "magical shield",
        ConditionKind.EFFECT,
        Tier.MINOR,
        duration=Duration(kind=DurationKind.ROUNDS, rounds=5),
    )
    e = replace_sheet(e, xiola.id, xiola.sheet.model_copy(update={"conditions": (shield,)}))
    e = mark_applied(e, [shield.id])
    has_shield = {}
    for _ in range(200):
        has_shield[e.round] = bool(e.combatant(xiola.id).sheet.conditions)
        if e.round > 6:
            break
        e = next_turn(e)
    assert max(r for r, present in has_shield.items() if present) == last_round
    assert any("Expired: magical shield" in entry.text for entry in e.log)


def test_delay_and_act_now() -> None:
    e = with_initiative(
        example_encounter(),
        {"Felix": 21, "Xiola": 20, "First": 15, "Gramfive": 13, "Shamira": 12, "Guido": 10},
    )
    e = start(e)
    felix = by_name(e, "Felix")
    e = delay(e, felix.id)
    assert e.combatant(e.turn).name.startswith("Xiola")
    e = next_turn(next_turn(e))  # Xiola, mummy → Gramfive
    e = act_now(e, felix.id)
    assert e.turn == felix.id and e.combatant(felix.id).initiative == 13
    e = next_turn(e)
    assert e.combatant(e.turn).name.startswith("Gramfive")


def test_set_range_logs_and_is_symmetric() -> None:
    e = example_encounter()
    a, b = by_name(e, "Felix").id, by_name(e, "First").id
    e = set_range(e, b, a, RangeBand.CLOSE, reason="dragged on the board")
    assert range_between(e, a, b) is RangeBand.CLOSE
    assert "Close" in e.log[-1].text


def test_a_combatant_sheet_is_a_full_sheet() -> None:
    e = example_encounter()
    assert isinstance(by_name(e, "Gramfive").sheet, CharacterSheet)
    again = Encounter.model_validate_json(e.model_dump_json())
    assert again == e


def test_acting_now_mid_count_returns_to_the_interrupted_combatant() -> None:
    e = with_initiative(
        example_encounter(),
        {"Felix": 21, "Xiola": 20, "First": 15, "Gramfive": 13, "Shamira": 13, "Guido": 10},
        ties=("Gramfive", "Shamira"),
    )
    e = start(e)
    felix = by_name(e, "Felix")
    e = delay(e, felix.id)
    while not e.combatant(e.turn).name.startswith("Shamira"):
        e = next_turn(e)
    e = act_now(e, felix.id)
    e = next_turn(e)
    assert e.combatant(e.turn).name.startswith("Shamira")  # not Gramfive a second time
    e = next_turn(e)
    assert e.combatant(e.turn).name.startswith("Guido")


def test_log_entries_tell_setup_from_the_surprise_round() -> None:
    e = resolve_scouting(example_encounter(), {"Party": None, "Monsters": Failure.SIMPLE})
    e = start(with_initiative(e, {"Felix": 21}))
    assert [entry.phase for entry in e.log[-2:]] == ["setup", "surprise"]
