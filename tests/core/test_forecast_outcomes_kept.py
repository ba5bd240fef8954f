"""The forecasts' seeded outcomes are kept exactly while their hot paths are rewritten
(issue 30: a fight's cost in combatants cut from quadratic): every game's simulator plays
crowds of 6, 50 and 200 on its map for a few seeds, and each fight's winner, rounds, who is
down and every hit point left must equal what the simulator gave before the rewrite
(``forecast_outcomes.json``, written by the code of main at ef345c7, the games played through
their actions (:mod:`m3desk.core.forecast_by_actions`) by main at f65db61; the distribution of
wins is kept beside the digest so a change reads as a change of odds, not only of bytes).

Regenerate only for a deliberate change of the rules: ``python -m
tests.core.test_forecast_outcomes_kept``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from m3desk.core import registry
from m3desk.core.forecast import FightResult, Policy, run_fights
from m3desk.core.forecast_by_actions import simulator_of
from tests.benchmarks.test_big_fight_bench import _crowd

KEPT = Path(__file__).with_name("forecast_outcomes.json")
FIGHTS = {6: 60, 50: 8, 200: 2}
SEED = 30
POLICIES = {
    "weakest": Policy(target="weakest", ranged_stay=False),
    "strongest": Policy(target="strongest"),
}
"""The other targets, kept at 50 combatants (by main's code at f65db61): the index's groups
by hit points left, and a shooter closing in."""


def _games() -> list[str]:
    """Every game the forecast plays: by a simulator of its own or through its actions."""
    return sorted(s.id for s in registry.systems() if simulator_of(s) is not None)


def _outcomes(game: str, count: int, policy: str = "") -> dict[str, object]:
    simulate = simulator_of(registry.get(game))
    assert simulate is not None
    encounter = _crowd(game, count)
    # combatants by their place in the encounter (their ids are drawn afresh each time)
    number = {c.id: k for k, c in enumerate(encounter.combatants)}
    results: list[FightResult] = run_fights(
        encounter, simulate, fights=FIGHTS[count], seed=SEED, policy=POLICIES.get(policy, Policy())
    )
    text = json.dumps(
        [
            [
                r.winner,
                r.rounds,
                sorted(number[i] for i in r.down),
                sorted((number[i], hp) for i, hp in r.hit_points.items()),
            ]
            for r in results
        ]
    )
    wins: dict[str, int] = {}
    for r in results:
        wins[str(r.winner)] = wins.get(str(r.winner), 0) + 1
    return {"wins": dict(sorted(wins.items())), "digest": hashlib.sha256(text.encode()).hexdigest()}


@pytest.mark.parametrize("count", sorted(FIGHTS))
@pytest.mark.parametrize("game", _games())
def test_seeded_outcomes_are_kept(game: str, count: int) -> None:
    kept = json.loads(KEPT.read_text(encoding="utf-8"))
    assert f"{game} {count}" in kept, f"no kept outcomes for {game} at {count}: regenerate"
    assert _outcomes(game, count) == kept[f"{game} {count}"]


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize("game", _games())
def test_seeded_outcomes_of_each_target_are_kept(game: str, policy: str) -> None:
    kept = json.loads(KEPT.read_text(encoding="utf-8"))
    assert f"{game} 50 {policy}" in kept, f"no kept outcomes for {game} ({policy}): regenerate"
    assert _outcomes(game, 50, policy) == kept[f"{game} 50 {policy}"]


if __name__ == "__main__":
    from tests import games

    games.install()  # as the suite's conftest does
    KEPT.write_text(
        json.dumps(
            {
                f"{game} {count}": _outcomes(game, count)
                for game in _games()
                for count in sorted(FIGHTS)
            }
            | {
                f"{game} 50 {policy}": _outcomes(game, 50, policy)
                for game in _games()
                for policy in sorted(POLICIES)
            },
            indent=1,
            sort_keys=True,
        )
        + "\n",
        encoding="utf-8",
    )
