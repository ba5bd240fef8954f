"""The forecast a game gets without a simulator of its own: fights played through the very
actions, odds and outcomes the action dialog offers (``EncounterRules.actions``/``preview``/
``resolve``), so the rules are written once by construction.

Each round everyone standing rolls initiative by the game's own roll (its
``roll_initiative``, else the scheme's plain die), then acts in the turn order the tracker
shows: an attacker picks, by the :class:`~m3desk.core.forecast.Policy`, among the foes one of
its attacks can reach now (the attack the preview gives the best odds, no problem), else
closes on the chosen foe by its first movement action the preview allows and, where the game
says the move leaves the turn open (``turn_over``), attacks after it. The dice are each
action's own ``dice``, rolled on the fight's stream; the turn and round hooks
(``turn_begins``, ``round_ended``) run as in the tracker. It is slower than a simulator on
plain numbers (every step is a real encounter), which the forecast's time-sized batches
absorb. Nothing here names a game.

Who stands near whom is the core's spatial index's (:class:`~m3desk.core.forecast_space.
Foes`, on a :class:`~m3desk.core.places.Plane` of the encounter's places), told after each
action what it changed (:class:`_Field`): a step looks only at the foes within the farthest
of the actor's attacks as its board rings show them (``rings`` of kind reach, range or
spell; a game that draws none has every foe asked), never scans everyone, and a fight's
cost grows as n log n in its combatants.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from itertools import compress
from operator import is_not
from typing import TYPE_CHECKING

from m3desk.core.dice import Roller
from m3desk.core.forecast import FightResult, Policy, Simulate, policy_key
from m3desk.core.forecast_space import Foes
from m3desk.core.places import FAR, Plane

if TYPE_CHECKING:
    from m3desk.core.encounter import Combatant, Encounter
    from m3desk.core.system import ActionOption, EncounterRules, GameSystem

__all__ = ["POLICY_WORDS", "ActionsSimulator", "play", "policy_words", "simulator_of"]

POLICY_WORDS = (
    "Each combatant strikes the foe it can reach with the best odds (the nearest, "
    "weakest or strongest of them, as chosen), else closes on that foe; played "
    "through the game's own actions."
)
"""The forecast's policy in words, for a game whose rules give none (``forecast_policy``)."""


class _StreamRoller(Roller):
    """The game's initiative roll on the fight's own stream."""

    def __init__(self, dice: random.Random) -> None:
        self._random = dice


@dataclass(frozen=True)
class ActionsSimulator:
    """A :data:`~m3desk.core.forecast.Simulate` for a game without one, picklable for the
    worker process: it names the game's module, which a fresh process imports."""

    system_id: str
    module: str

    def __call__(self, encounter: Encounter, dice: random.Random, policy: Policy) -> FightResult:
        return play(_rules(self.system_id, self.module), encounter, dice, policy)


_RULES: dict[tuple[str, str], EncounterRules] = {}


def _rules(system_id: str, module: str) -> EncounterRules:
    key = (system_id, module)
    rules = _RULES.get(key)
    if rules is None:
        if module:
            system: GameSystem = importlib.import_module(module).SYSTEM
        else:
            from m3desk.core import registry

            system = registry.get(system_id)
        assert system.encounter is not None
        _RULES[key] = rules = system.encounter
    return rules


def simulator_of(system: GameSystem) -> Simulate | None:
    """The game's forecast: its own simulator, else one played through its actions (None: a
    game that resolves no action cannot be forecast)."""
    rules = system.encounter
    if rules is None:
        return None
    if rules.simulate is not None:
        return rules.simulate
    if rules.resolve is None:
        return None
    from m3desk.core import registry

    return ActionsSimulator(system.id, registry.module_of(system.id))


def policy_words(system: GameSystem) -> str:
    """The forecast's policy as the game states it, or the generic one's words."""
    rules = system.encounter
    if rules is not None and rules.forecast_policy:
        return rules.forecast_policy
    return POLICY_WORDS if rules is not None and rules.simulate is None else ""


def _faces(option: ActionOption, dice: random.Random) -> tuple[int, ...]:
    return tuple(dice.randint(1, spec.sides) for spec in option.dice for _ in range(spec.number))


ATTACK_RINGS = frozenset({"reach", "range", "spell"})
"""The kinds of board ring that show how far an attack reaches (not a move's)."""


