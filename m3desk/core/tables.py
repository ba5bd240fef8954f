"""Random tables as data: a die, rows with ranges and results, exact chances, rolls.

The API other features use (the expedition, the Experience dialog), small and stable:

* ``m3desk.storage.tables.load_tables(game_id) -> TableSet``: the game's bundled tables (the
  folders its ``GameSystem.random_tables`` names) and the GM's own, read with the same bounds
  and clear errors as every file; a file or table that cannot be used is left out and said
  (``TableSet.problems``), never raised.
* ``TableSet.get(name) -> Table | None`` (names compare without case), ``TableSet.names()``.
* ``Table.chances() -> list[tuple[Row, Fraction]]``: the exact chance of each row, from the
  table's own dice (:mod:`m3desk.core.dice`); they sum to 1.
* ``roll(table, roller, typed=None) -> TableResult``: rolls the table (or takes the totals
  typed at the table, one per step of the chain), then each sub-table a row names, in turn, at
  most ``MAX_DEPTH`` deep. The result keeps every step (table, total, row), the monster a row
  names (its bestiary name) with its number appearing rolled, and the coins and gp value.
* ``m3desk.core.treasure.roll_treasure(tables, type, roller) -> Treasure`` (and the storage
  helper that loads the game's tables first) rolls a treasure type into coins, gems,
  jewellery and magic items with a gp value.

A table file (``*.m3t``, JSON) holds several tables::

    {"format": "m3desk.tables", "schema_version": 1, "system": "ose", "title": "…",
     "licence": "OGL-1.0a.txt",
     "tables": [{"name": "Dungeon Encounters: Level 1", "dice": "1d20", "note": "…",
                 "rows": [{"range": [1, 1], "text": "Acolyte", "monster": "Acolyte",
                           "appearing": "1d8"},
                          {"range": [2, 2], "text": "Dragon", "table": "Sub-Table 1: Dragon"},
                          {"range": [3, 3], "text": "50gp gem", "value_gp": 50},
                          {"range": [4, 4], "text": "Coins",
                           "coins": [{"coin": "gp", "dice": "2d6", "times": 10}]}]}]}

Every value of the dice is covered by exactly one row, so the chances sum to 1. A row that
names another table is rolled in turn; a chain that comes back to a table it started from is
refused when the set is built, with a sentence naming the tables. The core reads no file:
storage parses the JSON, this module validates the tables and rolls them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from m3desk.core.dice import Dice, DiceExpr, Roller

__all__ = [
    "COIN_GP",
    "MAX_DEPTH",
    "MAX_ROWS",
    "MAX_TABLES",
    "CoinRoll",
    "RolledCoins",
    "Row",
    "Table",
    "TableError",
    "TableFile",
    "TableResult",
    "TableSet",
    "TableStep",
    "TreasureLine",
    "TreasurePart",
    "TreasureType",
    "coverage_problem",
    "dice_text",
    "roll",
]

FORMAT = "m3desk.tables"
SCHEMA_VERSION = 1
MAX_TABLES = 500
"""Tables in one set: the OSE SRD's encounter, treasure and magic-item tables are about 70."""
MAX_ROWS = 100
"""Rows in one table: a d% table has at most 100."""
MAX_DEPTH = 8
"""Steps in one chain of sub-tables: the SRD's deepest is three (terrain, sub-table, item)."""
MAX_NAME = 80
MAX_TEXT = 200
MAX_NOTE = 600
MAX_VALUE_GP = 10_000_000

COIN_GP: Mapping[str, Fraction] = {
    "cp": Fraction(1, 100),
    "sp": Fraction(1, 10),
    "ep": Fraction(1, 2),
    "gp": Fraction(1),
    "pp": Fraction(5),
}
"""Each coin's worth in gold pieces (the SRD's conversion rates, which every game here shares
in spirit; a game with other coins writes the gp value into its rows)."""

Coin = Literal["cp", "sp", "ep", "gp", "pp"]
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
Text = Annotated[str, Field(max_length=MAX_TEXT)]


