"""File → Print, Print Preview, Export PDF (the current tab) and the party versions.

A sheet tab prints as its sheet, an encounter tab as the GM's encounter sheet, of any
game; the party commands print the sheets selected in the library (or, with none selected,
every open sheet tab) into one document, each game's sheets together when the party mixes
games (every sheet is its own pages, so nothing on a page mixes two games). What is
printed is the state on screen, unsaved edits included: a GM prints what they see. Which
layout a document gets is asked of its game in one place (:mod:`m3desk.ui.printing.jobs`);
a document no installed game prints is reported in a message, never a traceback.

The layouts live in :mod:`m3desk.ui.printing.export`, imported on first use (it is not
needed to start the app). An entry point this build lacks is reported as "not
available" instead of failing, so the window works while printing grows.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel
from PySide6.QtCore import QLocale, QObject
from PySide6.QtGui import QPageSize
from PySide6.QtWidgets import QWidget

from m3desk.storage.errors import DocumentLoadError, SaveError
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui import dialogs
from m3desk.ui.file_places import free_name_in
from m3desk.ui.library.file_types import PDF_FILTER
from m3desk.ui.library.scan import LibraryEntry
from m3desk.ui.window.kinds import SHEETS

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrinter

    from m3desk.core.system import GameSystem
    from m3desk.ui.window.session import DocumentSession

Sheet = BaseModel
Printable = BaseModel
"""A character or monster sheet or an encounter, of any installed game."""

__all__ = ["PrintCommands", "default_page_size"]

_EXPORT_MODULE = "m3desk.ui.printing.export"


def _is_encounter(document: object) -> bool:
    from m3desk.core.encounter import Encounter

    return isinstance(document, Encounter)


def default_page_size() -> QPageSize.PageSizeId:
    """Letter where the locale measures in inches (US), A4 everywhere else."""
    if QLocale().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem:
        return QPageSize.PageSizeId.Letter
    return QPageSize.PageSizeId.A4


def _name_of(documents: Sequence[Printable]) -> str:
    return str(getattr(documents[0], "name", "")) if len(documents) == 1 else "Party"


class PrintCommands(QObject):
    """The window's print and PDF commands; each returns what it did, for tests."""

    def __init__(
        self,
        window: QWidget,
        session: DocumentSession,
        library_selection: Callable[[], list[LibraryEntry]],
        options_for: Callable[[GameSystem], BaseModel] | None = None,
    ) -> None:
        """``options_for`` gives a game's table rules as the table set them, so sheets print
        the numbers the screen shows (None: each game's defaults; an encounter prints with
        its own rules)."""
        super().__init__(window)
        self._window = window
        self._session = session
        self._library_selection = library_selection
        self._options_for = options_for

    # -- what to print ----------------------------------------------------------------------

    def current_documents(self) -> list[Printable]:
        record = self._session.current()
        return [record.model()] if record is not None else []

    def party_sheets(self) -> list[Sheet] | None:
        """The library's selected sheets, else every open sheet tab; None if one fails.

        A selected file that is open in a tab prints as the tab shows it.
        """
        selected = [entry for entry in self._library_selection() if entry.is_sheet]
        if not selected:
            return [record.model() for record in self._session.records_of(SHEETS)]
        sheets: list[Sheet] = []
        problems: list[str] = []
        for entry in selected:
            record = self._session.find(entry.path)
            if record is not None and record.kind is SHEETS:
                sheets.append(record.model())
                continue
            try:
                model = load_sheet(entry.path).model
            except DocumentLoadError as exc:
                problems.append(exc.message)
                continue
            sheets.append(model)
        if problems:
            # A party printout that silently lacks a member is worse than none.
            dialogs.show_error(
                self._window,
                "Cannot print the party",
                "Nothing was printed:\n\n" + "\n\n".join(problems),
            )
            return None
        return sheets

    # -- commands ---------------------------------------------------------------------------

    def export_current_pdf(self) -> tuple[Path, int] | None:
        """Export PDF… for the current tab: returns (file, pages) or None."""
        record = self._session.current()
        beside = record.path if record is not None and not record.is_sample else None
        return self._export(self.current_documents(), beside)

    def export_party_pdf(self) -> tuple[Path, int] | None:
        sheets = self._party_or_explain()
        return self._export(sheets, None) if sheets else None

    def print_current(self) -> int:
        """Print… for the current tab: returns the pages sent (0: nothing printed)."""
        return self._print(self.current_documents())

    def print_party(self) -> int:
        sheets = self._party_or_explain()
        return self._print(sheets) if sheets else 0

    def preview_current(self) -> bool:
        documents = self.current_documents()
        if not documents:
            return False
        document = documents[0]
        export = self._entry_points(
            "encounter_preview_dialog" if _is_encounter(document) else "preview_dialog"
        )
        if export is None or not self._printable(documents, "Cannot preview"):
            return False
        if _is_encounter(document):
            dialog = export.encounter_preview_dialog(document, self._window)
        else:
            dialog = export.preview_dialog([document], self._window, self._options_for)
        dialogs.show_print_preview(dialog)
        return True

    # -- the work ---------------------------------------------------------------------------

    def _party_or_explain(self) -> list[Sheet] | None:
        sheets = self.party_sheets()
        if sheets == []:
            dialogs.show_info(
                self._window,
                "Print Party",
                "Select characters and monsters in the Library (Ctrl+click "
                "for several), or open their sheets in tabs, then try again.",
            )
        return sheets

    def _printable(self, documents: Sequence[Printable], title: str) -> bool:
        """Whether every document has a printed layout; if not, say which and why.

        Asked before any dialog opens, so the user is not sent to choose a file or a
        printer for a document that cannot be printed.
        """
        from m3desk.ui.printing.jobs import NotPrintableError, check_printable

        try:
            for document in documents:
                check_printable(document)
        except NotPrintableError as exc:
            dialogs.show_error(self._window, title, str(exc))
            return False
        return True

    def _export_folder(self) -> Path:
        store = getattr(self._window, "settings_store", None)
        if store is None:
            from m3desk.ui.file_places import documents_folder

            return documents_folder()
        return Path(store.export_folder("pdf"))

    def _remember_folder(self, folder: Path) -> None:
        store = getattr(self._window, "settings_store", None)
        if store is not None:
            store.remember_export_folder("pdf", folder)

    def _export(
        self, documents: Sequence[Printable], beside: Path | None
    ) -> tuple[Path, int] | None:
        """Ask where (the folder the last PDF went to, else the user's documents folder),
        then write."""
        if not documents or not self._printable(documents, "Cannot export the PDF"):
            return None
        encounter = documents[0] if _is_encounter(documents[0]) else None
        export = self._entry_points("export_encounter_pdf" if encounter else "export_pdf")
        if export is None:
            return None
        folder = self._export_folder()
        stem = beside.stem if beside is not None else _name_of(documents)
        suggested = free_name_in(folder, stem, ".pdf")
        target = dialogs.pdf_file_name(self._window, suggested, PDF_FILTER)
        if target is None:
            return None
        self._remember_folder(target.parent)
        if target.suffix.lower() != ".pdf":
            target = target.with_name(target.name + ".pdf")
        size = default_page_size()
        try:
            if encounter is not None:
                pages = export.export_encounter_pdf(encounter, target, size)
            else:
                pages = export.export_pdf(list(documents), target, size, self._options_for)
        except SaveError as exc:
            dialogs.show_error(self._window, "Could not export the PDF", exc.message)
            return None
        except (RuntimeError, ValueError) as exc:  # printing's PrintError is a RuntimeError
            dialogs.show_error(
                self._window, "Could not export the PDF", f"“{target.name}” was not written: {exc}"
            )
            return None
        return target, int(pages)

    def _print(self, documents: Sequence[Printable]) -> int:
        if not documents or not self._printable(documents, "Cannot print"):
            return 0
        encounter = documents[0] if _is_encounter(documents[0]) else None
        export = self._entry_points("print_encounter" if encounter else "print_sheets")
        if export is None:
            return 0
        from PySide6.QtPrintSupport import QPrinter

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageSize(QPageSize(default_page_size()))
        if encounter is not None and hasattr(export, "prepare_encounter_printer"):
            export.prepare_encounter_printer(printer)  # offers landscape first
        if not dialogs.ask_printer(self._window, printer, f"Print {_name_of(documents)}"):
            return 0
        return self._print_on(export, printer, documents)

    def _print_on(
        self, export: ModuleType, printer: QPrinter, documents: Sequence[Printable]
    ) -> int:
        try:
            if _is_encounter(documents[0]):
                return int(export.print_encounter(documents[0], printer))
            return int(export.print_sheets(list(documents), printer, self._options_for))
        except (RuntimeError, ValueError) as exc:
            dialogs.show_error(self._window, "Could not print", str(exc))
            return 0

    def _entry_points(self, *names: str) -> Any:
        """The printing module if it has ``names``; otherwise say so and return None."""
        try:
            module = importlib.import_module(_EXPORT_MODULE)
        except ImportError as exc:
            missing = str(exc)
        else:
            absent = [name for name in names if not hasattr(module, name)]
            if not absent:
                return module
            missing = ", ".join(absent)
        dialogs.show_error(
            self._window,
            "Printing not available",
            f"This build of m3desk cannot print this yet ({missing}).",
        )
        return None
