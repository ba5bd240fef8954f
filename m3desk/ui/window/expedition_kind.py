"""Expeditions as a window document kind (:class:`DocumentKind`).

The tab page is the :class:`~m3desk.ui.expedition.widget.ExpeditionWidget`; it may start an
encounter (a wandering-monster check that came up), which the window opens in a tab of its
own (``PageHooks.adopt``). The expedition package is imported with the first expedition.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from m3desk.storage.expedition_files import (
    EXPEDITION_EXTENSION,
    EXPEDITION_FILTER,
    EXPEDITION_KIND,
    expedition_bytes,
    save_expedition,
)
from m3desk.storage.paths import LibraryKind
from m3desk.ui.window.document_kind import DocumentKind, PageHooks

if TYPE_CHECKING:
    from m3desk.ui.documents.expedition_document import ExpeditionDocument

__all__ = ["ExpeditionKind"]


class ExpeditionKind(DocumentKind["ExpeditionDocument"]):
    name = "expedition"
    file_filter = EXPEDITION_FILTER

    def accepts(self, model: BaseModel) -> bool:
        from m3desk.core.expedition import Expedition

        return isinstance(model, Expedition)

    def owns(self, document: object) -> bool:
        from m3desk.ui.documents.expedition_document import ExpeditionDocument

        return isinstance(document, ExpeditionDocument)

    def create_document(
        self, model: BaseModel, path: Path | None, rules: BaseModel, parent: QObject | None
    ) -> ExpeditionDocument:
        """The expedition keeps its own exploration rules, so ``rules`` is unused."""
        from m3desk.core.expedition import Expedition
        from m3desk.ui.documents.expedition_document import ExpeditionDocument

        assert isinstance(model, Expedition)
        return ExpeditionDocument(model, path=path, parent=parent)

    def create_page(self, document: ExpeditionDocument, hooks: PageHooks) -> QWidget:
        from m3desk.ui.expedition.widget import ExpeditionWidget

        return ExpeditionWidget(document, adopt=hooks.adopt, tables=hooks.random_tables)

    def release_page(self, page: QWidget) -> None:
        detach = getattr(page, "detach", None)
        if callable(detach):
            detach()
        page.close()

    def model(self, document: ExpeditionDocument) -> BaseModel:
        return document.expedition

    def save(self, path: Path, document: ExpeditionDocument) -> None:
        save_expedition(path, document.expedition)

    def snapshot_bytes(self, document: ExpeditionDocument) -> bytes:
        return expedition_bytes(document.expedition)

    def recovery_kind(self, document: ExpeditionDocument) -> str:
        return EXPEDITION_KIND

    def extension(self, document: ExpeditionDocument) -> str:
        return EXPEDITION_EXTENSION

    def library_folder(self, document: ExpeditionDocument) -> LibraryKind:
        return "encounters"
