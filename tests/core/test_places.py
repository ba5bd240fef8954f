"""Places on a plane: every distance of a game that measures distance is derived from them.

A property test moves combatants at random (a pair set to a distance, a token put
somewhere) and checks that every distance stays consistent with the places; the fitting that
migrates files kept per pair keeps a consistent set exactly and tells which of an impossible
set it could not keep.
"""

from __future__ import annotations

import math
from itertools import combinations
from typing import ClassVar

from hypothesis import given, settings
from hypothesis import strategies as st

from m3desk.core import encounter as core
from m3desk.core.encounter import Combatant, Encounter
from m3desk.core.places import Place
from m3desk.core.places_fit import fit, places_migration
from m3desk.core.system import PositionModel

STRAIGHT = PositionModel(kind="distance", unit="ft", maximum=480, step=5)
SQUARES = PositionModel(kind="distance", unit="ft", maximum=1000, step=5, metric="squares")
HEIGHT = PositionModel(kind="distance", unit="m", maximum=300, step=1, height=True, start=20)


class StraightFight(Encounter):
    position_model: ClassVar[PositionModel] = STRAIGHT


class SquaresFight(Encounter):
    position_model: ClassVar[PositionModel] = SQUARES


class HeightFight(Encounter):
    position_model: ClassVar[PositionModel] = HEIGHT


KINDS = (StraightFight, SquaresFight, HeightFight)
SIDES = ("Party", "Monsters", "Bystanders")


def _fight(kind: type[Encounter], sides: list[int]) -> Encounter:
    encounter = kind()
    for number, side in enumerate(sides):
        encounter = core.join(encounter, Combatant(name=f"C{number}", side=SIDES[side]))
    return encounter


def _all(encounter: Encounter) -> dict[tuple[str, str], int]:
    ids = [c.id for c in encounter.combatants]
    return {(a, b): core.position_between(encounter, a, b) for a, b in combinations(ids, 2)}


def _grain(model: PositionModel) -> int:
    """How much one distance can gain from rounding: a whole unit, or a whole square."""
    return model.step if model.metric == "squares" else 1


def _consistent(encounter: Encounter) -> None:
    model = encounter.position_model
    distances = _all(encounter)
    for (a, b), value in distances.items():
        assert value == core.position_between(encounter, b, a)  # symmetric
        assert value == model.measure(encounter.places[a], encounter.places[b])
        assert 0 <= value <= model.maximum
    ids = [c.id for c in encounter.combatants]

    def d(a: str, b: str) -> int:
        return distances[(a, b)] if (a, b) in distances else distances[(b, a)]

    for a, b, c in combinations(ids, 3):
        for x, y, z in ((a, b, c), (b, c, a), (c, a, b)):
            assert d(x, z) <= d(x, y) + d(y, z) + _grain(model), (x, y, z)


move = st.one_of(
    st.tuples(
        st.just("set"),
        st.integers(0, 30),
        st.integers(0, 30),
        st.integers(-10, 1200),
        st.booleans(),
    ),
    st.tuples(
        st.just("put"),
        st.integers(0, 30),
        st.floats(-500, 500),
        st.floats(-500, 500),
        st.floats(0, 40),
    ),
)


@settings(max_examples=60, deadline=None)
@given(
    kind=st.sampled_from(KINDS),
    sides=st.lists(st.integers(0, 2), min_size=2, max_size=7),
    moves=st.lists(move, max_size=12),
)
def test_random_moves_keep_every_distance_consistent_with_the_places(
    kind: type[Encounter], sides: list[int], moves: list[tuple]
) -> None:
    encounter = _fight(kind, sides)
    model = encounter.position_model
    ids = [c.id for c in encounter.combatants]
    assert set(encounter.places) == set(ids)  # everyone stands somewhere from the start
    _consistent(encounter)
    for step in moves:
        before = _all(encounter)
        if step[0] == "set":
            _kind, i, j, value, second_moves = step
            a, b = ids[i % len(ids)], ids[j % len(ids)]
            if a == b:
                continue
            mover = b if second_moves else a
            encounter = core.set_position(encounter, a, b, value, mover=mover)
            assert core.position_between(encounter, a, b) == model.snap(value)
        else:
            _kind, i, x, y, z = step
            mover = ids[i % len(ids)]
            encounter = core.move_to(encounter, mover, Place.at(x, y, z if model.height else 0))
        _consistent(encounter)
        after = _all(encounter)
        for pair, value in before.items():
            if mover not in pair:
                assert after[pair] == value, "a move changed a distance not involving the mover"