def dice_text(expr: DiceExpr) -> str:
    """ "2d4", or "1" for a flat number (the dice module writes a flat bonus "+1")."""
    return str(expr.bonus) if expr.count == 0 else str(expr)


class TableError(ValueError):
    """A table that cannot be used or rolled; the message is a sentence for the user."""


class CoinRoll(BaseModel):
    """``dice`` × ``times`` coins of one kind: the SRD's "1d6 × 1,000cp"."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    coin: Coin
    dice: Dice
    times: int = Field(default=1, ge=1, le=100_000)

    def __str__(self) -> str:
        times = f" × {self.times:,}" if self.times != 1 else ""
        return f"{dice_text(self.dice)}{times}{self.coin}"


class Row(BaseModel):
    """One row: the totals it covers (``range``, both ends included) and what it gives."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    range: tuple[int, int]
    text: Text = Field(min_length=1)
    table: Name | None = None
    """Another table of the set, rolled in turn."""
    monster: Name | None = None
    """The bestiary name of the monster this row brings."""
    appearing: Dice | None = None
    """How many appear (rolled with the result)."""
    value_gp: int | None = Field(default=None, ge=0, le=MAX_VALUE_GP)
    """What the result is worth (a gem), in gold pieces."""
    coins: tuple[CoinRoll, ...] = Field(default=(), max_length=5)

    @model_validator(mode="after")
    def _range_in_order(self) -> Row:
        low, high = self.range
        if low > high:
            raise ValueError(f"the range {low}–{high} runs backwards")
        return self

    @property
    def low(self) -> int:
        return self.range[0]

    @property
    def high(self) -> int:
        return self.range[1]

    def range_text(self) -> str:
        """ "7" or "1–4", as the book prints a range."""
        return str(self.low) if self.low == self.high else f"{self.low}–{self.high}"

    def result_text(self) -> str:
        """The result as the panel shows it: "Goblin (2d4)"; "F - Animal →" for a row that
        rolls on a sub-table (its name is ``table``)."""
        text = self.text
        if self.appearing is not None:
            text += f" ({dice_text(self.appearing)})"
        if self.coins:
            text += " (" + ", ".join(str(c) for c in self.coins) + ")"
        if self.value_gp is not None and str(self.value_gp) not in text.replace(",", ""):
            text += f" ({self.value_gp:,}gp)"
        if self.table is not None:
            text += " →"
        return text


class TableSpec(BaseModel):
    """A table as a file holds it; :class:`Table` is the checked, linked form."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    dice: Dice
    note: str = Field(default="", max_length=MAX_NOTE)
    rows: tuple[Row, ...] = Field(min_length=1, max_length=MAX_ROWS)

    @model_validator(mode="after")
    def _rows_cover_the_dice(self) -> TableSpec:
        problem = coverage_problem(self.dice, self.rows)
        if problem:
            raise ValueError(problem)
        return self


class TreasurePart(BaseModel):
    """What one line of a treasure type gives when its chance comes up: coins, or ``count``
    things, each rolled on ``table`` (gems, magic items) or worth ``each`` (jewellery)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["coins", "gems", "jewellery", "magic items"]
    coins: CoinRoll | None = None
    count: Dice | None = None
    times: int = Field(default=1, ge=1, le=1000)
    table: Name | None = None
    each: CoinRoll | None = None
    only: tuple[Text, ...] = Field(default=(), max_length=20)
    """Results of ``table`` kept; the others are rolled again (“a sword, armour or weapon”)."""
    never: tuple[Text, ...] = Field(default=(), max_length=20)
    """Results of ``table`` rolled again (“not weapons”)."""

    @model_validator(mode="after")
    def _gives_something(self) -> TreasurePart:
        if self.kind == "coins" and self.coins is None:
            raise ValueError("a part of coins says which coins (coins)")
        if self.kind != "coins" and self.count is None:
            raise ValueError(f"a part of {self.kind} says how many (count)")
        if self.kind != "coins" and self.table is None and self.each is None:
            raise ValueError(f"a part of {self.kind} names its table or its worth (each)")
        return self


