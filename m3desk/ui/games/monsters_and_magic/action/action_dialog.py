"""The action dialog: one check at the table, from "who acts" to the log entry.

It composes the worksheet's parts and owns only the flow between them: inputs → spec →
odds (on every change), dice → resolution, resolution → spending offer, and Apply → one
:meth:`EncounterDocument.apply <m3desk.ui.documents.encounter_document.EncounterDocument.apply>`
(one
undo step, one log entry). Enter always does the obvious next step: roll, then go to the
spending, then apply.
"""

from __future__ import annotations

import contextlib
import itertools
from typing import TYPE_CHECKING

import shiboken6
from pydantic import ValidationError
from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from m3desk.core.actions import Action
from m3desk.core.dice import Roller
from m3desk.systems.monsters_and_magic import CheckSpec, DiceError
from m3desk.systems.monsters_and_magic.action import Resolution
from m3desk.systems.monsters_and_magic.action_outcome import AppliedAction, apply_action
from m3desk.systems.monsters_and_magic.check_request import CheckRequest, spec_for
from m3desk.systems.monsters_and_magic.encounter import Encounter
from m3desk.systems.monsters_and_magic.seam_actions import action_of, chosen
from m3desk.systems.monsters_and_magic.spend_draft import SpendDraft
from m3desk.systems.monsters_and_magic.spend_offer import offer_for
from m3desk.ui.action import prompts
from m3desk.ui.action.die_face_edit import DieFaceEdit
from m3desk.ui.action.modal_dialog import ModalActionDialog
from m3desk.ui.action.next_turn import NextTurnButton, advance_turn
from m3desk.ui.action.tone import tone_color
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.games.monsters_and_magic.action.action_memory import ActionMemory
from m3desk.ui.games.monsters_and_magic.action.check_inputs import CheckInputs
from m3desk.ui.games.monsters_and_magic.action.dice_entry import DiceEntry, check_roller
from m3desk.ui.games.monsters_and_magic.action.modifier_view import ModifierView
from m3desk.ui.games.monsters_and_magic.action.odds_view import OddsView
from m3desk.ui.games.monsters_and_magic.action.roll_result_view import RollResultView
from m3desk.ui.games.monsters_and_magic.action.spending_assistant import SpendingAssistant
from m3desk.ui.plain_text import app_markup, tinted

if TYPE_CHECKING:
    from m3desk.ui.action.action_view import ActionView

__all__ = ["ActionDialog"]


def _scrolling(widget: QWidget, parent: QWidget) -> QScrollArea:
    area = QScrollArea(parent)
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return area