def test_a_move_changes_every_distance_to_the_mover() -> None:
    """The bug of issue 23: a rat 5 ft from a goblin cannot stay 480 ft from a hero beside
    the goblin. Moving the rat moves it from everyone."""
    encounter = _fight(StraightFight, [0, 0, 1, 1])
    hero, _ally, goblin, rat = (c.id for c in encounter.combatants)
    encounter = core.set_position(encounter, rat, goblin, 5)
    assert core.position_between(encounter, rat, hero) <= (
        core.position_between(encounter, goblin, hero) + 5
    )
    far = core.set_position(encounter, rat, hero, 300)
    assert core.position_between(far, rat, goblin) >= 300 - core.position_between(far, goblin, hero)


def test_a_diagonal_step_is_one_square_and_a_diagonal_run_three_squares_per_two() -> None:
    """AD&D's squares (seed 002: "one square in any direction"; C&T: diagonals 3 per 2)."""
    origin = Place.at(0, 0)
    assert SQUARES.measure(origin, Place.at(5, 5)) == 5
    assert SQUARES.measure(origin, Place.at(10, 10)) == 15
    assert SQUARES.measure(origin, Place.at(30, 10)) == 35
    assert STRAIGHT.measure(origin, Place.at(30, 40)) == 50
    assert HEIGHT.measure(Place.at(0, 0, 0), Place.at(3, 0, 4)) == 5  # a climb counts


def test_the_sides_start_in_loose_groups_at_the_starting_distance() -> None:
    encounter = _fight(HeightFight, [0, 0, 0, 1, 1])
    a1, a2, a3, m1, m2 = (c.id for c in encounter.combatants)
    assert core.position_between(encounter, a1, m1) == 20  # the game's 20 m
    assert core.position_between(encounter, a1, a2) == 2  # two steps apart
    assert core.position_between(encounter, a2, a3) == 4
    assert core.position_between(encounter, a2, m2) == 20  # straight across
    arranged = core.arrange(encounter, 45)
    assert core.position_between(arranged, a1, m1) == 45
    assert core.position_between(arranged, a1, a2) == 2


# -- places from distances kept per pair ---------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    points=st.lists(
        st.tuples(st.integers(-30, 30), st.integers(-30, 30)), min_size=2, max_size=9, unique=True
    )
)
def test_a_consistent_set_of_distances_round_trips_exactly(points: list[tuple[int, int]]) -> None:
    """Distances measured from real places (5-ft steps, within the board's farthest) come
    back exactly."""
    ids = [f"c{i}" for i in range(len(points))]
    places = {i: Place.at(5 * x, 5 * y) for i, (x, y) in zip(ids, points, strict=True)}
    known = {(a, b): float(STRAIGHT.measure(places[a], places[b])) for a, b in combinations(ids, 2)}
    fitted = fit(STRAIGHT, ids, known)
    assert {pair: STRAIGHT.measure(fitted[pair[0]], fitted[pair[1]]) for pair in known} == {
        pair: int(value) for pair, value in known.items()
    }


def test_a_consistent_set_on_squares_round_trips_exactly() -> None:
    places = {
        "a": Place.at(0, 0),
        "b": Place.at(30, 0),
        "c": Place.at(30, 20),
        "d": Place.at(0, 40),
    }
    known = {
        (a, b): float(SQUARES.measure(places[a], places[b])) for a, b in combinations(places, 2)
    }
    fitted = fit(SQUARES, list(places), known)
    assert {pair: SQUARES.measure(fitted[pair[0]], fitted[pair[1]]) for pair in known} == {
        pair: int(value) for pair, value in known.items()
    }


def _v1(pairs: dict[tuple[int, int], int], count: int) -> dict:
    """The body of an encounter file that kept a distance per pair (schema 1)."""
    combatants = [
        {"id": f"c{i}", "name": f"Fighter {i}", "side": "Party" if i % 2 else "Monsters"}
        for i in range(count)
    ]
    return {
        "name": "Old",
        "combatants": combatants,
        "positions": {"|".join(sorted((f"c{a}", f"c{b}"))): v for (a, b), v in pairs.items()},
    }


def test_a_file_with_pairs_gets_places_and_a_repair_note_naming_what_was_lost() -> None:
    """5 ft, 5 ft and 100 ft cannot stand together; the note names the pairs not kept."""
    migrate = places_migration(STRAIGHT)
    body = migrate(_v1({(0, 1): 5, (1, 2): 5, (0, 2): 100}, 3))
    assert set(body["places"]) == {"c0", "c1", "c2"}
    encounter, notes = StraightFight.model_validate(body).repaired()
    assert encounter.positions == {}
    assert len(notes) == 1
    assert notes[0].startswith(
        "This file kept a distance for each pair; each combatant now "
        "has a place and the distances are measured between places."
    )
    assert "could not be kept together" in notes[0]
    assert "Fighter 0 ↔ Fighter 2 100 ft (now" in notes[0]
    # Nothing contradicts any more: the places answer for every pair.
    _consistent(encounter)


