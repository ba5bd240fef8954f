"""Rolling a treasure type into coins, gems, jewellery and magic items, with a gp value.

A game's table file lists its treasure types (:class:`m3desk.core.tables.TreasureType`):
lines with a chance in percent, each giving coins, or a number of gems (each rolled on the
gem table for its worth), pieces of jewellery (each worth a roll) or magic items (each rolled
on a table, with its sub-tables). ``roll_treasure(tables, type, roller)`` rolls one; the
storage helper of the same name loads the game's tables first. Magic items have no worth in
gold (the SRD gives them none); tables that differ by the party's experience are written
"Name (Basic)" and "Name (Expert)" and picked by ``level``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from m3desk.core.dice import DiceExpr, Roller
from m3desk.core.tables import (
    RolledCoins,
    Table,
    TableError,
    TableResult,
    TableSet,
    TreasurePart,
    dice_text,
    roll,
)

__all__ = ["MAX_REROLLS", "Treasure", "TreasureItem", "roll_treasure"]

MAX_REROLLS = 50
"""Rolls of a magic-item table kept to some results (“a sword, armour or weapon”) before the
roll gives up and says so: the SRD's narrowest keeps 3 of 8 results (a 1-in-2 chance)."""
MAX_ITEMS = 2000
"""Gems or pieces in one hoard: the SRD's largest roll is 1d100 gems or 1d4 × 10 pieces."""


@dataclass(frozen=True)
class TreasureItem:
    """A gem, a piece of jewellery or a magic item, with its worth (None: no fixed worth)."""

    kind: str
    name: str
    value_gp: int | None = None
    result: TableResult | None = None


@dataclass(frozen=True)
class Treasure:
    type: str
    coins: tuple[RolledCoins, ...] = ()
    items: tuple[TreasureItem, ...] = ()
    rolled: tuple[str, ...] = ()
    """Each line's chance roll in words ("25%: 1d6 × 1,000cp — rolled 17, present")."""
    notes: tuple[str, ...] = ()

    @property
    def value_gp(self) -> Fraction:
        """Coins, gems and jewellery, in gold pieces (magic items have no fixed worth)."""
        coins = sum((c.value_gp for c in self.coins), Fraction(0))
        return coins + sum(item.value_gp or 0 for item in self.items)

    def settled(self, worth: int) -> Treasure:
        """This treasure with its coins changed so that it is worth ``worth`` gp, as the
        referee settled it by hand: the gold pieces take the difference; where they cannot
        (too few, or a fraction left), the coins become that worth in gold. Gems, jewellery
        and magic items stay; the worth is never below what the gems and jewellery are worth."""
        if self.value_gp == worth:
            return self
        fixed = sum((item.value_gp or 0 for item in self.items), 0)
        coins_worth = max(0, worth - fixed)
        others = sum((c.value_gp for c in self.coins if c.coin != "gp"), Fraction(0))
        gold = coins_worth - others
        coins: tuple[RolledCoins, ...]
        if gold >= 0 and gold.denominator == 1:
            kept = [c for c in self.coins if c.coin != "gp" and c.amount]
            coins = (*kept, RolledCoins("gp", int(gold))) if gold else tuple(kept)
        else:
            coins = (RolledCoins("gp", coins_worth),) if coins_worth else ()
        return Treasure(
            self.type,
            coins,
            self.items,
            self.rolled,
            (*self.notes, f"Worth settled by hand at {worth:,}gp."),
        )

    def of_kind(self, kind: str) -> tuple[TreasureItem, ...]:
        return tuple(item for item in self.items if item.kind == kind)

    def lines(self) -> list[str]:
        """The treasure in a few lines, as the panel and the log show it: coins; gems by
        worth; how many pieces of jewellery and their worth; each magic item; the total."""
        out: list[str] = []
        if self.coins:
            out.append("Coins: " + ", ".join(str(c) for c in self.coins))
        gems = self.of_kind("gems")
        if gems:
            by_worth: dict[int, int] = {}
            for gem in gems:
                by_worth[gem.value_gp or 0] = by_worth.get(gem.value_gp or 0, 0) + 1
            each = ", ".join(f"{n} × {v:,}gp" for v, n in sorted(by_worth.items()))
            out.append(f"Gems: {each} ({sum(v * n for v, n in by_worth.items()):,}gp)")
        pieces = self.of_kind("jewellery")
        if pieces:
            worth = sum(p.value_gp or 0 for p in pieces)
            out.append(
                f"Jewellery: {len(pieces)} piece{'s' if len(pieces) > 1 else ''} ({worth:,}gp)"
            )
        items = self.of_kind("magic items")
        if items:
            out.append("Magic items: " + "; ".join(i.name for i in items))
        value = self.value_gp
        whole = int(value)
        out.append(f"Worth {whole:,}gp" if whole == value else f"Worth {float(value):,.2f}gp")
        return out

    def details(self) -> list[str]:
        """Every gem and piece with its worth, and each line's chance roll, for the log."""
        return [
            *(
                f"{i.name}"
                + (
                    f": {i.value_gp:,}gp"
                    if i.value_gp is not None and i.kind == "jewellery"
                    else ""
                )
                for i in self.items
                if i.kind != "magic items"
            ),
            *self.rolled,
            *self.notes,
        ]


