"""The fight forecast for Apparatus: one whole fight played from the encounter as it stands.

The rules are the package's own: initiative 1d20 + Agility, highest first, kept all fight,
combatants on one count acting simultaneously (:data:`~.state.INITIATIVE`); each turn
Movement = this turn's Speed (0 when held, Restrained or Incapacitated; halved while holding
a creature) and one Standard Action; running costs 1 Movement per metre plus 1 per
Difficulty Rating of the ground, and ground whose per-metre cost exceeds the Speed cannot be
crossed (:mod:`.movement`); standing up costs ½ Speed. An attack's chances are the ones the
action dialog shows (:func:`.combat.attack_odds`, with the Advantage sources of
:func:`.combat.advantage_sources` netted the same way) and its damage is the weapon's dice,
a critical hit adding the largest die's maximum (:func:`.combat.crit_extra`). There is no
morale. A creature is down at 0 hit points or fewer, as :meth:`.ApparatusEncounter.out_of_fight`
says; a foe that is down no longer counts as a hostile next to an archer (the dialog still
counts it). Timed conditions run out at the ends of rounds as the tracker counts them down.

Everyone moves in the plane from the encounter's places (:class:`core.places.Plane`): a
creature running ``m`` metres towards another goes along the line to it on its own level and
ends ``m`` metres nearer; every distance is measured from the places by the game's metric.

Speed: the encounter is read once into plain lists (cached by the encounter object, which is
frozen), the exact odds are worked out once per (attacker, weapon, target, net Advantage) and
turned into two float thresholds, so an attack costs one ``dice.random()`` for the verdict and
one for the damage (an index into all equally likely face combinations). What is read
once is :mod:`.forecast_prep`'s; the play of one fight is :class:`_Play`'s here.
"""

from __future__ import annotations

import random

from m3desk.core import encounter as core
from m3desk.core.forecast import FightResult, Policy
from m3desk.core.forecast_space import Foes
from m3desk.core.free_attacks import reach_left
from m3desk.systems.apparatus import combat
from m3desk.systems.apparatus.actions import ADJACENT
from m3desk.systems.apparatus.forecast_prep import _CACHE as _CACHE
from m3desk.systems.apparatus.forecast_prep import _CACHE_SIZE as _CACHE_SIZE
from m3desk.systems.apparatus.forecast_prep import _RANGED_SITUATION as _RANGED_SITUATION
from m3desk.systems.apparatus.forecast_prep import _Fight as _Fight
from m3desk.systems.apparatus.forecast_prep import _move as _move
from m3desk.systems.apparatus.forecast_prep import _order as _order
from m3desk.systems.apparatus.forecast_prep import _Prep as _Prep
from m3desk.systems.apparatus.forecast_prep import _prep_for as _prep_for
from m3desk.systems.apparatus.forecast_prep import _prepare as _prepare
from m3desk.systems.apparatus.forecast_prep import _start as _start
from m3desk.systems.apparatus.forecast_prep import _thresholds as _thresholds
from m3desk.systems.apparatus.forecast_prep import _Weapon
from m3desk.systems.apparatus.state import ApparatusEncounter

__all__ = ["FORECAST_POLICY", "simulate"]

FORECAST_POLICY = (
    "Each creature picks the nearest foe it may attack (or the weakest or strongest, as "
    "chosen), runs towards it and attacks with its best weapon for that foe once in reach, "
    "taking Dash instead when its Movement falls short. With “ranged stays at range”, a "
    "creature with a missile weapon that can hit from where it stands shoots, stepping into "
    "Near range first if its Movement gets it there. A prone creature stands up first, one "
    "held in a grapple tries to escape when nothing is in reach, and a grappler keeps its "
    "hold and stays put; nobody Evades, grapples or shoves; a hostile whose reach a runner "
    "leaves strikes at it first only when the table rules make opportunity attacks due; "
    "there is no morale."
)


