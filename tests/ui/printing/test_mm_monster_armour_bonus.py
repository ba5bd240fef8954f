"""A Monsters & Magic monster's armour bonus prints beside the AC it builds, in the combat
box, so its Defence section leaves no box of its own under a title like the box's."""

from __future__ import annotations

from pathlib import Path

from m3desk.assets import sample_files
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.monsters_and_magic.sheet import MonsterSheet
from m3desk.ui.printing.export import export_pdf
from tests.ui.printing.conftest import pdftotext
from tests.ui.printing.every_game import words


def _mummy() -> MonsterSheet:
    path = next(p for p in sample_files("monsters_and_magic") if p.stem == "first-one-mummy")
    sheet = load_sheet(path).model
    assert isinstance(sheet, MonsterSheet)
    return sheet


def _lines(sheet: MonsterSheet, out: Path) -> list[str]:
    export_pdf([sheet], out)
    return [words(line) for line in pdftotext(out).splitlines()]


def test_an_armour_bonus_prints_beside_the_ac_it_builds(qapp: object, tmp_path: Path) -> None:
    lines = _lines(_mummy().model_copy(update={"armour_bonus": 3}), tmp_path / "built.pdf")
    assert not any(line.startswith("DEFENCE") and "INITIATIVE" not in line for line in lines)
    at = next(n for n, line in enumerate(lines) if line.startswith("AC "))
    assert any("Armour bonus +3" in line for line in lines[at : at + 2]), lines[at : at + 2]


def test_an_ac_as_written_prints_no_armour_bonus(qapp: object, tmp_path: Path) -> None:
    lines = _lines(_mummy(), tmp_path / "written.pdf")
    assert _mummy().armour_bonus is None
    assert not any("Armour bonus" in line or "AC as written" in line for line in lines)
    assert not any(line.startswith("DEFENCE") and "INITIATIVE" not in line for line in lines)
