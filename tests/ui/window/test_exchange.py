"""File → Import from / Export to Another Tool, in the real window, for every game that has
such a format (today OSE's Foundry VTT actors), driven through the File menu."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMenu

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.ui.main_window import MainWindow
from m3desk.ui.window.exchange_commands import export_formats

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "foundry"
GAMES_WITH_FORMATS = [game for game in registry.systems() if game.exchange_formats]


def _file_action(window: MainWindow, text: str):
    menu = window.menu_actions.menus["file"]
    assert isinstance(menu, QMenu)
    return next(action for action in menu.actions() if action.text() == text)


def test_the_file_menu_offers_import_and_export(window: MainWindow) -> None:
    assert _file_action(window, "&Import from Another Tool…").isEnabled()
    assert not _file_action(window, "Expor&t to Another Tool…").isEnabled()


def test_importing_a_foundry_monster_opens_it_unsaved_and_reports_nothing_silently(
        window: MainWindow, fake_dialogs) -> None:
    path = FIXTURES / "hobgoblin.json"
    fake_dialogs.answer("import_file_name",
                        lambda _parent, _folder, filters: (path, filters.split(";;")[0]))
    _file_action(window, "&Import from Another Tool…").trigger()
    record = window.session.current()
    assert record is not None and record.plain_title() == "Hobgoblin"
    assert record.modified or record.path is None
    sheet = record.model()
    assert (sheet.armour_class, sheet.hit_dice, sheet.hit_dice_modifier) == (6, 1, 1)
    assert fake_dialogs.messages("show_warning") == []


def test_an_import_that_had_to_guess_says_what(window: MainWindow, fake_dialogs,
                                               tmp_path: Path) -> None:
    actor = json.loads((FIXTURES / "giant-rattler.json").read_text(encoding="utf-8"))
    path = tmp_path / "rattler.json"
    path.write_text(json.dumps(actor), encoding="utf-8")
    fake_dialogs.answer("import_file_name", (path, ""))
    _file_action(window, "&Import from Another Tool…").trigger()
    [warning] = fake_dialogs.messages("show_warning")
    assert "THAC0 16 in the file, where HD 5 gives 15: kept 16 as an override" in warning
    assert window.session.current().model().overrides == {"thac0": 16}


def test_a_broken_file_gets_a_clear_message(window: MainWindow, fake_dialogs,
                                            tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{ not json", encoding="utf-8")
    fake_dialogs.answer("import_file_name", (path, ""))
    _file_action(window, "&Import from Another Tool…").trigger()
    [error] = fake_dialogs.messages("show_error")
    assert "broken.json" in error
    assert window.session.current() is None


@pytest.mark.parametrize("game", GAMES_WITH_FORMATS, ids=lambda game: game.id)
def test_every_sample_exports_and_imports_back_with_every_number(
        window: MainWindow, fake_dialogs, tmp_path: Path, game) -> None:
    for sample in sample_files(game.id):
        record = window.open_path(sample)
        assert record is not None
        export = _file_action(window, "Expor&t to Another Tool…")
        assert export.isEnabled()
        target = tmp_path / f"{sample.stem}"  # the extension is added
        fake_dialogs.answer("export_file_name", target)
        export.trigger()
        written = target.with_name(target.name + ".json")
        assert written.exists()
        data = json.loads(written.read_text(encoding="utf-8"))
        assert data["name"] == record.model().name

        fake_dialogs.answer("import_file_name", (written, ""))
        _file_action(window, "&Import from Another Tool…").trigger()
        back = window.session.current().model()
        exchange = export_formats(back)[0]
        assert exchange.read(data).problems == ()
        form = game.sheet_forms[back.kind]
        assert {k: v.value for k, v in form.derive(back, None).items()} == \
            {k: v.value for k, v in form.derive(record.model(), None).items()}


def test_export_is_off_for_a_game_without_a_format(window: MainWindow) -> None:
    mummy = next(path for path in sample_files("monsters_and_magic")
                 if path.stem == "first-one-mummy")
    window.open_path(mummy)
    assert not _file_action(window, "Expor&t to Another Tool…").isEnabled()
