"""Random-table files: the game's bundled tables and the GM's own, read like every file.

``load_tables(game_id)`` reads the ``*.m3t`` files of the folders the game's
``GameSystem.random_tables`` names (under ``resources/``) and those of the GM's own folder
(``<library>/Tables/<game id>/``), each size-capped and shape-checked by
:mod:`m3desk.storage.safejson`, validated by :mod:`m3desk.core.tables`; a file that cannot be
used is left out and said in ``TableSet.problems``, never raised. ``read_table_file`` raises
:class:`DocumentLoadError` with a sentence. ``read_table_text`` reads a table the GM wrote as
CSV or a Markdown table (two columns: the roll, the result), bounded, with a sentence per
problem. ``save_own_table`` writes one table of the GM's atomically.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

from pydantic import ValidationError

from m3desk.assets import resource_path
from m3desk.core import registry
from m3desk.core.dice import DiceError, DiceExpr, Roller
from m3desk.core.tables import (
    FORMAT,
    MAX_ROWS,
    MAX_TEXT,
    SCHEMA_VERSION,
    Row,
    Table,
    TableFile,
    TableSet,
    TableSpec,
    coverage_problem,
)
from m3desk.core.treasure import Treasure
from m3desk.core.treasure import roll_treasure as roll_treasure_of
from m3desk.storage.atomic import atomic_write_bytes
from m3desk.storage.errors import DocumentLoadError, SaveError, describe_os_error
from m3desk.storage.paths import AppPaths
from m3desk.storage.safejson import decode_json_bytes, load_error, read_file_capped
from m3desk.storage.validation import summarize_validation_error

__all__ = [
    "EXTENSION",
    "MAX_TABLE_BYTES",
    "MAX_TABLE_FILES",
    "MAX_TEXT_BYTES",
    "licence_text",
    "load_tables",
    "own_tables_folder",
    "read_table_file",
    "read_table_text",
    "roll_treasure",
    "save_own_table",
]

EXTENSION = ".m3t"
MAX_TABLE_BYTES = 2 * 1024 * 1024
"""The OSE SRD's tables take about 150 KB; a table file ten times larger is not a table."""
MAX_TABLE_FILES = 200
TABLE_FILE = "an m3desk table file"
"""What a table file is, for the sentence that refuses one."""
MAX_TEXT_BYTES = 256 * 1024
"""A CSV or Markdown table pasted or imported: 100 rows of 200 characters fit many times."""


def read_table_file(path: Path) -> TableFile:
    """One table file, validated; raises :class:`DocumentLoadError` with a sentence."""
    data = read_file_capped(path, MAX_TABLE_BYTES, TABLE_FILE)
    raw = decode_json_bytes(
        data, source=path.name, path=path, limit=MAX_TABLE_BYTES, expected=TABLE_FILE
    )
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise load_error(path.name, path, f"it is not {TABLE_FILE}")
    version = raw.get("schema_version", SCHEMA_VERSION)
    if isinstance(version, int) and version > SCHEMA_VERSION:
        raise load_error(
            path.name,
            path,
            f"it was written by a newer m3desk (table format "
            f"{version}; this one reads {SCHEMA_VERSION})",
        )
    try:
        return TableFile.model_validate(raw)
    except ValidationError as exc:
        lines = summarize_validation_error(exc, limit=3)
        raise load_error(path.name, path, "; ".join(_located(raw, line) for line in lines)) from exc


def _located(raw: dict[str, object], line: str) -> str:
    """``tables[3].rows[2].text: …`` → ``table 4 (“Gems”), rows[2].text: …``: the name
    helps more than the index; pydantic's "Value error, " prefix goes."""
    line = line.replace("Value error, ", "")
    match = re.match(r"tables\[(\d+)\]\.?([^:]*): (.*)", line)
    tables = raw.get("tables")
    if match is None or not isinstance(tables, list) or int(match[1]) >= len(tables):
        return line
    item = tables[int(match[1])]
    name = item.get("name") if isinstance(item, dict) else None
    shown = f" (“{name[:40]}”)" if isinstance(name, str) else ""
    where = f", {match[2]}" if match[2] else ""
    return f"table {int(match[1]) + 1}{shown}{where}: {match[3]}"


