"""After an encounter wrote its results back into sheet files: bring open sheet tabs up to date.

An open sheet tab without unsaved edits is reloaded from the file, so the next Save
cannot put the old PHP back. A tab with unsaved edits is left alone (reloading would
throw the user's edits away) and the user is warned that the file on disk is now newer:
saving that tab overwrites what the encounter wrote.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtWidgets import QWidget

from m3desk.ui import dialogs
from m3desk.ui.window.kinds import SHEETS
from m3desk.ui.window.session import DocumentSession

__all__ = ["RefreshResult", "refresh_written_sheets"]


@dataclass
class RefreshResult:
    reloaded: list[Path] = field(default_factory=list)
    stale: list[Path] = field(default_factory=list)


def refresh_written_sheets(
    parent: QWidget, session: DocumentSession, written: Iterable[Path]
) -> RefreshResult:
    """Reload the unmodified open tabs of ``written``; warn once about modified ones."""
    result = RefreshResult()
    stale_titles: list[str] = []
    for path in written:
        record = session.find(Path(path))
        if record is None or record.kind is not SHEETS:
            continue
        if record.modified:
            result.stale.append(Path(path))
            stale_titles.append(f"• {record.plain_title()} ({Path(path).name})")
        elif session.reload(record):
            result.reloaded.append(Path(path))
    if stale_titles:
        dialogs.show_warning(
            parent,
            "Sheets changed on disk",
            "The encounter wrote its results into these sheets, which have unsaved "
            "changes here:\n\n" + "\n".join(stale_titles) + "\n\nSaving them now would "
            "overwrite what the encounter wrote. Close them without saving and open them "
            "again to see the results, or save to keep your edits instead.",
        )
    return result
