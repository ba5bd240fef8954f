"""Printing and PDF export of character and monster sheets.

The sheet is drawn with ``QPainter`` on any ``QPagedPaintDevice`` (``QPdfWriter`` for PDF,
``QPrinter`` for paper and the print preview), so the PDF, the preview and the paper copy
are one layout. Entry points live in :mod:`m3desk.ui.printing.export` (PDF, print,
preview) and :mod:`m3desk.ui.printing.cli` (``m3desk export-pdf``); nothing is imported
here so that ``import m3desk.ui.printing.cli`` stays cheap.
"""
