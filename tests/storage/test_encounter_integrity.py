"""Broken encounters get a message, never a traceback: every cross-reference is checked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from m3desk.storage.encounter_files import load_encounter
from m3desk.storage.errors import DocumentLoadError

FIXTURE = Path(__file__).parents[1] / "fixtures" / "v0_1" / "tomb-v0_1.m3e"


def _written(tmp_path: Path, change: Any) -> Path:
    raw = json.loads(FIXTURE.read_text(encoding="utf-8"))
    change(raw["document"])
    path = tmp_path / "broken.m3e"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def _ids(document: dict[str, Any]) -> list[str]:
    return [c["id"] for c in document["combatants"]]


def test_two_combatants_with_one_id_are_refused_by_name(tmp_path: Path) -> None:
    def twin(document: dict[str, Any]) -> None:
        document["combatants"][1]["id"] = document["combatants"][0]["id"]

    with pytest.raises(DocumentLoadError, match="two combatants share the id"):
        load_encounter(_written(tmp_path, twin))


def test_a_turn_naming_nobody_goes_to_the_first_in_order(tmp_path: Path) -> None:
    def lost_turn(document: dict[str, Any]) -> None:
        document["phase"] = "rounds"
        document["round"] = 2
        for number, combatant in enumerate(document["combatants"]):
            combatant["initiative"] = 10 + number
        document["turn"] = "nobody"
        document["resume"] = "ghost"

    loaded = load_encounter(_written(tmp_path, lost_turn))
    encounter = loaded.model
    assert encounter.turn == encounter.combatants[-1].id  # the highest count acts first
    assert encounter.resume is None
    assert any("turn named no combatant" in note for note in loaded.repairs)


def test_sides_surprise_and_positions_that_name_nothing_are_mended(tmp_path: Path) -> None:
    def strays(document: dict[str, Any]) -> None:
        ids = _ids(document)
        document["combatants"][0]["side"] = "Hirelings"
        document["surprise_side"] = "Aliens"
        document["ranges"] = {
            f"{ids[0]}|ghost": 2,
            "nonsense": 3,
            f"{ids[1]}|{ids[1]}": 1,
            f"{ids[2]}|{ids[0]}": 4,
        }

    loaded = load_encounter(_written(tmp_path, strays))
    encounter = loaded.model
    ids = [c.id for c in encounter.combatants]
    assert "Hirelings" in encounter.sides
    assert encounter.surprise_side is None
    assert encounter.positions == {"|".join(sorted((ids[0], ids[2]))): 4}
    assert len(loaded.repairs) == 3


def test_a_sound_encounter_needs_no_repair() -> None:
    assert load_encounter(FIXTURE).repairs == ()


def test_stamps_of_conditions_no_one_bears_are_dropped(tmp_path: Path) -> None:
    def stray_stamp(document: dict[str, Any]) -> None:
        document["applied_at"] = {"no-such-condition": {"round": 1, "count": 12}}

    loaded = load_encounter(_written(tmp_path, stray_stamp))
    assert loaded.model.applied_at == {}
