"""The document files m3desk opens, as one registry: characters, monsters and encounters.

Opening, the library scan and drops all recognise a file the same way, by the ``format``
entry inside it (a renamed encounter still opens as an encounter), so they share this
registry. Qt-free, like the scan that uses it.
"""

from __future__ import annotations

from m3desk.storage import catalog

__all__ = ["DOCUMENT_SUFFIXES", "OPEN_FILTER", "PDF_FILTER"]

DOCUMENT_SUFFIXES: frozenset[str] = frozenset((".m3c", ".m3m", ".m3e", ".m3x"))
"""The extensions every game's files use (characters, monsters, encounters, expeditions):
known without loading any game, so start-up does not pay for them. A test checks every game
agrees."""


def __getattr__(name: str) -> object:
    """``DOCUMENT_REGISTRY``: every installed game's document types, built when first asked
    for (open, scan and recover ask ``catalog.all_documents()`` each time)."""
    if name == "DOCUMENT_REGISTRY":
        return catalog.all_documents()
    raise AttributeError(name)


OPEN_FILTER = (
    "m3desk documents (*.m3c *.m3m *.m3e *.m3x);;Characters (*.m3c);;"
    "Monsters (*.m3m);;Encounters (*.m3e);;Expeditions (*.m3x);;All files (*)"
)
PDF_FILTER = "PDF documents (*.pdf);;All files (*)"
