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
from m3desk.core.dice import DiceExpr
from m3desk.core.numbers import pool_text, signed, step_runs
from m3desk.core.sheet_print import PrintSpec

__all__ = [
    "AbilityTable",
    "FieldKind",
    "FieldSpec",
    "FormError",
    "Headline",
    "LevelStep",
    "RowPreset",
    "SectionSpec",
    "SheetForm",
    "TableSpec",
    "add_row",
    "display_value",
    "fill_row",
    "find_preset",
    "get_path",
    "override_keys",
    "pool_after",
    "remove_row",
    "remove_rows",
    "ruled_value",
    "set_override",
    "set_path",
    "set_pool",
    "set_row_field",
    "text_problem",
]

FieldKind = Literal[
    "text",
    "long_text",
    "int",
    "choice",
    "bool",
    "dice",
    "list",
    "ints",
    "pool",
    "bands",
    "derived",
    "picture",
]
"""``text`` one line; ``long_text`` notes; ``int`` a whole number (``minimum``/``maximum``);
``choice`` one of ``choices``; ``bool`` a tick; ``dice`` an expression like "1d8+1"; ``list``
comma-separated words (a tuple of strings); ``ints`` slash-separated whole numbers
("50/100/150", a tuple of ints) or empty for none; ``pool`` a current / maximum pair (hit
points: the path names a model with ``current`` and ``maximum``, see :func:`pool_after`);
``bands`` a set of neighbouring steps of ``choices`` in order, written "Close–Short" (range
bands); ``derived`` (a table column) the row's derived value ``derived + row number``, read
only and overridable; ``picture`` an image stored in the sheet as base64 PNG text."""


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
    values: tuple[Any, ...] = ()
    """For ``choice`` and ``bands``: the stored value of each of ``choices`` (which are then
    only labels, "STR (Strength)" for ``"STR"``); empty: the choices are stored as written."""
    signed: bool = False
    """An ``int`` that is a bonus, shown +1 / −2."""
    prefix: str = ""
    """Text shown before an ``int`` ("3d6 + " before a rolled defence's bonus)."""
    apply: Callable[[BaseModel, Any], BaseModel] | None = None
    """The rules' own edit of this field, given the sheet and the value read from the text
    (raising ValueError with a sentence): an attribute that moves the pools built on it.
    None: the value is set at ``path`` and nothing else changes."""
    read: Callable[[str, Any], Any] | None = None
    """A ``text`` field's own written form: the value ``read(text, old value)``, raising
    ValueError with a sentence ("3 rounds", "scene"); ``show`` writes it back."""
    show: Callable[[Any], str] | None = None
    """The value as the cell shows it (``read``'s inverse), or how a row's value reads."""
    locked: Callable[[BaseModel], str] | None = None
    """Why the field cannot be edited on this sheet right now ("" when it can): the rules
    work it out from other fields."""
    hidden: Callable[[BaseModel], bool] | None = None
    """For a table column: True when the row has nothing to show in it (the range of a
    shield)."""
    placeholder: str = ""
    """Greyed example text in an empty one-line field ("human, elf…")."""
    ruled: Callable[[BaseModel, BaseModel | None], str] | None = None
    """For a table column: what the table rules make of the row's value when they set it
    aside (row, options), shown and printed instead of it ("1d6" for a dagger where every
    weapon deals 1d6); "" when the row's own value counts. The stored value is kept (and
    edited) for a table that uses it."""


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
    preset_file: str = ""
    """A reference data file in ``resources/data`` with more of them (the SRD's spells): the
    game names it and never reads it; the app reads it and hands it to ``presets_from``."""
    presets_from: Callable[[Any], tuple[RowPreset, ...]] | None = None
    """The presets the parsed ``preset_file`` holds."""
    noun: str = ""
    """One row in words for undo texts ("item"); empty: the table's label."""
    min_rows: int = 2
    """Rows the table keeps room for when it is short."""
    new_row_under: Callable[[BaseModel | None], BaseModel] | None = None
    """A new row under the table's options (an effect worth what the table says); when
    given it is used instead of ``new_row``."""
    row_rule: Callable[[BaseModel, BaseModel, BaseModel | None], BaseModel] | None = None
    """The rules' say on an edited row (before, after, options): a consequence of another
    tier takes that tier's value. None: the edited row stands."""
    selection_note: Callable[[BaseModel, int], str] | None = None
    """A line under the table for the rows selected (sheet, count): the trait bonus."""
    selection_help: str = ""
    choice_labels: Callable[[FieldSpec, BaseModel | None], tuple[str, ...]] | None = None
    """Longer labels for a choice column's list under the table's options ("minor: 5 EP,
    ±2"), one per choice; None or () to list the choices as they are."""


