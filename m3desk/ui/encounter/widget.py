"""The GM's encounter table in one tab: set-up, initiative tracker, range board and log.

The widget only arranges parts and wires them; each part reads the shared
:class:`EncounterDocument` and changes it through ``apply`` (one undo step per command).
The window adds the document's undo stack to its undo group and the widget to a tab.

Layout of a game of bands (Monsters & Magic): the tracker, the GM's at-a-glance view,
takes the full width on top (every column in view); below it the range board and the log
share the height side by side, the board as wide as it is tall so its rings keep a square.

Layout of a game of distances: the map beside the tracker and the log, over their whole
height. A top-down grid needs height the most, and the screens GMs have are short: under
an eight-row tracker at 1366x768 a bottom pane keeps about 200 px, where tokens and names
crowd; beside, the map keeps the tab's height and a fair share of its width, the tracker
(sized to its rows) over the log on the left squeezes its long text columns first. The
map's share is the GM's to drag, and remembered for the next encounter.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from m3desk.core import encounter as core_edits
from m3desk.core import registry
from m3desk.core.dice import Roller
from m3desk.ui.board import RangeBoard
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter import prompts
from m3desk.ui.encounter.board_window import BoardWindow
from m3desk.ui.encounter.combatant_controller import CombatantController
from m3desk.ui.encounter.condition_picker import ConditionPicker
from m3desk.ui.encounter.encounter_actions import EncounterActions
from m3desk.ui.encounter.encounter_toolbar import build_toolbar
from m3desk.ui.encounter.file_controller import FileController
from m3desk.ui.encounter.log_panel import LogPanel
from m3desk.ui.encounter.notice_bar import NoticeBar
from m3desk.ui.encounter.player_view import PlayerView
from m3desk.ui.encounter.roster_adder import OpenSheetsProvider, RosterAdder
from m3desk.ui.encounter.round_words import round_steps
from m3desk.ui.encounter.rules_controller import EncounterRulesController
from m3desk.ui.encounter.setup_strip import SetupStrip
from m3desk.ui.encounter.sheet_drops import SheetDrops
from m3desk.ui.encounter.tracker_model import rules_of
from m3desk.ui.encounter.tracker_rows import turn_summary
from m3desk.ui.encounter.tracker_view import TrackerView
from m3desk.ui.encounter.turn_controller import TurnController
from m3desk.ui.games import parts_of_encounter
from m3desk.ui.map.tabs import map_or_board

if TYPE_CHECKING:
    from m3desk.ui.encounter.forecast_dialog import ForecastDialog

__all__ = ["EncounterWidget"]

MESSAGE_MS = 8000
MIN_BOARD_WIDTH = 420
MIN_LANES_WIDTH = 340
"""Lanes reflow to any width (a chip a row at the narrowest), so the log can keep more."""
MIN_LOG_WIDTH = 260
MIN_BOTTOM_HEIGHT = 300
MAP_SHARE = (0.25, 0.45)
"""The map's default share of a distance game's tab width, least and most: what the
tracker (every column in view, squeezed, names whole) leaves, but never under a quarter
(at 1600x1000 @150 % with the library beside, 207 px; a third left OSE's Declared, Cover
and Acted behind a scroll bar); below that a tracker with many columns scrolls sideways,
its names whole, rather than leave a map too narrow to use."""
MIN_MAP_WIDTH = 200
MIN_TRACKER_WIDTH = 300
"""Least widths the GM can drag to (small: the tab's least width bounds the library's
width beside a sheet in the same window)."""
MIN_LOG_HEIGHT = 90
"""Three or four log lines under the tracker: what just happened stays in view, and the
log gives way to the tracker first (with 120, the twelfth row scrolled at 150 %)."""
STATUS_LINES = 3
"""The game's word on the round keeps this many lines from its first line on, whether it
says one or three (more scroll inside): a line coming or going never moves the tracker or
the map under the GM's pointer (it moved them 14 to 60 px)."""


