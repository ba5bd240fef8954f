"""Opening an old-format encounter (a distance per pair, no places) at 9, 50 and 200
combatants, against opening the same encounter as a file of today (with places).

Each old file keeps a distance for every pair, two steps within a side and six across (a
plane cannot hold that for many: every round of fitting has work to do). The baseline is
the same encounter written as today's format and read in the same run, so the ratio says
what turning the distances into places adds; issue 30's target is at most 1 s for 200
combatants (checked on this thread's CPU time: on a shared machine wall time measures the
neighbours too).
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable

import pytest

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.storage import catalog
from m3desk.storage.documents import dump_document_bytes, load_document_bytes
from m3desk.storage.sheet_files import load_sheet

GAME = "ose"
TARGET_S = 1.0


def _files(count: int) -> tuple[bytes, bytes]:
    """The encounter of ``count`` as schema 1 wrote it, and as today's format writes it."""
    system = registry.get(GAME)
    assert system.encounter is not None
    spec = next(d for d in system.documents if d.kind == "encounter")
    encounter = spec.model(name="Old crowd")
    sheets = [load_sheet(path).model for path in sample_files(GAME)]
    for number in range(count):
        encounter = core.join(
            encounter,
            system.encounter.make_combatant(
                sheets[number % len(sheets)], "Party" if number % 2 == 0 else "Monsters"
            ),
        )
    today = dump_document_bytes(catalog.document_type(type(encounter)), encounter)
    record = json.loads(today)
    record["schema_version"] = 1
    body = record["document"]
    body.pop("places")
    ids = [c["id"] for c in body["combatants"]]
    step = encounter.position_model.step
    body["positions"] = {
        core.pair_key(ids[a], ids[b]): (2 if a % 2 == b % 2 else 6) * step
        for a in range(count)
        for b in range(a + 1, count)
    }
    return json.dumps(record).encode(), today


def _cpu_median(run: Callable[[], object], rounds: int = 3) -> float:
    times = []
    for _ in range(rounds):
        start = time.thread_time()
        run()
        times.append(time.thread_time() - start)
    return statistics.median(times)


@pytest.mark.parametrize("count", [9, 50, 200])
def test_opening_an_old_file(count: int) -> None:
    old, today = _files(count)
    encounters = catalog.encounters()

    def read(data: bytes) -> Callable[[], object]:
        return lambda: load_document_bytes(data, encounters, source="crowd.m3e")

    read(today)()  # the models built once
    baseline = _cpu_median(read(today))
    opened = _cpu_median(read(old))
    print(
        f"\nold file of {count}: {opened * 1000:.0f} ms CPU; the same in today's format "
        f"{baseline * 1000:.0f} ms; ratio {opened / baseline:.1f}×"
    )
    assert opened < TARGET_S
