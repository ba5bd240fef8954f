"""An OSE referee's override of an ability modifier reaches what the modifier feeds, on the
sheet and on paper: STR modifier +3 (GM) beside "Melee to hit +0" contradicted itself."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QLabel

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.core.sheet_form import set_override
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.printing.export import export_pdf
from m3desk.ui.sheet.roles import DerivedKeyRole
from m3desk.ui.window.documents import create_document, create_editor
from tests.ui.printing.conftest import pdftotext

CHARACTERS = [path for path in sample_files("ose") if path.suffix == ".m3c"]


def _shown(editor: Any, key: str) -> str:
    for view in editor.findChildren(QAbstractItemView):
        model = view.model()
        if model is None or model.columnCount() != 2:
            continue
        for row in range(model.rowCount()):
            if model.index(row, 0).data(DerivedKeyRole) == key:
                return str(model.index(row, 1).data(Qt.ItemDataRole.DisplayRole))
    raise AssertionError(f"{key} is not shown")


@pytest.mark.parametrize("source", CHARACTERS, ids=[p.stem for p in CHARACTERS])
def test_an_overridden_str_and_dex_modifier_reach_to_hit_and_ac(
    qtbot: Any, tmp_path: Path, source: Path
) -> None:
    sheet = load_sheet(source).model
    system = registry.system_of(sheet)
    document = create_document(sheet, None, system.default_options())
    editor = create_editor(document)
    qtbot.addWidget(editor)
    before_ac = document.derived()["ac"].value
    dex = document.derived()["mod.DEX"].value
    changed = set_override(set_override(document.sheet, "mod.STR", 3), "mod.DEX", dex + 1)
    assert document.replace_sheet(changed, "Override")
    beside = editor.findChild(QLabel, "derived:mod.STR")
    assert beside is not None and beside.text() == "modifier +3 GM"
    assert _shown(editor, "melee.hit") == "+3"
    assert _shown(editor, "melee.damage") == "+3"
    assert _shown(editor, "missile.hit") == f"{dex + 1:+d}".replace("-", "\u2212")
    assert document.derived()["ac"].value == before_ac - 1
    out = tmp_path / "sheet.pdf"
    export_pdf([document.sheet], out)
    text = pdftotext(out)
    assert re.search(r"Melee to hit\s+\+3", text), text
    assert re.search(r"Melee damage\s+\+3", text), text


ADND_CHARACTERS = [path for path in sample_files("adnd2e") if path.suffix == ".m3c"]


@pytest.mark.parametrize("source", ADND_CHARACTERS, ids=[p.stem for p in ADND_CHARACTERS])
def test_adnd_overridden_adjustments_reach_the_weapons_and_ac(
    qtbot: Any, tmp_path: Path, source: Path
) -> None:
    """AD&D likewise: "STR hit adjustment +3 GM" is what a melee weapon's to hit adds, and
    the GM's defensive adjustment is what AC counts."""
    sheet = load_sheet(source).model
    system = registry.system_of(sheet)
    document = create_document(sheet, None, system.default_options())
    editor = create_editor(document)
    qtbot.addWidget(editor)
    derived = document.derived()
    melee = [index for index, weapon in enumerate(sheet.weapons) if weapon.melee or weapon.thrown]
    assert melee
    hit_before = {index: derived[f"weapon.{index}.to_hit"].value for index in melee}
    str_before = derived["str.hit"].value
    ac_before, defensive = derived["ac"].value, derived["dex.defensive"].value
    changed = set_override(
        set_override(document.sheet, "str.hit", str_before + 2), "dex.defensive", defensive - 1
    )
    assert document.replace_sheet(changed, "Override")
    after = document.derived()
    for index in melee:
        assert after[f"weapon.{index}.to_hit"].value == hit_before[index] + 2
    assert after["ac"].value == ac_before - 1
    assert _shown(editor, "ac") == str(ac_before - 1).replace("-", "\u2212")
