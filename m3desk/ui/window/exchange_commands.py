"""File → Import from Another Tool… and Export to Another Tool…: sheets in and out of the
tools game masters already use (Foundry VTT's actors), for every game that describes such a
format on the seam (``GameSystem.exchange_formats``).

An imported sheet opens as a new, unsaved tab; whatever the file held that m3desk could not
keep, and what it kept in another place (the notes, an override), is listed in full in the
import's report (``exchange_report.ImportReport``), which stays open beside the sheet. An
export lists what the other tool has no place for. Nothing
is dropped silently.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from m3desk.core import registry
from m3desk.core.system import ExchangeFormat, GameSystem
from m3desk.storage.errors import DocumentLoadError, SaveError
from m3desk.storage.exchange import read_exchange_file, write_exchange_file
from m3desk.ui import dialogs
from m3desk.ui.file_places import free_name_in

if TYPE_CHECKING:
    from pydantic import BaseModel

    from m3desk.ui.main_window import MainWindow
    from m3desk.ui.window.open_document import OpenDocument

__all__ = ["ExchangeCommands", "export_formats", "import_formats"]

MAX_LISTED = 12


def import_formats() -> list[tuple[GameSystem, ExchangeFormat]]:
    return [(game, exchange) for game in registry.systems() for exchange in game.exchange_formats]


def export_formats(sheet: BaseModel | None) -> list[ExchangeFormat]:
    """The formats this sheet can be written in (none for an encounter)."""
    from m3desk.ui.encounter.new_document import sheet_kind

    kind = sheet_kind(sheet) if sheet is not None else None
    if sheet is None or kind is None:
        return []
    try:
        game = registry.system_of(sheet)
    except (KeyError, LookupError):
        return []
    return [exchange for exchange in game.exchange_formats if kind in exchange.writes]


def _what_exports() -> str:
    """Why nothing can be exported, naming the games whose sheets another tool reads (from
    the games themselves: written by hand it named one game for ever)."""
    games = [
        f"{game.name}: {', '.join(exchange.label for exchange in game.exchange_formats)}"
        for game in registry.systems()
        if any(exchange.writes for exchange in game.exchange_formats)
    ]
    if not games:
        return "No installed game writes its sheets in another tool's format yet."
    return (
        "Open a character or monster of a game that another tool can read "
        f"({'; '.join(games)}) to export it."
    )


def _filter(exchange: ExchangeFormat) -> str:
    return f"{exchange.label} (*{exchange.extension})"


def _listed(lines: tuple[str, ...] | list[str]) -> str:
    shown = [f"• {line}" for line in lines[:MAX_LISTED]]
    if len(lines) > MAX_LISTED:
        shown.append(f"… and {len(lines) - MAX_LISTED} more")
    return "\n".join(shown)


class ExchangeCommands(QObject):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self._window = window
        self.report: QWidget | None = None
        """The last import's report window, while it is open."""

    def import_sheet(self) -> OpenDocument | None:
        """Ask for another tool's sheet file and open it as a new, unsaved tab."""
        window = self._window
        formats = import_formats()
        if not formats:
            dialogs.show_info(
                window, "Import Sheet", "No installed game reads other tools' sheet files yet."
            )
            return None
        by_filter = {_filter(exchange): exchange for _game, exchange in formats}
        picked = dialogs.import_file_name(window, window.paths.data_dir, ";;".join(by_filter))
        if picked is None:
            return None
        path, chosen = picked
        exchange = by_filter.get(chosen) or next(
            (e for e in by_filter.values() if path.suffix.lower() == e.extension), None
        )
        if exchange is None:
            exchange = formats[0][1]
        try:
            read = read_exchange_file(path, exchange)
        except DocumentLoadError as error:
            dialogs.show_error(window, "Cannot Import", error.message)
            return None
        record = window.session.add_new(read.sheet)
        name = getattr(read.sheet, "name", path.stem)
        if read.problems or read.kept:
            from m3desk.ui.window.exchange_report import ImportReport

            report = ImportReport(
                window,
                f"“{path.name}” ({exchange.label}) opened as {name}, unsaved. "
                "Check these against the sheet before saving it.",
                read.problems,
                read.kept,
            )
            report.show()
            self.report = report
        else:
            window.statusBar().showMessage(
                f"Imported {name} from “{path.name}” ({exchange.label}); save to keep it.", 10_000
            )
        return record

    def export_sheet(self, record: OpenDocument | None = None) -> bool:
        """Write the current sheet in another tool's format; True when written."""
        window = self._window
        record = record or (window.session.current() if window._has_session() else None)
        sheet = record.model() if record is not None else None
        formats = export_formats(sheet)
        if record is None or sheet is None or not formats:
            dialogs.show_info(window, "Export Sheet", _what_exports())
            return False
        exchange = formats[0]
        # The last folder exported to, else the documents folder: never inside the
        # library's data folder, where the other tool's files would sit among the sheets.
        folder = window.settings_store.export_folder("exchange")
        suggested = free_name_in(folder, record.plain_title(), exchange.extension)
        target = dialogs.export_file_name(window, suggested, _filter(exchange))
        if target is None:
            return False
        window.settings_store.remember_export_folder("exchange", target.parent)
        if target.suffix.lower() != exchange.extension:
            target = target.with_name(target.name + exchange.extension)
        try:
            notes = write_exchange_file(target, exchange, sheet)
        except SaveError as error:
            dialogs.show_error(window, "Cannot Export", error.message)
            return False
        if notes:
            dialogs.show_info(
                window,
                "Exported, With Notes",
                f"Wrote “{target.name}” ({exchange.label}). "
                "It has no place for:\n\n" + _listed(notes),
            )
        else:
            window.statusBar().showMessage(f"Exported “{target.name}” ({exchange.label}).", 10_000)
        return True