def own_tables_folder(paths: AppPaths, game_id: str) -> Path:
    """Where the GM's own tables of a game are kept, in the library."""
    return paths.data_dir / "Tables" / game_id


def _files(folder: Path) -> list[Path]:
    try:
        return sorted(folder.glob(f"*{EXTENSION}"))[:MAX_TABLE_FILES] if folder.is_dir() else []
    except OSError:
        return []


def load_tables(game_id: str, own_folder: Path | None = None) -> TableSet:
    """The game's tables (bundled first, then the GM's own in ``own_folder``), linked into
    one set; what could not be read is in ``problems``, one sentence each."""
    game = registry.get(game_id)
    sources: list[tuple[TableFile, str, bool]] = []
    problems: list[str] = []
    folders = [(resource_path(*Path(f).parts), False) for f in game.random_tables]
    if own_folder is not None:
        folders.append((own_folder, True))
    for folder, own in folders:
        for path in _files(folder):
            try:
                table_file = read_table_file(path)
            except DocumentLoadError as exc:
                problems.append(exc.message)
                continue
            if table_file.system and table_file.system != game_id:
                problems.append(
                    f"“{path.name}” holds tables of another game "
                    f"(“{table_file.system[:40]}”), so they are left out"
                )
                continue
            sources.append((table_file, table_file.title or path.stem, own))
    return TableSet.build(sources, problems)


MAX_LICENCE_BYTES = 64 * 1024


def licence_text(game_id: str, table: Table) -> str | None:
    """The licence a bundled table is shared under (the file its table file names, beside
    it in one of the game's folders), or None when it names none or the file is missing."""
    name = table.licence
    if not name or name != Path(name).name or name.startswith(".") or table.own:
        return None
    for folder in registry.get(game_id).random_tables:
        path = resource_path(*Path(folder).parts, name)
        if path.is_file():
            try:
                return read_file_capped(path, MAX_LICENCE_BYTES).decode("utf-8", "replace")
            except DocumentLoadError:
                return None
    return None


def roll_treasure(
    game_id: str,
    type_: str,
    roller: Roller,
    *,
    level: str = "Expert",
    own_folder: Path | None = None,
) -> Treasure:
    """Roll treasure type ``type_`` of the game's tables (:mod:`m3desk.core.treasure`)."""
    return roll_treasure_of(load_tables(game_id, own_folder), type_, roller, level=level)


def save_own_table(paths: AppPaths, game_id: str, spec: TableSpec) -> Path:
    """Write one of the GM's tables as its own file (atomically); raises :class:`SaveError`."""
    folder = own_tables_folder(paths, game_id)
    stem = re.sub(r"[^\w\- ]+", "", spec.name).strip()[:60] or "table"
    path = folder / f"{stem}{EXTENSION}"
    body = TableFile(format=FORMAT, system=game_id, title="My tables", tables=(spec,))
    data = json.dumps(
        body.model_dump(mode="json", exclude_defaults=True), indent=1, ensure_ascii=False
    ).encode("utf-8")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(path, data)
    except OSError as exc:
        raise SaveError(
            f"Could not save the table “{spec.name}”: {describe_os_error(exc)}.", path
        ) from exc
    return path


_RANGE = re.compile(r"^\s*+(\d{1,3})\s*+(?:[-–—]|to)?\s*+(\d{1,3})?\s*+$")
"""Spaces are taken whole (never given back to a neighbouring run): linear in the cell."""


def _range(text: str, sides: int) -> tuple[int, int] | None:
    """ "1", "1-4", "1–4", "01–10", "00" (100 on a d%): the roll a row covers."""
    match = _RANGE.match(text.replace(" ", ""))
    if match is None:
        return None
    low = int(match[1])
    high = int(match[2]) if match[2] is not None else low
    if sides == 100:
        low, high = low or 100, high or 100
    return low, high