class Headline(NamedTuple):
    """A section's first line, large: derived values written as the book writes them
    ("AC 19 (+7)"); its tooltip explains them and the referee may override them."""

    keys: tuple[str, ...]
    text: Callable[[tuple[Derived, ...]], str]


class AbilityTable(NamedTuple):
    """Abilities as rows: the score (editable) and derived columns (modifiers), each
    explained and overridable; one row may be marked (a prime attribute) by a field."""

    rows: tuple[FieldSpec, ...]
    """One ``int`` field per ability (its label is the row's name, its help the full name)."""
    columns: tuple[FieldSpec, ...]
    """``derived`` columns: ``derived`` is a key pattern with ``{}`` for the row's label
    ("mod.{}")."""
    score_label: str = "Score"
    score_help: str = ""
    marked: str = ""
    """The sheet field whose value names the marked row; empty: no row is marked."""
    mark: str = "★"
    mark_word: str = ""
    """Written after the last column's value in the marked row ("+6 prime")."""
    mark_help: str = ""
    """Added to the marked row's tooltip."""
    note: str = ""
    """A line under the table."""
    mark_note: str = ""
    """Put before ``note`` on sheets that mark a row."""

    def key(self, column: FieldSpec, row: FieldSpec) -> str:
        return column.derived.format(row.label)


class SectionSpec(NamedTuple):
    title: str
    fields: tuple[FieldSpec, ...] = ()
    derived: tuple[str, ...] = ()
    """Derived keys shown read-only, explained, and overridable by the referee."""
    table: TableSpec | None = None
    wide: bool = False
    """Takes the whole width (tables, notes) instead of one column of two."""
    headline: Headline | None = None
    abilities: AbilityTable | None = None
    picture: FieldSpec | None = None
    """A ``picture`` field shown beside the fields (a portrait)."""
    tall: bool = False
    """Spans two rows of the two-column grid (its neighbour column holds two sections)."""
    stretch: bool = False
    """Takes the height left over (notes at the end of the sheet)."""


class StatBlockReader(Protocol):
    """Reads pasted stat-block text (its ``variant``-th variant when the block offers
    several) into a sheet named ``name``, with what could not be read. Never raises."""

    def __call__(self, text: str, name: str, variant: int = 0) -> tuple[BaseModel, list[str]]: ...


class LevelStep(NamedTuple):
    """What the rules add when a sheet's level is raised: the new levels' hit points, rolled
    (``dice``) or at their average, by the game's one rule ``gain``."""

    text: str
    """The step in words ("Level 1 → 3: 2 × d10, CON +1 a die")."""
    dice: DiceExpr | None
    """What is rolled for the new levels (None: their hit points are fixed)."""
    gain: Callable[[tuple[int, ...] | None], int]
    """The hit points the new levels add for these faces (None: at the dice's average)."""
    apply: Callable[[BaseModel, int], BaseModel]
    """The sheet with that many hit points added (current and maximum)."""
    now: str = ""
    """The sheet's hit points before the step, as the game writes them ("8/8"; "": not said)."""


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
    warnings: Callable[[BaseModel], tuple[str, ...]] = lambda _sheet: ()
    """Where the sheet's printed numbers disagree with the game's own tables (a monster's XP
    or THAC0 against what its Hit Dice give): one sentence each, shown as a warning on the
    sheet and beside the monster in the bestiary. Empty: nothing to check, or all agree."""
    read_attacks: Callable[[BaseModel, str], tuple[BaseModel, list[str]]] | None = None
    """A monster with the attack routines an attack line as the book prints it gives
    ("2 × claw (1d3), 1 × bite (1d6) or breath"), and what could not be read; the bestiary
    builds routines with it (:mod:`m3desk.core.routines`)."""
    bonus_keys: tuple[str, ...] = ()
    """Derived keys (or key prefixes ending in ".") that are bonuses, shown signed (+1, −2)
    rather than as amounts (AC 14)."""
    printed: PrintSpec = PrintSpec()
    """The printed sheet's combat box, table columns and write-in boxes."""
    level_step: Callable[[BaseModel, BaseModel, BaseModel | None], LevelStep | None] | None = None
    """(before, after, options): the hit-point step an edit that raises the level offers,
    taken with the level as one undo step; None when the edit raises no level."""
    column_stretch: tuple[int, int] = (1, 1)
    """How the two columns of sections share the width ((0, 0): as their contents ask)."""


