"""From a check that came up to the fight: the encounter with the party and the monsters.

:func:`wandering_encounter` is the one place an expedition becomes an encounter. It takes a
monster by its id in the game's bestiary (its name there, "Goblin") and a number appearing,
so whatever picks them (the referee in :class:`WanderingDialog`, or a random table's roll)
calls the same function. The encounter opens in its set-up, where the game's own steps
(surprise, distance, reaction) are offered as in any fight.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import BaseModel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.dice import DiceExpr, Roller
from m3desk.core.expedition import Expedition
from m3desk.core.expedition_rules import ExplorationRules

__all__ = ["WanderingDialog", "bestiary_monsters", "wandering_encounter"]


@cache
def _bestiary(system_id: str) -> tuple[tuple[str, BaseModel, str], ...]:
    """The bundled bestiary's monsters of a game: (id, sheet, number appearing)."""
    from m3desk.assets import resource_path
    from m3desk.storage.bestiary import DocumentLoadError, bundled_bestiaries, load_bestiary

    found: list[tuple[str, BaseModel, str]] = []
    for path in bundled_bestiaries(resource_path("bestiary")):
        try:
            book = load_bestiary(path)
        except DocumentLoadError:
            continue
        if book.system == system_id:
            found += [(entry.name, entry.sheet, entry.appearing) for entry in book.entries]
    return tuple(found)


def bestiary_monsters(system_id: str) -> tuple[tuple[str, str], ...]:
    """Each monster the game's bestiary holds: (id, number appearing as printed)."""
    return tuple((name, appearing) for name, _sheet, appearing in _bestiary(system_id))


def _monster(system_id: str, monster_id: str) -> BaseModel:
    for name, sheet, _appearing in _bestiary(system_id):
        if name == monster_id:
            return sheet
    raise ValueError(f"The bestiary has no monster “{monster_id[:80]}”.")


def wandering_encounter(expedition: Expedition, monster_id: str, number: int,
                        roller: Roller | None = None, *, side: str = "Monsters",
                        options: BaseModel | None = None) -> core.Encounter:
    """An encounter of the expedition's game: the party's sheets on the Party side and
    ``number`` copies of the bestiary's ``monster_id`` on ``side``, their hit points rolled
    on their Hit Dice, in set-up. Raises ValueError with a sentence (no such monster, too
    many)."""
    from m3desk.ui.encounter.copies_dialog import with_copies
    from m3desk.ui.encounter.new_document import OpenSheet, add_sheets, encounter_for

    game = registry.system_of(expedition)
    rules: ExplorationRules | None = game.exploration
    if rules is None or game.encounter is None:
        raise ValueError(f"{game.name} has no exploration yet.")
    party = rules.party(expedition)
    name = f"{expedition.name}: wandering monsters"[:120]
    fight = encounter_for([p.sheet for p in party], name, options)
    fight = add_sheets(fight, [OpenSheet(p.sheet, Path(p.path) if p.path else None)
                               for p in party], "Party")
    sheet = _monster(game.id, monster_id)
    fight, _text = with_copies(fight, sheet, number, side, "rolled", roller or Roller())
    where = f" in {expedition.place}" if expedition.place else ""
    return core.add_log(fight, f"Met while exploring{where} ({rules.clock_words(expedition)})")


class WanderingDialog(QDialog):
    """Which monsters are met and how many: the referee's pick from the bestiary."""

    def __init__(self, system_id: str, parent: QWidget | None = None,
                 roller: Roller | None = None) -> None:
        super().__init__(parent)
        self._roller = roller or Roller()
        self._appearing = dict(bestiary_monsters(system_id))
        self.setWindowTitle("Wandering Monsters")
        self.setObjectName("wandering_dialog")
        self.monster = QComboBox()
        self.monster.setAccessibleName("Monster")
        self.monster.setEditable(True)
        self.monster.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        for monster_id, appearing in bestiary_monsters(system_id):
            self.monster.addItem(monster_id, monster_id)
            self.monster.setItemData(self.monster.count() - 1,
                                     f"Number appearing {appearing}" if appearing else "",
                                     Qt.ItemDataRole.ToolTipRole)
        self.number = QSpinBox()
        self.number.setAccessibleName("Number appearing")
        self.number.setRange(1, 60)
        self.printed = QLabel()
        self.printed.setTextFormat(Qt.TextFormat.PlainText)
        self.roll_number = QPushButton("&Roll")
        self.roll_number.setObjectName("wandering_roll_number")
        self.roll_number.clicked.connect(self.roll_appearing)
        self.monster.currentTextChanged.connect(self._show_appearing)
        hint = QLabel("Roll the level's or terrain's table, then pick the monster and the "
                      "number appearing; the party joins from the expedition.")
        hint.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("Start the Encounter")
        ok.setEnabled(self.monster.count() > 0)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("&Monster:", self.monster)
        count = QHBoxLayout()
        count.addWidget(self.number, 1)
        count.addWidget(self.roll_number)
        form.addRow("&Number appearing:", count)
        form.addRow("In the book:", self.printed)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(hint)
        layout.addWidget(buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 50)
        self._show_appearing()

    def _dice(self) -> DiceExpr | None:
        from m3desk.ui.encounter.copies_dialog import appearing_dice

        return appearing_dice(self._appearing.get(self.monster.currentText().strip(), ""))

    def _show_appearing(self, *_args: object) -> None:
        printed = self._appearing.get(self.monster.currentText().strip(), "")
        self.printed.setText(printed or "—")
        dice = self._dice()
        self.roll_number.setEnabled(dice is not None)
        self.roll_number.setText(f"&Roll {dice}" if dice is not None else "&Roll")
        self.roll_number.setToolTip("Roll the number appearing in a dungeon (the first of "
                                    "the book's numbers)" if dice is not None else
                                    "The book gives no dice for this monster")

    def roll_appearing(self) -> None:
        dice = self._dice()
        if dice is not None:
            total = dice.total(self._roller.roll_faces(dice))
            self.number.setValue(max(1, min(total, self.number.maximum())))

    def choice(self) -> tuple[str, int]:
        return self.monster.currentText().strip(), self.number.value()
