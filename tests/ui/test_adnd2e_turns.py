"""AD&D 2e's turn pointer in the real encounter tab: each side's d10 typed into the tracker
in either order (or rolled with Roll Initiative), Next Turn pressed with Ctrl+Return, and the
row the tracker marks ▶ read back. Lower acts first, equal rolls act together, a charge gives
its opponents −2; a heavy crossbow moving and firing shoots in rounds 1 and 5; a spear set
against a charge strikes the charger at the spearman's own count."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.core import encounter as core
from m3desk.systems.adnd2e.samples import ORC, RATH, weapon
from m3desk.systems.adnd2e.sheet import Abilities, CharacterSheet
from m3desk.systems.adnd2e.table import ENCOUNTER_RULES, AdndEncounter
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.widget import EncounterWidget
from tests.systems.adnd2e.fight import ids, seed_fight
from tests.ui.encounter.helpers import shown, type_into_cell
from tests.ui.test_adnd2e_table import Act

CTRL = Qt.KeyboardModifier.ControlModifier
PARTY = ["Rath", "Delsenora", "Ilse", "Rupert"]
MONSTERS = ["Ogre", "Orc", "Kobold"]


def _open(qtbot: Any, encounter: AdndEncounter, seed: int = 3) -> EncounterWidget:
    return shown(qtbot, EncounterDocument(encounter), seed=seed)


@pytest.fixture
def widget(qtbot: Any) -> Iterator[EncounterWidget]:
    yield _open(qtbot, seed_fight())


def _declare(widget: EncounterWidget, name: str, text: str) -> None:
    model = widget.tracker.tracker_model
    combatant = ids(widget.document.encounter)[name]
    index = model.index(model.row_of(combatant), model.column_of("declared"))
    assert model.setData(index, text, Qt.ItemDataRole.EditRole)


def _current(widget: EncounterWidget) -> str | None:
    """The name on the row the tracker marks ▶ (None when no row is)."""
    model = widget.tracker.tracker_model
    marked = [
        row.combatant.name
        for number, row in enumerate(model.rows)
        if model.headerData(number, Qt.Orientation.Vertical) == "\u25b6"
    ]
    assert len(marked) <= 1
    return marked[0] if marked else None


def _next(qtbot: Any, widget: EncounterWidget) -> None:
    widget.tracker.setFocus()
    qtbot.keyClick(widget.tracker, Qt.Key.Key_Return, CTRL)


def _play_round(qtbot: Any, widget: EncounterWidget) -> list[str]:
    """Who the ▶ passes through, from where it stands until the next round begins."""
    document = widget.document
    start = document.encounter.round
    seen = [_current(widget)]
    while True:
        _next(qtbot, widget)
        if document.encounter.round != start:
            return [name for name in seen if name is not None]
        seen.append(_current(widget))
        assert len(seen) < 20


def _start(qtbot: Any, widget: EncounterWidget) -> None:
    _next(qtbot, widget)
    assert widget.document.encounter.phase == "rounds"
    assert _current(widget) is None  # the round waits for its initiative


@pytest.mark.parametrize(
    ("first_typed", "rolls", "expected"),
    [
        # (whose row gets its die first, {side member: d10}, the order the ▶ walks)
        ("Orc", {"Orc": 7, "Rath": 3}, PARTY + MONSTERS),  # the party wins, typed second
        ("Rath", {"Rath": 8, "Orc": 2}, MONSTERS + PARTY),  # the monsters win, typed second
        ("Rath", {"Rath": 2, "Orc": 8}, PARTY + MONSTERS),  # the party wins, typed first
        ("Orc", {"Orc": 5, "Rath": 5}, PARTY + MONSTERS),  # a tie: all on one count
    ],
)
def test_the_pointer_starts_on_the_side_that_acts_first(
    qtbot: Any,
    widget: EncounterWidget,
    first_typed: str,
    rolls: dict[str, int],
    expected: list[str],
) -> None:
    _start(qtbot, widget)
    order = sorted(rolls, key=lambda name: name != first_typed)
    type_into_cell(qtbot, widget, order[0], "roll", str(rolls[order[0]]))
    assert _current(widget) is None  # one side's die is not the round's order
    type_into_cell(qtbot, widget, order[1], "roll", str(rolls[order[1]]))
    assert _current(widget) == expected[0]
    assert _play_round(qtbot, widget) == expected
    if rolls["Orc"] == rolls["Rath"]:
        assert len(core.turn_order(widget.document.encounter)) <= 1


def test_a_charge_gives_its_opponents_minus_2_and_the_first_turn(
    qtbot: Any, widget: EncounterWidget
) -> None:
    _declare(widget, "Ogre", "Charge")
    _start(qtbot, widget)
    type_into_cell(qtbot, widget, "Orc", "roll", "5")
    type_into_cell(qtbot, widget, "Rath", "roll", "6")  # 6 − 2 = 4: before the monsters' 5
    assert _current(widget) == "Rath"
    assert _play_round(qtbot, widget) == PARTY + MONSTERS


def test_a_die_typed_again_before_anyone_acts_moves_the_first_turn(
    qtbot: Any, widget: EncounterWidget
) -> None:
    _start(qtbot, widget)
    type_into_cell(qtbot, widget, "Rath", "roll", "3")
    type_into_cell(qtbot, widget, "Orc", "roll", "5")
    assert _current(widget) == "Rath"
    type_into_cell(qtbot, widget, "Orc", "roll", "2")  # the GM mistyped the monsters' die
    assert _current(widget) == "Ogre"
    assert _play_round(qtbot, widget) == MONSTERS + PARTY


def test_roll_initiative_starts_every_round_on_the_lower_count(qtbot: Any) -> None:
    widget = _open(qtbot, seed_fight(), seed=11)
    _start(qtbot, widget)
    walked = 0
    for _round in range(8):
        widget.encounter_actions.roll_initiative.trigger()
        order = core.turn_order(widget.document.encounter)
        flat = [c.name for group in order for c in group]
        assert _current(widget) == flat[0]
        assert _play_round(qtbot, widget) == flat
        walked += len(flat)
    assert walked == 8 * 7


def _duel(party: Any, monster: Any, feet: int) -> AdndEncounter:
    encounter = AdndEncounter(name="Duel")
    for sheet, side in ((party, "Party"), (monster, "Monsters")):
        encounter = core.join(encounter, ENCOUNTER_RULES.make_combatant(sheet, side))
    first, second = (c.id for c in encounter.combatants)
    return core.set_position(encounter, first, second, feet)


def _crossbow_fight() -> AdndEncounter:
    hal = CharacterSheet(
        name="Hal",
        race="human",
        char_class="fighter",
        level=3,
        abilities=Abilities(STR=12, DEX=12),
        hit_points=20,
        max_hit_points=20,
        weapons=(weapon("heavy crossbow"),),
        proficiencies=("heavy crossbow",),
    )
    return _duel(hal, ORC, 200)


def test_a_heavy_crossbow_moving_and_firing_shoots_in_rounds_1_and_5(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    widget = _open(qtbot, _crossbow_fight())
    act = Act(widget, monkeypatch)
    _start(qtbot, widget)
    fired = []
    for round_number in range(1, 10):
        assert widget.document.encounter.round == round_number
        _declare(widget, "Hal", "Move and fire")
        _declare(widget, "Orc", "Guard")
        type_into_cell(qtbot, widget, "Hal", "roll", "2")  # Hal's turn comes first
        type_into_cell(qtbot, widget, "Orc", "roll", "9")
        assert _current(widget) == "Hal"
        seen = act("Hal", "Attack with heavy crossbow", "Orc", (2, 1))  # a miss
        if not seen["problem"]:
            fired.append(round_number)
        _play_round(qtbot, widget)
    assert fired == [1, 5, 9]


def _spear_fight() -> AdndEncounter:
    return _duel(RATH, ORC.model_copy(update={"name": "Raider"}), 60)


def test_a_spear_set_against_a_charge_strikes_at_the_spearmans_count(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    widget = _open(qtbot, _spear_fight())
    document = widget.document
    _declare(widget, "Rath", "Set against a charge")
    _declare(widget, "Raider", "Charge")  # MV 9: charges 135'
    _start(qtbot, widget)
    type_into_cell(qtbot, widget, "Rath", "roll", "4")  # 4 − 2 set − 2 charge = 0: first
    type_into_cell(qtbot, widget, "Raider", "roll", "3")
    assert _current(widget) == "Rath"
    seen = Act(widget, monkeypatch)("Rath", "Attack with spear", "Raider", (15, 4))
    assert seen["problem"] == ""
    assert "Damage 1d6 ×2 (set against the charge)" in seen["preview"]
    assert "Meets the Raider's charge: it comes 55 ft in onto the point" in seen["preview"]
    encounter = document.encounter
    rath, raider = ids(encounter)["Rath"], ids(encounter)["Raider"]
    assert core.position_between(encounter, rath, raider) == 5
    assert encounter.combatant(raider).sheet.hit_points <= 0  # 4 doubled + STR 4 = 12 > 5
    assert encounter.combatant(rath).moved == 0
