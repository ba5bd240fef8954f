"""A token being dragged on the map, without Qt widgets: where it was pressed and started,
where it would land, and the ruler that follows it (:func:`follow`: the game's
``check_move`` against the allowance, or the GM placing it with no movement)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF

from m3desk.core.encounter import Encounter
from m3desk.core.places import Place
from m3desk.core.system import EncounterRules, MoveCheck, PositionModel
from m3desk.ui.map.drops import ruler_lines, stop_at_allowance
from m3desk.ui.map.ruler import Ruler

__all__ = ["Drag", "follow"]


@dataclass
class Drag:
    combatant_id: str
    press: QPointF
    offset: tuple[float, float]
    origin: Place
    dragging: bool = False
    target: Place | None = None
    check: MoveCheck | None = None
    placing: bool = False
    stop: Place | None = None


def follow(
    drag: Drag,
    encounter: Encounter,
    rules: EncounterRules,
    model: PositionModel,
    target: Place,
    placing: bool,
) -> Ruler:
    """The ruler for ``drag`` now over ``target`` (``placing``: the GM places it); keeps
    the move's check and, past the allowance, where it ends on ``drag``."""
    drag.target, drag.placing = target, placing
    unit = model.unit
    stop = None
    if placing:
        drag.check = None
        lines: tuple[str, ...] = (
            f"Place {model.label(model.measure(drag.origin, target))} away",
            "No movement: the GM places it (let go of Shift to move it)",
        )
        over = False
    else:
        drag.check = rules.check_move(encounter, drag.combatant_id, target)
        lines = ruler_lines(drag.check, unit)
        over = drag.check.over
        if over and not drag.check.blocked:
            drag.stop = stop_at_allowance(encounter, rules, drag.combatant_id, drag.origin, target)
            stop = (
                (drag.stop.x, drag.stop.y)
                if drag.stop is not None
                else (drag.origin.x, drag.origin.y)
            )
    return Ruler((drag.origin.x, drag.origin.y), (target.x, target.y), lines, over, stop)
