"""Printing and PDF export of character and monster sheets and the GM's encounter sheet.

The sheet is drawn with ``QPainter`` on any ``QPagedPaintDevice`` (``QPdfWriter`` for PDF,
``QPrinter`` for paper and the print preview), so the PDF, the preview and the paper copy
are one layout. The encounter sheet (initiative order, combatants' key numbers, range
table) is built from the same blocks and pagination (:mod:`.encounter_layout`).
Entry points live in :mod:`m3desk.ui.printing.export` (PDF, print,
preview) and :mod:`m3desk.ui.printing.cli` (``m3desk export-pdf``); nothing is imported
here so that ``import m3desk.ui.printing.cli`` stays cheap.
"""
