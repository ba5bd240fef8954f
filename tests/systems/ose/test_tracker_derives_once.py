"""The tracker's rows of an OSE fight derive each combatant's sheet once (its AC and THAC0
cells both read what it derives): 200 rows derived 405 times as the tab opened."""

from __future__ import annotations

from typing import Any

import pytest

from m3desk.core import registry
from m3desk.systems.ose import table
from m3desk.ui.encounter.tracker_rows import tracker_rows
from tests.crowds import sample_crowd


def test_each_row_derives_its_sheet_once(monkeypatch: pytest.MonkeyPatch) -> None:
    system = registry.get("ose")
    assert system.encounter is not None
    encounter = sample_crowd("ose", 12, "Crowd")
    derived: list[Any] = []
    derive = table.derive

    def counted(sheet: Any, options: Any = None) -> Any:
        derived.append(sheet)
        return derive(sheet, options)

    monkeypatch.setattr(table, "derive", counted)
    rows = tracker_rows(encounter, system.encounter)
    assert len(rows) == 12
    assert len(derived) == 12
    # what the cells say is what a derivation of their own sheet says
    for row in rows:
        values = derive(row.combatant.sheet, encounter.options)
        assert row.cells["ac"].tip == values["ac"].explanation()
        assert row.cells["thac0"].tip == values["thac0"].explanation()
