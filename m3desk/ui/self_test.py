"""``m3desk --self-test``: the smoke test of an installed or frozen build, and the start-up bench.

It starts the real window headless, opens the bundled samples, touches every
main view (sheets, an encounter with its tracker, board and log) and one PDF
export, and prints ONE line. Dialogs are switched to non-interactive first, so
nothing can wait for a click; the user's recovery snapshots are not offered
(they belong to the user, not to a smoke test), the window layout is not
written back and the PDF goes to a temporary folder.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication

from m3desk import __version__
from m3desk.systems.monsters_and_magic.encounter import Encounter
from m3desk.ui import dialogs
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.own_game import has_own_widgets

if TYPE_CHECKING:
    from m3desk.ui.encounter.widget import EncounterWidget
    from m3desk.ui.main_window import MainWindow
    from m3desk.ui.window.open_document import OpenDocument


class SelfTestError(RuntimeError):
    """A view did not behave; the message says which."""


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise SelfTestError(message)


def _exercise_library(window: MainWindow) -> str:
    model = window.library.model
    total = model.rowCount()
    _check(total > 0, "the library is empty (bundled samples missing?)")
    window.library.search.setText("gramfive")
    matches = model.rowCount()
    window.library.search.clear()
    _check(0 < matches < total, f"library search found {matches} of {total}")
    window.library.view.grab()
    return f"library ({total} sheets, search)"


def _exercise_sheets(window: MainWindow) -> list[str]:
    from m3desk.assets import sample_files

    samples = sample_files()
    records = window.open_paths(samples)
    _check(len(records) == len(samples), f"opened {len(records)} of {len(samples)} samples")
    for record in records:
        window.session.focus(record)
        QApplication.processEvents()  # lays out and paints the editor
    first = records[0]
    window.session.focus(first)  # Undo/Redo act on the current tab's stack
    document = first.document
    _check(isinstance(document, SheetDocument), "a sample did not open as a sheet")
    assert isinstance(document, SheetDocument)
    before = document.sheet
    edited = before.model_copy(update={"notes": before.notes + " (self-test)"})
    document.replace_sheet(edited, "Self-test edit")
    _check(first.modified, "an edit did not mark the sheet modified")
    window.undo_group.undo()
    _check(document.sheet == before and not first.modified, "undo did not restore")
    window.undo_group.redo()
    _check(document.sheet == edited, "redo did not reapply the edit")
    window.undo_group.undo()
    return [f"{len(records)} sample sheets in tabs", "each sheet editor", "undo/redo"]


def _encounter_page(window: MainWindow) -> tuple[OpenDocument, EncounterWidget]:
    """The open samples as combatants: the party against the mummy, in a new tab."""
    from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
    from m3desk.ui.encounter.new_document import new_encounter_document
    from m3desk.ui.encounter.widget import EncounterWidget

    sources = [source for source in window.session.open_sheet_documents()
               if isinstance(source.sheet, CharacterSheet | MonsterSheet)]
    _check(len(sources) >= 2, "no open sheets to start an encounter with")
    record = window.session.adopt(new_encounter_document(sources, name="Self-test"))
    page = record.page
    _check(isinstance(page, EncounterWidget), "the encounter tab is not an EncounterWidget")
    assert isinstance(page, EncounterWidget)
    QApplication.processEvents()  # lays out and paints the tracker and the board
    return record, page


def _state(record: OpenDocument) -> Encounter:
    model = record.model()
    _check(isinstance(model, Encounter), "the encounter tab holds no encounter")
    assert isinstance(model, Encounter)
    return model


def _exercise_encounter(window: MainWindow) -> list[str]:
    """Set-up, typed initiative, turns, the board redraw and the log, as the GM uses them."""
    from m3desk.systems.monsters_and_magic.checks import Failure
    from m3desk.ui.encounter.tracker_columns import Column

    record, page = _encounter_page(window)
    scouting = page.setup_strip.game_panel.scouting
    scouting.set_result("Party", None)
    scouting.set_result("Monsters", Failure.SIMPLE)
    scouting.apply_button.click()
    model = page.tracker.tracker_model
    for row in range(model.rowCount()):  # what the initiative cell's editor commits
        model.setData(model.index(row, model.column_of(Column.INITIATIVE)), str(20 - row))
    typed = [c.initiative for c in _state(record).combatants]
    _check(None not in typed, f"typed initiatives were not all taken: {typed}")
    for _turn in range(3):
        page.encounter_actions.next_turn.trigger()
    encounter = _state(record)
    _check(encounter.phase != "setup" and encounter.turn is not None,
           "Next Turn did not start the encounter")
    _check(record.modified, "an encounter change did not mark it modified")
    board = page.board
    board.grab()  # the board redraws for the turn's combatant
    tokens = getattr(getattr(board, "scene", None), "tokens", None)
    if callable(tokens):
        _check(len(tokens()) == len(encounter.combatants) - 1,
               "the board does not show every combatant")
    log_rows = page.log_panel.log_model.rowCount()
    _check(log_rows > 0, "the log is empty after Scouting and the first turns")
    window.undo_group.undo()
    _check(_state(record) != encounter, "undo did not reach the encounter")
    window.undo_group.redo()
    _check(_state(record) == encounter, "redo did not reapply the turn")
    return ["encounter (set-up, initiative, turns, board, "
            f"log {log_rows} entries)", _export_pdf(encounter)]


def _exercise_other_games(window: MainWindow) -> list[str]:
    """Each other installed game: its samples in one fight, a round begun, its board drawn,
    its encounter sheet printed."""
    from collections import defaultdict

    from m3desk.core import encounter as core
    from m3desk.core import registry
    from m3desk.ui.encounter.new_document import new_encounter_document
    from m3desk.ui.encounter.widget import EncounterWidget

    by_game: dict[str, list[object]] = defaultdict(list)
    for source in window.session.open_sheet_documents():
        game = registry.system_of(source.sheet)
        if not has_own_widgets(game.id) and game.encounter is not None:
            by_game[game.id].append(source)
    done = []
    for game_id, sources in sorted(by_game.items()):
        record = window.session.adopt(new_encounter_document(sources, name=f"Self-test "
                                                             f"{game_id}"))
        page = record.page
        _check(isinstance(page, EncounterWidget), f"the {game_id} encounter tab is wrong")
        assert isinstance(page, EncounterWidget)
        fight = record.document.encounter
        rolls = {side: 3 + index for index, side in enumerate(fight.sides)}
        record.document.apply(core.set_side_initiative(fight, rolls), "Self-test initiative")
        page.encounter_actions.next_turn.trigger()
        QApplication.processEvents()
        _check(record.document.encounter.phase != "setup",
               f"Next Turn did not start the {game_id} encounter")
        page.board.grab()
        done.append(f"{registry.get(game_id).name} encounter "
                    f"({len(fight.combatants)} combatants), {_export_pdf(fight)}")
        if len(done) == 1:
            done.append(_exercise_forecast(page))
    return done


def _exercise_forecast(page: EncounterWidget) -> str:
    """A few fights in the forecast's worker process: the packaged app starts it too."""
    dialog = page.show_forecast()
    dialog.fights.setValue(20)
    dialog.start()
    deadline = time.monotonic() + 60
    while dialog.result is None and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)
    played = dialog.result is not None
    dialog.close()
    _check(played, "the forecast's worker played no fight in 60 s")
    return "forecast (20 fights in its worker process)"