class _Field:
    """Who still fights and where everyone stands in one simulated fight, by roster index:
    the encounter's places on a :class:`~m3desk.core.places.Plane`, the foes on the core's
    spatial index (:class:`~m3desk.core.forecast_space.Foes`, by the policy's target), each
    one's points left of the game's pool and how many of each side still fight. After an
    action :meth:`follow` reads what it changed: the combatants and places the new encounter
    holds anew (by identity: a frozen model keeps what it did not change)."""

    def __init__(self, rules: EncounterRules, encounter: Encounter, policy: Policy) -> None:
        self.rules, self.how = rules, policy.target
        self._build(encounter)

    def _build(self, encounter: Encounter) -> None:
        combatants = encounter.combatants
        self.encounter = encounter
        self.ids = [c.id for c in combatants]
        self.index = {cid: i for i, cid in enumerate(self.ids)}
        names = sorted({c.side for c in combatants})
        self.side = [names.index(c.side) for c in combatants]
        self.names = names
        self.out = [encounter.out_of_fight(c) for c in combatants]
        self.hp = [self._left(c) for c in combatants]
        self.count = [0] * len(names)
        for i, out in enumerate(self.out):
            if not out:
                self.count[self.side[i]] += 1
        self.sides = sum(1 for n in self.count if n)
        model = encounter.position_model
        self.plane = Plane(model, [])
        xs, ys, zs = self.plane.x, self.plane.y, self.plane.z
        for i, cid in enumerate(self.ids):
            x, y, z = self._xyz(encounter, cid, i)
            xs.append(x)
            ys.append(y)
            zs.append(z)
        self.plane.level = len(set(zs)) <= 1
        self.foes = Foes(self.plane, self.side, [not o for o in self.out], self.hp, self.how)

    def _left(self, combatant: Combatant) -> int:
        pool = self.rules.pool(combatant)
        return pool[0] if pool is not None else 0

    @staticmethod
    def _xyz(encounter: Encounter, cid: str, i: int) -> tuple[float, float, float]:
        """A combatant's place; one with none far from everyone (each its own spot beyond
        the board's farthest, as ``position_between`` gives it the farthest)."""
        place = encounter.places.get(cid)
        if place is None:
            return 8 * FAR * (i + 1), 0.0, 0.0
        return place.x, place.y, place.z

    def follow(self, after: Encounter) -> None:
        """The encounter after an action (or a turn's or round's hook): what changed."""
        before = self.encounter
        if after is before:
            return
        if after.combatants is not before.combatants and not self._wounds(before, after):
            self._build(after)  # the roster changed, or one came back into the fight
            return
        if after.places is not before.places:
            if len(after.places) < len(before.places):
                self._build(after)  # a place taken away: every distance from the start
                return
            self._moves(before, after)
        self.encounter = after

    def _wounds(self, before: Encounter, after: Encounter) -> bool:
        """Take in the combatants that changed (False: rebuild instead)."""
        old, new = before.combatants, after.combatants
        if len(old) != len(new):
            return False
        out, hp, foes, ids = self.out, self.hp, self.foes, self.ids
        for i in compress(range(len(new)), map(is_not, old, new)):
            combatant = new[i]
            if combatant.id != ids[i]:
                return False
            fallen = after.out_of_fight(combatant)
            if fallen != out[i]:
                if not fallen:
                    return False
                out[i] = True
                foes.leave(i)
                side = self.side[i]
                self.count[side] -= 1
                if not self.count[side]:
                    self.sides -= 1
            left = self._left(combatant)
            if left != hp[i]:
                hp[i] = left
                foes.wounded(i)
        return True

    def _moves(self, before: Encounter, after: Encounter) -> None:
        old, new = before.places, after.places
        plane, index, foes = self.plane, self.index, self.foes
        xs, ys, zs = plane.x, plane.y, plane.z
        # the places the new dict holds anew (a move copies the dict, one place changed)
        changed = (
            compress(new.items(), map(is_not, old.values(), new.values()))
            if list(old) == list(new)
            else [(cid, place) for cid, place in new.items() if old.get(cid) is not place]
        )
        for cid, place in changed:
            i = index.get(cid)
            if i is None:
                continue
            xs[i], ys[i], zs[i] = place.x, place.y, place.z
            if plane.level and place.z != zs[0 if i else -1]:
                plane.level = False  # someone climbed or flew: heights count now
            foes.moved(i)

    def standing_sides(self) -> set[str]:
        return {self.names[s] for s, n in enumerate(self.count) if n}

    def reach(self, actor: str) -> int | None:
        """The farthest any attack of ``actor`` reaches, as its board rings show (None: the
        game draws none, every foe is asked)."""
        rings = self.rules.rings(self.encounter, actor)
        found = [ring.value for ring in rings if ring.kind in ATTACK_RINGS]
        return max(found) if found else None

    def ranked(self, a: int, reach: int | None) -> list[int]:
        """The foes of ``a`` within ``reach`` in the policy's order of preference (the core's
        one policy, :func:`~m3desk.core.forecast.policy_key`): nearest first, or the fewest
        (most) points left of the game's pool first, the nearest first among equals, then
        roster order."""
        foes = self.foes
        found = foes.around(a, self.plane.model.maximum if reach is None else reach)
        how, hp = self.how, self.hp
        if how == "nearest":
            return [j for _key, j in sorted((feet, j) for j, feet in found)]
        return [j for _key, j in sorted((policy_key(how, hp[j], feet), j) for j, feet in found)]


