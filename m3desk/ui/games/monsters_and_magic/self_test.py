"""Monsters & Magic's part of ``m3desk --self-test``: its set-up panel (Scouting), typed
initiative, turns, the board and the log, and its table-rules dialog."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication

from m3desk.systems.monsters_and_magic.checks import Failure
from m3desk.systems.monsters_and_magic.encounter import Encounter
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.ui.self_test import check, export_pdf

if TYPE_CHECKING:
    from m3desk.ui.encounter.widget import EncounterWidget
    from m3desk.ui.main_window import MainWindow
    from m3desk.ui.window.open_document import OpenDocument

__all__ = ["exercise_game"]


def exercise_game(window: MainWindow) -> list[str]:
    """The encounter checks, then the table-rules dialog's."""
    return [*exercise(window), _exercise_table_rules(window)]


def _encounter_page(window: MainWindow) -> tuple[OpenDocument, EncounterWidget]:
    """The open samples as combatants: the party against the mummy, in a new tab."""
    from m3desk.ui.encounter.new_document import new_encounter_document
    from m3desk.ui.encounter.widget import EncounterWidget

    sources = [
        source
        for source in window.session.open_sheet_documents()
        if isinstance(source.sheet, CharacterSheet | MonsterSheet)
    ]
    check(len(sources) >= 2, "no open sheets to start an encounter with")
    record = window.session.adopt(new_encounter_document(sources, name="Self-test"))
    page = record.page
    check(isinstance(page, EncounterWidget), "the encounter tab is not an EncounterWidget")
    assert isinstance(page, EncounterWidget)
    QApplication.processEvents()  # lays out and paints the tracker and the board
    return record, page


def _state(record: OpenDocument) -> Encounter:
    model = record.model()
    check(isinstance(model, Encounter), "the encounter tab holds no encounter")
    assert isinstance(model, Encounter)
    return model


def exercise(window: MainWindow) -> list[str]:
    """Set-up, typed initiative, turns, the board redraw and the log, as the GM uses them."""
    from m3desk.ui.encounter.tracker_columns import Column
    from m3desk.ui.games.monsters_and_magic.encounter.range_setup import RangeSetupPanel

    record, page = _encounter_page(window)
    panel = page.setup_strip.game_panel
    check(isinstance(panel, RangeSetupPanel), "the set-up strip shows no Monsters & Magic panel")
    assert isinstance(panel, RangeSetupPanel)
    scouting = panel.scouting
    scouting.set_result("Party", None)
    scouting.set_result("Monsters", Failure.SIMPLE)
    scouting.apply_button.click()
    model = page.tracker.tracker_model
    for row in range(model.rowCount()):  # what the initiative cell's editor commits
        model.setData(model.index(row, model.column_of(Column.INITIATIVE)), str(20 - row))
    typed = [c.initiative for c in _state(record).combatants]
    check(None not in typed, f"typed initiatives were not all taken: {typed}")
    for _turn in range(3):
        page.encounter_actions.next_turn.trigger()
    encounter = _state(record)
    check(
        encounter.phase != "setup" and encounter.turn is not None,
        "Next Turn did not start the encounter",
    )
    check(record.modified, "an encounter change did not mark it modified")
    board = page.board
    board.grab()  # the board redraws for the turn's combatant
    tokens = getattr(getattr(board, "scene", None), "tokens", None)
    if callable(tokens):
        check(
            len(tokens()) == len(encounter.combatants) - 1,
            "the board does not show every combatant",
        )
    log_rows = page.log_panel.log_model.rowCount()
    check(log_rows > 0, "the log is empty after Scouting and the first turns")
    window.undo_group.undo()
    check(_state(record) != encounter, "undo did not reach the encounter")
    window.undo_group.redo()
    check(_state(record) == encounter, "redo did not reapply the turn")
    return [
        f"encounter (set-up, initiative, turns, board, log {log_rows} entries)",
        export_pdf(encounter),
    ]


def _exercise_table_rules(window: MainWindow) -> str:
    """The Table Rules form is generated from the rules model: build it, read it back."""
    from m3desk.core import registry
    from m3desk.ui.table_rules.options_dialog import OptionsDialog

    rules = window.settings_store.table_rules()
    check(isinstance(rules, TableRules), "the table's rules are not Monsters & Magic's")
    assert isinstance(rules, TableRules)
    dialog = OptionsDialog(registry.get("monsters_and_magic"), rules, "Table Rules", "", window)
    dialog.profile_buttons["Book Example"].click()
    check(
        dialog.options() == TableRules.book_example(),
        "the table rules dialog did not load the book example",
    )
    dialog.profile_buttons["Strict Rules"].click()
    check(dialog.options() == TableRules(), "the table rules dialog did not load the defaults")
    dialog.deleteLater()
    return "table-rules dialog"