def _export_pdf(encounter: Encounter) -> str:
    from m3desk.ui.printing.export import export_encounter_pdf

    with tempfile.TemporaryDirectory(prefix="m3desk-self-test-") as folder:
        target = Path(folder) / "encounter.pdf"
        pages = export_encounter_pdf(encounter, target)
        _check(pages >= 1 and target.read_bytes()[:5] == b"%PDF-",
               "the encounter PDF was not written")
    return f"encounter PDF ({pages} page{'s' if pages != 1 else ''})"


def _exercise_dialogs(window: MainWindow) -> str:
    from m3desk.assets import classes, races
    from m3desk.ui.window.new_character import NewCharacterDialog

    dialog = NewCharacterDialog(races(), classes(), window)
    dialog.adjustSize()
    dialog.deleteLater()
    return "new-character dialog, " + _exercise_table_rules(window)


def _exercise_table_rules(window: MainWindow) -> str:
    """The Table Rules form is generated from the rules model: build it, read it back."""
    from m3desk.ui.games.monsters_and_magic.table_rules.dialog import TableRulesDialog

    rules = window.settings_store.table_rules()
    dialog = TableRulesDialog(rules, window)
    dialog.book_button.click()
    _check(dialog.rules() == type(rules).book_example(),
           "the table rules dialog did not load the book example")
    dialog.strict_button.click()
    _check(dialog.rules() == type(rules)(), "the table rules dialog did not load the defaults")
    dialog.deleteLater()
    return "table-rules dialog"


def exercise_window(window: MainWindow) -> list[str]:
    """Touch every main view once; raises SelfTestError if one misbehaves."""
    _check(not window.windowIcon().isNull(), "the window has no icon (resources/icons missing?)")
    exercised = ["main window", _exercise_library(window)]
    exercised += _exercise_sheets(window)
    exercised += _exercise_encounter(window)
    exercised += _exercise_other_games(window)
    exercised.append(_exercise_dialogs(window))
    _check(window.session.close_all(ask=False), "closing the documents failed")
    return exercised


def self_test(window: MainWindow, started: float) -> int:
    """Run the self-test on a shown window; prints one line, returns the exit code."""
    dialogs.set_non_interactive(True)
    try:
        QApplication.processEvents()
        window.startup(recover=False)
        exercised = window.exercise_views()
    except Exception as exc:  # report any failure as one line, never a traceback dialog
        print(f"m3desk {__version__} self-test FAILED: {type(exc).__name__}: {exc}",
              file=sys.stderr)
        window.session.close_all(ask=False)
        window.shutdown(remember_layout=False)
        window.close()
        return 1
    elapsed_ms = (time.perf_counter() - started) * 1000
    window.shutdown(remember_layout=False)
    window.close()
    print(f"m3desk {__version__} self-test ok: {', '.join(exercised)} in {elapsed_ms:.0f} ms")
    return 0