# -- reading and writing paths -------------------------------------------------------------


def get_path(model: BaseModel, path: str) -> Any:
    value: Any = model
    for part in path.split("."):
        value = value[part] if isinstance(value, Mapping) else getattr(value, part)
    return value


def display_value(spec: FieldSpec, value: Any) -> str:
    """The field's value as the editor and the printed sheet show it."""
    if spec.show is not None:
        return spec.show(value)
    if value is None:
        return spec.blank
    if spec.kind == "bool":
        return "yes" if value else "no"
    if spec.kind == "list":
        return ", ".join(str(item) for item in value)
    if spec.kind == "ints":
        return "/".join(str(item) for item in value)
    if spec.kind == "bands":
        return _bands_text(spec, value)
    if spec.kind == "choice" and spec.values:
        return _label_of(spec, value)
    if spec.kind == "int" and spec.signed:
        return signed(value)
    if spec.kind == "pool":
        return pool_text(value.current, value.maximum)
    if hasattr(value, "value") and spec.kind == "choice":
        return str(value.value)
    return str(value)


def ruled_value(spec: FieldSpec, row: BaseModel, options: BaseModel | None) -> str:
    """A table cell as the table rules read it: :attr:`FieldSpec.ruled`'s text where the
    rules set the row's own value aside, else the value as written."""
    if spec.ruled is not None:
        text = spec.ruled(row, options)
        if text:
            return text
    return display_value(spec, get_path(row, spec.path))


def _label_of(spec: FieldSpec, value: Any) -> str:
    for label, stored in zip(spec.choices, spec.values, strict=False):
        if stored == value:
            return label
    return str(getattr(value, "value", value))


def _bands_text(spec: FieldSpec, value: Any) -> str:
    """Runs of neighbouring steps as "first–last", separate runs with a comma."""
    order = spec.values or spec.choices
    return step_runs(
        (order.index(item) for item in value if item in order), spec.choices.__getitem__
    )


def _read_bands(spec: FieldSpec, text: str) -> tuple[Any, ...]:
    order = spec.values or spec.choices
    found: list[int] = []
    for part in text.split(","):
        ends = [end.strip() for end in part.replace("—", "–").replace("-", "–").split("–")]
        try:
            first, last = (
                spec.choices.index(next(c for c in spec.choices if c.casefold() == end.casefold()))
                for end in (ends[0], ends[-1])
            )
        except StopIteration:
            raise FormError(f"{spec.label} takes steps of: {', '.join(spec.choices)}.") from None
        found += [step for step in range(first, last + 1) if step not in found]
    if not found:
        raise FormError(f"{spec.label} needs at least one of: {', '.join(spec.choices)}.")
    return tuple(order[step] for step in sorted(found))


def _coerce(spec: FieldSpec, value: Any) -> Any:
    """Text typed by the user into what the model takes; other values pass through."""
    if not isinstance(value, str):
        if spec.kind == "int" and isinstance(value, bool):
            raise FormError(f"{spec.label} takes a whole number.")
        return value
    if spec.read is not None:
        try:
            return spec.read(value, None)
        except ValueError as error:
            raise FormError(str(error)) from None
    text = value.strip()
    if spec.kind == "dice" and not text:
        return None
    if spec.kind == "bands":
        return _read_bands(spec, text)
    if spec.kind == "choice" and spec.values:
        for label, stored in zip(spec.choices, spec.values, strict=False):
            if text in (label, str(getattr(stored, "value", stored))):
                return stored
        raise FormError(f"{spec.label} is one of: {', '.join(spec.choices)}.")
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
            raise FormError(f"{spec.label} takes numbers like 50/100/150, not “{text}”.") from None
    if spec.kind == "bool":
        return text.lower() in ("1", "true", "yes", "on")
    if spec.kind == "choice" and spec.choices and text not in spec.choices:
        raise FormError(f"{spec.label} is one of: {', '.join(spec.choices)}.")
    return text if spec.kind != "text" else value


