"""File → Print and Print Preview paint through the same layout as the PDF."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog, QPrintPreviewWidget

from m3desk.ui.printing.export import MARGIN_MM, preview_dialog, print_sheets
from tests.ui.printing.conftest import pdfinfo


def _pdf_printer(path: Path) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    return printer


def test_print_to_a_printer(qapp, samples, tmp_path: Path) -> None:
    out = tmp_path / "printed.pdf"
    printer = _pdf_printer(out)
    assert print_sheets([samples["gramfive"], samples["first-one-mummy"]], printer) == 2
    margins = printer.pageLayout().margins()
    assert min(margins.left(), margins.top(), margins.right(), margins.bottom()) >= MARGIN_MM - 0.01
    assert out.exists()
    assert pdfinfo(out)["Pages"] == "2"


def test_preview_paints_every_page(qtbot, samples, long_sheet) -> None:
    dialog = preview_dialog([samples["xiola"], long_sheet], None)
    qtbot.addWidget(dialog)
    assert isinstance(dialog, QPrintPreviewDialog)
    assert "Xiola Zenwaith" in dialog.windowTitle()
    dialog.show()
    preview = dialog.findChild(QPrintPreviewWidget)
    assert preview is not None
    qtbot.waitUntil(lambda: preview.pageCount() > 0)
    assert preview.pageCount() >= 3  # Xiola's page and the long sheet's two or more
    dialog.close()


def test_preview_opens_large_with_the_page_as_wide_as_the_window(qtbot, samples) -> None:
    from PySide6.QtGui import QGuiApplication

    dialog = preview_dialog([samples["gramfive"]], None)
    qtbot.addWidget(dialog)
    dialog.show()
    preview = dialog.findChild(QPrintPreviewWidget)
    qtbot.waitUntil(lambda: preview.pageCount() > 0)
    area = QGuiApplication.primaryScreen().availableGeometry()
    assert dialog.width() >= area.width() * 3 // 4
    assert preview.zoomMode() is QPrintPreviewWidget.ZoomMode.FitToWidth
    assert dialog.height() >= area.height() * 3 // 4
    dialog.close()
