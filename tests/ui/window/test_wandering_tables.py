"""A wandering check that comes up becomes the encounter its game's table rolls, in one step.

For every game with exploration (``registry.systems()``, asked through the seam): where the
game's random tables hold the table the seam names for the expedition's place, the real
window's wandering dialog is opened by Start the Encounter, a total is typed, and the chain,
its exact chance, the monster and the number appearing read from the dialog match the
bundled table (held to the SRD's text row by row in ``tests/storage/test_tables_srd.py``);
the fight then holds that many of that monster beside the party and counts back into the
clock. A game without such a table keeps the hand pick.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolButton

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.dice import Roller
from m3desk.core.tables import dice_text
from m3desk.storage.tables import load_tables
from m3desk.ui import dialogs
from m3desk.ui.encounter.experience_dialog import ExperienceDialog
from m3desk.ui.encounter.treasure_dialog import TreasureDialog
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.expedition.wandering import WanderingDialog, bestiary_monsters
from m3desk.ui.expedition.widget import ExpeditionWidget
from m3desk.ui.main_window import MainWindow
from tests.ui.printing.conftest import pdftotext
from tests.ui.window.conftest import ScriptedDialogs
from tests.ui.window.test_expedition_window import _button, _log_texts, _set_out

EXPLORING = [game.id for game in registry.systems() if game.exploration is not None]


def _place_table(game: str, page: ExpeditionWidget) -> Any:
    rules = registry.get(game).exploration
    assert rules is not None
    return load_tables(game).get(rules.encounter_table(page.document.expedition).table)


@pytest.mark.parametrize("game", EXPLORING)
def test_a_check_that_comes_up_rolls_the_places_table_into_the_fight(
    window: MainWindow,
    fake_dialogs: ScriptedDialogs,
    qtbot: Any,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    game: str,
) -> None:
    page = _set_out(window, monkeypatch, game)
    document = page.document
    table = _place_table(game, page)
    # A light is lit and burns out with the clock (Ctrl+Return).
    commands = [
        a
        for tool in page.findChildren(QToolButton)
        if tool.isVisible() and tool.objectName().startswith("expedition_group_") and tool.menu()
        for a in tool.menu().actions()
    ]
    for command in commands:
        command.trigger()
        if document.expedition.lights:
            break
    assert document.expedition.lights, "no command lit a light"
    light = document.expedition.lights[-1]
    page.setFocus()
    for _ in range(light.left):
        qtbot.keyClick(page, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert all(lit.member != light.member for lit in document.expedition.lights)
    # The check comes up (typed as a face that succeeds).
    check = next(a for a in page.rules.actions(document.expedition) if a.brings_encounter)
    page.action_kind.setCurrentIndex(page.action_kind.findText(check.roll.group))
    face = next(f for f in range(1, check.roll.dice.sides + 1) if check.roll.succeeds(f))
    qtbot.keyClicks(page.typed, str(face))
    qtbot.keyClick(page.typed, Qt.Key.Key_Return)
    assert document.expedition.encounter_due
    seen: dict[str, Any] = {}
    known = dict(bestiary_monsters(game))
    row = (
        None
        if table is None
        else next(
            (
                r
                for r in table.rows
                if r.monster in known and r.appearing is not None and r.table is None
            ),
            None,
        )
    )

    def run(dialog: WanderingDialog) -> int:
        seen["box"] = dialog.table_box
        if row is None:  # no table for the place: the hand pick, as before
            dialog.monster.setCurrentIndex(0)
            dialog.number.setValue(2)
            return 1
        assert dialog.table.currentText() == table.name
        qtbot.keyClicks(dialog.typed, str(row.low))
        qtbot.keyClick(dialog.typed, Qt.Key.Key_Return)
        seen["chain"] = dialog.chain.text()
        seen["number"] = dialog.number.value()
        seen["monster"] = dialog.monster.currentText()
        return 1

    monkeypatch.setattr(dialogs, "is_non_interactive", lambda: False)
    monkeypatch.setattr(WanderingDialog, "exec", run)
    qtbot.mouseClick(_button(page, "expedition_start_fight"), Qt.MouseButton.LeftButton)
    fight_page = window.session.current().page  # type: ignore[union-attr]
    assert isinstance(fight_page, EncounterWidget)
    fight = fight_page.document.encounter
    party = {m.name for m in document.expedition.members}
    monsters = [c for c in fight.combatants if c.name not in party]
    if row is None:
        assert seen["box"] is None or table is None
        assert len(monsters) == 2
        return
    sides = table.dice.sides if table.dice.count == 1 else None
    assert sides is not None, "an encounter table is rolled on one die"
    chance = Fraction(row.high - row.low + 1, sides)
    assert (
        f"{table.name} ({dice_text(table.dice)}: {row.low}, typed) → {row.text}: "
        f"{chance.numerator} in {chance.denominator}"
    ) in seen["chain"], seen["chain"]
    assert seen["monster"] == row.monster
    assert row.appearing.minimum <= seen["number"] <= row.appearing.maximum
    assert f"Number appearing {dice_text(row.appearing)}: {seen['number']}" in seen["chain"]
    assert len(monsters) == seen["number"]
    assert fight.phase == "setup"
    # The fight ends with the monsters down, four rounds in.
    ended = fight.model_copy(update={"round": 4, "phase": "rounds"})
    for combatant in monsters:
        ended = core.replace_sheet(
            ended, combatant.id, combatant.sheet.model_copy(update={"hit_points": 0})
        )
    fight_page.document.apply(ended, "The monsters fall")
    # Treasure: where the game's tables hold the monsters' type, rolled, counted in, and
    # its experience with the monsters' lands on the sheets.
    rules = registry.get(game).encounter
    assert rules is not None
    fight_page.encounter_actions.experience.trigger()
    experience = fight_page.findChild(ExperienceDialog)
    assert experience is not None
    foes_xp = experience.award().total
    worth = 0
    assert experience.treasure_button.isVisible() == bool(load_tables(game).treasure_types)
    if experience.treasure_button.isVisible():

        def treasure_run(treasure: TreasureDialog) -> int:
            nonlocal worth
            qtbot.mouseClick(treasure.roll_button, Qt.MouseButton.LeftButton)
            worth = treasure.worth.value()
            assert f"Worth {worth:,}gp" in treasure.shown.text()
            qtbot.mouseClick(
                treasure.findChild(type(treasure.roll_button), "treasure_count_in"),
                Qt.MouseButton.LeftButton,
            )
            return 1

        monkeypatch.setattr(TreasureDialog, "exec", treasure_run)
        qtbot.mouseClick(experience.treasure_button, Qt.MouseButton.LeftButton)
    award = experience.award()
    assert award.total == foes_xp + worth
    assert experience.total.text() == f"Total: {award.total} XP"
    before = {
        c.id: int(getattr(c.sheet, "experience", 0))
        for c in fight_page.document.encounter.combatants
    }
    assert experience.add_button.isEnabled()
    if award.shares:
        qtbot.mouseClick(experience.add_button, Qt.MouseButton.LeftButton)
        for share in award.shares:
            sheet = fight_page.document.encounter.combatant(share.combatant_id).sheet
            assert int(getattr(sheet, "experience", 0)) == before[share.combatant_id] + share.xp
    experience.close()
    # Its rounds count into the clock.
    window.session.focus(next(r for r in window.session.records if r.page is page))
    steps = document.undo_stack.count()
    qtbot.mouseClick(_button(page, "expedition_count_fight"), Qt.MouseButton.LeftButton)
    assert not document.expedition.in_fight
    logged = _log_texts(page)
    assert any("4 rounds" in text for text in logged[-5:])
    # The fight's outcome joins the log, in the same undo step: the foes, the treasure, the XP.
    defeated = next(t for t in logged if "Defeated:" in t)
    assert all(m.name in defeated for m in monsters)
    counted = fight_page.document.encounter.treasure
    if worth or counted:
        found = next(t for t in logged if "Treasure counted in" in t)
        assert f"worth {worth:,} gp" in found
        assert all(line in found for line in counted[:-1])
    if award.shares:
        added = next(t for t in logged if "Experience added" in t)
        assert f"{award.total:,} XP in all" in added
        assert all(f"{s.name} {s.xp:,} XP" in added for s in award.shares)
    assert document.undo_stack.count() == steps + 1
    # And so the printed referee's log.
    target = tmp_path / "expedition.pdf"
    fake_dialogs.answer("pdf_file_name", target)
    window.session.focus(next(r for r in window.session.records if r.page is page))
    window.menu_actions.export_pdf.trigger()
    window.print_commands.wait()  # painted on a worker thread
    printed = " ".join(pdftotext(target).split())
    assert "Defeated:" in printed and monsters[0].name in printed
    if worth:
        assert f"worth {worth:,} gp" in printed
    if award.shares:
        assert f"{award.total:,} XP in all" in printed
    document.undo_stack.undo()
    assert document.expedition.in_fight
    assert not any("Defeated:" in t for t in _log_texts(page))


@pytest.mark.parametrize("game", EXPLORING)
def test_the_wilderness_chain_and_the_bestiarys_bracketed_number(qtbot: Any, game: str) -> None:
    rules = registry.get(game).exploration
    assert rules is not None
    wild = next((m for m in rules.modes if m.terrains), None)
    tables = load_tables(game)
    known = dict(bestiary_monsters(game))
    tried = 0
    for terrain, _label in wild.terrains if wild is not None else ():
        expedition = rules.change_mode(
            rules.new_expedition((), "Out", "", wild.id, None), wild.id, terrain
        )
        pick = rules.encounter_table(expedition)
        table = tables.get(pick.table)
        if table is None:
            continue
        first = next((r for r in table.rows if r.table), None)
        if first is None:
            continue
        sub = table.subtable(first)
        assert sub is not None
        second = next(
            (
                r
                for r in sub.rows
                if r.monster in known
                and r.appearing is None
                and known[r.monster].count("(") == 1
                and "d" in known[r.monster].split("(")[1]
                and "×" not in known[r.monster]
            ),
            None,
        )
        if second is None:
            continue
        dialog = WanderingDialog(game, None, Roller(2), expedition, tables)
        qtbot.addWidget(dialog)
        assert dialog.table.currentText() == table.name
        qtbot.keyClicks(dialog.typed, f"{first.low} {second.low}")
        qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
        text = dialog.chain.text()
        whole = Fraction(first.high - first.low + 1, table.dice.sides) * Fraction(
            second.high - second.low + 1, sub.dice.sides
        )
        assert f"→ {first.text}" in text and f"→ {second.text}" in text
        assert f"Chance of this result: {whole.numerator} in {whole.denominator}" in text
        bracket = known[second.monster].split("(")[1].rstrip(") ")
        assert f"Number appearing (bestiary) {bracket}: {dialog.number.value()}" in text
        assert dialog.choice()[0] == second.monster
        tried += 1
    named = [
        wild is not None
        and tables.get(
            rules.encounter_table(
                rules.change_mode(rules.new_expedition((), "Out", "", wild.id, None), wild.id, t)
            ).table
        )
        for t, _label in (wild.terrains if wild is not None else ())
    ]
    assert tried or not any(named), "the wilderness tables were never rolled"


@pytest.mark.parametrize("game", EXPLORING)
def test_a_game_without_tables_keeps_the_hand_pick(qtbot: Any, game: str) -> None:
    from m3desk.core.tables import TableSet

    dialog = WanderingDialog(game, None, Roller(1), None, TableSet())
    qtbot.addWidget(dialog)
    assert dialog.table_box is None
    assert dialog.monster.count() == len(bestiary_monsters(game))


@pytest.mark.parametrize("game", EXPLORING)
def test_a_fight_met_in_a_place_sets_up_with_that_place_chosen(
    window: MainWindow, qtbot: Any, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    from m3desk.ui.encounter.setup_steps import SetupStepsPanel

    rules = registry.get(game).exploration
    assert rules is not None
    monsters = bestiary_monsters(game)
    monkeypatch.setattr(
        ExpeditionWidget, "ask_monsters", staticmethod(lambda _widget: (monsters[0][0], 2))
    )
    preset = 0
    for mode in rules.modes:
        page = _set_out(window, monkeypatch, game, mode.id)
        page.document.apply(
            page.document.expedition.model_copy(update={"encounter_due": True}), "A check came up"
        )
        qtbot.mouseClick(_button(page, "expedition_start_fight"), Qt.MouseButton.LeftButton)
        fight_page = window.session.current().page  # type: ignore[union-attr]
        assert isinstance(fight_page, EncounterWidget)
        panels = fight_page.findChildren(SetupStepsPanel)
        for row in (r for panel in panels for r in panel.rows):
            if row.choice.findData(mode.id) >= 0:
                assert row.choice.currentData() == mode.id, (mode.id, row.step.id)
                preset += mode.id != row.choice.itemData(0)
    assert preset, "no mode's fight needed a place other than the first chosen"
