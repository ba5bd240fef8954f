"""Hostile files of every game: the samples as seeds, mutated the way an attacker would.

For each installed game, its sample character and monster and an encounter of its samples
are the seeds; hypothesis picks a place in the file and puts there a huge or negative number,
a float, a text padded with spaces, right-to-left or invisible characters, a list repeated
thousands of times, an id that names nobody, or a value of the wrong kind. Whatever comes
out, opening it is either a document or a ``DocumentLoadError`` naming the file; a document
that opens is then used as the window and the forecast use it (the tracker's cells, the
status lines, the board's rings, the sheet's summary, two simulated fights) without an
exception. Examples are few per game so the suite stays quick; the on-demand measure of
time and memory is ``tools/hostile_files.py``.
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.core.encounter import Encounter
from m3desk.core.forecast import Policy, run_fights
from m3desk.core.forecast_by_actions import simulator_of
from m3desk.storage import catalog
from m3desk.storage.documents import LoadedDocument, load_document_bytes
from m3desk.storage.errors import DocumentLoadError
from tests.ui.window.fight_files import fight_json

GAMES = [system.id for system in registry.systems()]
FUZZ = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
PADDING = [" ", "\u200b", "\u202e", "שלום ", "مرحبا ", "\t", "(", "1d", "\u0301"]


@cache
def seeds(game: str) -> tuple[dict[str, Any], ...]:
    files = sample_files(game)
    sheets = [next(p for p in files if p.suffix.endswith(end)) for end in ("c", "m")]
    fight = fight_json(game, everyone=True)
    body = fight["document"]
    ids = [c["id"] for c in body["combatants"]]
    # A fight under way, so its own cross-references are there to break.
    body["positions"] = {"|".join(sorted((a, b))): 3 for a in ids[:3] for b in ids[:3] if a < b}
    if game == "adnd2e":
        body["combatants"][0]["free_attacks"] = [ids[1]]
    if game == "apparatus":
        body["terrain"] = {ids[0]: 2}
        body["evading"] = [ids[1]]
    return (*(json.loads(path.read_bytes()) for path in sheets), fight)


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:5]):
            found += _places(item, (*path, index))
    return found


def _ids(value: Any) -> list[str]:
    if isinstance(value, dict):
        own = [value["id"]] if isinstance(value.get("id"), str) else []
        return own + [i for item in value.values() for i in _ids(item)]
    if isinstance(value, list):
        return [i for item in value for i in _ids(item)]
    return []


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replaced(value[head], rest, new)}
    copy = list(value)
    copy[head] = _replaced(copy[head], rest, new)
    return copy


def _at(body: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        body = body[step]
    return body


def _fits(kind: str, value: Any, ids: set[str]) -> bool:
    if kind in ("number", "float"):
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind == "padded":
        return isinstance(value, str)
    if kind == "grown":
        return isinstance(value, list)
    if kind == "reference":
        return (isinstance(value, str) and value in ids) or (
            isinstance(value, dict | list) and any(isinstance(i, str) and i in ids for i in value)
        )
    return True


@st.composite
def mutated(draw: st.DrawFn, body: Any) -> Any:
    """``body`` with one semantic mutation, at a place of the kind the mutation fits."""
    ids = set(_ids(body))
    kind = draw(
        st.sampled_from(
            [
                "number",
                "float",
                "padded",
                "grown",
                "reference",
                "kind",
                "number",
                "padded",
                "reference",
            ]
        ),
        label="mutation",
    )
    places = [p for p in _places(body) if _fits(kind, _at(body, p), ids)] or [()]
    path = draw(st.sampled_from(places), label="where")
    current = _at(body, path)
    if kind == "number":
        exponent = draw(st.integers(0, 120))
        new: Any = draw(st.sampled_from([1, -1])) * draw(
            st.sampled_from([10**exponent, 10**exponent - 1])
        )
    elif kind == "float":
        new = draw(st.sampled_from([1e308, -1e308, 0.5, -0.0, 1e-300]))
    elif kind == "padded":
        pad = draw(st.sampled_from(PADDING)) * draw(st.integers(1, 40_000))
        text = current if isinstance(current, str) else ""
        new = draw(st.sampled_from([pad + text, text + pad, pad]))
    elif kind == "grown":
        items = current if isinstance(current, list) and current else [current]
        new = (items * draw(st.integers(2, 25_000)))[:25_000]  # past every list's bound
    elif kind == "reference":
        nobody = draw(st.sampled_from(["nobody", "", "Party\u200b", "a|b"]))
        if isinstance(current, dict):
            new = {nobody: next(iter(current.values()))} | {
                k: v for k, v in current.items() if draw(st.booleans())
            }
        elif isinstance(current, list):
            new = [nobody, *current]
        else:
            new = nobody
    else:
        new = draw(st.sampled_from([None, True, [], {}, "x", 3, -1]))
    return _replaced(body, path, new)


def open_or_refuse(data: bytes) -> LoadedDocument | None:
    try:
        return load_document_bytes(data, catalog.all_documents(), source="fuzzed.m3e")
    except DocumentLoadError as exc:
        assert exc.message.startswith("Could not open “fuzzed.m3e”: ")
        return None


def use_as_the_window_does(game: str, model: Any) -> None:
    system = registry.get(game)
    if not isinstance(model, Encounter):
        form = system.sheet_forms.get(model.kind) if hasattr(model, "kind") else None
        if form is not None:
            assert isinstance(form.summary(model), str)
        return
    rules = system.encounter
    assert rules is not None
    rules.status(model)
    for combatant in model.combatants:
        for column in rules.columns:
            rules.cell(model, combatant, column.id)
        rules.rings(model, combatant.id)
        rules.initiative_tip(model, combatant)
    simulate = simulator_of(system)
    if simulate is not None and len({c.side for c in model.combatants}) > 1:
        run_fights(model, simulate, fights=2, seed=1, policy=Policy())


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_mutated_game_files_open_or_are_refused(game: str, data: st.DataObject) -> None:
    envelope = data.draw(st.sampled_from(seeds(game)), label="seed")
    body = envelope["document"]
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        body = data.draw(mutated(body), label="mutated")
    raw = json.dumps({**envelope, "document": body}, ensure_ascii=False).encode()
    loaded = open_or_refuse(raw)
    if loaded is not None:
        random.seed(0)
        use_as_the_window_does(game, loaded.model)
