"""Experience → Treasure… for every game whose random tables hold treasure types: the
defeated foes' types offered, a roll shown with its worth (the same as the tables' own roll,
held to the SRD's text in ``tests/storage/test_tables_srd.py``), the worth settled by hand,
split among the party, counted into the fight in one undo step, and its experience (where
the game gives it for treasure) added to the sheets with the shares the game computes."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.dice import Roller
from m3desk.core.tables import COIN_GP
from m3desk.core.treasure import roll_treasure
from m3desk.storage.sheet_files import load_sheet
from m3desk.storage.tables import load_tables
from m3desk.ui.encounter.experience_dialog import ExperienceDialog
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.treasure_dialog import TreasureDialog
from m3desk.ui.expedition.wandering import _bestiary

WITH_TREASURE = [g.id for g in registry.systems() if load_tables(g.id).treasure_types]


@pytest.mark.parametrize("game", WITH_TREASURE)
def test_treasure_is_rolled_settled_and_its_experience_lands_on_the_sheets(
    qtbot: Any, game: str
) -> None:
    tables = load_tables(game)
    party = [s.model for s in map(load_sheet, sample_files(game)) if s.model.kind == "character"][
        :3
    ]
    foe = next(
        sheet
        for _name, sheet, _n in _bestiary(game)
        if str(getattr(sheet, "treasure", "")).strip() == "A"
    )
    document = new_encounter_document([*party, foe], name="Lair")
    encounter = document.encounter
    for combatant in encounter.combatants:
        if combatant.sheet.kind == "monster":
            encounter = core.replace_sheet(
                encounter, combatant.id, combatant.sheet.model_copy(update={"hit_points": 0})
            )
    document.apply(encounter, "The foe falls")
    dialog = ExperienceDialog(document)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.treasure_button.isVisible()
    before = dialog.award().total
    seen: dict[str, Any] = {}

    def run(treasure: TreasureDialog) -> int:
        assert treasure.type.currentData() == "A"  # the fallen foe's type comes first
        treasure._roller = Roller(2)
        qtbot.mouseClick(treasure.roll_button, Qt.MouseButton.LeftButton)
        seen["shown"] = treasure.shown.text()
        seen["worth"] = treasure.worth.value()
        treasure.worth.setValue(treasure.worth.value() + 7)  # adjusted by hand
        seen["shares"] = treasure.shares.toPlainText()
        qtbot.mouseClick(
            treasure.findChild(type(treasure.roll_button), "treasure_count_in"),
            Qt.MouseButton.LeftButton,
        )
        return 1

    original = TreasureDialog.exec
    TreasureDialog.exec = run  # type: ignore[method-assign]
    try:
        steps = document.undo_stack.count()
        qtbot.mouseClick(dialog.treasure_button, Qt.MouseButton.LeftButton)
    finally:
        TreasureDialog.exec = original  # type: ignore[method-assign]
    expected = roll_treasure(tables, "A", Roller(2))
    assert seen["shown"] == "\n".join(expected.lines())
    assert seen["worth"] == int(expected.value_gp) > 0
    worth = seen["worth"] + 7
    settled = expected.settled(worth)
    assert settled.value_gp == worth  # the hand's 7 gp more are in the coins
    shown = seen["shares"].splitlines()
    assert shown[0] == f"{worth:,} gp split {len(party)} ways:"
    assert document.undo_stack.count() == steps + 1
    assert document.encounter.treasure_gp == worth
    # What the dialog said each member gets is what lands on the sheets, and it adds up to
    # the worth as settled: the coins split evenly (left over to the first), the gems,
    # jewellery and magic items handed round into their gear, where sheets have them.
    fighters = [c for c in document.encounter.combatants if c.sheet.kind == "character"]
    handed = Fraction(sum(item.value_gp or 0 for item in settled.items))
    for fighter, had in zip(fighters, party, strict=True):
        line = next(t for t in shown if t.startswith(f"{fighter.name}: "))
        parts = line.split(": ", 1)[1].split(", ")
        for coin in COIN_GP:
            now = getattr(getattr(fighter.sheet, "coins", None), coin, None)
            if now is None:
                continue
            got = now - getattr(had.coins, coin)  # type: ignore[attr-defined]
            assert (f"{got:,}{coin}" in parts) == bool(got), (coin, got, line)
            handed += got * COIN_GP[coin]
    assert handed == worth
    gear = [i.name for c in fighters for i in getattr(c.sheet, "equipment", ())]
    assert all(
        any(g.startswith(item.name) for g in gear)
        for item in expected.items
        if hasattr(fighters[0].sheet, "equipment")
    )
    # The games that ship treasure tables give experience for treasure (OSE: 1 XP per gp):
    # it joins the foes' in the dialog.
    award = dialog.award()
    rows = [dialog.defeated.item(r, 0).text() for r in range(dialog.defeated.rowCount())]
    assert award.total == before + worth
    assert "Treasure" in rows
    assert dialog.total.text() == f"Total: {award.total} XP"
    assert dialog.defeated.item(rows.index("Treasure"), 1).text() == str(worth)
    xp_before = {
        c.name: int(getattr(c.sheet, "experience", 0)) for c in document.encounter.combatants
    }
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    after = {c.name: int(getattr(c.sheet, "experience", 0)) for c in document.encounter.combatants}
    for share in award.shares:
        assert after[share.name] == xp_before[share.name] + share.xp
        assert [
            dialog.shares.item(r, 1).text()
            for r in range(dialog.shares.rowCount())
            if dialog.shares.item(r, 0).text() == share.name
        ] == [str(share.xp)]
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.encounter.treasure_gp == 0


def test_a_worth_settled_by_hand_is_what_the_coins_and_gems_add_up_to() -> None:
    from m3desk.core.tables import RolledCoins
    from m3desk.core.treasure import Treasure, TreasureItem

    rolled = Treasure(
        "A", (RolledCoins("sp", 300), RolledCoins("gp", 40)), (TreasureItem("gems", "Gem", 50),)
    )
    assert rolled.value_gp == 120
    more = rolled.settled(125)  # the gold takes the difference
    assert more.value_gp == 125 and RolledCoins("gp", 45) in more.coins
    fewer = rolled.settled(75)  # too little gold: the coins become the worth in gold
    assert fewer.value_gp == 75 and fewer.coins == (RolledCoins("gp", 25),)
    assert rolled.settled(120) is rolled
    assert rolled.settled(50).coins == () and rolled.settled(50).items == rolled.items
