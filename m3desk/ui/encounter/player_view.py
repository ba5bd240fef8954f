"""The player view: what the players may see of the fight, for a second screen or a TV.

It follows the encounter live and shows the round, whose turn it is, the initiative order,
the conditions on each combatant and the board. The board centres on what the GM chose
("Centre on"): the party (a player character: the one acting, or the last one that acted
while monsters act), whoever acts, monsters included, or one combatant that stays put. The
choice is kept in the settings. It never shows what the GM has not revealed:
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

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent, QFont, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from m3desk.core import encounter as core
from m3desk.core.players import is_player_character as _is_player_character
from m3desk.core.players import order_lines, perceived, players_copy, round_text
from m3desk.ui.board import RangeBoard
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.map.view import MapView

__all__ = ["PlayerView", "perceived", "players_copy"]


class _PlayersDocument(EncounterDocument):
    """A read-only document over the players' copy: views may look, never change it."""

    def apply(self, new_encounter: core.Encounter, text: str, *, run: str | None = None) -> bool:
        return False

    def show(self, encounter: core.Encounter) -> None:
        """Replace the copy without an undo step (it follows the GM's document)."""
        self.apply_command_state(encounter)


CENTRES = {"party": "the party", "acting": "whoever acts"}
"""The player view's centre choices besides a fixed combatant, with their words."""


class PlayerView(QWidget):
    """Signals:
    centre_changed(str, str): the GM chose what the board centres on: "party",
        "acting" or "fixed", and for "fixed" the combatant's name.
    """

    centre_changed = Signal(str, str)

    def __init__(
        self,
        document: EncounterDocument,
        parent: QWidget | None = None,
        *,
        centre: tuple[str, str] = ("party", ""),
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.centre_mode, self.fixed_name = centre
        self._last_party = ""
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
        self.round_label.setWordWrap(True)  # a long name wraps rather than squeezing the board
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
        self.centre_combo = QComboBox(self)
        self.centre_combo.setObjectName("player_centre")
        self.centre_combo.setAccessibleName("Centre the board on")
        self.centre_combo.setToolTip(
            "What the players' board measures from: the party, "
            "whoever acts (monsters too), or one combatant"
        )
        self.centre_combo.activated.connect(self._centre_chosen)
        centre_label = QLabel("&Centre on:", self)
        centre_label.setBuddy(self.centre_combo)
        controls = QHBoxLayout()
        controls.addWidget(centre_label)
        controls.addWidget(self.centre_combo, 1)
        # The Rings / Lanes buttons live here, not beside the board's header: the header's
        # large text needs the board's whole width.
        for button in self.board.take_presentation_buttons():
            controls.addWidget(button)
        # A narrow window wraps the header's large text onto a second line, never cuts it.
        self.board.header.setWordWrap(True)
        side = QVBoxLayout()
        side.addWidget(self.round_label)
        side.addWidget(self.order, 1)
        # The legend under the order: the rings want a square, so the board's height is
        # what sizes them, and the legend's rows were taking it.
        side.addWidget(self.board.legend)
        side.addLayout(controls)
        layout = QHBoxLayout(self)
        layout.addLayout(side, 2)
        # A game of distances: the map (drawn from the players' copy, so without hidden
        # combatants) under the board's header, the rings or lanes a click away.
        self.map: MapView | None = None
        if document.encounter.position_model.kind == "distance":
            self.map = MapView(self.players, self, read_only=True)
            self.map.setFont(board_font)
            stack = QStackedWidget(self)
            stack.addWidget(self.map)
            stack.addWidget(self.board)
            self.map_button = QToolButton(self)
            self.map_button.setText("Map")
            self.map_button.setCheckable(True)
            self.map_button.setChecked(True)
            self.map_button.setToolTip("Show where everyone stands")
            self.map_button.toggled.connect(lambda on: stack.setCurrentIndex(0 if on else 1))
            for button in (self.board.rings_button, self.board.lanes_button):
                button.clicked.connect(lambda: self.map_button.setChecked(False))
            controls.addWidget(self.map_button)
            column = QVBoxLayout()
            column.addWidget(self.board.take_header())
            column.addWidget(stack, 1)
            layout.addLayout(column, 3)
        else:
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
        self.players.select(self.centre_of(copy))
        self.round_label.setText(self._round_text(copy))
        self._fill_order(copy)
        self._fill_centres(copy)

    # -- what the board centres on ---------------------------------------------------------

    def centre_of(self, encounter: core.Encounter) -> str:
        """The combatant the board measures from, by the GM's choice (see the module)."""
        shown = encounter.combatants
        if not shown:
            return ""
        turn = encounter.turn
        if self.centre_mode == "fixed":
            fixed = next((c.id for c in shown if c.name == self.fixed_name), "")
            if fixed:
                return fixed
        if self.centre_mode == "acting" and turn:
            return turn
        party = [c.id for c in shown if _is_player_character(c)]
        if turn in party:
            self._last_party = turn
            return turn
        if self._last_party in party:
            return self._last_party
        return party[0] if party else (turn or shown[0].id)

    def set_centre(self, mode: str, fixed: str = "") -> None:
        """Centre on the party, whoever acts, or (``"fixed"``) the combatant named ``fixed``."""
        self.centre_mode, self.fixed_name = mode, fixed if mode == "fixed" else ""
        self._follow()
        self.centre_changed.emit(self.centre_mode, self.fixed_name)

    def _centre_chosen(self, index: int) -> None:
        mode, _colon, fixed = str(self.centre_combo.itemData(index) or "party").partition(":")
        self.set_centre(mode, fixed)

    def _fill_centres(self, encounter: core.Encounter) -> None:
        combo = self.centre_combo
        combo.blockSignals(True)
        combo.clear()
        for mode, words in CENTRES.items():
            combo.addItem(words, mode)
        for combatant in encounter.combatants:
            combo.addItem(combatant.name, f"fixed:{combatant.name}")
        current = f"fixed:{self.fixed_name}" if self.centre_mode == "fixed" else self.centre_mode
        combo.setCurrentIndex(max(0, combo.findData(current)))
        combo.blockSignals(False)

    @staticmethod
    def _round_text(encounter: core.Encounter) -> str:
        return round_text(encounter)

    def _fill_order(self, encounter: core.Encounter) -> None:
        self.order.clear()
        for line in order_lines(encounter):
            item = QListWidgetItem(("▶ " if line.acting else "   ") + line.text)
            if line.acting:
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
        if self.map is not None:
            shown += [self.map.tooltip_for(token) for token in self.map.picture.tokens]
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
        for signal, slot in (
            (self.document.encounter_changed, self._follow),
            (self.document.selection_changed, self._follow),
        ):
            with contextlib.suppress(RuntimeError, TypeError):
                signal.disconnect(slot)
        self.board.detach()
        if self.map is not None:
            self.map.document_link.detach()
        super().closeEvent(event)
