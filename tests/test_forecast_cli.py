"""``m3desk forecast FILE.m3e``: the same summary for the same seed, JSON for scripts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from m3desk.core import encounter as core
from m3desk.forecast_cli import forecast_main
from m3desk.storage import catalog
from m3desk.storage.documents import save_document
from tests import toy_system
from tests.toy_system import TOY, ToyEncounter, ToySheet


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    assert TOY.encounter is not None
    encounter = ToyEncounter(name="Bridge")
    for sheet, side in (
        (ToySheet(name="Aldo", attack=6, hit_points=12, max_hit_points=12), "Party"),
        (ToySheet(name="Goblin", hit_points=5, max_hit_points=5), "Monsters"),
    ):
        encounter = core.join(encounter, TOY.encounter.make_combatant(sheet, side))
    path = tmp_path / "bridge.m3e"
    save_document(path, catalog.document_type(ToyEncounter), encounter)
    return path


def test_the_summary_names_sides_rounds_and_combatants(fight: Path, capsys) -> None:
    assert forecast_main([str(fight), "--fights", "400", "--seed", "5"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Forecast: Bridge (Toy), 400 fights, seed 5")
    assert "Policy: Each combatant attacks the first foe standing" in text
    assert "Wins: Party " in text and " · Monsters " in text
    assert "Rounds: mean " in text
    assert "  Aldo: down " in text and "  Goblin: down " in text


def test_json_is_the_same_for_the_same_seed(fight: Path, capsys) -> None:
    assert forecast_main([str(fight), "--fights", "300", "--seed", "9", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert forecast_main([str(fight), "--fights", "300", "--seed", "9", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert set(first["wins"]) == {"Party", "Monsters"}
    assert abs(sum(first["wins"].values()) + first["no_winner"] - 1) < 1e-9
    assert set(first["down"]) == {"Aldo", "Goblin"}
    assert sum(first["rounds"].values()) == 300
    assert first["wins"]["Party"] > 0.8  # a strong fighter against one goblin


def test_a_sheet_or_a_bad_file_is_refused_clearly(tmp_path: Path, capsys) -> None:
    broken = tmp_path / "broken.m3e"
    broken.write_text("{ not json", encoding="utf-8")
    assert forecast_main([str(broken)]) == 2
    assert "forecast:" in capsys.readouterr().err
    assert forecast_main([str(tmp_path / "missing.m3e")]) == 2


def test_a_saved_fight_forecasts_the_same_in_two_processes(tmp_path: Path) -> None:
    """Two runs of ``m3desk forecast`` (each with its own hash seed) print the same JSON."""
    import os
    import subprocess
    import sys

    from m3desk.assets import sample_files
    from m3desk.systems.monsters_and_magic.encounter import Encounter
    from m3desk.ui.encounter.new_document import add_sheets

    toy_system.uninstall()  # a real game, found by a fresh process without the tests' help
    encounter = add_sheets(Encounter(name="Fane"), sample_files("monsters_and_magic"))
    path = tmp_path / "fane.m3e"
    save_document(path, catalog.document_type(Encounter), encounter)
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "M3DESK_HOME": str(tmp_path)}
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "m3desk",
                "forecast",
                str(path),
                "--fights",
                "400",
                "--seed",
                "3",
                "--json",
            ],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
        outputs.append(json.loads(result.stdout))
    assert outputs[0] == outputs[1]
    assert outputs[0]["game"] == "Monsters & Magic" and outputs[0]["fights"] == 400
    assert "First One Mummy" in outputs[0]["down"]
    toy_system.install()
