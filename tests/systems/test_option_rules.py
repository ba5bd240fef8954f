"""A choice that changes a rule picks the rule: where a game has ``option_rules.py``, the
options it names in ``PICKED`` are read there and nowhere else in the game's package, so the
tracker, the action dialog and the forecast all ask the same rule object."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from m3desk.core import registry

SYSTEMS = Path(__file__).resolve().parents[2] / "m3desk" / "systems"
WITH_RULES = [
    system.id for system in registry.systems() if (SYSTEMS / system.id / "option_rules.py").exists()
]


def _options(node: ast.expr) -> bool:
    """``x.options``, ``options``, ``rules`` or ``_options(x)``: the table rules."""
    if isinstance(node, ast.Call):
        node = node.func
    return (isinstance(node, ast.Attribute) and node.attr == "options") or (
        isinstance(node, ast.Name) and node.id in ("options", "_options", "rules")
    )


def test_some_game_picks_its_rules() -> None:
    """The loop below is not empty: a game whose option rules moved away would skip it."""
    assert len(WITH_RULES) >= 2


@pytest.mark.parametrize("game", WITH_RULES)
def test_no_other_module_reads_a_choice_that_picks_a_rule(game: str) -> None:
    rules = importlib.import_module(f"m3desk.systems.{game}.option_rules")
    picked = rules.PICKED
    assert picked and picked <= set(registry.get(game).options_model.model_fields)
    readers = []
    for path in sorted((SYSTEMS / game).glob("*.py")):
        if path.name in ("option_rules.py", "options.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in picked and _options(node.value):
                readers.append(f"{path.name}:{node.lineno} {node.attr}")
    assert readers == []
