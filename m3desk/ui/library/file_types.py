"""The document files m3desk opens, as one registry: characters, monsters and encounters.

Opening, the library scan and drops all recognise a file the same way, by the ``format``
entry inside it (a renamed encounter still opens as an encounter), so they share this
registry. Qt-free, like the scan that uses it.
"""

from __future__ import annotations

from m3desk.storage import catalog

__all__ = ["DOCUMENT_REGISTRY", "DOCUMENT_SUFFIXES", "OPEN_FILTER", "PDF_FILTER"]

DOCUMENT_REGISTRY = catalog.all_documents()
"""The registry as m3desk started; open, scan and recover ask ``catalog.all_documents()``
each time, so a game registered later (a test's toy) is recognised too."""
DOCUMENT_SUFFIXES: frozenset[str] = frozenset(doc_type.extension
                                              for doc_type in DOCUMENT_REGISTRY)
OPEN_FILTER = ("m3desk documents (*.m3c *.m3m *.m3e);;Characters (*.m3c);;Monsters (*.m3m);;"
               "Encounters (*.m3e);;All files (*)")
PDF_FILTER = "PDF documents (*.pdf);;All files (*)"
