"""Mutation check of the rule functions: does the suite notice when a rule is changed? (In
the suite: ``--preset issue-31 --in-process``, by tests/test_rule_mutants.py.)

Each target is ``path::qualified.name`` (a function, a method ``Class.method`` or a nested
function ``outer.inner``). Every comparison, arithmetic operator, ``and``/``or``, small integer
constant and ``True``/``False`` inside it is changed one at a time (``<`` ↔ ``<=``, ``+`` ↔
``-``, ``n`` → ``n + 1``, …); the module is written back with the change, the given tests run
(``pytest -x``: the first failure kills the mutant), and the original is restored whatever
happens. A mutant the tests pass is a survivor: a rule the tests would let drift.

    .venv/bin/python tools/mutate_rules.py --tests tests/systems/ose \\
        m3desk/systems/ose/round.py::morale_holds m3desk/systems/ose/round.py::morale_moments
    .venv/bin/python tools/mutate_rules.py --preset issue-31 --in-process   (the suite runs this)
    .venv/bin/python tools/mutate_rules.py --preset tables --in-process     (and this: the rules
                                                                that read the games' tables)
    .venv/bin/python tools/mutate_rules.py --preset after      (the sets of issue 22)
    .venv/bin/python tools/mutate_rules.py --preset after-2    (its second part; before-2
                                                                on the code as it stood)

It edits files of this worktree while it runs (and restores them): run it on a clean tree.
"""

from __future__ import annotations

import argparse
import ast
import copy
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_SWAPS: dict[type, type] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult,
    ast.And: ast.Or,
    ast.Or: ast.And,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}

GAME_TESTS = {
    "adnd2e": ["tests/systems/adnd2e"],
    "ose": ["tests/systems/ose"],
    "monsters_and_magic": [
        "tests/systems/monsters_and_magic",
        "tests/ui/encounter/test_down_everywhere.py",
    ],
    "apparatus": ["tests/systems/apparatus"],
}
"""The game's rules, forecast and acceptance-style tests (``--tests`` to widen)."""

CORE_TESTS = [
    "tests/core",
    "tests/systems/ose/test_round.py",
    "tests/systems/ose/test_forecast.py",
    "tests/systems/ose/test_forecast_ties.py",
    "tests/systems/adnd2e/test_rules_once.py",
    "tests/systems/adnd2e/test_forecast_ties.py",
    "tests/systems/apparatus/test_forecast.py",
    "tests/systems/apparatus/test_forecast_ties.py",
]
"""A core rule's tests: the core's and the tracker/forecast tests of the games that use it."""

