"""The main window: assembles the library, the document tabs, the menus and autosave.

The window itself only wires parts together and reacts to the user; the rules
for files live in :mod:`m3desk.ui.window.session` (sheets and encounters alike,
through :mod:`m3desk.ui.window.kinds`), printing in
:mod:`m3desk.ui.window.print_commands`, autosave and recovery in their own
modules, and the library in :mod:`m3desk.ui.library`.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QWidget

from m3desk import APP_DISPLAY_NAME
from m3desk.storage.paths import AppPaths
from m3desk.storage.settings import AppSettings, load_settings
from m3desk.ui.library.bestiary_panel import BestiaryPanel
from m3desk.ui.library.panel import LibraryPanel
from m3desk.ui.plain_text import install_plain_text_guard, mnemonic_safe
from m3desk.ui.window import documents
from m3desk.ui.window.actions import WindowActions
from m3desk.ui.window.autosave import AutosaveController
from m3desk.ui.window.drops import FileDropFilter
from m3desk.ui.window.encounter_menu import EncounterMenu
from m3desk.ui.window.recent import RecentFilesMenu
from m3desk.ui.window.settings_store import SettingsStore, rules_system
from m3desk.ui.window.tabs import DocumentTabs

if TYPE_CHECKING:
    from pydantic import BaseModel

    from m3desk.storage.locks import FileLocks
    from m3desk.ui.tables.panel import TablesPanel
    from m3desk.ui.window.bestiary_commands import BestiaryCommands
    from m3desk.ui.window.exchange_commands import ExchangeCommands
    from m3desk.ui.window.open_document import OpenDocument
    from m3desk.ui.window.print_commands import PrintCommands
    from m3desk.ui.window.session import DocumentSession

__all__ = ["MainWindow"]

_log = logging.getLogger(__name__)
_STATUS_MS = 6000
SMALL_SCREEN_WIDTH = 1400
"""A screen narrower than this (logical pixels) gets a first window as wide as the screen."""


class MainWindow(QMainWindow):
    """One m3desk window. Call :meth:`startup` once it is shown."""

    def __init__(
        self,
        paths: AppPaths | None = None,
        settings: AppSettings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("main_window")
        self.paths = paths or AppPaths.from_environment()
        if settings is None:
            settings, _warning = load_settings(self.paths)
        self.settings_store = SettingsStore(self.paths, settings, self)
        self.settings_store.save_failed.connect(self._status)

        self.undo_group = QUndoGroup(self)
        self.tabs = DocumentTabs(self)
        self.setCentralWidget(self.tabs)
        self.library = LibraryPanel(self.paths, self)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.library)
        self.library.open_requested.connect(self.open_path)
        self.bestiary = BestiaryPanel(self)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.bestiary)
        # The library stays the tab in front; the bestiary reads its books when first shown.
        self.tabifyDockWidget(self.bestiary, self.library)

        self.autosave = AutosaveController(
            self.paths.state_dir, self.settings_store.autosave_seconds, self
        )
        self.autosave_warning = QLabel(self)
        self.autosave_warning.setObjectName("autosave_warning")
        self.autosave_warning.setTextFormat(Qt.TextFormat.PlainText)
        self.autosave_warning.setStyleSheet(
            "QLabel { color: palette(bright-text); background: #b3261e; padding: 2px 6px; }"
        )
        self.autosave_warning.hide()
        self.autosave.failed.connect(self._autosave_failed)
        self.autosave.recovered.connect(self.autosave_warning.hide)
        documents.options_provider = self.settings_store.options_for

        self.recent_menu = RecentFilesMenu(self.settings_store, self)
        self.recent_menu.open_requested.connect(self.open_path)
        self.recent_menu.pruned.connect(self._on_recent_pruned)
        self.menu_actions = WindowActions(self, self.undo_group, self.library, self.recent_menu)
        self.encounter_menu = EncounterMenu(self.menu_actions.menus["encounter"])
        show_bestiary = QAction("&Bestiary", self)
        show_bestiary.setObjectName("show_bestiary")
        show_bestiary.setShortcut(QKeySequence("Ctrl+Shift+M"))
        show_bestiary.setToolTip("Search the book's monsters, to open one or add it to a fight")
        show_bestiary.triggered.connect(self._show_bestiary)
        self.addAction(show_bestiary)
        self.menu_actions.menus["view"].insertAction(self.menu_actions.find, show_bestiary)
        show_tables = QAction("T&ables", self)
        show_tables.setObjectName("show_tables")
        show_tables.setToolTip(
            "The game's random tables and your own: exact chances, rolled "
            "or typed, logged in the open encounter"
        )
        show_tables.triggered.connect(self._show_tables)
        self.menu_actions.menus["view"].insertAction(self.menu_actions.find, show_tables)
        self._connect_actions()

        self.drop_filter = FileDropFilter(self)
        self.drop_filter.files_dropped.connect(self.open_paths)
        self.setAcceptDrops(True)
        self.installEventFilter(self.drop_filter)

        self.statusBar().setSizeGripEnabled(True)
        self.statusBar().addPermanentWidget(self.autosave_warning)
        self._closed = False
        self._library_beside_encounter = False
        self._document_library_width = 0
        self._default_size()
        self._restore_window()
        self._on_current_changed(None)

    # -- set-up -----------------------------------------------------------------------------

    @functools.cached_property
    def file_locks(self) -> FileLocks:
        """This window's claims on the files it has open (made with the first claim)."""
        from m3desk.storage.locks import FileLocks

        return FileLocks(self.paths.state_dir, session=self.autosave.lock.session_id)

    @functools.cached_property
    def session(self) -> DocumentSession:
        """The open documents and the rules for their files, made (and the modules for
        opening, saving and closing loaded) when the first document opens; the first
        window shows only the library."""
        from m3desk.ui.window.session import DocumentSession

        session = DocumentSession(
            self,
            self.tabs,
            self.undo_group,
            self.autosave,
            self.settings_store,
            self.paths,
            self.file_locks,
        )
        session.current_changed.connect(self._on_current_changed)
        session.state_changed.connect(self._on_state_changed)
        session.document_saved.connect(self._on_saved)
        session.sheets_written.connect(self._on_sheets_written)
        session.changed_on_disk.connect(
            lambda record: self.statusBar().showMessage(
                f"“{record.path.name}” was changed on disk by another program or window; "
                "saving here will ask before overwriting it.",
                30_000,
            )
        )
        return session

    def _has_session(self) -> bool:
        return "session" in self.__dict__

    @functools.cached_property
    def print_commands(self) -> PrintCommands:
        """The print and PDF commands, made (and their module loaded) on first use."""
        from m3desk.ui.window.print_commands import PrintCommands

        return PrintCommands(
            self, self.session, self.library.selected_entries, self.settings_store.options_for
        )

    def _connect_actions(self) -> None:
        act = self.menu_actions
        act.new_character.triggered.connect(self.new_character)
        act.new_monster.triggered.connect(self.new_monster)
        act.new_encounter.triggered.connect(self.new_encounter)
        act.new_expedition.triggered.connect(self.new_expedition)
        act.open.triggered.connect(self.open_dialog)
        act.save.triggered.connect(self.save_current)
        act.save_as.triggered.connect(self.save_current_as)
        act.print.triggered.connect(lambda: self.print_commands.print_current())
        act.print_preview.triggered.connect(lambda: self.print_commands.preview_current())
        act.export_pdf.triggered.connect(lambda: self.print_commands.export_current_pdf())
        act.print_party.triggered.connect(lambda: self.print_commands.print_party())
        act.export_party_pdf.triggered.connect(lambda: self.print_commands.export_party_pdf())
        act.import_sheet.triggered.connect(lambda: self.exchange_commands.import_sheet())
        act.export_sheet.triggered.connect(lambda: self.exchange_commands.export_sheet())
        act.close.triggered.connect(self.close_current)
        act.quit.triggered.connect(self.close)
        act.find.triggered.connect(self.library.focus_search)
        act.refresh_library.triggered.connect(self.library.refresh)
        act.about.triggered.connect(self.show_about)
        act.user_guide.triggered.connect(self.show_user_guide)
        act.shortcuts.triggered.connect(self.show_shortcuts)
        act.table_rules.triggered.connect(self.edit_table_rules)
        act.game_rules_menu.aboutToShow.connect(self._fill_game_rules_menu)
        for key, action in act.themes.items():
            action.setChecked(key == self.settings_store.theme)
            action.triggered.connect(lambda _checked=False, k=key: self.set_theme(k))

    def _default_size(self) -> None:
        """Big enough for the library beside a sheet, never bigger than the screen."""
        screen = self.screen().availableGeometry() if self.screen() else None
        width, height = 1400, 880
        if screen is not None and screen.width() > 0:
            width = min(width, int(screen.width() * 0.92))
            height = min(height, int(screen.height() * 0.9))
            if screen.width() < SMALL_SCREEN_WIDTH:
                # A laptop, or 1600×1000 at 150 %: every pixel is needed (an encounter's
                # tracker beside the library), so the first start takes the screen's width
                # (the height leaves room for the title bar).
                width = screen.width()
                height = int(screen.height() * 0.95)
        self.resize(width, height)

    def _restore_window(self) -> None:
        geometry, state = self.settings_store.window_bytes()
        if geometry:
            self.restoreGeometry(QByteArray(geometry))
        if not state or not self.restoreState(QByteArray(state)):
            self.resizeDocks(
                [self.library], [self.library.preferred_width()], Qt.Orientation.Horizontal
            )

    def startup(self, files: Iterable[str | Path] = (), *, recover: bool = True) -> None:
        """Work that waits until the window is on screen: library, recovery, files to open."""
        self.fill_library()
        self.open_startup_documents(files, recover=recover)

    def fill_library(self) -> None:
        """The first window's own content: the library scanned (and a broken table rule
        reported in the status bar)."""
        self.library.refresh()
        problem = self.settings_store.table_rules_problem()
        if problem:
            self._status(problem)

    def open_startup_documents(
        self, files: Iterable[str | Path] = (), *, recover: bool = True
    ) -> None:
        """The plain-text guard, then unsaved work to recover and the files to open.

        The guard is installed here, before the first text from a file can reach a label or
        a tooltip, and not with the window: an application-wide Python event filter makes
        PySide wrap Qt's private objects, which builds every Qt class it has not built yet
        (some 20 ms), and the first window needs none of it (its labels set their format).
        Recovery comes before the command-line files so a restored document is not opened a
        second time from disk.
        """
        app = QApplication.instance()
        if isinstance(app, QApplication):
            install_plain_text_guard(app)  # file text is never markup, in every view
        if recover:
            from m3desk.ui.window.recovery import offer_recovery

            restored = offer_recovery(
                self, self.paths.state_dir, lambda: self.session, self.autosave
            )
            if restored:
                self._status(f"Restored {len(restored)} unsaved document(s). Save to keep them.")
        self.open_paths([Path(f) for f in files])

    # -- documents --------------------------------------------------------------------------

    def open_path(self, path: Path) -> OpenDocument | None:
        """Open one sheet or encounter (library, recent files, macOS file-open events)."""
        records = self.open_paths([Path(path)])
        return records[0] if records else None

    def open_paths(self, paths: Iterable[Path]) -> list[OpenDocument]:
        """Open files (command line, drops, the Open dialog); failures are reported each."""
        wanted = [Path(p) for p in paths]
        if not wanted:
            return []
        records = self.session.open_paths(wanted)
        if records:
            names = ", ".join(record.plain_title() for record in records)
            self._status(f"Opened {names}")
        return records

    def open_dialog(self) -> None:
        from m3desk.ui import dialogs

        start = self.paths.characters_dir
        if not start.is_dir():
            start = self.paths.data_dir if self.paths.data_dir.is_dir() else Path.home()
        from m3desk.ui.library.file_types import OPEN_FILTER

        self.open_paths(dialogs.open_file_names(self, start, OPEN_FILTER))

    def new_character(self) -> OpenDocument | None:
        """File → New Character: the game's generation dialog, then its sheet in a new tab
        (one new, never-saved document) with the Name field focused."""
        from m3desk.ui.window import new_character as new_character_dialog  # when used

        try:
            choice = new_character_dialog.ask_new_character(
                self, self.settings_store.options_for, preferred=self.library.model.game
            )
        except (OSError, ValueError, KeyError) as exc:
            from m3desk.ui import dialogs

            dialogs.show_error(
                self, "New Character", f"The game's data for new characters is missing: {exc}"
            )
            return None
        if choice is None:
            return None
        from m3desk.core import registry

        system_id = choice.system or registry.ids()[0]
        if choice.sheet is not None:
            record = self.session.add_new(choice.sheet)
        else:
            record = self.session.add_new(
                self._new_sheet(system_id, "character", choice.name, choice)
            )
        new_character_dialog.focus_name(record.page)
        return record

    def new_monster(self) -> OpenDocument | None:
        from m3desk.ui.window import new_character as new_character_dialog  # when used

        game = new_character_dialog.ask_game(self, "monster", self.library.model.game)
        if game is None:
            return None
        return self.session.add_new(self._new_sheet(game, "monster", "New monster"))

    def new_encounter(self) -> OpenDocument | None:
        """File → New Encounter: the library's selected sheets and/or the open sheet tabs."""
        from m3desk.ui.window.new_encounter import new_encounter

        return new_encounter(
            self,
            self.session,
            self.library.selected_entries(),
            library=self.library.model.entries(),
            rules=self.settings_store.table_rules(),
            options_for=self.settings_store.options_for,
        )

    def new_expedition(self) -> OpenDocument | None:
        """File → New Expedition: a party, a place and the game's clock."""
        from m3desk.ui.window.new_expedition import new_expedition

        return new_expedition(
            self,
            self.session,
            self.library.selected_entries(),
            library=self.library.model.entries(),
            options_for=self.settings_store.options_for,
        )

    def edit_table_rules(self) -> BaseModel | None:
        """Edit → Table Rules…: the default for new sheets and encounters; None if cancelled."""
        from m3desk.ui.window.table_rules_command import edit_default_table_rules

        edited = edit_default_table_rules(self, self.settings_store, self.session)
        if edited is None:
            return None
        chosen, saved = edited
        if saved:  # otherwise the status bar already says why the settings were not saved
            self._status(
                "Table rules saved: new sheets and encounters use them, and so do the open sheets"
            )
        return chosen

    def show_about(self) -> None:
        """Help → About m3desk."""
        from m3desk.ui import dialogs

        dialogs.show_about(self)

    def show_user_guide(self) -> QWidget:
        """Help → User Guide: non-modal, so it can stay open beside the sheet."""
        from m3desk.ui.window.help_dialogs import UserGuideDialog

        guide = getattr(self, "_guide", None)
        if guide is None:
            guide = self._guide = UserGuideDialog(self)
        guide.show()
        guide.raise_()
        return guide

    def show_shortcuts(self) -> QWidget:
        """Help → Keyboard Shortcuts, read from the window's and an encounter tab's actions."""
        from PySide6.QtGui import QAction

        from m3desk.ui.encounter.encounter_actions import EncounterActions
        from m3desk.ui.window.help_dialogs import ShortcutsDialog, shortcut_rows

        holder = QWidget()
        encounter = EncounterActions(holder, holder)
        for action in encounter.all():
            action.setProperty("shortcut_area", "Encounter")
        window_actions = [a for a in vars(self.menu_actions).values() if isinstance(a, QAction)]
        from m3desk.ui.map.view import MAP_KEYS

        rows = shortcut_rows(window_actions + encounter.all())
        rows += [("Map", what, keys) for what, keys in MAP_KEYS]
        dialog = ShortcutsDialog(rows, self)
        holder.deleteLater()
        dialog.show()
        self._shortcuts = dialog
        return dialog

    def _fill_game_rules_menu(self) -> None:
        from m3desk.core import registry

        menu = self.menu_actions.game_rules_menu
        menu.clear()
        from m3desk.ui.own_game import game_order

        for system in sorted(registry.systems(), key=lambda system: game_order(system.name)):
            if system.id == rules_system() or not system.options_model.model_fields:
                continue
            action = menu.addAction(f"{mnemonic_safe(system.name)}…")
            action.setObjectName(f"game_rules:{system.id}")
            action.setToolTip(f"The table rules new {system.name} sheets and encounters start with")
            action.triggered.connect(lambda _c=False, s=system.id: self.edit_game_options(s))
        if menu.isEmpty():
            menu.addAction("No other game is installed").setEnabled(False)

    def edit_game_options(self, system_id: str) -> BaseModel | None:
        """Edit → Table Rules of Other Games → a game: its default options, saved."""
        from m3desk.core import registry
        from m3desk.ui.documents.form_sheet_document import FormSheetDocument
        from m3desk.ui.table_rules import options_dialog

        system = registry.get(system_id)
        current = self.settings_store.options_for(system)
        chosen = options_dialog.ask_game_options(
            self,
            system,
            current,
            f"Table Rules — {system.name}",
            f"The rules new {system.name} sheets and encounters start with. An encounter "
            "keeps its own copy (Encounter → Table Rules… changes it).",
        )
        if chosen is None or chosen == current:
            return None
        saved = self.settings_store.set_options_for(system, chosen)
        for record in self.session.records:
            document = record.document
            if isinstance(document, FormSheetDocument) and document.system.id == system_id:
                document.set_options(chosen)
        if saved:
            self._status(
                f"Table rules of {system.name} saved: new sheets and encounters use "
                "them, and so do the open sheets"
            )
        return chosen

    def save_current(self) -> bool:
        record = self.session.current()
        return record is not None and self.session.save(record)

    def save_current_as(self) -> bool:
        record = self.session.current()
        return record is not None and self.session.save_as(record)

    def close_current(self) -> bool:
        record = self.session.current()
        return record is not None and self.session.close(record)

    # -- reactions --------------------------------------------------------------------------

    @functools.cached_property
    def exchange_commands(self) -> ExchangeCommands:
        """Import from and export to other tools' sheet files, loaded on first use."""
        from m3desk.ui.window.exchange_commands import ExchangeCommands

        return ExchangeCommands(self)

    def _show_bestiary(self) -> None:
        self.bestiary.focus_search()
        record = self.session.current() if self._has_session() else None
        self.bestiary_commands.follow(record)

    @functools.cached_property
    def tables_panel(self) -> TablesPanel:
        """The Tables dock, made (and the game's tables read) when first asked for."""
        from m3desk.ui.tables.panel import TablesPanel

        panel = TablesPanel(self.paths, self)
        panel.log_roll = self._log_table_roll
        # A tab beside the library and the bestiary: a dock of its own beside an encounter
        # made the window wider than a 1600×1000 screen at 150 %.
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, panel)
        self.tabifyDockWidget(self.library, panel)
        return panel

    def _show_tables(self) -> None:
        record = self.session.current() if self._has_session() else None
        panel = self.tables_panel
        panel.show()
        panel.raise_()
        if record is not None:
            from m3desk.core import registry

            panel.show_game(registry.system_of(record.model()).id)
        panel.list_view.setFocus()

    def _log_table_roll(self, game_id: str, line: str, details: str) -> str:
        """Log a table's roll in the encounter in front (or the only one open) of the game,
        one undo step there; returns its name, "" when no encounter of the game is open."""
        if not self._has_session():
            return ""
        from m3desk.core import encounter as core
        from m3desk.core import registry
        from m3desk.ui.documents.encounter_document import EncounterDocument
        from m3desk.ui.window.kinds import ENCOUNTERS

        current = self.session.current()
        fights = [
            record.document
            for record in self.session.records_of(ENCOUNTERS)
            if isinstance(record.document, EncounterDocument)
            and registry.system_of(record.document.encounter).id == game_id
        ]
        front = current.document if current is not None else None
        fight = front if front in fights else fights[0] if len(fights) == 1 else None
        if not isinstance(fight, EncounterDocument):
            return ""
        fight.apply(
            core.add_log(fight.encounter, line[:300], details=details[:4000]), "Roll on a Table"
        )
        return str(fight.encounter.name)

    @functools.cached_property
    def bestiary_commands(self) -> BestiaryCommands:
        """Opening and adding the bestiary's monsters, made when the panel is first used."""
        from m3desk.ui.window.bestiary_commands import BestiaryCommands

        return BestiaryCommands(self, self.bestiary)

    def _on_current_changed(self, record: OpenDocument | None) -> None:
        self._fit_library(record is not None and record.kind.name == "encounter")
        self.menu_actions.set_document_actions_enabled(record is not None)
        exportable = False
        if record is not None:
            from m3desk.ui.window.exchange_commands import export_formats

            exportable = bool(export_formats(record.model()))
        self.menu_actions.export_sheet.setEnabled(exportable)
        if self.bestiary.isVisible() or "bestiary_commands" in self.__dict__:
            self.bestiary_commands.follow(record)
        self.encounter_menu.follow(record)
        if record is not None and "tables_panel" in self.__dict__:
            from m3desk.core import registry

            self.tables_panel.show_game(registry.system_of(record.model()).id)
        self._update_title(record)

    def _fit_library(self, encounter: bool) -> None:
        """Beside an encounter the library narrows to its names, so the tracker, board and
        log get the room (at 150 % a third of the width went to the library); back beside
        a sheet it takes its width again. The GM's own width for each is kept (the
        encounter's in the settings)."""
        if encounter == self._library_beside_encounter:
            return
        # The dock area's width is the tab in front's: the library behind the bestiary
        # keeps its old width (saved as the GM's, it widened the dock at the next fight).
        front = (
            self.bestiary
            if (
                self.bestiary.isVisible()
                and not self.bestiary.isFloating()
                and self.library.visibleRegion().isEmpty()
                and not self.bestiary.visibleRegion().isEmpty()
            )
            else self.library
        )
        width = front.width()
        if front.isVisible() and not front.isFloating():
            if self._library_beside_encounter:
                self.settings_store.set_encounter_library_width(width)
            else:
                self._document_library_width = width
        self._library_beside_encounter = encounter
        if encounter:
            target = (
                self.settings_store.settings.encounter_library_width or self.library.narrow_width()
            )
        else:
            target = self._document_library_width or self.library.preferred_width()
        self.resizeDocks([self.library], [target], Qt.Orientation.Horizontal)

    def _on_state_changed(self, record: OpenDocument) -> None:
        if record is self.session.current():
            self._update_title(record)

    def _update_title(self, record: OpenDocument | None) -> None:
        if record is None:
            self.setWindowTitle(APP_DISPLAY_NAME)
            self.setWindowModified(False)
            return
        # "[*]" is Qt's placeholder: it shows "*" while windowModified is set.
        self.setWindowTitle(f"{record.plain_title()}[*] — {APP_DISPLAY_NAME}")
        self.setWindowModified(record.modified)

    def _on_saved(self, path: Path) -> None:
        self._status(f"Saved {path}")
        self.library.refresh()

    def _on_sheets_written(self, paths: list[Path]) -> None:
        from m3desk.ui.window.sheet_refresh import refresh_written_sheets

        result = refresh_written_sheets(self, self.session, paths)
        self.library.refresh()
        count = len(paths)
        note = f"Wrote the encounter's results into {count} sheet{'s' if count != 1 else ''}"
        if result.reloaded:
            note += f"; reloaded {len(result.reloaded)} open tab(s)"
        self._status(note)

    def _on_recent_pruned(self, missing: list[Path]) -> None:
        names = ", ".join(p.name for p in missing)
        self._status(f"Removed from Open Recent because they no longer exist: {names}")

    def open_handed_over(self, files: list[Path]) -> None:
        """Another launch of m3desk handed these over: open them here, in front."""
        if self.isMinimized():
            self.showNormal()
        self.raise_()
        self.activateWindow()
        if files:
            self.open_paths(files)

    def _autosave_failed(self, message: str) -> None:
        """Stays up until a later snapshot works: unsaved work is not protected meanwhile."""
        self.autosave_warning.setText(f"⚠ {message} Save your work.")
        self.autosave_warning.setToolTip(message)
        self.autosave_warning.show()

    def _status(self, message: str) -> None:
        self.statusBar().showMessage(message, _STATUS_MS)

    def set_theme(self, choice: str) -> None:
        from m3desk.ui.theme import apply_theme

        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, choice)
        self.settings_store.set_theme(choice)
        self.menu_actions.themes[choice].setChecked(True)

    def _new_sheet(self, system_id: str, kind: str, name: str, choice: object = None) -> BaseModel:
        """A new ``kind`` sheet of a game: made the game's own way when its widgets provide
        one (with the default table rules, Edit → Table Rules…), else from its form as the
        table rules of other games (Edit → Table Rules of Other Games) start it."""
        from m3desk.core import registry
        from m3desk.ui.games import parts_of

        system = registry.get(system_id)
        own = parts_of(system).new_sheet
        if own is not None:
            return own(kind, name, self.settings_store.table_rules(), choice)
        return system.sheet_forms[kind].new_sheet(name, self.settings_store.options_for(system))

    # -- leaving ----------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        """Quit asks about unsaved work; Cancel keeps the window and every document."""
        if self._closed:
            event.accept()
            return
        if self._has_session() and not self.session.close_all(ask=True):
            event.ignore()
            return
        self.shutdown()
        event.accept()

    def shutdown(self, *, remember_layout: bool = True) -> None:
        """Clean exit: remember the layout, drop snapshots and locks. Idempotent."""
        if self._closed:
            return
        self._closed = True
        if "print_commands" in self.__dict__:  # a print under way stops, its thread joined
            self.print_commands.stop()
        if remember_layout:
            if self._library_beside_encounter and self.library.isVisible():
                self.settings_store.set_encounter_library_width(self.library.width())
            self.settings_store.remember_window(
                bytes(self.saveGeometry().data()), bytes(self.saveState().data())
            )
        self.autosave.shutdown()
        if "file_locks" in self.__dict__:  # otherwise nothing was ever claimed
            self.file_locks.release_all()

    # -- self-test --------------------------------------------------------------------------

    def exercise_views(self) -> list[str]:
        """Touch every main view once (``--self-test``); returns what was exercised."""
        from m3desk.ui.self_test import exercise_window

        return exercise_window(self)
