"""The window's actions and menus, with the platform's standard shortcuts.

Only construction lives here; the main window connects ``triggered`` to its
slots. Standard keys (``QKeySequence.StandardKey``) give each platform its own
conventions; where a platform has none (Quit on Windows) a fixed key is added.

Window keys must not collide with the encounter tab's own (listed in
``m3desk.ui.encounter.encounter_actions``: Ctrl+Return, Ctrl+I, Ctrl+T, Ctrl+D, Ctrl+E,
Ctrl+H, Ctrl+K, Ctrl+Shift+E and their Shift variants, Alt+Up/Down, Delete). Hence
New Encounter is Ctrl+Shift+B ("battle"; Ctrl+Shift+N is New Monster), and Export PDF
has no key. Ctrl+Alt keys are avoided because AltGr types letters on many layouts.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu

from m3desk.ui.window.recent import RecentFilesMenu

__all__ = ["WindowActions"]

Std = QKeySequence.StandardKey


def _keys(standard: QKeySequence.StandardKey, fallback: str) -> list[QKeySequence]:
    """The platform's keys for ``standard`` plus ``fallback`` if the platform lacks it."""
    keys = QKeySequence.keyBindings(standard)
    wanted = QKeySequence(fallback)
    if all(key != wanted for key in keys):
        keys.append(wanted)
    return keys


