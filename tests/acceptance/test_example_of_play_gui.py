"""The rulebook's Example of Play through the GUI: one GM, one main window, one flow.

The GM opens the sample party and the mummy from the library in a New Encounter, sets the
surroundings, Scouting and initiative in the set-up strip and the tracker, and resolves
every action of the surprise round and round one in the action dialog (Ctrl+E), typing
the book's dice and spending the effect points as the book does; Next Turn (Ctrl+Return)
between turns. The end state is the rules acceptance test's (``test_example_of_play.py``),
and the log has one entry per check with the book's breakdown. The steps themselves are in
``example_of_play_gm.py`` (the render script replays them); the window and the scripted
dialogs are the main-window tests' fixtures (``conftest.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from m3desk.systems.monsters_and_magic import ConditionKind, Tier
from m3desk.systems.monsters_and_magic.ranges import RangeBand
from m3desk.ui.action import prompts as action_prompts
from m3desk.ui.encounter import prompts as encounter_prompts
from m3desk.ui.games.monsters_and_magic.action.action_dialog import ActionDialog
from m3desk.ui.games.monsters_and_magic.encounter import prompts as game_prompts
from m3desk.ui.main_window import MainWindow
from m3desk.ui.table_rules.options_dialog import OptionsDialog
from tests.acceptance.example_of_play_gm import (
    MUMMY,
    Gm,
    check_entries,
    round_one,
    set_up,
    start_from_the_library,
    surprise_round,
    tracker_text,
)
from tests.ui.window.conftest import ScriptedDialogs

pytestmark = pytest.mark.acceptance

ENCOUNTER_PROMPTS = (
    "sheet_files_to_add",
    "log_file_to_save",
    "ask_initiative_dice",
    "ask_pool_change",
    "ask_condition",
    "confirm_write_back",
    "show_error",
    "show_info",
)


@pytest.fixture
def no_unscripted_prompts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any question the flow does not expect fails the test instead of blocking it."""

    def unexpected(name: str) -> Callable[..., Any]:
        def fail(*args: Any, **_kwargs: Any) -> Any:
            raise AssertionError(f"unexpected dialog {name}{args[1:]!r}")

        return fail

    for name in ENCOUNTER_PROMPTS:
        monkeypatch.setattr(
            encounter_prompts if hasattr(encounter_prompts, name) else game_prompts,
            name,
            unexpected(name),
        )
    monkeypatch.setattr(action_prompts, "confirm_discard_roll", unexpected("discard the roll"))


@pytest.fixture
def gm(
    qtbot: Any,
    make_window: Callable[..., MainWindow],
    no_unscripted_prompts: None,
    monkeypatch: pytest.MonkeyPatch,
    fake_dialogs: ScriptedDialogs,
) -> Gm:
    window = make_window()
    window.resize(1600, 1000)
    gm = Gm(qtbot, window)
    # The action and table rules dialogs run modally; here the GM drives them instead of
    # exec(). The table rules go through the real Table Rules form.
    monkeypatch.setattr(ActionDialog, "show_modal", staticmethod(gm.drive))
    monkeypatch.setattr(OptionsDialog, "show_modal", staticmethod(gm.drive_table_rules))
    return gm


# The Encounter menu pops up (Alt+C): the offscreen platform says it cannot grab the keyboard.
@pytest.mark.qt_log_ignore("This plugin does not support grabbing the keyboard")
def test_the_example_of_play_through_the_gui(gm: Gm, fake_dialogs: ScriptedDialogs) -> None:
    start_from_the_library(gm, fake_dialogs)
    set_up(gm)
    surprise_round(gm)
    round_one(gm)

    # The end of round one, as printed (the rules acceptance test's end state).
    mummy = gm.sheet("First")
    assert (mummy.php.current, mummy.mhp.current) == (30, 53)
    assert [(c.name, c.kind, c.tier, c.value) for c in mummy.conditions] == [
        ("backstabbed!", ConditionKind.CONSEQUENCE, Tier.MAJOR, -4),
        ("catching fire", ConditionKind.CONSEQUENCE, Tier.MINOR, -2),
    ]
    gramfive = gm.sheet("Gramfive")
    assert (gramfive.php.current, gramfive.hero_points, gramfive.conditions) == (7, 0, ())
    shamira = gm.sheet("Shamira")
    assert shamira.php.current == 3
    assert [(c.name, c.kind, c.value) for c in shamira.conditions] == [
        ("regressing to ape-man", ConditionKind.CONSEQUENCE, -4),
        ("help from Guido of Gramarye", ConditionKind.EFFECT, 5),
    ]
    regressing, help_5 = shamira.conditions
    assert (regressing.duration.contest_target, regressing.duration.contest_progress) == (10, 0)
    assert help_5.scope == "CON resistance"
    felix = gm.sheet("Felix")
    assert (gm.range_to_mummy("Felix"), felix.hero_points) == (RangeBand.CLOSE, 0)
    assert gm.range_to_mummy("Gramfive") is RangeBand.CLOSE
    [shield] = gm.sheet("Xiola").conditions
    # Cast for 5 rounds in the surprise round, which counts toward it under the default
    # table rule duration_counts_first_round: 4 rounds are left in round one.
    assert (shield.name, shield.value, shield.affects, shield.duration.rounds) == (
        "magical shield",
        2,
        "defence",
        4,
    )

    # The tracker shows it too.
    assert tracker_text(gm, "First", "php") == "30/49"
    assert tracker_text(gm, "First", "mhp") == "53/56"
    assert tracker_text(gm, "Shamira", "php") == "3/16"
    assert tracker_text(gm, "Gramfive", "hero") == "0"

    # One log entry per check, in the book's order, each with the book's breakdown.
    entries = check_entries(gm)
    assert [(c.item, c.actor) for c in gm.checks] == [
        (8, "Felix Pook"),
        (9, "Xiola Zenwaith"),
        (10, "Gramfive the Grim"),
        (11, "Shamira Sunfire"),
        (12, MUMMY),
        (13, "Guido of Gramarye"),
        (15, "Felix Pook"),
        (16, "Xiola Zenwaith"),
        (17, MUMMY),
        (18, "Gramfive the Grim"),
        (19, "Shamira Sunfire"),
        (20, MUMMY),
        (21, "Guido of Gramarye"),
    ]
    assert len(entries) == len(gm.checks)
    for entry, check in zip(entries, gm.checks, strict=True):
        assert entry.text.startswith(f"{check.actor}: {check.label}")
        assert f" — {check.breakdown}." in entry.text
        assert f"Result: {check.breakdown}" in entry.details
        assert entry.actor == gm.who(check.actor)
    rounds = [(entry.phase, entry.round) for entry in entries]
    assert rounds == [("surprise", 0)] * 6 + [("rounds", 1)] * 7
    assert [c.label for c in gm.checks if c.actor.startswith(("Shamira", "Guido"))] == [
        "Turn Undead",
        "song of inspiration",
        "Turn Undead",
        "song of healing",
    ]
    shown = gm.page.log_panel.log_model  # the log panel lists every entry, the checks too
    assert [shown.entry(row) for row in range(shown.rowCount())] == list(gm.encounter.log)
