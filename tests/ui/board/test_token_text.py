"""Token text: names on at most two lines, copy numbers kept with their word, initials."""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetricsF

from m3desk.ui.board.token_item import short_attack_name
from m3desk.ui.board.token_metrics import distinct_initials, initials, wrap_name


def test_names_wrap_on_two_lines_and_keep_copy_numbers(qapp: object) -> None:
    metrics = QFontMetricsF(QFont())
    width = metrics.horizontalAdvance("Zenwaith 66")
    assert wrap_name("Xiola Zenwaith 6", metrics, width) == ["Xiola", "Zenwaith 6"]
    assert wrap_name("Felix", metrics, width) == ["Felix"]
    lines = wrap_name("A very long name that cannot fit", metrics, width)
    assert len(lines) == 2 and lines[-1].endswith("…")


def test_initials_tell_the_sample_party_apart() -> None:
    names = [
        "Gramfive the Grim",
        "Guido of Gramarye",
        "Felix Pook",
        "Shamira Sunfire",
        "Xiola Zenwaith",
        "First One Mummy",
    ]
    assert len({initials(name) for name in names}) == len(names)
    assert initials("First One Mummy 3") == "F3"


def test_short_attack_names_drop_the_parenthesis() -> None:
    assert short_attack_name("Cutter (signature longsword)") == "Cutter"
    assert short_attack_name("(odd)") == "(odd)"


def test_marks_on_one_board_are_told_apart() -> None:
    names = ["Silverleaf", "Sister Rebecca", "Sister Mary", "Goblin 1", "Goblin 2", "Sir"]
    marks = distinct_initials(names)
    assert marks["Silverleaf"] == "Si"  # the first keeps its usual mark
    assert marks["Sister Rebecca"] == "SR"
    assert len(set(marks.values())) == len(names)
    assert all(1 <= len(mark) <= 3 for mark in marks.values())
    # Two combatants with the same name share a mark (their captions differ).
    assert distinct_initials(["Orc", "Orc"]) == {"Orc": "Or"}


def test_a_lane_label_keeps_a_distance_with_its_unit(qapp: object) -> None:
    from m3desk.ui.board.token_metrics import TokenMetrics

    metrics = TokenMetrics.from_font(QFont(), chips=True)
    text = "dagger long 90 ft"
    width = metrics.label_metrics.horizontalAdvance("Dagger long 90") + 4 * 3 + 1
    lines = metrics.label_lines(text, width)
    assert lines == ["Dagger long", "90 ft"]  # never "Dagger long 90" / "ft"
