"""One connection to a document's ``sheet_changed``, which its owner can drop explicitly.

Views outlive nothing: when an editor closes it calls ``detach()`` on its parts (napari's
layer controls do the same), so a document kept open elsewhere stops calling into them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from PySide6.QtCore import QObject

from m3desk.ui.documents.sheet_document import SheetDocument

__all__ = ["DocumentLink", "detach_all"]


class DocumentLink:
    def __init__(self, document: SheetDocument, slot: Callable[[frozenset[str]], None]) -> None:
        self._document: SheetDocument | None = document
        self._slot = slot
        document.sheet_changed.connect(slot)

    @property
    def attached(self) -> bool:
        return self._document is not None

    def detach(self) -> None:
        if self._document is None:
            return
        document, self._document = self._document, None
        with contextlib.suppress(RuntimeError, RuntimeWarning, TypeError):
            document.sheet_changed.disconnect(self._slot)


def detach_all(root: QObject) -> None:
    """Detach every document-bound part under ``root`` (models, bindings, labels).

    A part is anything holding its :class:`DocumentLink` as ``document_link``.
    """
    for child in [root, *root.findChildren(QObject)]:
        link = getattr(child, "document_link", None)
        if isinstance(link, DocumentLink):
            link.detach()
