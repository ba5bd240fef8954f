"""Every table-rules option of every game says, on its own field, what it is called, why it
exists and what each of its choices means (``m3desk.core.options.Option``): one declaration,
read by the Table Rules form, the expedition's rules and anything else that words an option."""

from __future__ import annotations

import ast
import typing
from enum import Enum
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import BaseModel

from m3desk.core import registry
from m3desk.core.options import Option, choice_words, option_of

ROOT = Path(__file__).resolve().parents[2]


def _models() -> list[tuple[str, type[BaseModel]]]:
    """Each game's table rules, and its expedition's where it has one."""
    models: list[tuple[str, type[BaseModel]]] = []
    for system in registry.systems():
        models.append((system.id, system.options_model))
        exploration = system.exploration
        if exploration is not None and exploration.options_model is not None:
            models.append((f"{system.id} expedition", exploration.options_model))
    return models


def _choices(annotation: Any) -> list[Any]:
    if typing.get_origin(annotation) is Literal:
        return list(typing.get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return list(annotation)
    return []


@pytest.mark.parametrize(("game", "model"), _models(), ids=[game for game, _ in _models()])
def test_every_option_declares_its_words_on_its_field(game: str, model: type[BaseModel]) -> None:
    for name, info in model.model_fields.items():
        markers = [item for item in info.metadata if isinstance(item, Option)]
        assert len(markers) == 1, f"{game}.{name} has no Option marker on its field"
        words = option_of(model, name)
        assert words is markers[0]
        assert words.label.strip() and "_" not in words.label, f"{game}.{name}: label"
        assert words.reason.strip().endswith((".", ")")), f"{game}.{name}: a reason in a sentence"
        choices = _choices(info.annotation)
        worded = choice_words(model, name)
        assert set(worded) <= set(choices), f"{game}.{name} words a choice it does not have"
        if typing.get_origin(info.annotation) is Literal:
            assert set(worded) == set(choices), f"{game}.{name}: each choice needs its words"
        shown = [words.words(choice) for choice in choices]
        assert all("_" not in text for text in shown), f"{game}.{name}: {shown}"


@pytest.mark.parametrize("system", list(registry.systems()), ids=list(registry.ids()))
def test_a_game_groups_all_its_options_or_none(system: Any) -> None:
    """Sections are a game's choice; a game that names one names every option's."""
    sections = {
        option_of(system.options_model, name).section for name in system.options_model.model_fields
    }
    assert "" not in sections or sections == {""}, f"{system.id}: options without a section"


def test_no_module_keeps_option_words_beside_the_fields() -> None:
    """The old dicts kept aligned by tests are gone: no game module defines them again."""
    kept = []
    for folder in (ROOT / "m3desk" / "systems", ROOT / "tests"):
        for path in folder.rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in tree.body:
                targets = (
                    [node.target]
                    if isinstance(node, ast.AnnAssign)
                    else node.targets
                    if isinstance(node, ast.Assign)
                    else []
                )
                kept += [
                    f"{path.relative_to(ROOT)}: {target.id}"
                    for target in targets
                    if isinstance(target, ast.Name)
                    and target.id in {"EXPLANATIONS", "CHOICE_WORDS", "SECTIONS"}
                ]
    assert kept == []