PRESETS = {
    # The rule bodies issue 22 found written twice, as they stood (55febc2): each copy.
    "before": [
        "m3desk/systems/ose/round.py::_triggers",
        "m3desk/systems/ose/round.py::morale_check",
        "m3desk/systems/ose/forecast.py::_Fight.morale",
        "m3desk/systems/ose/movement.py::withdrawal",
        "m3desk/systems/adnd2e/table.py::_morale",
        "m3desk/systems/adnd2e/forecast.py::_morale_stage",
        "m3desk/systems/adnd2e/forecast.py::_play.morale",
        "m3desk/systems/monsters_and_magic/forecast.py::is_down",
    ],
    # The same rules after: one function each, called by the tracker, dialog and forecast.
    "after": [
        "m3desk/systems/ose/round.py::morale_moments",
        "m3desk/systems/ose/round.py::morale_closed",
        "m3desk/systems/ose/round.py::never_checks",
        "m3desk/systems/ose/round.py::adjusted_morale",
        "m3desk/systems/ose/combat.py::morale_holds",
        "m3desk/systems/ose/movement.py::withdrawal_feet",
        "m3desk/systems/ose/combat.py::lowest_natural",
        "m3desk/systems/ose/combat.py::damage_dealt",
        "m3desk/systems/adnd2e/combat.py::morale_holds",
        "m3desk/systems/adnd2e/combat.py::morale_loss",
        "m3desk/systems/adnd2e/combat.py::morale_trigger",
        "m3desk/systems/adnd2e/status.py::morale_due",
        "m3desk/systems/monsters_and_magic/encounter.py::Encounter.out_of_fight",
    ],
    # Issue 22's second part, as the rules stood (c61053b): the forecasts' own copies of the
    # turn order, condition countdowns and what Apparatus conditions mean.
    "before-2": [
        "m3desk/core/encounter_model.py::turn_order",
        "m3desk/core/encounter_model.py::Encounter.round_ended",
        "m3desk/systems/ose/forecast.py::_order",
        "m3desk/systems/adnd2e/combat.py::initiative_order",
        "m3desk/systems/apparatus/forecast.py::_order",
        "m3desk/systems/apparatus/forecast.py::_Fight.round_ended",
        "m3desk/systems/apparatus/forecast.py::_Derived.refresh",
        "m3desk/systems/apparatus/state.py::conditions_of",
        "m3desk/systems/apparatus/state.py::speed_now",
    ],
    # The same rules after: one function each, for the tracker, the dialog and the forecast.
    "after-2": [
        "m3desk/core/encounter_model.py::group_counts",
        "m3desk/core/encounter_model.py::counted_down",
        "m3desk/core/initiative.py::roll_sides",
        "m3desk/systems/ose/turn_order.py::order_key",
        "m3desk/systems/adnd2e/option_rules.py::AttackRule.doubles_dice",
        "m3desk/systems/adnd2e/option_rules.py::AttackRule.extra_on",
        "m3desk/systems/adnd2e/combat.py::hit_damage",
        "m3desk/systems/apparatus/state.py::held_conditions",
        "m3desk/systems/apparatus/state.py::speed_rule",
        "m3desk/systems/apparatus/state.py::evade_counts",
        "m3desk/systems/apparatus/state.py::exhaustion_level",
    ],
}
PRESETS["option-rules"] = [
    "m3desk/systems/adnd2e/option_rules.py::AttackRule.hits",
    "m3desk/systems/adnd2e/option_rules.py::AttackRule.chance",
    "m3desk/systems/adnd2e/option_rules.py::AttackRule.lowest_hit",
    "m3desk/systems/adnd2e/option_rules.py::AttackRule.roll_words",
    "m3desk/systems/adnd2e/option_rules.py::AttackRule.hit_words",
    "m3desk/systems/adnd2e/option_rules.py::attack_rule",
    "m3desk/systems/adnd2e/option_rules.py::DeathRule.kills_words",
    "m3desk/systems/adnd2e/option_rules.py::death_rule",
    "m3desk/systems/adnd2e/option_rules.py::DexInitiativeRule.terms",
    # (AdvantageRule.dice_count and .words are left out: their sign tests at 0 are never
    # reached with 0, so "< 0" → "<= 0" is the same rule, a mutant no test can kill.)
    "m3desk/systems/apparatus/option_rules.py::AdvantageRule.flat",
    "m3desk/systems/apparatus/option_rules.py::AdvantageRule.automatic",
    "m3desk/systems/apparatus/option_rules.py::advantage_rule",
    "m3desk/systems/apparatus/option_rules.py::OpportunityRule.owed",
    "m3desk/systems/ose/option_rules.py::KeepRule.keeps",
    "m3desk/systems/ose/option_rules.py::FirstHitDieRule.dice",
    "m3desk/systems/ose/option_rules.py::FirstHitDieRule.average",
    "m3desk/systems/monsters_and_magic/option_rules.py::HeroBumpRule.bumped",
    "m3desk/systems/monsters_and_magic/option_rules.py::DamageCapRule.cap",
    "m3desk/systems/monsters_and_magic/option_rules.py::DamageCapRule.terms",
]
PRESETS["issue-31"] = [
    # The three that survived issue 31's run, and the rules it made one.
    "m3desk/systems/adnd2e/option_rules.py::DeathRule.bleeds",
    "m3desk/systems/adnd2e/option_rules.py::DeathRule.dead",
    "m3desk/systems/adnd2e/combat.py::morale_hold_chance",
    "m3desk/systems/ose/combat.py::morale_pass_chance",
    "m3desk/systems/ose/combat.py::morale_odds",
    "m3desk/systems/monsters_and_magic/encounter.py::first_round_waits",
    "m3desk/systems/monsters_and_magic/encounter.py::down",
    "m3desk/systems/monsters_and_magic/conditions.py::round_ends_left",
    "m3desk/core/numbers.py::step_runs",
    # Issue 22's rules made one ("after", "after-2"), in the suite since issue 31's second turn.
    *PRESETS["after"],
    *PRESETS["after-2"],
    # The rules the games' table-rules choices pick (option_rules.py), once flags passed around.
    *PRESETS["option-rules"],
]
# The rules that read the games' tables (tables-31): every row and edge of them is read
# against the books by tests/systems/*/test_*tables_from_*.py, which alone must kill them.
PRESETS["tables"] = [
    "m3desk/systems/adnd2e/tables.py::str_adjustments",
    "m3desk/systems/adnd2e/tables.py::dex_adjustments",
    "m3desk/systems/adnd2e/tables.py::con_hp_adjustment",
    "m3desk/systems/adnd2e/tables.py::wis_magic_defence",
    "m3desk/systems/adnd2e/tables.py::group_thac0",
    "m3desk/systems/adnd2e/tables.py::monster_thac0",
    "m3desk/systems/adnd2e/tables.py::group_saves",
    "m3desk/systems/adnd2e/tables.py::nonproficiency_penalty",
    "m3desk/systems/adnd2e/tables.py::encumbrance_category",
    "m3desk/systems/adnd2e/tables.py::encumbered_rate",
    "m3desk/systems/adnd2e/level_step.py::level_step",
    "m3desk/systems/adnd2e/level_step.py::_gain",
    "m3desk/systems/adnd2e/combat.py::missile_range_modifier",
    "m3desk/systems/adnd2e/combat.py::surprise_chance",
    "m3desk/systems/adnd2e/encounter.py::ranges_feet",
    "m3desk/systems/ose/tables.py::standard_modifier",
    "m3desk/systems/ose/tables.py::dex_initiative",
    "m3desk/systems/ose/tables.py::prime_requisite_xp",
    "m3desk/systems/ose/derive.py::_tier",
    "m3desk/systems/ose/movement.py::base_rate",
    "m3desk/systems/ose/movement.py::encounter_rate",
    "m3desk/systems/ose/combat.py::range_band",
    "m3desk/systems/ose/combat.py::surprise_chance",
    "m3desk/systems/ose/encounter_setup.py::distance_dice",
    "m3desk/systems/ose/encounter_setup.py::reaction_of",
    "m3desk/systems/ose/round.py::surprised_sides",
    "m3desk/systems/ose/weaponry.py::_usable",
    "m3desk/systems/monsters_and_magic/attributes.py::attribute_modifier",
    "m3desk/systems/monsters_and_magic/attributes.py::check_modifier",
    "m3desk/systems/monsters_and_magic/movement.py::effective_movement",
    "m3desk/systems/monsters_and_magic/movement.py::movement_modifier",
    "m3desk/systems/monsters_and_magic/movement.py::distance",
    "m3desk/systems/monsters_and_magic/movement.py::race_movement",
    "m3desk/systems/monsters_and_magic/movement.py::movement_consequence",
    "m3desk/systems/monsters_and_magic/cover.py::cover_bonus",
    "m3desk/systems/monsters_and_magic/ranges.py::starting_range",
    "m3desk/systems/monsters_and_magic/ranges.py::shift",
    "m3desk/systems/monsters_and_magic/size.py::size_adjustment",
    "m3desk/systems/monsters_and_magic/traits.py::trait_bonus",
    "m3desk/systems/monsters_and_magic/checks.py::failure_degree",
    "m3desk/systems/monsters_and_magic/checks.py::resolve_check",
    "m3desk/systems/monsters_and_magic/checks.py::difficulty",
    "m3desk/systems/monsters_and_magic/conditions.py::tier_cost",
    "m3desk/systems/monsters_and_magic/conditions.py::tier_value",
    "m3desk/systems/apparatus/movement.py::movement_cost",
    "m3desk/systems/apparatus/movement.py::terrain_impassable",
    "m3desk/systems/apparatus/movement.py::stand_cost_halves",
    "m3desk/systems/apparatus/movement.py::jump_band",
    "m3desk/systems/apparatus/movement.py::jump_metres",
    "m3desk/systems/apparatus/tables.py::jump_formula",
    "m3desk/systems/apparatus/tables.py::round_half_up",
    "m3desk/systems/apparatus/grapple.py::_too_small",
    "m3desk/systems/apparatus/grapple.py::halves_grappler",
    "m3desk/systems/apparatus/grapple.py::grapple_requirements",
    "m3desk/systems/apparatus/grapple.py::shove_requirements",
    "m3desk/systems/apparatus/combat.py::judge",
    "m3desk/systems/apparatus/combat.py::advantage_sources",
    "m3desk/systems/apparatus/combat.py::net_advantage",
]
TABLE_TESTS = {
    "m3desk/systems/adnd2e/": [
        "tests/systems/adnd2e/test_tables_from_the_digest.py",
        "tests/systems/adnd2e/test_more_tables_from_the_digest.py",
    ],
    "m3desk/systems/ose/": [
        "tests/systems/ose/test_tables_from_the_book.py",
        "tests/systems/ose/test_more_tables_from_the_book.py",
    ],
    "m3desk/systems/monsters_and_magic/": [
        "tests/systems/monsters_and_magic/test_tables_from_the_seeds.py"
    ],
    "m3desk/systems/apparatus/": [
        "tests/systems/apparatus/test_tables_from_the_digest.py",
        "tests/systems/apparatus/test_more_tables_from_the_digest.py",
    ],
}
"""What tests/test_table_mutants.py gives each mutant of the ``tables`` preset: only the
tests that read the game's tables against its book."""
TABLE_EQUIVALENTS: dict[str, set[str]] = {
    # target: the changes no table row can tell apart (each explained)
    "m3desk/systems/adnd2e/tables.py::str_adjustments": {"7 → 8", "14 → 15"},
    # past STR 25, which a sheet cannot hold
    "m3desk/systems/adnd2e/tables.py::monster_thac0": {"0 → 1", "LtE → Lt"},
    # a default bonus of 1 counts like 0; 2 dice and "≤ 2 → 19" give 19 by the formula too
    "m3desk/systems/adnd2e/tables.py::group_saves": {"0 → 1", "True → False"},
    # a level below a group's first row (no class has one); zip's strictness
    "m3desk/systems/adnd2e/tables.py::encumbered_rate": {"100 → 101"},
    # 33 % or 33/101 of any MV 1-24 floor the same
    "m3desk/systems/ose/derive.py::_tier": {"True → False", "1 → 2"},
    # zip's strictness; past a score of 18, which a sheet cannot hold
    "m3desk/systems/ose/movement.py::base_rate": {"0 → 1"},
    # a default load of 1 coin moves as 0
    "m3desk/systems/ose/encounter_setup.py::reaction_of": {"1 → 2"},
    # past the last row's 99
    "m3desk/systems/monsters_and_magic/attributes.py::check_modifier": {"Gt → GtE"},
    # doubling a 0 is 0
    "m3desk/systems/monsters_and_magic/traits.py::trait_bonus": {"LtE → Lt"},
    # level 0 caps the bonus at 0 anyway
    "m3desk/systems/monsters_and_magic/checks.py::resolve_check": {"1 → 2"},
    # a natural 3 short by 1 or 2 is a simple failure either way
    "m3desk/systems/apparatus/combat.py::advantage_sources": {"0 → 1"},
    # a default Exhaustion of 1 costs nothing, as 0
    "m3desk/systems/apparatus/combat.py::judge": {"0 → 1", "Lt → LtE"},
    # "net < 0" is asked only where Advantage decides alone, at 3 or more either way: at a
    # net of 0 (where "< 1" and "<= 0" differ) it is never reached
}
SUITE_TESTS = {
    "m3desk/systems/adnd2e/": [
        "tests/systems/test_rule_tables.py",
        "tests/systems/adnd2e/test_rules_once.py",
        "tests/systems/adnd2e/test_option_rules.py::test_the_attack_rule_at_its_edges",
        "tests/systems/adnd2e/test_option_rules.py::test_the_death_rule_at_its_edges",
        "tests/systems/adnd2e/test_option_rules.py::test_the_chance_shown",
        "tests/systems/adnd2e/test_option_rules.py::test_the_record_names",
        "tests/systems/adnd2e/test_option_rules.py::test_dex_adjusts_initiative",
        "tests/systems/adnd2e/test_morale_timing.py::test_one_orc_of_five_down_is_no",
        "tests/systems/adnd2e/test_morale_timing.py::test_a_monster_that_checked_and_held",
    ],
    "m3desk/systems/ose/": [
        "tests/systems/test_rule_tables.py",
        "tests/systems/ose/test_morale_once.py::test_the_odds_shown",
        "tests/systems/ose/test_morale_once.py::test_the_small_rules",
        "tests/systems/ose/test_option_rules.py::test_initiative_is_kept",
        "tests/systems/ose/test_option_rules.py::test_the_first_hit_die",
    ],
    "m3desk/systems/monsters_and_magic/": [
        "tests/systems/test_rule_tables.py",
        "tests/systems/monsters_and_magic/test_forecast_ties.py",
        "tests/systems/monsters_and_magic/test_option_rules.py::test_the_rules_at_their_edges",
    ],
    "m3desk/core/numbers.py": ["tests/systems/test_rule_tables.py"],
    "m3desk/core/": ["tests/systems/test_rule_tables.py"],
    "m3desk/systems/apparatus/": [
        "tests/systems/test_rule_tables.py",
        "tests/systems/apparatus/test_option_rules.py::test_the_advantage_rule_at_its_edges",
        "tests/systems/apparatus/test_option_rules.py::test_the_opportunity_rule_at_its_edges",
    ],
}
"""What tests/test_rule_mutants.py gives each mutant of the ``issue-31`` preset in process:
only the fast tests that cover its module (the tables' rows, the rules-once and tie tests),
so the whole preset stays within about a minute of CPU."""