def _check_range(spec: FieldSpec, value: Any) -> None:
    if spec.kind != "int" or not isinstance(value, int):
        return
    if spec.minimum is not None and value < spec.minimum:
        raise FormError(f"{spec.label} must be at least {spec.minimum}")
    if spec.maximum is not None and value > spec.maximum:
        raise FormError(f"{spec.label} must be at most {spec.maximum}")


def _sentence(label: str, error: ValidationError) -> str:
    """One sentence a player understands: "STR must be at most 30", "Name cannot be empty",
    or the rules' own words when a value of the game refuses the text (a damage die)."""
    first = error.errors(include_url=False)[0]
    context = first.get("ctx") or {}
    kind = first["type"]
    if kind == "less_than_equal":
        return f"{label} must be at most {context['le']}"
    if kind == "greater_than_equal":
        return f"{label} must be at least {context['ge']}"
    if kind == "string_too_short":
        return f"{label} cannot be empty"
    if kind == "string_too_long":
        return f"{label} is too long (at most {context['max_length']} characters)"
    if kind == "too_long":
        return f"too many entries in {label} (at most {context.get('max_length')})"
    message = str(first["msg"]).removeprefix("Value error, ")
    if kind == "value_error":
        return message  # the rules' own words, unchanged
    return f"{label}: {message.rstrip('.')}."


def _validated(model: BaseModel, data: dict[str, Any], label: str) -> BaseModel:
    try:
        return type(model).model_validate(data)
    except ValidationError as error:
        raise FormError(_sentence(label, error)) from None


def _assign(data: dict[str, Any], parts: list[str], value: Any) -> None:
    for part in parts[:-1]:
        data = data[part]
    data[parts[-1]] = value


def set_path(sheet: BaseModel, spec: FieldSpec, value: Any) -> BaseModel:
    """The sheet with ``spec.path`` set to ``value`` (typed text or a value), validated."""
    coerced = _coerce(spec, value)
    _check_range(spec, coerced)
    if spec.apply is not None:
        try:
            return spec.apply(sheet, coerced)
        except ValidationError as error:
            raise FormError(_sentence(spec.label, error)) from None
        except ValueError as error:
            raise FormError(str(error)) from None
    data = sheet.model_dump(mode="python")
    _assign(data, spec.path.split("."), coerced)
    return _validated(sheet, data, spec.label)


def pool_after(
    pool: BaseModel, *, current: int | None = None, maximum: int | None = None
) -> BaseModel:
    """A current / maximum pool after one of its numbers is typed: a raised maximum raises
    the current as much (18/18 → 20/20, a wounded 9/18 → 11/20), a lowered one never leaves
    the current above it, and a current typed above the maximum raises the maximum to it."""
    now, most = int(getattr(pool, "current")), int(getattr(pool, "maximum"))  # noqa: B009
    if maximum is not None:
        now, most = min(maximum, now + maximum - most), maximum
    if current is not None:
        now, most = current, max(most, current)
    return type(pool).model_validate({"current": now, "maximum": most})


def set_pool(
    sheet: BaseModel, spec: FieldSpec, *, current: int | None = None, maximum: int | None = None
) -> BaseModel:
    """The sheet with the pool at ``spec.path`` after :func:`pool_after`, validated."""
    try:
        pool = pool_after(get_path(sheet, spec.path), current=current, maximum=maximum)
    except ValidationError as error:
        raise FormError(_sentence(spec.label, error)) from None
    return set_path(sheet, spec._replace(kind="text", apply=None, read=None), pool)


def text_problem(spec: FieldSpec, text: str) -> str | None:
    """Why typed ``text`` is no value of the field (None when it reads), without the sheet:
    what a cell editor says while the user types."""
    try:
        _coerce(spec, text)
    except FormError as error:
        return str(error)
    return None


def _rows(sheet: BaseModel, table: TableSpec) -> list[Any]:
    return list(sheet.model_dump(mode="python")[table.path])


def _with_rows(
    sheet: BaseModel,
    table: TableSpec,
    rows: list[Any],
    moved: Mapping[int, int | None] | None = None,
) -> BaseModel:
    data = sheet.model_dump(mode="python")
    data[table.path] = rows
    if moved and "overrides" in data:
        data["overrides"] = _shifted(data["overrides"], override_keys(table), moved)
    return _validated(sheet, data, table.label)


