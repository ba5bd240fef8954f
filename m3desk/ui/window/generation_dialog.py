"""File → New Character for every game: its ability scores, its choices, its hit points.

The dialog renders what the game describes in ``GameSystem.generation``
(:mod:`m3desk.core.generation`): the method the table uses (rolled in order, rolled and
arranged, points spent, typed from the table's own dice; every roll through the dice roller
and shown), the choices (race, class, ancestry…) with the ones the scores bar greyed out and
why, the hit points by the starting-hit-points rule, and what else follows (a prime
requisite's experience bonus). OK builds the sheet with the game's own function; Cancel
leaves nothing behind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import pairwise
from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from m3desk.core.dice import Roller
from m3desk.core.generation import (
    AbilityMethod,
    Draft,
    Generation,
    ScoreRoll,
    default_method,
    method_problem,
    methods_of,
    points_left,
    roll_scores,
)
from m3desk.core.numbers import signed
from m3desk.core.system import GameSystem

__all__ = ["BlankPanel", "GenerationDialog", "GenerationPanel"]

_NOT_TYPED = "—"
_SHOWN = Qt.ItemDataRole.UserRole + 1
"""A pick's text without the reason it is barred."""
_NOTE = Qt.ItemDataRole.UserRole + 2
"""A pick's requirements or what it gives, in a few words."""


def _wrapping(text: str = "", name: str = "") -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    if name:
        label.setObjectName(name)
    return label


class _AbilityRow:
    """One ability: its name, the widget holding its score, the dice that made it."""

    def __init__(self, key: str, name: str) -> None:
        self.key = key
        self.label = QLabel(f"{name} ({key})" if name.casefold() != key.casefold() else name)
        self.score: QWidget = QLabel()
        self.dice = QLabel()
        self.dice.setObjectName(f"dice:{key}")
        self.adjusted = QLabel()
        self.adjusted.setObjectName(f"adjusted:{key}")
        self.shift: QSpinBox | None = None


