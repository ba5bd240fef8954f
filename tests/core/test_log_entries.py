"""The log appends without copying the past, and reads and saves like a tuple."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from m3desk.core import encounter as core
from m3desk.core.encounter import MAX_LOG, Encounter, LogEntry
from m3desk.core.log_entries import CHUNK, LogEntries


@given(st.lists(st.integers(), max_size=300), st.integers(-400, 400))
def test_it_reads_like_the_tuple_it_stands_for(values: list[int], index: int) -> None:
    log: LogEntries[int] = LogEntries()
    for value in values:
        log = log.appended(value)
    assert log == tuple(values) and len(log) == len(values) and list(log) == values
    assert list(reversed(log)) == values[::-1]
    assert log[index // 3 : index] == tuple(values)[index // 3 : index]
    if -len(values) <= index < len(values):
        assert log[index] == values[index]
    else:
        with pytest.raises(IndexError):
            _ = log[index]


def test_appending_shares_every_full_chunk_and_the_past_is_unchanged() -> None:
    log: LogEntries[int] = LogEntries(range(CHUNK * 3))
    longer = log.appended(-1)
    assert len(log) == CHUNK * 3 and longer[-1] == -1
    assert all(a is b for a, b in zip(log._chunks, longer._chunks[:3], strict=True))
    with pytest.raises(AttributeError):
        log._length = 0  # type: ignore[misc]
    assert LogEntries(range(5)).appended(5, limit=3) == (3, 4, 5)


def test_an_encounter_s_log_saves_as_a_list_and_loads_back_equal() -> None:
    encounter = Encounter()
    for number in range(CHUNK + 5):
        encounter = core.add_log(encounter, f"entry {number}")
    data = json.loads(encounter.model_dump_json())
    assert isinstance(data["log"], list) and data["log"][-1]["text"] == f"entry {CHUNK + 4}"
    again = Encounter.model_validate_json(json.dumps(data))
    assert again == encounter and isinstance(again.log, LogEntries)
    assert again.log[0] == LogEntry(round=0, phase="setup", text="entry 0")


def test_a_log_past_its_limit_is_refused_and_a_bad_entry_too() -> None:
    too_long = [{"round": 0, "text": "x"}] * (MAX_LOG + 1)
    with pytest.raises(ValueError, match="at most"):
        Encounter.model_validate({"log": too_long})
    with pytest.raises(ValueError):
        Encounter.model_validate({"log": [{"round": -1, "text": "x"}]})
