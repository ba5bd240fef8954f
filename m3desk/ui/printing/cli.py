"""``m3desk export-pdf FILE... -o OUT.pdf [--page-size A4|Letter]``: print without a window.

For a GM preparing handouts or a script printing the whole party. Sheets (``.m3c``,
``.m3m``) of any installed game print as that game's sheets, encounters (``.m3e``) as the
GM's landscape encounter sheet, in one PDF in the order given (each game's documents
together when the files mix games). The command loads every file first and writes only
if all of them load: a party PDF that silently lacks one member is worse than an error.
It creates a ``QGuiApplication`` only when none exists (fonts need one), on Linux with
the offscreen platform so it also runs over SSH and in CI.

The application's entry point should hand ``argv[1:]`` to :func:`export_pdf_main` when
``argv[0] == "export-pdf"``, before it creates its own ``QApplication`` and main window.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import re
import stat
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel

from m3desk import APP_NAME

if TYPE_CHECKING:
    from m3desk.core.system import GameSystem

__all__ = ["PAGE_SIZES", "build_parser", "export_pdf_main"]

PROG = f"{APP_NAME} export-pdf"
PAGE_SIZES = ("A4", "Letter")
EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
Printable = BaseModel


def _page_size_name(text: str) -> str:
    for name in PAGE_SIZES:
        if text.casefold() == name.casefold():
            return name
    raise argparse.ArgumentTypeError(f"choose A4 or Letter (not {text!r})")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Write character and monster sheets (.m3c, .m3m) and encounters (.m3e) "
        "to one PDF, each starting on a new page. An encounter prints as the "
        "GM's encounter sheet (landscape).",
        epilog="If any file cannot be read, nothing is written: the problems are listed and "
        "the exit status is 1. Exit status 2 means the command line itself was wrong.",
    )
    parser.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        type=Path,
        help="character (.m3c), monster (.m3m) or encounter (.m3e) files, in the order to print",
    )
    parser.add_argument(
        "-o",
        "--output",
        required=True,
        type=Path,
        metavar="OUT.pdf",
        help="the PDF to write (replaced in one step if it exists)",
    )
    parser.add_argument(
        "--page-size",
        type=_page_size_name,
        default="A4",
        metavar="A4|Letter",
        help="paper size (default: A4)",
    )
    return parser


def _fail(message: str) -> None:
    print(f"{PROG}: {message}", file=sys.stderr)


def _ensure_gui_application() -> object:
    """The running ``QGuiApplication``, or a new one: text needs Qt's font database."""
    from PySide6.QtGui import QGuiApplication

    existing = QGuiApplication.instance()
    if existing is not None:
        return existing
    args = [APP_NAME]
    if sys.platform.startswith("linux") and "QT_QPA_PLATFORM" not in os.environ:
        args += ["-platform", "offscreen"]  # no display needed to draw a PDF
    return QGuiApplication(args)


def _load_all(paths: Sequence[Path]) -> tuple[list[Printable], list[str]]:
    """Every document that loads, and a sentence naming the file for each one that does not.

    The kind comes from the file's own format entry, not its extension, so a renamed
    file still prints as what it is.
    """
    from m3desk.storage import catalog
    from m3desk.storage.documents import load_document
    from m3desk.storage.errors import DocumentLoadError

    documents: list[Printable] = []
    problems: list[str] = []
    for path in paths:
        # the file's own game alone is loaded when its envelope names one (start-up is
        # most of a small export); anything it does not load is read again by every game,
        # so the sentence is the one it always was
        registry = catalog.documents_of(_named_system(path))
        try:
            model = load_document(path, registry).model
        except DocumentLoadError as error:
            if registry is catalog.all_documents():
                problems.append(error.message)
                continue
            try:
                model = load_document(path, catalog.all_documents()).model
            except DocumentLoadError as again:
                problems.append(again.message)
                continue
        problem = _not_printable(model)
        if problem:
            problems.append(f"{path}: {problem}")
            continue
        documents.append(model)
    return documents, problems


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
"""As ``picture_files.READ_FLAGS`` (not imported: the command starts without Qt's picture code)."""
_SYSTEM_NAMED = re.compile(rb'"system"\s*:\s*"([a-z0-9_]{1,64})"')


def _named_system(path: Path) -> tuple[str, ...]:
    """The game a file's envelope names near its start, or () (then every game reads it)."""
    try:  # never waits on a pipe, never reads a device: the loader says what those are
        handle = os.open(path, _READ_FLAGS)
    except OSError:
        return ()
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return ()
        head = os.read(handle, 4096)
    except OSError:
        return ()
    finally:
        os.close(handle)
    found = _SYSTEM_NAMED.search(head)
    return (found.group(1).decode("ascii"),) if found else ()