class GenerationPanel(QWidget):
    """A new character of one game: abilities on the left, choices and results on the right."""

    def __init__(
        self,
        system: GameSystem,
        options: BaseModel,
        data: Mapping[str, Any],
        roller: Roller,
        changed: Callable[[], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        assert system.generation is not None
        self.system = system
        self.generation: Generation = system.generation
        self.options = options
        self.data = data
        self.roller = roller
        self._changed = changed
        self.methods = methods_of(self.generation, options)
        self.rolls: list[ScoreRoll] = []
        self.order: list[int] = []
        """For an arranged roll: which roll each ability holds."""
        self.hp_faces: tuple[int, ...] = ()

        self.method = QComboBox()
        self.method.setObjectName("method")
        for method in self.methods:
            self.method.addItem(method.label, method.id)
        self.method_help = _wrapping(name="method_help")
        self.roll_button = QPushButton("Roll &again")
        self.roll_button.setObjectName("roll_abilities")
        self.points = QLabel()
        self.points.setObjectName("points_left")
        self.grid = QGridLayout()
        self.rows = [
            _AbilityRow(key, self.generation.ability_names.get(key, key))
            for key in self.generation.abilities
        ]

        abilities = self._build_abilities()
        choices = self._build_choices(data)
        self._lay_out(abilities, choices)

        start = default_method(self.generation, options)
        self.method.setCurrentIndex(self.methods.index(start))
        self.method.currentIndexChanged.connect(lambda _index: self._method_changed())
        self.roll_button.clicked.connect(self.roll)
        self.hp_button.clicked.connect(self.roll_hit_points)
        self._method_changed()

    def _build_abilities(self) -> QGroupBox:
        """The abilities' side: the method, the trade between abilities, the scores, rolling."""
        abilities = QGroupBox("Abilities")
        left = QVBoxLayout(abilities)
        method_form = QFormLayout()
        method_form.addRow("&Method:", self.method)
        left.addLayout(method_form)
        left.addWidget(self.method_help)
        self.shift_help = _wrapping(self.generation.shift_help, "shift_help")
        self.shift_help.setVisible(self.generation.shift_range is not None)
        left.addWidget(self.shift_help)
        # The trade in one step: lower one ability and raise another as the game allows
        # ("STR −2 → DEX +1"), instead of two spin boxes set by hand to balance.
        self.trade = QComboBox()
        self.trade.setObjectName("trade")
        self.trade.setAccessibleName("Trade points between abilities")
        self.trade_button = QPushButton("&Trade")
        self.trade_button.setObjectName("trade_button")
        self.trade_button.setToolTip("Move the points as chosen: both abilities at once")
        self.trade_button.clicked.connect(self.make_trade)
        trade_row = QHBoxLayout()
        trade_row.addWidget(self.trade, 1)
        trade_row.addWidget(self.trade_button)
        self._trade_row = QWidget()
        self._trade_row.setLayout(trade_row)
        trade_row.setContentsMargins(0, 0, 0, 0)
        self._trade_row.setVisible(self.generation.shift_range is not None)
        left.addWidget(self._trade_row)
        left.addLayout(self.grid)
        buttons = QHBoxLayout()
        buttons.addWidget(self.roll_button)
        buttons.addWidget(self.points, 1)
        left.addLayout(buttons)
        left.addStretch(1)
        return abilities

    def _build_choices(self, data: Mapping[str, Any]) -> QGroupBox:
        """The character's side: a list per choice with its note, what is barred, hit points."""
        self.picks: dict[str, QComboBox] = {}
        self.pick_notes: dict[str, QLabel] = {}
        """What the chosen pick is (its requirements, prime, traits), under its list."""
        choices = QGroupBox("Character")
        right = QVBoxLayout(choices)
        pick_form = QFormLayout()
        for group in self.generation.groups:
            combo = QComboBox()
            combo.setObjectName(f"pick:{group.id}")
            combo.setModel(QStandardItemModel(combo))
            combo.setEditable(group.free_text)
            # The entries carry their requirements (and why one is barred): the box shows
            # what fits, the open list shows them whole.
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(16)
            combo.setToolTip(group.help)
            for pick in group.picks(data):
                item = QStandardItem(pick.label)
                item.setData(pick.id, Qt.ItemDataRole.UserRole)
                item.setData(pick.label, _SHOWN)
                item.setData(pick.note, _NOTE)
                combo.model().appendRow(item)  # type: ignore[attr-defined]
            if group.default:
                combo.setCurrentIndex(max(0, combo.findData(group.default)))
            editor = combo.lineEdit()
            if editor is not None:
                editor.setPlaceholderText("your own words, or one offered")
                combo.editTextChanged.connect(lambda _text: self._refresh())
            else:
                combo.currentIndexChanged.connect(lambda _index: self._refresh())
            self.picks[group.id] = combo
            pick_form.addRow(f"&{group.label}:", combo)
            note = _wrapping(name=f"note:{group.id}")
            self.pick_notes[group.id] = note
            pick_form.addRow("", note)
        right.addLayout(pick_form)
        self.barred = _wrapping(name="barred")
        right.addWidget(self.barred)
        hp_row = QHBoxLayout()
        self.hit_points = _wrapping(name="hit_points")
        self.hp_button = QPushButton("Roll &hit points")
        self.hp_button.setObjectName("roll_hit_points")
        hp_row.addWidget(self.hit_points, 1)
        hp_row.addWidget(self.hp_button, 0, Qt.AlignmentFlag.AlignTop)
        right.addLayout(hp_row)
        self.notes = _wrapping(name="generation_notes")
        right.addWidget(self.notes)
        right.addStretch(1)
        return choices

    def _lay_out(self, abilities: QGroupBox, choices: QGroupBox) -> None:
        """The two sides abreast, the dice column wide enough for any roll."""
        metrics = self.fontMetrics()
        # Room for the widest dice text, so a re-roll never squeezes the names.
        self.grid.setColumnMinimumWidth(4, metrics.horizontalAdvance("4d6: 6 6 6 (6) = 18"))
        choices.setMinimumWidth(metrics.horizontalAdvance("M") * 32)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(abilities, 1)
        layout.addWidget(choices, 1)

    # -- the method and its scores ----------------------------------------------------------

    def current_method(self) -> AbilityMethod:
        return self.methods[max(self.method.currentIndex(), 0)]

    def _method_changed(self) -> None:
        method = self.current_method()
        self.method_help.setText(method.help)
        self.roll_button.setVisible(method.kind == "roll")
        self.points.setVisible(method.kind == "point_buy")
        self._build_rows(method)
        if method.kind == "roll":
            self.roll()
        else:
            self._refresh()

    def _build_rows(self, method: AbilityMethod) -> None:
        while self.grid.count():
            taken = self.grid.takeAt(0)
            widget = taken.widget() if taken is not None else None
            if widget is not None and all(widget is not row.label for row in self.rows):
                widget.hide()
                widget.deleteLater()
        for number, row in enumerate(self.rows):
            row.dice = QLabel()
            row.dice.setObjectName(f"dice:{row.key}")
            row.adjusted = QLabel()
            row.adjusted.setObjectName(f"adjusted:{row.key}")
            row.score = self._score_widget(method, row)
            row.label.setBuddy(row.score)
            self.grid.addWidget(row.label, number, 0)
            self.grid.addWidget(row.score, number, 1)
            if self.generation.shift_range is not None:
                row.shift = QSpinBox()
                row.shift.setObjectName(f"shift:{row.key}")
                row.shift.setAccessibleName(f"{row.label.text()}: points moved")
                row.shift.setRange(0, 0)
                row.shift.setMinimumWidth(self.fontMetrics().horizontalAdvance("+88") + 32)
                row.shift.valueChanged.connect(lambda _value: self._refresh())
                self.grid.addWidget(row.shift, number, 2)
            self.grid.addWidget(row.adjusted, number, 3)
            self.grid.addWidget(row.dice, number, 4)
        self.grid.setColumnStretch(4, 1)
        self._tab_order()

    def _tab_order(self) -> None:
        """Tab goes down the page as it reads: the method, each score (and its shift), the
        roll, the choices, the hit-point roll."""
        chain: list[QWidget] = [self.method]
        for row in self.rows:
            chain += [row.score] + ([row.shift] if row.shift is not None else [])
        chain += [self.roll_button, *self.picks.values(), self.hp_button]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)

    def focus_chain(self) -> tuple[QWidget, QWidget]:
        """The panel's first and last widget in the tab order."""
        return self.method, self.hp_button

    def _score_widget(self, method: AbilityMethod, row: _AbilityRow) -> QWidget:
        name = f"score:{row.key}"
        if method.kind == "roll" and method.arrange:
            combo = QComboBox()
            combo.setObjectName(name)
            combo.setAccessibleName(row.label.text())
            combo.activated.connect(lambda index, key=row.key: self.assign(key, index))
            return combo
        if method.kind == "roll":
            label = QLabel()
            label.setObjectName(name)
            label.setMinimumWidth(self.fontMetrics().horizontalAdvance("00") + 8)
            return label
        spin = QSpinBox()
        spin.setObjectName(name)
        spin.setAccessibleName(row.label.text())
        if method.kind == "point_buy":
            spin.setRange(method.base, method.cap)
            spin.setValue(method.base)
        else:
            low, high = self.generation.score_range
            spin.setRange(low - 1, high)
            spin.setSpecialValueText(_NOT_TYPED)
            spin.setValue(low - 1)
        spin.valueChanged.connect(lambda _value: self._refresh())
        return spin

    def roll(self) -> None:
        """Roll every score by the method's dice through the roller (and show the dice)."""
        method = self.current_method()
        if method.kind != "roll":
            return
        self.rolls = list(roll_scores(method, len(self.rows), self.roller))
        self.order = list(range(len(self.rows)))
        for row in self.rows:  # new scores: nothing moved yet
            if row.shift is not None:
                row.shift.blockSignals(True)
                row.shift.setValue(0)
                row.shift.blockSignals(False)
        self._refresh()

    def assign(self, key: str, roll: int) -> None:
        """Put roll number ``roll`` on the ability ``key``; the ability that held it takes
        the roll ``key`` had (arranged methods swap, so every roll is used once)."""
        index = next(number for number, row in enumerate(self.rows) if row.key == key)
        other = self.order.index(roll)
        self.order[index], self.order[other] = self.order[other], self.order[index]
        self._refresh()

    def scores(self) -> dict[str, int]:
        """The scores as generated (before any adjustment); untyped scores left out."""
        method = self.current_method()
        if method.kind == "roll":
            if not self.rolls:
                return {}
            return {
                row.key: self.rolls[self.order[number]].total
                for number, row in enumerate(self.rows)
            }
        scores = {}
        for row in self.rows:
            assert isinstance(row.score, QSpinBox)
            if row.score.text() != _NOT_TYPED:
                scores[row.key] = row.score.value()
        return scores

    # -- choices and results ----------------------------------------------------------------

    def chosen(self) -> dict[str, str]:
        picks = {}
        for group in self.generation.groups:
            combo = self.picks[group.id]
            data = combo.currentData(Qt.ItemDataRole.UserRole)
            if group.free_text:
                text = combo.currentText().strip()
                index = combo.findText(text)
                data = combo.itemData(index, Qt.ItemDataRole.UserRole) if index >= 0 else text
            picks[group.id] = str(data or "")
        return picks

    def shifts(self) -> dict[str, int]:
        """The points moved between abilities (where the game allows it), by ability."""
        return {
            row.key: row.shift.value()
            for row in self.rows
            if row.shift is not None and row.shift.value()
        }

    def draft(self, name: str = "") -> Draft:
        return Draft(name, self.scores(), self.chosen(), self.data, self.hp_faces, self.shifts())

    def _refresh_shifts(self) -> None:
        """Each ability's shift as the game allows it for these scores and choices."""
        allowed = self.generation.shift_range
        if allowed is None:
            return
        plain = self.draft()._replace(shifts={})
        for row in self.rows:
            if row.shift is None:
                continue
            low, high, step = allowed(plain, row.key) if row.key in plain.scores else (0, 0, 1)
            row.shift.blockSignals(True)
            row.shift.setRange(low, high)
            row.shift.setSingleStep(step)
            row.shift.setEnabled(low != high)
            row.shift.setPrefix("+" if row.shift.value() > 0 else "")
            row.shift.blockSignals(False)

    def trades(self) -> list[tuple[str, int, str, int]]:
        """(lowered, by, raised, by) for each trade the rule still allows from the shifts
        as they are: one step down of an ability that may go down, one step up of one that
        may go up."""
        allowed = self.generation.shift_range
        if allowed is None:
            return []
        plain = self.draft()._replace(shifts={})
        shifts = self.shifts()
        down, up = [], []
        for row in self.rows:
            if row.shift is None or row.key not in plain.scores:
                continue
            low, high, step = allowed(plain, row.key)
            now = shifts.get(row.key, 0)
            if low < 0 and now - step >= low and now <= 0:
                down.append((row.key, step))
            if high > 0 and now + step <= high and now >= 0:
                up.append((row.key, step))
        return [
            (lowered, -by_down, raised, by_up)
            for lowered, by_down in down
            for raised, by_up in up
            if lowered != raised
        ]

    def _refresh_trades(self) -> None:
        if self.generation.shift_range is None:
            return
        chosen = self.trade.currentData()
        self.trade.blockSignals(True)
        self.trade.clear()
        for lowered, down, raised, up in self.trades():
            self.trade.addItem(
                f"{lowered} {signed(down)} → {raised} {signed(up)}", (lowered, down, raised, up)
            )
        index = self.trade.findData(chosen) if chosen is not None else -1
        self.trade.setCurrentIndex(max(index, 0))
        self.trade.blockSignals(False)
        self.trade.setEnabled(self.trade.count() > 0)
        self.trade_button.setEnabled(self.trade.count() > 0)

    def make_trade(self) -> bool:
        """Apply the trade chosen: both shifts at once (False when none is possible)."""
        data = self.trade.currentData()
        if not data:
            return False
        lowered, down, raised, up = data
        rows = {row.key: row for row in self.rows}
        for key, by in ((lowered, down), (raised, up)):
            spin = rows[key].shift
            if spin is None:
                return False
            spin.blockSignals(True)
            spin.setValue(spin.value() + by)
            spin.blockSignals(False)
        self._refresh()
        return True

    def roll_hit_points(self) -> None:
        dice = self.generation.hit_dice(self.draft(), self.options)
        if dice is not None:
            self.hp_faces = self.roller.roll_faces(dice)
        self._refresh()

    def problem(self) -> str:
        """Why OK is not possible yet, in a sentence ("" when it is)."""
        scores = self.scores()
        problem = method_problem(self.generation, self.current_method(), scores)
        if problem:
            return problem
        draft = self.draft()
        problem = self.generation.shift_problem(draft)
        if problem:
            return problem
        for group in self.generation.groups:
            pick = draft.picks.get(group.id, "")
            why = self.generation.unavailable(draft, group.id, pick) if pick else ""
            if why:
                return f"{group.label}: {self._shown_pick(group.id)} {why}."
        return ""

    def _shown_pick(self, group: str) -> str:
        """The current pick's name as the list shows it, without the reason the list adds
        to a barred pick ("Fighter", not "Fighter — needs STR 9, has 7")."""
        combo = self.picks[group]
        model = combo.model()
        current = combo.currentIndex()
        if (
            isinstance(model, QStandardItemModel)
            and current >= 0
            and model.item(current).text() == combo.currentText()
        ):
            return str(model.item(current).data(_SHOWN))
        return combo.currentText()

    def _refresh(self) -> None:
        self._refresh_shifts()
        self._refresh_trades()
        method = self.current_method()
        scores = self.scores()
        draft = self.draft()
        complete = not method_problem(self.generation, method, scores)
        adjusted = self.generation.adjusted(draft) if complete else {}
        for number, row in enumerate(self.rows):
            self._show_score(method, number, row)
            after = adjusted.get(row.key)
            row.adjusted.setText(
                f"→ {after}" if after is not None and after != scores.get(row.key) else ""
            )
        if method.kind == "point_buy":
            self.points.setText(f"Points left: {points_left(method, scores)} of {method.points}")
        self._refresh_picks(draft if complete else None)
        self._refresh_results(draft, complete)
        self._changed()

    def _show_score(self, method: AbilityMethod, number: int, row: _AbilityRow) -> None:
        if method.kind != "roll" or not self.rolls:
            row.dice.setText("")
            return
        roll = self.rolls[self.order[number]]
        row.dice.setText(f"{method.dice}: {roll.text()}")
        if isinstance(row.score, QComboBox):
            row.score.blockSignals(True)
            row.score.clear()
            for each in self.rolls:
                row.score.addItem(str(each.total))
            row.score.setCurrentIndex(self.order[number])
            row.score.blockSignals(False)
        elif isinstance(row.score, QLabel):
            row.score.setText(str(roll.total))

    def _refresh_picks(self, draft: Draft | None) -> None:
        barred = []
        for group in self.generation.groups:
            combo = self.picks[group.id]
            model = combo.model()
            assert isinstance(model, QStandardItemModel)
            for index in range(model.rowCount()):
                item = model.item(index)
                pick = str(item.data(Qt.ItemDataRole.UserRole))
                why = self.generation.unavailable(draft, group.id, pick) if draft else ""
                shown, note = str(item.data(_SHOWN)), str(item.data(_NOTE) or "")
                item.setEnabled(not why)
                item.setToolTip(why or note)
                item.setText(f"{shown} — {why}" if why else shown)
                if why:
                    barred.append(shown)
            current = combo.currentIndex()
            chosen_note = (
                model.item(current).data(_NOTE)
                if current >= 0 and model.item(current).text() == combo.currentText()
                else ""
            )
            self.pick_notes[group.id].setText(str(chosen_note or ""))
            self.pick_notes[group.id].setVisible(bool(chosen_note))
        self.barred.setText(
            "Not open with these scores (the lists say why): " + ", ".join(barred) + "."
            if barred
            else ""
        )
        self.barred.setVisible(bool(barred))
        for combo in self.picks.values():
            view = combo.view()
            view.setMinimumWidth(view.sizeHintForColumn(0) + 24)

    def _refresh_results(self, draft: Draft, complete: bool) -> None:
        dice = self.generation.hit_dice(draft, self.options) if complete else None
        self.hp_button.setVisible(dice is not None)
        if dice is not None and self.hp_faces:
            self.hp_button.setText("Roll &hit points again")
        if not complete:
            self.hit_points.setText("Hit points: once every score is in.")
            self.notes.setText("")
            return
        _hp, why = self.generation.hit_points(draft, self.options)
        self.hit_points.setText(f"Hit points: {why}")
        self.notes.setText("\n".join(self.generation.notes(draft, self.options)))

    def sheet(self, name: str) -> BaseModel:
        """The new character, built by the game's own rule from what the dialog shows."""
        return self.generation.build(self.draft(name), self.options)


class BlankPanel(QLabel):
    """A game that describes no generation: its form's blank sheet, filled in on the sheet."""

    def __init__(
        self, system: GameSystem, options: BaseModel, parent: QWidget | None = None
    ) -> None:
        super().__init__(
            "Everything is filled in on the sheet; hit points start as the table rules say.", parent
        )
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.system = system
        self.options = options

    def problem(self) -> str:
        return ""

    def sheet(self, name: str) -> BaseModel:
        return self.system.sheet_forms["character"].new_sheet(name, self.options)


class GenerationDialog(QDialog):
    """New Character: the game (when there is a choice), the name, then the game's panel."""

    def __init__(
        self,
        games: list[GameSystem],
        options_for: Callable[[GameSystem], BaseModel],
        data_for: Callable[[str], Mapping[str, Any]],
        parent: QWidget | None = None,
        roller: Roller | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Character")
        self.setObjectName("new_character_dialog")
        self._games = games
        self._options_for = options_for
        self._data_for = data_for
        self.roller = roller or Roller()
        self.game = QComboBox()
        self.game.setObjectName("game")
        for system in games:
            self.game.addItem(system.name, system.id)
        self.name = QLineEdit()
        self.name.setObjectName("name")
        self.name.setPlaceholderText("the character's name")
        self.name.setMaxLength(80)
        self.problem = _wrapping(name="problem")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        top = QFormLayout()
        if len(games) > 1:
            top.addRow("&Game:", self.game)
        top.addRow("&Name:", self.name)
        self._layout = QVBoxLayout(self)
        self._layout.addLayout(top)
        self.panel: GenerationPanel | BlankPanel | None = None
        self._layout.addWidget(self.problem)
        self._layout.addWidget(self.buttons)
        self.name.textChanged.connect(lambda _text: self._update())
        self.game.currentIndexChanged.connect(lambda _index: self._game_changed())
        self._game_changed()
        self._layout.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)

    def system(self) -> GameSystem:
        return self._games[max(self.game.currentIndex(), 0)]

    def show_game(self, name: str | None) -> None:
        """Start on the game called ``name`` (the library's filter), if it is offered."""
        index = self.game.findText(name) if name else -1
        if index >= 0:
            self.game.setCurrentIndex(index)

    def _game_changed(self) -> None:
        system = self.system()
        generation = system.generation
        panel: GenerationPanel | BlankPanel
        if generation is None:
            panel = BlankPanel(system, self._options_for(system), self)
        else:
            data = self._data_for(generation.data_file) if generation.data_file else {}
            panel = GenerationPanel(
                system, self._options_for(system), data, self.roller, self._update, self
            )
        if self.panel is not None:
            self._layout.replaceWidget(self.panel, panel)
            self.panel.hide()
            self.panel.deleteLater()
        else:
            self._layout.insertWidget(1, panel, 1)
        self.panel = panel
        if isinstance(panel, GenerationPanel):
            first, last = panel.focus_chain()
            QWidget.setTabOrder(self.name, first)
            QWidget.setTabOrder(last, self.buttons)
        self._update()
        if self.isVisible():
            self.adjustSize()

    def _update(self) -> None:
        if self.panel is None:
            return
        problem = "" if self.name.text().strip() else "The character needs a name."
        problem = problem or self.panel.problem()
        self.problem.setText(problem)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.name.setFocus(Qt.FocusReason.OtherFocusReason)

    def sheet(self) -> BaseModel:
        assert self.panel is not None
        return self.panel.sheet(self.name.text().strip())
