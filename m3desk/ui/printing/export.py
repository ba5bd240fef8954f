"""PDF export, paper printing and print preview of sheets, a party, or an encounter, of any game.

All three paint through the same layouts, chosen per document by
:func:`.jobs.document_job` (which asks the document's game), and one page loop
(:func:`.pages.render_jobs`), so what the preview shows is what the PDF and the printer get.

Sheets read best portrait and the GM's encounter sheet landscape; a PDF gets each
document in its own orientation, while a printer keeps what the user chose in the print
dialog (:func:`prepare_encounter_printer` offers landscape there first).

``options_for`` gives a game's table rules as the table set them, so a printed sheet shows
the numbers the screen shows; an encounter prints with its own rules.

Every entry point that paints takes ``progress`` and ``cancelled`` (see
:func:`.pages.render_jobs`): the window runs them in a worker thread
(:mod:`m3desk.ui.window.print_worker`); they touch no widget and no pixmap (pictures are
``QImage``), so a thread other than the GUI's may paint a PDF writer or a printer.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pydantic import BaseModel
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF
from PySide6.QtGui import QPagedPaintDevice, QPageLayout, QPageSize, QPdfWriter

from m3desk import APP_NAME, __version__
from m3desk.storage.atomic import atomic_write_bytes
from m3desk.ui.printing.jobs import OptionsFor, by_game, document_job, is_encounter
from m3desk.ui.printing.pages import Orientation, PageProgress, render_jobs

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

Printable = BaseModel
"""A character or monster sheet or an encounter of any installed game."""
PageSizeLike = QPageSize | QPageSize.PageSizeId
MARGIN_MM = 12.0
"""Wide enough for any office printer's unprintable edge, narrow enough to fit one page."""
PDF_RESOLUTION = 1200
Progress = Callable[[PageProgress], None]
Cancelled = Callable[[], bool]


def _page_size(page_size: PageSizeLike) -> QPageSize:
    return page_size if isinstance(page_size, QPageSize) else QPageSize(page_size)


def _name(document: Printable) -> str:
    return str(getattr(document, "name", ""))


def _title(documents: Sequence[Printable]) -> str:
    if len(documents) == 1:
        return _name(documents[0])
    names = ", ".join(_name(document) for document in documents)
    if not any(is_encounter(document) for document in documents):
        return "Party: " + names
    return names


def _setup(device: QPagedPaintDevice, page_size: PageSizeLike) -> None:
    device.setPageLayout(
        QPageLayout(
            _page_size(page_size),
            QPageLayout.Orientation.Portrait,
            QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
            QPageLayout.Unit.Millimeter,
        )
    )


def _pdf(
    title: str, page_size: PageSizeLike, render: Callable[[QPdfWriter], int]
) -> tuple[bytes, int]:
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


