"""No pattern in m3desk backtracks: hostile text costs time in proportion to its length.

Every compiled pattern kept at module level in m3desk is tried with search, fullmatch and sub
on pumped strings (one or two characters repeated, then a character no pattern expects). For
each pattern the slowest such string at 300 characters is timed again at 4× the length; the
ratio of the two, measured in the same run, is about 4 for a linear pattern, 16 for a
quadratic one and 64 for a cubic one (the old dice pattern). The limit is 8.
"""

from __future__ import annotations

import importlib
import itertools
import pkgutil
import re
import time

import pytest

import m3desk

LIMIT = 8.0
PUMPS = [" ", "\n", "1", "d", "a", "r", "(", ")", "/", "+", "-", ".", ",", "*", '"', "\\"]
SHORT = 300


def _patterns() -> dict[str, re.Pattern]:
    found: dict[str, re.Pattern] = {}
    for module in pkgutil.walk_packages(m3desk.__path__, "m3desk."):
        loaded = importlib.import_module(module.name)
        for name, value in vars(loaded).items():
            if isinstance(value, re.Pattern) and getattr(loaded, "__name__", "") == module.name:
                found.setdefault(f"{module.name}.{name}", value)
    return found


PATTERNS = _patterns()


def _cost(pattern: re.Pattern, text: str, repeats: int = 3) -> float:
    data: str | bytes = text.encode() if isinstance(pattern.pattern, bytes) else text
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        pattern.search(data)
        pattern.fullmatch(data)
        pattern.sub(data[:0], data)
        best = min(best, time.perf_counter() - start)
    return best


def _worst(pattern: re.Pattern) -> tuple[str, str]:
    """The pump (first char, repeated part) that costs most at ``SHORT`` characters."""
    costs = {
        (first, pumped, kind): _cost(pattern, text, 1)
        for (first, pumped), kind, text in (
            ((a, b), k, t)
            for a, b in itertools.product(PUMPS, repeat=2)
            for k, t in (("run", a + b * SHORT + "\x00"), ("pair", (a + b) * (SHORT // 2) + "\x00"))
        )
    }
    return max(costs, key=costs.__getitem__)


def _pumped(first: str, pumped: str, kind: str, length: int) -> str:
    if kind == "run":
        return first + pumped * length + "\x00"
    return (first + pumped) * (length // 2) + "\x00"


def test_every_pattern_is_found() -> None:
    assert "m3desk.storage.safejson._NOT_A_BRACKET" in PATTERNS
    assert len(PATTERNS) >= 15


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_pattern_cost_grows_linearly(benchmark, name: str) -> None:
    pattern = PATTERNS[name]
    first, pumped, kind = _worst(pattern)
    short = _pumped(first, pumped, kind, SHORT)
    long = _pumped(first, pumped, kind, 4 * SHORT)
    benchmark.pedantic(_cost, args=(pattern, long, 1), rounds=3, iterations=1)
    ratio = _cost(pattern, long, 7) / max(_cost(pattern, short, 7), 1e-7)
    benchmark.extra_info.update(pump=repr(first + pumped), ratio=round(ratio, 2))
    print(f"\n{name}: worst pump {first + pumped!r} ({kind}), 4x length costs {ratio:.1f}x")
    assert ratio < LIMIT


@pytest.mark.parametrize("text", [" ", "(", "a ("])
def test_short_attack_name_grows_linearly(benchmark, text: str) -> None:
    """The board's caption drops "(…)" parts; it used a pattern that was quadratic on "(((…"."""
    from m3desk.ui.board.token_item import short_attack_name

    def cost(length: int) -> float:
        name = text * length
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            short_attack_name(name)
            best = min(best, time.perf_counter() - start)
        return best

    benchmark.pedantic(short_attack_name, args=(text * 4000,), rounds=3, iterations=1)
    ratio = cost(16_000) / max(cost(4_000), 1e-7)
    benchmark.extra_info.update(ratio=round(ratio, 2))
    assert ratio < LIMIT
    assert short_attack_name("Cutter (signature longsword)") == "Cutter"
