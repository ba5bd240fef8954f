"""Hostile files from other tools (Foundry VTT actors), for every game that imports one.

The seeds are each game's samples as the other tool's file (its own ``write``) and the real
actor files in ``tests/fixtures/foundry``; hypothesis puts a hostile value somewhere in one (a
lone surrogate, a control character, a huge or negative number, a float, a value of the
wrong kind, a deep list, a long list). Whatever comes out, importing it is a sheet (and what
could not be kept, said) or a ``DocumentLoadError`` naming the file; never another exception.
A sheet that opens is then used as the window uses it: derived, summarised, saved, exported
back. Shapes that would cost time or memory (nesting, huge arrays, a file at the size limit)
are refused or read in bounded work. ``tools/hostile_files.py`` measures the same in fresh
processes.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.core.system import ExchangeFormat
from m3desk.storage import catalog
from m3desk.storage.documents import dump_document_bytes
from m3desk.storage.errors import DocumentLoadError
from m3desk.storage.exchange import MAX_EXCHANGE_BYTES, read_exchange_file
from m3desk.storage.sheet_files import load_sheet

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "foundry"
FORMATS = [(game, exchange) for game in registry.systems() for exchange in game.exchange_formats]
FUZZ = settings(
    max_examples=80,
    deadline=None,
    derandomize=True,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
    ],
)
HOSTILE_TEXT = [
    "\ud800",
    "a\udfffb",
    "\x00",
    "\x07bell",
    "\x1b[31mred",
    "\u202eevil",
    "\r\n",
    "<script>alert(1)</script>",
    "&#xd800;&#1;",
    "<b>" * 500,
    "x" * 30_000,
    "@UUID[" * 50,
    "{Treasure Type Z}",
    "1d" * 40,
]


@cache
def seeds(game_id: str, exchange_id: str) -> tuple[Any, ...]:
    game = registry.get(game_id)
    exchange = next(e for e in game.exchange_formats if e.id == exchange_id)
    found: list[Any] = []
    for path in sample_files(game_id):
        sheet = load_sheet(path).model
        if getattr(sheet, "kind", None) in exchange.writes:
            found.append(exchange.write(sheet)[0])
    found += [
        json.loads(path.read_text(encoding="utf-8"))
        for path in sorted(FIXTURES.glob(f"*{exchange.extension}"))
    ]
    return tuple(json.loads(json.dumps(seed)) for seed in found)


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:6]):
            found += _places(item, (*path, index))
    return found


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replaced(value[head], rest, new)}
    copy = list(value)
    copy[head] = _replaced(copy[head], rest, new)
    return copy


def _hostile(old: Any) -> st.SearchStrategy[Any]:
    values: list[st.SearchStrategy[Any]] = [
        st.sampled_from(HOSTILE_TEXT),
        st.sampled_from([10**100, -(10**18), 2**63, -1, 0, 1.5, float("1e300"), True, None]),
        st.sampled_from([[], {}, [[[[[]]]]], {"value": {"value": {}}}, ["x"] * 5000]),
        st.text(max_size=40),
    ]
    if isinstance(old, str):
        values.append(
            st.builds(
                lambda pad, at: old[:at] + pad + old[at:],
                st.sampled_from(HOSTILE_TEXT[:7]),
                st.integers(0, 40),
            )
        )
    if isinstance(old, list) and old:
        values.append(st.integers(100, 3000).map(lambda n: old * n))
    return st.one_of(values)


@st.composite
def hostile_actor(draw: st.DrawFn, seeds_: tuple[Any, ...]) -> Any:
    actor = draw(st.sampled_from(seeds_))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_places(actor)))
        old: Any = actor
        for step in path:
            old = old[step]
        actor = _replaced(actor, path, draw(_hostile(old)))
    return actor


def _used_as_the_window_uses_it(
    game_id: str, exchange: ExchangeFormat, read: Any, tmp: Path
) -> None:
    game = registry.get(game_id)
    sheet = read.sheet
    assert all(isinstance(line, str) for line in (*read.problems, *read.kept))
    form = game.sheet_forms[sheet.kind]
    form.derive(sheet, None)
    form.summary(sheet)
    json.dumps(sheet.model_dump(mode="json"), ensure_ascii=False).encode("utf-8")
    dump_document_bytes(catalog.document_type(type(sheet)), sheet)  # it saves as a file
    data, _notes = exchange.write(sheet)
    json.dumps(data, ensure_ascii=False).encode("utf-8")


@pytest.mark.parametrize(("game", "exchange"), FORMATS, ids=lambda value: getattr(value, "id", ""))
def test_a_hostile_actor_imports_or_is_refused_with_a_sentence(
    game: Any, exchange: ExchangeFormat, tmp_path: Path
) -> None:
    @FUZZ
    @given(hostile_actor(seeds(game.id, exchange.id)))
    def check(actor: Any) -> None:
        path = tmp_path / f"hostile{exchange.extension}"
        path.write_text(json.dumps(actor, ensure_ascii=True), encoding="ascii")
        try:
            read = read_exchange_file(path, exchange)
        except DocumentLoadError as error:
            assert path.name in error.message
            return
        _used_as_the_window_uses_it(game.id, exchange, read, tmp_path)

    check()


@pytest.mark.parametrize(("game", "exchange"), FORMATS, ids=lambda value: getattr(value, "id", ""))
def test_every_text_field_survives_a_lone_surrogate_with_a_message(
    game: Any, exchange: ExchangeFormat, tmp_path: Path
) -> None:
    """Each text of each seed, in turn, given a lone surrogate and a control character:
    the import opens, and says it (no text is silently changed)."""
    path = tmp_path / f"surrogate{exchange.extension}"
    tried = 0
    for seed in seeds(game.id, exchange.id)[-4:]:
        path.write_text(json.dumps(seed), encoding="ascii")
        plain = read_exchange_file(path, exchange)
        plain_text = json.dumps(
            plain.sheet.model_dump(mode="json", exclude={"kind"}), ensure_ascii=False
        )
        for place in _places(seed):
            old: Any = seed
            for step in place:
                old = old[step]
            if not isinstance(old, str) or not old.strip():
                continue
            actor = _replaced(seed, place, old[:1] + "\ud800\x07" + old[1:])
            path.write_text(json.dumps(actor), encoding="ascii")
            read = read_exchange_file(path, exchange)
            shown = "\n".join((*read.problems, *read.kept))
            kept_text = json.dumps(read.sheet.model_dump(mode="json"), ensure_ascii=False)
            kept_text.encode("utf-8")  # no lone surrogate in the sheet
            shown.encode("utf-8")  # nor in what the report says
            assert "\x07" not in kept_text + shown
            foundry_only = {"prototypeToken", "_stats", "img", "flags", "_id", "ownership"}
            if (
                " ".join(old.split()) in plain_text
                and len(old.strip()) > 3
                and not foundry_only & set(map(str, place))
            ):
                # A text the sheet keeps: its change is said.
                assert any(
                    words in shown
                    for words in ("not text", "the rest is not read", "is not a number", "not kept")
                ), place
                tried += 1
    assert tried > 20


HOSTILE_SHAPES = {
    "deep nesting": lambda: '{"name": "x", "system": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "huge items array": lambda: json.dumps(
        {"name": "x", "type": "character", "items": [{"type": "item", "name": "Rope"}] * 19_000}
    ),
    "too many items": lambda: json.dumps({"name": "x", "items": [0] * 500_000}),
    "long text": lambda: json.dumps(
        {"name": "x", "system": {"details": {"biography": "<p>" + "word " * 700_000 + "</p>"}}}
    ),
    "many tags": lambda: json.dumps(
        {
            "name": "x",
            "type": "character",
            "system": {"details": {"biography": "<b>" * 4_000 + "x"}},
        }
    ),
    "at the size limit": lambda: json.dumps(
        {"name": "x", "system": {"details": {"notes": "y" * (MAX_EXCHANGE_BYTES - 100)}}}
    ),
    "over the size limit": lambda: " " * (MAX_EXCHANGE_BYTES + 10),
    "wrong types everywhere": lambda: json.dumps(
        {"name": ["x"], "type": 5, "system": [1, 2], "items": {"a": 1}, "effects": "none"}
    ),
    "items of every wrong kind": lambda: json.dumps(
        {
            "name": "x",
            "type": "character",
            "items": [
                None,
                5,
                "str",
                [],
                {"type": "weapon", "name": {}, "system": []},
                {"type": "armor", "system": {"equipped": True, "ac": {"value": "lots"}}},
                {
                    "type": "item",
                    "name": "Gold (gp)",
                    "system": {"quantity": {"value": 10**30}, "treasure": True},
                },
                {"type": "container", "_id": [], "system": {"containerId": {}}},
            ],
            "effects": [None, {"name": 5}, {"label": "\ud800"}],
        }
    ),
}


@pytest.mark.parametrize(("game", "exchange"), FORMATS, ids=lambda value: getattr(value, "id", ""))
@pytest.mark.parametrize("shape", HOSTILE_SHAPES)
def test_costly_shapes_are_refused_or_read_in_bounded_work(
    game: Any, exchange: ExchangeFormat, shape: str, tmp_path: Path
) -> None:
    import time
    import tracemalloc

    path = tmp_path / f"shape{exchange.extension}"
    path.write_text(HOSTILE_SHAPES[shape](), encoding="utf-8")
    tracemalloc.start()
    start = time.perf_counter()
    try:
        read = read_exchange_file(path, exchange)
    except DocumentLoadError as error:
        assert path.name in error.message
        read = None
    elapsed = time.perf_counter() - start
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    # A hang or a blow-up, not a speed measure: ten times what the worst shape costs here.
    assert elapsed < 20 and peak < 400 << 20, (shape, elapsed, peak)
    if read is not None:
        _used_as_the_window_uses_it(game.id, exchange, read, tmp_path)


@pytest.mark.parametrize(("game", "exchange"), FORMATS, ids=lambda value: getattr(value, "id", ""))
@pytest.mark.parametrize(
    ("top", "says"),
    [
        ("list", "it holds a list of 1 entry, not one sheet"),
        ("text", "it holds a text, not one sheet"),
        ("number", "it holds a number, not one sheet"),
        ("null", "it holds nothing (null), not one sheet"),
    ],
)
def test_a_file_that_is_not_one_actor_is_refused_with_a_sentence(
    game: Any, exchange: ExchangeFormat, top: str, says: str, tmp_path: Path
) -> None:
    """A list holding an actor (or a text, a number, null) is not one sheet: on the old
    code it opened as a blank monster named "Monster", the actor inside lost."""
    actor = seeds(game.id, exchange.id)[0]
    body = {"list": [actor], "text": "hello", "number": 42, "null": None}[top]
    path = tmp_path / f"not-one{exchange.extension}"
    path.write_text(json.dumps(body), encoding="utf-8")
    with pytest.raises(DocumentLoadError) as refused:
        read_exchange_file(path, exchange)
    assert path.name in refused.value.message and says in refused.value.message
