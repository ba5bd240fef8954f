"""One AD&D 2e fight played on plain values (:class:`Fight`), from an encounter read once
(:class:`~m3desk.systems.adnd2e.forecast.Prepared`): the round loop of the forecast, its
steps each a method (declare, strike, shoot, walk, morale, a round's order), who stands
where kept by the core's spatial index (:class:`~m3desk.core.forecast_space.Foes`), whose
picks are the core's one target policy."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from m3desk.core.forecast import FightResult, Target
from m3desk.core.forecast_space import Foes
from m3desk.systems.adnd2e import combat, effects
from m3desk.systems.adnd2e.combat import (
    hit_damage,
    initiative_order,
    morale_holds,
    morale_loss,
    morale_trigger,
)
from m3desk.systems.adnd2e.forecast_values import (
    Arms,
    Prepared,
    Row,
    Sight,
    after_volley,
    segment_at,
    volley,
)
from m3desk.systems.adnd2e.table import MELEE_FEET

__all__ = ["ATTACK", "CLOSE", "FIRE", "MOVE", "Fight", "play"]

ATTACK, CLOSE, FIRE, MOVE = 0, 1, 2, 3
_ORDERS = 4096
"""Round orders remembered per encounter (the same counts give the same order)."""


class Fight:
    """The state of one fight as lists of ints, and its steps."""

    # Slots: more than 30 attributes would leave CPython's shared-key instance dicts, and
    # every ``self.`` lookup of the hot loop would pay for a plain dict's.
    __slots__ = (
        "alive",
        "bound",
        "close_feet",
        "credit",
        "crits",
        "down",
        "fallen",
        "farthest",
        "felled",
        "fire",
        "fled",
        "foes",
        "held",
        "how",
        "hp",
        "kinds",
        "later",
        "melee",
        "move_feet",
        "n",
        "out",
        "plane",
        "reach",
        "rear",
        "rnd",
        "sights",
        "stage",
        "stay",
        "targets",
        "v",
        "weighs",
    )

    def __init__(self, v: Prepared, rnd: Callable[[], float], how: Target, stay: bool) -> None:
        self.v, self.rnd, self.how, self.stay = v, rnd, how, stay
        self.down = combat.down  # the encounter's out_of_fight rule, one lookup per fight
        n = self.n = len(v.hp)
        self.hp = list(v.hp)
        self.fallen = list(v.fallen)  # asked again where hit points change
        self.held = [False] * n  # out of the fight by an effect (effects.afflicted: paralysed …)
        self.out = list(v.out)
        self.fled = [False] * n
        self.plane = v.plane.copy()
        start = v.starts.get(how)
        if start is None:
            start = v.starts[how] = Foes(
                v.plane,
                v.sides,
                [not (o or f) for o, f in zip(self.out, self.fallen, strict=True)],
                v.hp,
                how,
            )
        self.foes = start.copy(self.plane, self.hp)
        """Who stands where, by side: the fallen hold no place (as ``out_of_fight``)."""
        self.weighs = how != "nearest"
        """Whether the index keys its picks on hit points (and so must hear of each wound)."""
        self.felled = True
        """Whether anyone may have fallen since the last count of the fallen (:meth:`group`)."""
        self.crits = v.critical.doubles or v.critical.extra
        self.credit = list(v.credit)
        self.arm(v.arms)
        self.later = list(v.later)
        self.alive = list(v.alive)
        self.stage = list(v.stage)
        self.kinds = [MOVE] * n  # this round's declarations, read for those who declared
        self.targets = [-1] * n
        self.close_feet, self.move_feet = v.close, v.move

    def arm(self, now: Arms) -> None:
        """The attacks the fight makes from now on (those of the conditions in force)."""
        self.melee, self.fire, self.rear, self.bound = now.melee, now.fire, now.rear, now.bound
        self.reach = now.ranged_stay if self.stay else now.ranged_only
        self.farthest = now.farthest_stay if self.stay else now.farthest_only
        """Each one's farthest shot at anyone (beyond it only a closing reaches)."""
        key = (id(now), self.stay)
        sights = self.v.sights.get(key)
        if sights is None:
            sights = self.v.sights[key] = [self.sight(a, c) for a, c in enumerate(self.v.close)]
        self.sights = sights
        """Each one's :meth:`sight` at its full closing (a new round's declarations)."""

    # -- who and where -------------------------------------------------------------------

    def hurt(self, t: int, damage: int) -> None:
        """``t`` loses ``damage`` hit points (never below −99); a fall leaves its place."""
        left = self.hp[t] - damage
        if left < -99:
            left = -99
        self.hp[t] = left
        fallen = self.fallen[t] = self.down(left)
        if fallen:
            self.foes.leave(t)
            self.felled = True
        elif self.weighs:
            self.foes.wounded(t)

    def pick(self, a: int, within: int, beyond: int, need: int) -> int:
        """The policy's foe standing at ``beyond`` < feet ≤ ``within`` (−1: none); ``need``
        1: one it has melee rows for; 2: one a missile weapon reaches there."""
        foes = self.foes
        if need == 2:
            shots = self.fire[a]

            def reaches(t: int, away: int) -> bool:
                return beyond < away and (segment_at(shots[t], away) or (0, None))[1] is not None

            return foes.pick(a, at=reaches)
        if within >= self.plane.model.maximum:
            return foes.pick(a)
        rows = self.melee[a]
        return foes.choose(foes.around(a, within, beyond, rows.__getitem__ if need == 1 else None))

    def sight(self, a: int, close: int) -> Sight:
        """(``close``, in reach, how far to look): whether a foe at some feet is in
        ``a``'s reach this round (in melee, in a missile's range, or within closing
        ``close``), and the farthest such a foe can stand."""
        rows, far_reach = self.melee[a], self.reach[a]
        closing = MELEE_FEET + close

        def in_reach(t: int, feet: int) -> object:
            return (
                rows[t]
                if feet <= MELEE_FEET
                else feet <= far_reach[t] or (feet <= closing and rows[t])
            )

        farthest = self.farthest[a]
        return close, in_reach, closing if closing > farthest else farthest

    def declare(self, a: int, close: int) -> tuple[int, int]:
        """(kind, target): the policy's foe among those in reach this round (:meth:`sight`),
        else a walk toward the policy's foe among all."""
        known, in_reach, reach = self.sights[a]
        if close != known:  # a round begun at the table: the movement left
            _close, in_reach, reach = self.sight(a, close)
        foes = self.foes
        best = foes.pick(a, at=in_reach, reach=reach)
        if best < 0:
            return MOVE, foes.pick(a)
        feet = foes.feet(a, best)
        far_reach = self.reach[a]
        return (ATTACK if feet <= MELEE_FEET else FIRE if feet <= far_reach[best] else CLOSE), best

    def close_to(self, a: int, t: int, feet: int, budget: int | None = None) -> None:
        """``a`` walks along the line toward ``t`` until ``feet`` apart, to a spot nobody
        standing holds (:func:`core.places.free_spot`, as the dialog's walk in: the fallen
        hold none, as the tracker's ``out_of_fight``)."""
        self.foes.step(a, t, feet, self.fallen, budget)

    def walk(self, a: int, t: int, budget: int) -> None:
        if t < 0 or self.out[t] or self.fallen[t]:
            t = self.foes.pick(a)
            if t < 0:
                return
        feet = self.foes.feet(a, t) - budget
        self.close_to(a, t, feet if feet > MELEE_FEET else MELEE_FEET, budget)

    # -- blows ---------------------------------------------------------------------------

    def strike(self, row: Row, t: int) -> None:
        """One attack roll and its damage; a natural 20 doubles the dice or earns another
        attack at once as the table's critical hits say (the dialog's own tests)."""
        rnd, critical, crits = self.rnd, self.v.critical, self.crits
        while True:
            natural = int(rnd() * 20) + 1
            if natural < row[0]:
                return
            if row[8]:  # a hit that deals damage (a paralysing touch deals none)
                number = row[1] * 2 if crits and critical.doubles_dice(natural) else row[1]
                total = 0
                for _ in range(number):
                    total += int(rnd() * row[2]) + 1
                self.hurt(t, hit_damage(total, row[3]))
            if row[7] and not self.fallen[t] and rnd() < row[6]:
                self.afflict(row[7], t)
            if not crits or self.fallen[t] or not critical.extra_on(natural):
                return

    def shoot(self, a: int, t: int) -> None:
        """A standing round of fire at the weapon's rate, the count kept across rounds."""
        shots, feet = self.fire[a], self.foes.feet
        away = feet(a, t)
        segment = segment_at(shots[t], away) if away > MELEE_FEET else None
        if segment is None or segment[1] is None:  # it closed in first: no shot at 5'
            return
        rate, state = segment[2], self.credit[a]
        shots_now, _count = volley(state, rate)
        taken = 0
        while taken < shots_now:
            if self.fallen[t]:
                t = self.pick(a, 1 << 40, MELEE_FEET, 2)
                if t < 0:
                    break
                segment = segment_at(shots[t], feet(a, t))
                assert segment is not None and segment[1] is not None
            self.strike(segment[1], t)  # type: ignore[arg-type]
            taken += 1
        self.credit[a] = after_volley(state, rate, taken)

    def melee_turn(self, a: int, kind: int, t: int) -> None:
        """``a``'s attack or close-and-attack: on its declared foe if it still stands in
        reach, else the policy's foe there; a monster turns its next attack on a foe beside
        it when one falls."""
        within = MELEE_FEET if kind == ATTACK else MELEE_FEET + self.close_feet[a]
        feet, fallen = self.foes.feet, self.fallen
        away = within + 1 if self.out[t] or fallen[t] else feet(a, t)
        if away > within:
            t = self.pick(a, within, -1, 1)
            if t < 0:
                if kind == CLOSE:
                    self.walk(a, -1, self.close_feet[a])
                return
            away = feet(a, t)
        if away > MELEE_FEET:
            self.close_to(a, t, MELEE_FEET)
            if feet(a, t) > MELEE_FEET:  # no free spot beside it
                return
        attacks = self.melee[a]
        rows = attacks[t]
        assert rows is not None
        rnd, crits = self.rnd, self.crits
        for index in range(len(rows)):
            if fallen[t]:
                t = self.pick(a, MELEE_FEET, -1, 1)
                if t < 0:
                    break
                rows = attacks[t]
                assert rows is not None
                if index >= len(rows):
                    break
            attack = rows[index]
            if crits:
                self.strike(attack, t)
            elif int(rnd() * 20) + 1 >= attack[0]:  # strike() without criticals
                if attack[8]:
                    total = 0
                    for _ in range(attack[1]):
                        total += int(rnd() * attack[2]) + 1
                    self.hurt(t, hit_damage(total, attack[3]))
                if attack[7] and not fallen[t] and rnd() < attack[6]:
                    self.afflict(attack[7], t)

    def afflict(self, kind: int, t: int) -> None:
        """A failed save against a hit's effect (effects.resolve_effect): poison kills (at
        effects.DEAD_AT), paralysis, petrification or a charm take the target out; either
        way it leaves its place."""
        if kind == 2:
            self.hp[t] = min(self.hp[t], effects.DEAD_AT)
        else:
            self.held[t] = True
        self.fallen[t] = True
        self.felled = True
        self.foes.leave(t)

    def morale(self, side: int) -> None:
        """Each monster of the side standing rolls 2d10 against its rating (−2 for a quarter
        of its own hit points lost, −4 for half); one that breaks flees, every foe beside it
        striking at its back first (all its attacks)."""
        v, rnd, out, fallen, hp = self.v, self.rnd, self.out, self.fallen, self.hp
        for m in v.monsters[side]:
            if out[m] or fallen[m]:
                continue
            rating = v.morale[m] + morale_loss(hp[m], v.max_hp[m])
            if morale_holds(int(rnd() * 10) + int(rnd() * 10) + 2, rating):
                continue
            for f in self.foes.within(m, MELEE_FEET):
                for row in self.rear[f][m] or ():
                    self.strike(row, m)
            out[m] = True
            self.foes.leave(m)
            self.alive[side] -= 1
            self.fled[m] = not fallen[m]

    # -- rounds --------------------------------------------------------------------------

    def order(self, acting: int | None) -> Sequence[Sequence[int]]:
        """A new round: everyone standing declares, then rolls (a d10 a side, or each), and
        the counts say the groups acting at once, lower first."""
        v, rnd, out = self.v, self.rnd, self.out
        close = self.close_feet = v.close
        self.move_feet = v.move
        sides, initiative, individual = v.sides, v.initiative, v.individual
        kinds, targets, declare = self.kinds, self.targets, self.declare
        counts: list[tuple[int, int]] = []  # (who, count) in index order: the memo's key
        rolls = [0] * len(v.side_names)
        for i in range(self.n):
            side = sides[i]
            if out[i] or (acting is not None and side != acting):
                continue
            kind, targets[i] = declare(i, close[i])
            kinds[i] = kind
            if individual:
                roll = int(rnd() * 10) + 1
            else:
                roll = rolls[side]
                if not roll:
                    roll = rolls[side] = int(rnd() * 10) + 1
            counts.append((i, roll + initiative[i][kind]))
        known = v.orders.get(key := tuple(counts))
        if known is None:
            known = initiative_order(dict(counts))
            if len(v.orders) < _ORDERS:
                v.orders[key] = known
        return known

    def rest_of_round(self, groups: Sequence[Sequence[int]]) -> None:
        """A round begun at the table: those yet to act declare with what movement is left."""
        v = self.v
        self.close_feet = tuple(max(0, c - m) for c, m in zip(v.close, v.moved, strict=True))
        self.move_feet = tuple(max(0, c - m) for c, m in zip(v.move, v.moved, strict=True))
        for group in groups:
            for i in group:
                if not self.out[i]:
                    self.kinds[i], self.targets[i] = self.declare(i, self.close_feet[i])

    def group(self, group: Sequence[int]) -> bool:
        """One count's group acts at once; the fallen then leave, morale is checked where
        a side lost a monster. Whether the fight is over."""
        v, out = self.v, self.out
        for a in group:
            if out[a]:
                continue
            kind, t = self.kinds[a], self.targets[a]
            if kind == FIRE:
                self.shoot(a, t)
            elif kind == MOVE:
                self.walk(a, t, self.move_feet[a])
            else:
                self.melee_turn(a, kind, t)
        if not self.felled:  # nobody fell: no count, no morale, the fight goes on
            return False
        self.felled = False
        side_count = len(v.side_names)
        shaken = 0
        fallen = self.fallen
        for a in range(self.n):
            if fallen[a] and not out[a]:
                out[a] = True
                self.alive[v.sides[a]] -= 1
                shaken |= 1 << v.sides[a] if v.monster[a] else 0
                shaken |= 1 << side_count
        if shaken:
            for side in range(side_count):
                if shaken >> side & 1:
                    members = v.monsters[side]
                    lost = 0
                    for m in members:
                        if fallen[m]:
                            lost += 1
                    trigger = morale_trigger(lost, len(members))
                    if trigger > self.stage[side]:
                        self.stage[side] = trigger
                        self.morale(side)
            return self.alive.count(0) >= side_count - 1
        return False

    def round_end(self, rounds: int) -> None:
        """Timed conditions run out at this round's end (before the bleeding, as the
        tracker's round end counts them down first); at death's door the fallen bleed."""
        later = self.later
        if later and later[0][0] <= rounds + 1:
            self.arm(later.pop(0)[1])
        if self.v.death.at_door:
            hp, fallen, down = self.hp, self.fallen, self.down
            for i in range(self.n):
                if fallen[i]:
                    hp[i] = self.v.death.bleeds(hp[i], self.bound[i])
                    fallen[i] = down(hp[i]) or self.held[i]

    def result(self, rounds: int, over: bool) -> FightResult:
        v, hp, down = self.v, self.hp, self.down
        winner = None
        if over:
            left_standing = [side for side, count in enumerate(self.alive) if count]
            if len(left_standing) == 1:
                winner = v.side_names[left_standing[0]]
        ids = v.ids
        return FightResult(
            winner=winner,
            rounds=rounds,
            down=frozenset([ids[i] for i in range(self.n) if down(hp[i]) or self.held[i]]),
            fled=frozenset([ids[i] for i in range(self.n) if self.fled[i] and not self.held[i]]),
            hit_points=dict(zip(ids, hp, strict=True)),
        )


def play(
    v: Prepared, rnd: Callable[[], float], how: Target, stay: bool, max_rounds: int
) -> FightResult:
    """The whole fight: rounds until one side stands (or the round limit)."""
    fight = Fight(v, rnd, how, stay)
    rounds = 0
    over = fight.alive.count(0) >= len(v.side_names) - 1
    first: Sequence[Sequence[int]] | None = v.partial or None
    acting = v.surprise
    while not over and rounds < max_rounds:
        rounds += 1
        if first is not None:  # the rest of a round begun at the table
            groups, first = first, None
            fight.rest_of_round(groups)
        else:
            groups, acting = fight.order(acting), None
        for group in groups:
            if fight.group(group):
                over = True
                break
        if not over:
            fight.round_end(rounds)
    return fight.result(rounds, over)
