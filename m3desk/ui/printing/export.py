"""PDF export, paper printing and print preview of one sheet or a whole party.

All three paint through :func:`m3desk.ui.printing.sheet_layout.render_sheets`, so what
the preview shows is what the PDF and the printer get.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF
from PySide6.QtGui import QPagedPaintDevice, QPageLayout, QPageSize, QPdfWriter

from m3desk import APP_NAME, __version__
from m3desk.rules.sheet import CharacterSheet, MonsterSheet
from m3desk.storage.atomic import atomic_write_bytes
from m3desk.ui.printing.sheet_layout import render_sheets

if TYPE_CHECKING:
    # Imported where used: the command line exports PDFs without loading widgets.
    from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
    from PySide6.QtWidgets import QWidget

__all__ = ["MARGIN_MM", "export_pdf", "pdf_bytes", "preview_dialog", "print_sheets"]

Sheet = CharacterSheet | MonsterSheet
PageSizeLike = QPageSize | QPageSize.PageSizeId
MARGIN_MM = 12.0
"""Wide enough for any office printer's unprintable edge, narrow enough to fit one page."""
PDF_RESOLUTION = 1200


def _page_size(page_size: PageSizeLike) -> QPageSize:
    return page_size if isinstance(page_size, QPageSize) else QPageSize(page_size)


def _title(sheets: Sequence[Sheet]) -> str:
    if len(sheets) == 1:
        return sheets[0].name
    return "Party: " + ", ".join(sheet.name for sheet in sheets)


def _setup(device: QPagedPaintDevice, page_size: PageSizeLike) -> None:
    device.setPageLayout(QPageLayout(
        _page_size(page_size), QPageLayout.Orientation.Portrait,
        QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM), QPageLayout.Unit.Millimeter))


def pdf_bytes(sheets: Sequence[Sheet],
              page_size: PageSizeLike = QPageSize.PageSizeId.A4) -> tuple[bytes, int]:
    """Render the sheets to PDF in memory; returns the bytes and the number of pages.

    In memory first so that the file on disk is replaced in one step, and a failure
    half-way never leaves a truncated PDF where a good one used to be.
    """
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(PDF_RESOLUTION)
    writer.setCreator(f"{APP_NAME} {__version__}")
    writer.setTitle(_title(sheets))
    _setup(writer, page_size)
    pages = render_sheets(writer, sheets)
    buffer.close()
    result = bytes(data.data())
    del writer, buffer, data
    return result, pages


def export_pdf(sheets: Sequence[Sheet], out_path: str | os.PathLike[str],
               page_size: PageSizeLike = QPageSize.PageSizeId.A4) -> int:
    """Write the sheets as one PDF (each sheet from a new page); returns pages written.

    The file is replaced atomically (temp file in the same folder, fsync, ``os.replace``);
    raises :class:`m3desk.storage.errors.SaveError` with a readable message when the
    file cannot be written, and ``ValueError`` for an empty list of sheets.
    """
    data, pages = pdf_bytes(sheets, page_size)
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


def print_sheets(sheets: Sequence[Sheet], printer: QPrinter) -> int:
    """File → Print: paint on a printer the user has set up; returns pages sent."""
    printer.setDocName(_title(sheets))
    _ensure_margins(printer)
    return render_sheets(printer, sheets)


def preview_dialog(sheets: Sequence[Sheet], parent: QWidget | None) -> QPrintPreviewDialog:
    """File → Print Preview: a dialog that repaints the sheets whenever it needs pages.

    The caller shows it (``exec()`` or ``open()``); printing from the preview goes
    through the same painter code as the PDF.
    """
    from PySide6.QtPrintSupport import QPrintPreviewDialog

    chosen = tuple(sheets)
    dialog = QPrintPreviewDialog(parent)
    dialog.setWindowTitle(f"Print preview \u2014 {_title(chosen)}")

    def paint(printer: QPrinter) -> None:
        print_sheets(chosen, printer)

    dialog.paintRequested.connect(paint)
    return dialog
