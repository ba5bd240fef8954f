"""Offering the unsaved documents of a crashed session at start-up.

Only sessions whose lock is stale are offered (``RecoveryStore.orphans``), so a
second m3desk that is running right now never has its snapshots taken. A
snapshot is removed only after its document is open here again (and safely in
this session's own store) or after the user chose Discard; one that cannot be
read is kept and reported, never deleted behind the user's back. Encounters come
back like sheets: a snapshot is a document file, recovery kind "encounter".
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from m3desk.storage.recovery import RecoveryEntry, RecoveryStore

if TYPE_CHECKING:
    from m3desk.ui.window.autosave import AutosaveController
    from m3desk.ui.window.open_document import OpenDocument
    from m3desk.ui.window.session import DocumentSession

__all__ = ["offer_recovery"]


def _describe(entry: RecoveryEntry) -> str:
    where = f" ({entry.original_path})" if entry.original_path else " (never saved)"
    when = f", autosaved {entry.saved_at.astimezone():%Y-%m-%d %H:%M}" if entry.saved_at else ""
    return f"{entry.title}{where}{when}"


def offer_recovery(
    parent: QWidget,
    state_dir: Path,
    session: Callable[[], DocumentSession],
    autosave: AutosaveController,
) -> list[OpenDocument]:
    """Ask whether to restore crashed sessions' documents; returns the restored ones.

    ``session`` gives the window's document session: asked for only when there is something
    to restore, so a start-up with nothing to recover loads none of the document machinery.
    """
    entries = RecoveryStore.orphans(state_dir)
    if not entries:
        return []
    from m3desk.storage import catalog
    from m3desk.storage.errors import DocumentLoadError
    from m3desk.ui import dialogs

    choice = dialogs.ask_restore(parent, [_describe(entry) for entry in entries])
    if choice is dialogs.RestoreChoice.LATER:
        return []
    if choice is dialogs.RestoreChoice.DISCARD:
        for entry in entries:
            entry.remove()
        return []
    restored: list[OpenDocument] = []
    problems: list[str] = []
    for entry in entries:
        try:
            # The snapshot is a document file, so its own format says sheet or encounter.
            model = entry.load(catalog.all_documents()).model
        except DocumentLoadError as exc:
            problems.append(f"{entry.title}: {exc.message}")
            continue
        original = Path(entry.original_path) if entry.original_path else None
        record = session().add_recovered(model, original)
        restored.append(record)
        if autosave.snapshot(record):  # the old snapshot goes only once ours is written
            entry.remove()
    if problems:
        dialogs.show_error(
            parent,
            "Some documents could not be restored",
            "These snapshots could not be read; they were kept in the recovery folder "
            f"({state_dir / 'recovery'}):\n\n" + "\n".join(problems),
        )
    return restored
