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


# -- the options the digest names, and the attack's edges -------------------------------------


def test_standing_up_under_each_rounding_and_clear_ground_by_default() -> None:
    """OPTION stand_cost: ceil (default), floor, or exact half points; a move with no
    Difficulty Rating costs the clear ground's."""
    for speed in range(0, 13):
        halves = {
            rule: movement.stand_cost_halves(speed, ApparatusOptions(stand_cost=rule))
            for rule in ("ceil", "floor", "exact")
        }
        assert halves == {"ceil": 2 * (-(-speed // 2)), "floor": 2 * (speed // 2), "exact": speed}
    assert movement.movement_cost("climb", 3) == 3 * tables.BASE_COST["climb"]


def test_the_jump_bands_by_the_seed_s_table_headers() -> None:
    """Conflict 1's other reading: "Table headers in the seed read "< 2" and "> 6"" (OPTION
    jump_bands = headers): weak below 2, strong above 6."""
    text = prose(block(GAME, "Conflict 1"))
    assert 'Table headers in the seed read "< 2" and "> 6"' in text
    headers = ApparatusOptions(jump_bands="headers")
    for score in range(-2, 10):
        band = "weak" if score < 2 else "strong" if score > 6 else "normal"
        assert movement.jump_band(score, score, headers) == band, score


_SOURCES = {
    "dual-wielding weapons": {"dual_wielding": True},
    "attacker Unseen": {"attacker": ("unseen",)},
    "melee vs a Prone target": {"target": ("prone",)},
    "vs a Restrained target": {"target": ("restrained",)},
    "vs an Obscured target": {"target": ("obscured",)},
    "attacker Frightened": {"attacker": ("frightened",)},
    "attacker Poisoned": {"attacker": ("poisoned",)},
    "attacker Prone": {"attacker": ("prone",)},
    "attacker Restrained": {"attacker": ("restrained",)},
    "attacker at Exhaustion ≥ 3": {"exhaustion": 3},
    "ranged attack while adjacent to a hostile": {"adjacent_hostile": True, "melee": False},
    "ranged attack at Far range": {"far_range": True, "melee": False},
    "ranged attack vs a Prone target": {"target": ("prone",), "melee": False},
}


def test_every_advantage_source_of_the_seed_s_list() -> None:
    """§6's list, each source alone: +1 or −1 as the list signs it; none of them in melee
    where the list says ranged."""
    text = prose(block(GAME, "## 6. Advantage"))
    listed = text.split("Seed list (High): ")[1].split(". - ")[0]
    plus, minus = listed.split(". −: ")
    signs = {name.strip(): 1 for name in plus.removeprefix("+: ").split("; ")}
    signs |= {name.strip(): -1 for name in minus.strip(" .").split("; ")}
    assert set(signs) == set(_SOURCES)
    for name, sign in signs.items():
        given: dict[str, object] = {"attacker": (), "target": (), "melee": True} | _SOURCES[name]
        found = combat.advantage_sources(**given)  # type: ignore[arg-type]
        assert [s.value for s in found] == [sign], name
        if given["melee"] is False and name != "ranged attack vs a Prone target":
            in_melee = combat.advantage_sources(**(given | {"melee": True}))  # type: ignore[arg-type]
            assert in_melee == (), name
    assert combat.advantage_sources(attacker=(), target=(), melee=True) == ()


def test_the_attack_roll_s_edges() -> None:
    """§5: total ≥ Defense hits; a kept die at the Critical Threshold (default natural 20)
    is a crit, and a crit that misses still hits for normal damage; an Incapacitated target
    is always hit, with the crit's bonus only if the total met the Defense; no natural 1
    rule by default (OPTION nat1_miss); §12's flat Advantage adds ±2 a step."""
    text = prose(block(GAME, "## 5. Attack roll"))
    assert "default natural 20 on the kept die" in text
    assert "A crit roll that would still miss the Defense hits anyway but deals only normal" in text
    assert "Natural 1: no rule found → default no automatic miss" in text
    options = ApparatusOptions()
    assert options.critical_threshold == 20 and not options.natural_1_misses
    assert combat.judge(10, 5, 15, 0, options) == "hit"
    assert combat.judge(10, 4, 15, 0, options) == "miss"
    assert combat.judge(19, 0, 19, 0, options) == "hit"
    assert combat.judge(20, 0, 20, 0, options) == "crit"
    assert combat.judge(20, 0, 21, 0, options) == "crit_normal"
    assert combat.judge(19, 0, 19, 0, options, threshold=19) == "crit"
    assert combat.judge(1, 20, 15, 0, options) == "hit"
    assert combat.judge(1, 20, 15, 0, ApparatusOptions(natural_1_misses=True)) == "miss"
    assert combat.judge(2, 20, 15, 0, ApparatusOptions(natural_1_misses=True)) == "hit"
    assert combat.judge(5, 0, 5, 0, options, incapacitated_target=True) == "crit"
    assert combat.judge(5, 0, 6, 0, options, incapacitated_target=True) == "crit_normal"
    always = ApparatusOptions(incapacitated_bonus="always")
    assert combat.judge(5, 0, 6, 0, always, incapacitated_target=True) == "crit"
    flat = ApparatusOptions(advantage_mode="flat")
    for net in (-2, -1, 0, 1, 2):
        assert combat.judge(10, 0, 10 + 2 * net, net, flat) == "hit", net
        assert combat.judge(10, 0, 11 + 2 * net, net, flat) == "miss", net
    off = ApparatusOptions(advantage_auto_at_3=False)
    assert combat.judge(2, 0, 30, 3, off) == "miss"
    assert combat.judge(19, 10, 5, -3, off) == "hit"


def test_evade_costs_the_attacker_one_advantage_with_static_defense() -> None:
    """ "In static-Defense mode, Evade is applied as −1 Advantage on attacks against the
    evader" (rolled Defense gives the evader the Advantage instead)."""
    text = prose(block(GAME, "## 6. Advantage"))
    assert (
        "In static-Defense mode, Evade is applied as −1 Advantage on attacks against the evader"
        in text
    )
    found = combat.advantage_sources(attacker=(), target=(), melee=True, target_evading=True)
    assert [s.value for s in found] == [-1]
    rolled = combat.advantage_sources(
        attacker=(), target=(), melee=True, target_evading=True, static_defense=False
    )
    assert rolled == ()
