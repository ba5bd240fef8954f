"""File → Import from / Export to Another Tool, in the real window, for every game that has
such a format (today OSE's Foundry VTT actors), driven through the File menu."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMenu, QPlainTextEdit, QPushButton

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.ui.main_window import MainWindow
from m3desk.ui.window.exchange_commands import export_formats
from m3desk.ui.window.exchange_report import ImportReport

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "foundry"
GAMES_WITH_FORMATS = [game for game in registry.systems() if game.exchange_formats]


def _file_action(window: MainWindow, text: str):
    menu = window.menu_actions.menus["file"]
    assert isinstance(menu, QMenu)
    return next(action for action in menu.actions() if action.text() == text)


def test_the_file_menu_offers_import_and_export(window: MainWindow) -> None:
    assert _file_action(window, "&Import from Another Tool…").isEnabled()
    assert not _file_action(window, "Expor&t to Another Tool…").isEnabled()


def _report(window: MainWindow) -> ImportReport | None:
    reports = [widget for widget in window.findChildren(ImportReport) if widget.isVisible()]
    assert len(reports) <= 1
    return reports[0] if reports else None


def _shown(report: ImportReport) -> str:
    """What the report's window shows: its labels and its lists, as rendered text."""
    texts = [label.text() for label in report.findChildren(QLabel)]
    texts += [box.toPlainText() for box in report.findChildren(QPlainTextEdit)]
    return "\n".join(texts)


def _import(window: MainWindow, fake_dialogs, path: Path) -> None:
    fake_dialogs.answer(
        "import_file_name", lambda _parent, _folder, filters: (path, filters.split(";;")[0])
    )
    _file_action(window, "&Import from Another Tool…").trigger()


def test_importing_a_foundry_monster_opens_it_unsaved(window: MainWindow, fake_dialogs) -> None:
    _import(window, fake_dialogs, FIXTURES / "hobgoblin.json")
    record = window.session.current()
    assert record is not None and record.plain_title() == "Hobgoblin"
    assert record.modified or record.path is None
    sheet = record.model()
    assert (sheet.armour_class, sheet.hit_dice, sheet.hit_dice_modifier) == (6, 1, 1)
    assert fake_dialogs.messages("show_warning") == []


def test_a_compendium_monster_keeps_its_abilities_and_treasure_and_says_so(
    window: MainWindow, fake_dialogs
) -> None:
    _import(window, fake_dialogs, FIXTURES / "goblin-bodyguard.json")
    sheet = window.session.current().model()
    assert sheet.treasure == "R"  # the linked roll table's name: "Treasure Type R"
    assert str(sheet.hit_point_dice) == "2d6"
    shown = _shown(_report(window))
    for name in ("Infravision", "Hate Dwarves", "Wolf Riders", "2d6"):
        assert name in shown and (name in sheet.notes or name == "2d6"), name


def test_a_character_with_everything_keeps_or_lists_each_thing_in_the_report_shown(
    window: MainWindow, fake_dialogs, qtbot
) -> None:
    """Gear, coins, class abilities, languages, a biography, effects and an AC modifier:
    each is on the sheet (its own fields, the notes, an override) and named in the report
    the user sees."""
    _import(window, fake_dialogs, FIXTURES / "wrenna-quickfingers.json")
    sheet = window.session.current().model()
    report = _report(window)
    assert report is not None
    shown = _shown(report)
    for name in (
        "Rope ×50 (in Backpack)",
        "Torch ×6",
        "Thieves' tools",
        "Backpack",
        "Rations (iron, 7 days)",
        "Garnet ×2",
        "Potion of healing",
        "23 gp",
        "15 sp",
        "40 cp",
        "Back-stab",
        "Hide in Shadows (HS)",
        "Read Languages",
        "Common",
        "Thieves' cant",
        "Footpad",
        "Bless",
        "Mummy rot",
        "Healing draught",
        "biography",
        "AC 3 with Foundry's AC modifier +1",
        "missile modifier +1",
        "listening at doors 2-in-6",
        "Foundry's own data",
    ):
        assert name in shown, name
    for name in (
        "Back-stab",
        "Bless",
        "Footpad",
        "Grew up on the docks of Dolmvay & learned",
        "Map of the sewers",
    ):
        assert name in sheet.notes, name
    assert ("Rope (in Backpack)", 50) in [(i.name, i.quantity) for i in sheet.equipment]
    assert (sheet.coins.gp, "Thieves' cant" in sheet.languages) == (23, True)
    assert "Garnet ×2" in sheet.treasure
    assert "<" not in sheet.notes and "alert" not in sheet.notes  # words, never markup
    assert sheet.overrides["ac"] == 3 and sheet.overrides["missile.hit"] == 3
    assert (sheet.armour, sheet.shield, [w.name for w in sheet.weapons]) == (
        "leather",
        True,
        ["Dagger", "Short bow"],
    )
    close = next(button for button in report.findChildren(QPushButton) if button.text() == "Close")
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)
    assert _report(window) is None


def test_a_lone_surrogate_or_control_character_gets_a_message_not_a_traceback(
    window: MainWindow, fake_dialogs, tmp_path: Path
) -> None:
    actor = json.loads((FIXTURES / "wrenna-quickfingers.json").read_text(encoding="utf-8"))
    actor["name"] = "Wren\ud800na\x07"
    actor["system"]["details"]["biography"] = "<p>Lone \udfff half</p>"
    actor["items"][0]["name"] = "Dag\ud83dger"
    path = tmp_path / "surrogate.json"
    path.write_text(json.dumps(actor), encoding="ascii")  # escaped, as JSON carries them
    _import(window, fake_dialogs, path)
    sheet = window.session.current().model()
    assert sheet.name == "Wren\ufffdna" and sheet.weapons[0].name == "Dag\ufffdger"
    shown = _shown(_report(window))
    assert "The name: 2 characters that are not text" in shown
    assert "The biography: 1 character that is not text" in shown
    assert fake_dialogs.messages("show_error") == []


