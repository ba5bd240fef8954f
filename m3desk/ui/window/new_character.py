"""The "New Character" dialog: name, race, class and level, with a preview of what they give."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from m3desk.systems.monsters_and_magic.sheet import MAX_LEVEL
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.ui import dialogs
from m3desk.ui.dialogs import NewCharacterChoice
from m3desk.ui.own_game import OWN_GAME_ID
from m3desk.ui.window.new_sheets import hit_points_preview

__all__ = ["NewCharacterDialog", "ask_game", "games_with_forms"]

OWN_SHEETS = OWN_GAME_ID
"""The game whose new characters are built from race and class data here."""


def games_with_forms(kind: str) -> list[tuple[str, str]]:
    """(id, name) of every installed game that can start a ``kind`` sheet, ours first."""
    from m3desk.core import registry

    games = [(OWN_SHEETS, registry.get(OWN_SHEETS).name)] if OWN_SHEETS in registry.ids() \
        else []
    games += [(system.id, system.name) for system in registry.systems()
              if system.id != OWN_SHEETS and kind in system.sheet_forms]
    return games


def ask_game(parent: QWidget | None, kind: str) -> str | None:
    """Which game a new ``kind`` sheet is for: asked only when there is a choice."""
    games = games_with_forms(kind)
    if len(games) <= 1 or dialogs.is_non_interactive():
        return games[0][0] if games else None
    from PySide6.QtWidgets import QInputDialog

    names = [name for _id, name in games]
    chosen, ok = QInputDialog.getItem(parent, f"New {kind.title()}", "Game:", names, 0, False)
    return games[names.index(chosen)][0] if ok and chosen in names else None


def _trait_names(data: Mapping[str, Any]) -> list[str]:
    names = []
    for item in data.get("traits", ()):
        name = item if isinstance(item, str) else item.get("name", "")
        if name:
            names.append(str(name))
    return names


class NewCharacterDialog(QDialog):
    """Collects a :class:`NewCharacterChoice`; OK stays disabled until there is a name."""

    def __init__(
        self,
        races: Mapping[str, Mapping[str, Any]],
        classes: Mapping[str, Mapping[str, Any]],
        parent: QWidget | None = None,
        rules: TableRules | None = None,
    ) -> None:
        """``rules``: the table rules the character starts under (its hit points)."""
        super().__init__(parent)
        self.setWindowTitle("New Character")
        self._rules = rules if rules is not None else table_rules_of(parent)
        self._races = races
        self._classes = classes
        self._games = games_with_forms("character") or [(OWN_SHEETS, "Monsters & Magic")]
        self.game = QComboBox()
        self.game.addItems([name for _id, name in self._games])
        self.game.setAccessibleName("Game")

        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Gramfive")
        self.race = QComboBox()
        self.race.addItems([race.title() for race in races])
        self.char_class = QComboBox()
        self.char_class.addItems([klass.title() for klass in classes])
        self.level = QSpinBox()
        self.level.setRange(1, MAX_LEVEL)
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        self.preview.setObjectName("new_character_preview")

        form = QFormLayout()
        self.form = form
        if len(self._games) > 1:
            form.addRow("&Game:", self.game)
        form.addRow("&Name:", self.name)
        form.addRow("&Race:", self.race)
        form.addRow("&Class:", self.char_class)
        form.addRow("&Level:", self.level)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addSpacing(6)
        layout.addWidget(self.preview)
        layout.addSpacing(6)
        layout.addWidget(self.buttons)
        # Wide enough that the preview of a class with several traits stays readable.
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance("M") * 30)

        self.name.textChanged.connect(self._update)
        self.race.currentIndexChanged.connect(self._update)
        self.char_class.currentIndexChanged.connect(self._update)
        self.game.currentIndexChanged.connect(self._update)
        self.level.valueChanged.connect(self._update)
        self._update()

    def _system(self) -> str:
        return self._games[max(self.game.currentIndex(), 0)][0]

    def _race_key(self) -> str:
        return list(self._races)[self.race.currentIndex()] if self._races else ""

    def _class_key(self) -> str:
        return list(self._classes)[self.char_class.currentIndex()] if self._classes else ""

    def _update(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self.name.text().strip()))
        own = self._system() == OWN_SHEETS
        for field in (self.race, self.char_class, self.level):
            self.form.setRowVisible(field, own)
        if not own:
            self.preview.setText("Class, level, abilities and equipment are chosen on the "
                                 "sheet; hit points start from the class's rules.")
            return
        race = self._races.get(self._race_key(), {})
        klass = self._classes.get(self._class_key(), {})
        prime = klass.get("prime") or "none"
        traits = _trait_names(klass) + _trait_names(race)
        self.preview.setText(
            f"Movement {race.get('movement', '—')} · Prime attribute {prime}\n"
            f"Traits: {', '.join(traits) if traits else 'none'}\n"
            f"{hit_points_preview(self.level.value(), self._rules)}"
        )

    def choice(self) -> NewCharacterChoice:
        return NewCharacterChoice(
            name=self.name.text().strip(),
            race=self._race_key(),
            char_class=self._class_key(),
            level=self.level.value(),
            system=self._system(),
        )


def table_rules_of(parent: QWidget | None) -> TableRules:
    """The table rules of the window asking (its settings), else the rules' defaults."""
    store = getattr(parent, "settings_store", None)
    rules = store.table_rules() if store is not None else None
    return rules if isinstance(rules, TableRules) else TableRules()


def ask_new_character(
    parent: QWidget | None,
    races: Mapping[str, Mapping[str, Any]],
    classes: Mapping[str, Mapping[str, Any]],
    rules: TableRules | None = None,
) -> NewCharacterChoice | None:
    """Name, race, class and level of a new character; None when cancelled."""
    if dialogs.is_non_interactive():
        return None
    dialog = NewCharacterDialog(races, classes, parent, rules)
    try:
        return dialog.choice() if dialog.exec() else None
    finally:
        dialog.deleteLater()
