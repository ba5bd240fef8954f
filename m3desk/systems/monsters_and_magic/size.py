"""Size: small, medium and large creatures, and what size does to attacks."""

from __future__ import annotations

from enum import StrEnum


class Size(StrEnum):
    S = "S"
    M = "M"
    L = "L"

    @property
    def step(self) -> int:
        return {"S": 0, "M": 1, "L": 2}[self.value]

    @property
    def label(self) -> str:
        return {"S": "small", "M": "medium", "L": "large"}[self.value]


SIZE_STEP_ADJUSTMENT = 2


def size_adjustment(attacker: str, target: str, *, mental: bool = False) -> tuple[int, int]:
    """(change to the target's resistance, change to effect points on a hit).

    Physical attacks on a larger target: resistance −2 and effect points −2 per size step
    (easy to hit, hard to damage); on a smaller one +2 / +2. Mental attacks on a larger
    target: resistance +2 and effect points −2 per step; on a smaller one −2 / +2.
    """
    steps = Size(target).step - Size(attacker).step
    if mental:
        return (SIZE_STEP_ADJUSTMENT * steps, -SIZE_STEP_ADJUSTMENT * steps)
    return (-SIZE_STEP_ADJUSTMENT * steps, -SIZE_STEP_ADJUSTMENT * steps)
