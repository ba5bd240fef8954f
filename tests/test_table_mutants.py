"""The rules that read the games' tables hold every edge by the table tests alone (issue 31:
"several edges were killed only by chance"): each mutant of the ``tables`` preset of
tools/mutate_rules.py (``<`` for ``<=``, a row's bound one off, a sign flipped, in the rules
that read OSE's, AD&D's, Monsters & Magic's and Apparatus's tables) is killed by the tests
that read those tables against the books (tests/systems/*/test_*tables_from_*.py), in one
process. The only survivors allowed are ``TABLE_EQUIVALENTS``: changes no row can tell apart,
each named there with why; one of them killed after all is dropped from the list. A table
test that fails on the code as it is mutates nothing (it would "kill" every mutant)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_mutant_of_the_table_rules_is_killed_by_the_table_tests(tmp_path: Path) -> None:
    report = tmp_path / "mutants.json"
    sys.path.insert(0, str(ROOT))
    try:
        from tools.mutate_rules import PRESETS, TABLE_EQUIVALENTS, TABLE_TESTS, suite_targets
    finally:
        sys.path.remove(str(ROOT))
    targets = suite_targets(PRESETS["tables"], TABLE_TESTS)
    assert all("@" in target for target in targets)
    files = sorted({t for given in targets for t in given.partition("@")[2].split(",")})
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-n",
        "0",
        "-q",
        "-p",
        "no:cacheprovider",
        "-p",
        "tools.mutate_plugin",
        *files,
        "--mutate-report",
        str(report),
    ]
    for target in targets:
        command += ["--mutate", target]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=540)
    assert report.exists(), done.stdout[-2000:] + done.stderr[-2000:]
    found = json.loads(report.read_text(encoding="utf-8"))
    assert found["failing_unmutated"] == []  # else it would "kill" every mutant
    assert len(found["mutants"]) >= 450
    survivors: dict[str, set[str]] = {}
    for mutant in found["mutants"]:
        if not mutant["killed_by"]:
            survivors.setdefault(mutant["target"], set()).add(mutant["change"])
    unexplained = {
        f"{target}: {change}"
        for target, changes in survivors.items()
        for change in changes - TABLE_EQUIVALENTS.get(target, set())
    }
    assert sorted(unexplained) == []
    stale = {
        f"{target}: {change}"
        for target, changes in TABLE_EQUIVALENTS.items()
        for change in changes - survivors.get(target, set())
    }
    assert sorted(stale) == []
    print(f"{len(found['mutants'])} mutants, {found['cpu_seconds']:.0f} s of CPU")
    assert found["cpu_seconds"] < 120, found["cpu_seconds"]
