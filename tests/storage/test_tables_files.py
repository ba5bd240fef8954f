"""Table files read like every file: bounded, a sentence for what is wrong, nothing raised past
the loader; the GM's tables typed as CSV or Markdown; every game's tables load."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from m3desk.assets import resource_path
from m3desk.core import registry
from m3desk.core.dice import Roller
from m3desk.core.tables import roll
from m3desk.storage.errors import DocumentLoadError
from m3desk.storage.paths import AppPaths
from m3desk.storage.tables import (
    MAX_TABLE_BYTES,
    load_tables,
    read_table_file,
    read_table_text,
    save_own_table,
)

SEED = resource_path("samples", "adnd2e", "tables", "road-encounters.m3t")
HOSTILE = [
    "\ud800",
    "\x00",
    "<b>bold</b>",
    "x" * 30_000,
    "1d" * 40,
    -1,
    10**30,
    1.5,
    None,
    [],
    {},
    [[[[[]]]]],
    "0-0",
    "100d100",
]


def _write(tmp_path: Path, body: Any, name: str = "t.m3t") -> Path:
    path = tmp_path / name
    path.write_text(body if isinstance(body, str) else json.dumps(body), encoding="utf-8")
    return path


@pytest.mark.parametrize("game", list(registry.systems()), ids=lambda g: g.id)
def test_every_game_loads_its_tables_and_each_rolls(game: Any) -> None:
    tables = load_tables(game.id)
    assert tables.problems == ()
    if game.random_tables:
        assert len(tables) >= 1
    for name in tables.names():
        table = tables.get(name)
        assert table is not None
        assert sum(c for _r, c in table.chances()) == 1
        assert roll(table, Roller(2)).steps[0].table == table.name


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ("", "the file is empty"),
        ("{", "not valid JSON"),
        ({"format": "m3desk.sheet"}, "not an m3desk table file"),
        ({"format": "m3desk.tables", "schema_version": 9, "tables": []}, "newer m3desk"),
        ({"format": "m3desk.tables", "tables": []}, "holds no tables"),
        (
            {
                "format": "m3desk.tables",
                "tables": [
                    {"name": "Gems", "dice": "1d6", "rows": [{"range": [1, 5], "text": "a"}]}
                ],
            },
            "table 1 .“Gems”.: no row covers 6 of 1d6",
        ),
        ("[" * 100_000, "nested more than"),
    ],
)
def test_a_bad_file_gets_a_sentence_naming_it(tmp_path: Path, body: Any, words: str) -> None:
    path = _write(tmp_path, body)
    with pytest.raises(DocumentLoadError, match=words) as caught:
        read_table_file(path)
    assert "“t.m3t”" in caught.value.message


def test_a_huge_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.m3t"
    path.write_bytes(b" " * (MAX_TABLE_BYTES + 1))
    with pytest.raises(DocumentLoadError, match="too large"):
        read_table_file(path)


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, child in value.items():
            found += _places(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += _places(child, (*path, index))
    return found


def _put(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, *rest = path
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[head] = _put(value[head], tuple(rest), new)
    return copy


SEED_BODY = json.loads(SEED.read_text(encoding="utf-8"))
PLACES = _places(SEED_BODY)


@settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(place=st.sampled_from(PLACES), value=st.sampled_from(HOSTILE))
def test_a_hostile_value_anywhere_is_a_table_or_a_sentence(
    tmp_path: Path, place: Any, value: Any
) -> None:
    path = tmp_path / "hostile.m3t"
    path.write_text(
        json.dumps(_put(SEED_BODY, place, value)), encoding="utf-8", errors="surrogatepass"
    )
    try:
        table_file = read_table_file(path)
    except DocumentLoadError as exc:
        assert exc.message.startswith("Could not open “hostile.m3t”")
        assert len(exc.message) < 800
        return
    from m3desk.core.tables import TableSet

    tables = TableSet.build([(table_file, "hostile", True)])
    for name in tables.names():
        table = tables.get(name)
        assert table is not None
        roll(table, Roller(1))


def test_a_table_typed_as_csv_or_markdown() -> None:
    spec, problems = read_table_text(
        "d6,Result\n1-3,Rats,2d4\n4–5,Bats\n6,An owlbear,1\n", "Cellar"
    )
    assert problems == [] and spec is not None
    assert [(r.range_text(), r.text) for r in spec.rows] == [
        ("1–3", "Rats"),
        ("4–5", "Bats"),
        ("6", "An owlbear"),
    ]
    assert str(spec.rows[0].appearing) == "2d4"
    markdown = "| d% | Find |\n|:--:|---|\n| 01–50 | Nothing |\n| 51–00 | A key |\n"
    spec, problems = read_table_text(markdown, "Search")
    assert problems == [] and spec is not None
    assert str(spec.dice) == "1d100" and spec.rows[1].range == (51, 100)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("1,a\n2,b", "Say which die"),
        ("d6,R\n1-3,a\n", "No row covers 4, 5, 6"),
        ("d6,R\n1-3,a\n3-6,b", "3 is in two rows"),
        ("d6,R\nabc,a\n", "not a roll like"),
        ("d6,R\n1-6,\n", "has no result"),
        ("d6,R\n" + "1,a\n" * 200, "a table may have 100"),
        ("x" * 300_000, "longer than"),
        ("d6\x00", "binary"),
        ("d6,R\n1-6,Rats,2d4,in the walls\n", "more than three cells (“in the walls”)"),
    ],
)
def test_a_bad_typed_table_says_why(text: str, words: str) -> None:
    spec, problems = read_table_text(text, "T")
    assert spec is None and any(words in p for p in problems), problems


def test_the_gms_table_is_saved_and_loaded_beside_the_games(tmp_path: Path) -> None:
    paths = AppPaths(
        data_dir=tmp_path / "data", config_dir=tmp_path / "c", state_dir=tmp_path / "s"
    )
    spec, _ = read_table_text("d4,Weather\n1-2,Rain\n3-4,Sun\n", "Weather")
    assert spec is not None
    path = save_own_table(paths, "ose", spec)
    tables = load_tables("ose", path.parent)
    weather = tables.get("weather")
    assert weather is not None and weather.own and len(tables) == 72
    assert read_table_file(path).system == "ose"
    assert load_tables("adnd2e", path.parent).get("weather") is None  # another game's
