"""The OSE referee's printed encounter sheet (issue 28): a box per monster side for the morale
checks of its first death and of half of it down (ticked once made), and a thrown dagger
with its missile to-hit beside its melee to-hit, its damage as the table rolls it. Read
with pdftotext. Every game's sheet prints whatever checks its rules keep (none is fine)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.systems.ose.encounter import SideMorale
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.printing.export import export_pdf
from tests.ui.printing.conftest import pdftotext

pytestmark = pytest.mark.usefixtures("qapp")


def _fight_text(tmp_path: Path, game: str, **update: object) -> tuple[str, object]:
    document = new_encounter_document(sample_files(game), name=f"Ambush {game}")
    encounter = document.encounter.model_copy(update=update) if update else document.encounter
    document.deleteLater()
    out = tmp_path / f"{game}.pdf"
    export_pdf([encounter], out)
    return " ".join(pdftotext(out).split()), encounter


@pytest.mark.parametrize(
    "game",
    [
        system.id
        for system in registry.systems()
        if system.encounter is not None and sample_files(system.id)
    ],
)
def test_every_check_the_rules_keep_is_printed_with_a_box(game: str, tmp_path: Path) -> None:
    text, encounter = _fight_text(tmp_path, game)
    rules = registry.get(game).encounter
    assert rules is not None
    for check in rules.printed_checks(encounter):  # type: ignore[arg-type]
        assert re.search(
            re.escape(check.side) + r" (?:[☐✓] [^☐✓]+ )*[☐✓] " + re.escape(check.label), text
        ), check


def test_the_ose_sheet_has_morale_boxes_for_first_death_and_half_down(tmp_path: Path) -> None:
    text, _ = _fight_text(tmp_path, "ose")
    assert "Monsters ☐ Morale: first death ☐ Morale: half down" in text
    made, _ = _fight_text(
        tmp_path, "ose", morale={"Monsters": SideMorale(checked=("first death",), passes=1)}
    )
    assert "Monsters ✓ Morale: first death ☐ Morale: half down" in made


def test_a_thrown_dagger_prints_its_missile_to_hit_too(tmp_path: Path) -> None:
    text, _ = _fight_text(tmp_path, "ose")
    # Morgan Ironwolf: STR +2 in melee, DEX +1 thrown; every weapon deals 1d6 by default
    # (the cell wraps: its second line comes after the row's other cells in the text)
    assert re.search(r"dagger 1d6 \(To hit \+2, .{0,120}?Thrown \+1\)", text), text
