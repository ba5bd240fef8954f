"""Encounter → Experience…: what the fight earned, foe by foe, and each survivor's share.

Rendered from the game's ``EncounterRules.experience``; "Add to the Sheets" is the game's
``award_experience`` pushed as one undo step (and refused a second time), and "Write Back to
Sheets…" then puts the new experience into the sheet files, as the encounter's own command
does. Every text shown comes from the game or from file names: plain text only.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from m3desk.core import registry
from m3desk.core.changes import Aspect
from m3desk.core.system import ExperienceAward
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.encounter_document import EncounterDocument

__all__ = ["ExperienceDialog", "has_experience"]


_BEFORE_ADDING = "Add to the Sheets puts each share into its sheet's experience (one undo step)."


def has_experience(document: EncounterDocument) -> bool:
    rules = registry.system_of(document.encounter).encounter
    return rules is not None and rules.experience is not None


def _table(headers: tuple[str, str, str]) -> QTableWidget:
    table = QTableWidget(0, 3)
    table.setHorizontalHeaderLabels(list(headers))
    table.verticalHeader().hide()
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    table.setAlternatingRowColors(True)
    table.setWordWrap(False)
    header = table.horizontalHeader()
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
    return table


def _fill(table: QTableWidget, rows: list[tuple[str, int, str]]) -> None:
    table.setRowCount(len(rows))
    for number, (name, xp, why) in enumerate(rows):
        for column, text in enumerate((name, str(xp), why)):
            item = QTableWidgetItem(text)
            if column == 1:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(number, column, item)
    height = table.horizontalHeader().height() + 2 * table.frameWidth()
    height += sum(table.rowHeight(row) for row in range(table.rowCount()))
    table.setFixedHeight(max(height, table.horizontalHeader().height() * 2))


class ExperienceDialog(QDialog):
    """Non-modal; follows the encounter as it changes (a foe falling after it opened)."""

    def __init__(
        self,
        document: EncounterDocument,
        write_back: QAction | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._document = document
        self.setWindowTitle(f"Experience — {document.encounter.name}")
        self.defeated = _table(("Foe defeated", "XP", "From"))
        self.defeated.setObjectName("experience_defeated")
        self.total = QLabel()
        self.total.setObjectName("experience_total")
        self.total.setTextFormat(Qt.TextFormat.PlainText)
        font = self.total.font()
        font.setBold(True)
        self.total.setFont(font)
        self.shares = _table(("Survivor", "XP", "How"))
        self.shares.setObjectName("experience_shares")
        self.notes = QLabel()
        self.notes.setObjectName("experience_notes")
        self.notes.setTextFormat(Qt.TextFormat.PlainText)
        self.notes.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.add_button = QPushButton("&Add to the Sheets")
        self.add_button.setObjectName("experience_add")
        self.buttons.addButton(self.add_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.treasure_button = QPushButton("&Treasure…")
        self.treasure_button.setObjectName("experience_treasure")
        self.treasure_button.setToolTip(
            "Roll the defeated foes' treasure and count its worth in (one undo step)"
        )
        self.treasure_button.clicked.connect(self.ask_treasure)
        if self._has_treasure_tables():
            self.buttons.addButton(self.treasure_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.add_button.clicked.connect(self.add_to_sheets)
        self.write_back_button = QPushButton("&Write Back to Sheets…")
        self.write_back_button.setObjectName("experience_write_back")
        self._write_back = write_back
        if write_back is not None:
            self.buttons.addButton(self.write_back_button, QDialogButtonBox.ButtonRole.ActionRole)
            self.write_back_button.clicked.connect(write_back.trigger)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.defeated)
        layout.addWidget(self.total)
        layout.addWidget(self.shares)
        layout.addWidget(self.notes)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        metrics = self.fontMetrics()
        self.setMinimumWidth(metrics.horizontalAdvance("m") * 44)
        self.document_link = DocumentLink(document, self)
        self.document_link.connect("encounter_changed", self._on_changed)
        self.refresh()

    def _has_treasure_tables(self) -> bool:
        from m3desk.ui.encounter.treasure_dialog import game_tables

        return bool(game_tables(registry.system_of(self._document.encounter).id).treasure_types)

    def ask_treasure(self) -> None:
        """The Treasure dialog (tests replace ``exec``)."""
        from m3desk.ui.encounter.treasure_dialog import TreasureDialog

        dialog = TreasureDialog(self._document, self)
        try:
            dialog.exec()
        finally:
            dialog.deleteLater()
        self.refresh()

    def award(self) -> ExperienceAward:
        rules = registry.system_of(self._document.encounter).encounter
        assert rules is not None and rules.experience is not None
        return rules.experience(self._document.encounter)

    def _on_changed(self, aspects: frozenset[str]) -> None:
        if aspects & {Aspect.SHEETS, Aspect.ROSTER, Aspect.SETUP, Aspect.TURN}:
            self.refresh()

    def refresh(self) -> None:
        award = self.award()
        _fill(
            self.defeated,
            [tuple(line) for line in award.defeated]  # type: ignore[misc]
            or [("No foe is defeated yet", 0, "")],
        )
        self.total.setText(f"Total: {award.total} XP")
        _fill(self.shares, [(s.name, s.xp, s.why) for s in award.shares])
        notes = list(award.notes)
        # The first line is always there, so the buttons never move when Add is clicked.
        notes.insert(
            0,
            "Added to the sheets. Write Back puts it into the sheet files."
            if award.awarded
            else _BEFORE_ADDING,
        )
        self.notes.setText("\n".join(notes))
        self.treasure_button.setEnabled(not award.awarded)
        can_add = not award.awarded and any(s.xp for s in award.shares)
        self.add_button.setEnabled(can_add)
        self.add_button.setToolTip(
            "Add each survivor's share to the experience on its sheet (one undo step)"
            if can_add
            else ("Already added" if award.awarded else "Nothing to add yet")
        )
        if self._write_back is not None:
            self.write_back_button.setEnabled(self._write_back.isEnabled())
            self.write_back_button.setToolTip(self._write_back.toolTip())
        # Grow when the fight needs more room (a foe fell), never shrink under the pointer.
        hint = self.sizeHint()
        if hint.height() > self.height() or hint.width() > self.width():
            self.resize(max(hint.width(), self.width()), max(hint.height(), self.height()))

    def add_to_sheets(self) -> bool:
        rules = registry.system_of(self._document.encounter).encounter
        assert rules is not None and rules.award_experience is not None
        try:
            after = rules.award_experience(self._document.encounter)
        except ValueError as error:
            self.notes.setText(str(error))
            return False
        self._document.apply(after, "Add experience to the sheets")
        self.refresh()
        return True
