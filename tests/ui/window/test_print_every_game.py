"""Every game's sheets, party and encounter print from the real window: Export PDF, Print,
Print Preview and Export Party PDF, each read back from the PDF's text.

Looped over the installed games and every bundled sample of each, so a new game gets
these checks without a new test.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtPrintSupport import QPrinter

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.storage.paths import AppPaths
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.main_window import MainWindow
from tests.ui.printing.conftest import pdfinfo, pdftotext
from tests.ui.printing.every_game import (
    GAMES,
    SAMPLES,
    assert_encounter_text,
    assert_sheet_text,
    encounter_file,
    words,
)
from tests.ui.window.conftest import ScriptedDialogs


def mine(paths: AppPaths, source: Path) -> Path:
    """A sample saved as the user's own file in the library (so it has a path there)."""
    folder = paths.library_dir("characters" if source.suffix == ".m3c" else "monsters")
    return Path(shutil.copyfile(source, folder / f"{source.parent.name}-{source.name}"))


def export_current(window: MainWindow, fake_dialogs: ScriptedDialogs, out: Path) -> str:
    fake_dialogs.answer("pdf_file_name", out)
    window.menu_actions.export_pdf.trigger()
    window.print_commands.wait()  # painted on a worker thread
    assert not fake_dialogs.messages(), fake_dialogs.messages()
    assert out.read_bytes()[:5] == b"%PDF-"
    return pdftotext(out)


def printer_to(out: Path) -> Callable[..., bool]:
    """A print dialog's answer: the user picks a PDF printer writing ``out``."""

    def choose(_parent: Any, printer: QPrinter, _title: str) -> bool:
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(out))
        return True

    return choose


def preview_to(fake_dialogs: ScriptedDialogs, out: Path) -> None:
    """Render the last Print Preview the window showed into ``out``, as its Print would."""
    [(dialog,)] = fake_dialogs.named("show_print_preview")
    printer = dialog.printer()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(out))
    dialog.paintRequested.emit(printer)


@pytest.mark.parametrize(
    ("game", "source"), SAMPLES, ids=[f"{game}-{path.stem}" for game, path in SAMPLES]
)
def test_every_sample_sheet_exports_and_previews_from_its_tab(
    window: MainWindow,
    fake_dialogs: ScriptedDialogs,
    paths: AppPaths,
    tmp_path: Path,
    game: str,
    source: Path,
) -> None:
    record = window.open_path(mine(paths, source))
    assert record is not None
    sheet = record.model()
    text = export_current(window, fake_dialogs, tmp_path / "sheet.pdf")
    assert_sheet_text(text, sheet)
    window.menu_actions.print_preview.trigger()
    preview_to(fake_dialogs, tmp_path / "preview.pdf")
    assert_sheet_text(pdftotext(tmp_path / "preview.pdf"), sheet)


@pytest.mark.parametrize("game", GAMES)
def test_every_games_encounter_tab_exports_prints_and_previews(
    window: MainWindow, fake_dialogs: ScriptedDialogs, paths: AppPaths, tmp_path: Path, game: str
) -> None:
    path, encounter = encounter_file(paths.library_dir("encounters"), game)
    window.open_path(path)
    assert_encounter_text(export_current(window, fake_dialogs, tmp_path / "fight.pdf"), encounter)
    assert pdfinfo(tmp_path / "fight.pdf")["Page size"].startswith(("842", "792"))  # landscape

    fake_dialogs.answer("ask_printer", printer_to(tmp_path / "printed.pdf"))
    window.menu_actions.print.trigger()
    window.print_commands.wait()  # painted on a worker thread
    assert_encounter_text(pdftotext(tmp_path / "printed.pdf"), encounter)

    window.menu_actions.print_preview.trigger()
    preview_to(fake_dialogs, tmp_path / "preview.pdf")
    assert_encounter_text(pdftotext(tmp_path / "preview.pdf"), encounter)
    assert not fake_dialogs.messages()


@pytest.mark.parametrize("game", GAMES)
def test_export_party_pdf_of_library_sheets_of_every_game(
    window: MainWindow, fake_dialogs: ScriptedDialogs, paths: AppPaths, tmp_path: Path, game: str
) -> None:
    files = [mine(paths, source) for source in sample_files(game)]
    window.library.refresh()
    assert window.library.select_paths(files) == len(files)
    fake_dialogs.answer("pdf_file_name", tmp_path / "party.pdf")
    window.menu_actions.export_party_pdf.trigger()
    window.print_commands.wait()  # painted on a worker thread
    assert not fake_dialogs.messages()
    text = pdftotext(tmp_path / "party.pdf")
    assert int(pdfinfo(tmp_path / "party.pdf")["Pages"]) >= len(files)
    for file in files:
        assert_sheet_text(text, load_sheet(file).model)

    fake_dialogs.answer("ask_printer", printer_to(tmp_path / "printed.pdf"))
    window.menu_actions.print_party.trigger()
    window.print_commands.wait()  # painted on a worker thread
    printed = pdftotext(tmp_path / "printed.pdf")
    for file in files:
        assert_sheet_text(printed, load_sheet(file).model)


def test_a_party_of_several_games_prints_each_games_sheets_together(
    window: MainWindow, fake_dialogs: ScriptedDialogs, paths: AppPaths, tmp_path: Path
) -> None:
    # a sheet of each game and a second one of the first game: the two print together
    chosen = [sample_files(game)[0] for game in GAMES] + [sample_files(GAMES[0])[1]]
    files = [mine(paths, source) for source in chosen]
    window.library.refresh()
    assert window.library.select_paths(files) == len(files)
    fake_dialogs.answer("pdf_file_name", tmp_path / "party.pdf")
    window.menu_actions.export_party_pdf.trigger()
    window.print_commands.wait()  # painted on a worker thread
    assert not fake_dialogs.messages()
    text = words(pdftotext(tmp_path / "party.pdf"))
    sheets = [load_sheet(file).model for file in files]
    for sheet in sheets:
        assert_sheet_text(text, sheet)
    printed = sorted(sheets, key=lambda sheet: text.index(str(sheet.name)))
    games = [registry.system_of(sheet).id for sheet in printed]
    sections = [game for n, game in enumerate(games) if n == 0 or games[n - 1] != game]
    assert sorted(sections) == GAMES  # one section per game, none split


def test_a_document_of_no_installed_game_gets_a_message_not_a_traceback(
    window: MainWindow,
    fake_dialogs: ScriptedDialogs,
    paths: AppPaths,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path, _encounter = encounter_file(paths.library_dir("encounters"), GAMES[-1])
    window.open_path(path)
    game = registry.get(GAMES[-1])
    monkeypatch.setattr(
        registry,
        "system_of",
        lambda model: (_ for _ in ()).throw(registry.UnknownSystemError(type(model).__name__)),
    )
    for action in ("export_pdf", "print", "print_preview"):
        getattr(window.menu_actions, action).trigger()
    messages = fake_dialogs.messages()
    assert len(messages) == 3
    assert all("game this m3desk does not have" in message for message in messages)
    assert not fake_dialogs.named("pdf_file_name") and not fake_dialogs.named("ask_printer")
    assert "Traceback" not in capsys.readouterr().err
    assert game.name  # the game is still installed for the next test
