"""Hostile sizes are refused before they cost anything, with a sentence; m3desk's own files
stay far inside the same limits.

A 1,000,000-line log (24 MB, under the 32 MB file limit) took 1.6 GB before its clean error;
10,000 side names took 12 s to open; an Apparatus size modifier of 10^100 was taken as a rule;
100,000 characters of notes took seconds to lay out and print.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.bounds import MAX_NOTES
from m3desk.core.log_entries import LogEntries
from m3desk.core.registry import systems
from m3desk.storage import catalog, safejson
from m3desk.storage.documents import load_document, load_document_bytes
from m3desk.storage.errors import DocumentLoadError
from tests.ui.window.fight_files import fight_json

GAMES = [system.id for system in systems()]


def _load(raw: dict, name: str = "hostile.m3e"):
    return load_document_bytes(
        json.dumps(raw, ensure_ascii=False).encode(), catalog.all_documents(), source=name
    )


@pytest.mark.parametrize("game", GAMES)
def test_a_million_line_log_is_refused_before_it_is_parsed(game: str, monkeypatch) -> None:
    raw = fight_json(game)
    raw["document"]["log"] = "LOG"
    entry = json.dumps({"round": 1, "text": "x"}, separators=(",", ":"))
    data = json.dumps(raw).replace('"LOG"', "[" + ",".join([entry] * 1_000_000) + "]")
    assert 20 << 20 < len(data) < 32 << 20

    def never(*_args, **_kwargs):
        raise AssertionError("json.loads ran on a file that was refused by its counts")

    monkeypatch.setattr(safejson.json, "loads", never)
    with pytest.raises(DocumentLoadError) as refused:
        load_document_bytes(data.encode(), catalog.all_documents(), source="long-log.m3e")
    assert "lists and objects" in refused.value.message
    assert "long-log.m3e" in refused.value.message


@pytest.mark.parametrize("game", GAMES)
def test_ten_thousand_sides_are_refused(game: str) -> None:
    raw = fight_json(game)
    raw["document"]["sides"] = [f"Side {n}" for n in range(10_000)]
    with pytest.raises(DocumentLoadError) as refused:
        _load(raw)
    assert "sides" in refused.value.message


@pytest.mark.parametrize("game", GAMES)
def test_notes_past_the_limit_are_refused_and_at_the_limit_open(game: str) -> None:
    kind = registry.get(game)
    raw = fight_json(game)
    sheet = raw["document"]["combatants"][0]["sheet"]
    field = "notes" if "notes" in sheet else "description"
    rtl = "שלום עולם مرحبا abc ١٢٣ "
    sheet[field] = (rtl * MAX_NOTES)[:MAX_NOTES]
    assert len(_load(raw).model.combatants[0].sheet.__dict__[field]) == MAX_NOTES
    sheet[field] += "x"
    with pytest.raises(DocumentLoadError) as refused:
        _load(raw)
    assert f"{MAX_NOTES + 1:,} characters" in refused.value.message, kind.id


def test_an_absurd_size_modifier_is_refused() -> None:
    raw = fight_json("apparatus")
    raw["document"]["options"] = {"size_modifiers": [-4, -2, 0, 2, 4, 10**100]}
    with pytest.raises(DocumentLoadError) as refused:
        _load(raw)
    assert "size_modifiers" in refused.value.message


@pytest.mark.parametrize("game", GAMES)
def test_the_largest_encounter_m3desk_writes_opens(game: str, tmp_path: Path) -> None:
    """200 combatants, every pair placed, a full log of table-sized lines: inside every
    limit (the counts, the 32 MB), saved and opened again."""
    from m3desk.assets import sample_files
    from m3desk.storage.encounter_files import save_encounter
    from m3desk.ui.encounter.new_document import new_encounter_document

    files = sample_files(game)
    document = new_encounter_document([files[n % len(files)] for n in range(core.MAX_COMBATANTS)])
    fight = document.encounter
    document.deleteLater()
    ids = [c.id for c in fight.combatants]
    positions = {core.pair_key(a, b): 1 for n, a in enumerate(ids) for b in ids[n + 1 :]}
    fight = fight.model_copy(update={"positions": positions})
    entry = core.LogEntry(
        round=3,
        text="Round 3: an attack hits for 7 damage",
        actor=ids[0],
        target=ids[1],
        details="d20 14 + 3 = 17 vs AC 15; 1d8+2 = 7 " * 3,
    )
    full = LogEntries([entry] * core.MAX_LOG)
    fight = core.add_log(fight.model_copy(update={"log": full}), "One more")  # trims the oldest
    assert len(fight.log) == core.MAX_LOG
    path = tmp_path / "largest.m3e"
    save_encounter(path, fight)

    containers, values = safejson.counted_structure(path.read_text(encoding="utf-8"))
    assert containers < safejson.MAX_CONTAINERS / 2 and values < safejson.MAX_VALUES / 2
    assert len(load_document(path, catalog.all_documents()).model.combatants) == 200


def _sparse(path: Path, size: int) -> Path:
    with path.open("wb") as stream:
        stream.truncate(size)  # over the limit without writing it
    return path


def test_each_reader_says_what_the_file_it_refused_is_not(tmp_path: Path) -> None:
    """A refusal for size or binary content names what the file was expected to be: every
    reader said "not an m3desk file" (or "document"), the same words for a table file, a
    bestiary and the settings, and a size of "4.0 MB; the limit is 4.0 MB"."""
    from m3desk.storage.bestiary import load_bestiary
    from m3desk.storage.documents import MAX_DOCUMENT_BYTES
    from m3desk.storage.paths import AppPaths
    from m3desk.storage.settings import load_settings
    from m3desk.storage.tables import MAX_TABLE_BYTES, read_table_file

    binary = b'{"format": "x\x00"}'
    readers = {
        "an m3desk file": (lambda p: load_document(p, catalog.all_documents()), MAX_DOCUMENT_BYTES),
        "an m3desk table file": (read_table_file, MAX_TABLE_BYTES),
        "an m3desk bestiary": (load_bestiary, 8 << 20),
    }
    for expected, (read, limit) in readers.items():
        for name, size in (("binary", 0), ("large", limit + 10)):
            path = tmp_path / f"{name}.json"
            if size:
                _sparse(path, size)
            else:
                path.write_bytes(binary)
            with pytest.raises(DocumentLoadError) as refused:
                read(path)
            assert refused.value.message.endswith(f"so it is not {expected}."), refused.value
            if size:
                assert f"{size:,} bytes; the limit is {limit:,} bytes" in refused.value.message
    home = tmp_path / "home"
    paths = AppPaths(data_dir=home / "data", config_dir=home / "config", state_dir=home / "state")
    paths.settings_file.parent.mkdir(parents=True)
    paths.settings_file.write_bytes(binary)
    _settings, warning = load_settings(paths)
    assert warning is not None and warning.endswith("so it is not an m3desk settings file.")
