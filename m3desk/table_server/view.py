"""What the phones are sent: the players' copy of the encounter, as plain data.

Everything here is computed from a players' copy (:func:`m3desk.core.players.players_copy`),
never from the GM's encounter, so a hidden combatant, its name and its distances cannot be in
it. :func:`table_view` is what every device sees (the player view's heading and order, with
the same words); :func:`sheet_view` what the device that plays a character sees of it: the
sheet's summary, its derived values with their explanations, its tracker cells (hit points,
declarations where the game keeps them) and its conditions. :func:`board_view` is the board
around one combatant, as the player view's board shows it: a game of bands as its range
bands, a lane each, with who stands in each; a game of distances as the map's places (the
page draws them) and each one's distance from the centre.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.action_choice import best_default
from m3desk.core.numbers import chance_lines, percent
from m3desk.core.players import is_player_character, order_lines, round_text
from m3desk.core.system import ACTION_GROUP_TITLES, ACTION_GROUPS, ActionOption

__all__ = [
    "TableState",
    "actions_view",
    "board_centre",
    "board_view",
    "preview_view",
    "sheet_view",
    "state_of",
    "table_view",
]

Json = dict[str, Any]


@dataclass(frozen=True)
class TableState:
    """One moment of the fight for the phones: the view every device gets, the characters a
    player may claim (id → name), and the sheets made so far by combatant id (a sheet is
    made when a phone plays or asks for it: :meth:`sheet`)."""

    table: Json = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    sheets: dict[str, Json] = field(default_factory=dict)
    copy: core.Encounter | None = None
    boards: dict[str, Json] = field(default_factory=dict)
    actions: dict[str, Json] = field(default_factory=dict)

    def claimable(self) -> set[str]:
        return set(self.names)

    def sheet(self, combatant_id: str) -> Json | None:
        if combatant_id not in self.names:
            return None
        if combatant_id not in self.sheets and self.copy is not None:
            self.sheets[combatant_id] = sheet_view(self.copy, combatant_id)
        return self.sheets.get(combatant_id)

    def acts(self, combatant_id: str) -> Json | None:
        """What the character ``combatant_id`` may do now (:func:`actions_view`), once."""
        if combatant_id not in self.names or self.copy is None:
            return None
        if combatant_id not in self.actions:
            self.actions[combatant_id] = actions_view(self.copy, combatant_id)
        return self.actions[combatant_id]

    def option(self, combatant_id: str, action_id: str) -> ActionOption | None:
        """The character's action of that id now, as the game offers it (None: not one)."""
        if combatant_id not in self.names or self.copy is None:
            return None
        rules = registry.system_of(self.copy).encounter
        options = rules.actions(self.copy, combatant_id) if rules is not None else ()
        return next((o for o in options if str(o.id) == action_id), None)

    def board(self, centre_id: str = "") -> Json | None:
        """The board around ``centre_id`` (a phone's own character), or around the party as
        the player view centres it (""); made once per centre and moment."""
        if self.copy is None:
            return None
        centre = centre_id if centre_id in self.names else board_centre(self.copy)
        if centre not in self.boards:
            self.boards[centre] = board_view(self.copy, centre)
        return self.boards[centre]


def table_view(copy: core.Encounter) -> Json:
    system = registry.system_of(copy)
    return {
        "title": copy.name if isinstance(getattr(copy, "name", None), str) else "",
        "game": system.name,
        "heading": round_text(copy),
        "round": copy.round,
        "order": [
            {
                "id": line.id,
                "name": line.name,
                "health": line.health,
                "conditions": line.conditions,
                "acting": line.acting,
                "character": line.character,
                "text": line.text,
            }
            for line in order_lines(copy)
        ],
    }