def suite_targets(targets: list[str], by_prefix: dict[str, list[str]] | None = None) -> list[str]:
    """Each target with the tests that cover its module (``target@test,test``)."""
    chosen = []
    by_prefix = SUITE_TESTS if by_prefix is None else by_prefix
    for target in targets:
        tests = next((t for prefix, t in by_prefix.items() if target.startswith(prefix)), [])
        chosen.append(f"{target}@{','.join(tests)}" if tests else target)
    return chosen


@dataclass(frozen=True)
class Mutant:
    target: str
    line: int
    change: str
    source: str


def _find(tree: ast.AST, qualified: str) -> ast.AST:
    node = tree
    for part in qualified.split("."):
        found = None
        for child in ast.walk(node):
            if (
                isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
                and child.name == part
                and child is not node
            ):
                found = child
                break
        if found is None:
            raise SystemExit(f"no {qualified} found")
        node = found
    return node


def _changes(node: ast.AST) -> Iterator[tuple[int, str, object]]:
    """(line, what changes, how to apply it to the copy of this node) for each mutation."""
    if isinstance(node, ast.Compare):
        for index, op in enumerate(node.ops):
            swap = _SWAPS.get(type(op))
            if swap:
                yield node.lineno, f"{type(op).__name__} → {swap.__name__}", ("ops", index, swap)
    elif isinstance(node, ast.BinOp | ast.AugAssign | ast.BoolOp):
        swap = _SWAPS.get(type(node.op))
        if swap:
            yield node.lineno, f"{type(node.op).__name__} → {swap.__name__}", ("op", swap)
    elif isinstance(node, ast.Constant) and type(node.value) is bool:
        yield node.lineno, f"{node.value} → {not node.value}", ("value", not node.value)
    elif isinstance(node, ast.Constant) and type(node.value) is int and -100 <= node.value <= 100:
        yield node.lineno, f"{node.value} → {node.value + 1}", ("value", node.value + 1)


