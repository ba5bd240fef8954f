"""A turn's Movement: what each kind of movement costs, what is impassable, how far a jump
carries (seed 004, "Movement Actions"; digest §2 and §3).

Movement is counted in half points inside the encounter (``halves``) so that standing up
with an odd Speed can cost exactly ½ Speed when the table rules say so; everything a user
sees is whole or "½".
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Literal

from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.tables import (
    BASE_COST,
    HIGH_JUMP,
    JUMP_FACTOR,
    LONG_JUMP,
    MOVE_KINDS,
    SIZE_MULTIPLIER,
    SIZES,
    Band,
    Size,
    jump_formula,
    size_index,
)

__all__ = [
    "HIGH_JUMP_COST",
    "LONG_JUMP_COST",
    "grappler_speed",
    "high_jump",
    "jump_band",
    "jump_distances",
    "long_jump",
    "movement_cost",
    "movement_text",
    "run_up_metres",
    "stand_cost_halves",
    "step_cost",
    "terrain_impassable",
]

HIGH_JUMP_COST = 2
LONG_JUMP_COST = 4


def _kind(kind: str) -> str:
    if kind not in MOVE_KINDS:
        raise ValueError(f"movement is one of {', '.join(MOVE_KINDS)}, not {kind!r}")
    return kind


def _per_metre(kind: str, difficulty: int, natural: bool) -> int:
    base = BASE_COST[_kind(kind)]  # type: ignore[index]
    if natural and kind in ("climb", "swim"):
        base = 1
    if difficulty < 0:
        raise ValueError("a Difficulty Rating is 0 or more")
    return base + difficulty


def movement_cost(kind: str, metres: int, *, difficulty: int = 0, natural: bool = False) -> int:
    """Movement to run, climb, swim or crawl ``metres`` (Medium): the kind's cost per metre
    (climb and swim 1 with the Natural Climber or Swimmer feat) plus 1 per Difficulty Rating."""
    if metres < 0:
        raise ValueError("a distance is 0 or more metres")
    return _per_metre(kind, difficulty, natural) * metres


def terrain_impassable(kind: str, difficulty: int, speed: int) -> bool:
    """True where one metre of this movement through this terrain costs more than the base
    Speed (before Dash). The Natural feats are not known here: with one, ask
    :func:`movement_cost` for the per-metre cost and compare it to the Speed."""
    return _per_metre(kind, difficulty, False) > speed


def step_cost(
    kind: str,
    metres: int,
    size: Size,
    *,
    difficulty: int = 0,
    natural: bool = False,
    scaled: bool = True,
) -> int:
    """The cost for a creature of ``size``: climbing, swimming and crawling distances scale
    with the Size Multiplier (a table rule); running does not (Speed already does)."""
    cost = movement_cost(kind, metres, difficulty=difficulty, natural=natural)
    if kind == "run" or not scaled:
        return cost
    return math.ceil(Fraction(cost) / SIZE_MULTIPLIER[size])


def jump_band(might: int, agility: int, options: ApparatusOptions | None = None) -> Band:
    """Weak, normal or strong, from "Might or Agility" as the table rules read it."""
    options = options or ApparatusOptions()
    if options.jump_bands == "text":

        def weak(score: int) -> bool:
            return score <= 2

        def strong(score: int) -> bool:
            return score >= 6
    else:

        def weak(score: int) -> bool:
            return score < 2

        def strong(score: int) -> bool:
            return score > 6

    if options.jump_score == "literal":
        if any(strong(s) for s in (might, agility)):
            return "strong"
        return "weak" if any(weak(s) for s in (might, agility)) else "normal"
    score = might if options.jump_score == "might" else max(might, agility)
    return "strong" if strong(score) else "weak" if weak(score) else "normal"


def high_jump(size: str, score: int, running: bool) -> tuple[int, int]:
    """(height, horizontal) in metres from the seed's Table 1: ``score`` is the better of
    Might and Agility (≤ 2 weak, ≥ 6 strong); a run of 2 m (× the size) adds a horizontal
    distance equal to the height. The sheet's and the action dialog's numbers
    (:func:`jump_metres`) under the default table rules."""
    height = jump_metres(
        "high", SIZES[size_index(size)], jump_band(score, score), 2 if running else 0
    )
    return height, height if running else 0


def long_jump(size: str, score: int, run_up: int) -> int:
    """Metres from the seed's Table 3; ``run_up`` is the table's column, 0, 2 or 4 m (for a
    Medium creature; a creature of another size runs that times its size). The sheet's and
    the action dialog's numbers (:func:`jump_metres`) under the default table rules."""
    if run_up not in (0, 2, 4):
        raise ValueError("a long jump's run-up is 0, 2 or 4 m")
    return jump_metres("long", SIZES[size_index(size)], jump_band(score, score), run_up)


def jump_metres(
    kind: Literal["high", "long"],
    size: Size,
    band: Band,
    run_up: int,
    options: ApparatusOptions | None = None,
) -> int:
    """One jump in metres under the table rules: the seed's tables (Table 1 high, Table 3
    long, by the run-up column 0, 2 or 4), or the formula with the Size page's factors."""
    options = options or ApparatusOptions()
    if options.size_factors == "tables":
        table = HIGH_JUMP if kind == "high" else LONG_JUMP
        return table[(run_up, band)][SIZES.index(size)]
    return jump_formula(kind, size, band, run_up, factors=SIZE_MULTIPLIER)


def jump_distances(
    size: Size, band: Band, options: ApparatusOptions | None = None
) -> dict[str, int]:
    """Every jump of a creature under the table rules (:func:`jump_metres`), as the sheet
    and the action dialog show them."""
    return {
        "high": jump_metres("high", size, band, 0, options),
        **{f"long.{run}": jump_metres("long", size, band, run, options) for run in (0, 2, 4)},
    }


def run_up_metres(run_up: int, size: Size, options: ApparatusOptions | None = None) -> int:
    """The metres actually run before a jump: the table's 0, 2 or 4 m times the size's
    factor (a Large creature runs 4 m for the 2 m column), at least 1 m for any run."""
    options = options or ApparatusOptions()
    if not run_up:
        return 0
    factors = SIZE_MULTIPLIER if options.size_factors == "size_page" else JUMP_FACTOR
    return max(1, math.ceil(run_up * factors[size]))


def stand_cost_halves(speed: int, options: ApparatusOptions | None = None) -> int:
    """Standing up costs ½ Speed, in half points, rounded as the table rules say."""
    options = options or ApparatusOptions()
    if options.stand_cost == "exact":
        return speed
    whole = math.ceil(speed / 2) if options.stand_cost == "ceil" else speed // 2
    return 2 * whole


def grappler_speed(speed: int, options: ApparatusOptions | None = None) -> int:
    """A grappler's Speed, halved (unless the held creature is two sizes smaller)."""
    options = options or ApparatusOptions()
    return speed // 2 if options.grapple_halving == "floor" else math.ceil(speed / 2)


def movement_text(halves: int) -> str:
    """Half points as the table reads them: 3, 2½, ½."""
    whole, half = divmod(halves, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"