def sheet_view(copy: core.Encounter, combatant_id: str) -> Json:
    """The character ``combatant_id`` of the players' copy, read-only."""
    system = registry.system_of(copy)
    combatant = copy.combatant(combatant_id)
    sheet = combatant.sheet
    kind = str(getattr(sheet, "kind", ""))
    form = system.sheet_forms.get(kind)
    summary = ""
    derived: list[Json] = []
    if form is not None:
        summary = form.summary(sheet)
        options = getattr(copy, "options", None)
        for value in form.derive(sheet, options).values():
            derived.append(
                {"label": value.label, "value": value.value, "explanation": value.explanation()}
            )
    cells: list[Json] = []
    rules = system.encounter
    if rules is not None:
        for column in rules.columns:
            cell = rules.cell(copy, combatant, column.id)
            text = cell.text
            if cell.pool is not None and not text:
                text = f"{cell.pool[0]}/{cell.pool[1]}"
            if text:
                cells.append({"title": column.title, "text": text, "tip": cell.tip})
    return {
        "id": combatant.id,
        "name": combatant.name,
        "summary": summary,
        "initiative": combatant.initiative,
        "conditions": [c.name for c in combatant.conditions],
        "cells": cells,
        "derived": derived,
    }


def board_centre(copy: core.Encounter) -> str:
    """Whom the board centres on for a phone that plays no one: the party, as the player
    view's default ("the party": the character whose turn it is, else the first)."""
    party = [c.id for c in copy.combatants if is_player_character(c)]
    if copy.turn in party:
        return copy.turn or ""
    if party:
        return party[0]
    return copy.turn or (copy.combatants[0].id if copy.combatants else "")


def _sides(copy: core.Encounter) -> dict[str, int]:
    sides = list(copy.sides) + [c.side for c in copy.combatants if c.side not in copy.sides]
    return {side: index for index, side in enumerate(dict.fromkeys(sides))}


def board_view(copy: core.Encounter, centre_id: str) -> Json:
    """The board of the players' copy around ``centre_id`` (see the module): only who is in
    the copy, so no hidden combatant, no distance to one."""
    model = registry.system_of(copy).positions
    sides = _sides(copy)
    ids = {c.id for c in copy.combatants}
    centre = copy.combatant(centre_id) if centre_id in ids else None
    board: Json = {
        "kind": "lanes" if model.kind == "bands" else "map",
        "centre": centre.id if centre else "",
        "centre_name": centre.name if centre else "",
    }
    others = sorted(
        (c for c in copy.combatants if centre is None or c.id != centre.id),
        key=lambda c: (sides[c.side], c.name.casefold(), c.id),
    )
    rules = registry.system_of(copy).encounter
    near: list[tuple[int, Json]] = []
    for other in others:
        if centre is None:
            break
        value = core.position_between(copy, centre.id, other.id)
        reach = rules.reach(copy, centre.id, other.id) if rules is not None else None
        near.append(
            (
                value,
                {
                    "id": other.id,
                    "name": other.name,
                    "side": sides[other.side],
                    "band": max(0, min(value, model.largest)),
                    "where": model.label(value),
                    "reach": bool(reach and reach.options),
                    "down": copy.out_of_fight(other),
                },
            )
        )
    if model.kind == "bands":
        # Bands past the encounter's farthest range are hatched on the board: marked here.
        limit = rules.limit(copy) if rules is not None else None
        board["lanes"] = [
            {
                "label": label,
                "members": [m for _v, m in near if m["band"] == i],
                "beyond": limit is not None and i > limit,
            }
            for i, label in enumerate(model.bands)
        ]
        return board
    board["near"] = [
        {k: v for k, v in m.items() if k != "band"}
        for _v, m in sorted(near, key=lambda pair: pair[0])
    ]
    board["unit"] = model.unit
    board["step"] = model.step
    board["tokens"] = [
        {
            "id": c.id,
            "name": c.name,
            "side": sides[c.side],
            "x": copy.places[c.id].x,
            "y": copy.places[c.id].y,
            "down": copy.out_of_fight(c),
            "acting": c.id == copy.turn,
        }
        for c in copy.combatants
        if c.id in copy.places
    ]
    board["areas"] = [
        {
            "x": a.x,
            "y": a.y,
            "width": a.width,
            "height": a.height,
            "wall": a.wall,
            "rating": a.rating,
        }
        for a in copy.areas
    ]
    return board