def _not_printable(model: object) -> str | None:
    """Why a loaded document has no printed layout (its game is asked), or None."""
    from m3desk.ui.printing.jobs import NotPrintableError, check_printable

    try:
        check_printable(model)
    except NotPrintableError as error:
        return str(error)
    return None


class _TableOptions:
    """Each game's table rules from the settings, read once per game, so sheets print as
    the app shows them; a stored set that no longer reads is reported once."""

    def __init__(self) -> None:
        from m3desk.storage.paths import AppPaths
        from m3desk.storage.settings import load_settings

        self._settings, _warning = load_settings(AppPaths.from_environment())
        self._known: dict[str, BaseModel] = {}

    def __call__(self, system: GameSystem) -> BaseModel:
        from m3desk.storage.settings import options_of

        if system.id not in self._known:
            options, problem = options_of(self._settings, system)
            if problem:
                _fail(problem)
            self._known[system.id] = options
        return self._known[system.id]


def _where(path: Path) -> Path:
    """The file a path names, for comparing inputs with the output; a path that cannot be
    resolved (a symbolic link that loops) stands for itself, and reading it later says why."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path.absolute()


@contextlib.contextmanager
def _collector_after_start() -> Iterator[Callable[[], None]]:
    """No garbage collection until the command has started (call the function given).

    Importing the game, pydantic's models and Qt makes tens of thousands of objects that live
    until the process ends and next to no cyclic garbage, so the collections they trigger
    free nothing (31 ms of a cold run's CPU went to collections, 12 ms do now, all while the
    pages render). Once started, ``gc.freeze`` keeps them out of later collections while the
    pages render with the collector on (an encounter of 200 makes garbage of its own); they
    go back to the collector when the command returns, for a caller in the same process."""
    was_enabled = gc.isenabled()
    gc.disable()

    def started() -> None:
        gc.freeze()
        if was_enabled:
            gc.enable()

    try:
        yield started
    finally:
        gc.unfreeze()
        if was_enabled:
            gc.enable()


def export_pdf_main(argv: list[str]) -> int:
    """Run ``m3desk export-pdf``; returns the exit status (0 written, 1 failed, 2 usage)."""
    with _collector_after_start() as started:
        begun = _start(argv)
        started()
        if isinstance(begun, int):
            return begun
        _app, documents, output, page_size, options = begun  # the application lives on
        return _write(documents, output, page_size, options)


def _start(argv: list[str]) -> int | tuple[object, list[Printable], Path, str, _TableOptions]:
    """The command line read, every file loaded and what drawing needs loaded (the
    application, the documents, the output, the page size and the table rules), or the exit
    status when it stops here."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_request:  # --help, or a usage error already printed
        code = exit_request.code
        return code if isinstance(code, int) else EXIT_USAGE
    output: Path = args.output
    resolved_inputs = {_where(path) for path in args.files}
    if _where(output) in resolved_inputs:
        _fail(f"the output “{output}” is one of the input files; choose another name")
        return EXIT_USAGE

    documents, problems = _load_all(args.files)
    if problems:
        for problem in problems:
            _fail(problem)
        _fail(f"nothing written: {len(problems)} of {len(args.files)} file(s) could not be read")
        return EXIT_FAILED
    app = _ensure_gui_application()
    import m3desk.ui.printing.export  # noqa: F401  (the drawing code, loaded while paused)

    return app, documents, output, args.page_size, _TableOptions()


def _write(documents: list[Printable], output: Path, page_size: str, options: _TableOptions) -> int:
    from PySide6.QtGui import QPageSize

    from m3desk.storage.errors import SaveError
    from m3desk.ui.map.backdrop import take_left_out_pictures
    from m3desk.ui.printing.export import export_documents_pdf
    from m3desk.ui.printing.pages import PrintError

    size = QPageSize.PageSizeId.A4 if page_size == "A4" else QPageSize.PageSizeId.Letter
    take_left_out_pictures()  # what earlier work in this process left out is not ours
    try:
        pages = export_documents_pdf(documents, output, size, options)
    except (SaveError, PrintError) as error:
        _fail(str(error))
        return EXIT_FAILED
    for said in take_left_out_pictures().values():  # printed without it: say why
        _fail(f"note: {said} The map is printed without it.")
    print(f"wrote {output} ({pages} page{'' if pages == 1 else 's'})")
    return EXIT_OK