def read_table_text(text: str, name: str, dice: str = "") -> tuple[TableSpec | None, list[str]]:
    """A table typed or pasted as CSV (``roll,result`` per line) or a Markdown table
    (``| d6 | Result |``): the spec, or None and the sentences that say why.

    The die comes from ``dice`` or the first header cell ("d6", "1d20", "d%"); rows give a
    roll or range in the first cell and the result in the second; a third cell, when it reads
    as dice, is the number appearing. Bounded: at most ``MAX_TEXT_BYTES`` and ``MAX_ROWS``
    rows."""
    if len(text.encode("utf-8", "replace")) > MAX_TEXT_BYTES:
        return None, [
            f"The text is longer than {MAX_TEXT_BYTES // 1024} KB; a table is much shorter."
        ]
    if "\x00" in text:
        return None, ["The text holds binary data, not a table."]
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        return None, ["The text is empty: write one row per line, the roll and the result."]
    cells = (
        [_markdown_cells(line) for line in lines]
        if lines[0].lstrip().startswith("|")
        else _csv_cells(lines)
    )
    if cells is None:
        return None, ["The text is not comma- or tab-separated rows or a Markdown table."]
    cells = [
        row
        for row in cells
        if not all(re.fullmatch(r":?-{2,}:?", c.strip()) or not c.strip() for c in row)
    ]
    header = cells[0] if cells and _dice_of(cells[0][0]) else None
    die_text = dice.strip() or (_dice_of(header[0]) if header else "")
    if not die_text:
        return None, [
            "Say which die the table rolls: a first line like “d6, Result”, or pick the die."
        ]
    try:
        die = DiceExpr.parse(die_text)
    except DiceError as exc:
        return None, [f"The die: {exc}."]
    body = cells[1:] if header else cells
    if len(body) > MAX_ROWS:
        return None, [f"The table has {len(body)} rows; a table may have {MAX_ROWS}."]
    rows: list[Row] = []
    problems: list[str] = []
    for number, row in enumerate(body, start=1):
        if len(row) < 2 or not row[1].strip():
            problems.append(f"Row {number} has no result: write the roll, then the result.")
            continue
        span = _range(row[0], die.sides)
        if span is None:
            problems.append(f"Row {number}: “{row[0].strip()[:20]}” is not a roll like 3 or 1–4.")
            continue
        extra = [cell.strip() for cell in row[3:] if cell.strip()]
        if extra:
            problems.append(
                f"Row {number} has more than three cells (“{extra[0][:20]}”): a "
                "row is the roll, the result and how many appear; put the rest "
                "in the result."
            )
            continue
        appearing = None
        if len(row) > 2 and row[2].strip():
            try:
                appearing = DiceExpr.parse(row[2].strip())
            except DiceError:
                problems.append(
                    f"Row {number}: “{row[2].strip()[:20]}” is not a number "
                    "appearing like 2d4; left out."
                )
        try:
            rows.append(Row(range=span, text=row[1].strip()[:MAX_TEXT], appearing=appearing))
        except ValidationError as exc:
            problems.append(f"Row {number}: " + "; ".join(summarize_validation_error(exc, limit=1)))
    if problems:
        return None, problems[:8]
    problem = coverage_problem(die, rows)
    if problem:
        return None, [problem[:1].upper() + problem[1:] + "."]
    try:
        return TableSpec(name=name.strip()[:80] or "My table", dice=die, rows=tuple(rows)), []
    except ValidationError as exc:
        return None, summarize_validation_error(exc, limit=3)


def _dice_of(cell: str) -> str:
    text = cell.strip().lower().replace("d%", "d100")
    return text if re.fullmatch(r"\d{0,2}d\d{1,3}", text) else ""


def _markdown_cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _csv_cells(lines: list[str]) -> list[list[str]] | None:
    delimiter = (
        "\t" if "\t" in lines[0] else ";" if ";" in lines[0] and "," not in lines[0] else ","
    )
    try:
        return [row for row in csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter)]
    except csv.Error:
        return None
