"""Connections from a view to its EncounterDocument that the view drops when it goes away.

A document can outlive a view (the window keeps it while a tab is rebuilt), so every view
part connects through an :class:`EncounterLink` and detaches when its owner is destroyed;
the document then never calls into a half-deleted widget (napari's layer controls do this).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject

from m3desk.ui.documents.encounter_document import EncounterDocument

__all__ = ["EncounterLink"]


class EncounterLink:
    """Holds ``(signal name, slot)`` pairs on one document; :meth:`detach` drops them all."""

    def __init__(self, document: EncounterDocument, owner: QObject | None = None) -> None:
        self._document: EncounterDocument | None = document
        self._connections: list[tuple[str, Callable[..., Any]]] = []
        if owner is not None:
            # A plain closure: the owner's Python wrapper may already be gone by then.
            owner.destroyed.connect(lambda *_: self.detach())

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
