"""The action dialog for any game: choose, see the exact odds, roll or type the dice, apply.

Everything it shows comes from the encounter's game through its
:class:`~m3desk.core.system.EncounterRules`: the actions the actor has, a preview with the
arithmetic and the exact chance before rolling (or why the action is barred), the dice the
action rolls, and the resolved encounter. Apply is one undo step with the game's log line.
The chances are bars (:mod:`~m3desk.ui.action.odds_bars`) of the preview's own fractions, and
the dice are typed die by die (:mod:`~m3desk.ui.action.dice_row`), the parts a game's own
dialog shows too. A game whose actions need a step of their own (Monsters & Magic's effect
points) has its own dialog instead; :mod:`m3desk.ui.action.dialog_choice` picks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from m3desk.core import registry
from m3desk.core.action_choice import best_default
from m3desk.core.dice import Roller
from m3desk.core.encounter import position_between
from m3desk.core.numbers import chance_rows as _chance_rows
from m3desk.core.numbers import percent
from m3desk.core.system import (
    ACTION_GROUP_TITLES,
    ACTION_GROUPS,
    Action,
    ActionOption,
    ActionPreview,
    EncounterRules,
)
from m3desk.ui.action.dice_row import DiceRow
from m3desk.ui.action.die_face_edit import DieFaceEdit
from m3desk.ui.action.modal_dialog import ModalActionDialog
from m3desk.ui.action.next_turn import NextTurnButton, advance_turn
from m3desk.ui.action.odds_bars import OddsBars
from m3desk.ui.documents.encounter_document import EncounterDocument

if TYPE_CHECKING:
    from m3desk.ui.action.action_view import ActionView

__all__ = ["SystemActionDialog", "chance_rows"]


_UNIT_GAP = re.compile(r"(?<=\d) (?=%)|(?<=[<>≤≥]) (?=\d)")
"""The space in "16.7 %" and "< 0.1": where a wrapped line must not break."""


def kept_together(text: str) -> str:
    """``text`` with each percentage (and its "<" or ">") unbreakable: a wrapped line never
    starts with a lone "%"."""
    return _UNIT_GAP.sub("\u00a0", text)


def chance_rows(preview: ActionPreview) -> list[tuple[str, Fraction]]:
    """The chances the bars show, the preview's own fractions: success, then each outcome
    the game names."""
    return _chance_rows(preview.success, preview.outcomes)


def _plain(label: QLabel) -> QLabel:
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


class SystemActionDialog(ModalActionDialog):
    """One action of one combatant, resolved through the game's own functions; an
    :class:`~m3desk.ui.action.action_view.ActionView`."""

    def __init__(
        self,
        document: EncounterDocument,
        parent: QWidget | None = None,
        *,
        roller: Roller | None = None,
        actor_id: str | None = None,
    ) -> None:
        super().__init__(parent)
        self._document = document
        system = registry.system_of(document.encounter)
        if system.encounter is None or system.encounter.resolve is None:
            raise ValueError(f"{system.name} describes no actions")
        self._rules: EncounterRules = system.encounter
        self._model = system.positions
        self._roller = roller or Roller()
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
        self.chance = OddsBars(self)
        self.chance.setObjectName("action_chance")
        font = self.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        # Each damage a hit can do, on demand: the lines give its average and range.
        self.spread_button = QToolButton(self)
        self.spread_button.setObjectName("damage_spread_button")
        self.spread_button.setText("Each &damage")
        self.spread_button.setCheckable(True)
        self.spread_button.setToolTip("Show the chance of every damage a hit can do")
        self.spread = _plain(QLabel(self))
        self.spread.setObjectName("damage_spread")
        self.spread.hide()
        self.spread_button.toggled.connect(lambda _on: self._refresh())
        self.problem = _plain(QLabel(self))
        self.problem.setObjectName("action_problem")
        self.result_line = _plain(QLabel(self))
        self.result_line.setObjectName("action_result")
        self.result_line.setAccessibleName("Result")
        self.result_line.setFont(font)
        self.result_line.hide()
        self.dice_box = QGroupBox("Dice: roll here, or type what the table rolled", self)
        self.dice_row = DiceRow(self.dice_box)
        QVBoxLayout(self.dice_box).addWidget(self.dice_row)
        self.dice_row.changed.connect(self._refresh_buttons)
        self.roll_button = QPushButton("&Roll", self)
        self.roll_button.setToolTip("Roll every die of this action in the app")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.apply_button = self.buttons.addButton("&Apply", QDialogButtonBox.ButtonRole.AcceptRole)
        self.next_turn_button = NextTurnButton(self)
        self.buttons.addButton(self.next_turn_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.rejected.connect(self.reject)
        self.apply_button.clicked.connect(self.apply)
        self.next_turn_button.clicked.connect(self.apply_and_next_turn)
        self.roll_button.clicked.connect(self.roll)
        self._build_layout()

        encounter = document.encounter
        for combatant in encounter.combatants:
            self.actor.addItem(combatant.name, combatant.id)
        chosen = actor_id or encounter.turn or document.selected
        index = self.actor.findData(chosen)
        self.actor.setCurrentIndex(max(index, 0))
        self.actor.currentIndexChanged.connect(self._actor_changed)
        self.action.currentIndexChanged.connect(lambda _index: self._action_changed())
        self.target.currentIndexChanged.connect(self._refresh)
        self._actor_changed()

    def _build_layout(self) -> None:
        form = QFormLayout()
        self._form = form
        form.addRow("Act&or:", self.actor)
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
        spread_row = QHBoxLayout()
        # Left, under the lines it explains (it sat in the middle while the spread hid).
        spread_row.addWidget(
            self.spread_button, 0, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft
        )
        spread_row.addWidget(self.spread, 1)
        layout.addLayout(spread_row)
        layout.addWidget(self.chance)
        layout.addWidget(self.problem)
        layout.addLayout(dice_row)
        layout.addWidget(self.result_line)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(560)

    # -- choices ---------------------------------------------------------------------------

    @property
    def actor_id(self) -> str:
        return str(self.actor.currentData() or "")

    @property
    def option(self) -> ActionOption | None:
        data = self.action.currentData()
        return data if isinstance(data, ActionOption) else None

    def chosen_action(self) -> Action | None:
        option = self.option
        return option.id if option is not None else None

    @property
    def target_id(self) -> str | None:
        data = self.target.currentData()
        return str(data) if data else None

    @property
    def aimed_at(self) -> str | None:
        """The target in the list, or the one the action carries."""
        option = self.option
        return option.target if option is not None and option.target is not None else self.target_id

    def _is_foe(self, other_id: str | None) -> bool:
        encounter = self._document.encounter
        ids = {c.id for c in encounter.combatants}
        if other_id is None or other_id not in ids or self.actor_id not in ids:
            return False
        return encounter.combatant(other_id).side != encounter.combatant(self.actor_id).side

    def _grouped(self, options: tuple[ActionOption, ...]) -> list[tuple[str, list[ActionOption]]]:
        """The actions under their headings (attacks, movement, manoeuvres, spells, checks);
        in each, actions aimed at a foe before those aimed at an ally."""
        groups = [*ACTION_GROUPS, *sorted({o.group for o in options} - set(ACTION_GROUPS))]
        found = []
        for group in groups:
            members = [o for o in options if o.group == group]
            members.sort(key=lambda o: o.target is not None and not self._is_foe(o.target))
            if members:
                found.append((group, members))
        return found

    def _actor_changed(self) -> None:
        self.action.blockSignals(True)
        self.action.clear()
        options = self._rules.actions(self._document.encounter, self.actor_id)
        model = self.action.model()
        for group, members in self._grouped(options):
            if self.action.count():
                self.action.insertSeparator(self.action.count())
            self.action.addItem(ACTION_GROUP_TITLES.get(group, group.capitalize()))
            if isinstance(model, QStandardItemModel):
                heading = model.item(self.action.count() - 1)
                heading.setFlags(Qt.ItemFlag.NoItemFlags)
                font = heading.font()
                font.setBold(True)
                heading.setFont(font)
                # A heading is not picked, but it is read: not the greyed-out disabled text.
                heading.setForeground(self.palette().windowText())
            for option in members:
                ally = option.target is not None and not self._is_foe(option.target)
                self.action.addItem(option.label + (" (ally)" if ally else ""), option)
                if option.help:
                    self.action.setItemData(
                        self.action.count() - 1, option.help, Qt.ItemDataRole.ToolTipRole
                    )
        chosen, target = self._best_default(options)
        self.action.setCurrentIndex(self._index_of(chosen))
        self.action.blockSignals(False)
        self._action_changed(target)

    def _index_of(self, option: ActionOption | None) -> int:
        for index in range(self.action.count()):
            data = self.action.itemData(index)
            if isinstance(data, ActionOption) and (option is None or data.id == option.id):
                return index
        return -1

    def _best_default(
        self, options: tuple[ActionOption, ...]
    ) -> tuple[ActionOption | None, str | None]:
        """The attack on a foe that does the most damage on average, as the phones show it
        first too (:func:`~m3desk.core.action_choice.best_default`)."""
        encounter = self._document.encounter
        foes = [c.id for c in encounter.combatants if self._is_foe(c.id)]
        return best_default(self._rules, encounter, self.actor_id, options, foes)

    def choose(self, action_id: Action, target_id: str | None = None) -> bool:
        """Show the action ``action_id`` (e.g. the morale check a notice asks for)."""
        for index in range(self.action.count()):
            data = self.action.itemData(index)
            if isinstance(data, ActionOption) and data.id == action_id:
                self.action.blockSignals(True)
                self.action.setCurrentIndex(index)
                self.action.blockSignals(False)
                self._action_changed(target_id)
                return True
        return False

    def _action_changed(self, target: str | None = None) -> None:
        self._fill_targets(target)
        self._build_dice()
        self._refresh()

    def _fill_targets(self, preferred: str | None = None) -> None:
        """Every other combatant with its distance and reach, foes first (allies marked);
        the default is ``preferred``, else the first foe in reach."""
        encounter = self._document.encounter
        option = self.option
        self.target.blockSignals(True)
        self.target.clear()
        first_in_reach = -1
        if option is not None and option.needs_target:
            others = [c for c in encounter.combatants if c.id != self.actor_id]
            # Foes first, those still fighting before those down (never the default).
            others.sort(key=lambda c: (not self._is_foe(c.id), encounter.out_of_fight(c)))
            for other in others:
                where = self._model.label(position_between(encounter, self.actor_id, other.id))
                reach = self._rules.reach(encounter, self.actor_id, other.id)
                down = encounter.out_of_fight(other)
                mark = "down" if down else "in reach" if reach.in_reach else "out of reach"
                ally = "" if self._is_foe(other.id) else "ally, "
                self.target.addItem(f"{other.name} — {where} ({ally}{mark})", other.id)
                if reach.in_reach and first_in_reach < 0 and self._is_foe(other.id) and not down:
                    first_in_reach = self.target.count() - 1
        self.target.setEnabled(self.target.count() > 0)
        # An action that carries its target (or needs none) hides the empty list.
        self._form.setRowVisible(self.target, self.target.count() > 0)
        index = self.target.findData(preferred) if preferred is not None else -1
        if index < 0:
            index = max(first_in_reach, 0) if self.target.count() else -1
        self.target.setCurrentIndex(index)
        self.target.blockSignals(False)

    def _build_dice(self) -> None:
        option = self.option
        self.dice_row.set_dice(
            [
                (
                    f"{spec.label} d{spec.sides}" + (f" {number + 1}" if spec.number > 1 else ""),
                    spec.sides,
                )
                for spec in (option.dice if option is not None else ())
                for number in range(spec.number)
            ]
        )
        self.dice_box.setVisible(bool(self.dice))

    @property
    def dice(self) -> Sequence[DieFaceEdit]:
        """The current action's die fields, in typing order."""
        return self.dice_row.fields

    # -- preview and dice ------------------------------------------------------------------

    def current_preview(self) -> ActionPreview:
        option = self.option
        if option is None:
            return ActionPreview(problem="This combatant has no action to take.")
        return self._rules.preview(
            self._document.encounter, self.actor_id, option.id, self.target_id
        )

    def _refresh(self) -> None:
        preview = self.current_preview()
        self.preview.setText(kept_together("\n".join(preview.lines)))
        self.chance.set_rows(chance_rows(preview))
        self.chance.setVisible(bool(self.chance.rows()))
        spread = ", ".join(f"{label}: {percent(chance)}" for label, chance in preview.spread)
        self.spread_button.setVisible(bool(spread))
        self.spread.setText(kept_together(f"Each damage: {spread}") if spread else "")
        self.spread.setVisible(bool(spread) and self.spread_button.isChecked())
        self.problem.setText(preview.problem)
        self.problem.setVisible(bool(preview.problem))
        self._refresh_buttons()

    def _fit(self) -> None:
        """Grow to show every wrapped line (a dialog does not follow its labels' height) and
        every die's whole label."""
        layout = self.layout()
        if layout is None:
            return
        layout.activate()
        width = self.width()
        if self.dice_box.isVisible():  # every die keeps its whole label (a routine has many)
            margins = layout.contentsMargins()
            wide = (
                self.dice_box.sizeHint().width()
                + layout.spacing()
                + self.roll_button.sizeHint().width()
                + margins.left()
                + margins.right()
            )
            screen = self.screen().availableGeometry().width() if self.screen() else wide
            width = max(width, min(wide, screen))
        needed = layout.totalHeightForWidth(width)
        if needed > self.height() or width > self.width():
            self.resize(width, max(needed, self.height()))

    def faces(self) -> tuple[int, ...]:
        return self.dice_row.faces()

    def die_sides(self) -> tuple[int, ...]:
        return tuple(field.sides for field in self.dice)

    def _refresh_buttons(self) -> None:
        barred = bool(self.current_preview().problem) or self.option is None
        self.roll_button.setEnabled(not barred and bool(self.dice))
        typed = self.dice_row.complete()
        self.apply_button.setEnabled(not barred and typed)
        self.apply_button.setToolTip(
            self.current_preview().problem
            if barred
            else ""
            if typed
            else "Roll, or type every die first"
        )
        over = self._show_result(not barred and typed)
        encounter = self._document.encounter
        if self.actor_id in {c.id for c in encounter.combatants}:
            self.next_turn_button.update_for(
                encounter,
                self.actor_id,
                ready=not barred and typed,
                over=over,
                actor_name=encounter.combatant(self.actor_id).name,
            )
        self._fit()
        # once more when the new text has been laid out: a routine's result of several
        # wrapped lines was measured before its label knew its height, and clipped
        QTimer.singleShot(0, self, self._fit)  # not once the dialog is gone

    def _show_result(self, ready: bool) -> bool | None:
        """What Apply will do with these dice (hit or miss, the damage), before it is done;
        whether it leaves the actor nothing to do this turn (None: not ready)."""
        option = self.option
        text = ""
        over: bool | None = None
        if ready and option is not None and self._rules.resolve is not None:
            try:
                outcome = self._rules.resolve(
                    self._document.encounter, self.actor_id, option.id, self.target_id, self.faces()
                )
            except ValueError as error:
                text = f"These dice cannot be used: {error}"
            else:
                # What the log will record: the roll whole (dice, each modifier, the total),
                # as the game writes it, else its short summary.
                before = len(self._document.encounter.log)
                logged = [entry.text for entry in outcome.encounter.log[before:]]
                text = "Result: " + ("\n".join(logged) if logged else outcome.summary)
                over = self._rules.turn_over(outcome.encounter, self.actor_id, option)
        self.result_line.setText(text)
        self.result_line.setVisible(bool(text))
        return over

    def roll(self) -> None:
        option = self.option
        if option is None:
            return
        faces = [
            face for spec in option.dice for face in self._roller.dice(spec.number, spec.sides)
        ]
        self.dice_row.fill(faces)
        self.apply_button.setFocus()

    def apply(self, *, announce: bool = True) -> bool:
        """Resolve with the dice shown and push it as one undo step; False if not ready."""
        option = self.option
        if not self.apply_button.isEnabled() or option is None or self._rules.resolve is None:
            return False
        outcome = self._rules.resolve(
            self._document.encounter, self.actor_id, option.id, self.target_id, self.faces()
        )
        self._document.apply(outcome.encounter, outcome.summary)
        self._was_applied = True
        self.notices = tuple(outcome.notices)
        self.accept()
        # What the table must hear now (a spell lost, a free attack, morale due): the
        # encounter tab shows it at once, without a box to click away.
        if announce:
            self._document.announce(self.notices)
        return True

    def apply_and_next_turn(self) -> bool:
        """Apply, then Next Turn (two undo steps); False if the action was not ready."""
        if not self.next_turn_button.isEnabled() or not self.apply(announce=False):
            return False
        said = advance_turn(self._document)
        # Told after the turn passed: a step of the undo stack clears the notice bar.
        self._document.announce((*self.notices, *said))
        return True


if TYPE_CHECKING:  # mypy holds the dialog to the names every game's dialog has

    def _is_a_view(dialog: SystemActionDialog) -> ActionView:
        return dialog
