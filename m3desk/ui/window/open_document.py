"""What the window knows about one open document beyond the document itself."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

from m3desk.storage.fingerprint import Fingerprint
from m3desk.ui.window.document_kind import DocumentKind

if TYPE_CHECKING:
    from m3desk.ui.window.document_kind import AnyDocument

__all__ = ["OpenDocument"]


@dataclass(eq=False)
class OpenDocument:
    """A document, its tab page, its kind, and the bookkeeping of files, locks and recovery.

    ``document`` and ``page`` are replaced together when the file is reloaded from
    disk (after an encounter wrote back to the sheet); the record, its tab and its
    ``doc_id`` stay.

    ``doc_id`` names the document's recovery snapshot; it is random, not derived
    from the path, because untitled documents have none and a path can change
    with Save As. ``is_sample`` marks a bundled sample: it is never written back
    (Save asks where to put the user's copy) and its snapshot carries no path.
    """

    document: AnyDocument
    page: QWidget
    kind: DocumentKind[Any]
    is_sample: bool = False
    claimed_path: Path | None = None
    doc_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    origin: str = ""
    """Where a sheet with no file of its own came from ("From the OSE SRD monsters")."""
    disk_state: Fingerprint | None = None
    """The file as this window last read or wrote it: a save first checks it is unchanged."""

    @property
    def path(self) -> Path | None:
        path = self.document.path
        return Path(path) if path is not None else None

    @property
    def modified(self) -> bool:
        return bool(self.document.modified)

    def title(self) -> str:
        """The tab text: the document's own title, with " *" while unsaved."""
        return str(self.document.title())

    def tab_text(self) -> str:
        """What the tab says: an encounter its foes or name and its game ("Goblin ×4 ·
        OSE *"), any other document its title."""
        from m3desk.core.encounter import Encounter
        from m3desk.ui.documents.encounter_title import encounter_tab_text

        model = getattr(self.document, "encounter", None)
        if isinstance(model, Encounter):
            return encounter_tab_text(model, bool(self.document.modified))
        return self.title()

    def plain_title(self) -> str:
        """The title without the unsaved marker (the window title uses Qt's ``[*]``)."""
        return self.title().removesuffix(" *").removesuffix("*").rstrip()

    def tooltip(self) -> str:
        if self.is_sample and self.path is None:
            return f"{self.origin or 'A book sheet'} — Save makes your own copy in the library"
        if self.is_sample:
            return f"Sample sheet — Save makes your own copy in the library\n{self.path}"
        return str(self.path) if self.path is not None else "Not saved yet"

    def model(self) -> Any:
        """The document's current state: a sheet or an encounter (for saving and printing)."""
        return self.kind.model(self.document)

    def combatant_source(self) -> Any:
        """What an encounter adds for this sheet tab: the document (current state and file),
        or for a bundled sample its sheet without a path, so write-back never targets it."""
        if not self.is_sample:
            return self.document
        from m3desk.ui.encounter.new_document import OpenSheet

        return OpenSheet(self.model(), None)

    def recovery_original_path(self) -> str | None:
        """Where Save should write after a restore; never a bundled sample."""
        return None if self.is_sample or self.path is None else str(self.path)