def override_keys(table: TableSpec) -> tuple[str, ...]:
    """The key prefixes of the table's derived columns ("max_damage.item.")."""
    return tuple(spec.derived for spec in table.columns if spec.kind == "derived")


def _shifted(
    overrides: Mapping[str, int], prefixes: tuple[str, ...], moved: Mapping[int, int | None]
) -> dict[str, int]:
    """Overrides of a row's derived values follow the row when rows come and go."""
    shifted: dict[str, int] = {}
    for key, value in overrides.items():
        prefix = next(
            (p for p in prefixes if key.startswith(p) and key.removeprefix(p).isdigit()), None
        )
        if prefix is None:
            shifted[key] = value
            continue
        target = moved.get(int(key.removeprefix(prefix)), int(key.removeprefix(prefix)))
        if target is not None:
            shifted[f"{prefix}{target}"] = value
    return shifted


def set_row_field(
    sheet: BaseModel,
    table: TableSpec,
    row: int,
    spec: FieldSpec,
    value: Any,
    options: BaseModel | None = None,
) -> BaseModel:
    """The sheet with one cell of one table row set (and what the rules make of the row
    under the table's ``options``), validated."""
    rows = _rows(sheet, table)
    if not 0 <= row < len(rows):
        raise FormError(f"{table.label} has no row {row + 1}.")
    if spec.read is not None and isinstance(value, str):
        before = get_path(get_path(sheet, table.path)[row], spec.path)
        try:
            coerced = spec.read(value, before)
        except ValueError as error:
            raise FormError(str(error)) from None
    else:
        coerced = _coerce(spec, value)
    _check_range(spec, coerced)
    _assign(rows[row], spec.path.split("."), coerced)
    old = get_path(sheet, table.path)[row]
    if isinstance(old, BaseModel):  # the cell's own words before the table's
        rows[row] = _validated(old, rows[row], spec.label).model_dump(mode="python")
    if table.row_rule is not None:
        try:
            edited = type(old).model_validate(rows[row])
            rows[row] = table.row_rule(old, edited, options).model_dump(mode="python")
        except ValidationError as error:
            raise FormError(_sentence(spec.label, error)) from None
        except ValueError as error:
            raise FormError(str(error)) from None
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


def add_row(
    sheet: BaseModel,
    table: TableSpec,
    row: BaseModel | None = None,
    options: BaseModel | None = None,
    at: int | None = None,
) -> BaseModel:
    """The sheet with a new row (``row`` or the table's new one) at ``at`` (None: last)."""
    rows = _rows(sheet, table)
    if row is None:
        row = table.new_row_under(options) if table.new_row_under else table.new_row()
    place = len(rows) if at is None else max(0, min(at, len(rows)))
    rows.insert(place, row.model_dump(mode="python"))
    moved = {old: old + 1 for old in range(place, len(rows) - 1)}
    return _with_rows(sheet, table, rows, moved)


def remove_row(sheet: BaseModel, table: TableSpec, row: int) -> BaseModel:
    return remove_rows(sheet, table, (row,))


def remove_rows(
    sheet: BaseModel, table: TableSpec, doomed: tuple[int, ...] | list[int]
) -> BaseModel:
    """The sheet without the rows ``doomed`` (one validated edit); overrides of the rows
    that stay follow them."""
    rows = _rows(sheet, table)
    for row in doomed:
        if not 0 <= row < len(rows):
            raise FormError(f"{table.label} has no row {row + 1}.")
    gone = set(doomed)
    moved: dict[int, int | None] = {}
    kept: list[Any] = []
    for index, row_data in enumerate(rows):
        moved[index] = None if index in gone else len(kept)
        if index not in gone:
            kept.append(row_data)
    return _with_rows(sheet, table, kept, moved)


def set_override(sheet: BaseModel, key: str, value: int | None) -> BaseModel:
    """The sheet with the referee's override of derived value ``key`` set (None clears it)."""
    overrides = dict(getattr(sheet, "overrides"))  # noqa: B009 - every form's sheet has one
    if value is None:
        overrides.pop(key, None)
    else:
        overrides[key] = value
    return sheet.model_copy(update={"overrides": overrides})
