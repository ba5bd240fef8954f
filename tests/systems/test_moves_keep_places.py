"""Every game's map moves keep every distance true to the places: random drops through each
game's own ``make_move`` (every game of distances, with Apparatus grapples dragging), after
each of which every distance the rules read is measured between places (symmetric, by the
game's metric, within the triangle inequality), the mover stands where it was dropped, the
ruler's distance was the one measured, only distances to those moved changed, and the log
gained the one line the drop returned."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.places import Place
from tests.systems.option_probe import sample_sheets

GAMES = [system.id for system in registry.systems() if system.positions.kind == "distance"]
"""Every game of distances (its own ``make_move``, or the seam's plain move)."""


def _fight(game: str, count: int, grapple: bool) -> core.Encounter:
    system = registry.get(game)
    rules = system.encounter
    assert rules is not None
    encounter = rules.encounter_type(name="Random")
    sheets = sample_sheets(system)
    for number in range(count):
        sheet = sheets[number % len(sheets)]
        side = "Party" if number % 2 == 0 else "Foes"
        encounter = core.join(encounter, rules.make_combatant(sheet, side))
    if grapple and "grapples" in rules.encounter_type.model_fields:  # Apparatus's holds
        from m3desk.systems.apparatus.grapple import Grapple

        first, second = (c.id for c in encounter.combatants[:2])
        encounter = encounter.model_copy(
            update={"grapples": (Grapple(grappler=first, target=second),)}
        )
    ids = [c.id for c in encounter.combatants]
    encounter = core.set_initiative(encounter, {i: 10 for i in ids})
    return core.next_turn(encounter)


def _distances(encounter: core.Encounter) -> dict[tuple[str, str], int]:
    ids = [c.id for c in encounter.combatants]
    return {(a, b): core.position_between(encounter, a, b) for a, b in combinations(ids, 2)}


def _consistent(encounter: core.Encounter) -> None:
    model = encounter.position_model
    grain = model.step if model.metric == "squares" else 1
    found = _distances(encounter)
    for (a, b), value in found.items():
        assert value == core.position_between(encounter, b, a)
        assert value == model.measure(encounter.places[a], encounter.places[b])
        assert 0 <= value <= model.maximum
    for a, b, c in combinations([c.id for c in encounter.combatants], 3):
        d = {frozenset(p): v for p, v in found.items()}
        ab, bc, ac = d[frozenset((a, b))], d[frozenset((b, c))], d[frozenset((a, c))]
        assert ac <= ab + bc + grain and ab <= ac + bc + grain and bc <= ab + ac + grain


drop = st.tuples(st.integers(0, 9), st.floats(-400, 400), st.floats(-400, 400), st.floats(0, 30))


@settings(max_examples=40, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    count=st.integers(2, 6),
    grapple=st.booleans(),
    drops=st.lists(drop, min_size=1, max_size=8),
)
def test_random_drops_keep_every_distance_consistent_with_the_places(
    game: str, count: int, grapple: bool, drops: list[tuple[int, float, float, float]]
) -> None:
    encounter = _fight(game, count, grapple)
    rules = registry.system_of(encounter).encounter
    assert rules is not None
    model = encounter.position_model
    ids = [c.id for c in encounter.combatants]
    _consistent(encounter)
    for index, x, y, z in drops:
        mover = ids[index % len(ids)]
        place = Place.at(x, y, z if model.height else 0.0)
        check = rules.check_move(encounter, mover, place)
        assert check.distance == model.measure(encounter.places[mover], place)
        held = {g.target for g in getattr(encounter, "grapples", ()) if g.grappler == mover}
        before, length = _distances(encounter), len(encounter.log)
        encounter, text = rules.make_move(encounter, mover, place)
        assert encounter.places[mover] == place
        assert len(encounter.log) == length + 1 and encounter.log[-1].text == text
        _consistent(encounter)
        after = _distances(encounter)
        for pair, value in before.items():
            if not set(pair) & ({mover} | held):
                assert after[pair] == value, "a move changed a distance of others"
