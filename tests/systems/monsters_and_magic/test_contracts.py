"""No string contracts: help is a mark on the condition, a problem carries a code."""

from __future__ import annotations

import json
from pathlib import Path

from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.monsters_and_magic.action_defaults import is_help
from m3desk.systems.monsters_and_magic.spending import (
    DamageSpend,
    ProblemCode,
    SpendPlan,
    check_plan,
    help_condition,
)
from tests.systems.monsters_and_magic.samples import MUMMY, sample_sheet

FIXTURES = Path(__file__).parents[2] / "fixtures" / "v0_1"


def test_help_is_marked_not_recognised_by_its_name(tmp_path: Path) -> None:
    given = help_condition(3, "Felix", "the next attack")
    assert given.help and is_help(given)
    renamed = given.model_copy(update={"name": "Felix's shove"})
    assert is_help(renamed)  # a renamed help bonus is still one
    lookalike = given.model_copy(update={"help": False})
    assert not is_help(lookalike)  # an effect merely named "help from …" is not


def test_a_0_1_help_bonus_is_marked_when_the_file_opens(tmp_path: Path) -> None:
    raw = json.loads((FIXTURES / "gramfive.m3c").read_text(encoding="utf-8"))
    raw["document"]["conditions"] = [
        {"name": "help from Felix", "kind": "effect", "tier": "minor", "value": 3}
    ]
    path = tmp_path / "helped.m3c"
    path.write_text(json.dumps(raw), encoding="utf-8")
    [condition] = load_sheet(path).model.conditions
    assert condition.help


def test_problems_carry_codes_beside_their_words() -> None:
    actor, target = sample_sheet("gramfive"), sample_sheet(MUMMY)
    plan = SpendPlan(spends=(DamageSpend(amount=40),))
    budget = check_plan(plan, 5, actor=actor, target=target, damage_cap=10)
    codes = {problem.code for problem in budget.problems}
    assert codes == {ProblemCode.OVER_BUDGET, ProblemCode.DAMAGE_CAP}
    assert any("maximum damage 10" in problem for problem in budget.problems)
