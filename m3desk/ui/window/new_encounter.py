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

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from m3desk.storage.errors import DocumentLoadError
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.monsters_and_magic.table_rules import TableRules
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


def encounter_candidates(open_sheets: Sequence[OpenDocument],
                         selected: Sequence[LibraryEntry]) -> list[EncounterCandidate]:
    """Open sheet tabs first, then selected library sheets not open in a tab.

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
        candidates.append(EncounterCandidate(record.plain_title(), "open tab",
                                             record.combatant_source(), checked))
    for entry in selected:
        if entry.is_sheet and same_file_key(entry.path) not in open_keys:
            where = "sample" if entry.is_sample else "library"
            candidates.append(EncounterCandidate(entry.name, where, entry.path, True))
    return candidates


def unique_encounter_name(taken: Sequence[str]) -> str:
    """"Encounter", or "Encounter 2" … when a tab already has that name."""
    names = set(taken)
    if DEFAULT_NAME not in names:
        return DEFAULT_NAME
    number = 2
    while f"{DEFAULT_NAME} {number}" in names:
        number += 1
    return f"{DEFAULT_NAME} {number}"


class NewEncounterDialog(QDialog):
    """A name and a checkable list of sheets; more combatants can join in the set-up."""

    def __init__(self, candidates: Sequence[EncounterCandidate], name: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Encounter")
        self.setObjectName("new_encounter_dialog")
        self._candidates = list(candidates)
        self.name = QLineEdit(name)
        self.name.setAccessibleName("Encounter name")
        self.name.selectAll()
        self.sheets = QListWidget()
        self.sheets.setAccessibleName("Combatants")
        for candidate in self._candidates:
            item = QListWidgetItem(f"{candidate.name}  ({candidate.where})")
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if candidate.checked
                               else Qt.CheckState.Unchecked)
            self.sheets.addItem(item)
        hint = QLabel("Select sheets in the Library (Ctrl+click for several) or open them in "
                      "tabs to list them here. Anyone can join later in the encounter's "
                      "set-up.")
        hint.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("Start Encounter")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.name.textChanged.connect(lambda text: ok.setEnabled(bool(text.strip())))

        form = QFormLayout()
        form.addRow("&Name:", self.name)
        sheets_label = QLabel("&Combatants:")
        sheets_label.setBuddy(self.sheets)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(sheets_label)
        layout.addWidget(self.sheets, 1)
        layout.addWidget(hint)
        layout.addWidget(self.buttons)
        # Wide enough for "Guido of Gramarye  (library)" and a two-line hint at any scale.
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 56)

    def choice(self) -> dialogs.NewEncounterChoice:
        sources = tuple(candidate.source for row, candidate in enumerate(self._candidates)
                        if self.sheets.item(row).checkState() == Qt.CheckState.Checked)
        return dialogs.NewEncounterChoice(self.name.text().strip() or DEFAULT_NAME, sources)


def _resolve(sources: Sequence[Any]) -> tuple[list[Any], list[str]]:
    """Load file sources now, so one unreadable file is reported and the rest still join.

    A bundled sample joins without its path (it is never written back).
    """
    from m3desk.ui.encounter.new_document import OpenSheet
    from m3desk.ui.file_places import is_sample

    resolved: list[Any] = []
    problems: list[str] = []
    for source in sources:
        if not isinstance(source, Path):
            resolved.append(source)
            continue
        try:
            sheet = load_sheet(source).model
        except DocumentLoadError as exc:
            problems.append(exc.message)
            continue
        resolved.append(OpenSheet(sheet, None if is_sample(source) else source))
    return resolved, problems


def new_encounter(parent: QWidget, session: DocumentSession,
                  selected: Sequence[LibraryEntry], *,
                  rules: TableRules | None = None,
                  options_for: Callable[[Any], Any] | None = None) -> OpenDocument | None:
    """Ask which sheets join, then open the new encounter in a tab; None if cancelled.

    The encounter starts with a copy of ``rules`` (the window's default table rules) and
    keeps them, whatever the default becomes later.
    """
    from m3desk.ui.encounter.new_document import OtherGameError, new_encounter_document

    candidates = encounter_candidates(session.records_of(SHEETS), selected)
    taken = [record.plain_title() for record in session.records_of(ENCOUNTERS)]
    choice = ask_new_encounter(parent, candidates, unique_encounter_name(taken))
    if choice is None:
        return None
    sources, problems = _resolve(choice.sources)
    if problems:
        dialogs.show_error(parent, "Some sheets could not join",
                           "These sheets could not be read and were left out:\n\n"
                           + "\n\n".join(problems))
    try:
        document: EncounterDocument = new_encounter_document(sources, name=choice.name,
                                                             rules=rules,
                                                             options_for=options_for)
    except OtherGameError as error:
        dialogs.show_error(parent, "One game per encounter", str(error))
        return None
    return session.adopt(document)


def ask_new_encounter(
    parent: QWidget | None,
    candidates: Sequence[EncounterCandidate],
    name: str,
) -> dialogs.NewEncounterChoice | None:
    """The encounter's name and which of ``candidates`` join it; None when cancelled."""
    if dialogs.is_non_interactive():
        return None
    dialog = NewEncounterDialog(candidates, name, parent)
    try:
        return dialog.choice() if dialog.exec() else None
    finally:
        dialog.deleteLater()
