"""File → New Encounter: choose sheets from the library selection and the open tabs.

A sheet open in a tab is offered as that tab (its current state, unsaved edits too)
rather than as its file, since that is what the GM is looking at. Bundled samples
join without their path: "Write Back to Sheets" must never try to write a sample.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from m3desk.storage.errors import DocumentLoadError
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui import dialogs
from m3desk.ui.file_places import same_file_key
from m3desk.ui.library.scan import LibraryEntry
from m3desk.ui.window.kinds import ENCOUNTERS, SHEETS
from m3desk.ui.window.open_document import OpenDocument

if TYPE_CHECKING:
    from m3desk.ui.documents.encounter_document import EncounterDocument
    from m3desk.ui.window.session import DocumentSession

__all__ = [
    "EncounterCandidate",
    "NewEncounterDialog",
    "encounter_candidates",
    "new_encounter",
    "unique_encounter_name",
]

DEFAULT_NAME = "Encounter"


@dataclass(frozen=True)
class EncounterCandidate:
    """One sheet the dialog offers; ``source`` is a sheet file or an open sheet document."""

    name: str
    where: str
    source: Any
    checked: bool
    game: str = ""
    """The sheet's game (an encounter is of one game: the dialog shows one game's sheets)."""
    side: str = ""
    """The side it joins unless the GM picks another ("": characters the party, monsters
    the monsters)."""


def _game_of_document(record: OpenDocument) -> str:
    from m3desk.core import registry

    try:
        return registry.system_of(record.model()).name
    except registry.UnknownSystemError:
        return ""


def _default_side(kind: str) -> str:
    return "Party" if kind == "character" else "Monsters"


def encounter_candidates(
    open_sheets: Sequence[OpenDocument],
    selected: Sequence[LibraryEntry],
    library: Sequence[LibraryEntry] = (),
) -> list[EncounterCandidate]:
    """Open sheet tabs first, then selected library sheets not open in a tab, then (if
    given) the rest of the library's sheets, unticked, so any sheet can be picked here.

    What the GM picked in the library is pre-checked; with nothing picked there, every
    open sheet is (the usual way in: open the party, then start the fight).
    """
    chosen = {same_file_key(entry.path) for entry in selected if entry.is_sheet}
    candidates: list[EncounterCandidate] = []
    open_keys: set[str] = set()
    for record in open_sheets:
        key = same_file_key(record.path) if record.path is not None else None
        if key is not None:
            open_keys.add(key)
        checked = key in chosen if chosen else True
        kind = str(getattr(record.model(), "kind", ""))
        candidates.append(
            EncounterCandidate(
                record.plain_title(),
                "open tab",
                record.combatant_source(),
                checked,
                _game_of_document(record),
                _default_side(kind),
            )
        )
    listed = set(open_keys)
    for entry in (*selected, *library):
        key = same_file_key(entry.path)
        if not entry.is_sheet or entry.broken or key in listed:
            continue
        listed.add(key)
        where = "sample" if entry.is_sample else "library"
        candidates.append(
            EncounterCandidate(
                entry.name, where, entry.path, key in chosen, entry.game, _default_side(entry.kind)
            )
        )
    return candidates


def unique_encounter_name(taken: Sequence[str]) -> str:
    """ "Encounter", or "Encounter 2" … when a tab already has that name."""
    names = set(taken)
    if DEFAULT_NAME not in names:
        return DEFAULT_NAME
    number = 2
    while f"{DEFAULT_NAME} {number}" in names:
        number += 1
    return f"{DEFAULT_NAME} {number}"


class NewEncounterDialog(QDialog):
    """A name, the game, and the sheets of that game to tick, each with the side it joins;
    more combatants can join later in the set-up."""

    SIDES = ("Party", "Monsters")

    def __init__(
        self, candidates: Sequence[EncounterCandidate], name: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Encounter")
        self.setObjectName("new_encounter_dialog")
        self._candidates = list(candidates)
        self.name = QLineEdit(name)
        self.name.setAccessibleName("Encounter name")
        self.name.selectAll()
        games = sorted(
            {c.game for c in self._candidates if c.game},
            key=lambda game: (game != "Monsters & Magic", game),
        )
        first = next((c.game for c in self._candidates if c.checked and c.game), "")
        self.game = QComboBox()
        self.game.setAccessibleName("Game")
        self.game.addItems(games)
        if first in games:
            self.game.setCurrentIndex(games.index(first))
        self.sheets = QTableWidget(len(self._candidates), 3)
        self.sheets.setObjectName("new_encounter_sheets")
        self.sheets.setAccessibleName("Combatants")
        self.sheets.setHorizontalHeaderLabels(["Sheet", "From", "Side"])
        self.sheets.verticalHeader().hide()
        self.sheets.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.sheets.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.side_boxes: list[QComboBox] = []
        self._checks: list[QTableWidgetItem] = []
        """Each row's first cell, whose check box says the sheet joins."""
        for row, candidate in enumerate(self._candidates):
            item = QTableWidgetItem(candidate.name)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(
                Qt.CheckState.Checked if candidate.checked else Qt.CheckState.Unchecked
            )
            self.sheets.setItem(row, 0, item)
            self._checks.append(item)
            where = QTableWidgetItem(candidate.where)
            where.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.sheets.setItem(row, 1, where)
            side = QComboBox()
            side.setEditable(True)
            side.addItems(list(self.SIDES))
            side.setCurrentText(candidate.side or self.SIDES[0])
            side.setAccessibleName(f"Side of {candidate.name}")
            self.side_boxes.append(side)
            self.sheets.setCellWidget(row, 2, side)
        header = self.sheets.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.sheets.verticalHeader().setDefaultSectionSize(
            max(self.fontMetrics().height() + 10, self.side_boxes[0].sizeHint().height())
            if self.side_boxes
            else self.fontMetrics().height() + 10
        )
        hint = QLabel(
            "Tick the sheets that join and pick each one's side. Sheets selected in "
            "the Library or open in tabs are ticked; anyone can join later in the "
            "encounter's set-up."
        )
        hint.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("Start Encounter")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.name.textChanged.connect(lambda text: ok.setEnabled(bool(text.strip())))
        self.game.currentIndexChanged.connect(self._show_game)

        form = QFormLayout()
        form.addRow("&Name:", self.name)
        if len(games) > 1:
            form.addRow("&Game:", self.game)
        sheets_label = QLabel("&Combatants:")
        sheets_label.setBuddy(self.sheets)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(sheets_label)
        layout.addWidget(self.sheets, 1)
        layout.addWidget(hint)
        layout.addWidget(self.buttons)
        # Wide enough for "Guido of Gramarye  library  Monsters" and a two-line hint.
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 60)
        self.resize(self.minimumWidth(), self.fontMetrics().lineSpacing() * 24)
        self._show_game()

    def _show_game(self, *_args: object) -> None:
        """Only the chosen game's sheets: an encounter is of one game."""
        game = self.game.currentText()
        for row, candidate in enumerate(self._candidates):
            other = bool(game) and bool(candidate.game) and candidate.game != game
            self.sheets.setRowHidden(row, other)
            if other:
                self._checks[row].setCheckState(Qt.CheckState.Unchecked)

    def set_checked(self, row: int, checked: bool) -> None:
        self._checks[row].setCheckState(
            Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
        )

    def choice(self) -> dialogs.NewEncounterChoice:
        rows = [
            row
            for row in range(len(self._candidates))
            if self._checks[row].checkState() == Qt.CheckState.Checked
        ]
        sources = tuple(self._candidates[row].source for row in rows)
        sides = tuple(self.side_boxes[row].currentText().strip() or self.SIDES[0] for row in rows)
        return dialogs.NewEncounterChoice(self.name.text().strip() or DEFAULT_NAME, sources, sides)


