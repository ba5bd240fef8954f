"""Print, Export PDF and the party versions from the window; ``m3desk export-pdf``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from m3desk.ui import app as app_module
from m3desk.ui.main_window import MainWindow
from m3desk.ui.printing import export
from m3desk.ui.printing.jobs import is_encounter
from tests.ui.window.conftest import ScriptedDialogs, edit

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def exported(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Records (what, pages returned) for every PDF the window exports: "encounter" or
    "sheets"."""
    calls: list[tuple[str, int]] = []
    real = export.export_documents_pdf

    def recording(documents: Any, *args: Any, **options: Any) -> int:
        pages = real(documents, *args, **options)
        calls.append(("encounter" if is_encounter(documents[0]) else "sheets", pages))
        return pages

    monkeypatch.setattr(export, "export_documents_pdf", recording)
    return calls


def _is_pdf(path: Path) -> bool:
    return path.read_bytes()[:5] == b"%PDF-"


def test_export_pdf_of_the_current_sheet(
    window: MainWindow,
    sample,
    fake_dialogs: ScriptedDialogs,
    tmp_path: Path,
    exported: list[tuple[str, int]],
) -> None:
    record = window.open_path(sample("gramfive"))
    edit(record, notes="Printed with the unsaved notes")
    fake_dialogs.answer("pdf_file_name", tmp_path / "gramfive sheet")
    window.menu_actions.export_pdf.trigger()
    window.print_commands.wait()  # painted on a worker thread
    [(_parent, suggested, _filter)] = fake_dialogs.named("pdf_file_name")
    # Named after the file, in the documents folder (test_export_folders.py follows it).
    assert suggested.name == record.path.with_suffix(".pdf").name
    written = tmp_path / "gramfive sheet.pdf"
    assert _is_pdf(written)
    [(function, pages)] = exported
    assert function == "sheets" and pages >= 1


def test_export_pdf_of_the_current_encounter(
    window: MainWindow,
    saved_encounter: Path,
    fake_dialogs: ScriptedDialogs,
    tmp_path: Path,
    exported: list[tuple[str, int]],
) -> None:
    window.open_path(saved_encounter)
    fake_dialogs.answer("pdf_file_name", tmp_path / "fane.pdf")
    window.menu_actions.export_pdf.trigger()
    window.print_commands.wait()  # painted on a worker thread
    assert _is_pdf(tmp_path / "fane.pdf")
    [(function, pages)] = exported
    assert function == "encounter" and pages >= 1


def test_export_party_pdf_takes_the_library_selection(
    window: MainWindow,
    party_in_library: dict[str, Path],
    fake_dialogs: ScriptedDialogs,
    tmp_path: Path,
    exported: list[tuple[str, int]],
) -> None:
    window.library.refresh()
    window.library.select_paths([party_in_library["gramfive"], party_in_library["felix"]])
    assert [s.name for s in window.print_commands.party_sheets()] == [
        "Felix Pook",
        "Gramfive the Grim",
    ]
    fake_dialogs.answer("pdf_file_name", tmp_path / "party.pdf")
    window.menu_actions.export_party_pdf.trigger()
    window.print_commands.wait()  # painted on a worker thread
    assert _is_pdf(tmp_path / "party.pdf")
    [(_function, pages)] = exported
    assert pages >= 2  # each sheet starts a new page


def test_party_with_nothing_selected_or_open_explains_what_to_do(
    window: MainWindow, fake_dialogs: ScriptedDialogs
) -> None:
    window.library.view.clearSelection()
    window.menu_actions.print_party.trigger()
    window.print_commands.wait()  # painted on a worker thread
    [message] = fake_dialogs.messages("show_info")
    assert "Select characters and monsters" in message


def test_a_pdf_that_cannot_be_written_is_reported(
    window: MainWindow, sample, fake_dialogs: ScriptedDialogs, tmp_path: Path
) -> None:
    window.open_path(sample("felix"))
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder", encoding="utf-8")
    fake_dialogs.answer("pdf_file_name", blocker / "felix.pdf")
    assert window.print_commands.export_current_pdf() is None
    [message] = fake_dialogs.messages()
    assert "Could not export the PDF" in message and "felix.pdf" in message
    assert "“a file” is a file, not a folder." in message


def test_ctrl_p_prints_an_encounter_on_the_chosen_printer(
    window: MainWindow, saved_encounter: Path, fake_dialogs: ScriptedDialogs, tmp_path: Path, qtbot
) -> None:
    from PySide6.QtGui import QPageLayout
    from PySide6.QtPrintSupport import QPrinter

    window.open_path(saved_encounter)
    target = tmp_path / "printed.pdf"
    seen: list[QPageLayout.Orientation] = []

    def print_to_file(_parent: object, printer: QPrinter, _title: str) -> bool:
        seen.append(printer.pageLayout().orientation())
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(target))
        return True

    fake_dialogs.answer("ask_printer", print_to_file)
    qtbot.keyClick(window, Qt.Key.Key_P, CTRL)
    window.print_commands.wait()  # painted on a worker thread
    assert seen == [QPageLayout.Orientation.Landscape]  # offered landscape first
    assert _is_pdf(target)


def test_print_preview_is_built_and_shown_through_the_dialogs_module(
    window: MainWindow, sample, fake_dialogs: ScriptedDialogs
) -> None:
    window.open_path(sample("xiola"))
    window.menu_actions.print_preview.trigger()
    [(dialog,)] = fake_dialogs.named("show_print_preview")
    assert "Xiola" in dialog.windowTitle()
    dialog.deleteLater()


def test_export_pdf_command_writes_the_file_without_a_window(
    sample,
    saved_encounter: Path,
    tmp_path: Path,
    qapp: QApplication,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = tmp_path / "handouts.pdf"
    windows_before = len(QApplication.topLevelWidgets())
    code = app_module.run(
        ["export-pdf", str(sample("gramfive")), str(saved_encounter), "-o", str(out)]
    )
    assert code == 0 and _is_pdf(out)
    assert "wrote" in capsys.readouterr().out
    assert len(QApplication.topLevelWidgets()) == windows_before  # no main window


def test_export_pdf_command_fails_on_a_corrupt_file_and_writes_nothing(
    tmp_path: Path, sample, capsys: pytest.CaptureFixture[str]
) -> None:
    corrupt = tmp_path / "corrupt.m3c"
    corrupt.write_bytes(b'{"format": "m3desk.character", "docu')
    out = tmp_path / "never.pdf"
    assert app_module.run(["export-pdf", str(sample("felix")), str(corrupt), "-o", str(out)]) == 1
    assert not out.exists() and "corrupt.m3c" in capsys.readouterr().err


def test_export_pdf_help_and_app_help_mention_the_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert app_module.run(["export-pdf", "--help"]) == 0
    assert "-o OUT.pdf" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        app_module.parse_args(["--help"])
    assert "export-pdf" in capsys.readouterr().out


def test_a_printing_entry_point_this_build_lacks_is_reported_not_raised(
    window: MainWindow,
    saved_encounter: Path,
    fake_dialogs: ScriptedDialogs,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delattr(export, "export_documents_pdf")
    window.open_path(saved_encounter)
    window.menu_actions.export_pdf.trigger()  # no file dialog: nothing could be written
    window.print_commands.wait()  # painted on a worker thread
    [message] = fake_dialogs.messages()
    assert "Printing not available" in message and "export_documents_pdf" in message
