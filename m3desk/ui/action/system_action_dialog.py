"""The action dialog for any game: choose, see the exact odds, roll or type the dice, apply.

Everything it shows comes from the encounter's game through its
:class:`~m3desk.core.system.EncounterRules`: the actions the actor has, a preview with the
arithmetic and the exact chance before rolling (or why the action is barred), the dice the
action rolls, and the resolved encounter. Apply is one undo step with the game's log line.
A game whose actions need a step of their own (Monsters & Magic's effect points) has its
own dialog instead; :mod:`m3desk.ui.action.dialog_choice` picks.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from m3desk.core import registry
from m3desk.core.dice import Roller
from m3desk.core.encounter import position_between
from m3desk.core.numbers import percent
from m3desk.core.system import ActionOption, ActionPreview, EncounterRules
from m3desk.ui import dialogs
from m3desk.ui.documents.encounter_document import EncounterDocument

__all__ = ["SystemActionDialog"]

NO_FACE = 0
"""A die field not typed yet (shown as "–")."""


def _plain(label: QLabel) -> QLabel:
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


class SystemActionDialog(QDialog):
    """One action of one combatant, resolved through the game's own functions."""

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None, *,
                 roller: Roller | None = None, actor_id: str | None = None) -> None:
        super().__init__(parent)
        self._document = document
        system = registry.system_of(document.encounter)
        if system.encounter is None or system.encounter.resolve is None:
            raise ValueError(f"{system.name} describes no actions")
        self._rules: EncounterRules = system.encounter
        self._model = system.positions
        self._roller = roller or Roller()
        self.was_applied = False
        self.notices: tuple[str, ...] = ()
        self.setWindowTitle(f"Act — {system.name}")
        self.actor = QComboBox(self)
        self.actor.setAccessibleName("Actor")
        self.action = QComboBox(self)
        self.action.setAccessibleName("Action")
        self.target = QComboBox(self)
        self.target.setAccessibleName("Target")
        self.preview = _plain(QLabel(self))
        self.preview.setObjectName("action_preview")
        self.chance = _plain(QLabel(self))
        self.chance.setObjectName("action_chance")
        font = self.chance.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.chance.setFont(font)
        self.problem = _plain(QLabel(self))
        self.problem.setObjectName("action_problem")
        self.dice_box = QGroupBox("Dice: roll here, or type what the table rolled", self)
        self.dice_layout = QHBoxLayout(self.dice_box)
        self.dice: list[QSpinBox] = []
        self.roll_button = QPushButton("&Roll", self)
        self.roll_button.setToolTip("Roll every die of this action in the app")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.apply_button = self.buttons.addButton("&Apply",
                                                   QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.rejected.connect(self.reject)
        self.apply_button.clicked.connect(self.apply)
        self.roll_button.clicked.connect(self.roll)
        self._build_layout()

        encounter = document.encounter
        for combatant in encounter.combatants:
            self.actor.addItem(combatant.name, combatant.id)
        chosen = actor_id or encounter.turn or document.selected
        index = self.actor.findData(chosen)
        self.actor.setCurrentIndex(max(index, 0))
        self.actor.currentIndexChanged.connect(self._actor_changed)
        self.action.currentIndexChanged.connect(self._action_changed)
        self.target.currentIndexChanged.connect(self._refresh)
        self._actor_changed()

    def _build_layout(self) -> None:
        form = QFormLayout()
        form.addRow("&Actor:", self.actor)
        form.addRow("A&ction:", self.action)
        form.addRow("&Target:", self.target)
        for field in (self.actor, self.action, self.target):
            label = form.labelForField(field)
            if isinstance(label, QLabel):
                label.setBuddy(field)
        dice_row = QHBoxLayout()
        dice_row.addWidget(self.dice_box, 1)
        dice_row.addWidget(self.roll_button, 0, Qt.AlignmentFlag.AlignBottom)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.preview)
        layout.addWidget(self.chance)
        layout.addWidget(self.problem)
        layout.addLayout(dice_row)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(460)

    # -- choices ---------------------------------------------------------------------------

    @property
    def actor_id(self) -> str:
        return str(self.actor.currentData() or "")

    @property
    def option(self) -> ActionOption | None:
        data = self.action.currentData()
        return data if isinstance(data, ActionOption) else None

    @property
    def target_id(self) -> str | None:
        data = self.target.currentData()
        return str(data) if data else None

    def _actor_changed(self) -> None:
        self.action.blockSignals(True)
        self.action.clear()
        for option in self._rules.actions(self._document.encounter, self.actor_id):
            self.action.addItem(option.label, option)
            if option.help:
                self.action.setItemData(self.action.count() - 1, option.help,
                                        Qt.ItemDataRole.ToolTipRole)
        self.action.blockSignals(False)
        self._action_changed()

    def _action_changed(self) -> None:
        self._fill_targets()
        self._build_dice()
        self._refresh()

    def _fill_targets(self) -> None:
        """Every other combatant with its distance and reach; the default is one in reach."""
        encounter = self._document.encounter
        option = self.option
        self.target.blockSignals(True)
        self.target.clear()
        first_in_reach = -1
        if option is not None and option.needs_target:
            for other in encounter.combatants:
                if other.id == self.actor_id:
                    continue
                where = self._model.label(position_between(encounter, self.actor_id, other.id))
                reach = self._rules.reach(encounter, self.actor_id, other.id)
                mark = "in reach" if reach.in_reach else "out of reach"
                self.target.addItem(f"{other.name} — {where} ({mark})", other.id)
                if reach.in_reach and first_in_reach < 0:
                    first_in_reach = self.target.count() - 1
        self.target.setEnabled(self.target.count() > 0)
        self.target.setCurrentIndex(max(first_in_reach, 0) if self.target.count() else -1)
        self.target.blockSignals(False)

    def _build_dice(self) -> None:
        while self.dice_layout.count():
            item = self.dice_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.dice = []
        option = self.option
        for spec in option.dice if option is not None else ():
            for number in range(spec.number):
                name = f"{spec.label} d{spec.sides}" + (f" {number + 1}" if spec.number > 1
                                                        else "")
                label = _plain(QLabel(f"{name}:", self.dice_box))
                label.setWordWrap(False)
                spin = QSpinBox(self.dice_box)
                spin.setRange(NO_FACE, spec.sides)
                spin.setSpecialValueText("–")
                spin.setAccessibleName(name)
                spin.setToolTip(f"The {spec.label} die as rolled at the table (1–{spec.sides})")
                spin.valueChanged.connect(self._refresh_buttons)
                label.setBuddy(spin)
                self.dice_layout.addWidget(label)
                self.dice_layout.addWidget(spin)
                self.dice.append(spin)
        self.dice_layout.addStretch(1)

    # -- preview and dice ------------------------------------------------------------------

    def current_preview(self) -> ActionPreview:
        option = self.option
        if option is None:
            return ActionPreview(problem="This combatant has no action to take.")
        return self._rules.preview(self._document.encounter, self.actor_id, option.id,
                                   self.target_id)

    def _refresh(self) -> None:
        preview = self.current_preview()
        self.preview.setText("\n".join(preview.lines))
        parts = []
        if preview.success is not None:
            parts.append(f"Chance of success: {percent(preview.success)}")
        parts += [f"{label}: {percent(chance)}" for label, chance in preview.outcomes]
        self.chance.setText("\n".join(parts))
        self.problem.setText(preview.problem)
        self.problem.setVisible(bool(preview.problem))
        self._refresh_buttons()

    def faces(self) -> tuple[int, ...]:
        return tuple(spin.value() for spin in self.dice)

    def _refresh_buttons(self) -> None:
        barred = bool(self.current_preview().problem) or self.option is None
        self.roll_button.setEnabled(not barred and bool(self.dice))
        typed = all(face != NO_FACE for face in self.faces())
        self.apply_button.setEnabled(not barred and typed)
        self.apply_button.setToolTip(self.current_preview().problem if barred else
                                     "" if typed else "Roll, or type every die first")

    def roll(self) -> None:
        option = self.option
        if option is None:
            return
        faces = [face for spec in option.dice for face in self._roller.dice(spec.number,
                                                                             spec.sides)]
        for spin, face in zip(self.dice, faces, strict=True):
            spin.setValue(face)
        self.apply_button.setFocus()

    def apply(self) -> bool:
        """Resolve with the dice shown and push it as one undo step; False if not ready."""
        option = self.option
        if not self.apply_button.isEnabled() or option is None or self._rules.resolve is None:
            return False
        outcome = self._rules.resolve(self._document.encounter, self.actor_id, option.id,
                                      self.target_id, self.faces())
        self._document.apply(outcome.encounter, outcome.summary)
        self.was_applied = True
        self.notices = tuple(outcome.notices)
        self.accept()
        if self.notices:
            # What the table must hear now (a spell lost, a free attack, morale due).
            type(self).tell(self.parentWidget(), self.notices)
        return True

    @staticmethod
    def tell(parent: QWidget | None, notices: tuple[str, ...]) -> None:
        """Say the resolved action's notices at once; tests replace this to read them."""
        dialogs.show_info(parent, "At the table", "\n\n".join(notices))

    # -- running ---------------------------------------------------------------------------

    @classmethod
    def run_for(cls, document: EncounterDocument, parent: QWidget, *,
                roller: Roller | None = None, actor_id: str | None = None) -> bool:
        """Open the dialog (modal); True when an action was applied."""
        dialog = cls(document, parent, roller=roller, actor_id=actor_id)
        try:
            cls.show_modal(dialog)
            return dialog.was_applied
        finally:
            dialog.deleteLater()

    @staticmethod
    def show_modal(dialog: SystemActionDialog) -> int:
        """Run the dialog modally; tests replace this to drive the dialog instead."""
        return dialog.exec()
