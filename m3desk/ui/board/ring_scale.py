"""Which rings the board draws for the selected combatant, and what each ring stands for.

A game measures positions in bands (each band a ring) or in a distance (the rings are what
the selected combatant's options allow: reach, a move, a charge, a bow's ranges, and the
space beyond the last). Qt-free: the snapshot and the tests use it.
"""

from __future__ import annotations

from dataclasses import dataclass

from m3desk.core.encounter import Encounter
from m3desk.core.system import EncounterRules, PositionModel

__all__ = ["RingScale", "scale_for"]


@dataclass(frozen=True, slots=True)
class RingScale:
    """Ring ``i`` is labelled ``labels[i]`` and a token dropped in it is set to ``values[i]``.

    ``limit_ring`` is the last ring inside the encounter's limit (rings past it are hatched);
    None when the game has no such limit.
    """

    model: PositionModel
    labels: tuple[str, ...]
    values: tuple[int, ...]
    limit_ring: int | None = None

    @property
    def bands(self) -> bool:
        return self.model.kind == "bands"

    def ring_of(self, value: int) -> int:
        """The ring a position falls in: the first whose value is at least the position."""
        if self.bands:
            return max(0, min(value, len(self.values) - 1))
        for index, ring_value in enumerate(self.values):
            if value <= ring_value:
                return index
        return len(self.values) - 1

    def value_of(self, ring: int) -> int:
        return self.values[max(0, min(ring, len(self.values) - 1))]

    def label_of_position(self, value: int) -> str:
        """How a position reads: the band's name, or the exact distance ("30 ft")."""
        return self.model.label(value)

    @property
    def limit_label(self) -> str:
        return "" if self.limit_ring is None else self.labels[self.limit_ring]

    def step(self, value: int, steps: int) -> int:
        """One band, or the model's step in distance, closer (−) or farther (+)."""
        if self.bands:
            return self.value_of(self.ring_of(value) + steps)
        return max(0, min(value + steps * self.model.step, self.model.maximum))


def scale_for(
    encounter: Encounter, centre_id: str, model: PositionModel, rules: EncounterRules | None
) -> RingScale:
    limit = rules.limit(encounter) if rules is not None else None
    if model.kind == "bands":
        values = tuple(range(len(model.bands)))
        limit_ring = None if limit is None or limit >= len(values) - 1 else limit
        return RingScale(model, model.bands, values, limit_ring)
    rings = rules.rings(encounter, centre_id) if rules is not None and centre_id else ()
    # Options that share a distance share its ring, the distance said once:
    # "move, dagger medium 20 ft" rather than "move 20 ft, dagger medium 20 ft".
    names: dict[int, list[str]] = {}
    for ring in sorted(rings, key=lambda r: r.value):
        if 0 < ring.value < model.maximum:
            names.setdefault(ring.value, []).append(ring.label)
    chosen = {
        value: f"{', '.join(dict.fromkeys(parts))} {model.label(value)}"
        for value, parts in names.items()
    }
    labels = (
        *chosen.values(),
        f"beyond {model.label(max(chosen, default=0))}" if chosen else "anywhere",
    )
    values = (*chosen, model.maximum)
    limit_ring = None
    if limit is not None:
        limit_ring = next((i for i, v in enumerate(values) if v >= limit), None)
    return RingScale(model, tuple(labels), tuple(values), limit_ring)
