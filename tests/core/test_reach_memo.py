"""A game's reach asked of one attacker against everyone: one answer per distance, never a
stale one once the encounter changes."""

from __future__ import annotations

from m3desk.core import encounter as core
from m3desk.core.encounter import Encounter
from m3desk.core.reach_memo import ReachByDistance
from m3desk.core.system import Reach
from tests.core.test_encounter import _fight


class _Bow:
    """A toy rule: the attacker's bow reaches 60 ft, or 120 ft once they are an "Archer"."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, int]] = []

    def __call__(self, encounter: Encounter, a: str, feet: int) -> Reach:
        self.asked.append((a, feet))
        archer = encounter.combatant(a).name.startswith("Archer")
        usable = ("bow",) if feet <= (120 if archer else 60) else ()
        return Reach(options=usable, in_reach=bool(usable))


def test_the_same_distance_is_answered_once_and_alike() -> None:
    encounter, ids = _fight()
    aldo, others = ids["Aldo"], [ids["Bea"], ids["Goblin 1"], ids["Goblin 2"]]
    for other, feet in zip(others, (30, 90, 30), strict=True):
        encounter = core.set_position(encounter, aldo, other, feet, mover=other)
    bow = _Bow()
    reach = ReachByDistance(bow)
    answers = [reach(encounter, aldo, other) for other in others]
    assert [a.in_reach for a in answers] == [True, False, True]
    assert answers == [bow(encounter, aldo, other_feet) for other_feet in (30, 90, 30)]
    assert bow.asked[:2] == [(aldo, 30), (aldo, 90)]
    assert len(bow.asked) == 2 + 3  # the second 30 ft came from memory


def test_any_change_to_the_encounter_is_answered_afresh() -> None:
    encounter, ids = _fight()
    aldo, goblin = ids["Aldo"], ids["Goblin 1"]
    encounter = core.set_position(encounter, aldo, goblin, 90)
    reach = ReachByDistance(_Bow())
    assert not reach(encounter, aldo, goblin).in_reach
    # Same distance, but the attacker changed: the answer follows the new encounter.
    trained = core.update_combatant(encounter, aldo, name="Archer Aldo")
    assert reach(trained, aldo, goblin).in_reach
    moved = core.set_position(encounter, aldo, goblin, 45)
    assert reach(moved, aldo, goblin).in_reach
    assert not reach(encounter, aldo, goblin).in_reach
