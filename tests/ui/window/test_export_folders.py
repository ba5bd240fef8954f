"""Where an export starts (issue 28): Export PDF offered /root, Export to Another Tool the
inside of the library's data folder. Each kind of export now starts in the folder the last
one went to, else the user's documents folder."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.ui.main_window import MainWindow
from tests.ui.window.conftest import ScriptedDialogs


@pytest.fixture
def documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home" / "Documents"  # not made yet, as on a fresh account
    monkeypatch.setattr(platformdirs, "user_documents_dir", lambda: str(folder))
    return folder


def test_export_pdf_starts_in_documents_then_where_the_last_went(
    window: MainWindow, fake_dialogs: ScriptedDialogs, documents: Path, tmp_path: Path
) -> None:
    window.open_path(next(p for p in sample_files(registry.ids()[0]) if p.suffix.endswith("c")))
    elsewhere = tmp_path / "handouts"
    elsewhere.mkdir()
    fake_dialogs.answer("pdf_file_name", elsewhere / "first.pdf", None)
    window.menu_actions.export_pdf.trigger()
    window.print_commands.wait()  # painted on a worker thread
    window.menu_actions.export_pdf.trigger()
    window.print_commands.wait()  # painted on a worker thread
    first, second = [args[1] for args in fake_dialogs.named("pdf_file_name")]
    assert first.parent == documents and first.suffix == ".pdf"
    assert second.parent == elsewhere
    assert Path.home() not in (first.parent, second.parent)


def test_export_to_another_tool_starts_outside_the_data_folder(
    window: MainWindow, fake_dialogs: ScriptedDialogs, documents: Path, tmp_path: Path
) -> None:
    games = [system for system in registry.systems() if system.exchange_formats]
    assert games
    game = games[0]
    window.open_path(next(p for p in sample_files(game.id) if p.suffix.endswith("c")))
    target = tmp_path / "vtt" / "hero.json"
    target.parent.mkdir()
    fake_dialogs.answer("export_file_name", target, None)
    window.exchange_commands.export_sheet()
    window.exchange_commands.export_sheet()
    first, second = [args[1] for args in fake_dialogs.named("export_file_name")]
    assert first.parent == documents
    assert window.paths.data_dir not in first.parents and first.parent != window.paths.data_dir
    assert second.parent == target.parent
    assert target.exists()
