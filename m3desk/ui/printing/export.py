"""PDF export, paper printing and print preview of sheets, a party, or an encounter.

All three paint through the same layouts (:func:`.sheet_layout.render_sheets`,
:func:`.encounter_layout.render_encounter`, :func:`.pages.render_jobs` for a mix), so
what the preview shows is what the PDF and the printer get.

Sheets read best portrait and the GM's encounter sheet landscape; a PDF gets each
document in its own orientation, while a printer keeps what the user chose in the print
dialog (:func:`prepare_encounter_printer` offers landscape there first).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF
from PySide6.QtGui import QPagedPaintDevice, QPageLayout, QPageSize, QPdfWriter

from m3desk import APP_NAME, __version__
from m3desk.core.encounter import Encounter as AnyEncounter
from m3desk.storage.atomic import atomic_write_bytes
from m3desk.systems.monsters_and_magic.encounter import Encounter
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.ui.printing.encounter_layout import encounter_job, render_encounter
from m3desk.ui.printing.pages import Orientation, PrintJob, render_jobs
from m3desk.ui.printing.sheet_layout import render_sheets, sheet_job

if TYPE_CHECKING:
    # Imported where used: the command line exports PDFs without loading widgets.
    from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
    from PySide6.QtWidgets import QWidget

__all__ = [
    "MARGIN_MM",
    "documents_pdf_bytes",
    "encounter_preview_dialog",
    "export_documents_pdf",
    "export_encounter_pdf",
    "export_pdf",
    "pdf_bytes",
    "prepare_encounter_printer",
    "preview_dialog",
    "print_encounter",
    "print_sheets",
]

Sheet = CharacterSheet | MonsterSheet
Printable = CharacterSheet | MonsterSheet | Encounter
PageSizeLike = QPageSize | QPageSize.PageSizeId
MARGIN_MM = 12.0
"""Wide enough for any office printer's unprintable edge, narrow enough to fit one page."""
PDF_RESOLUTION = 1200


def _page_size(page_size: PageSizeLike) -> QPageSize:
    return page_size if isinstance(page_size, QPageSize) else QPageSize(page_size)


def _title(documents: Sequence[Printable]) -> str:
    if len(documents) == 1:
        return documents[0].name
    names = ", ".join(document.name for document in documents)
    if all(not isinstance(document, AnyEncounter) for document in documents):
        return "Party: " + names
    return names


def _setup(device: QPagedPaintDevice, page_size: PageSizeLike) -> None:
    device.setPageLayout(QPageLayout(
        _page_size(page_size), QPageLayout.Orientation.Portrait,
        QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM), QPageLayout.Unit.Millimeter))


def _pdf(title: str, page_size: PageSizeLike,
         render: Callable[[QPdfWriter], int]) -> tuple[bytes, int]:
    """Run ``render`` on a PDF writer in memory; returns the bytes and the page count.

    In memory first so that the file on disk is replaced in one step, and a failure
    half-way never leaves a truncated PDF where a good one used to be.
    """
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(PDF_RESOLUTION)
    writer.setCreator(f"{APP_NAME} {__version__}")
    writer.setTitle(title)
    _setup(writer, page_size)
    pages = render(writer)
    buffer.close()
    result = bytes(data.data())
    del writer, buffer, data
    return result, pages


def pdf_bytes(sheets: Sequence[Sheet],
              page_size: PageSizeLike = QPageSize.PageSizeId.A4,
              rules: TableRules | None = None) -> tuple[bytes, int]:
    """Render the sheets to PDF in memory; returns the bytes and the number of pages."""
    chosen = tuple(sheets)
    return _pdf(_title(chosen) if chosen else "", page_size,
                lambda writer: render_sheets(writer, chosen, rules))


def _job(document: Printable, rules: TableRules | None) -> PrintJob:
    """An encounter prints with its own rules; a sheet with the table's (``rules``)."""
    if isinstance(document, AnyEncounter):
        return encounter_job(document)  # type: ignore[arg-type]
    return sheet_job(document, rules)


def documents_pdf_bytes(documents: Sequence[Printable],
                        page_size: PageSizeLike = QPageSize.PageSizeId.A4,
                        rules: TableRules | None = None) -> tuple[bytes, int]:
    """Sheets and encounters in one PDF, each from a new page in its own orientation."""
    chosen = tuple(documents)
    return _pdf(_title(chosen) if chosen else "", page_size,
                lambda writer: render_jobs(writer, [_job(d, rules) for d in chosen],
                                           choose_orientation=True))


