"""Encounter files of the games that measure distance, written when m3desk kept a distance
per pair (schema 1), open with places that honour those distances; the user is told which
could not be kept. Every game whose position model is a distance, from its own samples."""

from __future__ import annotations

import json
from typing import Any

import pytest

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.storage import catalog
from m3desk.storage.documents import dump_document_bytes, load_document_bytes
from m3desk.storage.sheet_files import load_sheet

DISTANCE_GAMES = [
    s.id
    for s in registry.systems()
    if s.positions.kind == "distance"
    and any(spec.kind == "encounter" and 1 in spec.migrations for spec in s.documents)
]
"""The games that measure distance and wrote encounter files before places (schema 1: a
distance per pair); a game made since (the tests' toy) has no such files to migrate."""


def test_every_game_that_measured_pairs_is_played() -> None:
    """Some game wrote distances per pair, and a game of distances left out never did: its
    encounter files have only ever had places (schema 1, nothing to migrate)."""
    assert DISTANCE_GAMES
    for system in registry.systems():
        if system.positions.kind == "distance" and system.id not in DISTANCE_GAMES:
            assert _encounter_spec(system.id).schema_version == 1, system.id


def _encounter_spec(game: str) -> Any:
    return next(d for d in registry.get(game).documents if d.kind == "encounter")


def old_fight(game: str, count: int = 4) -> core.Encounter:
    system = registry.get(game)
    assert system.encounter is not None
    encounter = _encounter_spec(game).model(name="Old fight")
    sheets = [load_sheet(path).model for path in sample_files(game)][:count]
    for number, sheet in enumerate(sheets):
        side = "Party" if number % 2 == 0 else "Monsters"
        encounter = core.join(encounter, system.encounter.make_combatant(sheet, side))
    return encounter


def old_file(game: str, encounter: core.Encounter, pairs: dict[tuple[int, int], int]) -> bytes:
    """The encounter as schema 1 wrote it: a distance per pair and no places."""
    record = json.loads(dump_document_bytes(catalog.document_type(type(encounter)), encounter))
    assert record["schema_version"] >= 2  # places came with version 2
    record["schema_version"] = 1
    body = record["document"]
    ids = [c["id"] for c in body["combatants"]]
    body.pop("places")
    body["positions"] = {core.pair_key(ids[a], ids[b]): value for (a, b), value in pairs.items()}
    return json.dumps(record).encode()


@pytest.mark.parametrize("game", DISTANCE_GAMES)
def test_an_old_file_with_consistent_distances_opens_with_every_one_kept(game: str) -> None:
    encounter = old_fight(game)
    step = encounter.position_model.step
    pairs = {(0, 1): 6 * step, (0, 2): 8 * step, (1, 2): 10 * step, (2, 3): step}
    loaded = load_document_bytes(
        old_file(game, encounter, pairs), catalog.encounters(), source="old.m3e"
    )
    assert loaded.migrated_from == 1
    opened = loaded.model
    ids = [c.id for c in opened.combatants]
    assert {
        pair: core.position_between(opened, ids[pair[0]], ids[pair[1]]) for pair in pairs
    } == pairs
    assert set(opened.places) == set(ids) and opened.positions == {}
    assert loaded.repairs == (
        "This file kept a distance for each pair; each combatant now "
        "has a place and the distances are measured between places. "
        "Every distance was kept.",
    )


@pytest.mark.parametrize("game", DISTANCE_GAMES)
def test_an_old_file_with_contradicting_distances_says_which_were_not_kept(game: str) -> None:
    """Issue 23's rat: 5 ft from a goblin beside a hero, yet 480 ft from that hero."""
    encounter = old_fight(game)
    model = encounter.position_model
    step = model.step
    pairs = {(0, 1): step, (1, 2): step, (0, 2): model.maximum}
    loaded = load_document_bytes(
        old_file(game, encounter, pairs), catalog.encounters(), source="old.m3e"
    )
    names = [c.name for c in loaded.model.combatants]
    (note,) = loaded.repairs
    assert "could not be kept together" in note
    assert f"{names[0]} ↔ {names[2]} {model.label(model.maximum)} (now " in note
    opened = loaded.model
    ids = [c.id for c in opened.combatants]
    for a, b in ((0, 1), (1, 2), (0, 2)):
        assert core.position_between(opened, ids[a], ids[b]) == model.measure(
            opened.places[ids[a]], opened.places[ids[b]]
        )


