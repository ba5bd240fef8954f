"""The log: in order, filtered by combatant, details on demand, exported as text."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from m3desk.systems.monsters_and_magic.encounter import add_log
from m3desk.ui.encounter import prompts
from m3desk.ui.encounter.log_export import export_log_text
from m3desk.ui.encounter.widget import EncounterWidget
from tests.ui.encounter.flow import scout, type_surprise_initiative
from tests.ui.encounter.helpers import by_name, press

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def log_texts(widget: EncounterWidget) -> list[str]:
    model = widget.log_panel.log_model
    return [model.index(row, 2).data() for row in range(model.rowCount())]


def play_a_little(qtbot, widget: EncounterWidget) -> None:
    scout(widget)
    type_surprise_initiative(qtbot, widget)
    press(qtbot, widget, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    encounter = widget.document.encounter
    felix, mummy = by_name(encounter, "Felix"), by_name(encounter, "First")
    widget.document.apply(
        add_log(
            encounter,
            "sneaks up: Short → Close",
            actor=felix.id,
            target=mummy.id,
            details="12 + 7 = 19 vs 9 → 10 EP",
        ),
        "Log",
    )


def test_the_log_lists_entries_in_order_and_new_ones_are_appended(
    qtbot, widget: EncounterWidget
) -> None:
    play_a_little(qtbot, widget)
    texts = log_texts(widget)
    assert texts[:6] == [
        f"{name} joins the {side}"
        for name, side in (
            ("Felix Pook", "Party"),
            ("First One Mummy", "Monsters"),
            ("Gramfive the Grim", "Party"),
            ("Guido of Gramarye", "Party"),
            ("Shamira Sunfire", "Party"),
            ("Xiola Zenwaith", "Party"),
        )
    ]
    assert texts[-2:] == ["Surprise round", "sneaks up: Short → Close ▸"]
    model = widget.log_panel.log_model
    last = model.index(model.rowCount() - 1, 2)
    assert last.data(Qt.ItemDataRole.ToolTipRole) == "12 + 7 = 19 vs 9 → 10 EP"
    assert model.index(model.rowCount() - 1, 1).data() == "Felix Pook"
    widget.log_panel.view.selectRow(model.rowCount() - 1)
    assert widget.log_panel.details.text() == "12 + 7 = 19 vs 9 → 10 EP"
    with qtbot.waitSignal(model.rowsInserted, timeout=1000):
        press(qtbot, widget, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)  # delay logs
    # Undo takes entries away again.
    count = model.rowCount()
    widget.document.undo_stack.undo()
    assert model.rowCount() < count


def test_the_round_column_says_set_up_surprise_or_the_round(qtbot, widget: EncounterWidget) -> None:
    play_a_little(qtbot, widget)
    model = widget.log_panel.log_model
    rounds = [model.index(row, 0).data() for row in range(model.rowCount())]
    phases = [entry.phase for entry in widget.document.encounter.log]
    assert rounds == [{"setup": "Set-up", "surprise": "Surprise"}[p] for p in phases]
    assert rounds[0] == "Set-up" and rounds[-1] == "Surprise" and "–" not in rounds
    assert model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole) == "Set-up"
    assert model.index(len(rounds) - 1, 0).data(Qt.ItemDataRole.ToolTipRole) == "Surprise round"
    # Round one: the number; the export heads it "Round 1".
    for _ in range(len(widget.document.encounter.combatants)):
        press(qtbot, widget, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert widget.document.encounter.round == 1
    assert model.index(model.rowCount() - 1, 0).data() == "1"
    assert "\nRound 1\n" in export_log_text(widget.document.encounter)


def test_an_old_log_without_phases_still_reads() -> None:
    """Entries written before LogEntry had a phase load as "rounds" of round 0."""
    from m3desk.systems.monsters_and_magic.encounter import LogEntry
    from m3desk.ui.encounter.log_export import round_cell, round_text

    old = LogEntry(round=0, text="Felix Pook joins the Party")
    assert (round_cell(old), round_text(old)) == ("–", "Before round 1")
    assert round_cell(LogEntry(round=3, text="x")) == "3"


def test_filter_by_combatant(qtbot, widget: EncounterWidget) -> None:
    play_a_little(qtbot, widget)
    combo = widget.log_panel.filter_combo
    mummy = by_name(widget.document.encounter, "First")
    combo.setCurrentIndex(combo.findData(mummy.id))
    assert log_texts(widget) == ["First One Mummy joins the Monsters", "sneaks up: Short → Close ▸"]
    combo.setCurrentIndex(0)
    assert len(log_texts(widget)) == len(widget.document.encounter.log)


def test_export_log_text(qtbot, widget: EncounterWidget) -> None:
    play_a_little(qtbot, widget)
    encounter = widget.document.encounter
    felix = by_name(encounter, "Felix")
    full = export_log_text(encounter)
    assert full.startswith("Encounter log: Fane of the First Ones\n")
    assert "\nSet-up\n  Felix Pook joins the Party\n" in full
    assert "  Scouting: the encounter starts at Short; the Party have surprise\n" in full
    assert (
        "\nSurprise round\n  Surprise round\n  Felix Pook: sneaks up: Short → Close\n"
        "      12 + 7 = 19 vs 9 → 10 EP\n"
    ) in full
    assert "Before round 1" not in full
    only = export_log_text(encounter, felix.id)
    assert "Only entries about Felix Pook" in only
    assert "Xiola" not in only and "sneaks up" in only


def test_export_log_action_writes_the_filtered_log(
    qtbot, widget: EncounterWidget, tmp_path: Path, monkeypatch
) -> None:
    play_a_little(qtbot, widget)
    target = tmp_path / "session.txt"
    suggested: list[Path] = []
    monkeypatch.setattr(
        prompts, "log_file_to_save", lambda parent, path: suggested.append(path) or target
    )
    combo = widget.log_panel.filter_combo
    felix = by_name(widget.document.encounter, "Felix")
    combo.setCurrentIndex(combo.findData(felix.id))
    count = widget.document.undo_stack.count()
    widget.tracker.setFocus()
    press(qtbot, widget, Qt.Key.Key_E, CTRL_SHIFT)
    assert suggested[0].name == "Fane of the First Ones log.txt"
    assert target.read_text(encoding="utf-8") == export_log_text(
        widget.document.encounter, felix.id
    )
    assert widget.document.undo_stack.count() == count  # a file operation, not an edit


LONG = (
    "Scouting: the encounter starts at Short; the Party have surprise, and the First One "
    "Mummy is caught unawares while it tends the sarcophagus at the far end of the fane"
)


def _row_fits(view, row: int) -> bool:
    return view.rowHeight(row) >= view.sizeHintForRow(row)


def test_a_long_entry_wraps_so_the_gm_can_read_all_of_it(qtbot, widget: EncounterWidget) -> None:
    panel = widget.log_panel
    widget.document.apply(add_log(widget.document.encounter, LONG, actor=None), "Log")
    model, view = panel.log_model, panel.view
    last = model.rowCount() - 1
    one_line = view.verticalHeader().defaultSectionSize()
    qtbot.waitUntil(lambda: view.rowHeight(last) > one_line, timeout=2000)
    assert view.wordWrap()
    assert _row_fits(view, last)
    what = view.columnWidth(2)
    assert view.fontMetrics().horizontalAdvance(LONG) > what, "the entry is longer than a line"
    assert view.verticalScrollBar().value() == view.verticalScrollBar().maximum(), (
        "the newest entry stays in sight as it grows"
    )
    # Short entries stay one line high.
    assert view.rowHeight(0) < 2 * one_line


def test_only_the_rows_in_view_are_measured_in_a_long_log(qtbot, widget: EncounterWidget) -> None:
    encounter = widget.document.encounter
    for number in range(3000):
        encounter = add_log(encounter, f"{number}: {LONG}", actor=None)
    fitter = widget.log_panel.row_fitter
    before = fitter.measured
    widget.document.apply(encounter, "Many entries")
    view = widget.log_panel.view
    last = widget.log_panel.log_model.rowCount() - 1
    qtbot.waitUntil(lambda: _row_fits(view, last), timeout=2000)
    assert fitter.measured - before < 200, fitter.measured - before
    view.scrollToTop()
    qtbot.waitUntil(lambda: _row_fits(view, 0) and _row_fits(view, 1), timeout=2000)
    assert fitter.measured - before < 400


def test_the_log_opens_at_the_newest_entry_and_stays_there_until_the_gm_scrolls_up(
    qtbot, widget: EncounterWidget
) -> None:
    encounter = widget.document.encounter
    for number in range(60):
        encounter = add_log(encounter, f"entry {number} " + "words " * (number % 9))
    widget.document.apply(encounter, "Log")
    bar = widget.log_panel.view.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() == bar.maximum())
    # A layout change (the splitter dragged) keeps the newest entry in view.
    sizes = widget.board_splitter.sizes()
    widget.board_splitter.setSizes([sizes[0] - 80, sizes[1] + 80])
    qtbot.waitUntil(lambda: bar.value() == bar.maximum())
    # The GM scrolls up to read: the log stays there when the layout changes again.
    bar.triggerAction(bar.SliderAction.SliderToMinimum)
    qtbot.waitUntil(lambda: not widget.log_panel.following_end)
    widget.board_splitter.setSizes(sizes)
    qtbot.wait(20)
    assert bar.value() == 0
