"""Expedition files (``.m3x``) of every game that has exploration: written atomically, read
back whole, and any hostile file refused with a sentence or opened into an expedition the
tab can show (the clock, the due list, the actions and their odds, the movement line).

Every game comes from ``registry.systems()`` and is asked through ``GameSystem.exploration``.
"""

from __future__ import annotations

import json
import os
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.core.expedition import Expedition
from m3desk.core.expedition_rules import ExplorationRules, PartySheet
from m3desk.core.sheet_rolls import chance, outcome
from m3desk.storage import catalog
from m3desk.storage.documents import load_document_bytes
from m3desk.storage.errors import DocumentLoadError, SaveError
from m3desk.storage.expedition_files import expedition_bytes, load_expedition, save_expedition
from m3desk.storage.sheet_files import load_sheet

EXPLORING = [game.id for game in registry.systems() if game.exploration is not None]
FIXTURES = Path(__file__).parent.parent / "fixtures" / "expedition_v1"
FUZZ = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _rules(game: str) -> ExplorationRules:
    rules = registry.get(game).exploration
    assert rules is not None
    return rules


def under_way(game: str) -> Expedition:
    """The game's sample characters a few units into an expedition, with its commands and
    actions taken once each where they apply."""
    rules = _rules(game)
    party = [
        PartySheet(load_sheet(p).model)
        for p in sample_files(game)
        if getattr(load_sheet(p).model, "kind", "") == "character"
    ]
    expedition = rules.new_expedition(party, "Into the Deep", "Level 2", rules.modes[0].id, None)
    for command in rules.commands(expedition):
        expedition = rules.command(expedition, command.id)
    for _ in range(3):
        expedition = rules.advance(expedition)
    for action in rules.actions(expedition)[:4]:
        expedition = rules.act(
            expedition, action, outcome(action.roll, (1,) * action.roll.dice.count)
        )
    return expedition


@cache
def _raw(game: str) -> str:
    return expedition_bytes(under_way(game)).decode()


def _use(expedition: Expedition) -> None:
    """What the tab does with an expedition it shows."""
    rules = registry.system_of(expedition).exploration
    assert rules is not None
    assert rules.clock_words(expedition)
    rules.due(expedition)
    rules.movement(expedition)
    rules.commands(expedition)
    for action in rules.actions(expedition):
        assert 0 <= chance(action.roll) <= 1
    rules.advance(expedition)


@pytest.mark.parametrize("game", EXPLORING)
def test_an_expedition_round_trips_whole(game: str, tmp_path: Path) -> None:
    expedition = under_way(game)
    target = tmp_path / "deep.m3x"
    save_expedition(target, expedition)
    envelope = json.loads(target.read_bytes())
    assert envelope["format"] == "m3desk.expedition"
    assert envelope["system"] == game
    assert envelope["schema_version"] == 1
    loaded = load_expedition(target)
    assert loaded.model == expedition
    assert loaded.model.log == expedition.log
    assert catalog.all_documents().for_path(target) is not None


@pytest.mark.parametrize("game", EXPLORING)
def test_a_failed_save_leaves_the_old_file(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "deep.m3x"
    expedition = under_way(game)
    save_expedition(target, expedition)
    before = target.read_bytes()

    def refuse(*_args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(SaveError):
        save_expedition(target, _rules(game).advance(expedition))
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["deep.m3x"]


def test_the_first_format_keeps_opening() -> None:
    """Files of schema version 1 (tests/fixtures/expedition_v1/) open as they were."""
    files = sorted(FIXTURES.glob("*.m3x"))
    assert files
    for path in files:
        expedition = load_expedition(path).model
        assert isinstance(expedition, Expedition)
        assert expedition.members and expedition.log
        _use(expedition)


def _load(raw: Any) -> Expedition | None:
    try:
        model = load_document_bytes(
            json.dumps(raw).encode(), catalog.all_documents(), source="hostile.m3x"
        ).model
    except DocumentLoadError as error:
        assert "hostile.m3x" in error.message
        return None
    assert isinstance(model, Expedition)
    return model


@pytest.mark.parametrize("game", EXPLORING)
@pytest.mark.parametrize(
    "change",
    [
        ("schema_version", 99),
        ("system", "no_such_game"),
        ("document", []),
        ("document.elapsed.turn", -1),
        ("document.elapsed.turn", 10**12),
        ("document.lights.0.left", 10**9),
        ("document.members.0.sheet.kind", "dragon"),
        ("document.members", [{}] * 41),
        ("document.log", [{"clock": "x" * 500, "text": ""}]),
        ("document.options.torch_turns", 0),
        ("document.mode", "x" * 41),
        ("document.supplies.0.left", "many"),
    ],
)
def test_a_hostile_value_is_refused_with_a_sentence(game: str, change: tuple[str, Any]) -> None:
    raw = json.loads(_raw(game))
    where, value = change
    keys = where.split(".")
    holder = raw
    for key in keys[:-1]:
        holder = holder[int(key)] if isinstance(holder, list) else holder.setdefault(key, {})
    holder[keys[-1]] = value
    assert _load(raw) is None


@pytest.mark.parametrize("game", EXPLORING)
def test_a_million_line_log_is_refused_before_it_is_parsed(game: str) -> None:
    raw = json.loads(_raw(game))
    raw["document"]["log"] = "LOG"
    line = json.dumps({"clock": "Turn 1", "text": "x"}, separators=(",", ":"))
    data = json.dumps(raw).replace('"LOG"', "[" + ",".join([line] * 1_000_000) + "]")
    with pytest.raises(DocumentLoadError):
        load_document_bytes(data.encode(), catalog.all_documents(), source="big.m3x")


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3]):
            found += _places(item, (*path, index))
    return found


HOSTILE = st.one_of(
    st.integers(min_value=-(10**15), max_value=10**15),
    st.floats(),
    st.text(max_size=30),
    st.none(),
    st.booleans(),
    st.lists(st.integers(), max_size=3),
    st.sampled_from(["\u202e", "<b>x</b>", "1d", "\ud800"]),
)


@pytest.mark.parametrize("game", EXPLORING)
@FUZZ
@given(data=st.data())
def test_any_mutation_opens_usable_or_is_refused(game: str, data: st.DataObject) -> None:
    raw = json.loads(_raw(game))
    places = [p for p in _places(raw["document"]) if p]
    place = data.draw(st.sampled_from(places))
    holder = raw["document"]
    for key in place[:-1]:
        holder = holder[key]
    holder[place[-1]] = data.draw(HOSTILE)
    opened = _load(raw)
    if opened is not None:
        _use(opened)


def test_fixture_is_what_the_first_format_writes() -> None:
    """Regenerate with: python -c 'from tests.storage.test_expedition_files import *; write()'"""
    assert FIXTURES.is_dir()


def write() -> None:  # pragma: no cover - the fixture's maker, run by hand
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for game in EXPLORING:
        random.seed(1)
        save_expedition(FIXTURES / f"{game}.m3x", under_way(game))