class TreasureLine(BaseModel):
    """One line of a treasure type: its chance in percent and what it gives."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    chance: int = Field(default=100, ge=1, le=100)
    parts: tuple[TreasurePart, ...] = Field(min_length=1, max_length=5)


class TreasureType(BaseModel):
    """A treasure type ("A" … "V"): a hoard, a group's or one individual's."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    type: Annotated[str, Field(min_length=1, max_length=8)]
    kind: Literal["hoard", "individual", "group"]
    average_gp: float | None = Field(default=None, ge=0, le=MAX_VALUE_GP)
    lines: tuple[TreasureLine, ...] = Field(min_length=1, max_length=20)


class TableFile(BaseModel):
    """A table file's content, once parsed from JSON."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    format: Literal["m3desk.tables"]
    schema_version: Literal[1] = 1
    system: str = Field(default="", max_length=40)
    title: str = Field(default="", max_length=MAX_NAME)
    licence: str | None = Field(default=None, max_length=MAX_NAME)
    source: str = Field(default="", max_length=MAX_NOTE)
    tables: tuple[TableSpec, ...] = Field(default=(), max_length=MAX_TABLES)
    treasure_types: tuple[TreasureType, ...] = Field(default=(), max_length=100)

    @model_validator(mode="after")
    def _holds_something(self) -> TableFile:
        if not self.tables and not self.treasure_types:
            raise ValueError("the file holds no tables")
        return self


def coverage_problem(dice: DiceExpr, rows: Sequence[Row]) -> str:
    """What keeps ``rows`` from covering each total of ``dice`` exactly once ("" if nothing)."""
    low, high = dice.minimum, dice.maximum
    if dice.count == 0:
        return f"“{dice}” rolls no die; a table needs one, like 1d20"
    covered: dict[int, str] = {}
    for row in rows:
        if row.low < low or row.high > high:
            return (
                f"the row {row.range_text()} ({row.text[:40]}) lies outside what {dice} "
                f"rolls ({low}–{high})"
            )
        for total in range(row.low, row.high + 1):
            if total in covered:
                return f"{total} is in two rows ({covered[total][:40]} and {row.text[:40]})"
            covered[total] = row.text
    missing = [total for total in range(low, high + 1) if total not in covered]
    if missing:
        shown = ", ".join(str(m) for m in missing[:5]) + (" …" if len(missing) > 5 else "")
        return f"no row covers {shown} of {dice} ({low}–{high})"
    return ""


@dataclass(frozen=True, eq=False)
class Table:
    """A checked table, linked to the sub-tables its rows name (all in one set)."""

    name: str
    dice: DiceExpr
    rows: tuple[Row, ...]
    note: str = ""
    origin: str = ""
    """Where it comes from, for the panel: the file's title ("OSE SRD tables", "My tables")."""
    own: bool = False
    """The GM's own table (from the user's folder), not one the game ships."""
    licence: str = ""
    """The licence file beside the table's file (its name), for the panel's Licence…."""
    subtables: Mapping[str, Table] = field(default_factory=dict)
    """Sub-table name (as a row writes it, folded) → table."""

    def chances(self) -> list[tuple[Row, Fraction]]:
        """Each row with its exact chance on this table's dice; they sum to 1."""
        counts = self.dice.distribution()
        total = self.dice.combinations
        return [
            (row, Fraction(sum(counts.get(v, 0) for v in range(row.low, row.high + 1)), total))
            for row in self.rows
        ]

    def row_for(self, total: int) -> Row:
        for row in self.rows:
            if row.low <= total <= row.high:
                return row
        raise TableError(
            f"{total} is not on {self.name} ({self.dice} rolls "
            f"{self.dice.minimum}–{self.dice.maximum})"
        )

    def subtable(self, row: Row) -> Table | None:
        return self.subtables.get(_fold(row.table)) if row.table else None


