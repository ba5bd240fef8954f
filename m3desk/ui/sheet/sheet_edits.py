"""Building edited copies of sheets, re-validated, and wording validation errors for people.

Qt-free helpers shared by the sheet's models and bindings. Every edit re-validates through
the rules models, so an impossible value raises (``pydantic.ValidationError`` or
``DiceError``) instead of reaching the document. No game arithmetic happens here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from m3desk.systems.monsters_and_magic.dice import DiceError

__all__ = [
    "SheetPath",
    "error_text",
    "field_range",
    "fields_of",
    "value_at",
    "with_fields",
    "with_override",
    "with_path",
    "with_row",
    "with_row_inserted",
    "without_rows",
]

M = TypeVar("M", bound=BaseModel)
SheetPath = tuple[str, ...]
"""Where a value lives in a sheet, e.g. ``("name",)`` or ``("php", "current")``."""


def fields_of(model: BaseModel) -> dict[str, Any]:
    """The model's field values, shallow (nested models stay models, already validated)."""
    return {name: getattr(model, name) for name in type(model).model_fields}


def with_fields(model: M, **changes: Any) -> M:
    """A re-validated copy with ``changes``; raises ValidationError on impossible values."""
    return type(model).model_validate({**fields_of(model), **changes})


def value_at(model: BaseModel, path: SheetPath) -> Any:
    value: Any = model
    for name in path:
        value = value[name] if isinstance(value, dict) else getattr(value, name)
    return value


def with_path(model: M, path: SheetPath, value: Any) -> M:
    """A re-validated copy with the value at ``path`` replaced (nested models re-validated too)."""
    head, *rest = path
    if not rest:
        return with_fields(model, **{head: value})
    child = getattr(model, head)
    if isinstance(child, BaseModel):
        return with_fields(model, **{head: with_path(child, tuple(rest), value)})
    if isinstance(child, dict) and len(rest) == 1:
        return with_fields(model, **{head: {**child, rest[0]: value}})
    raise KeyError(f"cannot edit {'.'.join(path)}")


def with_override(sheet: M, key: str, value: int | None) -> M:
    """Set the GM's override of derived value ``key``, or remove it with ``None``."""
    overrides: dict[str, int] = dict(getattr(sheet, "overrides"))  # noqa: B009 - any sheet type
    if value is None:
        overrides.pop(key, None)
    else:
        overrides[key] = value
    return with_fields(sheet, overrides=overrides)


def with_row(sheet: M, field: str, index: int, row: BaseModel) -> M:
    rows = list(getattr(sheet, field))
    rows[index] = row
    return with_fields(sheet, **{field: tuple(rows)})


def _shift_overrides(
    overrides: dict[str, int], prefix: str, new_index: dict[int, int | None]
) -> dict[str, int]:
    """Keys like ``max_damage.item.<n>`` follow their row when rows move or disappear."""
    shifted: dict[str, int] = {}
    for key, value in overrides.items():
        suffix = key.removeprefix(prefix)
        if prefix and key.startswith(prefix) and suffix.isdigit():
            target = new_index.get(int(suffix), int(suffix))
            if target is not None:
                shifted[f"{prefix}{target}"] = value
        else:
            shifted[key] = value
    return shifted


def with_row_inserted(
    sheet: M, field: str, index: int, row: BaseModel, *, override_prefix: str = ""
) -> M:
    rows = list(getattr(sheet, field))
    rows.insert(index, row)
    moved: dict[int, int | None] = {old: old + 1 for old in range(index, len(rows) - 1)}
    overrides = _shift_overrides(dict(getattr(sheet, "overrides")), override_prefix, moved)  # noqa: B009
    return with_fields(sheet, **{field: tuple(rows), "overrides": overrides})


def without_rows(sheet: M, field: str, indexes: Iterable[int], *, override_prefix: str = "") -> M:
    rows = list(getattr(sheet, field))
    doomed = set(indexes)
    kept = [row for index, row in enumerate(rows) if index not in doomed]
    new_index: dict[int, int | None] = {}
    position = 0
    for index in range(len(rows)):
        if index in doomed:
            new_index[index] = None
        else:
            new_index[index] = position
            position += 1
    overrides = _shift_overrides(dict(getattr(sheet, "overrides")), override_prefix, new_index)  # noqa: B009
    return with_fields(sheet, **{field: tuple(kept), "overrides": overrides})


def _name_of(loc: Sequence[int | str]) -> str:
    words = [part for part in loc if isinstance(part, str)]
    return words[-1].replace("_", " ") if words else "value"


def error_text(exc: Exception, label: str | None = None) -> str:
    """One sentence a player understands: "STR must be at most 30", "Name cannot be empty"."""
    return _error_text(exc, label)


def _error_text(exc: Exception, label: str | None) -> str:
    if isinstance(exc, DiceError):
        return str(exc)
    if not isinstance(exc, ValidationError):
        return str(exc)
    error = exc.errors(include_url=False)[0]
    name = label or _name_of(error["loc"])
    name = name[:1].upper() + name[1:]
    ctx = error.get("ctx") or {}
    kind = error["type"]
    if kind == "less_than_equal":
        return f"{name} must be at most {ctx['le']}"
    if kind == "greater_than_equal":
        return f"{name} must be at least {ctx['ge']}"
    if kind == "string_too_short":
        return f"{name} cannot be empty"
    if kind == "string_too_long":
        return f"{name} is too long (at most {ctx['max_length']} characters)"
    if kind == "too_long":
        return f"too many entries in {name} (at most {ctx.get('max_length')})"
    message = str(error["msg"]).removeprefix("Value error, ")
    if kind == "value_error":
        return message  # the rules' own words, e.g. the DiceError text, unchanged
    return f"{name}: {message}"


def field_range(model: type[BaseModel], name: str) -> tuple[int, int]:
    """The (minimum, maximum) the rules model allows for an int field: spin box ranges."""
    low, high = -(2**31), 2**31 - 1
    for rule in model.model_fields[name].metadata:
        low = int(getattr(rule, "ge", low))
        high = int(getattr(rule, "le", high))
    return low, high
