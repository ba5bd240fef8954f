"""Guards against a Qt binding that corrupts the interpreter.

PySide6-Essentials 6.12.0 on Python 3.11 drops one reference to ``None`` on every call of a
Qt function returning nothing; after a few thousand calls (a long evening at the table)
Python aborts with "none_dealloc". pyproject.toml excludes it; this test fails if a
version with that defect is installed again.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal


class _Probe(QObject):
    ping = Signal()


def test_qt_calls_do_not_leak_references_to_none_or_true(qapp) -> None:
    probe = _Probe()
    none_before, true_before = sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(2000):
        probe.setObjectName("m3desk")
        probe.setParent(None)
        probe.ping.emit()
    none_lost = none_before - sys.getrefcount(None)
    true_lost = true_before - sys.getrefcount(True)
    assert none_lost < 100, f"{none_lost} references to None lost in 2000 rounds of Qt calls"
    assert true_lost < 100, f"{true_lost} references to True lost in 2000 signal emissions"
