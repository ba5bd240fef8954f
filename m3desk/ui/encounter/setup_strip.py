"""The set-up strip: the encounter's name, its roster and sides, the game's own set-up, Start.

The game's own part (Monsters & Magic: surroundings, maximum range, Scouting) comes from
:mod:`m3desk.ui.encounter.game_setup`; the rest is every game's.

Everything here edits the encounter through :meth:`EncounterDocument.apply`, one undo step
per change; the controls are refreshed from the document, so undo moves them too.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from m3desk.core.changes import Aspect
from m3desk.core.edits import set_encounter_name
from m3desk.core.encounter import remove_combatant, start
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.documents.sheet_document import game_sheet
from m3desk.ui.encounter.game_setup import make_game_setup
from m3desk.ui.encounter.roster_adder import RosterAdder
from m3desk.ui.plain_text import mnemonic_safe

__all__ = ["BY_SHEET_KIND", "SetupStrip"]

BY_SHEET_KIND = "Party or Monsters, by sheet"


class SetupStrip(QWidget):
    def __init__(
        self, document: EncounterDocument, adder: RosterAdder, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._document = document
        self._adder = adder

        self.name_edit = QLineEdit()
        self.name_edit.setMaxLength(120)
        self.name_edit.setAccessibleName("Encounter name")
        self.name_edit.editingFinished.connect(self._on_name)
        self.side_combo = QComboBox()
        self.side_combo.setEditable(True)
        self.side_combo.setAccessibleName("Side for new combatants")
        self.side_combo.setToolTip("Type a name to start a new side")
        self.add_button = QPushButton("&Add Combatants")
        self.add_button.setToolTip("From sheet files, or from the sheets open in this window")
        self.add_menu = QMenu(self.add_button)
        self.add_menu.aboutToShow.connect(self._fill_add_menu)
        self.add_button.setMenu(self.add_menu)
        self.remove_button = QPushButton("&Remove")
        self.remove_button.setToolTip("Remove the selected combatant from the encounter")
        self.remove_button.clicked.connect(self.remove_selected)
        self.start_button = QPushButton("S&tart")
        self.start_button.setToolTip(
            "Begin: the surprise round if a side has surprise, else round one"
        )
        self.start_button.clicked.connect(self.start)
        self.game_panel = make_game_setup(document, self)
        self._build_layout()

        self.document_link = DocumentLink(document, self)
        self.document_link.connect("encounter_changed", self._on_changed)
        self.document_link.connect("selection_changed", lambda _id: self._update_enabled())
        self._refresh()

    def _build_layout(self) -> None:
        first = QHBoxLayout()
        label = QLabel("&Name:")
        label.setBuddy(self.name_edit)
        first.addWidget(label)
        first.addWidget(self.name_edit, 2)
        first.addStretch(3)
        second = QHBoxLayout()
        add_to = QLabel("A&dd to:")
        add_to.setBuddy(self.side_combo)
        second.addWidget(add_to)
        second.addWidget(self.side_combo)
        second.addWidget(self.add_button)
        second.addWidget(self.remove_button)
        second.addStretch(1)
        third = QHBoxLayout()
        if self.game_panel is not None:
            third.addWidget(self.game_panel, 1)
        else:
            third.addStretch(1)
        third.addWidget(self.start_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(first)
        layout.addLayout(second)
        layout.addLayout(third)

    # --- reading the document ------------------------------------------------------------
    def _refresh(self) -> None:
        encounter = self._document.encounter
        if not self.name_edit.hasFocus():
            self.name_edit.setText(encounter.name)
        typed = self.side_combo.currentText()
        self.side_combo.blockSignals(True)
        self.side_combo.clear()
        self.side_combo.addItems([BY_SHEET_KIND, *encounter.sides])
        self.side_combo.setCurrentText(typed or BY_SHEET_KIND)
        self.side_combo.blockSignals(False)
        self._update_enabled()

    def _update_enabled(self) -> None:
        encounter = self._document.encounter
        in_setup = encounter.phase == "setup"
        self.start_button.setEnabled(in_setup and bool(encounter.combatants))
        self.remove_button.setEnabled(bool(self._document.selected))

    def _on_changed(self, aspects: frozenset[str]) -> None:
        if aspects & {Aspect.SETUP, Aspect.ROSTER, Aspect.TURN}:
            self._refresh()

    # --- editing -------------------------------------------------------------------------
    def _on_name(self) -> None:
        name = self.name_edit.text().strip()
        if name and name != self._document.encounter.name:
            self._document.apply(*set_encounter_name(self._document.encounter, name))
        elif not name:
            self.name_edit.setText(self._document.encounter.name)

    def chosen_side(self) -> str | None:
        text = self.side_combo.currentText().strip()
        return None if not text or text == BY_SHEET_KIND else text[:40]

    def _fill_add_menu(self) -> None:
        self.add_menu.clear()
        from_files = self.add_menu.addAction("From Sheet &Files…")
        from_files.triggered.connect(lambda: self._adder.add_from_files(self.chosen_side()))
        copies = self.add_menu.addAction("&Copies of a Sheet…")
        copies.setToolTip(
            "Several numbered copies of one monster (Goblin 1 … 4), each with its own hit points"
        )
        copies.triggered.connect(lambda: self._adder.add_copies(self.chosen_side()))
        sources = self._adder.same_game(list(self._adder.open_sheets()))
        if not sources:
            none_open = self.add_menu.addAction("No sheet of this game is open")
            none_open.setEnabled(False)
            return
        self.add_menu.addSection("Open sheets")
        for source in sources:
            action = self.add_menu.addAction(mnemonic_safe(game_sheet(source.sheet).name))
            action.triggered.connect(
                lambda _checked=False, s=source: self._adder.add([s], self.chosen_side())
            )
        every = self.add_menu.addAction("All &Open Sheets")
        every.triggered.connect(lambda: self._adder.add(sources, self.chosen_side()))

    def remove_selected(self) -> None:
        selected = self._document.selected
        if not selected:
            return
        name = self._document.encounter.combatant(selected).name
        self._document.apply(remove_combatant(self._document.encounter, selected), f"Remove {name}")

    def start(self) -> None:
        self._document.apply(start(self._document.encounter), "Start the encounter")
