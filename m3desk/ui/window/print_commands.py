"""File → Print, Print Preview, Export PDF (the current tab) and the party versions.

A sheet tab prints as its sheet, an encounter tab as the GM's encounter sheet, of any
game; the party commands print the sheets selected in the library (or, with none selected,
every open sheet tab) into one document, each game's sheets together when the party mixes
games (every sheet is its own pages, so nothing on a page mixes two games). What is
printed is the state on screen, unsaved edits included: a GM prints what they see. Which
layout a document gets is asked of its game in one place (:mod:`m3desk.ui.printing.jobs`);
a document no installed game prints is reported in a message, never a traceback.

The pages are painted on a worker thread (:mod:`m3desk.ui.window.print_worker`), one run at
a time: this thread asks where or on which printer, takes the documents as they are now
(frozen values, each game's table rules read once) and shows the progress, with Cancel,
when the run lasts; the status bar says how it ended, an error is a sentence. The window
stays usable meanwhile; closing it cancels the run and waits for its page to finish.

The layouts live in :mod:`m3desk.ui.printing.export`, imported on first use (it is not
needed to start the app). An entry point this build lacks is reported as "not
available" instead of failing, so the window works while printing grows.
"""

from __future__ import annotations

import importlib
import os
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel
from PySide6.QtCore import QLocale, QObject
from PySide6.QtGui import QPageSize
from PySide6.QtWidgets import QWidget

from m3desk.storage.errors import DocumentLoadError, describe_os_error
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui import dialogs
from m3desk.ui.file_places import free_name_in
from m3desk.ui.library.file_types import PDF_FILTER
from m3desk.ui.library.scan import LibraryEntry
from m3desk.ui.window.kinds import SHEETS
from m3desk.ui.window.print_worker import PrintOutcome, PrintProgress, PrintRun, Work

if TYPE_CHECKING:
    from m3desk.core.system import GameSystem
    from m3desk.ui.printing.pages import PageProgress
    from m3desk.ui.window.session import DocumentSession

Sheet = BaseModel
Printable = BaseModel
"""A character or monster sheet or an encounter, of any installed game."""

__all__ = ["PrintCommands", "default_page_size"]

_EXPORT_MODULE = "m3desk.ui.printing.export"
CANNOT_EXPORT = "Cannot export the PDF"
COULD_NOT_EXPORT = "Could not export the PDF"
STATUS_MS = 10_000
Progress = Callable[["PageProgress"], None]
Cancelled = Callable[[], bool]


@dataclass(frozen=True, slots=True)
class _Words:
    """What a run's progress window and its end say: the window's title, an error's title,
    "Exported “X.pdf”" and what a cancelled run did not do."""

    title: str
    failed: str
    done: str
    stopped: str


@dataclass(frozen=True, slots=True)
class OptionsNow:
    """Each game's table rules as they were when the run began, by game id: what the
    worker prints with (the live settings are read on the GUI thread only)."""

    rules: Mapping[str, BaseModel]

    def __call__(self, system: GameSystem) -> BaseModel:
        return self.rules[system.id]


def _sentence(exc: Exception) -> str:
    """An error as the end of a sentence ("the disk is full."), never a traceback."""
    if isinstance(exc, OSError):
        return describe_os_error(exc) + "."
    text = str(exc) or type(exc).__name__
    return text if text.endswith(".") else text + "."


