"""The encounter table: tracker, range-band board, action dialog and log.

Public names, imported lazily so that importing :mod:`m3desk.ui.documents.encounter_document` (which
the board and the action dialog do) does not build the whole table:

- :class:`EncounterWidget` — the GM's encounter tab (``widget.py``);
- :func:`new_encounter_document`, :class:`OpenSheet` — start an encounter from sheets;
- :func:`export_log_text` — the log as plain text;
- :class:`EncounterDocument` — the document (the lead's ``document.py``).
"""

from __future__ import annotations

from m3desk.ui.lazy import exports

__all__ = [
    "EncounterDocument",
    "EncounterWidget",
    "OpenSheet",
    "export_log_text",
    "new_encounter_document",
]

_WHERE = {
    "EncounterDocument": "document",
    "EncounterWidget": "widget",
    "OpenSheet": "new_document",
    "export_log_text": "log_export",
    "new_encounter_document": "new_document",
}


__getattr__ = exports(__name__, _WHERE)