def _apply(node: ast.AST, how: object) -> None:
    kind = how[0]  # type: ignore[index]
    if kind == "ops":
        _, index, swap = how  # type: ignore[misc]
        node.ops[index] = swap()  # type: ignore[attr-defined]
    elif kind == "op":
        node.op = how[1]()  # type: ignore[attr-defined,index]
    else:
        node.value = how[1]  # type: ignore[attr-defined,index]


def _spots(function: ast.AST) -> list[ast.AST]:
    """The nodes of ``function`` in walk order, docstrings left out (the same list for a
    copy of the tree, so a mutation found in one applies to its twin in the other)."""
    docstrings = set()
    for node in ast.walk(function):
        if (
            isinstance(node, ast.FunctionDef | ast.ClassDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        ):
            docstrings.add(id(node.body[0].value))
    return [node for node in ast.walk(function) if id(node) not in docstrings]


def mutants(target: str) -> Iterator[Mutant]:
    path, qualified = target.split("::")
    text = (ROOT / path).read_text(encoding="utf-8")
    tree = ast.parse(text)
    for number, node in enumerate(_spots(_find(tree, qualified))):
        for line, change, how in _changes(node):
            mutated = copy.deepcopy(tree)
            _apply(_spots(_find(mutated, qualified))[number], how)
            yield Mutant(target, line, change, ast.unparse(mutated))


def _tests_for(target: str) -> list[str]:
    for game, tests in GAME_TESTS.items():
        if f"/{game}/" in target:
            return tests
    if target.startswith("m3desk/core/"):
        return [path for path in CORE_TESTS if (ROOT / path).exists()]
    return ["tests/systems", "tests/acceptance"]


def run_in_process(
    targets: list[str],
    tests: list[str] | None,
    report: str = "",
    by_prefix: dict[str, list[str]] | None = None,
) -> int:
    """Every mutant in one pytest process (tools/mutate_plugin.py): the code swapped into
    the live function, the tests run in process; 0 when every mutant was killed."""
    chosen = suite_targets(targets, by_prefix) if tests is None else targets
    files = tests or sorted(
        {t.split("::")[0] for given in chosen for t in given.partition("@")[2].split(",") if t}
    )
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-n",
        "0",
        "-q",
        "-s",
        "-p",
        "no:cacheprovider",
        "-p",
        "tools.mutate_plugin",
        *files,
    ]
    for target in chosen:
        command += ["--mutate", target]
    if report:
        command += ["--mutate-report", report]
    return subprocess.run(
        command, cwd=ROOT, timeout=900, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    ).returncode