class _Play:
    """One fight as :func:`simulate` plays it: the prepared lists copied for this fight, and
    a turn's steps as methods (each reads what it needs into locals: the loop is hot, and
    the prepared lists it reads every turn are held as attributes of their own)."""

    __slots__ = (
        "action",
        "d",
        "dice",
        "down",
        "draw",
        "fallen",
        "fight",
        "halves",
        "hp",
        "max_far",
        "max_reach",
        "n",
        "near",
        "opportunity",
        "order",
        "plane",
        "prefer_melee",
        "prefer_ranged",
        "prep",
        "randint",
        "ranged_stay",
        "resuming",
        "run_halves",
        "side",
        "sides_left",
        "sighted",
        "standing",
        "steady",
        "threat",
        "weapons",
    )

    def __init__(self, prep: _Prep, dice: random.Random, policy: Policy) -> None:
        self.prep = prep
        self.weapons, self.max_reach, self.max_far = prep.weapons, prep.max_reach, prep.max_far
        self.run_halves = prep.run_halves
        self.fight = fight = _Fight(prep, _start(prep))
        self.d = fight.derived
        self.n, self.side = prep.n, prep.side
        self.down = combat.down  # the encounter's out_of_fight rule, one lookup per fight
        self.hp = prep.hp[:]
        self.fallen = prep.fallen[:]  # the down rule asked again only where hp change
        self.plane = prep.plane.copy()
        # who stands near whom, by the core's spatial index (its target policy: the one
        # policy_key); a fall leaves it, a wound and a run are told to it
        start = prep.near.get(policy.target)
        if start is None:
            start = prep.near[policy.target] = Foes(
                prep.plane, prep.side, [not f for f in prep.fallen], prep.hp, policy.target
            )
        self.near = start.copy(self.plane, self.hp)
        self.threat = prep.threat
        self.standing = prep.standing[:]
        self.sides_left = prep.sides_left
        order = prep.order
        if order is None:
            draw = dice.random
            initiative: list[int | None] = [
                fixed if fixed is not None else int(draw() * 20) + 1 + agility
                for fixed, agility in zip(prep.initiative, prep.agility, strict=True)
            ]
            order = _order(initiative, prep.tie, prep.everyone)
        self.order = order
        assert prep.prefer_melee is not None and prep.prefer_ranged is not None
        self.prefer_melee, self.prefer_ranged = prep.prefer_melee, prep.prefer_ranged
        self.sighted = prep.sighted
        self.steady = prep.melee_odds if prep.settled else None
        self.ranged_stay = policy.ranged_stay
        self.dice = dice
        self.draw, self.randint = dice.random, dice.randint
        self.opportunity = prep.opportunity
        self.halves, self.action = (
            (prep.turn_halves, prep.turn_action) if prep.current else (-1, True)
        )
        self.resuming = bool(prep.current)

    def reach_of(self, a: int, t: int, distance: int) -> int:
        """The best melee weapon that reaches ``t`` from here, or −1."""
        if distance <= self.max_reach[a]:
            weapons = self.weapons[a]
            for k in self.prefer_melee[a][t]:
                if weapons[k].reach >= distance:
                    return k
        return -1

    def shot_of(self, a: int, t: int, distance: int) -> int:
        """The best missile weapon that can hit ``t`` from here (within Far), or −1."""
        if distance <= self.max_far[a]:
            weapons = self.weapons[a]
            for k in self.prefer_ranged[a][t]:
                if weapons[k].far >= distance:
                    return k
        return -1

    def odds(self, a: int, t: int, w: int, weapon: _Weapon, distance: int) -> tuple[float, float]:
        """The thresholds of ``a``'s attack on ``t`` with ``weapon`` (its ``w``) from
        ``distance``, at the Advantage netted from the conditions now."""
        d = self.d
        if weapon.ranged:
            # a hostile standing next to it: the target itself, else any other foe
            adjacent = distance <= ADJACENT or self.near.any_within(a, ADJACENT)
            net = d.own[a] + d.vs_ranged[t] + _RANGED_SITUATION[(adjacent, distance > weapon.near)]
        else:
            net = d.own[a] + d.vs_melee[t] + self.prep.dual[a]
        incap, defnet = d.incap[t], d.defnet[t]
        key = (((a * self.n + t) * 32 + w) * 64 + net + 32) * 4 + incap * 2 + defnet
        odds = self.prep.odds
        found = odds.get(key)
        if found is None:
            found = odds[key] = _thresholds(self.prep, a, w, t, net, incap, defnet)
        return found

    def strike(self, a: int, t: int, w: int, distance: int) -> None:
        """``a``'s attack on ``t`` with weapon ``w`` from ``distance`` (the dialog's odds)."""
        weapon = self.weapons[a][w]
        steady = self.steady
        if steady is not None and not weapon.ranged:
            # a settled fight: a melee attack's odds are the start's, by who and with what
            pair = (a * self.n + t) * 32 + w
            found = steady.get(pair)
            if found is None:
                found = steady[pair] = self.odds(a, t, w, weapon, distance)
        else:
            found = self.odds(a, t, w, weapon, distance)
        draw = self.draw
        roll = draw()
        if roll < found[0]:
            return
        table = weapon.table
        if table is not None:
            damage = table[int(draw() * len(table))]
        else:
            randint = self.randint
            damage = sum(
                sum(randint(1, e.sides) for _ in range(e.count)) + e.bonus for e in weapon.dice
            )
        if roll < found[1]:
            damage += weapon.extra
        if damage > 0:
            hp = self.hp
            hp[t] -= damage
            if not self.down(hp[t]):
                self.near.wounded(t)
            else:
                self.fall(t)

    def fall(self, t: int) -> None:
        """``t`` is down: out of the index, its side one fewer, its grapples ended."""
        self.fallen[t] = True
        self.near.leave(t)
        side = self.side[t]
        self.standing[side] -= 1
        if not self.standing[side]:
            self.sides_left -= 1
        if self.fight.grapples:
            self.fight.release(t)

    def run(self, a: int, t: int, metres: int, budget: int) -> int:
        """``a`` runs toward ``t`` (:func:`_move`); under the table rule that makes them due,
        each hostile whose reach it leaves strikes at it first (:func:`core.free_attacks.
        reach_left`, as the map's move owes them), with its best melee weapon that reached."""
        near, fallen = self.near, self.fallen
        if not self.opportunity:
            return _move(near, a, t, metres, fallen, budget)
        # the hostiles standing within the longest reach of anyone, by index: the only ones
        # whose reach the run can leave
        close = near.around(a, self.threat)
        distance = _move(near, a, t, metres, fallen, budget)
        max_reach, incap = self.prep.max_reach, self.d.incap
        before = [feet for _f, feet in close]
        after = [near.feet(a, f) for f, _feet in close]
        threat = [max_reach[f] if not incap[f] else -1 for f, _feet in close]
        for k in reach_left(before, after, threat):
            f = close[k][0]
            w = self.reach_of(f, a, before[k])
            if w >= 0:
                self.strike(f, a, w, before[k])
            if fallen[a]:
                break
        return distance

    def target(self, a: int, mobile: bool) -> int:
        """The foe ``a`` goes for (the policy's pick among those it can reach, shoot or
        run to), or −1."""
        unseen, charm, near = self.d.unseen, self.d.charmed[a], self.near
        accept = None
        if charm or True in unseen:

            def sees(foe: int) -> bool:  # a foe it sees and is not charmed by
                return not unseen[foe] and not (charm and foe in charm)

            accept = sees
        if mobile:
            return near.pick(a, accept)
        # held where it stands: the foes its weapons reach or can hit from here
        reach = max(self.max_reach[a], self.max_far[a])
        if reach < 0:
            return -1
        return near.choose(
            (foe, feet)
            for foe, feet in near.around(a, reach, accept=accept)
            if self.reach_of(a, foe, feet) >= 0 or self.shot_of(a, foe, feet) >= 0
        )

    def approach(self, a: int, t: int, distance: int, mobile: bool, speed: int) -> tuple[int, int]:
        """``a``, out of melee reach of ``t``, gets in reach or range of it if it can
        (shooting from where it stands, stepping into Near range, running, or Dashing): its
        weapon then (−1: none) and the distance."""
        max_reach = self.max_reach[a]
        prep, per, halves = self.prep, self.run_halves[a], self.halves
        weapons, melee = self.weapons[a], prep.melee[a]
        shooter = prep.ranged[a] and (self.ranged_stay or not melee or not mobile)
        w = self.shot_of(a, t, distance) if shooter else -1
        if w >= 0:
            near = weapons[w].near
            if mobile and distance > near and halves >= per * (distance - near):
                distance = self.run(a, t, distance - near, halves // per)
            return w, distance
        if not mobile:
            return -1, distance
        goal = (
            weapons[self.prefer_melee[a][t][0]].reach
            if melee and not shooter
            else weapons[self.prefer_ranged[a][t][0]].near
        )
        need = distance - goal
        metres = min(halves // per, need)
        w = self.reach_of(a, t, distance - metres) if distance - metres <= max_reach else -1
        if w < 0 and (shooter or not melee):
            w = self.shot_of(a, t, distance - metres)
        budget = halves // per
        if w < 0 and self.action:
            self.action = False  # Dash: Movement + Speed again, no attack
            budget = (halves + speed + speed) // per
            metres = min(budget, need)
        if metres > 0:
            distance = self.run(a, t, metres, budget)
            w = self.reach_of(a, t, distance) if distance <= max_reach else -1
            if w < 0 and (shooter or not melee):
                w = self.shot_of(a, t, distance)
        return w, distance

    def turn(self, a: int, single: bool) -> None:
        """``a``'s turn: Movement = Speed and one Standard Action."""
        fight, d = self.fight, self.d
        if self.resuming:
            self.resuming = False  # the turn under way began before the forecast
        else:
            self.halves, self.action = -1, True
            if fight.evading[a]:
                fight.stop_evading(a)  # Evade lasts until the start of its turn
        if d.incap[a] or (single and self.fallen[a]):
            return
        speed = d.speed[a]
        if self.halves < 0:
            self.halves = speed + speed
        prone = d.prone[a]
        if prone and speed and self.halves >= self.prep.stand_halves[a]:
            self.halves -= self.prep.stand_halves[a]
            fight.stand(a)
            prone = d.prone[a]
        mobile = bool(
            self.run_halves[a] and speed and not prone and not (fight.grapples and fight.holds(a))
        )
        # nobody unseen and no charm all fight (the common case): any foe standing may be
        # the policy's pick
        t = self.near.pick(a) if mobile and self.sighted else self.target(a, mobile)
        if t < 0:
            if self.action and fight.grapples and "grappled" in d.conds[a]:
                fight.escape(self.dice, a)
            return
        distance = self.near.feet(a, t)
        w = self.reach_of(a, t, distance)  # in reach already (the common case), else:
        if w < 0:
            w, distance = self.approach(a, t, distance, mobile, speed)
        if self.opportunity and self.fallen[a]:
            return  # struck down leaving a hostile's reach
        if w >= 0 and self.action:
            self.strike(a, t, w, distance)

    def rounds(self, limit: int) -> int:
        """Rounds played until one side is left (or ``limit``): how many."""
        prep, side, fallen = self.prep, self.side, self.fallen
        rounds = 0
        counts = prep.current or self.order
        if not prep.started and prep.surprise >= 0:
            counts = [[i for i in count if side[i] == prep.surprise] for count in self.order]
        while self.sides_left > 1 and rounds < limit:
            rounds += 1
            for count in counts:
                # Creatures on one count act simultaneously: one downed by another of the
                # same count still takes its turn.
                single = len(count) == 1
                for a in count if single else [i for i in count if not fallen[i]]:
                    self.turn(a, single)
                if self.sides_left <= 1:
                    break
            if self.fight.timed:
                self.fight.round_ended()
            counts = self.order
        return rounds


def simulate(encounter: core.Encounter, dice: random.Random, policy: Policy) -> FightResult:
    """One whole fight from where the encounter stands, played by :data:`FORECAST_POLICY`
    with the dice of ``dice`` alone."""
    if not isinstance(encounter, ApparatusEncounter):
        raise TypeError("not an Apparatus encounter")
    prep = _prep_for(encounter)
    play = _Play(prep, dice, policy)
    rounds = play.rounds(policy.max_rounds)
    alive = [s for s, count in enumerate(play.standing) if count]
    return FightResult(
        winner=prep.sides[alive[0]] if len(alive) == 1 else None,
        rounds=rounds,
        down=frozenset([prep.ids[i] for i in range(prep.n) if play.down(play.hp[i])]),
        hit_points=dict(zip(prep.ids, play.hp, strict=True)),
    )
