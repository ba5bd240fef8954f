"""Menus, shortcuts, undo following the active tab, New Character, Open Recent, themes."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QPalette
from PySide6.QtWidgets import QApplication

from m3desk.assets import classes, races
from m3desk.storage.settings import load_settings
from m3desk.systems.monsters_and_magic.attributes import Attribute
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.systems.monsters_and_magic.traits import TraitKind
from m3desk.ui import theme
from m3desk.ui.dialogs import NewCharacterChoice
from m3desk.ui.games.monsters_and_magic.new_sheets import new_character
from m3desk.ui.main_window import MainWindow
from tests.ui.window.conftest import ScriptedDialogs, edit


def test_every_file_action_has_its_standard_shortcut(window: MainWindow) -> None:
    actions = window.menu_actions
    expected = {
        actions.open: "Ctrl+O",
        actions.save: "Ctrl+S",
        actions.save_as: "Ctrl+Shift+S",
        actions.close: "Ctrl+W",
        actions.quit: "Ctrl+Q",
        actions.undo: "Ctrl+Z",
        actions.new_character: "Ctrl+N",
        actions.new_monster: "Ctrl+Shift+N",
        actions.new_encounter: "Ctrl+Shift+B",
        actions.print: "Ctrl+P",
    }
    for action, key in expected.items():
        assert QKeySequence(key) in action.shortcuts(), action.text()
    menus = [a.text() for a in window.menuBar().actions() if a.isVisible()]
    assert menus == ["&File", "&Edit", "&View", "&Help"]  # Encounter: only for an encounter
    window_keys = [key for action in window.findChildren(QAction) for key in action.shortcuts()]
    assert len(window_keys) == len(set(window_keys)), "two window actions share a key"


def test_ctrl_o_opens_the_chosen_files(
    window: MainWindow, sample, fake_dialogs: ScriptedDialogs, qtbot
) -> None:
    files = [sample("gramfive"), sample("first-one-mummy")]
    fake_dialogs.answer("open_file_names", files)
    qtbot.keyClick(window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    assert [r.path for r in window.session.records] == files
    assert window.session.current().document.sheet.kind == "monster"


def test_undo_and_redo_follow_the_active_tab(window: MainWindow, sample, qtbot) -> None:
    gramfive = window.open_path(sample("gramfive"))
    felix = window.open_path(sample("felix"))
    edit(gramfive, notes="G")
    edit(felix, notes="F")
    window.session.focus(gramfive)
    assert window.menu_actions.undo.text() == "&Undo Edit notes"
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not gramfive.modified and felix.modified
    window.session.focus(felix)
    assert window.isWindowModified()
    window.menu_actions.undo.trigger()
    assert not felix.modified and not window.isWindowModified()
    window.menu_actions.redo.trigger()
    assert felix.document.sheet.notes == "F"
    assert window.session.close_all(ask=False)
    assert not window.menu_actions.undo.isEnabled()


def test_new_character_fills_in_race_and_class(
    window: MainWindow, fake_dialogs: ScriptedDialogs, qtbot
) -> None:
    fake_dialogs.answer("ask_new_character", NewCharacterChoice("Brom", "dwarf", "cleric", 2))
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    [record] = window.session.records
    sheet = record.document.sheet
    assert (sheet.name, sheet.race, sheet.char_class, sheet.level) == ("Brom", "dwarf", "cleric", 2)
    assert sheet.movement_base == 9 and sheet.prime is Attribute.WIS
    assert sheet.hero_points == TableRules().starting_hero_points
    kinds = {t.name: t.kind for t in sheet.traits}
    assert kinds["Turn Undead"] is TraitKind.CLASS and kinds["Stoneworker"] is TraitKind.RACIAL
    assert record.path is None and window.windowTitle().startswith("Brom")


def test_new_character_cancelled_and_new_monster(
    window: MainWindow, fake_dialogs: ScriptedDialogs
) -> None:
    fake_dialogs.answer("ask_new_character", None)
    window.menu_actions.new_character.trigger()
    assert window.session.records == []
    fake_dialogs.answer("ask_game", "monsters_and_magic")
    window.menu_actions.new_monster.trigger()
    assert window.session.current().document.sheet.kind == "monster"


def test_new_character_for_a_class_without_prime() -> None:
    sheet = new_character(
        "Lin",
        "human",
        "monk",
        1,
        races=races(),
        classes=classes(),
        rules=TableRules(starting_hero_points=2),
    )
    assert sheet.prime is None and sheet.hero_points == 2 and sheet.movement_base == 12


def test_open_recent_opens_and_prunes_missing_files(
    window: MainWindow, sample, tmp_path: Path
) -> None:
    kept, gone = sample("gramfive"), sample("felix")
    window.open_path(gone)
    window.open_path(kept)
    window.session.close_all(ask=False)
    gone.unlink()
    menu = window.recent_menu
    menu.rebuild()
    labels = [a.text() for a in menu.actions()]
    assert labels[0] == "&1 gramfive.m3c"
    assert any("Removed (no longer exists): felix.m3c" in label for label in labels)
    assert "felix.m3c" in window.statusBar().currentMessage()
    assert window.settings_store.recent_files() == [kept]
    menu.actions()[0].trigger()
    assert [r.path for r in window.session.records] == [kept]
    settings, _ = load_settings(window.paths)
    assert settings.recent_files == [str(kept)]


def test_about_goes_through_the_dialogs_module(
    window: MainWindow, fake_dialogs: ScriptedDialogs
) -> None:
    window.menu_actions.about.trigger()
    assert fake_dialogs.named("show_about") == [(window,)]


def test_dark_theme_is_complete_applied_and_remembered(
    window: MainWindow, qapp: QApplication, restore_app_look
) -> None:
    window.menu_actions.themes["dark"].trigger()
    palette = qapp.palette()
    assert isinstance(qapp.style(), theme.ThemeStyle)
    assert qapp.style().baseStyle().name().casefold() == "fusion"
    assert palette.color(QPalette.ColorRole.Window).lightness() < 80
    assert palette.color(QPalette.ColorRole.Text).lightness() > 200
    dark, light = theme.dark_palette(), theme.light_palette(qapp)
    for group in (
        QPalette.ColorGroup.Active,
        QPalette.ColorGroup.Inactive,
        QPalette.ColorGroup.Disabled,
    ):
        for role in (
            QPalette.ColorRole.Link,
            QPalette.ColorRole.Highlight,
            QPalette.ColorRole.ToolTipBase,
            QPalette.ColorRole.ToolTipText,
            QPalette.ColorRole.PlaceholderText,
            QPalette.ColorRole.Base,
        ):
            assert dark.color(group, role) != light.color(group, role), (group, role)
    disabled = dark.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
    assert disabled != dark.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Text)
    assert load_settings(window.paths)[0].theme == "dark"
    assert window.menu_actions.themes["dark"].isChecked()


def test_system_theme_falls_back_to_light_when_the_platform_does_not_say(
    qapp: QApplication, restore_app_look
) -> None:
    theme.apply_theme(qapp, "dark")
    assert theme.apply_theme(qapp, "system") in ("light", "dark")
    if qapp.styleHints().colorScheme() != Qt.ColorScheme.Dark:
        assert theme.resolve_theme(qapp, "system") == "light"
        assert qapp.palette().color(QPalette.ColorRole.Window).lightness() > 180
    assert theme.apply_theme(qapp, "nonsense") == theme.resolve_theme(qapp, "system")


def test_help_has_an_offline_user_guide_and_the_keyboard_shortcuts(
    window: MainWindow, qtbot
) -> None:
    qtbot.keyClick(window, Qt.Key.Key_F1)
    guide = getattr(window, "_guide", None)
    assert guide is not None and guide.isVisible()  # F1 opened it
    assert "Getting started" in guide.browser.toPlainText()  # the first page, shown
    text = " ".join(guide.all_text().split())  # every page, as the guide's search reads it
    for game in ("Monsters & Magic", "Old-School Essentials", "AD&D 2nd edition", "Apparatus"):
        assert game in text
    assert "Ctrl+B opens the board in a window" in text
    window.menu_actions.shortcuts.trigger()
    table = window._shortcuts.table
    rows = {
        (table.item(r, 1).text(), table.item(r, 0).text()): table.item(r, 2).text()
        for r in range(table.rowCount())
    }
    assert rows[("Next Turn", "Encounter")].startswith("Ctrl+Return")
    assert rows[("Board in a Window", "Encounter")] == "Ctrl+B"
    assert rows[("New Character", "Window")].startswith("Ctrl+N")
    assert all("&" not in what for what, _where in rows)