def _best_attack(
    rules: EncounterRules, encounter: Encounter, actor: str, target: str
) -> ActionOption | None:
    best: ActionOption | None = None
    odds = -1.0
    for option in rules.actions(encounter, actor):
        if (
            option.group != "attack"
            or not option.needs_target
            or option.target not in (None, target)
        ):
            continue
        preview = rules.preview(encounter, actor, option.id, target)
        if preview.problem or preview.success is None:
            continue
        if float(preview.success) > odds:
            best, odds = option, float(preview.success)
    return best


def _closing(
    rules: EncounterRules, encounter: Encounter, actor: str, target: str
) -> ActionOption | None:
    for option in rules.actions(encounter, actor):
        if (
            option.group == "movement"
            and option.needs_target
            and option.target in (None, target)
            and not rules.preview(encounter, actor, option.id, target).problem
        ):
            return option
    return None


def _act(rules: EncounterRules, field: _Field, actor: str, dice: random.Random) -> Encounter:
    assert rules.resolve is not None
    a = field.index[actor]
    for _step in range(2):  # at most a move and then an attack
        encounter = field.encounter
        if not field.foes.any_foe(a):
            return encounter
        # the first foe in the policy's order that an attack reaches now, among those
        # within its farthest attack (asked foe by foe, so a crowd asks only until one
        # answers)
        found = next(
            (
                (foe, attack)
                for foe in field.ranked(a, field.reach(actor))
                if (attack := _best_attack(rules, encounter, actor, field.ids[foe])) is not None
            ),
            None,
        )
        if found is not None:
            foe, option = found
        else:
            foe = field.foes.pick(a)  # the policy's first of every foe standing
            closing = _closing(rules, encounter, actor, field.ids[foe])
            if closing is None:
                return encounter
            option = closing
        try:
            outcome = rules.resolve(
                encounter, actor, option.id, field.ids[foe], _faces(option, dice)
            )
        except ValueError:
            return encounter
        field.follow(outcome.encounter)
        if rules.turn_over(field.encounter, actor, option) or field.out[a]:
            return field.encounter
    return field.encounter


def _initiative(rules: EncounterRules, encounter: Encounter, dice: random.Random) -> Encounter:
    from m3desk.core.encounter import first_turn_follows, set_initiative
    from m3desk.core.initiative import roll_by_scheme

    if all(c.initiative is None for c in encounter.combatants):
        # the round's end cleared the counts already: clearing them again would copy
        # everyone to the same values; only where the pointer stands follows
        encounter = first_turn_follows(encounter, encounter)
    elif encounter.scheme.reroll_each_round:
        encounter = set_initiative(encounter, {c.id: None for c in encounter.combatants})
    missing = [c.id for c in encounter.combatants if c.initiative is None]
    if not missing:
        return encounter
    roller = _StreamRoller(dice)
    if rules.roll_initiative is not None:
        return rules.roll_initiative(encounter, roller)
    if encounter.scheme.roller == "ranked_check":
        return encounter  # a check of the game's own that it does not roll: roster order
    return roll_by_scheme(encounter, missing, roller)


def play(
    rules: EncounterRules, encounter: Encounter, dice: random.Random, policy: Policy
) -> FightResult:
    """One whole fight from the encounter as it stands, played through the game's actions."""
    from m3desk.core.encounter import acting, turn_order

    if encounter.phase == "setup":
        encounter = encounter.model_copy(update={"phase": "rounds", "round": 1})
    field = _Field(rules, encounter, policy)
    rounds = 0
    while rounds < policy.max_rounds and field.sides > 1:
        rounds += 1
        field.follow(_initiative(rules, field.encounter, dice))
        encounter = field.encounter
        order = [c.id for group in turn_order(encounter) for c in group] or [
            c.id for c in acting(encounter)
        ]
        for actor in order:
            if field.sides <= 1:
                break
            if field.out[field.index[actor]]:
                continue
            turn = field.encounter.model_copy(update={"turn": actor})
            field.follow(turn.turn_begins(actor))
            field.follow(_act(rules, field, actor, dice))
        encounter, _expired = field.encounter.round_ended()
        field.follow(
            encounter.model_copy(
                update={"phase": "rounds", "round": encounter.round + 1, "turn": None}
            )
        )
    encounter = field.encounter
    standing = field.standing_sides()
    hit_points = {}
    for combatant in encounter.combatants:
        pool = rules.pool(combatant)
        if pool is not None:
            hit_points[combatant.id] = pool[0]
    return FightResult(
        winner=next(iter(standing)) if len(standing) == 1 else None,
        rounds=rounds,
        down=frozenset(c.id for c in encounter.combatants if encounter.out_of_fight(c)),
        hit_points=hit_points,
    )
