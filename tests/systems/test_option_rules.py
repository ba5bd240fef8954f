"""A choice that changes a rule picks the rule: where a game has ``option_rules.py``, the
options it names in ``PICKED`` are read there and nowhere else in the game's package (nor in
its widgets under ``m3desk/ui/games/``), so the tracker, the action dialog and the forecast
all ask the same rule object."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from m3desk.core import registry

PACKAGE = Path(__file__).resolve().parents[2] / "m3desk"
SYSTEMS = PACKAGE / "systems"
WITH_RULES = [
    system.id for system in registry.systems() if (SYSTEMS / system.id / "option_rules.py").exists()
]


def _named_options(name: str) -> bool:
    """A name the table rules go by: ``options``, ``enc_options``, ``opts``, ``rules``…"""
    name = name.lstrip("_").lower()
    return "option" in name or name in ("opts", "rules", "table_rules")


def _options(node: ast.expr) -> bool:
    """``x.options``, ``options``, ``rules``, ``_options(x)`` or ``options_of(x)``: the table
    rules (``x.options.y`` as well)."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return _named_options(node.attr)
    return isinstance(node, ast.Name) and _named_options(node.id)


def _readers(source: str, name: str, picked: frozenset[str]) -> list[str]:
    """Where module ``name`` reads a picked option: ``options.x`` or ``getattr(options, "x")``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in picked and _options(node.value):
            found.append(f"{name}:{node.lineno} {node.attr}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "getattr"
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value in picked
        ):
            found.append(f"{name}:{node.lineno} getattr {node.args[1].value}")
    return found


def test_some_game_picks_its_rules() -> None:
    """The loop below is not empty: a game whose option rules moved away would skip it
    (OSE, Apparatus and AD&D have theirs)."""
    assert len(WITH_RULES) >= 3


def test_the_reader_finds_a_read() -> None:
    """The check below can fail: each way of reading an option is found."""
    source = (
        "a = enc.options.ties\nb = options.ties\nc = _options(e).ties\n"
        "d = getattr(rules, 'ties')\ne = options_of(e).ties\nf = weapon.ties\n"
    )
    found = _readers(source, "reads.py", frozenset({"ties"}))
    assert [line.split(" ")[0] for line in found] == [f"reads.py:{n}" for n in range(1, 6)]


@pytest.mark.parametrize("game", WITH_RULES)
def test_no_other_module_reads_a_choice_that_picks_a_rule(game: str) -> None:
    rules = importlib.import_module(f"m3desk.systems.{game}.option_rules")
    picked = rules.PICKED
    assert picked and picked <= set(registry.get(game).options_model.model_fields)
    readers = []
    paths = [
        *sorted((SYSTEMS / game).glob("*.py")),
        *sorted((PACKAGE / "ui" / "games" / game).rglob("*.py")),
    ]
    for path in paths:
        if path.parent == SYSTEMS / game and path.name in ("option_rules.py", "options.py"):
            continue
        readers += _readers(path.read_text(encoding="utf-8"), path.name, picked)
    assert readers == []