def _kind_of(option: ActionOption) -> str:
    """The roll's kind the GM's list names it by: an attack, a saving throw, an action."""
    if option.group == "attack":
        return "attack"
    if any(spec.label == "save" for spec in option.dice):
        return "save"
    return "action"


def actions_view(copy: core.Encounter, actor_id: str) -> Json:
    """The actions the game offers the character ``actor_id`` in the players' copy, under
    the action dialog's headings, with the dice each rolls, and whom they may aim at: the
    combatants of the copy only (so never a hidden one), foes first, each with its distance
    and reach as the dialog's target list writes them. Their chances are made when a phone
    asks (:func:`preview_view`), by the game's own preview."""
    rules = registry.system_of(copy).encounter
    # A game whose own dialog resolves its actions (no ``resolve``) still describes them.
    options = rules.actions(copy, actor_id) if rules is not None else ()
    if rules is None or not options:
        return {"actions": [], "targets": [], "turn": copy.turn == actor_id}
    model = registry.system_of(copy).positions
    actor = copy.combatant(actor_id)
    groups = [*ACTION_GROUPS, *sorted({o.group for o in options} - set(ACTION_GROUPS))]
    actions = [
        {
            "id": str(o.id),
            "label": o.label,
            "group": o.group,
            "heading": ACTION_GROUP_TITLES.get(o.group, o.group.capitalize()),
            "needs_target": o.needs_target,
            "kind": _kind_of(o),
            "help": o.help,
            "dice": [{"number": d.number, "sides": d.sides, "label": d.label} for d in o.dice],
        }
        for group in groups
        for o in options
        if o.group == group
    ]
    others = sorted(
        (c for c in copy.combatants if c.id != actor_id),
        key=lambda c: (c.side == actor.side, copy.out_of_fight(c)),
    )
    targets = []
    for other in others:
        where = model.label(core.position_between(copy, actor_id, other.id))
        reach = rules.reach(copy, actor_id, other.id)
        down = copy.out_of_fight(other)
        mark = "down" if down else "in reach" if reach.in_reach else "out of reach"
        ally = "ally, " if other.side == actor.side else ""
        targets.append(
            {
                "id": other.id,
                "name": other.name,
                "text": f"{other.name} — {where} ({ally}{mark})",
                "default": reach.in_reach and not down and other.side != actor.side,
            }
        )
    foes = [c.id for c in others if c.side != actor.side]
    first, aimed = best_default(rules, copy, actor_id, options, foes)
    return {
        "actions": actions,
        "targets": targets,
        "turn": copy.turn == actor_id,
        "first": str(first.id) if first is not None else "",
        "first_target": aimed,
    }


def preview_view(
    copy: core.Encounter, actor_id: str, option: ActionOption, target: str | None
) -> Json:
    """The action's preview as the action dialog shows it: its arithmetic, its exact chance
    (the game's own ``preview``, on the players' copy), or why it is barred."""
    rules = registry.system_of(copy).encounter
    assert rules is not None
    aimed = target if option.needs_target else None
    preview = rules.preview(copy, actor_id, option.id, aimed)
    spread = ", ".join(f"{label}: {percent(chance)}" for label, chance in preview.spread)
    return {
        "type": "preview",
        "action": str(option.id),
        "target": aimed,
        "lines": list(preview.lines),
        "chance": chance_lines(preview.success, preview.outcomes),
        "spread": f"Each damage: {spread}" if spread else "",
        "problem": preview.problem,
    }


def state_of(copy: core.Encounter, sheets: set[str] | None = None) -> TableState:
    """The phones' view of the players' copy ``copy`` (see the module), with the sheets of
    ``sheets`` made at once (None: every character's); the others are made when asked."""
    names = {c.id: c.name for c in copy.combatants if getattr(c.sheet, "kind", "") == "character"}
    made = {key: sheet_view(copy, key) for key in names if sheets is None or key in sheets}
    return TableState(table_view(copy), names, made, copy)