@dataclass(frozen=True)
class RolledCoins:
    coin: str
    amount: int

    @property
    def value_gp(self) -> Fraction:
        return self.amount * COIN_GP.get(self.coin, Fraction(0))

    def __str__(self) -> str:
        return f"{self.amount:,}{self.coin}"


@dataclass(frozen=True)
class TableStep:
    """One roll of the chain: the table, its total (rolled or typed) and the row it hit."""

    table: str
    dice: str
    total: int
    row: Row
    typed: bool = False


@dataclass(frozen=True)
class TableResult:
    """A roll and every sub-table it led to; the last step's row is the result."""

    steps: tuple[TableStep, ...]
    monster: str | None = None
    appearing: int | None = None
    appearing_dice: str = ""
    coins: tuple[RolledCoins, ...] = ()

    @property
    def row(self) -> Row:
        return self.steps[-1].row

    @property
    def text(self) -> str:
        return self.row.text

    @property
    def value_gp(self) -> Fraction:
        """Coins rolled and the result's own worth, in gold pieces."""
        worth = sum((c.value_gp for c in self.coins), Fraction(0))
        return worth + (self.row.value_gp or 0)

    def chain_text(self) -> str:
        """ "Dungeon Encounters: Level 1 (1d20: 6) → Goblin", one arrow per step."""
        parts = [
            f"{s.table} ({s.dice}: {s.total}{', typed' if s.typed else ''})" for s in self.steps
        ]
        return " → ".join([*parts, self.summary()])

    def summary(self) -> str:
        """The result in a few words: "Goblin × 5 (2d4)", "1,200sp", "Sword +1"."""
        text = self.text
        if self.appearing is not None:
            text += f" × {self.appearing} ({self.appearing_dice})"
        if self.coins:
            text += ": " + ", ".join(str(c) for c in self.coins)
        value = self.value_gp
        if value and not self.row.value_gp:
            text += f" (worth {_gp(value)})"
        return text


def _gp(value: Fraction) -> str:
    whole = int(value)
    return f"{whole:,}gp" if whole == value else f"{float(value):,.2f}gp"


def _fold(name: str | None) -> str:
    return " ".join((name or "").split()).casefold()


