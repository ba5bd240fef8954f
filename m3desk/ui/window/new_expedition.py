"""File → New Expedition: a name, a place, where the clock starts, and the party.

Offered for the games whose ``GameSystem.exploration`` describes one; the others are named
in a sentence (they have no exploration yet). The party is picked from the characters open
in tabs and in the library, as New Encounter picks its combatants.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from pydantic import BaseModel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
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

from m3desk.core import registry
from m3desk.core.expedition_rules import PartySheet
from m3desk.core.system import GameSystem
from m3desk.storage.errors import DocumentLoadError
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui import dialogs
from m3desk.ui.library.scan import LibraryEntry
from m3desk.ui.window.kinds import SHEETS
from m3desk.ui.window.new_encounter import EncounterCandidate, encounter_candidates
from m3desk.ui.window.open_document import OpenDocument

if TYPE_CHECKING:
    from m3desk.ui.window.session import DocumentSession

__all__ = [
    "ExpeditionChoice",
    "NewExpeditionDialog",
    "ask_new_expedition",
    "exploring_games",
    "new_expedition",
    "no_exploration_words",
]


def exploring_games() -> list[GameSystem]:
    return [game for game in registry.systems() if game.exploration is not None]


def no_exploration_words() -> str:
    """The games without exploration, in one plain sentence ("" when every game has it)."""
    others = [game.name for game in registry.systems() if game.exploration is None]
    if not others:
        return ""
    names = others[0] if len(others) == 1 else ", ".join(others[:-1]) + " and " + others[-1]
    return f"{names} {'has' if len(others) == 1 else 'have'} no exploration yet."


class NewExpeditionDialog(QDialog):
    def __init__(
        self,
        candidates: Sequence[EncounterCandidate],
        games: Sequence[GameSystem],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Expedition")
        self.setObjectName("new_expedition_dialog")
        self._games = list(games)
        self._candidates = list(candidates)
        self.name = QLineEdit("Expedition")
        self.name.setAccessibleName("Expedition name")
        self.name.selectAll()
        self.place = QLineEdit()
        self.place.setAccessibleName("Place")
        self.place.setPlaceholderText("Dungeon level 2, Wilderness: forest…")
        self.game = QComboBox()
        self.game.setAccessibleName("Game")
        for game in self._games:
            self.game.addItem(game.name, game.id)
        self.mode = QComboBox()
        self.mode.setAccessibleName("Where the clock starts")
        self.party = QListWidget()
        self.party.setObjectName("new_expedition_party")
        self.party.setAccessibleName("Party")
        others = QLabel(no_exploration_words())
        others.setTextFormat(Qt.TextFormat.PlainText)
        others.setWordWrap(True)
        others.setVisible(bool(others.text()))
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("Set Out")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("&Name:", self.name)
        form.addRow("&Place:", self.place)
        if len(self._games) > 1:
            form.addRow("&Game:", self.game)
        form.addRow("&Starts in:", self.mode)
        party_label = QLabel("Pa&rty:")
        party_label.setBuddy(self.party)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(party_label)
        layout.addWidget(self.party, 1)
        layout.addWidget(others)
        layout.addWidget(buttons)
        self.game.currentIndexChanged.connect(self._show_game)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 56)
        self.resize(self.minimumWidth(), self.fontMetrics().lineSpacing() * 24)
        self._show_game()

    def current_game(self) -> GameSystem:
        return self._games[max(0, self.game.currentIndex())]

    def _show_game(self, *_args: object) -> None:
        game = self.current_game()
        rules = game.exploration
        self.mode.clear()
        for mode in rules.modes if rules is not None else ():
            self.mode.addItem(mode.label, mode.id)
        self.party.clear()
        for index, candidate in enumerate(self._candidates):
            if candidate.game != game.name or candidate.side != "Party":
                continue
            item = QListWidgetItem(f"{candidate.name} ({candidate.where})")
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(
                Qt.CheckState.Checked if candidate.checked else Qt.CheckState.Unchecked
            )
            item.setData(Qt.ItemDataRole.UserRole, index)
            self.party.addItem(item)

    def chosen(self) -> list[Any]:
        """The sources ticked (sheet files or open sheet documents)."""
        found = []
        for row in range(self.party.count()):
            item = self.party.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                found.append(self._candidates[int(item.data(Qt.ItemDataRole.UserRole))].source)
        return found


def _party(sources: Sequence[Any]) -> tuple[list[PartySheet], list[str]]:
    from m3desk.ui.file_places import is_sample

    party: list[PartySheet] = []
    problems: list[str] = []
    for source in sources:
        if isinstance(source, Path):
            try:
                sheet = load_sheet(source).model
            except DocumentLoadError as exc:
                problems.append(exc.message)
                continue
            party.append(PartySheet(sheet, None if is_sample(source) else str(source)))
            continue
        held = getattr(source, "sheet", None)
        path = getattr(source, "path", None)
        if isinstance(held, BaseModel):
            party.append(PartySheet(held, str(path) if path is not None else None))
    return party, problems


class ExpeditionChoice(NamedTuple):
    game: str
    """The game's id."""
    name: str
    place: str
    mode: str
    sources: tuple[Any, ...]
    """The party: sheet files or open sheet documents."""


def ask_new_expedition(
    parent: QWidget | None, candidates: Sequence[EncounterCandidate], games: Sequence[GameSystem]
) -> ExpeditionChoice | None:
    """The expedition the GM sets out on; None when cancelled (tests replace this)."""
    if dialogs.is_non_interactive():
        return None
    dialog = NewExpeditionDialog(candidates, games, parent)
    try:
        if not dialog.exec():
            return None
        return ExpeditionChoice(
            dialog.current_game().id,
            dialog.name.text().strip() or "Expedition",
            dialog.place.text().strip(),
            str(dialog.mode.currentData() or ""),
            tuple(dialog.chosen()),
        )
    finally:
        dialog.deleteLater()


def new_expedition(
    parent: QWidget,
    session: DocumentSession,
    selected: Sequence[LibraryEntry],
    *,
    library: Sequence[LibraryEntry] = (),
    options_for: Callable[[GameSystem], BaseModel] | None = None,
) -> OpenDocument | None:
    """Ask for the expedition, then open it in a tab; None when cancelled or impossible.
    The sheets are read under the game's table rules from ``options_for`` (the settings')."""
    games = exploring_games()
    if not games:
        dialogs.show_error(
            parent,
            "No Exploration",
            no_exploration_words() or "No installed game has exploration yet.",
        )
        return None
    candidates = encounter_candidates(session.records_of(SHEETS), selected, library)
    choice = ask_new_expedition(parent, candidates, games)
    if choice is None:
        return None
    party, problems = _party(choice.sources)
    if problems:
        dialogs.show_error(
            parent,
            "Some sheets could not join",
            "These sheets could not be read and were left out:\n\n" + "\n\n".join(problems),
        )
    rules = registry.get(choice.game).exploration
    if rules is None:
        dialogs.show_error(parent, "No Exploration", no_exploration_words())
        return None
    expedition = rules.new_expedition(
        party, choice.name[:120], choice.place[:120], choice.mode, None
    )
    if options_for is not None:
        expedition = rules.with_table_rules(expedition, options_for(registry.get(choice.game)))
    return session.add_new(expedition)
