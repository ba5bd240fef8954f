"""From a check that came up to the fight: the encounter with the party and the monsters.

:func:`wandering_encounter` is the one place an expedition becomes an encounter. It takes a
monster by its id in the game's bestiary (its name there, "Goblin") and a number appearing,
so whatever picks them (the referee in :class:`WanderingDialog`, or a random table's roll)
calls the same function. The encounter opens in its set-up, where the game's own steps
(surprise, distance, reaction) are offered as in any fight.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache
from pathlib import Path

from pydantic import BaseModel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.dice import DiceExpr, Roller
from m3desk.core.expedition import Expedition
from m3desk.core.expedition_rules import EncounterTable, ExplorationRules
from m3desk.core.tables import Table, TableError, TableResult, TableSet
from m3desk.core.tables import roll as roll_table

__all__ = [
    "WanderingDialog",
    "appearing_number",
    "bestiary_monsters",
    "chain_chances",
    "wandering_encounter",
]

_PART = re.compile(r"^\s*(\d{1,2}d\d{1,3}|\d{1,3})(?:\s*[×x]\s*(\d{1,3}))?\s*$")


def appearing_number(printed: str, part: int, roller: Roller) -> tuple[int, str] | None:
    """The number appearing rolled on one of the book's numbers (``part`` 0: the first,
    1: the one in brackets), with how it was found ("1d6 × 10: 40"); None where that part
    is no dice nor number (a zero, "see below")."""
    first, _, rest = printed.partition("(")
    text = first if part == 0 else rest.rsplit(")", 1)[0]
    found = _PART.match(text)
    if found is None:
        return None
    dice, times = found.group(1), int(found.group(2) or 1)
    if "d" in dice:
        expr = DiceExpr.parse(dice)
        rolled = expr.total(roller.roll_faces(expr)) * times
    else:
        rolled = int(dice) * times
    if rolled < 1:
        return None
    return rolled, f"{text.strip()}: {rolled}"


def chain_chances(table: Table, result: TableResult) -> list[tuple[str, Fraction]]:
    """Each step of a roll with the exact chance of the row it hit, then the result's own
    chance (their product)."""
    out: list[tuple[str, Fraction]] = []
    current: Table | None = table
    whole = Fraction(1)
    for step in result.steps:
        if current is None:
            break
        chance = next(c for row, c in current.chances() if row == step.row)
        whole *= chance
        out.append(
            (
                f"{step.table} ({step.dice}: {step.total}"
                f"{', typed' if step.typed else ''}) → {step.row.text}",
                chance,
            )
        )
        current = current.subtable(step.row)
    out.append((result.text, whole))
    return out


def _odds(chance: Fraction) -> str:
    return f"{chance.numerator} in {chance.denominator} ({float(chance) * 100:.1f}\u00a0%)"


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


def wandering_encounter(
    expedition: Expedition,
    monster_id: str,
    number: int,
    roller: Roller | None = None,
    *,
    side: str = "Monsters",
    options: BaseModel | None = None,
) -> core.Encounter:
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
    fight = add_sheets(
        fight, [OpenSheet(p.sheet, Path(p.path) if p.path else None) for p in party], "Party"
    )
    sheet = _monster(game.id, monster_id)
    fight, _text = with_copies(fight, sheet, number, side, "rolled", roller or Roller())
    where = f" in {expedition.place}" if expedition.place else ""
    return core.add_log(fight, f"Met while exploring{where} ({rules.clock_words(expedition)})")


class WanderingDialog(QDialog):
    """Which monsters are met and how many: the referee's pick from the bestiary."""

    def __init__(
        self,
        system_id: str,
        parent: QWidget | None = None,
        roller: Roller | None = None,
        expedition: Expedition | None = None,
        tables: TableSet | None = None,
    ) -> None:
        super().__init__(parent)
        self._roller = roller or Roller()
        self._tables = tables if tables is not None else TableSet()
        rules = registry.get(system_id).exploration
        self._pick = (
            rules.encounter_table(expedition)
            if rules is not None and expedition is not None
            else EncounterTable()
        )
        self.rolled: TableResult | None = None
        self._appearing = dict(bestiary_monsters(system_id))
        self.setWindowTitle("Wandering Monsters")
        self.setObjectName("wandering_dialog")
        self.monster = QComboBox()
        self.monster.setAccessibleName("Monster")
        self.monster.setEditable(True)
        self.monster.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        for monster_id, appearing in bestiary_monsters(system_id):
            self.monster.addItem(monster_id, monster_id)
            self.monster.setItemData(
                self.monster.count() - 1,
                f"Number appearing {appearing}" if appearing else "",
                Qt.ItemDataRole.ToolTipRole,
            )
        self.number = QSpinBox()
        self.number.setAccessibleName("Number appearing")
        self.number.setRange(1, 60)
        self.printed = QLabel()
        self.printed.setTextFormat(Qt.TextFormat.PlainText)
        self.roll_number = QPushButton("&Roll")
        self.roll_number.setObjectName("wandering_roll_number")
        self.roll_number.clicked.connect(self.roll_appearing)
        self.monster.currentTextChanged.connect(self._show_appearing)
        self.table_box = self._table_box()
        hint = QLabel(
            "Roll the place's encounter table, or pick the monster and the number "
            "appearing by hand; the party joins from the expedition."
        )
        hint.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
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
        number_label = QLabel("&Number appearing:")
        number_label.setBuddy(self.number)
        form.addRow(number_label, count)
        form.addRow("In the book:", self.printed)
        layout = QVBoxLayout(self)
        if self.table_box is not None:
            layout.addWidget(self.table_box)
        layout.addLayout(form)
        layout.addWidget(hint)
        layout.addWidget(buttons)
        self.setMinimumWidth(
            self.fontMetrics().averageCharWidth() * 50 * (2 if self.table_box is not None else 1)
        )
        self._show_appearing()

    def _table_box(self) -> QGroupBox | None:
        """The encounter table of the place: a table chooser, typed totals, Roll, and the
        chain with its exact chances. None where the game has no tables to roll."""
        names = [
            t.name
            for t in self._tables.tables.values()
            if any(r.monster or r.table for r in t.rows)
        ]
        if not names:
            return None
        box = QGroupBox("From the Encounter Table")
        self.table = QComboBox()
        self.table.setAccessibleName("Encounter table")
        self.table.addItems(names)
        picked = self._tables.get(self._pick.table)
        if picked is not None:
            self.table.setCurrentText(picked.name)
        self.typed = QLineEdit()
        self.typed.setAccessibleName("Typed totals")
        self.typed.setPlaceholderText("Totals rolled at the table, e.g. 6, or 3 5")
        self.typed.returnPressed.connect(self.roll_table)
        self.roll_button = QPushButton("Roll the &Table")
        self.roll_button.setObjectName("wandering_roll_table")
        self.roll_button.clicked.connect(self.roll_table)
        self.table_odds = QLabel()
        self.table_odds.setTextFormat(Qt.TextFormat.PlainText)
        self.table_odds.setWordWrap(True)
        self.chain = QLabel("Not rolled yet.")
        self.chain.setObjectName("wandering_chain")
        self.chain.setTextFormat(Qt.TextFormat.PlainText)
        self.chain.setWordWrap(True)
        self.chain.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table.currentTextChanged.connect(self._show_table_odds)
        row = QHBoxLayout()
        row.addWidget(self.typed, 1)
        row.addWidget(self.roll_button)
        form = QFormLayout(box)
        form.addRow("T&able:", self.table)
        form.addRow("Dice:", self.table_odds)
        typed_label = QLabel("T&yped:")
        typed_label.setBuddy(self.typed)
        form.addRow(typed_label, row)
        form.addRow("Result:", self.chain)
        self._show_table_odds()
        return box

    def _current_table(self) -> Table | None:
        box = getattr(self, "table", None)
        return self._tables.get(box.currentText()) if box is not None else None

    def _show_table_odds(self, *_args: object) -> None:
        table = self._current_table()
        if table is None:
            self.table_odds.setText("—")
            return
        subs = ", then the sub-table its row names" if table.subtables else ""
        self.table_odds.setText(f"{table.dice}{subs}")

    def roll_table(self) -> None:
        """Roll (or read the typed totals on) the table and fill in the monster and the
        number appearing: the table's dice where its row gives them, else the bestiary's."""
        table = self._current_table()
        if table is None:
            return
        words = self.typed.text().replace(",", " ").split()
        if any(not w.isdigit() or len(w) > 4 for w in words):
            self.chain.setText(
                "Type the totals as whole numbers, one a table of the chain (e.g. 6, or 3 5)."
            )
            return
        try:
            result = roll_table(table, self._roller, [int(w) for w in words[:8]])
        except TableError as error:
            self.chain.setText(f"{error}.")
            return
        self.rolled = result
        lines = [f"{text}: {_odds(chance)}" for text, chance in chain_chances(table, result)]
        lines[-1] = f"Chance of this result: {_odds(chain_chances(table, result)[-1][1])}"
        monster = result.monster
        found = monster is not None and monster in self._appearing
        if found and monster is not None:
            self.monster.setCurrentText(monster)
            if result.appearing is not None:
                self.number.setValue(max(1, min(result.appearing, self.number.maximum())))
                lines.append(f"Number appearing {result.appearing_dice}: {result.appearing}")
            else:
                rolled = appearing_number(
                    self._appearing[monster], self._pick.appearing, self._roller
                )
                if rolled is None:
                    lines.append(
                        f"The bestiary gives no number to roll here "
                        f"({self._appearing[monster] or '—'}): set it by hand."
                    )
                else:
                    self.number.setValue(max(1, min(rolled[0], self.number.maximum())))
                    lines.append(f"Number appearing (bestiary) {rolled[1]}")
        else:
            lines.append(f"The bestiary has no “{result.text[:80]}”: pick the monsters by hand.")
        self.chain.setText("\n".join(lines))

    def _dice(self) -> DiceExpr | None:
        from m3desk.ui.encounter.copies_dialog import appearing_dice

        printed = self._appearing.get(self.monster.currentText().strip(), "")
        if self._pick.appearing == 1 and "(" in printed:
            bracket = printed.partition("(")[2].rsplit(")", 1)[0]
            return appearing_dice(bracket)
        return appearing_dice(printed)

    def _show_appearing(self, *_args: object) -> None:
        printed = self._appearing.get(self.monster.currentText().strip(), "")
        self.printed.setText(printed or "—")
        dice = self._dice()
        self.roll_number.setEnabled(dice is not None)
        self.roll_number.setText(f"&Roll {dice}" if dice is not None else "&Roll")
        self.roll_number.setToolTip(
            "Roll the number appearing in a dungeon (the first of the book's numbers)"
            if dice is not None and self._pick.appearing == 0
            else "Roll the number appearing in the wilderness (the book's number in brackets)"
            if dice is not None
            else "The book gives no dice for this monster"
        )

    def roll_appearing(self) -> None:
        dice = self._dice()
        if dice is not None:
            total = dice.total(self._roller.roll_faces(dice))
            self.number.setValue(max(1, min(total, self.number.maximum())))

    def choice(self) -> tuple[str, int]:
        return self.monster.currentText().strip(), self.number.value()
