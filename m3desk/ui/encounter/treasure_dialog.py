"""Encounter → Experience → Treasure…: roll the defeated foes' treasure type, see what it
gives and its worth, settle the worth by hand, share it out, and count it in the fight.

The types come from each defeated foe's sheet (its ``treasure`` field as the bestiary prints
it: a hoard's letter for a lair, an individual's letter); the rolling is
:func:`m3desk.core.treasure.roll_treasure` on the game's random tables. Accepting pushes one
undo step that sets the encounter's ``treasure_gp`` and ``treasure``; a game that gives
experience for treasure counts it in its Experience. Every text shown is plain text.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.dice import Roller
from m3desk.core.tables import TableError, TableSet
from m3desk.core.treasure import Treasure, roll_treasure
from m3desk.ui.documents.encounter_document import EncounterDocument

__all__ = ["TreasureDialog", "foes_treasure_types", "game_tables"]

_LETTER = re.compile(r"\b([A-Z])\b")


@cache
def game_tables(game_id: str) -> TableSet:
    """The game's bundled tables, read once (they do not change while m3desk runs)."""
    from m3desk.storage.tables import load_tables

    return load_tables(game_id)


def foes_treasure_types(encounter: core.Encounter, known: set[str]) -> list[tuple[str, str]]:
    """(type, whose) for each treasure letter a defeated foe's sheet names, in order."""
    found: dict[str, list[str]] = {}
    for combatant in encounter.combatants:
        if not encounter.out_of_fight(combatant):
            continue
        text = str(getattr(combatant.sheet, "treasure", "") or "")
        for letter in _LETTER.findall(text):
            if letter.casefold() in known:
                found.setdefault(letter, []).append(combatant.name)
    return [
        (letter, names[0] + (f" and {len(names) - 1} more" if len(names) > 1 else ""))
        for letter, names in found.items()
    ]


def shared_out(
    encounter: core.Encounter, treasure: Treasure | None, ids: list[str]
) -> tuple[core.Encounter, list[str]]:
    """The encounter with the coins split evenly among the survivors ``ids`` (what is left
    over to the first) into their sheets' ``coins``, and the gems, jewellery and magic items
    handed round into their ``equipment``, where a sheet has those fields; and a sentence
    for each share (or for a sheet that could not take it)."""
    if treasure is None or not ids:
        return encounter, []
    said: list[str] = []
    after = encounter
    items = list(treasure.items)
    for at, combatant_id in enumerate(ids):
        sheet = after.combatant(combatant_id).sheet
        data: dict[str, Any] = sheet.model_dump()
        got: list[str] = []
        if isinstance(data.get("coins"), dict):
            for coin in treasure.coins:
                each, left = divmod(coin.amount, len(ids))
                amount = each + (left if at == 0 else 0)
                if coin.coin in data["coins"] and amount:
                    data["coins"][coin.coin] = int(data["coins"][coin.coin]) + amount
                    got.append(f"{amount:,}{coin.coin}")
        if isinstance(data.get("equipment"), (list, tuple)):
            gear = list(data["equipment"])
            for item in items[at :: len(ids)]:
                worth = (
                    f" ({item.value_gp:,}gp)"
                    if item.value_gp is not None and f"{item.value_gp:,}gp" not in item.name
                    else ""
                )
                gear.append({"name": f"{item.name}{worth}"[:60]})
                got.append(f"{item.name}{worth}")
            data["equipment"] = gear
        if not got:
            continue
        got = _grouped(got)
        try:
            changed = type(sheet).model_validate(data)
        except ValidationError:
            said.append(
                f"{after.combatant(combatant_id).name}'s sheet cannot hold more; "
                "their share is only in the log"
            )
            continue
        after = core.replace_sheet(after, combatant_id, changed)
        said.append(_cut(f"{after.combatant(combatant_id).name}: ", got))
    return after, said


def _grouped(got: list[str]) -> list[str]:
    """Like things once, counted ("Gem (50gp) × 3"), in the order first met."""
    counts: dict[str, int] = {}
    for thing in got:
        counts[thing] = counts.get(thing, 0) + 1
    return [thing if n == 1 else f"{thing} × {n}" for thing, n in counts.items()]


def _cut(head: str, got: list[str], limit: int = 600) -> str:
    """``head`` and the things, whole, as many as fit in ``limit`` (then how many more)."""
    text = head + ", ".join(got)
    if len(text) <= limit:
        return text
    for kept in range(len(got) - 1, 0, -1):
        shorter = f"{head}{', '.join(got[:kept])} and {len(got) - kept} more"
        if len(shorter) <= limit:
            return shorter
    return text[:limit]


