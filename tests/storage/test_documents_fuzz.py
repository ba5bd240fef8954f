"""Property tests: whatever bytes a file holds, opening it raises only DocumentLoadError.

Documents are shared between players, so the loader must survive anything:
random bytes, random JSON inside and outside a valid envelope, corrupted
copies of valid files, and absurd nesting.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from m3desk.storage import (
    DocumentLoadError,
    LoadedDocument,
    dump_document_bytes,
    load_document_bytes,
)
from tests.storage.dummy_documents import HERO, Hero, Trait, envelope_bytes, make_registry

REGISTRY = make_registry()
FUZZ = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=30,
)
field_names = st.sampled_from(["name", "level", "traits", "notes", "rank", "junk", ""])
hero_like = st.dictionaries(field_names, json_values, max_size=6)
versions = st.one_of(st.integers(-3, 5), json_values)
format_ids = st.one_of(
    st.just(HERO.format_id), st.sampled_from(["m3desk.spell", "", "M3DESK.TEST-HERO"]), json_values
)


def open_or_refuse(data: bytes) -> LoadedDocument | DocumentLoadError:
    """The property under test: success, or exactly a DocumentLoadError naming the source."""
    try:
        return load_document_bytes(data, REGISTRY, source="fuzzed.m3h")
    except DocumentLoadError as exc:
        assert exc.message.startswith("Could not open “fuzzed.m3h”: ")
        return exc


@FUZZ
@given(st.binary(max_size=400))
def test_arbitrary_bytes(data: bytes) -> None:
    open_or_refuse(data)


@FUZZ
@given(json_values)
def test_arbitrary_json_without_envelope(value: Any) -> None:
    assert isinstance(open_or_refuse(json.dumps(value).encode()), DocumentLoadError)


@FUZZ
@given(st.one_of(json_values, hero_like), versions, format_ids)
def test_arbitrary_json_inside_an_envelope(document: Any, version: Any, format_id: Any) -> None:
    result = open_or_refuse(envelope_bytes(document, version=version, format_id=format_id))

    if isinstance(result, LoadedDocument):
        assert isinstance(result.model, Hero)
        assert result.model == Hero.model_validate(document)


@FUZZ
@given(st.dictionaries(st.text(max_size=15), json_values, max_size=6))
def test_arbitrary_envelope_keys(record: dict[str, Any]) -> None:
    open_or_refuse(json.dumps(record).encode())


@FUZZ
@given(
    depth=st.integers(min_value=1, max_value=100_000),
    opener=st.sampled_from(["[", '{"a":', '["x",', "{"]),
    closed=st.booleans(),
    wrapped=st.booleans(),
)
@example(depth=100_000, opener="[", closed=False, wrapped=False)
@example(depth=100_000, opener='{"a":', closed=True, wrapped=True)
@example(depth=64, opener="[", closed=True, wrapped=False)
@example(depth=65, opener="[", closed=True, wrapped=False)
def test_deeply_nested_json(depth: int, opener: str, closed: bool, wrapped: bool) -> None:
    closer = "]" if opener.startswith("[") else "}"
    text = opener * depth + "1" + (closer * depth if closed else "")
    if wrapped:
        text = (
            f'{{"format": "{HERO.format_id}", "schema_version": 1, "document": {{"name": {text}}}}}'
        )

    result = open_or_refuse(text.encode())

    assert isinstance(result, DocumentLoadError)
    if depth + 2 * wrapped > 64:
        assert "nested more than 64 levels" in result.message


heroes = st.builds(
    Hero,
    name=st.text(max_size=30),
    level=st.integers(-(10**6), 10**6),
    traits=st.lists(
        st.builds(Trait, name=st.text(max_size=10), rank=st.integers(0, 9)), max_size=4
    ),
    notes=st.dictionaries(st.text(max_size=8), st.text(max_size=8), max_size=4),
)


@FUZZ
@given(heroes)
def test_any_valid_document_round_trips(hero: Hero) -> None:
    loaded = load_document_bytes(dump_document_bytes(HERO, hero), REGISTRY, source="x")

    assert loaded.model == hero


@FUZZ
@given(heroes, st.data())
def test_corrupted_copies_of_valid_files(hero: Hero, data: st.DataObject) -> None:
    original = bytearray(dump_document_bytes(HERO, hero))
    for _ in range(data.draw(st.integers(1, 4), label="edits")):
        position = data.draw(st.integers(0, len(original) - 1), label="position")
        action = data.draw(st.sampled_from(["flip", "delete", "insert"]), label="action")
        if action == "flip":
            original[position] ^= data.draw(st.integers(1, 255), label="mask")
        elif action == "delete":
            del original[position]
        else:
            original.insert(position, data.draw(st.sampled_from(b'[]{}",:\\0e-\x00\xff')))
        if not original:
            break

    open_or_refuse(bytes(original))
