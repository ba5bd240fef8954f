"""How a game describes its sheets, so one generic editor and one printer serve every game.

A :class:`SheetForm` lists sections; a section holds fields (a path into the sheet model and
how to edit it), derived values shown with their explanation (and the referee's override),
and at most one table of rows (weapons, attacks, spells). The Qt layer renders the form and
edits through :func:`set_path`, :func:`set_row_field`, :func:`add_row`, :func:`remove_row`
and :func:`set_override`, which return a new, validated sheet or raise :class:`FormError`
with a sentence for the user. Nothing here names a game.

Sheets described by a form are frozen pydantic models with a ``name`` and an
``overrides: dict[str, int]`` field keyed like the game's derived values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal, NamedTuple, Protocol

from pydantic import BaseModel, ValidationError

from m3desk.core.derived import Derived
from m3desk.core.sheet_print import PrintSpec

__all__ = [
    "FieldKind",
    "FieldSpec",
    "FormError",
    "RowPreset",
    "SectionSpec",
    "SheetForm",
    "TableSpec",
    "add_row",
    "display_value",
    "fill_row",
    "find_preset",
    "get_path",
    "remove_row",
    "set_override",
    "set_path",
    "set_row_field",
]

FieldKind = Literal["text", "long_text", "int", "choice", "bool", "dice", "list", "ints"]
"""``text`` one line; ``long_text`` notes; ``int`` a whole number (``minimum``/``maximum``);
``choice`` one of ``choices``; ``bool`` a tick; ``dice`` an expression like "1d8+1"; ``list``
comma-separated words (a tuple of strings); ``ints`` slash-separated whole numbers
("50/100/150", a tuple of ints) or empty for none."""


class FormError(ValueError):
    """An edit the sheet cannot take; the message is a sentence for the user."""


class FieldSpec(NamedTuple):
    path: str
    """Dotted path into the sheet (``"abilities.STR"``) or, in a table, into the row."""
    label: str
    kind: FieldKind = "text"
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""
    derived: str = ""
    """A derived key shown beside the field (an ability's modifier)."""
    width: str = ""
    """The widest text the field should show (a column's sample)."""
    blank: str = ""
    """For an ``int`` that may be left empty (None: the rules decide it), what the empty
    field shows ("by size"); empty text clears it."""


class RowPreset(NamedTuple):
    """A row of the game's own list (a weapon of the equipment list) a table offers by name."""

    name: str
    row: BaseModel
    """The row's values; only the fields set when it was made replace a row's (so a typed
    magic bonus stays)."""
    note: str = ""
    """Its numbers in a few words, shown beside the name as it is offered ("1d4, 10/20/30'")."""


class TableSpec(NamedTuple):
    path: str
    """The sheet field holding a tuple of row models (``"weapons"``)."""
    label: str
    columns: tuple[FieldSpec, ...]
    new_row: Callable[[], BaseModel]
    help: str = ""
    presets: tuple[RowPreset, ...] = ()
    """Rows the name column offers as the user types; choosing one fills the row."""


class SectionSpec(NamedTuple):
    title: str
    fields: tuple[FieldSpec, ...] = ()
    derived: tuple[str, ...] = ()
    """Derived keys shown read-only, explained, and overridable by the referee."""
    table: TableSpec | None = None
    wide: bool = False
    """Takes the whole width (tables, notes) instead of one column of two."""


class StatBlockReader(Protocol):
    """Reads pasted stat-block text (its ``variant``-th variant when the block offers
    several) into a sheet named ``name``, with what could not be read. Never raises."""

    def __call__(self, text: str, name: str, variant: int = 0) -> tuple[BaseModel, list[str]]:
        ...


class SheetForm(NamedTuple):
    """One kind of sheet of one game, as the generic editor and printer render it."""

    sections: tuple[SectionSpec, ...]
    derive: Callable[[BaseModel, BaseModel | None], Mapping[str, Derived]]
    """Every derived value of a sheet under the table's options (None: the defaults)."""
    new_sheet: Callable[[str, BaseModel | None], BaseModel]
    """A fresh sheet with this name under the table's options (None: the defaults), with values
    that follow from the rules (no silent 0): File → New starts hit points as the table says."""
    summary: Callable[[BaseModel], str] = lambda _sheet: ""
    """One line for the library and the printed header ("Fighter 3, AC 4 [15]")."""
    parse: StatBlockReader | None = None
    """Read a pasted stat block (text, name, variant) into a sheet, with what could not be
    read."""
    parse_help: str = ""
    stat_block_variants: Callable[[str], tuple[str, ...]] = lambda _text: ()
    """The variants a pasted block offers ("HD 8", "HD 12", "HD 16") for the user to pick;
    empty when it describes one creature."""
    bonus_keys: tuple[str, ...] = ()
    """Derived keys (or key prefixes ending in ".") that are bonuses, shown signed (+1, −2)
    rather than as amounts (AC 14)."""
    printed: PrintSpec = PrintSpec()
    """The printed sheet's combat box, table columns and write-in boxes."""


# -- reading and writing paths -------------------------------------------------------------


def get_path(model: BaseModel, path: str) -> Any:
    value: Any = model
    for part in path.split("."):
        value = value[part] if isinstance(value, Mapping) else getattr(value, part)
    return value


def display_value(spec: FieldSpec, value: Any) -> str:
    """The field's value as the editor and the printed sheet show it."""
    if value is None:
        return spec.blank
    if spec.kind == "bool":
        return "yes" if value else "no"
    if spec.kind == "list":
        return ", ".join(str(item) for item in value)
    if spec.kind == "ints":
        return "/".join(str(item) for item in value)
    if hasattr(value, "value") and spec.kind == "choice":
        return str(value.value)
    return str(value)


def _coerce(spec: FieldSpec, value: Any) -> Any:
    """Text typed by the user into what the model takes; other values pass through."""
    if not isinstance(value, str):
        if spec.kind == "int" and isinstance(value, bool):
            raise FormError(f"{spec.label} takes a whole number.")
        return value
    text = value.strip()
    if spec.kind == "int" and spec.blank and text in ("", spec.blank):
        return None
    if spec.kind == "int":
        try:
            return int(text.replace("−", "-"))
        except ValueError:
            raise FormError(f"{spec.label} takes a whole number, not “{text}”.") from None
    if spec.kind == "list":
        return tuple(part.strip() for part in text.split(",") if part.strip())
    if spec.kind == "ints":
        if not text:
            return None
        try:
            return tuple(int(part) for part in text.replace(" ", "").split("/"))
        except ValueError:
            raise FormError(f"{spec.label} takes numbers like 50/100/150, not “{text}”.") \
                from None
    if spec.kind == "bool":
        return text.lower() in ("1", "true", "yes", "on")
    if spec.kind == "choice" and spec.choices and text not in spec.choices:
        raise FormError(f"{spec.label} is one of: {', '.join(spec.choices)}.")
    return text if spec.kind != "text" else value


def _check_range(spec: FieldSpec, value: Any) -> None:
    if spec.kind != "int" or not isinstance(value, int):
        return
    if spec.minimum is not None and value < spec.minimum:
        raise FormError(f"{spec.label} is at least {spec.minimum}.")
    if spec.maximum is not None and value > spec.maximum:
        raise FormError(f"{spec.label} is at most {spec.maximum}.")


def _validated(model: BaseModel, data: dict[str, Any], label: str) -> BaseModel:
    try:
        return type(model).model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        raise FormError(f"{label}: {first['msg'].rstrip('.')}.") from None


def _assign(data: dict[str, Any], parts: list[str], value: Any) -> None:
    for part in parts[:-1]:
        data = data[part]
    data[parts[-1]] = value


def set_path(sheet: BaseModel, spec: FieldSpec, value: Any) -> BaseModel:
    """The sheet with ``spec.path`` set to ``value`` (typed text or a value), validated."""
    coerced = _coerce(spec, value)
    _check_range(spec, coerced)
    data = sheet.model_dump(mode="python")
    _assign(data, spec.path.split("."), coerced)
    return _validated(sheet, data, spec.label)


def _rows(sheet: BaseModel, table: TableSpec) -> list[Any]:
    return list(sheet.model_dump(mode="python")[table.path])


def _with_rows(sheet: BaseModel, table: TableSpec, rows: list[Any]) -> BaseModel:
    data = sheet.model_dump(mode="python")
    data[table.path] = rows
    return _validated(sheet, data, table.label)


def set_row_field(sheet: BaseModel, table: TableSpec, row: int, spec: FieldSpec,
                  value: Any) -> BaseModel:
    """The sheet with one cell of one table row set, validated."""
    rows = _rows(sheet, table)
    if not 0 <= row < len(rows):
        raise FormError(f"{table.label} has no row {row + 1}.")
    coerced = _coerce(spec, value)
    _check_range(spec, coerced)
    _assign(rows[row], spec.path.split("."), coerced)
    return _with_rows(sheet, table, rows)


def find_preset(table: TableSpec, text: str) -> RowPreset | None:
    """The preset named ``text`` (any case, surrounding spaces ignored), if any."""
    wanted = text.strip().casefold()
    return next((preset for preset in table.presets if preset.name.casefold() == wanted), None)


def fill_row(sheet: BaseModel, table: TableSpec, row: int, preset: RowPreset) -> BaseModel:
    """The sheet with row ``row`` taking the preset's values (one validated edit)."""
    rows = _rows(sheet, table)
    if not 0 <= row < len(rows):
        raise FormError(f"{table.label} has no row {row + 1}.")
    rows[row].update(preset.row.model_dump(mode="python", exclude_unset=True))
    return _with_rows(sheet, table, rows)


def add_row(sheet: BaseModel, table: TableSpec, row: BaseModel | None = None) -> BaseModel:
    rows = _rows(sheet, table)
    rows.append((row or table.new_row()).model_dump(mode="python"))
    return _with_rows(sheet, table, rows)


def remove_row(sheet: BaseModel, table: TableSpec, row: int) -> BaseModel:
    rows = _rows(sheet, table)
    if not 0 <= row < len(rows):
        raise FormError(f"{table.label} has no row {row + 1}.")
    del rows[row]
    return _with_rows(sheet, table, rows)


def set_override(sheet: BaseModel, key: str, value: int | None) -> BaseModel:
    """The sheet with the referee's override of derived value ``key`` set (None clears it)."""
    overrides = dict(getattr(sheet, "overrides"))  # noqa: B009 - every form's sheet has one
    if value is None:
        overrides.pop(key, None)
    else:
        overrides[key] = value
    return sheet.model_copy(update={"overrides": overrides})