class TreasureDialog(QDialog):
    """Modal: the foes' treasure types, Roll, what came out, its worth (editable), shares."""

    def __init__(
        self,
        document: EncounterDocument,
        parent: QWidget | None = None,
        roller: Roller | None = None,
        tables: TableSet | None = None,
    ) -> None:
        super().__init__(parent)
        self._document = document
        self._roller = roller or Roller()
        encounter = document.encounter
        self._tables = (
            tables if tables is not None else game_tables(registry.system_of(encounter).id)
        )
        self.treasure: Treasure | None = None
        self.setWindowTitle("Treasure")
        self.setObjectName("treasure_dialog")
        self.type = QComboBox()
        self.type.setAccessibleName("Treasure type")
        known = set(self._tables.treasure_types)
        for letter, whose in foes_treasure_types(encounter, known):
            self.type.addItem(f"{letter}: {whose}"[:80], letter)
        for kind in self._tables.treasure_types.values():
            if self.type.findData(kind.type) < 0:
                self.type.addItem(kind.type, kind.type)
        self.roll_button = QPushButton("&Roll the Treasure")
        self.roll_button.setObjectName("treasure_roll")
        self.roll_button.clicked.connect(self.roll)
        self.roll_button.setEnabled(self.type.count() > 0)
        self.shown = QLabel("Not rolled yet.")
        self.shown.setObjectName("treasure_shown")
        self.shown.setTextFormat(Qt.TextFormat.PlainText)
        self.shown.setWordWrap(True)
        self.shown.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.worth = QSpinBox()
        self.worth.setAccessibleName("Worth in gold pieces")
        self.worth.setRange(0, 10_000_000)
        self.worth.setGroupSeparatorShown(True)
        self.worth.setSuffix(" gp")
        self.worth.setValue(encounter.treasure_gp)
        self.worth.valueChanged.connect(self._show_shares)
        self.shares = QPlainTextEdit()  # a share a line, as many as the party: it scrolls
        self.shares.setObjectName("treasure_shares")
        self.shares.setAccessibleName("Shares")
        self.shares.setReadOnly(True)
        self.shares.setMinimumHeight(self.fontMetrics().lineSpacing() * 7)
        row = QHBoxLayout()
        row.addWidget(self.type, 1)
        row.addWidget(self.roll_button)
        form = QFormLayout()
        type_label = QLabel("&Type:")
        type_label.setBuddy(self.type)
        form.addRow(type_label, row)
        form.addRow("Found:", self.shown)
        worth_label = QLabel("&Worth:")
        worth_label.setBuddy(self.worth)
        form.addRow(worth_label, self.worth)
        form.addRow("Shares:", self.shares)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("&Count It In")
        ok.setObjectName("treasure_count_in")
        buttons.accepted.connect(self.count_in)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)  # wrapped text whole
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 70)
        self._show_shares()

    def _survivors(self) -> list[str]:
        encounter = self._document.encounter
        return [
            c.id
            for c in encounter.combatants
            if getattr(c.sheet, "kind", "") == "character" and not encounter.out_of_fight(c)
        ]

    def roll(self) -> None:
        letter = self.type.currentData()
        if not letter:
            return
        try:
            self.treasure = roll_treasure(self._tables, str(letter), self._roller)
        except TableError as error:
            self.shown.setText(f"{error}.")
            return
        self.shown.setText("\n".join(self.treasure.lines()))
        fixed = sum(item.value_gp or 0 for item in self.treasure.items)
        self.worth.setMinimum(min(fixed, 10_000_000))  # the coins can go, not the gems
        self.worth.setValue(int(self.treasure.value_gp))

    def settled(self) -> Treasure | None:
        """The rolled treasure with its coins made to match the worth as it stands (typed
        by hand or rolled): what is shared out, and what the shares shown say."""
        return None if self.treasure is None else self.treasure.settled(self.worth.value())

    def _show_shares(self, *_args: object) -> None:
        party = self._survivors()
        value = self.worth.value()
        if not party:
            self.shares.setPlainText("Nobody is left standing to share it.")
            return
        if self.treasure is None:
            self.shares.setPlainText(
                f"{value:,} gp counted for the fight; roll the treasure to "
                "share it out onto the sheets"
            )
            return
        _after, said = shared_out(self._document.encounter, self.settled(), party)
        self.shares.setPlainText(
            "\n".join(
                [f"{value:,} gp split {len(party)} ways:", *said]
                if said
                else [f"{value:,} gp: nothing to hand out"]
            )
        )

    def count_in(self) -> None:
        """The settled worth and the lines found into the fight, one undo step."""
        encounter = self._document.encounter
        treasure = self.settled()
        lines = tuple(line[:200] for line in (treasure.lines() if treasure else ())[:60])
        value = self.worth.value()
        after = encounter.model_copy(update={"treasure_gp": value, "treasure": lines})
        after, shares = shared_out(after, treasure, self._survivors())
        text = f"Treasure: worth {value:,} gp" + (
            f" ({'; '.join(lines[:-1])})" if len(lines) > 1 else ""
        )
        after = core.add_log(
            after, text[:2000], details="\n".join(["Shared:", *shares] if shares else [])[:20000]
        )
        self._document.apply(after, "Treasure")
        self.accept()
