"""EncounterDocument: one undo step per change, exact undo, aspects reported."""

from __future__ import annotations

from m3desk.systems.monsters_and_magic import RangeBand
from m3desk.systems.monsters_and_magic.encounter import (
    Encounter,
    add_combatant,
    next_turn,
    set_range,
    start,
)
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.ui.documents.encounter_document import EncounterDocument


def make_document() -> EncounterDocument:
    encounter = add_combatant(Encounter(), CharacterSheet(name="Felix"), "Party")
    encounter = add_combatant(encounter, MonsterSheet(name="Mummy"), "Monsters")
    return EncounterDocument(encounter)


def test_apply_is_one_undo_step_and_undo_is_exact(qtbot) -> None:
    document = make_document()
    before = document.encounter
    a, b = (c.id for c in before.combatants)
    with qtbot.waitSignal(document.encounter_changed) as changed:
        assert document.apply(set_range(before, a, b, RangeBand.CLOSE), "Move Mummy to Close")
    assert changed.args[0] == frozenset({"positions", "log"})
    assert document.undo_stack.count() == 1 and document.modified
    assert document.title() == "Encounter *"
    document.undo_stack.undo()
    assert document.encounter == before and not document.modified
    document.undo_stack.redo()
    assert document.encounter.ranges[f"{min(a, b)}|{max(a, b)}"] is RangeBand.CLOSE


def test_applying_the_same_state_pushes_nothing(qtbot) -> None:
    document = make_document()
    assert not document.apply(document.encounter, "nothing")
    assert document.undo_stack.count() == 0


def test_turn_changes_report_the_turn_aspect(qtbot) -> None:
    document = make_document()
    started = start(document.encounter)
    document.apply(started, "Start")
    with qtbot.waitSignal(document.encounter_changed) as changed:
        document.apply(next_turn(document.encounter), "Next turn")
    assert "turn" in changed.args[0]


def test_selection_follows_removal(qtbot) -> None:
    document = make_document()
    first, second = (c.id for c in document.encounter.combatants)
    document.select(second)
    from m3desk.systems.monsters_and_magic.encounter import remove_combatant

    with qtbot.waitSignal(document.selection_changed):
        document.apply(remove_combatant(document.encounter, second), "Remove")
    assert document.selected == first