def _render(
    device: QPagedPaintDevice,
    documents: Sequence[Printable],
    options_for: OptionsFor | None,
    *,
    choose_orientation: bool,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> int:
    """Every document in its game's layout, each game's together (a mixed party)."""
    jobs = [document_job(document, options_for) for document in by_game(documents)]
    return render_jobs(
        device, jobs, choose_orientation=choose_orientation, progress=progress, cancelled=cancelled
    )


def documents_pdf_bytes(
    documents: Sequence[Printable],
    page_size: PageSizeLike = QPageSize.PageSizeId.A4,
    options_for: OptionsFor | None = None,
    *,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> tuple[bytes, int]:
    """Sheets and encounters in one PDF, each from a new page in its own orientation."""
    chosen = tuple(documents)
    return _pdf(
        _title(chosen) if chosen else "",
        page_size,
        lambda writer: _render(
            writer,
            chosen,
            options_for,
            choose_orientation=True,
            progress=progress,
            cancelled=cancelled,
        ),
    )


pdf_bytes = documents_pdf_bytes
"""Sheets (a party) to PDF in memory: the bytes and the number of pages."""


def export_documents_pdf(
    documents: Sequence[Printable],
    out_path: str | os.PathLike[str],
    page_size: PageSizeLike = QPageSize.PageSizeId.A4,
    options_for: OptionsFor | None = None,
    *,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> int:
    """Write sheets and encounters, in the order given, as one PDF; returns pages written.

    The file is replaced atomically (temp file in the same folder, fsync, ``os.replace``);
    raises :class:`m3desk.storage.errors.SaveError` with a readable message when the
    file cannot be written, :class:`.jobs.NotPrintableError` for a document no game
    prints, ``ValueError`` for an empty list, and :class:`.pages.PrintCancelled` when
    ``cancelled`` said stop (the file, or its absence, then as it was).
    """
    data, pages = documents_pdf_bytes(
        documents, page_size, options_for, progress=progress, cancelled=cancelled
    )
    atomic_write_bytes(out_path, data)
    return pages


def export_encounter_pdf(
    encounter: Printable,
    out_path: str | os.PathLike[str],
    page_size: PageSizeLike = QPageSize.PageSizeId.A4,
) -> int:
    """Write the GM's encounter sheet (landscape) as a PDF; returns pages written."""
    return export_documents_pdf([encounter], out_path, page_size)


def export_pdf(
    sheets: Sequence[Printable],
    out_path: str | os.PathLike[str],
    page_size: PageSizeLike = QPageSize.PageSizeId.A4,
    options_for: OptionsFor | None = None,
) -> int:
    """Write the sheets as one PDF (each sheet from a new page); returns pages written."""
    return export_documents_pdf(sheets, out_path, page_size, options_for)


def _ensure_margins(printer: QPrinter) -> None:
    """Keep the user's margins unless they are narrower than the sheet needs.

    A print dialog may leave zero margins (PDF printers do); ink would then meet the
    paper's edge and the printer would clip the page border.
    """
    layout = printer.pageLayout()
    margins = layout.margins(QPageLayout.Unit.Millimeter)
    wider = QMarginsF(
        max(margins.left(), MARGIN_MM),
        max(margins.top(), MARGIN_MM),
        max(margins.right(), MARGIN_MM),
        max(margins.bottom(), MARGIN_MM),
    )
    if wider != margins:
        printer.setPageMargins(wider, QPageLayout.Unit.Millimeter)


def print_sheets(
    sheets: Sequence[Printable],
    printer: QPrinter,
    options_for: OptionsFor | None = None,
    *,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> int:
    """File → Print: paint on a printer the user has set up; returns pages sent."""
    printer.setDocName(_title(sheets))
    _ensure_margins(printer)
    return _render(
        printer,
        sheets,
        options_for,
        choose_orientation=False,
        progress=progress,
        cancelled=cancelled,
    )


def prepare_encounter_printer(printer: QPrinter) -> None:
    """Landscape and the sheet's margins: call before showing the print dialog.

    The encounter sheet is laid out for landscape, but a printer the user has set up is
    never turned behind their back, so the dialog is what offers landscape first.
    """
    printer.setPageOrientation(Orientation.Landscape)
    _ensure_margins(printer)


def print_encounter(
    encounter: Printable,
    printer: QPrinter,
    *,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> int:
    """File → Print for an encounter: the GM sheet in the printer's orientation.

    Portrait works too (the lists stack and the combatant table folds), so what the
    user picked in the dialog is kept; returns pages sent.
    """
    printer.setDocName(_title([encounter]))
    _ensure_margins(printer)
    return _render(
        printer, [encounter], None, choose_orientation=False, progress=progress, cancelled=cancelled
    )


def preview_dialog(
    sheets: Sequence[Printable], parent: QWidget | None, options_for: OptionsFor | None = None
) -> QPrintPreviewDialog:
    """File → Print Preview: a dialog that repaints the sheets whenever it needs pages.

    The caller shows it (``exec()`` or ``open()``); printing from the preview goes
    through the same painter code as the PDF.
    """
    from PySide6.QtPrintSupport import QPrintPreviewDialog

    chosen = tuple(sheets)
    dialog = QPrintPreviewDialog(parent)
    dialog.setWindowTitle(f"Print preview \u2014 {_title(chosen)}")

    def paint(printer: QPrinter) -> None:
        print_sheets(chosen, printer, options_for)

    dialog.paintRequested.connect(paint)
    readable_preview(dialog)
    return dialog


def readable_preview(dialog: QPrintPreviewDialog) -> None:
    """Open large, with the page as wide as the window: Qt's default is a small window
    showing a whole page at a size nobody can read."""
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtPrintSupport import QPrintPreviewWidget

    screen = dialog.screen() or QGuiApplication.primaryScreen()
    if screen is not None:
        area = screen.availableGeometry()
        dialog.resize(area.width() * 4 // 5, area.height() * 9 // 10)
    preview = dialog.findChild(QPrintPreviewWidget)
    if preview is not None:
        preview.setZoomMode(QPrintPreviewWidget.ZoomMode.FitToWidth)


def encounter_preview_dialog(encounter: Printable, parent: QWidget | None) -> QPrintPreviewDialog:
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
    readable_preview(dialog)
    return dialog