def export_documents_pdf(documents: Sequence[Printable], out_path: str | os.PathLike[str],
                         page_size: PageSizeLike = QPageSize.PageSizeId.A4,
                         rules: TableRules | None = None) -> int:
    """Write sheets and encounters, in the order given, as one PDF; returns pages written.

    Replaced atomically and failing like :func:`export_pdf`; ``m3desk export-pdf``
    uses it so that a GM can print the encounter sheet and the monsters' sheets at once.
    """
    data, pages = documents_pdf_bytes(documents, page_size, rules)
    atomic_write_bytes(out_path, data)
    return pages


def export_encounter_pdf(encounter: Encounter, out_path: str | os.PathLike[str],
                         page_size: PageSizeLike = QPageSize.PageSizeId.A4) -> int:
    """Write the GM's encounter sheet (landscape) as a PDF; returns pages written.

    Replaced atomically; raises :class:`m3desk.storage.errors.SaveError` with a readable
    message when the file cannot be written.
    """
    return export_documents_pdf([encounter], out_path, page_size)


def export_pdf(sheets: Sequence[Sheet], out_path: str | os.PathLike[str],
               page_size: PageSizeLike = QPageSize.PageSizeId.A4,
               rules: TableRules | None = None) -> int:
    """Write the sheets as one PDF (each sheet from a new page); returns pages written.

    The file is replaced atomically (temp file in the same folder, fsync, ``os.replace``);
    raises :class:`m3desk.storage.errors.SaveError` with a readable message when the
    file cannot be written, and ``ValueError`` for an empty list of sheets.
    """
    data, pages = pdf_bytes(sheets, page_size, rules)
    atomic_write_bytes(out_path, data)
    return pages


def _ensure_margins(printer: QPrinter) -> None:
    """Keep the user's margins unless they are narrower than the sheet needs.

    A print dialog may leave zero margins (PDF printers do); ink would then meet the
    paper's edge and the printer would clip the page border.
    """
    layout = printer.pageLayout()
    margins = layout.margins(QPageLayout.Unit.Millimeter)
    wider = QMarginsF(max(margins.left(), MARGIN_MM), max(margins.top(), MARGIN_MM),
                      max(margins.right(), MARGIN_MM), max(margins.bottom(), MARGIN_MM))
    if wider != margins:
        printer.setPageMargins(wider, QPageLayout.Unit.Millimeter)


def print_sheets(sheets: Sequence[Sheet], printer: QPrinter,
                 rules: TableRules | None = None) -> int:
    """File → Print: paint on a printer the user has set up; returns pages sent."""
    printer.setDocName(_title(sheets))
    _ensure_margins(printer)
    return render_sheets(printer, sheets, rules)


def prepare_encounter_printer(printer: QPrinter) -> None:
    """Landscape and the sheet's margins: call before showing the print dialog.

    The encounter sheet is laid out for landscape, but a printer the user has set up is
    never turned behind their back, so the dialog is what offers landscape first.
    """
    printer.setPageOrientation(Orientation.Landscape)
    _ensure_margins(printer)


def print_encounter(encounter: Encounter, printer: QPrinter) -> int:
    """File → Print for an encounter: the GM sheet in the printer's orientation.

    Portrait works too (the lists stack and the combatant table folds), so what the
    user picked in the dialog is kept; returns pages sent.
    """
    printer.setDocName(_title([encounter]))
    _ensure_margins(printer)
    return render_encounter(printer, encounter)


def preview_dialog(sheets: Sequence[Sheet], parent: QWidget | None,
                   rules: TableRules | None = None) -> QPrintPreviewDialog:
    """File → Print Preview: a dialog that repaints the sheets whenever it needs pages.

    The caller shows it (``exec()`` or ``open()``); printing from the preview goes
    through the same painter code as the PDF.
    """
    from PySide6.QtPrintSupport import QPrintPreviewDialog

    chosen = tuple(sheets)
    dialog = QPrintPreviewDialog(parent)
    dialog.setWindowTitle(f"Print preview \u2014 {_title(chosen)}")

    def paint(printer: QPrinter) -> None:
        print_sheets(chosen, printer, rules)

    dialog.paintRequested.connect(paint)
    return dialog


def encounter_preview_dialog(encounter: Encounter,
                             parent: QWidget | None) -> QPrintPreviewDialog:
    """File → Print Preview for an encounter: starts landscape, repaints on every change.

    The preview's own orientation buttons still work: the layout follows the page.
    """
    from PySide6.QtPrintSupport import QPrintPreviewDialog

    dialog = QPrintPreviewDialog(parent)
    prepare_encounter_printer(dialog.printer())
    dialog.setWindowTitle(f"Print preview \u2014 {_title([encounter])}")

    def paint(printer: QPrinter) -> None:
        print_encounter(encounter, printer)

    dialog.paintRequested.connect(paint)
    return dialog
