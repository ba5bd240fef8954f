"""The core's shared rule functions at their edges (issue 22): the tracker and every forecast
call them, so a tie test cannot see them change; these pin what they answer."""

from __future__ import annotations

from m3desk.core.encounter import counted_down, group_counts
from m3desk.core.initiative import MAX_REROLLS, roll_sides


def test_a_condition_counts_down_one_round_at_each_end() -> None:
    assert [counted_down(rounds, False) for rounds in (None, 1, 2, 3, 10)] == [None, 0, 1, 2, 9]
    # placed in the round now ending: its first round is the next
    assert [counted_down(rounds, True) for rounds in (None, 1, 2)] == [None, 1, 2]


def test_counts_group_equal_numbers_in_either_order() -> None:
    keyed = [("a", 4, 1), ("b", 7, 0), ("c", 4, 0), ("d", 1, 0)]
    assert group_counts(keyed, lower_first=True) == [["d"], ["c", "a"], ["b"]]
    assert group_counts(keyed, lower_first=False) == [["b"], ["c", "a"], ["d"]]
    assert group_counts([], lower_first=True) == []


def test_ties_are_rolled_again_at_most_twenty_times() -> None:
    calls: list[int] = []

    def always_three() -> int:
        calls.append(3)
        return 3

    assert roll_sides(["A", "B"], always_three, reroll=True) == {"A": 3, "B": 3}
    assert len(calls) == 2 * (MAX_REROLLS + 1)
    calls.clear()
    assert roll_sides(["A", "B"], always_three, reroll=False) == {"A": 3, "B": 3}
    assert len(calls) == 2
    faces = iter([2, 2, 5, 5, 1, 6])
    assert roll_sides(["A", "B"], lambda: next(faces), reroll=True) == {"A": 1, "B": 6}
