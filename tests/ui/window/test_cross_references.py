"""Each game's own cross-references are checked at load, like the core's.

An AD&D encounter whose ``free_attacks`` named a missing combatant opened nothing and said
nothing; an Apparatus encounter with negative terrain crashed the forecast (a traceback on
the command line, thousands of them in the dialog). Now the first is mended with a note, the
second refused with a sentence naming the field, in the window and on the command line.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from m3desk.ui.main_window import MainWindow
from tests.ui.window.conftest import ScriptedDialogs
from tests.ui.window.fight_files import fight_json, write_fight


def test_free_attacks_owed_to_nobody_are_dropped_with_a_note(
    window: MainWindow, fake_dialogs: ScriptedDialogs, tmp_path: Path
) -> None:
    raw = fight_json("adnd2e")
    first, second = raw["document"]["combatants"]
    first["free_attacks"] = ["nobody", second["id"], first["id"]]
    record = window.open_path(write_fight(raw, tmp_path / "owed.m3e"))

    assert record is not None
    [owed_first, _] = [c.free_attacks for c in record.document.encounter.combatants]
    assert owed_first == (second["id"],)
    [warning] = fake_dialogs.messages("show_warning")
    assert "2 free attack(s) owed to no combatant here were dropped" in warning


@pytest.mark.parametrize("rating", [-1, -1000, 21, 10**100])
def test_terrain_outside_the_difficulty_ratings_is_refused(
    window: MainWindow, fake_dialogs: ScriptedDialogs, tmp_path: Path, rating: int
) -> None:
    raw = fight_json("apparatus")
    first = raw["document"]["combatants"][0]
    raw["document"]["terrain"] = {first["id"]: rating}
    path = write_fight(raw, tmp_path / "terrain.m3e")

    assert window.open_path(path) is None
    [error] = fake_dialogs.messages("show_error")
    assert "terrain" in error and "terrain.m3e" in error

    cli = subprocess.run(
        [sys.executable, "-m", "m3desk", "forecast", "--fights", "5", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert cli.returncode == 2
    assert "Traceback" not in cli.stderr
    assert "terrain" in cli.stderr
