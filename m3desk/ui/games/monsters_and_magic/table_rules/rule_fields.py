"""What the Table Rules form shows, read from ``TableRules.model_fields``.

The form is generated: every field of :class:`TableRules` becomes one :class:`RuleField`
(its editor kind from the annotation, its bounds from the field's ``ge``/``le`` constraints,
its explanation from :meth:`TableRules.explain`). Only presentation lives here: a label and
a section per known field, and words for enum and Literal choices. A field added to the
rules later still appears (labelled from its name, under "Other") without a change here.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any, Literal

from pydantic import ValidationError
from pydantic.fields import FieldInfo

from m3desk.core.options import option_of
from m3desk.systems.monsters_and_magic.table_rules import DifficultyRung, TableRules

__all__ = [
    "LADDER_FIELD",
    "SECTIONS",
    "Choice",
    "EditorKind",
    "RuleField",
    "field_label",
    "int_bounds",
    "rule_fields",
    "validation_messages",
]


class EditorKind(StrEnum):
    INT = "int"
    BOOL = "bool"
    CHOICE = "choice"
    LADDER = "ladder"


LADDER_FIELD = "difficulty_ladder"

SECTIONS: dict[str, int] = {
    "Effects and consequences": 0,
    "Damage": 0,
    "Failures": 1,
    "Range and hero points": 1,
    "Prime attribute": 1,
    "Durations": 1,
    "Size": 2,
    "Difficulties": 2,
    "Other": 2,
}
"""Section titles in the order the form shows them, and the column (0–2) each goes in."""



@dataclass(frozen=True)
class Choice:
    value: Any
    text: str


@dataclass(frozen=True)
class RuleField:
    """One option of the table rules as the form presents it."""

    name: str
    label: str
    section: str
    kind: EditorKind
    explanation: str
    minimum: int = 0
    maximum: int = 0
    choices: tuple[Choice, ...] = ()


def field_label(name: str) -> str:
    """The form's label for ``name``: "minor_cost" → "Minor cost" when none is given."""
    if name in TableRules.model_fields:
        return option_of(TableRules, name).label
    return name.replace("_", " ").capitalize()


def int_bounds(info: FieldInfo) -> tuple[int, int]:
    """The ``ge``/``gt``/``le``/``lt`` constraints of an int field as an inclusive range."""
    low, high = 0, 999
    for constraint in info.metadata:
        if getattr(constraint, "ge", None) is not None:
            low = int(constraint.ge)
        if getattr(constraint, "gt", None) is not None:
            low = int(constraint.gt) + 1
        if getattr(constraint, "le", None) is not None:
            high = int(constraint.le)
        if getattr(constraint, "lt", None) is not None:
            high = int(constraint.lt) - 1
    return low, high


def _words(name: str, value: Any) -> str:
    return option_of(TableRules, name).words(value)


def _choices(name: str, annotation: Any) -> tuple[Choice, ...] | None:
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return tuple(Choice(member, _words(name, member)) for member in annotation)
    if typing.get_origin(annotation) is Literal:
        return tuple(Choice(value, _words(name, value)) for value in typing.get_args(annotation))
    return None


def _is_ladder(annotation: Any) -> bool:
    return typing.get_origin(annotation) is tuple and DifficultyRung in typing.get_args(annotation)


def _kind_of(name: str, info: FieldInfo) -> tuple[EditorKind, dict[str, Any]]:
    annotation = info.annotation
    if annotation is bool:
        return EditorKind.BOOL, {}
    if annotation is int:
        low, high = int_bounds(info)
        return EditorKind.INT, {"minimum": low, "maximum": high}
    choices = _choices(name, annotation)
    if choices is not None:
        return EditorKind.CHOICE, {"choices": choices}
    if _is_ladder(annotation):
        return EditorKind.LADDER, {}
    raise TypeError(f"the Table Rules form has no editor for {name}: {annotation!r}")


def rule_fields() -> list[RuleField]:
    """Every field of :class:`TableRules`, in the model's order."""
    fields = []
    for name, info in TableRules.model_fields.items():
        kind, extra = _kind_of(name, info)
        words = option_of(TableRules, name)
        section = words.section or "Other"
        explanation = words.reason
        fields.append(RuleField(name=name, label=field_label(name), section=section, kind=kind,
                                explanation=explanation, **extra))
    return fields


def _sentence(message: str) -> str:
    text = message.removeprefix("Value error, ").strip()
    return text[:1].upper() + text[1:]


def validation_messages(error: ValidationError) -> list[str]:
    """The problems in words for the form: "Tier costs must rise: …", "Difficulty 3: …"."""
    messages = []
    for problem in error.errors(include_url=False, include_input=False, include_context=False):
        location = problem.get("loc", ())
        text = _sentence(str(problem.get("msg", "invalid value")))
        if location and location[0] == LADDER_FIELD and len(location) >= 2:
            row = location[1]
            part = f" {location[2]}" if len(location) >= 3 else ""
            where = f"Difficulty {int(row) + 1}{part}" if isinstance(row, int) else "Difficulties"
            text = f"{where}: {text[:1].lower()}{text[1:]}"
        elif location:
            text = f"{field_label(str(location[0]))}: {text[:1].lower()}{text[1:]}"
        if text not in messages:
            messages.append(text)
    return messages
