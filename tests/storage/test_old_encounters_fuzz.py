"""Hostile encounter files of the old format (schema 1: a distance per pair, no places), of
of every size (2 to 12, and 60), for every game that wrote them: a pair's distance of the
wrong kind (a text, a list, null, a lone surrogate), out of range or absurd, keys naming no
pair, the same combatant twice or nobody, pairs missing or far too many. Whatever comes out,
opening it gives an encounter with a place for everyone, saved and opened again unchanged,
or a ``DocumentLoadError`` naming the file; never another exception.

The migration of 200 (every pair given) is bounded in ``tests/systems/test_places_migration.py``
(counted, not timed); here the shapes and values vary.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.storage import catalog
from m3desk.storage.documents import load_document_bytes
from m3desk.storage.encounter_files import encounter_bytes
from m3desk.storage.errors import DocumentLoadError
from m3desk.storage.sheet_files import load_sheet
from tests.systems.test_places_migration import DISTANCE_GAMES, old_file

FUZZ = settings(
    max_examples=8,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
ODD_VALUES = [-5, 10**100, -(10**18), 2**63, 1.5, 1e300, 1e-300, "5", None, [], {}, True, "\ud800"]


def _encounter(game: str, size: int) -> core.Encounter:
    system = registry.get(game)
    assert system.encounter is not None
    spec = next(d for d in system.documents if d.kind == "encounter")
    sheets = [load_sheet(path).model for path in sample_files(game)]
    made = [
        system.encounter.make_combatant(sheets[n % len(sheets)], ("Party", "Monsters")[n % 2])
        for n in range(size)
    ]
    return core.join_all(spec.model(name="Old fight"), made)


@st.composite
def old_fights(draw: st.DrawFn, game: str) -> bytes:
    size = draw(st.one_of(st.integers(2, 12), st.just(60)))
    encounter = _encounter(game, size)
    model = encounter.position_model
    steps = max(1, model.maximum // model.step)
    count = min(size * (size - 1) // 2, draw(st.integers(1, 300)))
    pairs: dict[tuple[int, int], int] = {}
    for _ in range(count):
        a, b = sorted(draw(st.lists(st.integers(0, size - 1), min_size=2, max_size=2, unique=True)))
        pairs[(a, b)] = model.step * draw(st.integers(0, steps + 2))
    record = json.loads(old_file(game, encounter, pairs))
    positions = record["document"]["positions"]
    ids = [c["id"] for c in record["document"]["combatants"]]
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["value", "self", "nobody", "reversed", "key", "many"]))
        if kind == "value" and positions:
            positions[draw(st.sampled_from(sorted(positions)))] = draw(st.sampled_from(ODD_VALUES))
        elif kind == "self":
            positions[f"{ids[0]}|{ids[0]}"] = model.step
        elif kind == "nobody":
            positions[f"{ids[-1]}|nobody"] = model.step
        elif kind == "reversed":
            positions[f"{ids[1]}|{ids[0]}"] = 3 * model.step
        elif kind == "key":
            positions[draw(st.sampled_from(["", "|", "a|b|c", "\ud800|x"]))] = model.step
        elif kind == "many":
            positions.update({f"{ids[0]}|n{n}": model.step for n in range(25_000)})
    return json.dumps(record).encode()


@pytest.mark.parametrize("game", DISTANCE_GAMES)
def test_a_hostile_old_encounter_opens_with_a_place_for_everyone_or_is_refused(game: str) -> None:
    @FUZZ
    @given(old_fights(game))
    def check(data: bytes) -> None:
        try:
            loaded = load_document_bytes(data, catalog.encounters(), source="old-fight.m3e")
        except DocumentLoadError as error:
            assert "old-fight.m3e" in error.message
            return
        encounter = loaded.model
        assert loaded.migrated_from == 1
        assert set(encounter.places) == {c.id for c in encounter.combatants}
        again = load_document_bytes(
            encounter_bytes(encounter), catalog.encounters(), source="saved.m3e"
        )
        assert again.model == encounter and again.migrated_from is None

    check()
