"""Reading a damage die costs what its length costs: hostile text is no slower than "1d8".

The baseline, measured in the same run, is ``DiceExpr.parse("1d8")``. Each hostile text (the
padded strings that backtracked cubically in the old pattern: 1,000 spaces took 2.2 s, 3,000
never finished) must cost at most ``LIMIT`` times the baseline, refused or read.
"""

from __future__ import annotations

import contextlib
import time

import pytest

from m3desk.core.dice import DiceError, DiceExpr

LIMIT = 20.0
HOSTILE = {
    "spaces": " " * 3000,
    "padded digits": "1" + " " * 3000 + "x",
    "padded d": " " * 1500 + "d" + " " * 1500 + "1" + " " * 1500 + "+",
    "many signs": "1d8" + "+ " * 3000,
    "long number": "9" * 100_000,
    "edge of the limit": " " * 18 + "20d100+100" + " " * 11 + "x",
}


def _per_call(text: str, calls: int = 2000) -> float:
    start = time.perf_counter()
    for _ in range(calls):
        with contextlib.suppress(DiceError):
            DiceExpr.parse(text)
    return (time.perf_counter() - start) / calls


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_dice_text_costs_like_a_plain_die(benchmark, name: str) -> None:
    baseline = min(_per_call("1d8") for _ in range(5))
    text = HOSTILE[name]
    benchmark.pedantic(_per_call, args=(text, 200), rounds=5, iterations=1)
    worst = min(_per_call(text) for _ in range(5))
    ratio = worst / baseline
    benchmark.extra_info.update(
        baseline_us=round(baseline * 1e6, 2),
        hostile_us=round(worst * 1e6, 2),
        ratio=round(ratio, 2),
    )
    print(f"\n{name}: 1d8 {baseline * 1e6:.2f} us, hostile {worst * 1e6:.2f} us, ratio {ratio:.2f}")
    assert ratio < LIMIT
