"""The player view: what the players may see of the fight, for a second screen or a TV.

It follows the encounter live and shows the round, whose turn it is, the initiative order,
the conditions on each combatant and the board. It never shows what the GM has not revealed:
combatants marked hidden are left out everywhere (order, board, turn), and a monster's hit
points appear only as the players would perceive them (unhurt, wounded, badly wounded, down),
never as numbers. The players' own characters show their hit points.

The view reads a *players' copy* of the encounter (:func:`players_copy`), made afresh after
every change: hidden combatants and their distances removed, monsters' sheets never shown.
The board in the window is drawn from that copy, read-only, so nothing it draws can come from
a hidden combatant.
"""

from __future__ import annotations

import contextlib

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QFont, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.log_entries import LogEntries
from m3desk.ui.board import RangeBoard
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.health import perceived

__all__ = ["PlayerView", "perceived", "players_copy"]


def players_copy(encounter: core.Encounter) -> core.Encounter:
    """The encounter without what the players may not know: hidden combatants, their
    distances, a turn that is theirs, and the log."""
    shown = tuple(c for c in encounter.combatants if not c.hidden)
    ids = {c.id for c in shown}
    positions = {key: value for key, value in encounter.positions.items()
                 if set(key.split("|")) <= ids}
    places = {key: value for key, value in encounter.places.items() if key in ids}
    return encounter.model_copy(update={
        "combatants": shown, "positions": positions, "places": places, "log": LogEntries(),
        "turn": encounter.turn if encounter.turn in ids else None,
        "resume": encounter.resume if encounter.resume in ids else None})


def _is_player_character(combatant: core.Combatant) -> bool:
    return getattr(combatant.sheet, "kind", "") == "character"


class _PlayersDocument(EncounterDocument):
    """A read-only document over the players' copy: views may look, never change it."""

    def apply(self, new_encounter: core.Encounter, text: str) -> bool:
        return False

    def show(self, encounter: core.Encounter) -> None:
        """Replace the copy without an undo step (it follows the GM's document)."""
        self.apply_command_state(encounter)


class PlayerView(QWidget):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("player_view")
        self.document = document
        self.players = _PlayersDocument(players_copy(document.encounter), parent=self)
        self.round_label = QLabel(self)
        self.round_label.setObjectName("player_round")
        self.round_label.setTextFormat(Qt.TextFormat.PlainText)
        big = QFont(self.font())
        big.setPointSizeF(big.pointSizeF() * 1.8)
        big.setBold(True)
        self.round_label.setFont(big)
        self.order = QListWidget(self)
        self.order.setObjectName("player_order")
        self.order.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        large = QFont(self.font())
        large.setPointSizeF(large.pointSizeF() * 1.4)
        self.order.setFont(large)
        self.board = RangeBoard(self.players, self)
        self.board.view.setInteractive(False)
        # No keyboard focus: a focus ring on a token would mean nothing to the players.
        self.board.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.board.legend.show_hint(False)
        board_font = QFont(self.font())
        board_font.setPointSizeF(board_font.pointSizeF() * 1.3)
        self.board.setFont(board_font)
        side = QVBoxLayout()
        side.addWidget(self.round_label)
        side.addWidget(self.order, 1)
        # The legend under the order: the rings want a square, so the board's height is
        # what sizes them, and the legend's rows were taking it.
        side.addWidget(self.board.legend)
        layout = QHBoxLayout(self)
        layout.addLayout(side, 2)
        layout.addWidget(self.board, 3)
        self.setWindowTitle(f"Players — {document.name()}")
        QShortcut(QKeySequence("F11"), self).activated.connect(self.toggle_full_screen)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self).activated.connect(self.leave_full_screen)
        document.encounter_changed.connect(self._follow)
        document.selection_changed.connect(self._follow)
        self._follow()
        screen = QGuiApplication.primaryScreen()
        if screen is not None:
            area = screen.availableGeometry()
            self.resize(area.width() * 3 // 4, area.height() * 3 // 4)

    # -- following the GM's document --------------------------------------------------------

    def _follow(self, *_args: object) -> None:
        encounter = self.document.encounter
        copy = players_copy(encounter)
        self.players.show(copy)
        centre = copy.turn or (copy.combatants[0].id if copy.combatants else "")
        self.players.select(centre)
        self.round_label.setText(self._round_text(copy))
        self._fill_order(copy)

    @staticmethod
    def _round_text(encounter: core.Encounter) -> str:
        title = core.phase_title(encounter.phase, encounter.round)
        if encounter.turn is None or encounter.phase == "setup":
            return title
        return f"{title} — {encounter.combatant(encounter.turn).name}"

    def _fill_order(self, encounter: core.Encounter) -> None:
        rules = registry.system_of(encounter).encounter
        listed = [c for count in core.turn_order(encounter) for c in count]
        placed = {c.id for c in listed}
        listed += [c for c in encounter.combatants if c.id not in placed]
        self.order.clear()
        for combatant in listed:
            pool = rules.pool(combatant) if rules is not None else None
            if pool is None:
                health = ""
            elif _is_player_character(combatant):
                health = f"{pool[0]}/{pool[1]} hp"
            else:
                health = perceived(*pool)
            conditions = ", ".join(c.name for c in combatant.conditions)
            parts = [combatant.name, health, conditions]
            text = " · ".join(part for part in parts if part)
            marker = "▶ " if combatant.id == encounter.turn else "   "
            item = QListWidgetItem(marker + text)
            if combatant.id == encounter.turn:
                font = QFont(self.order.font())
                font.setBold(True)
                item.setFont(font)
            self.order.addItem(item)

    def texts(self) -> list[str]:
        """Every text the window shows (for the test that no hidden number reaches it)."""
        shown = [self.round_label.text()]
        shown += [self.order.item(row).text() for row in range(self.order.count())]
        shown.append(self.board.header.text())
        for token in self.board.scene.tokens():
            facts = token.facts
            shown += [facts.name, facts.position_label, token.toolTip()]
        return shown

    def toggle_full_screen(self) -> None:
        self.setWindowState(self.windowState() ^ Qt.WindowState.WindowFullScreen)

    def leave_full_screen(self) -> None:
        self.setWindowState(self.windowState() & ~Qt.WindowState.WindowFullScreen)

    def show_on(self, screen_number: int) -> None:
        """Open full screen on screen ``screen_number`` (the second screen or a TV)."""
        screens = QGuiApplication.screens()
        if 0 <= screen_number < len(screens):
            self.setScreen(screens[screen_number])
            self.move(screens[screen_number].geometry().topLeft())
        self.showFullScreen()

    def closeEvent(self, event: QCloseEvent) -> None:
        for signal, slot in ((self.document.encounter_changed, self._follow),
                             (self.document.selection_changed, self._follow)):
            with contextlib.suppress(RuntimeError, TypeError):
                signal.disconnect(slot)
        self.board.detach()
        super().closeEvent(event)