def run(targets: list[str], tests: list[str] | None, limit: int | None) -> int:
    survivors: list[Mutant] = []
    killed = total = 0
    began = time.monotonic()
    for target in targets:
        path = ROOT / target.split("::")[0]
        original = path.read_bytes()
        found = list(mutants(target))[:limit]
        try:
            for mutant in found:
                path.write_text(mutant.source, encoding="utf-8")
                result = subprocess.run(
                    [
                        sys.executable,
                        "-m",
                        "pytest",
                        "-x",
                        "-q",
                        "-p",
                        "no:cacheprovider",
                        *(tests or _tests_for(target)),
                    ],
                    cwd=ROOT,
                    capture_output=True,
                    text=True,
                    timeout=900,
                    env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
                )
                total += 1
                if result.returncode == 0:
                    survivors.append(mutant)
                    print(f"SURVIVED {target}:{mutant.line} {mutant.change}", flush=True)
                else:
                    killed += 1
                    print(f"killed   {target}:{mutant.line} {mutant.change}", flush=True)
        finally:
            path.write_bytes(original)
    print(
        f"{total} mutants of {len(targets)} functions, {killed} killed, "
        f"{len(survivors)} survived "
        f"({time.monotonic() - began:.0f} s)"
    )
    return 0


def _stop(signum: int, _frame: object) -> None:
    raise SystemExit(128 + signum)  # the ``finally`` above puts the module back


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGTERM, _stop)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="*", help="path::function to mutate")
    parser.add_argument("--preset", choices=sorted(PRESETS), help="a named set of targets")
    parser.add_argument("--tests", nargs="*", help="pytest paths (default: the game's)")
    parser.add_argument("--limit", type=int, help="at most this many mutants per target")
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="one pytest process, the code swapped in (default tests: the "
        "fast tie and table tests); exits 1 if a mutant survives",
    )
    args = parser.parse_args(argv)
    targets = list(args.targets) + (PRESETS[args.preset] if args.preset else [])
    if not targets:
        parser.error("name a target or a preset")
    if args.in_process:
        by_prefix = TABLE_TESTS if args.preset == "tables" else None
        return run_in_process(targets, args.tests, by_prefix=by_prefix)
    return run(targets, args.tests, args.limit)


if __name__ == "__main__":
    sys.exit(main())
