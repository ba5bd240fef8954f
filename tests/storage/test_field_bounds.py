"""Every list, text and number in every game's files has a bound, checked at load.

A file is shared between players: an Apparatus size modifier of 10^100 gave nonsense odds,
10,000 side names took 12 s to open, 100,000 characters of notes seconds to lay out. This
walks every document model of every installed game (sheets, encounters, their options) and
asserts each field has one: a range for numbers, a maximum length for texts, lists and
dicts (a fixed-length tuple, a Literal, an enum or a bool is bounded by its type).
"""

from __future__ import annotations

import enum
import types
import typing
from fractions import Fraction
from typing import Any

import annotated_types as at
import pytest
from pydantic import BaseModel

from m3desk.core import registry
from m3desk.core.dice import DiceExpr
from m3desk.core.log_entries import LogEntries
from m3desk.core.routines import Damage


def _bounds(metadata: list[Any]) -> set[str]:
    found: set[str] = set()
    for item in metadata:
        if isinstance(item, at.Ge | at.Gt):
            found.add("low")
        if isinstance(item, at.Le | at.Lt):
            found.add("high")
        if isinstance(item, at.MaxLen):
            found.add("length")
        found |= _bounds(list(getattr(item, "metadata", ())))
    return found


def _unbounded(tp: Any, where: str, metadata: list[Any], seen: set[type]) -> list[str]:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Annotated:
        return _unbounded(args[0], where, [*metadata, *args[1:]], seen)
    if origin in (typing.Union, types.UnionType):
        return [
            p for a in args if a is not type(None) for p in _unbounded(a, where, metadata, seen)
        ]
    if origin is typing.Literal or tp is bool or tp is type(None) or tp is Any:
        return []
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return []
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return _model(tp, seen)
    bounds = _bounds(metadata)
    if tp in (int, float):
        return [] if {"low", "high"} <= bounds else [f"{where}: a number without a range"]
    if tp is str:
        return [] if "length" in bounds else [f"{where}: a text without a maximum length"]
    if origin in (tuple, list, dict, set, frozenset):
        fixed = origin is tuple and Ellipsis not in args
        keyed_by_choice = (
            origin is dict
            and not _unbounded(args[0], "", [], seen)
            and (
                typing.get_origin(args[0]) is typing.Literal
                or (isinstance(args[0], type) and issubclass(args[0], enum.Enum))
            )
        )
        problems = (
            []
            if fixed or keyed_by_choice or "length" in bounds
            else [f"{where}: a {origin.__name__} without a maximum length"]
        )
        for number, item in enumerate(a for a in args if a is not Ellipsis):
            problems += _unbounded(item, f"{where}[{number}]", [], seen)
        return problems
    if tp is DiceExpr or tp is Fraction or tp is Damage:
        # dice: at most MAX_DICE_TEXT characters (special damage MAX_DAMAGE_TEXT, its dice
        # and multiplier bounded); a rate: parse_rate's 1/10 to 10
        return []
    if origin is LogEntries:  # its schema has MAX_ENTRIES; the entries are models
        return _unbounded(args[0], f"{where}[0]", [], seen)
    return [f"{where}: {tp!r} is not checked"]


def _model(model: type[BaseModel], seen: set[type]) -> list[str]:
    if model in seen:
        return []
    seen.add(model)
    return [
        problem
        for name, field in model.model_fields.items()
        for problem in _unbounded(
            field.annotation, f"{model.__qualname__}.{name}", list(field.metadata), seen
        )
    ]


@pytest.mark.parametrize("game", [system.id for system in registry.systems()])
def test_every_field_of_every_file_has_a_bound(game: str) -> None:
    seen: set[type] = set()
    problems = [
        problem for spec in registry.get(game).documents for problem in _model(spec.model, seen)
    ]
    assert problems == []
    assert len(seen) > 5  # the walk reached the nested models
