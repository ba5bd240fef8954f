"""Every game's encounter sheet and party print on a worker thread exactly as on the GUI
thread (the PDF's text, to a PDF and to a printer), page by page reported; a run told to
stop does so between pages and writes nothing, an old file kept."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtPrintSupport import QPrinter

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.printing.export import export_documents_pdf, print_encounter, print_sheets
from m3desk.ui.printing.pages import PageProgress, PrintCancelled
from tests.ui.printing.conftest import pdfinfo, pdftotext
from tests.ui.printing.every_game import encounter_file

GAMES = [system.id for system in registry.systems()]


def on_a_worker(work: Callable[[], object]) -> None:
    """Run ``work`` on a thread of its own and wait; its error, if any, raised here."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            work()
        except BaseException as error:  # handed to the test's thread
            failed.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(120)
    assert not thread.is_alive()
    if failed:
        raise failed[0]


def pdf_printer(out: Path) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(out))
    return printer


@pytest.mark.parametrize("game", GAMES)
def test_a_worker_prints_every_games_encounter_and_party_as_the_gui_thread(
    qapp: object, tmp_path: Path, game: str
) -> None:
    _path, encounter = encounter_file(tmp_path, game)
    party = [load_sheet(path).model for path in sample_files(game)]
    for name, documents in (("encounter", [encounter]), ("party", party)):
        here, there = tmp_path / f"{name}-here.pdf", tmp_path / f"{name}-there.pdf"
        pages = export_documents_pdf(documents, here)
        steps: list[PageProgress] = []
        on_a_worker(
            lambda d=documents, t=there, s=steps: export_documents_pdf(d, t, progress=s.append)
        )
        assert pdftotext(there) == pdftotext(here), f"{game} {name}"
        assert int(pdfinfo(there)["Pages"]) == pages
        painted = [step for step in steps if step.page]
        assert len(painted) == pages and painted[-1].page == painted[-1].pages
        assert painted[-1].document == painted[-1].documents == len(documents)

    printed_here, printed_there = tmp_path / "printed-here.pdf", tmp_path / "printed-there.pdf"
    print_encounter(encounter, pdf_printer(printed_here))
    worker_printer = pdf_printer(printed_there)  # made here, as the window's print dialog does
    on_a_worker(lambda: print_encounter(encounter, worker_printer))
    assert pdftotext(printed_there) == pdftotext(printed_here)
    print_sheets(party, pdf_printer(printed_here))
    worker_printer = pdf_printer(printed_there)
    on_a_worker(lambda: print_sheets(party, worker_printer))
    assert pdftotext(printed_there) == pdftotext(printed_here)


@pytest.mark.parametrize("existing", [False, True], ids=["new", "replacing"])
def test_a_stopped_export_writes_nothing_and_keeps_the_old_file(
    qapp: object, tmp_path: Path, existing: bool
) -> None:
    party = [load_sheet(path).model for path in sample_files(GAMES[0])]
    target = tmp_path / "party.pdf"
    if existing:
        target.write_bytes(b"%PDF-1.4 the old one")
    steps: list[PageProgress] = []

    def stop_after_the_first_page() -> bool:
        return any(step.page for step in steps)

    with pytest.raises(PrintCancelled):
        on_a_worker(
            lambda: export_documents_pdf(
                party, target, progress=steps.append, cancelled=stop_after_the_first_page
            )
        )
    assert [step.page for step in steps if step.page] == [1]  # stopped between pages
    assert sorted(p.name for p in tmp_path.iterdir()) == (["party.pdf"] if existing else [])
    if existing:
        assert target.read_bytes() == b"%PDF-1.4 the old one"


class _Printer(QPrinter):
    """A PDF printer that says when its job is aborted."""

    aborted = 0

    def abort(self) -> bool:
        self.aborted += 1
        return bool(super().abort())


def test_a_stopped_print_is_aborted_between_pages(qapp: object, tmp_path: Path) -> None:
    party = [load_sheet(path).model for path in sample_files(GAMES[0])]
    printer = _Printer(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    steps: list[PageProgress] = []
    with pytest.raises(PrintCancelled):
        on_a_worker(
            lambda: print_sheets(
                party,
                printer,
                progress=steps.append,
                cancelled=lambda: any(step.page for step in steps),
            )
        )
    assert printer.aborted == 1  # a real printer's job is dropped, not sent half done
    assert [step.page for step in steps if step.page] == [1]  # stopped after the first page
