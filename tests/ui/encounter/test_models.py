"""Every model of the encounter table passes pytest-qt's model tester, in every phase."""

from __future__ import annotations

from PySide6.QtCore import Qt

from m3desk.systems.monsters_and_magic.encounter import next_turn, start
from m3desk.systems.monsters_and_magic.encounter_edits import add_condition, set_initiative
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.log_model import LogModel
from m3desk.ui.encounter.tracker_model import TrackerModel
from tests.ui.encounter.helpers import by_name
from tests.ui.encounter.test_combatants import shield


def example_of_play(document: EncounterDocument) -> None:
    from m3desk.systems.monsters_and_magic.checks import Failure
    from m3desk.systems.monsters_and_magic.encounter import resolve_scouting

    encounter = resolve_scouting(document.encounter, {"Party": None, "Monsters": Failure.SIMPLE})
    for name, value in (
        ("Felix", 21),
        ("Xiola", 20),
        ("Gramfive", 13),
        ("Shamira", 13),
        ("Guido", 10),
    ):
        encounter, _ = set_initiative(encounter, by_name(encounter, name).id, value)
    document.apply(start(encounter), "Start")


def test_tracker_model_through_set_up_surprise_round_and_round_one(qtmodeltester, document) -> None:
    """The tester stays connected and checks every signal as the encounter moves on."""
    model = TrackerModel(document)
    qtmodeltester.check(model, force_py=True)
    example_of_play(document)
    assert model.headerData(0, Qt.Orientation.Vertical) == "▶"
    encounter = document.encounter
    encounter, _ = add_condition(encounter, by_name(encounter, "Xiola").id, shield())
    for _ in range(5):
        encounter = next_turn(encounter)
    document.apply(encounter, "Round one")
    assert document.encounter.round == 1
    document.undo_stack.undo()
    document.undo_stack.undo()
    from m3desk.systems.monsters_and_magic.encounter import remove_combatant

    document.apply(
        remove_combatant(document.encounter, by_name(document.encounter, "Guido").id),
        "Remove Guido",
    )


def test_tracker_model_mid_round_one(qtmodeltester, document) -> None:
    example_of_play(document)
    encounter = document.encounter
    for _ in range(5):
        encounter = next_turn(encounter)
    encounter, _ = set_initiative(encounter, by_name(encounter, "First").id, 20)
    document.apply(encounter, "Round one")
    qtmodeltester.check(TrackerModel(document), force_py=True)


def test_tracker_model_keeps_persistent_indexes_on_its_combatant(document) -> None:
    model = TrackerModel(document)
    guido = by_name(document.encounter, "Guido")
    persistent = model.index(model.row_of(guido.id), 1)
    from PySide6.QtCore import QPersistentModelIndex

    kept = QPersistentModelIndex(persistent)
    document.apply(*set_initiative(document.encounter, guido.id, 30))
    assert kept.row() == 0 == model.row_of(guido.id)
    assert kept.data() == guido.name


def test_log_model_filtered_and_not(qtmodeltester, document) -> None:
    model = LogModel(document)
    qtmodeltester.check(model, force_py=True)
    example_of_play(document)
    model.set_combatant_filter(by_name(document.encounter, "Felix").id)
    shown = [model.index(r, 2).data() for r in range(model.rowCount())]
    assert shown == ["Felix Pook joins the Party", "Felix Pook's initiative: 21 (typed)"]
    model.set_combatant_filter(None)
    assert model.rowCount() == len(document.encounter.log)