def _resolve(
    sources: Sequence[Any], sides: Sequence[str] = ()
) -> tuple[list[Any], list[str], list[str | None]]:
    """Load file sources now, so one unreadable file is reported and the rest still join
    (with the sides chosen for them; None: the sheet's default side).

    A bundled sample joins without its path (it is never written back).
    """
    from m3desk.ui.encounter.new_document import OpenSheet
    from m3desk.ui.file_places import is_sample

    resolved: list[Any] = []
    problems: list[str] = []
    chosen: list[str | None] = []
    for index, source in enumerate(sources):
        side = sides[index] if index < len(sides) and sides[index] else None
        if not isinstance(source, Path):
            resolved.append(source)
            chosen.append(side)
            continue
        try:
            sheet = load_sheet(source).model
        except DocumentLoadError as exc:
            problems.append(exc.message)
            continue
        resolved.append(OpenSheet(sheet, None if is_sample(source) else source))
        chosen.append(side)
    return resolved, problems, chosen


def new_encounter(
    parent: QWidget,
    session: DocumentSession,
    selected: Sequence[LibraryEntry],
    *,
    library: Sequence[LibraryEntry] = (),
    rules: BaseModel | None = None,
    options_for: Callable[[Any], Any] | None = None,
) -> OpenDocument | None:
    """Ask which sheets join, then open the new encounter in a tab; None if cancelled.

    The encounter starts with a copy of ``rules`` (the window's default table rules) and
    keeps them, whatever the default becomes later.
    """
    from m3desk.ui.encounter.new_document import OtherGameError, new_encounter_document

    candidates = encounter_candidates(session.records_of(SHEETS), selected, library)
    taken = [record.plain_title() for record in session.records_of(ENCOUNTERS)]
    choice = ask_new_encounter(parent, candidates, unique_encounter_name(taken))
    if choice is None:
        return None
    sources, problems, sides = _resolve(choice.sources, choice.sides)
    if problems:
        dialogs.show_error(
            parent,
            "Some sheets could not join",
            "These sheets could not be read and were left out:\n\n" + "\n\n".join(problems),
        )
    try:
        document: EncounterDocument = new_encounter_document(
            sources, name=choice.name, rules=rules, options_for=options_for, sides=sides
        )
    except OtherGameError as error:
        dialogs.show_error(parent, "One game per encounter", str(error))
        return None
    return session.adopt(document)


def ask_new_encounter(
    parent: QWidget | None, candidates: Sequence[EncounterCandidate], name: str
) -> dialogs.NewEncounterChoice | None:
    """The encounter's name and which of ``candidates`` join it; None when cancelled."""
    if dialogs.is_non_interactive():
        return None
    dialog = NewEncounterDialog(candidates, name, parent)
    try:
        return dialog.choice() if dialog.exec() else None
    finally:
        dialog.deleteLater()