def _table(tables: TableSet, name: str, level: str) -> Table:
    found = tables.get(f"{name} ({level})") or tables.get(name)
    if found is None:
        raise TableError(f"the treasure rolls on “{name}”, which is not among the tables")
    return found


def _count(expr: DiceExpr, times: int, roller: Roller) -> int:
    return min(MAX_ITEMS, expr.total(roller.roll_faces(expr)) * times)


def _part(
    tables: TableSet, part: TreasurePart, roller: Roller, level: str, notes: list[str]
) -> tuple[list[RolledCoins], list[TreasureItem]]:
    if part.coins is not None:
        amount = part.coins.dice.total(roller.roll_faces(part.coins.dice)) * part.coins.times
        return [RolledCoins(part.coins.coin, amount)], []
    assert part.count is not None
    items: list[TreasureItem] = []
    label = {"gems": "gem", "jewellery": "piece of jewellery", "magic items": "magic item"}
    for _ in range(_count(part.count, part.times, roller)):
        if part.each is not None:
            worth = part.each.dice.total(roller.roll_faces(part.each.dice)) * part.each.times
            gp = int(worth * _coin_gp(part.each.coin))
            items.append(TreasureItem(part.kind, label[part.kind].capitalize(), gp))
            continue
        assert part.table is not None
        table = _table(tables, part.table, level)
        result = roll(table, roller)
        for _again in range(MAX_REROLLS):
            names = {step.row.text for step in result.steps}
            if (not part.only or names & set(part.only)) and not names & set(part.never):
                break
            result = roll(table, roller)
        else:
            notes.append(f"{table.name}: no result fit in {MAX_REROLLS} rolls; the last kept")
        value = result.row.value_gp
        name = result.text if value is None or part.kind != "gems" else f"Gem ({value:,}gp)"
        if part.kind == "magic items":
            name = _item_name(result, tables)
        items.append(TreasureItem(part.kind, name, value, result))
    return [], items


def _item_name(result: TableResult, tables: TableSet) -> str:
    """ "Potion: Healing", "Sword +1": the item with its kind (the words of the row that leads
    to its table, as "Potion" leads to Potions), unless its name says it."""
    kind = (
        result.steps[0].row.text
        if len(result.steps) > 1
        else _leading_words(tables, result.steps[0].table)
    )
    text = result.text
    if not kind or text.casefold().startswith(kind.split()[0].casefold()):
        return text
    return f"{kind}: {text}"


def _leading_words(tables: TableSet, name: str) -> str:
    for other in tables.tables.values():
        for row in other.rows:
            if row.table is not None and row.table.casefold() == name.casefold():
                return row.text
    return name.split(" (")[0]


def _coin_gp(coin: str) -> Fraction:
    from m3desk.core.tables import COIN_GP

    return COIN_GP.get(coin, Fraction(1))


def roll_treasure(
    tables: TableSet, type_: str, roller: Roller, *, level: str = "Expert"
) -> Treasure:
    """Roll treasure type ``type_`` ("A" … "V") of ``tables``: each line's chance on d100,
    then what it gives. Raises :class:`TableError` for a type the tables lack."""
    kind = tables.treasure_types.get(type_.strip().casefold())
    if kind is None:
        known = ", ".join(sorted(t.type for t in tables.treasure_types.values())) or "none"
        raise TableError(f"there is no treasure type “{type_.strip()[:8]}” (known: {known})")
    coins: list[RolledCoins] = []
    items: list[TreasureItem] = []
    rolled: list[str] = []
    notes: list[str] = []
    for line in kind.lines:
        what = " plus ".join(_part_words(p) for p in line.parts)
        if line.chance < 100:
            chance_roll = roller.d(100)
            present = chance_roll <= line.chance
            rolled.append(
                f"{line.chance}%: {what}: rolled {chance_roll}, "
                f"{'present' if present else 'absent'}"
            )
            if not present:
                continue
        else:
            rolled.append(what)
        for part in line.parts:
            got_coins, got_items = _part(tables, part, roller, level, notes)
            coins += got_coins
            items += got_items
    return Treasure(
        type=kind.type,
        coins=_merged(coins),
        items=tuple(items),
        rolled=tuple(rolled),
        notes=tuple(notes),
    )


def _merged(coins: list[RolledCoins]) -> tuple[RolledCoins, ...]:
    order = ("pp", "gp", "ep", "sp", "cp")
    totals: dict[str, int] = {}
    for c in coins:
        totals[c.coin] = totals.get(c.coin, 0) + c.amount
    return tuple(RolledCoins(c, totals[c]) for c in sorted(totals, key=order.index))


def _part_words(part: TreasurePart) -> str:
    if part.coins is not None:
        return str(part.coins)
    times = f" × {part.times}" if part.times != 1 else ""
    assert part.count is not None
    return f"{dice_text(part.count)}{times} {part.kind}"