class ActionDialog(ModalActionDialog):
    """Resolve one action of one combatant and apply it to the encounter.

    It is an :class:`~m3desk.ui.action.action_view.ActionView`: the action list, target,
    dice, Roll, result line and Apply under the names every game's dialog uses.
    """

    applied = Signal(str)
    """Emitted with the log line once the action is applied."""

    def __init__(
        self,
        document: EncounterDocument,
        parent: QWidget,
        *,
        roller: Roller | None = None,
        memory: ActionMemory | None = None,
        actor_id: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("ActionDialog")
        self._document = document
        self._roller = check_roller(roller)
        self._memory = memory if memory is not None else ActionMemory.for_document(document)
        self._request: CheckRequest | None = None
        self._spec: CheckSpec | None = None
        self._resolution: Resolution | None = None
        self._applied: AppliedAction | None = None
        self._refreshing = False
        self._resolution_shown: Resolution | None = None
        self._result_for: tuple[Encounter, tuple[CheckRequest, Resolution, SpendDraft]] | None = (
            None
        )
        """What the result line was worked out for: the encounter and the action."""

        self.inputs = CheckInputs(
            self._encounter,
            self._memory,
            selected=document.selected,
            actor_id=actor_id,
            parent=self,
        )
        right = self._build_right_column()
        self._build_buttons()
        self._lay_out(right)
        self._connect()
        self._following_focus = False
        self._in_view: QWidget | None = None
        for content in (self.inputs, right):
            content.installEventFilter(self)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            # A mnemonic (Alt+X, Alt+H …) may jump to a field scrolled out of its column.
            app.focusChanged.connect(self._on_focus_changed)
            self._following_focus = True

        self._set_tab_order()
        self._refresh_check()
        self._fit_to_screen()
        self.inputs.actor_panel.actor.setFocus(Qt.FocusReason.OtherFocusReason)

    # -- building --------------------------------------------------------------------

    def _build_right_column(self) -> QWidget:
        """Before the roll (modifiers, chances), the dice, the result, the spending."""
        right = QWidget(self)
        self.modifier_view = ModifierView(right)
        self.odds_view = OddsView(right)
        before = QGroupBox("4 · Before the roll", right)
        before_layout = QVBoxLayout(before)
        before_layout.addWidget(self.modifier_view)
        chances = QLabel("Chances", before)
        font = chances.font()
        font.setBold(True)
        chances.setFont(font)
        before_layout.addWidget(chances)
        before_layout.addWidget(self.odds_view)
        self.dice_entry = DiceEntry(right)
        self.result_view = RollResultView(right)
        self.assistant = SpendingAssistant(right)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        for widget in (before, self.dice_entry, self.result_view, self.assistant):
            right_layout.addWidget(widget)
        right_layout.addStretch(1)
        return right

    def _build_buttons(self) -> None:
        """Apply, Cancel, Apply and Next Turn, the hint of what Enter does, the result."""
        self.apply_button = QPushButton("&Apply", self)
        self.apply_button.setToolTip("Apply to the encounter: one undo step, one log entry.")
        self.cancel_button = QPushButton("Cancel", self)
        # The check is the combatant's action on its count: once applied, its turn is done.
        self.next_turn_button = NextTurnButton(self, "Appl&y and Next Turn")
        for button in (self.apply_button, self.cancel_button):
            button.setAutoDefault(False)
        self.hint = app_markup(QLabel(self))
        self._result_line = QLabel(self)
        self._result_line.setObjectName("action_result")
        self._result_line.setAccessibleName("Result")
        self._result_line.setTextFormat(Qt.TextFormat.PlainText)
        self._result_line.setWordWrap(True)
        self._result_line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._result_line.hide()  # plain weight: the verdict is 6 · Result's bold headline

    def _lay_out(self, right: QWidget) -> None:
        """Two scrolling columns, then what Apply will do, the result line and the buttons."""
        buttons = QHBoxLayout()
        buttons.addWidget(self.hint, 1)
        buttons.addWidget(self.next_turn_button)
        buttons.addWidget(self.apply_button)
        buttons.addWidget(self.cancel_button)

        self._left_area = _scrolling(self.inputs, self)
        self._right_area = _scrolling(right, self)
        columns = QHBoxLayout()
        columns.setSpacing(12)
        columns.addWidget(self._left_area, 10)
        columns.addWidget(self._right_area, 11)
        layout = QVBoxLayout(self)
        layout.addLayout(columns, 1)
        # What Apply will do to the sheets ("Applying: First One Mummy PHP 49 → 44"), under
        # the columns beside the buttons: at 1366×768 it sat below the spending, out of view
        # until the column was scrolled.
        layout.addWidget(self.assistant.preview)
        layout.addWidget(self._result_line)
        layout.addLayout(buttons)
        self._layout = layout
        self._right_content = right

    def _connect(self) -> None:
        self.inputs.changed.connect(self._refresh_check)
        self.dice_entry.changed.connect(self._on_dice)
        self.dice_entry.roll_requested.connect(self.roll)
        self.assistant.changed.connect(self._update_buttons)
        self.apply_button.clicked.connect(self.apply)
        self.next_turn_button.clicked.connect(self.apply_and_next_turn)
        self.cancel_button.clicked.connect(self.reject)
        self._document.encounter_changed.connect(self._on_encounter_changed)

    # -- state -----------------------------------------------------------------------

    @property
    def _encounter(self) -> Encounter:
        """The document's encounter, a Monsters & Magic one (the only kind this dialog is
        opened for, through the game's parts)."""
        encounter = self._document.encounter
        if not isinstance(encounter, Encounter):
            raise TypeError(f"not a Monsters & Magic encounter: {type(encounter).__name__}")
        return encounter

    @property
    def memory(self) -> ActionMemory:
        """The per-combatant memory of last choices (the encounter window may keep it)."""
        return self._memory

    @property
    def document(self) -> EncounterDocument:
        return self._document

    @property
    def request(self) -> CheckRequest | None:
        return self._request

    @property
    def spec(self) -> CheckSpec | None:
        return self._spec

    @property
    def resolution(self) -> Resolution | None:
        return self._resolution

    @property
    def was_applied(self) -> bool:
        return self._applied is not None

    @property
    def applied_action(self) -> AppliedAction | None:
        return self._applied

    # -- the parts every game's dialog has (ActionView) -----------------------------------

    @property
    def action(self) -> QComboBox:
        return self.inputs.actor_panel.action

    @property
    def target(self) -> QComboBox:
        return self.inputs.target_panel.target

    @property
    def dice(self) -> list[DieFaceEdit]:
        return self.dice_entry.fields()

    def die_sides(self) -> tuple[int, ...]:
        return tuple(field.sides for field in self.dice_entry.fields())

    @property
    def roll_button(self) -> QPushButton:
        return self.dice_entry.roll_button

    @property
    def result_line(self) -> QLabel:
        return self._result_line

    @property
    def actor_id(self) -> str:
        return self.inputs.actor_panel.actor_id() or ""

    @property
    def aimed_at(self) -> str | None:
        return self._request.target_id if self._request is not None else None

    def choose(self, action_id: Action, target_id: str | None = None) -> bool:
        """Show the action ``action_id`` of the seam (``seam_actions``: the one a phone
        sent dice for), aimed at ``target_id`` (None: the dialog's guess), every other
        input at its first guess; False when the actor has no such action."""
        choice = chosen(self._encounter, self.actor_id, action_id)
        if choice is None:
            return False
        self.inputs.choose(choice.kind, choice.weapon_key, choice.attribute, target_id)
        return True

    def chosen_action(self) -> Action | None:
        """The seam's action the inputs stand for (its weapon, attribute…)."""
        return action_of(self._encounter, self._request) if self._request else None

    # -- the flow --------------------------------------------------------------------

    def _refresh_check(self) -> None:
        """Inputs changed: rebuild the check, its odds and modifiers (and the result)."""
        encounter = self._encounter
        request = self.inputs.request()
        spec: CheckSpec | None = None
        error = ""
        if request is not None:
            try:
                spec = spec_for(encounter, request)
            except (ValueError, ValidationError) as problem:
                error = f"This check cannot be built: {problem}"
        self._request, self._spec = request, spec
        self.modifier_view.show_spec(spec, error)
        self.odds_view.set_odds(spec.odds() if spec is not None else None, encounter.options)
        self.inputs.show_spec(spec)
        actor = self.inputs.actor()
        self.setWindowTitle(f"Action — {actor.name}" if actor else "Action")
        self._refreshing = True
        try:
            self.dice_entry.configure(
                spec.damage if spec is not None else None,
                rolled_resistance=spec is not None and spec.resistance.rolled,
                resistance_label=spec.resistance.label.capitalize() if spec else "Resistance",
            )
        finally:
            self._refreshing = False
        self._resolve()

    def _on_dice(self) -> None:
        if not self._refreshing:
            self._resolve()

    def _resolve(self) -> None:
        """Dice or check changed: resolve with the dice on the table, re-offer the spends."""
        encounter = self._encounter
        reading = self.dice_entry.reading()
        resolution: Resolution | None = None
        waiting = ""
        if self._spec is None:
            waiting = "Complete the check first."
        elif reading.complete and reading.roll is not None:
            try:
                resolution = self._spec.resolve(
                    reading.roll, reading.resistance_d6, rules=encounter.options
                )
            except (ValueError, DiceError) as problem:
                waiting = str(problem)
        self._resolution = resolution
        self.result_view.show_resolution(resolution, waiting)
        if resolution is not None and self._request is not None:
            self.assistant.set_offer(offer_for(encounter, self._request, resolution))
            if self._resolution_shown is None:
                self.scroll_to(self.assistant)
        else:
            self.assistant.set_offer(None)
        self._resolution_shown = resolution
        self._update_buttons()

    def roll(self) -> None:
        """Roll the check's dice (and a rolled resistance's) with the app's roller."""
        if self._spec is None:
            return
        self.dice_entry.roll_with(self._roller)

    def apply(self) -> bool:
        """Apply the resolved action as one undo step; False when it cannot be applied."""
        if self._resolution is None or self._request is None or not self._ready():
            return False
        try:
            applied = apply_action(
                self._encounter, self._request, self._resolution, self.assistant.draft()
            )
        except (ValueError, ValidationError) as problem:
            self.assistant.problems.setText(str(problem))
            self.assistant.problems.show()
            return False
        self.inputs.remember()
        self._applied = applied
        self._document.encounter_changed.disconnect(self._on_encounter_changed)
        self._document.apply(applied.encounter, applied.undo_text)
        self.applied.emit(applied.log_text)
        self.accept()
        return True

    def apply_and_next_turn(self) -> bool:
        """Apply, then Next Turn (two undo steps); False when it cannot be applied."""
        if not self.next_turn_button.isEnabled() or not self.apply():
            return False
        self._document.announce(advance_turn(self._document))
        return True

    def _ready(self) -> bool:
        if self._resolution is None:
            return False
        return not self._resolution.succeeded or self.assistant.ready()

    def _update_buttons(self) -> None:
        ready = self._ready()
        self.apply_button.setEnabled(ready)
        actor = self.inputs.actor()
        self.next_turn_button.update_for(
            self._encounter,
            self.actor_id,
            ready=ready,
            over=True,
            actor_name=actor.name if actor else "",
        )
        self._show_result(ready)
        if self._resolution is None:
            text = "Enter rolls the dice (or type them) · Esc cancels"
        elif self._resolution.succeeded and not self._in_assistant() and self.assistant.untouched():
            text = "Enter goes on to spending the effect points"
        elif ready:
            text = "Enter applies · Ctrl+Z in the encounter undoes it"
        else:
            text = "Fix the spending problems to apply"
        self.hint.setText(tinted(text, tone_color(self, "muted")))

    def _show_result(self, ready: bool) -> None:
        """The line Apply will log, with the spending as it stands (hidden until then)."""
        text = ""
        if ready and self._resolution is not None and self._request is not None:
            encounter, draft = self._encounter, self.assistant.draft()
            asked = (self._request, self._resolution, draft)
            if (
                self._result_for is not None
                and self._result_for[0] is encounter
                and self._result_for[1] == asked
            ):
                return  # the same action as the line shows (a change that led nowhere)
            try:
                text = (
                    "Result: "
                    + apply_action(encounter, self._request, self._resolution, draft).log_text
                )
            except (ValueError, ValidationError):
                text = ""  # the spending's own problems say why
            self._result_for = (encounter, asked)
        else:
            self._result_for = None
        self._result_line.setText(text)
        self._result_line.setVisible(bool(text))

    def _in_assistant(self) -> bool:
        focus = QApplication.focusWidget()
        return focus is not None and self.assistant.isAncestorOf(focus)

    def next_step(self) -> None:
        """What Enter does: roll; else go to the spending; else apply."""
        if self._resolution is None:
            reading = self.dice_entry.reading()
            if reading.empty:
                self.roll()
            elif (missing := self.dice_entry.first_missing()) is not None:
                self.scroll_to(missing)
                missing.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        if self._resolution.succeeded and not self._in_assistant() and self.assistant.untouched():
            control = self.assistant.first_control()
            if control is not None:
                self.scroll_to(control)
                control.setFocus(Qt.FocusReason.OtherFocusReason)
                if isinstance(control, QAbstractSpinBox | QLineEdit):
                    control.selectAll()  # typing replaces the 0 that is there
                self._update_buttons()
                return
        self.apply()

    # -- Qt ----------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if (
            event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and modifiers == Qt.KeyboardModifier.NoModifier
        ):
            self.next_step()
            return
        super().keyPressEvent(event)

    def reject(self) -> None:
        if (
            self._resolution is not None
            and self._applied is None
            and not prompts.confirm_discard_roll(self, self._resolution.breakdown())
        ):
            return
        super().reject()

    def done(self, result: int) -> None:
        app = QApplication.instance()
        if self._following_focus and isinstance(app, QApplication):
            self._following_focus = False
            with contextlib.suppress(RuntimeError, TypeError):
                app.focusChanged.disconnect(self._on_focus_changed)
        if self._applied is None:
            self.inputs.remember()
            with contextlib.suppress(RuntimeError, TypeError):
                self._document.encounter_changed.disconnect(self._on_encounter_changed)
        super().done(result)

    def _on_focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is not None and self.isVisible() and self.isAncestorOf(new):
            self._in_view = new
            self.scroll_to(new)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """What the focus set off (a ticked box refreshes the check) may grow a column
        once its layouts settle: keep the focused field in view as it does."""
        if event.type() == QEvent.Type.Resize and self._in_view is not None:
            QTimer.singleShot(0, self._keep_focus_in_view)
        return super().eventFilter(watched, event)

    def _keep_focus_in_view(self) -> None:
        widget = self._in_view
        if widget is not None and shiboken6.isValid(widget) and widget.hasFocus():
            self.scroll_to(widget)

    def _on_encounter_changed(self, _aspects: object) -> None:
        self.inputs.set_encounter(self._encounter)

    def _set_tab_order(self) -> None:
        """Left column top to bottom, then dice, Roll, spending, Apply, Cancel."""
        actor = self.inputs.actor_panel
        target = self.inputs.target_panel
        editor = target.resistance
        situation = self.inputs.situation
        chain: list[QWidget] = [
            actor.actor,
            actor.action,
            actor.check_name,
            actor.weapon,
            actor.attribute,
            actor.traits.list,
            actor.mental,
            target.target,
            target.size_applies,
            *editor.radios.values(),
            editor.rolled,
            editor.attribute,
            editor.target_traits.list,
            editor.rung,
            editor.concentration,
            editor.spell_level,
            editor.fixed,
            editor.fixed_label,
            situation.actor_conditions,
            situation.target_conditions,
            situation.help,
            situation.extra_help,
            situation.gear,
            situation.other_name,
            situation.other_value,
            situation.actor_hidden,
            situation.target_hidden,
            situation.cover,
            situation.cover_extent,
            situation.gm_check,
            situation.gm_resistance,
            situation.gm_effect_points,
            situation.damage_cap_set,
            situation.damage_cap,
            *self.dice_entry.check_dice,
            *self.dice_entry.damage_dice,
            *self.dice_entry.resistance_dice,
            self.dice_entry.roll_button,
            self.assistant.hero,
            self.assistant.direction,
            self.assistant.bands,
        ]
        for row in self.assistant.rows:
            chain += [
                row.kind,
                row.tier,
                row.name,
                row.duration.kind,
                row.duration.number,
                row.affects,
            ]
        chain += [
            self.assistant.add_row,
            self.assistant.damage,
            self.assistant.defender,
            self.assistant.towards,
            self.next_turn_button,
            self.apply_button,
            self.cancel_button,
        ]
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    def scroll_to(self, widget: QWidget) -> None:
        """Bring a part of the worksheet into view, scrolling its column up or down only."""
        if widget is not self._in_view:
            self._in_view = None  # the dialog shows something else now (the spending)
        for area in (self._left_area, self._right_area):
            content = area.widget()
            if content is not None and content.isAncestorOf(widget):
                top = widget.mapTo(content, QPoint(0, 0)).y()
                bar = area.verticalScrollBar()
                visible = area.viewport().height()
                if top < bar.value() or top + widget.height() > bar.value() + visible:
                    bar.setValue(min(top, max(top + widget.height() - visible, 0)))

    def _fit_to_screen(self) -> None:
        """As wide as the content needs (never clipped sideways), as tall as the screen allows.

        The columns scroll vertically only, so their minimum width is the content's own.
        """
        scrollbar = self.style().pixelMetric(self.style().PixelMetric.PM_ScrollBarExtent)
        average = self.fontMetrics().averageCharWidth()
        right = self._right_content
        right_wanted = max(right.minimumSizeHint().width(), 94 * average)
        # Wide enough for the situation's details too: Adjust… must not clip them later.
        left_wanted = max(
            self.inputs.minimumSizeHint().width(),
            76 * average,
            self.inputs.situation.expanded_width(),
        )
        screen = self.screen().availableGeometry() if self.screen() else None
        if screen is not None:
            # A narrow screen (1600 px at 150 % is 1067 wide): give up the comfortable
            # widths before the dialog outgrows the screen, never below what the content
            # needs to show whole.
            room = screen.width() - 2 * (scrollbar + 4) - 48
            excess = left_wanted + right_wanted - room
            if excess > 0:
                right_least = right.minimumSizeHint().width()
                left_least = self.inputs.minimumSizeHint().width()
                cut_right = min(
                    excess * right_wanted // (left_wanted + right_wanted),
                    max(right_wanted - right_least, 0),
                )
                right_wanted -= cut_right
                left_wanted -= min(excess - cut_right, max(left_wanted - left_least, 0))
        right.setMinimumWidth(right_wanted)
        self.inputs.setMinimumWidth(left_wanted)
        for area, content in ((self._left_area, self.inputs), (self._right_area, right)):
            area.setMinimumWidth(content.minimumWidth() + scrollbar + 4)
        self._layout.activate()
        width = self.minimumSizeHint().width()
        # The spending section grows after the roll: leave room for it from the start.
        height = max(self.inputs.sizeHint().height() + 80, 58 * self.fontMetrics().height())
        if screen is not None:
            width = min(width, screen.width())
            height = min(height, int(screen.height() * 0.9))
        self.resize(width, height)


if TYPE_CHECKING:  # mypy holds the dialog to the names every game's dialog has

    def _is_a_view(dialog: ActionDialog) -> ActionView:
        return dialog
