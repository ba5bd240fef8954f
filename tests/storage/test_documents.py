"""Saving and opening versioned documents, and every way a file can be bad."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, model_validator

import m3desk
from m3desk.storage import (
    DocumentLoadError,
    DocumentRegistry,
    DocumentType,
    NewerVersionError,
    SaveError,
    dump_document_bytes,
    load_document,
    load_document_bytes,
    safejson,
    save_document,
)
from tests.storage.dummy_documents import HERO, Hero, Trait, envelope_bytes

VALID_HERO = {"name": "Brom", "level": 2, "traits": [], "notes": {}}


# --- round trip -------------------------------------------------------------------------


def test_save_then_load_gives_an_equal_document(
    tmp_path: Path, registry: DocumentRegistry, hero: Hero
) -> None:
    path = tmp_path / "aria.m3h"

    save_document(path, HERO, hero)
    loaded = load_document(path, registry)

    assert loaded.model == hero
    assert loaded.doc_type is HERO
    assert loaded.path == path
    assert loaded.migrated_from is None


def test_saved_file_is_a_readable_json_envelope(hero: Hero) -> None:
    data = dump_document_bytes(HERO, hero)
    text = data.decode("utf-8")

    record = json.loads(text)
    assert list(record) == ["format", "schema_version", "app_version", "document"]
    assert record["format"] == "m3desk.test-hero"
    assert record["schema_version"] == 1
    assert record["app_version"] == m3desk.__version__
    assert record["document"] == hero.model_dump(mode="json")
    assert text.endswith("}\n")
    assert '\n  "format": ' in text  # indented by two spaces
    assert "Ünïcödé ✨" in text  # names stay readable, not \u-escaped


def test_dumping_is_deterministic_and_keeps_dict_order(hero: Hero) -> None:
    first = dump_document_bytes(HERO, hero)

    assert dump_document_bytes(HERO, hero.model_copy(deep=True)) == first
    notes = json.loads(first)["document"]["notes"]
    assert list(notes) == ["zeta", "alpha"]  # order can be data; never re-sorted


def test_text_that_is_not_valid_unicode_still_round_trips(registry: DocumentRegistry) -> None:
    odd = Hero(name="broken \ud800 surrogate")

    data = dump_document_bytes(HERO, odd)

    assert load_document_bytes(data, registry, source="odd").model == odd


def test_dumping_the_wrong_model_is_a_programming_error() -> None:
    with pytest.raises(TypeError):
        dump_document_bytes(HERO, Trait(name="x"))


def test_save_failure_leaves_old_document_intact(
    tmp_path: Path, hero: Hero, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "aria.m3h"
    save_document(path, HERO, hero)
    before = path.read_bytes()

    def disk_full(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(SaveError, match="the disk is full"):
        save_document(path, HERO, hero.model_copy(update={"name": "Changed"}))

    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["aria.m3h"]


# --- newer versions -----------------------------------------------------------------------


def test_file_from_a_newer_m3desk_is_refused_with_an_explanation(
    tmp_path: Path, registry: DocumentRegistry
) -> None:
    path = tmp_path / "future.m3h"
    data = envelope_bytes(VALID_HERO, version=4, app_version="2.3.0")
    path.write_bytes(data)

    with pytest.raises(NewerVersionError) as caught:
        load_document(path, registry)

    message = caught.value.message
    assert str(path) in message
    assert "newer m3desk" in message
    assert "m3desk 2.3.0" in message
    assert "reads up to format version 1" in message
    assert "will not be opened" in message
    assert "will not be overwritten" in message
    assert (caught.value.found_version, caught.value.supported_version) == (4, 1)
    assert isinstance(caught.value, DocumentLoadError)
    assert path.read_bytes() == data


def test_saving_over_a_newer_file_is_refused(tmp_path: Path, hero: Hero) -> None:
    path = tmp_path / "future.m3h"
    data = envelope_bytes(VALID_HERO, version=2)
    path.write_bytes(data)

    with pytest.raises(SaveError, match="newer m3desk"):
        save_document(path, HERO, hero)

    assert path.read_bytes() == data


def test_saving_over_a_damaged_or_older_file_is_allowed(tmp_path: Path, hero: Hero) -> None:
    path = tmp_path / "aria.m3h"
    path.write_bytes(b"\x00garbage")
    save_document(path, HERO, hero)

    assert json.loads(path.read_bytes())["document"]["name"] == hero.name


# --- migrations ---------------------------------------------------------------------------


class HeroV3(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: str
    level: int
    tags: list[str]


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    doc["calls"].append(1)
    doc["name"] = doc.pop("hero_name")
    return doc


def _v2_to_v3(doc: dict[str, Any]) -> dict[str, Any]:
    doc["calls"].append(2)
    doc["level"] = doc.pop("lvl")
    doc["tags"] = [str(step) for step in doc.pop("calls")]
    return doc


def _hero_v3(migrations: dict[int, Any]) -> DocumentType[HeroV3]:
    return DocumentType(
        kind="hero",
        format_id="m3desk.test-hero",
        extension=".m3h",
        model=HeroV3,
        schema_version=3,
        migrations=migrations,
    )


def test_migration_chain_upgrades_v1_through_v3_in_order(tmp_path: Path) -> None:
    registry = DocumentRegistry([_hero_v3({1: _v1_to_v2, 2: _v2_to_v3})])
    path = tmp_path / "old.m3h"
    original = envelope_bytes({"hero_name": "Old Brom", "lvl": 5, "calls": []}, version=1)
    path.write_bytes(original)

    loaded = load_document(path, registry)

    assert loaded.model == HeroV3(name="Old Brom", level=5, tags=["1", "2"])  # ran in order
    assert loaded.migrated_from == 1
    assert path.read_bytes() == original  # opening never rewrites the file


def test_migration_records_each_step() -> None:
    calls: list[int] = []

    def step1(doc: dict[str, Any]) -> dict[str, Any]:
        calls.append(1)
        return {**doc, "name": doc.pop("hero_name")}

    def step2(doc: dict[str, Any]) -> dict[str, Any]:
        calls.append(2)
        return {"name": doc["name"], "level": doc["lvl"], "tags": ["migrated"]}

    registry = DocumentRegistry([_hero_v3({1: step1, 2: step2})])

    from_v1 = load_document_bytes(
        envelope_bytes({"hero_name": "A", "lvl": 1}, version=1), registry, source="v1"
    )
    assert calls == [1, 2]
    assert from_v1.model == HeroV3(name="A", level=1, tags=["migrated"])
    assert from_v1.migrated_from == 1

    calls.clear()
    from_v2 = load_document_bytes(
        envelope_bytes({"name": "B", "lvl": 2}, version=2), registry, source="v2"
    )
    assert calls == [2]
    assert from_v2.migrated_from == 2


def test_missing_migration_step_is_reported(tmp_path: Path) -> None:
    registry = DocumentRegistry([_hero_v3({2: _v2_to_v3})])
    path = tmp_path / "old.m3h"
    path.write_bytes(envelope_bytes({"hero_name": "A"}, version=1))

    with pytest.raises(DocumentLoadError) as caught:
        load_document(path, registry)

    assert "no migration from version 1" in caught.value.message
    assert str(path) in caught.value.message


@pytest.mark.parametrize(
    ("step", "words"),
    [
        (lambda doc: doc["missing key"], "could not be upgraded from format version 1 to 2"),
        (lambda doc: ["not", "a", "dict"], "did not produce a document"),
    ],
)
def test_failing_migration_is_a_load_error(step: Any, words: str) -> None:
    registry = DocumentRegistry([_hero_v3({1: step, 2: _v2_to_v3})])

    with pytest.raises(DocumentLoadError, match=words):
        load_document_bytes(envelope_bytes({"hero_name": "A"}, version=1), registry, source="x")


# --- bad input ----------------------------------------------------------------------------


def _envelope_without(key: str) -> bytes:
    record = json.loads(envelope_bytes(VALID_HERO))
    del record[key]
    return json.dumps(record).encode()


BAD_FILES: list[tuple[str, bytes, str]] = [
    ("empty", b"", "empty"),
    ("whitespace", b"  \n\t ", "empty"),
    ("binary", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary file"),
    ("latin-1", '{"name": "Ça"}'.encode("latin-1"), "not a UTF-8 text file"),
    ("truncated JSON", envelope_bytes(VALID_HERO)[:-7], "not valid JSON"),
    ("trailing garbage", envelope_bytes(VALID_HERO) + b" x", "not valid JSON"),
    ("NaN", b'{"format": NaN}', "NaN is not allowed"),
    ("huge integer", b'{"format": ' + b"9" * 5000 + b"}", "more than 1000 digits"),
    ("huge float", b'{"format": 1e999}', "too large"),
    ("deep arrays", b"[" * 100_000, "nested more than 64 levels"),
    ("deep objects", b'{"a":' * 70 + b"1" + b"}" * 70, "nested more than 64 levels"),
    ("JSON list", b"[1, 2, 3]", "not an m3desk document (it holds a list"),
    ("JSON string", b'"hello"', "not an m3desk document"),
    ("JSON null", b"null", "not an m3desk document"),
    ("no format", _envelope_without("format"), "no “format” entry"),
    ("format not text", envelope_bytes(VALID_HERO, format_id=7), "no “format” entry"),  # type: ignore[arg-type]
    ("other program", envelope_bytes(VALID_HERO, format_id="acme.sheet"), "unknown format"),
    ("unknown kind", envelope_bytes(VALID_HERO, format_id="m3desk.spell"), "does not know"),
    ("no version", _envelope_without("schema_version"), "has no format version"),
    ("version as text", envelope_bytes(VALID_HERO, version="1"), "not a positive whole number"),
    ("version zero", envelope_bytes(VALID_HERO, version=0), "not a positive whole number"),
    ("version negative", envelope_bytes(VALID_HERO, version=-3), "not a positive whole number"),
    ("version bool", envelope_bytes(VALID_HERO, version=True), "not a positive whole number"),
    ("version float", envelope_bytes(VALID_HERO, version=1.0), "not a positive whole number"),
    ("no document", _envelope_without("document"), "has no document data"),
    ("document list", envelope_bytes([VALID_HERO]), "document data of the wrong kind"),
    ("invalid field", envelope_bytes({"name": 12}), "name: Input should be a valid string"),
    ("extra field", envelope_bytes({**VALID_HERO, "hp": 3}), "hp: Extra inputs are not permitted"),
    ("missing field", envelope_bytes({"level": 1}), "name: Field required"),
]


@pytest.mark.parametrize(("case", "data", "words"), BAD_FILES, ids=[c[0] for c in BAD_FILES])
def test_bad_file_gives_a_load_error_naming_the_file(
    tmp_path: Path, registry: DocumentRegistry, case: str, data: bytes, words: str
) -> None:
    path = tmp_path / "suspicious file.m3h"
    path.write_bytes(data)

    with pytest.raises(DocumentLoadError) as caught:
        load_document(path, registry)

    message = caught.value.message
    assert words in message
    assert f"“{path}”" in message
    assert caught.value.path == path
    assert type(caught.value) is DocumentLoadError
    assert path.read_bytes() == data


def test_invalid_json_reports_line_and_column(registry: DocumentRegistry) -> None:
    data = b'{\n  "format": "m3desk.test-hero",\n  oops: 1\n}'

    with pytest.raises(DocumentLoadError, match=r"at line 3, column 3"):
        load_document_bytes(data, registry, source="pasted text")


def test_validation_problems_are_summarised_with_field_paths(registry: DocumentRegistry) -> None:
    traits = [{"name": "ok"}, {"name": "fine"}, {"name": 42}]

    with pytest.raises(DocumentLoadError) as caught:
        load_document_bytes(
            envelope_bytes({"name": "A", "traits": traits}), registry, source="aria.m3h"
        )

    message = caught.value.message
    assert message.startswith("Could not open “aria.m3h”: it is not a valid hero file:")
    assert "  traits[2].name: Input should be a valid string" in message
    assert "https://" not in message  # no pydantic documentation links
    assert caught.value.path is None


def test_many_validation_problems_are_capped(registry: DocumentRegistry) -> None:
    traits = [{"name": n} for n in range(20)]

    with pytest.raises(DocumentLoadError) as caught:
        load_document_bytes(envelope_bytes({"name": "A", "traits": traits}), registry, source="x")

    lines = caught.value.message.splitlines()
    assert len([line for line in lines if "Input should be" in line]) == 5
    assert lines[-1].strip() == "… and 15 more problems"


def test_hostile_field_names_cannot_flood_the_message(registry: DocumentRegistry) -> None:
    key = "line\nbreak" + "x" * 10_000

    with pytest.raises(DocumentLoadError) as caught:
        load_document_bytes(envelope_bytes({"name": "A", key: 1}), registry, source="x")

    message = caught.value.message
    assert len(message) < 500
    assert len(message.splitlines()) == 2


def test_nesting_up_to_the_limit_is_not_called_too_deep(registry: DocumentRegistry) -> None:
    """64 levels pass the scan (and fail validation normally); 65 do not."""
    nested: Any = "leaf"
    for _ in range(61):  # + envelope, document and notes objects = 64 levels
        nested = [nested]
    data = envelope_bytes({"name": "A", "notes": {"deep": nested}})

    with pytest.raises(DocumentLoadError) as caught:
        load_document_bytes(data, registry, source="x")

    assert "nested" not in caught.value.message
    assert "notes.deep: Input should be a valid string" in caught.value.message
    deeper = envelope_bytes({"name": "A", "notes": {"deep": [nested]}})
    with pytest.raises(DocumentLoadError, match="nested more than 64 levels"):
        load_document_bytes(deeper, registry, source="x")


def test_brackets_inside_text_do_not_count_as_nesting(registry: DocumentRegistry) -> None:
    name = '[{"[' * 500 + '\\"]'
    loaded = load_document_bytes(envelope_bytes({"name": name}), registry, source="x")

    assert loaded.model.name == name  # type: ignore[attr-defined]


def test_recursion_error_is_caught_even_if_the_depth_scan_misses(
    registry: DocumentRegistry, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(safejson, "nesting_exceeds", lambda text, limit=64: False)

    with pytest.raises(DocumentLoadError, match="nested"):
        load_document_bytes(b"[" * 200_000 + b"]" * 200_000, registry, source="x")


def test_a_model_validator_failing_oddly_is_still_a_load_error() -> None:
    class Touchy(BaseModel):
        name: str

        @model_validator(mode="after")
        def explode(self) -> Touchy:
            raise KeyError("surprise")

    touchy = DocumentType(
        kind="touchy", format_id="m3desk.touchy", extension=".t", model=Touchy, schema_version=1
    )

    with pytest.raises(DocumentLoadError, match="KeyError"):
        load_document_bytes(
            envelope_bytes({"name": "A"}, format_id="m3desk.touchy"),
            DocumentRegistry([touchy]),
            source="x",
        )


def test_byte_order_mark_is_tolerated(registry: DocumentRegistry) -> None:
    loaded = load_document_bytes(b"\xef\xbb\xbf" + envelope_bytes(VALID_HERO), registry, source="x")

    assert loaded.model == Hero(name="Brom", level=2)


def test_missing_file(tmp_path: Path, registry: DocumentRegistry) -> None:
    path = tmp_path / "gone.m3h"

    with pytest.raises(DocumentLoadError, match="does not exist") as caught:
        load_document(path, registry)

    assert str(path) in caught.value.message


def test_folder_instead_of_file(tmp_path: Path, registry: DocumentRegistry) -> None:
    with pytest.raises(DocumentLoadError, match="it is a folder"):
        load_document(tmp_path, registry)


def test_unreadable_file(
    tmp_path: Path, registry: DocumentRegistry, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "locked.m3h"
    path.write_bytes(envelope_bytes(VALID_HERO))

    def denied(*_args: object, **_kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(safejson, "open", denied, raising=False)  # root ignores chmod
    with pytest.raises(DocumentLoadError, match="permission denied"):
        load_document(path, registry)


def test_oversized_file_is_refused_without_reading_it(
    tmp_path: Path, registry: DocumentRegistry, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "huge.m3h"
    with open(path, "wb") as stream:
        stream.truncate(33 * 1024 * 1024)  # sparse: costs no disk space

    def must_not_read(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the file was opened for reading")

    monkeypatch.setattr(safejson, "open", must_not_read, raising=False)
    with pytest.raises(DocumentLoadError, match=r"too large \(33\.0 MB; the limit is 32\.0 MB\)"):
        load_document(path, registry)


def test_oversized_bytes_are_refused(registry: DocumentRegistry) -> None:
    with pytest.raises(DocumentLoadError, match="too large"):
        load_document_bytes(b" " * (32 * 1024 * 1024 + 1), registry, source="clipboard")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_named_pipe_is_refused_instead_of_hanging(
    tmp_path: Path, registry: DocumentRegistry
) -> None:
    fifo = tmp_path / "pipe.m3h"
    os.mkfifo(fifo)

    with pytest.raises(DocumentLoadError, match="not a regular file"):
        load_document(fifo, registry)


# --- registry -----------------------------------------------------------------------------


def test_registry_finds_types_by_format_and_extension() -> None:
    registry = DocumentRegistry([HERO])

    assert registry.by_format("m3desk.test-hero") is HERO
    assert registry.by_extension(".m3h") is HERO
    assert registry.by_extension("M3H") is HERO
    assert registry.for_path("/x/Aria.M3H") is HERO
    assert registry.for_path("/x/Aria") is None
    assert registry.by_format("m3desk.other") is None
    assert list(registry) == [HERO] and len(registry) == 1


def test_registry_refuses_duplicates() -> None:
    registry = DocumentRegistry([HERO])
    clash = DocumentType(
        kind="other", format_id="m3desk.other", extension=".M3H", model=Hero, schema_version=1
    )

    with pytest.raises(ValueError, match="extension"):
        registry.register(clash)
    with pytest.raises(ValueError, match="format"):
        registry.register(HERO)


@pytest.mark.parametrize(
    "changes",
    [
        {"extension": "m3h"},
        {"extension": "."},
        {"schema_version": 0},
        {"schema_version": 2, "migrations": {2: lambda d: d}},
        {"schema_version": 2, "migrations": {0: lambda d: d}},
        {"kind": ""},
    ],
)
def test_inconsistent_document_types_fail_at_definition(changes: dict[str, Any]) -> None:
    fields: dict[str, Any] = {
        "kind": "hero",
        "format_id": "m3desk.test-hero",
        "extension": ".m3h",
        "model": Hero,
        "schema_version": 1,
        **changes,
    }

    with pytest.raises(ValueError):
        DocumentType(**fields)


def test_document_type_label_defaults_to_kind_and_migrations_are_frozen() -> None:
    steps: dict[int, Any] = {1: lambda d: d}
    doc_type = DocumentType(
        kind="monster",
        format_id="m3desk.m",
        extension=".m3m",
        model=Hero,
        schema_version=2,
        migrations=steps,
    )
    steps[5] = lambda d: d

    assert doc_type.label == "monster"
    assert list(doc_type.migrations) == [1]


@pytest.mark.skipif(sys.platform == "win32", reason="uses a POSIX path with a NUL")
def test_path_with_nul_is_a_load_error(registry: DocumentRegistry) -> None:
    with pytest.raises(DocumentLoadError, match="not valid"):
        load_document("bad\x00name.m3h", registry)
