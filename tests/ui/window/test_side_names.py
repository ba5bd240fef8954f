"""A side name reads as it is compared: invisible characters cannot fake another side.

A hand-edited encounter put its monsters on "Party" + a zero-width space: another side to
the rules, yet "Party" on the screen, so the monsters passed for the party. Side names are
now compared and shown after dropping what prints as nothing: in every game the file opens
with one "Party", and the side list the user picks from holds no look-alikes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from m3desk.assets import sample_files
from m3desk.core.names import visible_name
from m3desk.core.registry import systems
from m3desk.storage.encounter_files import encounter_bytes, load_encounter
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.main_window import MainWindow

LOOK_ALIKES = [
    "Party\u200b",
    "\u200dParty",
    "Par\u00adty",
    "Party\u2060 ",
    "P\u200earty",
    "Party\ufeff",
]


def _fight_file(game: str, tmp_path: Path, monsters_side: str) -> Path:
    """A character and a monster of ``game``; the monster's side renamed in the file."""
    files = sample_files(game)
    character = next(p for p in files if p.suffix.endswith("c"))
    monster = next(p for p in files if p.suffix.endswith("m"))
    document = new_encounter_document([character, monster], name="Look-alikes")
    raw = json.loads(encounter_bytes(document.encounter))
    document.deleteLater()
    body = raw["document"]
    assert [c["side"] for c in body["combatants"]] == ["Party", "Monsters"]
    body["combatants"][1]["side"] = monsters_side
    body["sides"] = ["Party", "Monsters", monsters_side]
    path = tmp_path / f"{game}.m3e"
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_look_alikes_read_as_the_name_they_show(name: str) -> None:
    assert visible_name(name) == "Party"


@pytest.mark.parametrize("game", [system.id for system in systems()])
def test_a_zero_width_space_does_not_make_another_party(
    window: MainWindow, tmp_path: Path, game: str
) -> None:
    path = _fight_file(game, tmp_path, "Party\u200b")

    loaded = load_encounter(path).model
    assert [c.side for c in loaded.combatants] == ["Party", "Party"]
    assert loaded.sides == ("Party", "Monsters")

    record = window.open_path(path)
    widget = record.page.findChild(EncounterWidget) or record.page
    assert isinstance(widget, EncounterWidget)
    combo = widget.setup_strip.side_combo
    shown = [combo.itemText(index) for index in range(1, combo.count())]
    assert shown == ["Party", "Monsters"]
    assert record.document.encounter.sides == ("Party", "Monsters")
