"""The board's whole content for one centre, computed from the encounter without Qt.

Building this value is cheap (a pass over the combatants); comparing it with the previous
one is what lets the scene touch only the tokens that changed. Everything game-specific
(bands or distances, rings, reach, the encounter's limit) comes from the encounter's game
system through its :class:`~m3desk.core.system.EncounterRules`.
"""

from __future__ import annotations

from dataclasses import dataclass

from m3desk.core import registry
from m3desk.core.encounter import Combatant, Encounter, position_between
from m3desk.core.system import EncounterRules, PositionModel, Reach
from m3desk.ui.board.ring_scale import RingScale, scale_for
from m3desk.ui.board.token_facts import TokenFacts

EMPTY_SCALE = RingScale(PositionModel(kind="bands", bands=("anywhere",)), ("anywhere",), (0,))


@dataclass(frozen=True, slots=True)
class BoardSnapshot:
    """The centre, every other combatant with its ring, and the rings themselves."""

    centre: TokenFacts | None
    tokens: tuple[TokenFacts, ...]
    scale: RingScale
    sides: tuple[str, ...]

    def band_members(self) -> tuple[tuple[str, ...], ...]:
        """Token ids per ring, grouped by side then name so neighbours stay put."""
        ordered = sorted(
            self.tokens, key=lambda t: (t.side_index, t.name.casefold(), t.combatant_id)
        )
        return tuple(
            tuple(t.combatant_id for t in ordered if t.band == ring)
            for ring in range(len(self.scale.labels))
        )

    def facts(self, combatant_id: str) -> TokenFacts | None:
        if self.centre is not None and self.centre.combatant_id == combatant_id:
            return self.centre
        return next((t for t in self.tokens if t.combatant_id == combatant_id), None)


def _sides(encounter: Encounter) -> tuple[str, ...]:
    sides = list(encounter.sides)
    sides += [c.side for c in encounter.combatants if c.side not in sides]
    return tuple(dict.fromkeys(sides))


def _rules(encounter: Encounter) -> tuple[PositionModel, EncounterRules | None]:
    system = registry.system_of(encounter)
    return system.positions, system.encounter


def snapshot_of(encounter: Encounter, centre_id: str) -> BoardSnapshot:
    """The board around ``centre_id`` (an unknown or empty id gives a board without centre)."""
    sides = _sides(encounter)
    index = {side: i for i, side in enumerate(sides)}
    model, rules = _rules(encounter)
    centre = next((c for c in encounter.combatants if c.id == centre_id), None)
    scale = scale_for(encounter, centre.id if centre else "", model, rules)
    if centre is None:
        return BoardSnapshot(None, (), scale, sides)
    names = rules.condition_names if rules is not None else _core_conditions
    limit = rules.limit(encounter) if rules is not None else None
    reach_of = rules.reach if rules is not None else None
    spots: dict[int, tuple[int, str]] = {}
    """Ring and label by position: a crowd stands at a few positions."""
    tokens = []
    for other in encounter.combatants:
        if other.id == centre.id:
            continue
        position = position_between(encounter, centre.id, other.id)
        spot = spots.get(position)
        if spot is None:
            spot = spots[position] = (scale.ring_of(position), scale.label_of_position(position))
        reach = reach_of(encounter, centre.id, other.id) if reach_of is not None else Reach()
        tokens.append(
            TokenFacts(
                combatant_id=other.id,
                name=other.name,
                side=other.side,
                side_index=index[other.side],
                band=spot[0],
                position=position,
                position_label=spot[1],
                distance_caption=not scale.bands,
                reach=reach.options,
                unequipped_reach=reach.unequipped,
                conditions=names(other),
                centre_name=centre.name,
                beyond_maximum=limit is not None and position > limit,
            )
        )
    summary = rules.centre_summary(encounter, centre.id) if rules is not None else ()
    centre_facts = TokenFacts(
        combatant_id=centre.id,
        name=centre.name,
        side=centre.side,
        side_index=index[centre.side],
        conditions=names(centre),
        attack_summary=summary,
    )
    return BoardSnapshot(centre_facts, tuple(tokens), scale, sides)


def _core_conditions(combatant: Combatant) -> tuple[str, ...]:
    return tuple(c.name for c in combatant.conditions)
