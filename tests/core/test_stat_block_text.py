"""The stat-block cutter every game's reader uses (m3desk/core/stat_block_text.py)."""

from __future__ import annotations


def test_a_name_before_the_stats_is_the_block_s_heading() -> None:
    """Issue 28: a name pasted above the stats gave "New monster"; a module's one line
    names the creature first too ("Orc: AC 6; …", "Goblin (AC 6 …)")."""
    from m3desk.core.stat_block_text import heading_name, read_fields

    short = {"AC": "AC", "HD": "HD"}
    for text in (
        "Goblin\nAC 6, HD 1",
        "GOBLIN\nAC 6, HD 1",
        "Goblin: AC 6; HD 1",
        "Goblin (AC 6, HD 1)",
    ):
        found = read_fields(text, short, {"Armour Class": "AC"})
        assert heading_name(found) == "Goblin", text
        assert not found.problems, (text, found.problems)
        assert found.values["AC"] == "6", text
    # A lead that is not a name (a number in it, or text running into the stats) is said.
    found = read_fields("Seen 3 times AC 6", short, {"Armour Class": "AC"})
    assert heading_name(found) == "" and found.problems