def _unwritable(target: Path) -> str:
    """Why a PDF cannot be written at ``target`` (asked before any page is painted), or
    nothing: a missing or refused folder, a folder in the file's place."""
    folder = target.parent
    if folder.exists() and not folder.is_dir():
        return f"“{target.name}” was not written: “{folder.name}” is a file, not a folder."
    if not folder.is_dir():
        return f"“{target.name}” was not written: its folder “{folder}” does not exist."
    if target.is_dir():
        return f"“{target.name}” was not written: a folder of that name is there."
    try:  # what the atomic write will do: a temporary file beside the target
        handle, name = tempfile.mkstemp(prefix=".m3desk-check-", dir=folder)
    except OSError as exc:
        return f"“{target.name}” was not written: {_sentence(exc)}"
    os.close(handle)
    os.unlink(name)
    return ""


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
        self._run: PrintRun | None = None
        self._last: PrintRun | None = None
        self.progress: PrintProgress | None = None
        """The progress window of the last run (shown only when it lasts)."""

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

    def export_current_pdf(self) -> PrintRun | None:
        """Export PDF… for the current tab: returns the run started (on a worker thread,
        with progress and Cancel), or None when nothing was started."""
        record = self._session.current()
        beside = record.path if record is not None and not record.is_sample else None
        return self._export(self.current_documents(), beside)

    def export_party_pdf(self) -> PrintRun | None:
        sheets = self._party_or_explain()
        return self._export(sheets, None) if sheets else None

    def print_current(self) -> PrintRun | None:
        """Print… for the current tab: returns the run started, or None."""
        return self._print(self.current_documents())

    def print_party(self) -> PrintRun | None:
        sheets = self._party_or_explain()
        return self._print(sheets) if sheets else None

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

    def _export(self, documents: Sequence[Printable], beside: Path | None) -> PrintRun | None:
        """Ask where (the folder the last PDF went to, else the user's documents folder),
        then write on a worker thread; returns the run started, or None."""
        if not documents or self._busy() or not self._printable(documents, CANNOT_EXPORT):
            return None
        encounter = documents[0] if _is_encounter(documents[0]) else None
        export = self._entry_points("export_documents_pdf")
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
        unwritable = _unwritable(target)
        if unwritable:
            dialogs.show_error(self._window, COULD_NOT_EXPORT, unwritable)
            return None
        size = default_page_size()
        chosen = [encounter] if encounter is not None else list(documents)
        options = None if encounter is not None else self._options_now(chosen)

        def work(progress: Progress, cancelled: Cancelled) -> int:
            return int(
                export.export_documents_pdf(
                    chosen, target, size, options, progress=progress, cancelled=cancelled
                )
            )

        def failure(exc: Exception) -> str:
            return f"“{target.name}” was not written: {_sentence(exc)}"

        what = f"“{target.name}”"
        words = _Words("Exporting PDF", COULD_NOT_EXPORT, f"Exported {what}", "was not written")
        return self._start(work, what, words, failure)

    def _print(self, documents: Sequence[Printable]) -> PrintRun | None:
        if not documents or self._busy() or not self._printable(documents, "Cannot print"):
            return None
        encounter = documents[0] if _is_encounter(documents[0]) else None
        export = self._entry_points("print_encounter" if encounter else "print_sheets")
        if export is None:
            return None
        from PySide6.QtPrintSupport import QPrinter

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageSize(QPageSize(default_page_size()))
        if encounter is not None and hasattr(export, "prepare_encounter_printer"):
            export.prepare_encounter_printer(printer)  # offers landscape first
        name = _name_of(documents)
        if not dialogs.ask_printer(self._window, printer, f"Print {name}"):
            return None
        chosen = list(documents)
        options = None if encounter is not None else self._options_now(chosen)

        def work(progress: Progress, cancelled: Cancelled) -> int:
            # The printer is this run's alone from here: the GUI thread no longer touches it.
            if encounter is not None:
                return int(
                    export.print_encounter(
                        encounter, printer, progress=progress, cancelled=cancelled
                    )
                )
            return int(
                export.print_sheets(
                    chosen, printer, options, progress=progress, cancelled=cancelled
                )
            )

        def failure(exc: Exception) -> str:
            return f"“{name}” was not printed: {_sentence(exc)}"

        words = _Words("Printing", "Could not print", f"Printed “{name}”", "was not printed")
        return self._start(work, f"“{name}”", words, failure)

    # -- the run on its thread --------------------------------------------------------------

    @property
    def running(self) -> PrintRun | None:
        """The print or export under way, if any."""
        return self._run

    def wait(self, timeout_s: float = 60.0) -> PrintOutcome | None:
        """Block until the run under way (if any) has ended, its end delivered (tests)."""
        run = self._run or self._last
        return run.wait(timeout_s) if run is not None else None

    def stop(self, timeout_s: float = 30.0) -> None:
        """The window closes: cancel the run under way and wait for its thread (it stops
        after the page it is painting; a PDF is then not written, a printer's job aborted),
        so no thread paints once the window is gone."""
        run = self._run
        if run is not None:
            run.cancel()
            run.wait(timeout_s)

    def _busy(self) -> bool:
        """One run at a time: a second is refused with a sentence saying why."""
        if self._run is None:
            return False
        dialogs.show_info(
            self._window,
            "Still printing",
            f"{self._run.what} is still being written. Try again when it is done, "
            "or press Cancel in its progress window.",
        )
        return True

    def _options_now(self, documents: Sequence[Printable]) -> OptionsNow | None:
        """Each game's table rules as they are now, read on this thread: the worker prints
        with these even if the table changes them meanwhile."""
        if self._options_for is None:
            return None
        from m3desk.ui.printing.jobs import game_of

        rules = {}
        for document in documents:
            system = game_of(document)
            if system.id not in rules:
                rules[system.id] = self._options_for(system)
        return OptionsNow(rules)

    def _start(
        self, work: Work, what: str, words: _Words, failure: Callable[[Exception], str]
    ) -> PrintRun:
        run = PrintRun(work, what, failure, self)
        self._run = run
        run.ended.connect(lambda outcome: self._ended(run, outcome, words))
        self.progress = PrintProgress(run, words.title, self._window)
        run.start()
        return run

    def _ended(self, run: PrintRun, outcome: PrintOutcome, words: _Words) -> None:
        if self._run is run:
            self._run = None
        if self._last is not None and self._last is not run:
            self._last.deleteLater()  # one finished run is kept, for wait()
        self._last = run
        if outcome.error:
            dialogs.show_error(self._window, words.failed, outcome.error)
            return
        if outcome.cancelled:
            message = f"Cancelled: {run.what} {words.stopped}."
        else:
            pages = "1 page" if outcome.pages == 1 else f"{outcome.pages} pages"
            message = f"{words.done}, {pages}."
        status = getattr(self._window, "statusBar", None)
        if callable(status):
            status().showMessage(message, STATUS_MS)

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
