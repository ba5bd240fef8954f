"""The Expedition tab: the clock, what is due now, the actions with their odds, the log.

It renders any game's :class:`~m3desk.core.expedition_rules.ExplorationRules` and names no
game. Every step (the clock advanced, an action rolled or typed, a torch lit, a fight
counted in) is the game's pure function pushed as one undo step through
:meth:`ExpeditionDocument.apply`; the tab redraws from the document's
``expedition_changed``. An action's odds are counted from the very roll that judges it
(:func:`~m3desk.core.sheet_rolls.chance` and :func:`~m3desk.core.sheet_rolls.outcome`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QSpinBox,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from m3desk.core import registry
from m3desk.core.dice import DiceError, Roller
from m3desk.core.encounter import Encounter
from m3desk.core.expedition import Expedition, add_line, add_timer
from m3desk.core.expedition_rules import ExplorationAction, ExplorationRules
from m3desk.core.sheet_rolls import chance, chance_text, outcome, read_faces
from m3desk.core.tables import TableSet
from m3desk.ui import dialogs
from m3desk.ui.board.flow_layout import FlowLayout
from m3desk.ui.documents.expedition_document import ExpeditionDocument

__all__ = ["ExpeditionWidget"]

URGENT_MARK = "⚠ "


def _plain(label: QLabel) -> QLabel:
    label.setTextFormat(Qt.TextFormat.PlainText)  # text from files is never markup
    return label


class TimerDialog(QDialog):
    """A spell or effect's name and how many units of the clock it lasts."""

    def __init__(self, unit: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add Timer")
        self.label = QLineEdit()
        self.label.setAccessibleName("What lasts")
        self.label.setPlaceholderText("Light (Silverleaf)")
        self.label.setMaxLength(80)
        self.units = QSpinBox()
        self.units.setAccessibleName(f"How many {unit}")
        self.units.setRange(1, 10_000)
        self.units.setValue(6)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("&What lasts:", self.label)
        form.addRow(f"&{unit.capitalize()}:", self.units)
        form.addRow(buttons)

    def choice(self) -> tuple[str, int]:
        return self.label.text(), self.units.value()


def _wrapping(view: QListWidget) -> None:
    """Long lines wrap to the list's width: nothing is cut off or scrolled sideways."""
    view.setWordWrap(True)
    view.setResizeMode(QListView.ResizeMode.Adjust)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setTextElideMode(Qt.TextElideMode.ElideNone)


def fight_outcome(fight: Encounter, expedition: Expedition) -> list[str]:
    """The log's lines for how a fight ended: the foes defeated, the treasure counted in (its
    worth and what it held) and the experience added to the sheets, each where there is one."""
    party = {m.name for m in expedition.members}
    lines: list[str] = []
    down = [c.name for c in fight.combatants if c.name not in party and fight.out_of_fight(c)]
    if down:
        lines.append(f"Defeated: {', '.join(down)}.")
    if fight.treasure_gp or fight.treasure:
        held = "; ".join(fight.treasure[:-1])  # the last line is its worth
        lines.append(
            f"Treasure counted in: worth {fight.treasure_gp:,} gp"
            + (f" ({held})." if held else ".")
        )
    rules = registry.system_of(fight).encounter
    if rules is not None and rules.experience is not None:
        award = rules.experience(fight)
        if award.awarded and award.shares:
            each = ", ".join(f"{s.name} {s.xp:,} XP" for s in award.shares)
            lines.append(f"Experience added: {award.total:,} XP in all ({each}).")
    return lines


class ExpeditionWidget(QWidget):
    """The page of one expedition's tab."""

    def __init__(
        self,
        document: ExpeditionDocument,
        parent: QWidget | None = None,
        *,
        adopt: Callable[[Any], Any] | None = None,
        roller: Roller | None = None,
        tables: Callable[[str], Any] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("expedition_widget")
        self._tables = tables or (lambda _game_id: None)
        """A game's random tables by id (a ``TableSet``), for the wandering dialog."""
        self.document = document
        self.roller = roller or Roller()
        self._adopt = adopt or (lambda _document: None)
        self.fight: Any = None
        """The encounter document this expedition's check started, until counted in."""
        self._fight_rounds = 0
        self.rules: ExplorationRules = self._rules_of(document.expedition)
        self._actions: tuple[ExplorationAction, ...] = ()
        self._build()
        document.expedition_changed.connect(self.refresh)
        self.refresh()

    @staticmethod
    def _rules_of(expedition: Expedition) -> ExplorationRules:
        rules = registry.system_of(expedition).exploration
        assert rules is not None, "an expedition of a game without exploration"
        return rules

    # -- building ----------------------------------------------------------------------------

    def _build(self) -> None:
        header = self._build_header()
        due_box = self._build_due()
        action_box = self._build_actions()
        log_box = self._build_log()
        self._lay_out(header, due_box, action_box, log_box)

    def _build_header(self) -> QHBoxLayout:
        """The clock, the place, where the party is, Next Turn and the rules: one row."""
        self.clock = _plain(QLabel())
        self.clock.setObjectName("expedition_clock")
        font = QFont(self.clock.font())
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self.clock.setFont(font)
        self.place = QLineEdit()
        self.place.setObjectName("expedition_place")
        self.place.setAccessibleName("Place")
        self.place.setPlaceholderText("Where the party is")
        self.place.setToolTip(
            "Where the party is, in your words (Dungeon level 2, Wilderness: forest)"
        )
        self.place.editingFinished.connect(self._on_place)
        self.mode = QComboBox()
        self.mode.setAccessibleName("Where the party is")
        for mode in self.rules.modes:
            self.mode.addItem(mode.label, mode.id)
        self.terrain = QComboBox()
        self.terrain.setAccessibleName("Terrain")
        self.advance_button = QPushButton()
        self.advance_button.setObjectName("expedition_advance")
        self.advance_action = QAction(self)
        self.advance_action.setShortcut(QKeySequence("Ctrl+Return"))
        self.advance_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.advance_action.triggered.connect(self.advance)
        self.addAction(self.advance_action)
        self.advance_button.clicked.connect(self.advance)
        self.movement = _plain(QLabel())
        self.movement.setObjectName("expedition_movement")
        self.movement.setWordWrap(True)

        header = QHBoxLayout()
        header.addWidget(self.clock)
        header.addSpacing(12)
        header.addWidget(self.place, 1)
        header.addWidget(self.mode)
        header.addWidget(self.terrain)
        header.addWidget(self.advance_button)
        self.rules_button = QPushButton("Rules…")
        self.rules_button.setObjectName("expedition_rules")
        self.rules_button.setToolTip(
            "This expedition's table rules: how long a light burns, "
            "how often the party rests and checks are made"
        )
        self.rules_button.clicked.connect(self.edit_rules)
        self.rules_button.setVisible(self.rules.options_model is not None)
        header.addWidget(self.rules_button)
        return header

    def _build_due(self) -> QGroupBox:
        """What is due now, the fight's and the timers' buttons, the exploration commands."""
        self.due = QListWidget()
        self.due.setObjectName("expedition_due")
        self.due.setAccessibleName("Due now")
        _wrapping(self.due)
        self.start_fight = QPushButton("&Start the Encounter…")
        self.start_fight.setObjectName("expedition_start_fight")
        self.start_fight.setToolTip(
            "The party and the monsters met, in a new encounter tab with the game's set-up steps"
        )
        self.start_fight.clicked.connect(self.start_encounter)
        self.count_fight = QPushButton("Count the &Fight In")
        self.count_fight.setObjectName("expedition_count_fight")
        self.count_fight.setToolTip("The fight is over: its rounds join the expedition's clock")
        self.count_fight.clicked.connect(self.count_fight_in)
        self.timer_button = QPushButton("Add &Timer…")
        self.timer_button.setObjectName("expedition_add_timer")
        self.timer_button.setToolTip(
            "A spell or effect that lasts so many turns or days: it "
            "counts down with the clock and says when it ends"
        )
        self.timer_button.clicked.connect(self.add_timer)
        self.command_box = QWidget()
        self.command_flow = FlowLayout(self.command_box)
        due_box = QGroupBox("Due now")
        due_layout = QVBoxLayout(due_box)
        due_layout.addWidget(self.due, 1)
        fight_row = QHBoxLayout()
        fight_row.addWidget(self.start_fight)
        fight_row.addWidget(self.count_fight)
        fight_row.addStretch(1)
        fight_row.addWidget(self.timer_button)
        due_layout.addLayout(fight_row)
        due_layout.addWidget(self.command_box)
        return due_box

    def _build_actions(self) -> QGroupBox:
        """An exploration action: who, its odds, rolled or typed, and its result."""
        self.action_kind = QComboBox()
        self.action_kind.setObjectName("expedition_action")
        self.action_kind.setAccessibleName("Action")
        self.who = QComboBox()
        self.who.setObjectName("expedition_who")
        self.who.setAccessibleName("Who")
        self.odds = _plain(QLabel())
        self.odds.setObjectName("expedition_odds")
        self.odds.setWordWrap(True)
        self.roll_button = QPushButton("&Roll")
        self.roll_button.setObjectName("expedition_roll")
        self.roll_button.clicked.connect(self.roll)
        self.typed = QLineEdit()
        self.typed.setObjectName("expedition_typed")
        self.typed.setAccessibleName("Die rolled at the table")
        self.typed.setPlaceholderText("or type the die rolled")
        self.typed.returnPressed.connect(self.use_typed)
        self.result = _plain(QLabel())
        self.result.setObjectName("expedition_result")
        self.result.setWordWrap(True)
        self.action_kind.currentIndexChanged.connect(self._fill_who)
        self.who.currentIndexChanged.connect(self._show_odds)
        action_box = QGroupBox("Actions")
        grid = QGridLayout(action_box)
        grid.addWidget(_plain(QLabel("Action:")), 0, 0)
        grid.addWidget(self.action_kind, 0, 1, 1, 2)
        grid.addWidget(_plain(QLabel("Who:")), 1, 0)
        grid.addWidget(self.who, 1, 1, 1, 2)
        grid.addWidget(self.odds, 2, 0, 1, 3)
        grid.addWidget(self.roll_button, 3, 0)
        grid.addWidget(self.typed, 3, 1, 1, 2)
        grid.addWidget(self.result, 4, 0, 1, 3)
        grid.setRowStretch(5, 1)
        grid.setColumnStretch(1, 1)
        return action_box

    def _build_log(self) -> QGroupBox:
        """The expedition's log."""
        self.log = QListWidget()
        self.log.setObjectName("expedition_log")
        self.log.setAccessibleName("Log")
        _wrapping(self.log)
        log_box = QGroupBox("Log")
        log_layout = QVBoxLayout(log_box)
        log_layout.addWidget(self.log)
        return log_box

    def _lay_out(
        self, header: QHBoxLayout, due_box: QGroupBox, action_box: QGroupBox, log_box: QGroupBox
    ) -> None:
        """Due now over the actions, beside the log, under the header and the movement line."""
        left = QSplitter(Qt.Orientation.Vertical)
        left.addWidget(due_box)
        left.addWidget(action_box)
        left.setChildrenCollapsible(False)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(log_box)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.addLayout(header)
        layout.addWidget(self.movement)
        layout.addWidget(split, 1)
        self.mode.activated.connect(self._on_mode)
        self.terrain.activated.connect(self._on_mode)

    # -- showing -----------------------------------------------------------------------------

    def refresh(self) -> None:
        expedition = self.document.expedition
        rules = self.rules
        mode = rules.mode(expedition.mode)
        self.clock.setText(rules.clock_words(expedition))
        if not self.place.hasFocus():
            self.place.setText(expedition.place)
        self.mode.setCurrentIndex(max(0, self.mode.findData(mode.id)))
        self.terrain.blockSignals(True)
        self.terrain.clear()
        for terrain_id, words in mode.terrains:
            self.terrain.addItem(words, terrain_id)
        self.terrain.setCurrentIndex(max(0, self.terrain.findData(expedition.terrain)))
        self.terrain.setVisible(bool(mode.terrains))
        self.terrain.blockSignals(False)
        self.advance_button.setText(f"Next {mode.unit.capitalize()}")
        key = self.advance_action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        self.advance_button.setToolTip(
            f"One {mode.unit} passes: one undo step and one log line ({key})"
        )
        self.movement.setText(rules.movement(expedition))
        self.due.clear()
        for line in rules.due(expedition):
            item = QListWidgetItem((URGENT_MARK if line.urgent else "") + line.text)
            if line.urgent:
                font = item.font()
                font.setBold(True)
                item.setFont(font)
            self.due.addItem(item)
        self.start_fight.setVisible(expedition.encounter_due and not expedition.in_fight)
        self.count_fight.setVisible(expedition.in_fight)
        self._fill_commands(expedition)
        self._fill_actions(expedition)
        self._fill_log(expedition)

    def _fill_commands(self, expedition: Expedition) -> None:
        while self.command_flow.count():
            item = self.command_flow.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        menus: dict[str, QMenu] = {}
        for command in self.rules.commands(expedition):
            if command.id == "waved" and not expedition.encounter_due:
                continue
            if command.group:
                menu = menus.get(command.group)
                if menu is None:
                    group = QToolButton()
                    group.setObjectName(f"expedition_group_{command.group}")
                    group.setText(command.group)
                    group.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
                    menu = menus[command.group] = QMenu(group)
                    menu.setToolTipsVisible(True)
                    group.setMenu(menu)
                    self.command_flow.addWidget(group)
                action = menu.addAction(command.label)
                action.setObjectName(f"expedition_command_{command.id}")
                action.setToolTip(command.tip or command.label)
                action.triggered.connect(lambda _checked=False, c=command.id: self.run_command(c))
                continue
            button = QPushButton(command.label)
            button.setObjectName(f"expedition_command_{command.id}")
            button.setToolTip(command.tip)
            button.clicked.connect(lambda _checked=False, c=command.id: self.run_command(c))
            self.command_flow.addWidget(button)

    def _fill_actions(self, expedition: Expedition) -> None:
        self._actions = self.rules.actions(expedition)
        groups = list(dict.fromkeys(action.roll.group for action in self._actions))
        current = self.action_kind.currentText()
        self.action_kind.blockSignals(True)
        self.action_kind.clear()
        self.action_kind.addItems(groups)
        if current in groups:
            self.action_kind.setCurrentIndex(groups.index(current))
        self.action_kind.blockSignals(False)
        self._fill_who()

    def _fill_who(self, *_args: object) -> None:
        group = self.action_kind.currentText()
        chosen = self.who.currentText()
        self.who.blockSignals(True)
        self.who.clear()
        for index, action in enumerate(self._actions):
            if action.roll.group == group:
                self.who.addItem(action.who or "The party", index)
        found = self.who.findText(chosen)
        self.who.setCurrentIndex(max(0, found))
        self.who.setEnabled(self.who.count() > 1)
        self.who.blockSignals(False)
        self._show_odds()

    def current_action(self) -> ExplorationAction | None:
        index = self.who.currentData()
        return (
            self._actions[index]
            if isinstance(index, int) and 0 <= index < len(self._actions)
            else None
        )

    def _show_odds(self, *_args: object) -> None:
        action = self.current_action()
        if action is None:
            self.odds.setText("No action here.")
            self.roll_button.setEnabled(False)
            return
        takes = ""
        if action.takes:
            unit = self.rules.mode(self.document.expedition.mode)
            takes = f"; takes {action.takes} {unit.unit if action.takes == 1 else unit.plural}"
        odds = chance_text(action.roll).replace(" %", "\u00a0%")  # "33.3 %" on one line
        self.odds.setText(f"{action.roll.label}: {odds}{takes}")
        self.odds.setToolTip(f"Exact chance {chance(action.roll)}")
        self.roll_button.setEnabled(True)

    def _fill_log(self, expedition: Expedition) -> None:
        lines = expedition.log
        while self.log.count() > len(lines):  # an undo: the newest lines go, the rest stay
            self.log.takeItem(self.log.count() - 1)
        shown = self.log.count()
        if shown and self.log.item(shown - 1).data(Qt.ItemDataRole.UserRole) != lines[shown - 1]:
            self.log.clear()  # another history (a file reloaded): shown afresh
            shown = 0
        for line in lines[shown:]:
            item = QListWidgetItem(f"{line.clock} — {line.text}")
            item.setData(Qt.ItemDataRole.UserRole, line)
            self.log.addItem(item)
        if self.log.count():
            self.log.scrollToBottom()

    # -- steps -------------------------------------------------------------------------------

    def advance(self) -> None:
        before = self.document.expedition
        unit = self.rules.mode(before.mode).unit
        self.document.apply(self.rules.advance(before), f"Next {unit}")

    def run_command(self, command_id: str) -> None:
        label = next(
            (c.label for c in self.rules.commands(self.document.expedition) if c.id == command_id),
            command_id,
        )
        self.document.apply(self.rules.command(self.document.expedition, command_id), label)

    def roll(self) -> None:
        action = self.current_action()
        if action is not None:
            self._judge(action, self.roller.roll_faces(action.roll.dice))

    def use_typed(self) -> None:
        action = self.current_action()
        if action is None:
            return
        try:
            faces = read_faces(action.roll, self.typed.text())
            self._judge(action, faces)
        except DiceError as error:
            self.result.setText(str(error))
            return
        self.typed.clear()

    def _judge(self, action: ExplorationAction, faces: tuple[int, ...]) -> None:
        judged = outcome(action.roll, faces)
        self.result.setText(judged.text)
        after = self.rules.act(self.document.expedition, action, judged)
        self.document.apply(after, action.roll.label)

    def _on_place(self) -> None:
        expedition = self.document.expedition
        place = self.place.text().strip()[:120]
        if place != expedition.place:
            self.document.apply(expedition.model_copy(update={"place": place}), f"Place: {place}")

    def _on_mode(self, *_args: object) -> None:
        expedition = self.document.expedition
        mode = str(self.mode.currentData())
        terrain = str(self.terrain.currentData() or "") if mode == expedition.mode else ""
        if mode == expedition.mode and terrain == expedition.terrain:
            return
        label = self.rules.mode(mode).label
        self.document.apply(self.rules.change_mode(expedition, mode, terrain), f"Go on in: {label}")

    @staticmethod
    def ask_timer(widget: ExpeditionWidget, unit: str) -> tuple[str, int] | None:
        """What lasts and for how many units (a dialog; tests replace it)."""
        if dialogs.is_non_interactive():
            return None
        dialog = TimerDialog(unit, widget)
        try:
            return dialog.choice() if dialog.exec() else None
        finally:
            dialog.deleteLater()

    def add_timer(self) -> None:
        expedition = self.document.expedition
        mode = self.rules.mode(expedition.mode)
        choice = ExpeditionWidget.ask_timer(self, mode.plural)
        if choice is None or not choice[0].strip():
            return
        label, units = choice[0].strip()[:80], max(1, choice[1])
        timed = add_timer(expedition, label, units)
        words = mode.unit if units == 1 else mode.plural
        self.document.apply(
            add_line(timed, self.rules.clock_words(expedition), f"{label}: {units} {words}."),
            f"Timer: {label}",
        )

    def edit_rules(self) -> None:
        """The expedition's table rules in the generic options form, one undo step."""
        from m3desk.ui.table_rules import options_dialog

        expedition = self.document.expedition
        rules = self.rules
        if rules.options_model is None:
            return
        game = registry.system_of(expedition)
        words = game._replace(options_model=rules.options_model)
        chosen = options_dialog.ask_options(
            self,
            words,
            expedition.options,
            "Exploration Rules",
            f"{game.name}: what the clock brings, with the book's defaults.",
        )
        if chosen is not None:
            self.document.apply(
                expedition.model_copy(update={"options": chosen}), "Exploration rules"
            )

    # -- the fight ---------------------------------------------------------------------------

    @staticmethod
    def ask_monsters(widget: ExpeditionWidget) -> tuple[str, int] | None:
        """Which monsters and how many (a dialog; tests replace it)."""
        from m3desk.ui.expedition.wandering import WanderingDialog

        if dialogs.is_non_interactive():
            return None
        expedition = widget.document.expedition
        game_id = registry.system_of(expedition).id
        dialog = WanderingDialog(
            game_id, widget, widget.roller, expedition, widget.random_tables(game_id)
        )
        try:
            return dialog.choice() if dialog.exec() else None
        finally:
            dialog.deleteLater()

    def random_tables(self, game_id: str) -> TableSet | None:
        """The game's random tables, or None where they cannot be read (a sentence each is
        in the Tables panel)."""
        found = self._tables(game_id)
        return found if isinstance(found, TableSet) else None

    def start_encounter(self) -> None:
        from m3desk.ui.documents.encounter_document import EncounterDocument
        from m3desk.ui.expedition.wandering import wandering_encounter

        choice = ExpeditionWidget.ask_monsters(self)
        if choice is None:
            return
        expedition = self.document.expedition
        try:
            fight = wandering_encounter(expedition, choice[0], choice[1], self.roller)
        except ValueError as error:
            dialogs.show_error(self, "No Encounter", str(error))
            return
        document = EncounterDocument(fight)
        document.setup_place = expedition.mode  # the set-up's distance: the place it is met
        self.fight = document
        self._fight_rounds = 0
        document.encounter_changed.connect(self._follow_fight)
        self.document.apply(
            expedition.model_copy(update={"in_fight": True, "encounter_due": False}),
            "Start the encounter",
        )
        self._adopt(document)

    def _follow_fight(self, *_args: object) -> None:
        if self.fight is not None:
            self._fight_rounds = int(self.fight.encounter.round)

    def count_fight_in(self) -> None:
        """The fight's rounds into the clock (a fight is a turn), and its outcome (the foes
        defeated, the treasure counted in, the experience added) into the log: one undo step."""
        rounds = self._fight_rounds
        outcome_lines: list[str] = []
        if self.fight is not None:
            with contextlib.suppress(RuntimeError):  # its tab closed, the document deleted
                fight = self.fight.encounter
                rounds = int(fight.round)
                outcome_lines = fight_outcome(fight, self.document.expedition)
        self.fight = None
        after = self.rules.fight_over(self.document.expedition, rounds)
        clock = after.log[-1].clock if len(after.log) else ""
        for line in outcome_lines:
            after = add_line(after, clock, line)
        self.document.apply(after, "Count the fight in")

    def detach(self) -> None:
        with contextlib.suppress(RuntimeError, TypeError):
            self.document.expedition_changed.disconnect(self.refresh)
