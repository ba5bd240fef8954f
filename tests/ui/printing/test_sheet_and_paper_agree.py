"""A derived value reads the same in the sheet editor and on the printed sheet, in every
game: OSE's "Individual initiative" was +1 on screen and 1 on paper, Apparatus's initiative +3
and 3 (the editor signed Monsters & Magic's bonus keys in every game; the paper followed each
game's form)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.printing.export import export_pdf
from m3desk.ui.sheet.roles import DerivedKeyRole
from m3desk.ui.window.documents import create_document, create_editor
from tests.ui.printing.conftest import pdftotext

CHARACTERS = [
    next(path for path in sample_files(system.id) if path.suffix == ".m3c")
    for system in registry.systems()
    if any(path.suffix == ".m3c" for path in sample_files(system.id))
]


def _shown_in_editor(editor: object) -> dict[str, tuple[str, str]]:
    """Every derived value a table of the editor shows: key → (label, value text)."""
    shown = {}
    for view in editor.findChildren(QAbstractItemView):  # type: ignore[attr-defined]
        model = view.model()
        if model is None or model.columnCount() != 2:
            continue
        for row in range(model.rowCount()):
            key = model.index(row, 0).data(DerivedKeyRole)
            if isinstance(key, str):
                shown[key] = (
                    str(model.index(row, 0).data(Qt.ItemDataRole.DisplayRole)),
                    str(model.index(row, 1).data(Qt.ItemDataRole.DisplayRole)),
                )
    return shown


@pytest.mark.parametrize("source", CHARACTERS, ids=[p.parent.name for p in CHARACTERS])
def test_initiative_reads_the_same_on_screen_and_on_paper(
    qtbot: object, tmp_path: Path, source: Path
) -> None:
    sheet = load_sheet(source).model
    system = registry.system_of(sheet)
    document = create_document(sheet, None, system.default_options())
    editor = create_editor(document)
    qtbot.addWidget(editor)  # type: ignore[attr-defined]
    shown = _shown_in_editor(editor)
    if "initiative" not in document.derived():  # a game with no initiative on its sheets
        assert "initiative" not in shown
        return
    assert "initiative" in shown, sorted(shown)
    label, on_screen = shown["initiative"]
    out = tmp_path / "sheet.pdf"
    export_pdf([sheet], out)
    text = pdftotext(out)
    found = re.search(re.escape(label) + r"\s+(\S+)", text)
    assert found is not None, (label, text)
    assert found.group(1) == on_screen, (label, on_screen, found.group(1))


FORM_CHARACTERS = [
    path
    for system in registry.systems()
    for path in sample_files(system.id)
    if path.suffix == ".m3c"
]


@pytest.mark.parametrize(
    "source", FORM_CHARACTERS, ids=[f"{p.parent.name}-{p.stem}" for p in FORM_CHARACTERS]
)
def test_what_an_ability_gives_reads_the_same_beside_it_and_under_its_box(
    qtbot: object, source: Path
) -> None:
    """OSE's "modifier +2" beside DEX on screen and "DEX modifier +2" under its box on paper;
    AD&D's magical defence adjustment was 0 on screen and +0 on paper."""
    from PySide6.QtGui import QPageLayout, QPageSize
    from PySide6.QtWidgets import QLabel

    from m3desk.ui.printing.form_blocks import ScoreBoxes
    from m3desk.ui.printing.jobs import document_job
    from tests.ui.printing.canvas_probe import page_canvas

    sheet = load_sheet(source).model
    system = registry.system_of(sheet)
    form = system.sheet_forms.get(str(getattr(sheet, "kind", "")))
    document = create_document(sheet, None, system.default_options())
    editor = create_editor(document)
    qtbot.addWidget(editor)  # type: ignore[attr-defined]
    with page_canvas(QPageSize.PageSizeId.A4, QPageLayout.Orientation.Portrait) as canvas:
        printed = {
            score.label: score.note.text
            for page in document_job(sheet).layout(canvas)
            for placed in page
            if isinstance(placed.block, ScoreBoxes)
            for score in placed.block.scores
            if score.note is not None
        }
    fields = [
        spec
        for section in (form.sections if form else ())
        for spec in section.fields
        if spec.label in printed and spec.derived
    ]
    for spec in fields:
        label = editor.findChild(QLabel, f"derived:{spec.derived}")
        assert label is not None, spec.derived
        assert label.text().split()[-1] == printed[spec.label], (label.text(), printed)