def test_a_file_with_consistent_pairs_keeps_every_distance() -> None:
    migrate = places_migration(STRAIGHT)
    pairs = {(0, 1): 30, (1, 2): 40, (0, 2): 50, (2, 3): 5}
    body = migrate(_v1(pairs, 4))
    encounter, notes = StraightFight.model_validate(body).repaired()
    assert notes[0].endswith("Every distance was kept.")
    for (a, b), value in pairs.items():
        assert core.position_between(encounter, f"c{a}", f"c{b}") == value


def test_an_unmigrated_body_with_pairs_is_placed_when_read() -> None:
    """A hand-edited file naming pairs but no places: the encounter places them itself."""
    encounter, notes = StraightFight.model_validate(_v1({(0, 1): 25}, 2)).repaired()
    assert core.position_between(encounter, "c0", "c1") == 25
    assert notes and notes[0].endswith("Every distance was kept.")


def test_fitting_two_hundred_combatants_stays_quick_enough_to_open_a_file() -> None:
    """The largest encounter: the pure-Python scaling answers (no numpy) with every
    distance within a step of a consistent layout."""
    ids = [f"c{i}" for i in range(200)]
    places = {i: Place.at(5 * (n % 20), 5 * (n // 20)) for n, i in enumerate(ids)}
    known = {
        (a, b): float(STRAIGHT.measure(places[a], places[b])) for a, b in combinations(ids[:40], 2)
    }
    fitted = fit(STRAIGHT, ids, known)
    worst = max(abs(STRAIGHT.measure(fitted[a], fitted[b]) - v) for (a, b), v in known.items())
    assert worst <= 1
    assert all(math.isfinite(p.x) and math.isfinite(p.y) for p in fitted.values())


def test_terrain_areas_hold_their_points_and_round_trip_through_a_file() -> None:
    from m3desk.core.encounter import Encounter
    from m3desk.core.places import Area, areas_at

    mud = Area(x=10, y=0, width=20, height=10, rating=2, label="mud")
    wall = Area(x=25, y=5, width=5, height=5, wall=True)
    assert areas_at((mud, wall), 12, 3) == [mud]
    assert areas_at((mud, wall), 27, 7) == [mud, wall]
    assert areas_at((mud, wall), 9.9, 3) == []
    fight = Encounter(areas=(mud, wall))
    again = Encounter.model_validate_json(fight.model_dump_json())
    assert again.areas == (mud, wall)
    assert "areas" not in Encounter().model_dump()


def test_the_plain_move_measures_by_the_metric_and_logs_one_line() -> None:
    from m3desk.core.system import plain_move, plain_move_check

    hal = Combatant(id="h", name="Hal", side="Party")
    fight = Encounter(combatants=(hal,), places={"h": Place.at(0, 0)})
    check = plain_move_check(fight, "h", Place.at(30, 40))
    assert (check.distance, check.cost, check.allowance, check.over) == (50, 50, None, False)
    moved, text = plain_move(fight, "h", Place.at(30, 40))
    assert text == "Hal moves 50 ft"
    assert moved.places["h"] == Place.at(30, 40)
    assert moved.log[-1].text == "Hal moves 50 ft"


class _Read(list):  # type: ignore[type-arg]
    """A list of coordinates that counts how many of them are read."""

    reads = 0

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        _Read.reads += 1
        return super().__getitem__(index)

    def __iter__(self):  # type: ignore[no-untyped-def]
        _Read.reads += len(self)
        return super().__iter__()


def _closers(model: PositionModel, count: int) -> int:
    """Places read while half of ``count`` combatants close in on the other half, four on
    each foe (crowding round it), as the forecasts move them."""
    from m3desk.core.places import Plane

    places = [Place.at(40 * (k % 20), 40 * (k // 20)) for k in range(count)]
    plane = Plane(model, places)
    plane.x = _Read(plane.x)
    plane.y = _Read(plane.y)
    gone = [False] * count
    _Read.reads = 0
    for i in range(1, count, 2):
        plane.approach(i, 2 * (i // 8), 5.0, gone, budget=400.0)
    return _Read.reads


def test_closers_walking_round_each_other_read_a_few_places_each_not_everyone() -> None:
    """Issue 30: every closing move scanned every combatant (for the spot on the line, then
    again for each spot around the foe tried): quadratic in a crowd. Now a grid hash of who
    stands where answers for the few nearby: the places read per move do not grow with the
    number of combatants (only with the crowd round the one it closes on)."""
    for model in (STRAIGHT, SQUARES):
        small, large = _closers(model, 40) / 20, _closers(model, 200) / 100
        assert large < 200, (model.metric, large)
        assert large < small * 3 + 20, (model.metric, small, large)
