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


def _apart(
    model: PositionModel, a: tuple[float, float, float], b: tuple[float, float, float]
) -> float:
    return model.norm(a[0] - b[0], a[1] - b[1], a[2] - b[2])


@settings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    data=st.data(),
    closers=st.lists(st.tuples(st.floats(-60, 60), st.floats(-60, 60)), min_size=2, max_size=9),
)
def test_closers_on_one_foe_never_share_a_spot(
    game: str, data: Any, closers: list[tuple[float, float]]
) -> None:
    model = _model(game)
    step = model.step
    # the closers stand apart to begin with (a spot of their own each)
    kept: list[tuple[float, float]] = []
    for x, y in closers:
        if model.norm(x, y) > 3 * step and all(model.norm(x - a, y - b) >= step for a, b in kept):
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
        encounter = core.join(encounter, rules.make_combatant(sheets[number % len(sheets)], side))
    ids = [c.id for c in encounter.combatants]
    encounter = core.move_to(encounter, ids[0], Place.at(0, 0))
    for rank, combatant_id in enumerate(ids[1:], start=1):
        encounter = core.move_to(encounter, combatant_id, Place.at(apart * (rank + 1), 0))
    return encounter


def _closes_in_the_plane(game: str) -> bool:
    """Whether the game's own simulator moves anyone in the forecast's plane (the toy's plays
    every blow where the fighters stand; a game without a simulator is forecast through its
    dialog's own moves, :mod:`m3desk.core.forecast_by_actions`, which the dialog test below
    checks)."""
    rules = registry.get(game).encounter
    if rules is None or rules.simulate is None:
        return False
    original, moved = Plane.approach, [0]

    def counted(plane: Plane, *args: Any, **kwargs: Any) -> None:
        moved[0] += 1
        original(plane, *args, **kwargs)

    Plane.approach = counted  # type: ignore[method-assign]
    try:
        for number in range(3):
            rules.simulate(
                _column(game, 3 * _model(game).step),
                stream(7, number),
                Policy(ranged_stay=False, max_rounds=3),
            )
    finally:
        Plane.approach = original  # type: ignore[method-assign]
    return moved[0] > 0


SIMULATOR_GAMES = [game for game in GAMES if _closes_in_the_plane(game)]
"""The games of distances whose own simulator closes in the forecast's plane."""


@pytest.mark.parametrize("game", SIMULATOR_GAMES)
def test_the_forecast_never_closes_two_onto_one_spot(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
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


def _closing(rules: Any, encounter: core.Encounter, mover: str, foe: str) -> core.Encounter | None:
    """The mover's move toward the foe through the action dialog's actions: a movement
    action aimed at the foe that leaves it nearer, after whatever declaration (a choice of a
    tracker cell) the game asks first to allow it (AD&D: a declared move); None if none."""
    before = core.position_between(encounter, mover, foe)

    def closed(declared: core.Encounter) -> core.Encounter | None:
        for option in rules.actions(declared, mover):
            if option.group != "movement" or not option.needs_target or option.dice:
                continue
            if (
                option.target not in (None, foe)
                or rules.preview(declared, mover, option.id, foe).problem
            ):
                continue
            after = rules.resolve(declared, mover, option.id, foe, ()).encounter
            if core.position_between(after, mover, foe) < before:
                return after
        return None

    found = closed(encounter)
    if found is not None or rules.edit is None:
        return found
    for column in rules.columns:
        for choice in rules.cell(encounter, encounter.combatant(mover), column.id).choices:
            try:
                declared, _text = rules.edit(encounter, mover, column.id, choice)
            except ValueError:
                continue
            found = closed(declared)
            if found is not None:
                return found
    return None


def _started_column(game: str) -> core.Encounter:
    """The foe and two attackers alike in file on one line to it, the first a step beyond its
    reach (at least two steps away), the second a step behind it."""
    rules = registry.get(game).encounter
    assert rules is not None
    step = _model(game).step
    for steps in range(2, 40):
        encounter = _column(game, step * steps / 2)  # the attackers at steps, steps + 1/2…
        foe, front = (c.id for c in encounter.combatants[:2])
        encounter = core.move_to(
            encounter, encounter.combatants[2].id, Place.at(step * (steps + 1), 0)
        )
        encounter = core.move_to(encounter, front, Place.at(step * steps, 0))
        if not rules.reach(encounter, front, foe).in_reach:
            break
    # the second of the same sheet as the first: the same reach and move, so both make for
    # the one spot on the line
    encounter = core.replace_sheet(
        encounter, encounter.combatants[2].id, encounter.combatants[1].sheet
    )
    ids = [c.id for c in encounter.combatants]
    encounter = core.remove_combatant(encounter, ids[3])
    encounter = core.set_initiative(encounter, dict.fromkeys(ids[:3], 10))
    return core.next_turn(encounter)


def _moves_toward(game: str) -> bool:
    rules = registry.get(game).encounter
    assert rules is not None
    if rules.resolve is None:
        return False
    encounter = _started_column(game)
    foe, front = (c.id for c in encounter.combatants[:2])
    return _closing(rules, encounter, front, foe) is not None


DIALOG_GAMES = [game for game in GAMES if _moves_toward(game)]
"""The games whose action dialog offers a move toward the target (an Apparatus creature runs
along its heading instead), asked of each game's own actions."""


@pytest.mark.parametrize("game", DIALOG_GAMES)
def test_two_moving_toward_one_foe_in_the_dialog_stand_apart(game: str) -> None:
    """Two attackers in file, out of reach a step apart on one line to the foe, each moves toward
    it through the action dialog: the first stops on the line at its reach, the second beside
    the foe on a place of its own, as near as the first, as the forecast places them."""
    rules = registry.get(game).encounter
    assert rules is not None and rules.resolve is not None
    encounter = _started_column(game)
    foe, front, back = (c.id for c in encounter.combatants[:3])
    model = encounter.position_model
    for mover in (front, back):
        moved = _closing(rules, encounter, mover, foe)
        assert moved is not None, f"{game}: no move toward the foe"
        encounter = moved
    places = encounter.places
    near = model.measure(places[front], places[foe])
    assert places[front].y == pytest.approx(0)  # on the line
    assert model.measure(places[back], places[foe]) == near
    assert (
        model.norm(places[front].x - places[back].x, places[front].y - places[back].y)
        >= model.step * SPOT
    )
