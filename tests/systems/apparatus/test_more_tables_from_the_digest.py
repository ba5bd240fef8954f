"""The rest of Apparatus's tables read row by row against the rules digest's own lines
(tests/fixtures/book_text/apparatus.txt, copied from /work/shared/rules/apparatus.md): §2's
movement costs (with the Natural feats, Difficulty Ratings and the impassable edge), Tables 1
and 3 of the jumps cell by cell with the band edges (≤ 2 weak, ≥ 6 strong) and the formula
that reproduces them, §4's Size Modifiers, §6's Advantage (the ±3 automatic results and
Exhaustion 3), and §8's size limits on grappling and the grappler's halved Speed. Each is
tried through the rule the tracker and the dialog ask, at both sides of every edge. (The
seed's own jump cells are read in test_public.py, the sizes in test_tables_from_the_digest.py.)
The digest gives no Critical Threshold, Physique Rating or Near/Far distances but defaults
of its own ("UNKNOWN"); m3desk's table rules hold those defaults and are not compared here."""

from __future__ import annotations

import re

import pytest

from m3desk.systems.apparatus import combat, grapple, movement, tables
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.tables import SIZES, Band
from tests.systems.book_text import block, prose, rows, signed

GAME = "apparatus"


def test_every_movement_cost_with_feats_and_difficult_terrain() -> None:
    table = {row[0]: row[1] for row in rows(block(GAME, "## 2. Movement costs"))[1:]}
    for kind in tables.MOVE_KINDS:
        cell = table[kind.title()]
        base = int(re.match(r"(\d+) per m", cell)[1])  # type: ignore[index]
        feat = re.search(r"\((\d+) with \*Natural (\w+)\*\)", cell)
        per_dr = int(
            re.match(r"\+(\d+) per m per Difficulty Rating", table["Difficult terrain"])[1]
        )  # type: ignore[index]
        for difficulty in range(4):
            for metres in (0, 1, 5):
                expected = (base + per_dr * difficulty) * metres
                assert movement.movement_cost(kind, metres, difficulty=difficulty) == expected
                natural = (int(feat[1]) if feat else base) + per_dr * difficulty
                assert (
                    movement.movement_cost(kind, metres, difficulty=difficulty, natural=True)
                    == natural * metres
                ), (kind, difficulty)
    assert int(table["High jump"].split()[0]) == movement.HIGH_JUMP_COST
    assert int(table["Long jump"].split()[0]) == movement.LONG_JUMP_COST


def test_impassable_only_past_the_base_speed() -> None:
    """ "if the per-metre cost (base action cost + DR) exceeds base Speed ... Equal to Speed
    is allowed": each kind at DR 0–5, Speed one below, at and one above the cost."""
    text = prose(block(GAME, "## 2. Movement costs"))
    assert (
        "exceeds base Speed (Speed before Dash), the square cannot be entered. "
        "Equal to Speed is allowed" in text
    )
    for kind in tables.MOVE_KINDS:
        for difficulty in range(6):
            cost = tables.BASE_COST[kind] + difficulty
            assert movement.terrain_impassable(kind, difficulty, cost - 1)
            assert not movement.terrain_impassable(kind, difficulty, cost)
            assert not movement.terrain_impassable(kind, difficulty, cost + 1)


