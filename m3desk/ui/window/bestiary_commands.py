"""What the window does for the bestiary panel: open a book monster, or add N to a fight.

A monster opens like a bundled sample: its tab is a sheet nobody's file holds, and Save asks
where in the library to keep the GM's own copy. "Add to Encounter…" asks how many (typed, or
rolled from the book's number appearing) and adds them to the current encounter of the same
game as one undo step, named 1…N.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QWidget,
)

from m3desk.core import registry
from m3desk.core.dice import DiceError, DiceExpr, Roller
from m3desk.storage.bestiary import BestiaryEntry
from m3desk.ui.library.bestiary_panel import BestiaryPanel

if TYPE_CHECKING:
    from m3desk.ui.main_window import MainWindow
    from m3desk.ui.window.open_document import OpenDocument

__all__ = ["BestiaryCommands", "CountDialog", "appearing_dice"]

MAX_COPIES = 50


def appearing_dice(appearing: str) -> DiceExpr | None:
    """The dungeon part of a book's number appearing ("2d4 (1d6 × 10)" → 2d4), if dice."""
    first = appearing.split("(", 1)[0].strip()
    if not re.fullmatch(r"\d{1,2}d\d{1,3}(?:\s*[+-]\s*\d{1,2})?", first):
        return None
    try:
        return DiceExpr.parse(first)
    except DiceError:
        return None


class CountDialog(QDialog):
    """How many of one monster join the fight: typed, or rolled from number appearing."""

    def __init__(self, entry: BestiaryEntry, parent: QWidget | None = None,
                 roller: Roller | None = None) -> None:
        super().__init__(parent)
        name = str(entry.sheet.name)
        self.setWindowTitle(f"Add {name} to the Encounter")
        self._roller = roller or Roller()
        self.count = QSpinBox()
        self.count.setObjectName("bestiary_count")
        self.count.setRange(1, MAX_COPIES)
        self.count.setAccessibleName("How many")
        self.rolled = QLabel()
        self.rolled.setObjectName("bestiary_rolled")
        self.rolled.setTextFormat(Qt.TextFormat.PlainText)
        self.dice = appearing_dice(entry.appearing)
        self.roll_button = QPushButton(f"&Roll {self.dice}" if self.dice else "&Roll")
        self.roll_button.setEnabled(self.dice is not None)
        self.roll_button.setToolTip(
            f"Roll the book's number appearing ({entry.appearing})" if self.dice
            else "The book gives no dice for the number appearing")
        self.roll_button.clicked.connect(self.roll)
        row = QHBoxLayout()
        row.addWidget(self.count)
        row.addWidget(self.roll_button)
        row.addWidget(self.rolled, 1)
        form = QFormLayout(self)
        appearing = QLabel(entry.appearing or "not given")
        appearing.setTextFormat(Qt.TextFormat.PlainText)
        form.addRow("Number appearing:", appearing)
        form.addRow("&How many:", row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Add")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.count.setFocus()
        self.faces: tuple[int, ...] = ()

    def roll(self) -> None:
        if self.dice is None:
            return
        self.faces = self._roller.roll_faces(self.dice)
        total = max(1, min(MAX_COPIES, sum(self.faces) + self.dice.bonus))
        self.count.setValue(total)
        shown = " + ".join(str(face) for face in self.faces)
        self.rolled.setText(f"rolled {self.dice}: {shown} = {total}")


class BestiaryCommands(QObject):
    """Connects the bestiary panel to the window's documents."""

    def __init__(self, window: MainWindow, panel: BestiaryPanel) -> None:
        super().__init__(window)
        self._window = window
        self.panel = panel
        panel.open_requested.connect(self.open_entry)
        panel.add_requested.connect(self.add_entry)

    def follow(self, record: OpenDocument | None) -> None:
        """Enable "Add to Encounter" when the current tab is an encounter."""
        encounter = self._encounter_widget(record)
        if encounter is None:
            self.panel.set_can_add(False, "Open an encounter to add monsters to it")
            return
        self.panel.set_can_add(True)

    @staticmethod
    def _encounter_widget(record: OpenDocument | None) -> QWidget | None:
        page = record.page if record is not None else None
        return page if page is not None and hasattr(page, "roster_adder") else None

    def open_entry(self, entry: BestiaryEntry) -> OpenDocument:
        """The monster's sheet in a tab, as a sample: Save makes the GM's own copy."""
        title = next((b.title for b in self.panel.bestiaries if entry in b.entries),
                     "the bestiary")
        return self._window.session.open_reference(entry.sheet, f"From {title}")

    def add_entry(self, entry: BestiaryEntry) -> int:
        """Ask how many and add them to the current encounter; returns how many joined."""
        record = self._window.session.current() if self._window._has_session() else None
        page = self._encounter_widget(record)
        if page is None:
            return 0
        game = registry.system_of(page.document.encounter)  # type: ignore[attr-defined]
        if registry.system_of(entry.sheet).id != game.id:
            from m3desk.ui import dialogs

            dialogs.show_error(self._window, "Another Game",
                               f"{entry.sheet.name} is a monster of "
                               f"{registry.system_of(entry.sheet).name}; this encounter is "
                               f"{game.name}.")
            return 0
        dialog = CountDialog(entry, self._window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return 0
        return self.add_copies(page, entry, dialog.count.value())

    @staticmethod
    def add_copies(page: QWidget, entry: BestiaryEntry, count: int) -> int:
        """``count`` copies named "Name 1" … "Name N" (one copy keeps its name)."""
        name = str(entry.sheet.name)
        sheets = [entry.sheet] if count == 1 else [
            entry.sheet.model_copy(update={"name": f"{name} {number}"})
            for number in range(1, count + 1)]
        return int(page.roster_adder.add(sheets, None))  # type: ignore[attr-defined]
