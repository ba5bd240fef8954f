"""One answer to "down" (issue 22): what a game's simulator counts down at the end of a fight
is what the encounter's ``out_of_fight`` says of each combatant at the hit points it ended
with. Shared by the games' ``test_forecast_ties.py``."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from types import ModuleType

import pytest
from pydantic import BaseModel

from m3desk.core import encounter as core
from m3desk.core.forecast import FightResult, Policy, run_fights

Simulate = Callable[..., FightResult]
Points = Callable[[BaseModel, int], BaseModel]
"""A sheet with its current hit points (whatever the game calls them) set."""


def hit_points(sheet: BaseModel, points: int) -> BaseModel:
    return sheet.model_copy(update={"hit_points": points})


def at(
    encounter: core.Encounter, combatant_id: str, hit_points: int, points: Points = hit_points
) -> core.Encounter:
    """The encounter with one combatant's hit points set (a fresh object: no cached plan)."""
    return core.replace_sheet(
        encounter, combatant_id, points(encounter.combatant(combatant_id).sheet, hit_points)
    )


def disagreements(
    encounter: core.Encounter,
    simulate: Simulate,
    *,
    fights: int = 40,
    seed: int = 7,
    points: Points = hit_points,
) -> list[str]:
    """Every combatant of every fight whose "down" in the result is not the encounter's
    ``out_of_fight`` at its final hit points (empty when they agree)."""
    wrong = []
    for k, result in enumerate(
        run_fights(encounter, simulate, fights=fights, seed=seed, policy=Policy(max_rounds=6))
    ):
        for combatant in encounter.combatants:
            hp = result.hit_points[combatant.id]
            ended = at(encounter, combatant.id, hp, points)
            tracker = ended.out_of_fight(ended.combatant(combatant.id))
            if (combatant.id in result.down) != tracker:
                wrong.append(
                    f"fight {k}: {combatant.name} at {hp}: simulator "
                    f"{combatant.id in result.down}, tracker {tracker}"
                )
    return wrong


def check_edges(
    encounter: core.Encounter, simulate: Simulate, edges: Iterable[int], points: Points = hit_points
) -> None:
    """A combatant starting at each edge value: the simulator and the tracker agree."""
    last = encounter.combatants[-1].id
    for hp in edges:
        assert disagreements(at(encounter, last, hp, points), simulate, points=points) == [], hp


def check_one_rule(
    monkeypatch: pytest.MonkeyPatch,
    rules: ModuleType,
    encounter: Callable[[], core.Encounter],
    simulate: Simulate,
    points: Points = hit_points,
) -> None:
    """The simulator asks the game's one ``down`` rule, not a copy of its body: changed (here
    to "down at −3 or fewer"), the tracker and the simulator still agree, and the change shows
    (someone at −1 or −2 is standing in both)."""
    monkeypatch.setattr(rules, "down", lambda hit_points: hit_points <= -3)
    base = encounter()
    last = base.combatants[-1].id
    for hp in (-1, -2, -3, 0):
        changed = at(base, last, hp, points)
        assert changed.out_of_fight(changed.combatant(last)) == (hp <= -3)
        assert disagreements(changed, simulate, fights=20, points=points) == [], hp
