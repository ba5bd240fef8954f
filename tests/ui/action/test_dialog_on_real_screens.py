"""Every game's action dialog on the screens users have: 1366×768 at 100 % and 1600×1000 at
150 %, light and dark.

In a fresh process per screen (the offscreen platform told the real screen's size and
scale), each installed game's dialog, the tests' toy included, opens as the Act command
opens it on a fight of the game's samples; the highest face is typed in every die. The
dialog fits the screen, Apply is in view, and the line saying what Apply will log is shown
whole, as is every other label (and what applying the spending will do, without scrolling).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import toy_system
from tests.ui.action.sample_fights import GAMES
from tests.ui.screens.offscreen import SCREENS, run_on_screen

SCRIPT = (
    toy_system.FRESH_PROCESS
    + r"""
import json
from tests.ui.action.render_screens import every_game
print(json.dumps({theme: every_game(theme, "test", None) for theme in ("light", "dark")}))
"""
)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_game_s_dialog_fits_and_shows_its_result_whole(tmp_path: Path, screen: str) -> None:
    width, height, _scale = SCREENS[screen]
    report = run_on_screen(tmp_path, screen, SCRIPT)
    for theme, seen in report.items():
        assert seen["screen"] == [width, height]
        assert sorted(game for game in seen if game != "screen") == sorted(GAMES)
        for game in GAMES:
            dialog = seen[game]
            where = (theme, game, dialog)
            assert dialog["size"][0] <= width and dialog["size"][1] <= height, where
            assert dialog["apply_in_view"] and dialog["result_in_view"], where
            # Monsters & Magic's "Applying …" line needed a scroll bar at 1366×768.
            assert dialog["applying_in_view"], where
            assert dialog["result"].startswith("Result: "), where
            assert not dialog["cut"], where
