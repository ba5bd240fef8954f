"""Guards against a Qt binding that corrupts the interpreter.

PySide6-Essentials 6.12.0 on Python 3.11 drops one reference to ``None`` on every call of a
Qt function returning nothing; after a few thousand calls (a long evening at the table)
Python aborts with "none_dealloc". pyproject.toml excludes it; this test fails if a
version with that defect is installed again.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject


def test_void_qt_calls_do_not_leak_references_to_none(qapp) -> None:
    target = QObject()
    before = sys.getrefcount(None)
    for _ in range(2000):
        target.setObjectName("m3desk")
    lost = before - sys.getrefcount(None)
    assert lost < 100, f"{lost} references to None lost in 2000 Qt calls"