def test_standing_up_costs_half_the_speed_rounded_up() -> None:
    """ "Stand up | ½ Speed"; the digest's default rounding is up (OPTION stand_cost)."""
    text = prose(block(GAME, "## 2. Movement costs"))
    assert "| Stand up | ½ Speed |" in block(GAME, "## 2. Movement costs")
    assert "OPTION `stand_cost = ceil | floor | exact` (default ceil" in text
    assert ApparatusOptions().stand_cost == "ceil"
    for speed in range(0, 13):
        assert movement.stand_cost_halves(speed) == 2 * (-(-speed // 2)), speed


_START = {"standing": 0, "2 m run": 2, "4 m run": 4}


def _jump_table(title: str) -> list[tuple[int, Band, list[str]]]:
    found = rows(block(GAME, "## 3. Jumps"), title)[1:]
    return [(_START[start], band, cells) for start, band, *cells in found]  # type: ignore[misc]


def test_every_cell_of_the_jump_tables_and_the_formula() -> None:
    """Table 1 (high: a running cell is "height/horizontal") and Table 3 (long), every
    size, band and start, through the jump rule the sheet and the dialog ask, and the
    digest's formula that reproduces all of them."""
    high = _jump_table("**Table 1")
    long = _jump_table("**Table 3")
    assert len(high) == 6 and len(long) == 9
    for run, band, cells in high:
        for size, cell in zip(SIZES, cells, strict=True):
            height, _, across = cell.partition("/")
            assert movement.jump_metres("high", size, band, run) == int(height), (run, band)
            assert tables.jump_formula("high", size, band, run) == int(height)
            if across:
                assert int(across) == int(height)
    for run, band, cells in long:
        for size, cell in zip(SIZES, cells, strict=True):
            assert movement.jump_metres("long", size, band, run) == int(cell), (run, band, size)
            assert tables.jump_formula("long", size, band, run) == int(cell)


def test_the_jump_bands_edges() -> None:
    """ "Default: weak ≤ 2, strong ≥ 6, normal 3–5", of the better of Might and Agility."""
    text = prose(block(GAME, "Conflict 1"))
    match = re.search(r"weak ≤ (\d), strong ≥ (\d), normal (\d)–(\d)", text)
    assert match is not None
    weak, strong, low, high = (int(v) for v in match.groups())
    assert (low, high) == (weak + 1, strong - 1)
    for score in range(-2, 10):
        band = "weak" if score <= weak else "strong" if score >= strong else "normal"
        assert movement.jump_band(score, score) == band, score
        assert movement.jump_band(score, -5) == band, score  # the better of the two
        assert movement.jump_band(-5, score) == band, score


def test_size_modifiers_the_digest_proposes() -> None:
    """§4's last column, Tiny … Gargantuan, is the table rules' default; attacks subtract
    it, so their effect runs from +4 (Tiny) to −8 (Gargantuan) as the wiki bounds it."""
    table = rows(block(GAME, "## 4. Size"))[1:]
    proposal = tuple(signed(row[-1]) for row in table)
    assert ApparatusOptions().size_modifiers == proposal
    for size, value in zip(SIZES, proposal, strict=True):
        assert tables.size_modifier(size, proposal) == value
    text = prose(block(GAME, "Known (High)"))
    low, high = (
        signed(v)
        for v in re.search(r"between ([−+]\d) \(Gargantuan\) and ([+−]\d) \(Tiny\)", text).groups()
    )  # type: ignore[union-attr]
    assert (-proposal[-1], -proposal[0]) == (low, high)


def test_three_advantage_is_automatic_and_exhaustion_three_costs_one() -> None:
    text = prose(block(GAME, "## 6. Advantage"))
    assert "N ≥ +3 → attack automatically succeeds; N ≤ −3 → automatically fails." in text
    assert "attacker at Exhaustion ≥ 3" in text
    options = ApparatusOptions()
    assert options.advantage_auto_at_3
    assert combat.judge(2, 0, 30, 3, options) == "hit"
    assert combat.judge(2, 0, 30, 2, options) == "miss"
    assert combat.judge(19, 10, 5, -3, options) == "miss"
    assert combat.judge(19, 10, 5, -2, options) == "hit"
    for level in range(0, 7):
        found = combat.advantage_sources(attacker=(), target=(), exhaustion=level, melee=True)
        assert combat.net_advantage(found) == (-1 if level >= 3 else 0), level


@pytest.mark.parametrize("attacker", SIZES)
def test_grapple_size_limits_every_pair(attacker: str) -> None:
    """§8: "attacker at most one size smaller than the target"; the grappler's Speed is
    halved "unless target ≥ 2 sizes smaller"."""
    assert "attacker at most one size smaller" in prose(block(GAME, "## 8. Grapple"))
    assert "| Grappling | grappler's Speed halved | unless target ≥ 2 sizes smaller |" in block(
        GAME, "## 2. Movement costs"
    )
    a = SIZES.index(attacker)  # type: ignore[arg-type]
    for target in SIZES:
        t = SIZES.index(target)
        why = grapple.grapple_requirements(
            attacker=attacker,  # type: ignore[arg-type]
            target=target,
            in_reach=True,
            free_hand=True,
            barred="",
        )
        assert (why == "") == (t - a <= 1), (attacker, target)
        shove = grapple.shove_requirements(
            attacker=attacker,  # type: ignore[arg-type]
            target=target,
            in_reach=True,
            barred="",
        )
        assert (shove == "") == (t - a <= 1), (attacker, target)
        assert grapple.halves_grappler(attacker, target) == (a - t < 2), (attacker, target)  # type: ignore[arg-type]
