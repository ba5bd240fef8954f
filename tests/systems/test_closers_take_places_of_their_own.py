"""Combatants closing on one foe take places of their own around it (issue 23): in every game
of distances the forecast's closing moves and the action dialog's "move toward" stop on the
line when that spot is free and otherwise on the nearest free spot around the foe (whole
squares on AD&D's grid, one step apart on a straight line), never within one grid step of
another combatant still standing, and never farther from the foe than the mover was.

One placement serves them all (:func:`m3desk.core.places.free_spot`); the property test
plays it for random closers on each game's metric, the forecast test watches every closing
move of real simulated fights, and the dialog test moves two attackers in file at one foe.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.forecast import Policy, stream
from m3desk.core.places import Place, Plane
from m3desk.core.system import PositionModel
from tests.systems.option_probe import sample_sheets
from tests.systems.test_moves_keep_places import GAMES

SPOT = 0.99
"""Nearer than this share of a grid step is one spot (places are kept to a thousandth)."""


def _model(game: str) -> PositionModel:
    rules = registry.get(game).encounter
    assert rules is not None
    return rules.encounter_type.position_model


def _apart(model: PositionModel, a: tuple[float, float, float],
           b: tuple[float, float, float]) -> float:
    return model.norm(a[0] - b[0], a[1] - b[1], a[2] - b[2])


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(GAMES), data=st.data(),
       closers=st.lists(st.tuples(st.floats(-60, 60), st.floats(-60, 60)), min_size=2,
                        max_size=9))
def test_closers_on_one_foe_never_share_a_spot(game: str, data: Any,
                                               closers: list[tuple[float, float]]) -> None:
    model = _model(game)
    step = model.step
    # the closers stand apart to begin with (a spot of their own each)
    kept: list[tuple[float, float]] = []
    for x, y in closers:
        if model.norm(x, y) > 3 * step and all(model.norm(x - a, y - b) >= step
                                               for a, b in kept):
            kept.append((x, y))
    if len(kept) < 2:
        return
    places = [Place.at(0, 0), *(Place.at(x, y) for x, y in kept)]
    plane = Plane(model, places)
    gone = [False] * len(places)
    start = [plane.row(i)[0] for i in range(len(places))]
    order = data.draw(st.permutations(list(range(1, len(places)))))
    for i in order:
        plane.approach(i, 0, step, gone)
    spots = [(plane.x[i], plane.y[i], plane.z[i]) for i in range(len(places))]
    for a, b in combinations(range(len(places)), 2):
        assert _apart(model, spots[a], spots[b]) >= step * SPOT, (a, b, spots)
    for i in range(1, len(places)):
        assert plane.row(i)[0] <= start[i]
    # the first to close finds its spot on the line free: it ends at the foe's side
    assert plane.row(order[0])[0] == step


def _column(game: str, apart: float) -> core.Encounter:
    """Three of the game's sample sheets in file on one line toward a fourth, the foe."""
    system = registry.get(game)
    rules = system.encounter
    assert rules is not None
    encounter = rules.encounter_type(name="Column")
    sheets = sample_sheets(system)
    for number in range(4):
        side = "Foe" if number == 0 else "Party"
        encounter = core.join(encounter, rules.make_combatant(sheets[number % len(sheets)],
                                                              side))
    ids = [c.id for c in encounter.combatants]
    encounter = core.move_to(encounter, ids[0], Place.at(0, 0))
    for rank, combatant_id in enumerate(ids[1:], start=1):
        encounter = core.move_to(encounter, combatant_id, Place.at(apart * (rank + 1), 0))
    return encounter


@pytest.mark.parametrize("game", GAMES)
def test_the_forecast_never_closes_two_onto_one_spot(game: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Every closing move of 40 simulated fights (the attackers in file on the foe's line,
    so each walks to the same spot on the line) ends at least one step from everyone still
    standing; and the crowding happened (two beside the foe at once), so the check bites."""
    model = _model(game)
    step = model.step
    encounter = _column(game, 3 * step)
    rules = registry.system_of(encounter).encounter
    assert rules is not None and rules.simulate is not None
    original = Plane.approach
    crowded = [0]

    def watched(plane: Plane, i: int, t: int, value: float, *rest: Any) -> None:
        before = plane.model.norm(plane.x[i] - plane.x[t], plane.y[i] - plane.y[t])
        original(plane, i, t, value, *rest)
        gone = rest[0] if rest else [False] * len(plane.x)
        if value >= before:  # stepping back is not closing in
            return
        here = (plane.x[i], plane.y[i], plane.z[i])
        beside = 0
        for j in range(len(plane.x)):
            if j in (i, t) or gone[j]:
                continue
            there = (plane.x[j], plane.y[j], plane.z[j])
            assert _apart(plane.model, here, there) >= step * SPOT, (game, i, j, here, there)
            if plane.row(j)[t] <= 2 * step:
                beside += 1
        if beside and plane.row(i)[t] <= 2 * step:
            crowded[0] += 1

    monkeypatch.setattr(Plane, "approach", watched)
    for number in range(40):
        rules.simulate(encounter, stream(7, number), Policy(ranged_stay=False, max_rounds=3))
    assert crowded[0], "nobody closed beside another: the check saw no crowding"


DIALOG_GAMES = ("ose", "adnd2e")
"""The games whose action dialog offers "move toward the target" (an Apparatus creature runs
along its heading instead)."""


@pytest.mark.parametrize("game", DIALOG_GAMES)
def test_two_moving_toward_one_foe_in_the_dialog_stand_apart(game: str) -> None:
    """Two attackers in file, 10 ft apart on one line to the foe, each "move toward" it
    through the action dialog: the first stops 5' from it on the line, the second beside it
    on a place of its own, 5' from the foe too, as the forecast places them."""
    rules = registry.get(game).encounter
    assert rules is not None and rules.resolve is not None
    encounter = _column(game, 5)  # the attackers at 10' and 15' on the foe's line
    ids = [c.id for c in encounter.combatants]
    foe, front, back = ids[0], ids[1], ids[2]
    encounter = core.remove_combatant(encounter, ids[3])
    encounter = core.set_initiative(encounter, dict.fromkeys([foe, front, back], 10))
    encounter = core.next_turn(encounter)
    model = encounter.position_model
    for mover in (front, back):
        if game == "adnd2e":  # a move toward is what a declared move allows
            assert rules.edit is not None
            encounter, _text = rules.edit(encounter, mover, "declared", "Move")
        options = [o.id for o in rules.actions(encounter, mover)]
        assert "move:toward" in options, options
        encounter = rules.resolve(encounter, mover, "move:toward", foe, ()).encounter
    places = encounter.places
    assert model.measure(places[front], places[foe]) == 5
    assert model.measure(places[back], places[foe]) == 5
    assert model.norm(places[front].x - places[back].x,
                      places[front].y - places[back].y) >= model.step * SPOT
