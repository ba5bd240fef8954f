"""One answer to "is this combatant down?" per game (issue 22): the encounter's
``out_of_fight``. A monster at 0 hit points (Monsters & Magic: 0 PHP) is marked down in the
tracker, loses its turns, reads "down" in the player view and is counted out by the forecast,
in every installed game. Before, a Monsters & Magic goblin at 0 PHP kept its turn every
round, while the tracker's mark and the player view each had their own test of the pool."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.forecast import Policy
from m3desk.core.forecast_by_actions import simulator_of
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.player_view import PlayerView
from m3desk.ui.encounter.tracker_view import TrackerView
from tests.ui.encounter.game_samples import sample_fight

GAMES = [system.id for system in registry.systems()]


def _encounter(game: str) -> tuple[core.Encounter, str]:
    """A player character and two monsters of the game's samples; the first monster at 0."""
    encounter = sample_fight(
        game,
        ("character", "Party", None),
        ("monster", "Monsters", 0),
        ("monster", "Monsters", None),
    )
    return _ranked(encounter), encounter.combatants[1].id


def _ranked(encounter: core.Encounter) -> core.Encounter:
    """Everyone's initiative typed (a game that re-rolls asks again each round)."""
    for rank, combatant in enumerate(encounter.combatants):
        encounter = core.update_combatant(encounter, combatant.id, initiative=5 + rank)
    return encounter


@pytest.mark.parametrize("game", GAMES)
def test_a_monster_at_zero_is_down_for_everyone(qtbot: Any, game: str) -> None:
    encounter, felled = _encounter(game)
    name = encounter.combatant(felled).name
    assert encounter.out_of_fight(encounter.combatant(felled))
    # The tracker: marked down, and its turn is passed over round after round.
    document = EncounterDocument(encounter)
    view = TrackerView(document)
    qtbot.addWidget(view)
    row = next(r for r in view.tracker_model.rows if r.combatant.id == felled)
    assert row.down
    shown = view.tracker_model.index(
        view.tracker_model.rows.index(row), view.tracker_model.column_of("name")
    ).data()
    assert shown == f"{name} (down)"
    fight = core.start(encounter)
    turns = []
    for _ in range(3 * len(encounter.combatants)):
        turns.append(fight.turn)
        try:
            fight = core.next_turn(fight)
        except core.InitiativeNeededError:
            fight = core.next_turn(_ranked(fight))
    assert len({turn for turn in turns if turn}) == 2
    assert felled not in turns
    # The player view: the order says "down".
    players = PlayerView(document)
    qtbot.addWidget(players)
    line = next(
        players.order.item(n).text()
        for n in range(players.order.count())
        if name in players.order.item(n).text()
    )
    assert line.endswith(f"{name} · down")
    # The forecast: counted out from the start, never acting, never standing.
    simulate = simulator_of(registry.get(game))  # its own, or the one played by its actions
    assert simulate is not None
    for seed in range(20):
        result = simulate(encounter, random.Random(seed), Policy())
        assert felled in result.down


@pytest.mark.parametrize("game", GAMES)
def test_one_point_left_is_still_in_the_fight(game: str) -> None:
    encounter = sample_fight(game, ("character", "Party", 1), ("monster", "Monsters", 1))
    assert not any(encounter.out_of_fight(c) for c in encounter.combatants)


@pytest.mark.parametrize("game", GAMES)
def test_hit_points_below_zero_read_with_one_minus_in_every_tracker(qtbot: Any, game: str) -> None:
    """A monster at −3 reads "−3/…" with the true minus (U+2212) in the tracker's pool cell as
    rendered and in its tooltip, in every game: the game's own cell text from one formatter
    (OSE wrote "-3/8" where AD&D wrote "−3/8", and the tracker patched the hyphen)."""
    encounter = sample_fight(game, ("character", "Party", None), ("monster", "Monsters", -3))
    document = EncounterDocument(encounter)
    view = TrackerView(document)
    qtbot.addWidget(view)
    model = view.tracker_model
    rules = registry.get(game).encounter
    assert rules is not None
    felled = encounter.combatants[1]
    pools = [
        column.id
        for column in rules.columns
        if (rules.cell(encounter, felled, column.id).pool or (0,))[0] == -3
    ]
    assert pools, game
    for column in pools:
        shown = model.index(1, model.column_of(column)).data()
        assert shown.startswith("\u22123/"), (game, column, shown)
        assert "-" not in shown, (game, column, shown)
        tip = model.index(1, model.column_of(column)).data(Qt.ItemDataRole.ToolTipRole)
        assert "\u22123/" in tip and "-3" not in tip, (game, column, tip)