class EncounterWidget(QWidget):
    """The encounter tab.

    ``open_sheets`` lists the sheets open in the window (anything with ``.sheet`` and
    ``.path``, e.g. the window's SheetDocument) for "Add Combatants ▸ open sheets";
    ``roller`` makes initiative rolls repeatable in tests.

    Signals:
        sheets_written(list[Path]): "Write Back to Sheets" replaced these files; the window
            should reload any it has open in a sheet tab.
    """

    sheets_written = Signal(list)
    map_share_changed = Signal(float)
    split_changed = Signal(str, float)
    """A splitter the GM dragged, by name ("log", "board"), and its new share."""

    def __init__(
        self,
        document: EncounterDocument,
        parent: QWidget | None = None,
        *,
        open_sheets: OpenSheetsProvider | None = None,
        roller: Roller | None = None,
        board_lanes: bool = True,
        map_share: float = 0.0,
        splits: Mapping[str, float] | None = None,
    ) -> None:
        super().__init__(parent)
        self._map_share = map_share if 0.1 <= map_share <= 0.9 else 0.0
        self._splits = {
            name: share for name, share in (splits or {}).items() if 0.05 <= share <= 0.95
        }
        self.document = document
        self.setObjectName("encounter_widget")
        self._build_parts(document, open_sheets, board_lanes, roller)
        self._connect_windows(document)
        self._build_round_bar(document)

        self.tracker.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tracker.customContextMenuRequested.connect(self._tracker_menu)
        self.tracker.tracker_model.edit_rejected.connect(self.show_message)
        self._build_layout()

        self._sized = False
        self._last_turn = document.encounter.turn
        self._last_phase = document.encounter.phase
        self.document_link = DocumentLink(document, self)
        self.document_link.connect("encounter_changed", self._on_changed)
        self.document_link.connect("selection_changed", self._update_hidden_check)
        self.document_link.connect("announced", self.notice_bar.show_notices)
        self.notice_bar.act_requested.connect(self.turns.act_on)
        # A notice belongs to the moment it was said: any later step (or its undo) ends it.
        document.undo_stack.indexChanged.connect(self._on_step)
        self._update_round()
        if document.encounter.turn is not None:  # an encounter reopened mid-fight
            document.select(document.encounter.turn)

    def _build_parts(
        self,
        document: EncounterDocument,
        open_sheets: OpenSheetsProvider | None,
        board_lanes: bool,
        roller: Roller | None,
    ) -> None:
        """The tracker and its actions, the set-up strip, the log, the board and the controllers
        that carry out the actions (the game's own commands where it has them)."""
        self.tracker = TrackerView(document, self)
        self.encounter_actions = EncounterActions(self, self.tracker)
        parts = parts_of_encounter(document.encounter)
        declared = registry.system_of(document.encounter).conditions
        if parts.tracker_commands is None:  # no commands of the game's own
            self.encounter_actions.hide_game_specific(conditions=bool(declared))
        if not registry.system_of(document.encounter).options_model.model_fields:  # none kept
            self.encounter_actions.table_rules.setVisible(False)
            self.encounter_actions.table_rules.setEnabled(False)
        self.roster_adder = RosterAdder(document, self, open_sheets)
        self.setup_strip = SetupStrip(document, self.roster_adder, self)
        # Sheets dragged from the library onto the tab join the fight (not opened as tabs).
        self.sheet_drops = SheetDrops(self, self.roster_adder, self.setup_strip.chosen_side)
        self.log_panel = LogPanel(document, self)
        self.log_panel.export_button.setDefaultAction(self.encounter_actions.export_log)
        # Lanes by default: in a pane this size rings would shrink names to a few pixels.
        self.board = RangeBoard(document, self, lanes=board_lanes)
        self.turns = TurnController(document, self.encounter_actions, self, roller or Roller())
        self.combatants = CombatantController(document, self.encounter_actions, self)
        self.game_commands = (
            None
            if parts.tracker_commands is None
            else parts.tracker_commands(document, self.encounter_actions, self)
        )
        self.condition_picker = (
            ConditionPicker(document, self.encounter_actions, self)
            if parts.tracker_commands is None and declared
            else None
        )
        self._open_sheets = open_sheets or (lambda: ())
        self.files = FileController(
            document,
            self.encounter_actions,
            self,
            lambda: self.log_panel.log_model.combatant_filter,
            open_sheets=lambda: self._open_sheets(),
            say=lambda text: self.show_message(text),
        )
        self.files.sheets_written.connect(self.sheets_written)
        self.rules = EncounterRulesController(document, self.encounter_actions, self)

    def _connect_windows(self, document: EncounterDocument) -> None:
        """The windows and dialogs the encounter opens (board, forecast, experience, player
        view) and the actions shown only where the game has them."""
        self.board_window: BoardWindow | None = None
        self.encounter_actions.board_window.triggered.connect(self.show_board_window)
        self.encounter_actions.forecast.triggered.connect(self.show_forecast)
        self.experience_dialog: QWidget | None = None
        from m3desk.ui.encounter.experience_dialog import has_experience

        self.encounter_actions.experience.setVisible(has_experience(document))
        self.encounter_actions.experience.setEnabled(has_experience(document))
        self.encounter_actions.experience.triggered.connect(self.show_experience)
        self.player_view: PlayerView | None = None
        # What the player view centres on, and where a new choice is kept (the window's
        # settings, set by the window; a bare widget keeps the party and forgets).
        self.player_centre: Callable[[], tuple[str, str]] = lambda: ("party", "")
        self.remember_player_centre: Callable[[str, str], None] = lambda _mode, _fixed: None
        self.encounter_actions.player_view.triggered.connect(self.show_player_view)
        from m3desk.ui.encounter.declarations import declares_attacks, everyone_attacks

        declares = declares_attacks(document.encounter)
        self.encounter_actions.everyone_attacks.setVisible(declares)
        self.encounter_actions.everyone_attacks.setEnabled(declares)
        self.encounter_actions.everyone_attacks.triggered.connect(
            lambda: self.show_message(everyone_attacks(self.document))
        )
        self.encounter_actions.hidden.triggered.connect(self.set_hidden)

        self.forecast_dialog: ForecastDialog | None = None

    def _build_round_bar(self, document: EncounterDocument) -> None:
        """The round's line, what it asks for now, the notice bar over the log, the message
        line and the set-up toggle."""
        self.round_label = QLabel()
        self.round_label.setAccessibleName("Round and turn")
        self.round_label.setToolTip(round_steps(registry.system_of(document.encounter)))
        font = self.round_label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.round_label.setFont(font)
        self.status_label = QLabel()
        self.status_label.setObjectName("round_status")
        self.status_label.setAccessibleName("What the round asks for now")
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        self.status_label.setWordWrap(True)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status_area = QScrollArea()
        self.status_area.setObjectName("round_status_area")
        self.status_area.setFrameShape(QFrame.Shape.NoFrame)
        self.status_area.setWidgetResizable(True)
        self.status_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.status_area.setWidget(self.status_label)
        self.status_area.setFixedHeight(
            STATUS_LINES * self.status_label.fontMetrics().lineSpacing() + 4
        )
        self.status_area.hide()
        # Over the log's top, not above the tracker: a notice (a spell lost, morale due)
        # shows without pushing anything down; the log keeps its words too.
        self.notice_bar = NoticeBar(self.log_panel)
        self.log_panel.installEventFilter(self)
        self.notice_bar.installEventFilter(self)
        self.message_label = QLabel()
        self.message_label.setAccessibleName("Message")
        self.message_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._message_timer = QTimer(self)
        self._message_timer.setSingleShot(True)
        self._message_timer.timeout.connect(self.message_label.clear)
        self.setup_toggle = QToolButton()
        self.setup_toggle.setText("Set-up")
        self.setup_toggle.setCheckable(True)
        self.setup_toggle.setChecked(document.encounter.phase == "setup")
        self.setup_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        # Every game's words: the name and the roster, and what the game rolls or sets
        # before round one (it named Monsters & Magic's surroundings and Scouting).
        self.setup_toggle.setToolTip(
            "Show or hide the set-up: the name, the roster and what the game settles before "
            "round one"
        )
        self.setup_toggle.toggled.connect(self._show_setup)
        self._show_setup(self.setup_toggle.isChecked())

    # --- layout --------------------------------------------------------------------------
    def _build_layout(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.round_label)
        top.addSpacing(12)
        top.addWidget(self.message_label, 1)
        # A game of distances shows its map here, the board's distance list a tab away.
        self.board_area, self.map = map_or_board(self.document, self.board)
        self.board.setMinimumWidth(MIN_LANES_WIDTH if self.board.lanes else MIN_BOARD_WIDTH)
        self.board.lanes_changed.connect(
            lambda lanes: self.board.setMinimumWidth(MIN_LANES_WIDTH if lanes else MIN_BOARD_WIDTH)
        )
        self.log_panel.setMinimumWidth(MIN_LOG_WIDTH)
        self.tracker_splitter = QSplitter(Qt.Orientation.Vertical)
        self.tracker_splitter.setObjectName("tracker_splitter")
        self.tracker_splitter.addWidget(self.tracker)
        self.board_splitter = QSplitter(Qt.Orientation.Horizontal)
        if self.map is None:
            # Below the tracker: the log, and the board beside it (the rings want a square).
            self.board_splitter.setObjectName("log_board_splitter")
            self.board_splitter.addWidget(self.log_panel)
            self.board_splitter.addWidget(self.board_area)
            # The tracker on top, across the whole tab; extra height goes to board and log.
            self.tracker_splitter.addWidget(self.board_splitter)
            content: QSplitter = self.tracker_splitter
        else:
            # The tracker over the log on the left, the map beside both, all the height.
            self.board_splitter.setObjectName("map_splitter")
            self.tracker_splitter.addWidget(self.log_panel)
            self.board_splitter.addWidget(self.tracker_splitter)
            self.board_splitter.addWidget(self.board_area)
            self.board.setMinimumWidth(0)
            self.board.lanes_changed.connect(lambda _lanes: self.board.setMinimumWidth(0))
            self.board_area.setMinimumWidth(MIN_MAP_WIDTH)
            self.tracker.setMinimumWidth(MIN_TRACKER_WIDTH)
            self.log_panel.setMinimumHeight(MIN_LOG_HEIGHT)
            self.board_splitter.splitterMoved.connect(self._map_moved)
            content = self.board_splitter
        if self.map is None:
            self.board_splitter.splitterMoved.connect(
                lambda _p, _i: self._split_moved("board", self.board_splitter)
            )
        self.tracker_splitter.splitterMoved.connect(
            lambda _p, _i: self._split_moved("log", self.tracker_splitter)
        )
        self.board_splitter.setStretchFactor(0, 1)
        self.board_splitter.setStretchFactor(1, 1)
        self.board_splitter.setChildrenCollapsible(False)
        self.tracker_splitter.setStretchFactor(0, 0)
        self.tracker_splitter.setStretchFactor(1, 1)
        self.tracker_splitter.setChildrenCollapsible(False)
        self.toolbar = build_toolbar(self.encounter_actions, self.setup_toggle, self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.setup_strip)
        layout.addLayout(top)
        layout.addWidget(self.status_area)
        layout.addWidget(content, 1)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The notice bar follows the log's width and its own words' height."""
        if (watched is self.log_panel and event.type() == QEvent.Type.Resize) or (
            watched is self.notice_bar
            and event.type() in (QEvent.Type.Show, QEvent.Type.LayoutRequest)
        ):
            self._place_notice_bar()
        return super().eventFilter(watched, event)

    def _place_notice_bar(self) -> None:
        bar = self.notice_bar
        width = self.log_panel.width()
        layout = bar.layout()
        height = (
            layout.totalHeightForWidth(width)
            if layout is not None and layout.hasHeightForWidth()
            else bar.sizeHint().height()
        )
        bar.setGeometry(0, 0, width, max(min(height, self.log_panel.height()), 0))
        bar.raise_()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._sized:
            self._sized = True
            # Before the first paint (split a turn later, the map's names were laid out at
            # two widths); again a turn later only if the tab had not its size yet (the
            # first tab of a window), as it would have been split then.
            layout = self.layout()
            if layout is not None:
                layout.activate()
            self._initial_split()
            split_at = self.size()
            QTimer.singleShot(0, lambda: self._split_again(split_at))
            self.tracker.setFocus(Qt.FocusReason.OtherFocusReason)

    def _split_again(self, split_at: QSize) -> None:
        """The first split again where the tab had another size when it was shown."""
        if self.size() != split_at:
            self._initial_split()

    def _initial_split(self) -> None:
        """Tracker rows plus a little; below, a board about as wide as it is tall. In a game
        of distances: the map its share of the width, then the tracker its rows exactly."""
        if self.map is not None:
            width = sum(self.board_splitter.sizes())
            if width <= 0:
                return
            share = self._map_share or min(
                max((width - self.tracker.least_width()) / width, MAP_SHARE[0]), MAP_SHARE[1]
            )
            least = max(MIN_MAP_WIDTH, self._map_tools_width())
            map_width = max(least, min(round(width * share), width - MIN_TRACKER_WIDTH))
            self.board_splitter.setSizes([width - map_width, map_width])
            # The tracker's columns squeeze to the new width first: then its scroll bar
            # shows or not, and its rows can be counted.
            QTimer.singleShot(0, self._fit_tracker_rows)
            return
        height = sum(self.tracker_splitter.sizes())
        if height <= 0:
            return
        top = min(self.tracker.preferred_height(), max(height - MIN_BOTTOM_HEIGHT, height * 2 // 3))
        if "log" in self._splits:  # as the GM last dragged it
            top = round(height * (1 - self._splits["log"]))
        self.tracker_splitter.setSizes([top, height - top])
        width = sum(self.board_splitter.sizes())
        if "board" in self._splits:
            board = round(width * self._splits["board"])
        elif self.board.lanes:
            # Lanes need no square: the log keeps the room, so its lines wrap less.
            board = max(MIN_LANES_WIDTH, min(width - MIN_LOG_WIDTH, width * 21 // 50))
        else:
            # The board's header and legend take some height: the rings get the rest.
            chrome = self.board.height() - self.board.view.height()
            square = (height - top) - max(chrome, 0)
            board = max(MIN_BOARD_WIDTH, min(square, width - MIN_LOG_WIDTH, width * 3 // 5))
        self.board_splitter.setSizes([width - board, board])

    def _map_tools_width(self) -> int:
        """What the map's first row of tools needs whole ("Distances", "Fit", "Move…",
        "Terrain"): at a quarter of the tab at 150 % "Distances" read "Di…es"."""
        if self.map is None:
            return 0
        buttons = [
            getattr(self.board_area, "distances_button", None),
            self.map.fit_button,
            self.map.move_button,
            self.map.paint_button,
        ]
        shown = [b for b in buttons if b is not None and not b.isHidden()]
        return sum(b.sizeHint().width() + 2 for b in shown) + 12

    def _fit_tracker_rows(self) -> None:
        """The tracker as tall as its rows (no blank band under them), the log the rest."""
        height = sum(self.tracker_splitter.sizes())
        if height <= 0:
            return
        rows = self.tracker.preferred_height(spare_rows=0)
        if not self.tracker.horizontalScrollBar().isVisible():
            rows -= self.tracker.horizontalScrollBar().sizeHint().height()
        top = max(min(rows, height - MIN_LOG_HEIGHT), height // 3)
        if "log" in self._splits:  # as the GM last dragged it
            top = round(height * (1 - self._splits["log"]))
        self.tracker_splitter.setSizes([top, height - top])

    def _map_moved(self, _position: int, _index: int) -> None:
        """The GM dragged the map's splitter: the new share holds for the next encounter."""
        sizes = self.board_splitter.sizes()
        if sum(sizes) > 0:
            self._map_share = sizes[1] / sum(sizes)
            self.map_share_changed.emit(self._map_share)

    def _split_moved(self, name: str, splitter: QSplitter) -> None:
        """The GM dragged the tracker's or the board's splitter: the second pane's share
        holds for the next encounter."""
        sizes = splitter.sizes()
        if sum(sizes) > 0:
            self._splits[name] = sizes[1] / sum(sizes)
            self.split_changed.emit(name, self._splits[name])

    def _show_setup(self, shown: bool) -> None:
        self.setup_toggle.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
        self.setup_strip.setVisible(shown)

    def _tracker_menu(self, position: QPoint) -> None:
        menu = QMenu(self)
        for item in self.encounter_actions.tracker_menu_actions():
            if item is None:
                menu.addSeparator()
            else:
                menu.addAction(item)
        menu.popup(self.tracker.viewport().mapToGlobal(position))

    # --- following the document ----------------------------------------------------------
    def _on_changed(self, aspects: frozenset[str]) -> None:
        encounter = self.document.encounter
        if encounter.phase != self._last_phase:
            leaving_setup = self._last_phase == "setup"
            self._last_phase = encounter.phase
            if leaving_setup or encounter.phase == "setup":
                self.setup_toggle.setChecked(encounter.phase == "setup")
        if encounter.turn != self._last_turn:
            self._last_turn = encounter.turn
            if encounter.turn is not None:
                self.document.select(encounter.turn)
        self._update_hidden_check()
        if aspects & {"turn", "roster", "sheets", "setup"}:
            self._update_round()
        else:
            self._update_status()

    def _on_step(self, _index: int) -> None:
        self.notice_bar.dismiss()

    def _update_round(self) -> None:
        self.round_label.setText(turn_summary(self.document.encounter))
        self._update_status()

    def _update_status(self) -> None:
        """The game's word on the round: its phase and what is due now (morale, spells)."""
        lines = rules_of(self.document).status(self.document.encounter)
        self.status_label.setText("\n".join(lines))
        self.status_label.setToolTip("\n".join(lines))
        if lines:  # shown from the game's first word on, and kept: nothing moves after
            self.status_area.show()
        self.notice_bar.show_due(rules_of(self.document).due(self.document.encounter))

    def show_message(self, text: str) -> None:
        """A short note under the toolbar (a rejected edit); it clears itself."""
        self.message_label.setText(text)
        self._message_timer.start(MESSAGE_MS)

    def encounter_action_list(self) -> list[QAction]:
        """Every encounter action, for the window's menus or a shortcut list."""
        return self.encounter_actions.all()

    def show_player_view(self) -> PlayerView:
        """The players' window: on the second screen, full screen, when there is one."""
        if self.player_view is None:
            self.player_view = PlayerView(self.document, self, centre=self.player_centre())
            self.player_view.centre_changed.connect(
                lambda mode, fixed: self.remember_player_centre(mode, fixed)
            )
        screens = QGuiApplication.screens()
        if len(screens) > 1:
            self.player_view.show_on(
                prompts.choose_screen(
                    self,
                    [
                        f"{screen.name()} ({screen.size().width()}×{screen.size().height()})"
                        for screen in screens
                    ],
                    default=self._other_screen(screens),
                )
            )
        else:
            self.player_view.show()
        self.player_view.raise_()
        return self.player_view

    def pull_sheet(self) -> str:
        """Encounter → Update from Sheet (see :meth:`FileController.pull_sheet`)."""
        return self.files.pull_sheet()

    def _other_screen(self, screens: Sequence[object]) -> int:
        """The first screen the GM's window is not on (the players' screen, most likely)."""
        mine = self.window().screen()
        for number, screen in enumerate(screens):
            if screen is not mine:
                return number
        return 0

    def set_hidden(self, hidden: bool) -> None:
        """Hide the selected combatant from the players, or reveal it (one undo step)."""
        selected = self.document.selected
        if not selected:
            return
        encounter = self.document.encounter
        combatant = encounter.combatant(selected)
        if combatant.hidden == hidden:
            return
        text = (
            f"Hide {combatant.name} from the players"
            if hidden
            else f"Reveal {combatant.name} to the players"
        )
        self.document.apply(core_edits.update_combatant(encounter, selected, hidden=hidden), text)

    def _update_hidden_check(self, *_args: object) -> None:
        selected = self.document.selected
        ids = {c.id for c in self.document.encounter.combatants}
        hidden = selected in ids and self.document.encounter.combatant(selected).hidden
        self.encounter_actions.hidden.setChecked(bool(hidden))

    def show_forecast(self) -> ForecastDialog:
        """Encounter → Forecast…: non-modal, from the encounter as it stands now."""
        from m3desk.ui.encounter.forecast_dialog import ForecastDialog

        if self.forecast_dialog is not None:
            self.forecast_dialog.close()
            self.forecast_dialog.deleteLater()
        self.forecast_dialog = ForecastDialog(self.document, self)
        self.forecast_dialog.show()
        return self.forecast_dialog

    def show_experience(self) -> QWidget:
        """Encounter → Experience…: non-modal, following the fight as it goes on."""
        from m3desk.ui.encounter.experience_dialog import ExperienceDialog

        if self.experience_dialog is None:
            self.experience_dialog = ExperienceDialog(
                self.document, self.encounter_actions.write_back, self
            )
        self.experience_dialog.show()
        self.experience_dialog.raise_()
        return self.experience_dialog

    def show_board_window(self) -> BoardWindow:
        """The board in its own window (one per tab; shown again if it was closed)."""
        if self.board_window is None:
            self.board_window = BoardWindow(self.document, self)
        self.board_window.show()
        self.board_window.raise_()
        self.board_window.activateWindow()
        return self.board_window

    def detach(self) -> None:
        """Stop following the document (the tab is closing; the document may live on)."""
        if self.board_window is not None:
            self.board_window.close()
        if self.player_view is not None:
            self.player_view.close()
        with contextlib.suppress(RuntimeError, TypeError):
            self.document.undo_stack.indexChanged.disconnect(self._on_step)
        self.board.detach()
        for child in [self, *self.findChildren(QObject)]:
            link = getattr(child, "document_link", None)
            if isinstance(link, DocumentLink):
                link.detach()