class WindowActions:
    """Every menu action of the main window, reachable by attribute for tests."""

    def __init__(
        self,
        window: QMainWindow,
        undo_group: QUndoGroup,
        library: QDockWidget,
        recent_menu: RecentFilesMenu,
    ) -> None:
        def action(text: str, keys: list[QKeySequence] | None = None, tip: str = "") -> QAction:
            created = QAction(text, window)
            if keys:
                created.setShortcuts(keys)
            if tip:
                created.setStatusTip(tip)
            return created

        self._make_file_actions(action)
        self._make_edit_and_view_actions(action, window, undo_group, library)
        self._make_help_actions(action)

        self.document_actions = (
            self.save,
            self.save_as,
            self.close,
            self.print,
            self.print_preview,
            self.export_pdf,
        )
        self._build_menus(window, recent_menu)

    def _make_file_actions(self, action: Callable[..., QAction]) -> None:
        """The File menu's: new, open, save, print, export, import, close, quit."""
        self.new_character = action(
            "New &Character…",
            _keys(Std.New, "Ctrl+N"),
            "Create a character: its game, its abilities rolled or "
            "bought, and the choices the game asks for",
        )
        self.new_monster = action(
            "New &Monster", [QKeySequence("Ctrl+Shift+N")], "Create a blank monster"
        )
        self.new_encounter = action(
            "New &Encounter…",
            [QKeySequence("Ctrl+Shift+B")],
            "Start an encounter with the sheets selected in the library or open in tabs",
        )
        self.new_expedition = action(
            "New E&xpedition…",
            [],
            "Set out with a party: the dungeon's turns or the "
            "wilderness's days, light, rests and wandering monsters",
        )
        self.open = action(
            "&Open…", _keys(Std.Open, "Ctrl+O"), "Open character, monster or encounter files"
        )
        self.save = action("&Save", _keys(Std.Save, "Ctrl+S"), "Save the current document")
        self.save_as = action(
            "Save &As…",
            _keys(Std.SaveAs, "Ctrl+Shift+S"),
            "Save the current document under a new name",
        )
        self.print = action(
            "&Print…",
            _keys(Std.Print, "Ctrl+P"),
            "Print the current sheet, or an encounter's GM sheet",
        )
        self.print_preview = action("Print Pre&view…", tip="See the printed pages first")
        self.export_pdf = action(
            "E&xport PDF…", tip="Write the current sheet or encounter as a PDF file"
        )
        self.print_party = action(
            "Print Part&y…",
            tip="Print the sheets selected in the library (or every open sheet) together",
        )
        self.export_party_pdf = action(
            "Export Party PD&F…",
            tip="Write the sheets selected in the library (or every open sheet) as one PDF",
        )
        self.import_sheet = action(
            "&Import from Another Tool…",
            tip="Open a character or monster saved by another tool (a Foundry VTT actor)",
        )
        self.export_sheet = action(
            "Expor&t to Another Tool…",
            tip="Write the current sheet for another tool (a Foundry VTT actor)",
        )
        self.export_sheet.setEnabled(False)
        self.close = action("&Close", _keys(Std.Close, "Ctrl+W"), "Close the current tab")
        self.quit = action("&Quit", _keys(Std.Quit, "Ctrl+Q"), "Close everything and quit")
        self.quit.setMenuRole(QAction.MenuRole.QuitRole)

    def _make_edit_and_view_actions(
        self,
        action: Callable[..., QAction],
        window: QMainWindow,
        undo_group: QUndoGroup,
        library: QDockWidget,
    ) -> None:
        """Undo and redo, the table rules, the library's and the colour themes."""
        self.undo = undo_group.createUndoAction(window, "&Undo")
        self.undo.setShortcuts(_keys(Std.Undo, "Ctrl+Z"))
        self.redo = undo_group.createRedoAction(window, "&Redo")
        self.redo.setShortcuts(_keys(Std.Redo, "Ctrl+Shift+Z"))

        self.table_rules = action(
            "&Table Rules…", tip="The house rules new sheets and encounters start with"
        )
        self.table_rules.setMenuRole(QAction.MenuRole.NoRole)

        self.toggle_library = library.toggleViewAction()
        self.toggle_library.setText("&Library Panel")
        self.toggle_library.setShortcut(QKeySequence("Ctrl+L"))
        self.find = action(
            "&Find in Library",
            _keys(Std.Find, "Ctrl+F"),
            "Search the library by any word its rows show: a name, a kind, a level…",
        )
        self.refresh_library = action(
            "&Refresh Library", _keys(Std.Refresh, "F5"), "Read the library folders again"
        )

        self.theme_group = QActionGroup(window)
        self.theme_group.setExclusive(True)
        self.themes: dict[str, QAction] = {}
        for key, text in (("system", "&System"), ("light", "&Light"), ("dark", "&Dark")):
            themed = action(text, tip=f"Use the {key} colour theme")
            themed.setCheckable(True)
            themed.setData(key)
            self.theme_group.addAction(themed)
            self.themes[key] = themed

    def _make_help_actions(self, action: Callable[..., QAction]) -> None:
        """The Help menu's: the guide, the keys, about."""
        self.user_guide = action(
            "m3desk &User Guide", _keys(Std.HelpContents, "F1"), "How to use m3desk, offline"
        )
        self.shortcuts = action("&Keyboard Shortcuts", tip="Every key m3desk answers to")
        self.about = action("&About m3desk", tip="Version and credits")
        self.about.setMenuRole(QAction.MenuRole.AboutRole)

    def _build_menus(self, window: QMainWindow, recent_menu: RecentFilesMenu) -> None:
        bar = window.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions(
            [self.new_character, self.new_monster, self.new_encounter, self.new_expedition]
        )
        file_menu.addSeparator()
        file_menu.addAction(self.open)
        file_menu.addMenu(recent_menu)
        file_menu.addSeparator()
        file_menu.addActions([self.save, self.save_as])
        file_menu.addSeparator()
        file_menu.addActions([self.print, self.print_preview, self.export_pdf])
        file_menu.addActions([self.print_party, self.export_party_pdf])
        file_menu.addSeparator()
        file_menu.addActions([self.import_sheet, self.export_sheet])
        file_menu.addSeparator()
        file_menu.addActions([self.close, self.quit])

        edit_menu = bar.addMenu("&Edit")
        edit_menu.addActions([self.undo, self.redo])
        edit_menu.addSeparator()
        edit_menu.addAction(self.table_rules)
        # Filled when opened (listing the games loads them; start-up does not pay for it).
        self.game_rules_menu = edit_menu.addMenu("Table Rules of Other &Games")
        self.game_rules_menu.setObjectName("game_rules_menu")
        self.game_rules_menu.setToolTipsVisible(True)

        # Filled and shown only while an encounter tab is current (EncounterMenu). Alt+C: the
        # set-up strip's "&Name:" label has Alt+N, and a shared key would open neither.
        encounter_menu = bar.addMenu("En&counter")
        encounter_menu.setObjectName("encounter_menu")
        encounter_menu.menuAction().setVisible(False)

        view_menu = bar.addMenu("&View")
        view_menu.addActions([self.toggle_library, self.find, self.refresh_library])
        view_menu.addSeparator()
        theme_menu: QMenu = view_menu.addMenu("&Theme")
        theme_menu.addActions(list(self.themes.values()))

        help_menu = bar.addMenu("&Help")
        help_menu.addActions([self.user_guide, self.shortcuts])
        help_menu.addSeparator()
        help_menu.addAction(self.about)
        self.menus = {
            "file": file_menu,
            "edit": edit_menu,
            "encounter": encounter_menu,
            "view": view_menu,
            "theme": theme_menu,
            "help": help_menu,
        }

    def set_document_actions_enabled(self, enabled: bool) -> None:
        for document_action in self.document_actions:
            document_action.setEnabled(enabled)