@pytest.mark.parametrize("game", DISTANCE_GAMES)
def test_a_saved_encounter_keeps_its_places(game: str) -> None:
    encounter = old_fight(game)
    ids = [c.id for c in encounter.combatants]
    encounter = core.set_position(encounter, ids[0], ids[1], 3 * encounter.position_model.step)
    spec = catalog.document_type(type(encounter))
    loaded = load_document_bytes(
        dump_document_bytes(spec, encounter), catalog.encounters(), source="new.m3e"
    )
    assert loaded.migrated_from is None and loaded.repairs == ()
    assert loaded.model.places == encounter.places


def test_a_game_of_bands_writes_its_encounters_as_before() -> None:
    """Monsters & Magic keeps a band per pair: its files carry no places, and places did not
    change its schema (version 3 only names its table rules ``options``, like every game's:
    tests/storage/test_system_files.py)."""
    spec = _encounter_spec("monsters_and_magic")
    encounter = spec.model(name="Tomb")
    record = json.loads(dump_document_bytes(catalog.document_type(spec.model), encounter))
    assert "places" not in record["document"] and "positions" in record["document"]
    assert record["schema_version"] == spec.schema_version == 3
    assert "options" in record["document"] and "table_rules" not in record["document"]


class _TooMuchWork(Exception):
    pass


def _counted(monkeypatch: pytest.MonkeyPatch, limit: int) -> list[int]:
    """Count the pair evaluations of fitting places (distances read, steps toward one), and
    stop the fitting once it passes ``limit``."""
    from m3desk.core import places_fit
    from m3desk.core.system import PositionModel

    done = [0]

    def spend(count: int) -> None:
        done[0] += count
        if done[0] > limit:
            raise _TooMuchWork(done[0])

    measure_all, norm, toward_xyz = (
        PositionModel.measure_all,
        PositionModel.norm,
        places_fit.toward_xyz,
    )

    def counted_measure_all(
        self: Any, x: float, y: float, z: float, xs: Any, ys: Any, zs: Any
    ) -> list[int]:
        spend(len(xs))
        return measure_all(self, x, y, z, xs, ys, zs)

    def counted_norm(self: Any, dx: float, dy: float, dz: float = 0.0) -> float:
        spend(1)
        return norm(self, dx, dy, dz)

    def counted_toward(*args: Any, **kwargs: Any) -> Any:
        spend(1)
        return toward_xyz(*args, **kwargs)

    monkeypatch.setattr(PositionModel, "measure_all", counted_measure_all)
    monkeypatch.setattr(PositionModel, "norm", counted_norm)
    monkeypatch.setattr(places_fit, "toward_xyz", counted_toward)
    return done


def _crowd(game: str, count: int) -> bytes:
    """An old file of ``count`` combatants with a distance for every pair: two steps within
    a side, six across (more than a plane can hold once the sides grow)."""
    system = registry.get(game)
    assert system.encounter is not None
    encounter = _encounter_spec(game).model(name="Old crowd")
    sheets = [load_sheet(path).model for path in sample_files(game)]
    for number in range(count):
        side = "Party" if number % 2 == 0 else "Monsters"
        encounter = core.join(
            encounter, system.encounter.make_combatant(sheets[number % len(sheets)], side)
        )
    step = encounter.position_model.step
    pairs = {
        (a, b): (2 if a % 2 == b % 2 else 6) * step
        for a in range(count)
        for b in range(a + 1, count)
    }
    return old_file(game, encounter, pairs)


@pytest.mark.parametrize("game", DISTANCE_GAMES)
def test_opening_an_old_file_of_two_hundred_is_bounded_work(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30: 269 s for 200 combatants. The fitting's work is counted, not timed: at most
    twenty pair evaluations per stored pair (19,900 pairs), where the old rounds and
    restarts over every pair spent millions; what could not be kept is still said."""
    data = _crowd(game, 200)
    pairs = 200 * 199 // 2
    done = _counted(monkeypatch, 20 * pairs)
    loaded = load_document_bytes(data, catalog.encounters(), source="crowd.m3e")
    assert 0 < done[0] <= 20 * pairs
    (note,) = loaded.repairs
    assert f"of {pairs} could not be kept together" in note
    assert len(loaded.model.places) == 200


@pytest.mark.parametrize("game", DISTANCE_GAMES)
def test_the_same_old_file_opens_with_the_same_places(game: str) -> None:
    data = _crowd(game, 60)
    first, second = (
        load_document_bytes(data, catalog.encounters(), source="crowd.m3e") for _ in range(2)
    )
    assert first.model.places == second.model.places and first.repairs == second.repairs