def test_an_import_that_had_to_guess_says_what(
    window: MainWindow, fake_dialogs, tmp_path: Path
) -> None:
    actor = json.loads((FIXTURES / "giant-rattler.json").read_text(encoding="utf-8"))
    path = tmp_path / "rattler.json"
    path.write_text(json.dumps(actor), encoding="utf-8")
    fake_dialogs.answer("import_file_name", (path, ""))
    _file_action(window, "&Import from Another Tool…").trigger()
    shown = _shown(_report(window))
    assert "THAC0 16 in the file, where HD 5 gives 15: kept 16 as the referee's override" in shown
    assert window.session.current().model().overrides == {"thac0": 16}


def test_a_broken_file_gets_a_clear_message(
    window: MainWindow, fake_dialogs, tmp_path: Path
) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{ not json", encoding="utf-8")
    fake_dialogs.answer("import_file_name", (path, ""))
    _file_action(window, "&Import from Another Tool…").trigger()
    [error] = fake_dialogs.messages("show_error")
    assert "broken.json" in error
    assert window.session.current() is None


@pytest.mark.parametrize("game", GAMES_WITH_FORMATS, ids=lambda game: game.id)
def test_every_sample_exports_and_imports_back_with_every_number(
    window: MainWindow, fake_dialogs, tmp_path: Path, game
) -> None:
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
        read = exchange.read(data)
        assert read.problems == ()
        # Saves go as numbers; two-handed is reported; the sheet's own gear, coins, languages
        # and treasure go there and back in their fields.
        kept = {"saves", "saves_as", "weapons"}
        assert read.sheet.model_dump(exclude=kept) == record.model().model_dump(exclude=kept)
        form = game.sheet_forms[back.kind]
        assert {k: v.value for k, v in form.derive(back, None).items()} == {
            k: v.value for k, v in form.derive(record.model(), None).items()
        }


def test_export_is_off_for_a_game_without_a_format(window: MainWindow) -> None:
    mummy = next(
        path for path in sample_files("monsters_and_magic") if path.stem == "first-one-mummy"
    )
    window.open_path(mummy)
    assert not _file_action(window, "Expor&t to Another Tool…").isEnabled()


REFUSED_SHAPES = {
    "over the size limit": lambda: b" " * (4 * 1024 * 1024 + 10),
    "binary": lambda: b'{"name": "x\x00"}',
    "not UTF-8": lambda: b'{"name": "\xff\xfe"}',
    "nested deep": lambda: b'{"name": "x", "system": ' + b"[" * 100 + b"]" * 100 + b"}",
    "a huge list": lambda: json.dumps({"name": "x", "items": [0] * 25_000}).encode(),
    "a huge text": lambda: json.dumps({"name": "x" * 30_000}).encode(),
    "too many values": lambda: b'{"items": [' + b"[]," * 250_000 + b"[]]}",
}


@pytest.mark.parametrize("game", GAMES_WITH_FORMATS, ids=lambda game: game.id)
@pytest.mark.parametrize("shape", REFUSED_SHAPES)
def test_a_file_refused_for_its_size_or_shape_is_not_called_an_m3desk_file(
    window: MainWindow, fake_dialogs, tmp_path: Path, game, shape: str
) -> None:
    """File → Import of another tool's file that is too large, binary, nested too deep or
    too long says it is not that tool's file (and the limit it passed): on the old code it
    said "so it is not an m3desk file", of a file the user never meant to be one."""
    for exchange in game.exchange_formats:
        path = tmp_path / f"refused{exchange.extension}"
        path.write_bytes(REFUSED_SHAPES[shape]())
        fake_dialogs.answer("import_file_name", (path, f"{exchange.label} (*{exchange.extension})"))
        _file_action(window, "&Import from Another Tool…").trigger()
        [error] = fake_dialogs.messages("show_error")[-1:]
        assert error.startswith(f"Cannot Import Could not open “{path.name}”: ")
        assert error.endswith(f"so it is not a {exchange.label} file."), error
        assert "m3desk" not in error, error
        assert window.session.current() is None


@pytest.mark.parametrize("game", GAMES_WITH_FORMATS, ids=lambda game: game.id)
def test_a_reader_that_raises_is_a_sentence_and_opens_nothing(
    window: MainWindow, fake_dialogs, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game
) -> None:
    """``read`` never raises by contract; should a game's reader still do (a bug meeting an
    odd file), File → Import says so in a sentence naming the file and opens nothing,
    rather than a traceback on stderr and a silent window (no test held this guard)."""
    from m3desk.ui.window import exchange_commands

    def broken(_raw: object) -> object:
        raise RuntimeError("an odd file met a bug")

    formats = [(game, exchange._replace(read=broken)) for exchange in game.exchange_formats]
    monkeypatch.setattr(exchange_commands, "import_formats", lambda: formats)
    path = tmp_path / f"odd{formats[0][1].extension}"
    path.write_text('{"name": "Odd", "type": "monster"}', encoding="utf-8")
    _import(window, fake_dialogs, path)
    [error] = fake_dialogs.messages("show_error")
    assert error == (
        f"Cannot Import Could not open “{path.name}”: m3desk could not make a sheet of it "
        "(RuntimeError: an odd file met a bug)."
    )
    assert window.session.current() is None