@dataclass(frozen=True)
class TableSet:
    """Tables by name (without case), each linked to its sub-tables; what was left out is in
    ``problems``, one sentence each."""

    tables: Mapping[str, Table] = field(default_factory=dict)
    problems: tuple[str, ...] = ()
    treasure_types: Mapping[str, TreasureType] = field(default_factory=dict)
    """Treasure type (folded: "a") → its lines, for :mod:`m3desk.core.treasure`."""

    def get(self, name: str) -> Table | None:
        return self.tables.get(_fold(name))

    def names(self) -> list[str]:
        return [table.name for table in self.tables.values()]

    def __len__(self) -> int:
        return len(self.tables)

    @classmethod
    def build(
        cls, sources: Iterable[tuple[TableFile, str, bool]], problems: Iterable[str] = ()
    ) -> TableSet:
        """Link the tables of ``sources`` (file, origin, the GM's own?) into one set.

        A later table of a name already taken is left out (the game's come first); a table
        whose row names a table the set lacks, or whose chain of sub-tables comes back to
        itself, is left out with a sentence, and so is every table that leans on it."""
        said = list(problems)
        specs: dict[str, tuple[TableSpec, str, bool]] = {}
        licences: dict[str, str] = {}
        treasure: dict[str, TreasureType] = {}
        for table_file, origin, own in sources:
            for kind in table_file.treasure_types:
                treasure.setdefault(_fold(kind.type), kind)
            for spec in table_file.tables:
                key = _fold(spec.name)
                if key in specs:
                    said.append(
                        f"“{spec.name}” of {origin} is left out: "
                        f"{specs[key][1]} has a table of that name"
                    )
                    continue
                if len(specs) >= MAX_TABLES:
                    said.append(f"{origin}: only {MAX_TABLES} tables are read")
                    break
                specs[key] = (spec, origin, own)
                licences[key] = table_file.licence or ""
        built: dict[str, Table] = {}
        refused: dict[str, str] = {}

        def link(key: str, path: tuple[str, ...]) -> Table | None:
            """The linked table of ``key``, reached through the keys of ``path``."""
            if key in built:
                return built[key]
            if key in refused:
                return None
            spec, origin, own = specs[key]
            if len(path) >= MAX_DEPTH:
                refused[key] = (
                    f"“{spec.name}” is left out: its sub-tables run more than {MAX_DEPTH} deep"
                )
                return None
            subtables: dict[str, Table] = {}
            for row in spec.rows:
                if row.table is None:
                    continue
                sub = _fold(row.table)
                if sub not in specs:
                    refused[key] = (
                        f"“{spec.name}” is left out: its row {row.range_text()} "
                        f"names “{row.table}”, which is not among the tables"
                    )
                    return None
                chain = (*path, key)
                if sub in chain:
                    loop = [specs[k][0].name for k in chain[chain.index(sub) :]]
                    refused[key] = (
                        f"“{spec.name}” is left out: its sub-tables come back to "
                        f"themselves ({' → '.join([*loop, loop[0]])}), so a roll "
                        "would never end"
                    )
                    return None
                table = link(sub, chain)
                if table is None:
                    if key not in refused:
                        refused[key] = (
                            f"“{spec.name}” is left out: it rolls on "
                            f"“{row.table}”, which is left out"
                        )
                    return None
                subtables[sub] = table
            built[key] = Table(
                name=spec.name,
                dice=spec.dice,
                rows=spec.rows,
                note=spec.note,
                origin=origin,
                own=own,
                licence=licences[key],
                subtables=subtables,
            )
            return built[key]

        for key in specs:
            link(key, ())
        said += list(dict.fromkeys(refused.values()))
        ordered = {key: built[key] for key in specs if key in built}
        for kind in treasure.values():
            for line in kind.lines:
                for part in line.parts:
                    if part.table is not None and not any(
                        _fold(part.table) == key or key.startswith(_fold(part.table) + " (")
                        for key in ordered
                    ):
                        said.append(
                            f"Treasure type {kind.type} rolls on “{part.table}”, "
                            "which is not among the tables"
                        )
        return cls(tables=ordered, problems=tuple(said), treasure_types=treasure)


def _read_typed(table: Table, value: int) -> int:
    if not table.dice.minimum <= value <= table.dice.maximum:
        raise TableError(
            f"{value} is not on {table.name}: {table.dice} rolls "
            f"{table.dice.minimum}–{table.dice.maximum}"
        )
    return value


def _roll_total(expr: DiceExpr, roller: Roller) -> int:
    return expr.total(roller.roll_faces(expr))


def roll(table: Table, roller: Roller, typed: Sequence[int] | None = None) -> TableResult:
    """Roll ``table`` and each sub-table its rows lead to.

    ``typed`` holds totals read off dice rolled at the table, one per step of the chain in
    order (the first for ``table``); steps past those typed are rolled with ``roller``. A
    typed total the table's dice cannot show raises :class:`TableError`. The number
    appearing and the coins of the last row are rolled with ``roller``."""
    typed = list(typed or ())
    steps: list[TableStep] = []
    current: Table | None = table
    while current is not None:
        if len(steps) >= MAX_DEPTH:
            raise TableError(f"{table.name}'s sub-tables run more than {MAX_DEPTH} deep")
        at = len(steps)
        was_typed = at < len(typed)
        total = _read_typed(current, typed[at]) if was_typed else _roll_total(current.dice, roller)
        row = current.row_for(total)
        steps.append(TableStep(current.name, str(current.dice), total, row, was_typed))
        current = current.subtable(row)
    row = steps[-1].row
    appearing = _roll_total(row.appearing, roller) if row.appearing is not None else None
    coins = tuple(RolledCoins(c.coin, _roll_total(c.dice, roller) * c.times) for c in row.coins)
    return TableResult(
        steps=tuple(steps),
        monster=row.monster,
        appearing=appearing,
        appearing_dice=dice_text(row.appearing) if row.appearing is not None else "",
        coins=coins,
    )
