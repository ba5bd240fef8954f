"""Driving the tracker as the GM does: click a row, type into a cell, press a key."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QWidget

from m3desk.systems.monsters_and_magic.encounter import Combatant, Encounter
from m3desk.ui.encounter.widget import EncounterWidget


def by_name(encounter: Encounter, prefix: str) -> Combatant:
    return next(c for c in encounter.combatants if c.name.startswith(prefix))


def row_of(widget: EncounterWidget, prefix: str) -> int:
    model = widget.tracker.tracker_model
    return next(
        number for number, row in enumerate(model.rows) if row.combatant.name.startswith(prefix)
    )


def cell(widget: EncounterWidget, prefix: str, column: str) -> QModelIndex:
    """The tracker cell of a combatant in a column, by the column's id ("name", "php" …)."""
    model = widget.tracker.tracker_model
    number = model.column_of(column)
    assert number >= 0, f"the tracker has no {column!r} column"
    return model.index(row_of(widget, prefix), number)


def click_cell(qtbot, widget: EncounterWidget, prefix: str, column: str) -> None:
    view = widget.tracker
    index = cell(widget, prefix, column)
    view.scrollTo(index)
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center()
    )
    assert view.currentIndex() == index


def type_into_cell(qtbot, widget: EncounterWidget, prefix: str, column: str, text: str) -> None:
    """Select the cell and type: the first key opens the editor, Return commits."""
    click_cell(qtbot, widget, prefix, column)
    view = widget.tracker
    qtbot.keyClick(view, text[0])
    editor = QApplication.focusWidget()
    assert editor is not None and editor is not view, "typing did not open an editor"
    qtbot.keyClicks(editor, text[1:])
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    # The delegate commits on Return through a queued call: let the event loop run it.
    qtbot.waitUntil(lambda: view.state() != QAbstractItemView.State.EditingState)


def press(
    qtbot,
    widget: QWidget,
    key: Qt.Key,
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    target = QApplication.focusWidget() or widget
    qtbot.keyClick(target, key, modifier)


def names_in_order(widget: EncounterWidget) -> list[str]:
    return [row.combatant.name.split()[0] for row in widget.tracker.tracker_model.rows]


def groups(widget: EncounterWidget) -> list[list[str]]:
    """Rows grouped as the bracket groups them (simultaneous counts)."""
    found: list[list[str]] = []
    for row in widget.tracker.tracker_model.rows:
        name = row.combatant.name.split()[0]
        if row.group_index == 0 or not found:
            found.append([name])
        else:
            found[-1].append(name)
    return found


def shown(
    qtbot, document, *, seed: int = 7, size: tuple[int, int] = (1366, 760)
) -> EncounterWidget:
    """The encounter tab of ``document``, shown and active (shortcuts answer only there)."""
    from m3desk.systems.monsters_and_magic.dice import Roller

    widget = EncounterWidget(document, roller=Roller(seed))
    qtbot.addWidget(widget)
    widget.resize(*size)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    qtbot.waitUntil(widget.isActiveWindow, timeout=2000)
    return widget
