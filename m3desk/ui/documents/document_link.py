"""Connections from a view to its document that the view drops when it goes away.

A document can outlive a view (the window keeps it while a tab is rebuilt), so every view
part connects through a :class:`DocumentLink` and detaches when its owner is destroyed or
its editor closes; the document then never calls into a half-deleted widget (napari's layer
controls do this). Sheets and encounters use the same link.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject

__all__ = ["DocumentLink", "detach_all"]


class DocumentLink:
    """Holds ``(signal name, slot)`` pairs on one document; :meth:`detach` drops them all."""

    def __init__(self, document: QObject, owner: QObject | None = None) -> None:
        self._document: QObject | None = document
        self._connections: list[tuple[str, Callable[..., Any]]] = []
        if owner is not None:
            # A plain closure: the owner's Python wrapper may already be gone by then.
            owner.destroyed.connect(lambda *_: self.detach())

    @classmethod
    def on(
        cls,
        document: QObject,
        signal_name: str,
        slot: Callable[..., Any],
        owner: QObject | None = None,
    ) -> DocumentLink:
        """A link with one connection, the common case."""
        link = cls(document, owner)
        link.connect(signal_name, slot)
        return link

    @property
    def attached(self) -> bool:
        return self._document is not None

    def connect(self, signal_name: str, slot: Callable[..., Any]) -> None:
        if self._document is None:
            return
        getattr(self._document, signal_name).connect(slot)
        self._connections.append((signal_name, slot))

    def detach(self) -> None:
        document, self._document = self._document, None
        if document is None:
            return
        for signal_name, slot in self._connections:
            with contextlib.suppress(RuntimeError, RuntimeWarning, SystemError, TypeError):
                getattr(document, signal_name).disconnect(slot)
        self._connections.clear()


def detach_all(root: QObject) -> None:
    """Detach every document-bound part under ``root`` (models, bindings, labels): anything
    holding its :class:`DocumentLink` as ``document_link``."""
    for child in [root, *root.findChildren(QObject)]:
        link = getattr(child, "document_link", None)
        if isinstance(link, DocumentLink):
            link.detach()
