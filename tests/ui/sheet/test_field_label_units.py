"""Every game's sheet editor writes a field's unit in brackets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.window.documents import create_document, create_editor

ALL_SAMPLES = [path for system in registry.systems() for path in sample_files(system.id)]


@pytest.mark.parametrize(
    "source", ALL_SAMPLES, ids=[f"{p.parent.name}-{p.stem}" for p in ALL_SAMPLES]
)
def test_a_fields_unit_is_written_in_brackets(qtbot: object, source: Path) -> None:
    """ "Speed (m)" as "Carried (lb)" and "Standing high jump (m)" are, not "Speed m" (which
    read as a field named m)."""
    from PySide6.QtWidgets import QLabel

    sheet = load_sheet(source).model
    system = registry.system_of(sheet)
    document = create_document(sheet, None, system.default_options())
    editor = create_editor(document)
    qtbot.addWidget(editor)  # type: ignore[attr-defined]
    texts = [label.text().replace("&", "") for label in editor.findChildren(QLabel)]
    assert not [text for text in texts if re.search(r"\w (m|ft|lb|yd)$", text)], texts
