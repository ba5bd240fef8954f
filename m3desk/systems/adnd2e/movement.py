"""Movement in a 2e combat round, as seed 002 has it (with C&T's movement categories).

A character moves up to 10 × its adjusted movement rate in feet a round, times the share its
declared action allows: closing ½ (and still attack), moving and firing ½ at half the rate of
fire, charging 1½, withdrawing ⅓, fleeing or moving the full rate. A weapon fired on the move
keeps a count across rounds: a long bow (2 a round) fires once a round while moving, a heavy
crossbow (½) once every four rounds.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal, NamedTuple

__all__ = [
    "DECLARATIONS",
    "MOVE_ACTIONS",
    "Declaration",
    "FireCount",
    "combat_movement_feet",
    "end_round_credit",
    "fire_credit",
    "moving_rate_of_fire",
    "starting_credit",
]

Category = Literal["no-move", "half-move", "full-move"]

SHARES: dict[str, Fraction] = {
    "move": Fraction(1),
    "close": Fraction(1, 2),
    "missile": Fraction(1, 2),
    "charge": Fraction(3, 2),
    "withdraw": Fraction(1, 3),
    "flee": Fraction(1),
}
"""The share of the round's movement each action allows (seed 002)."""

MOVE_ACTIONS = tuple(SHARES)


def combat_movement_feet(rate: int, action: str, *, feet_per_point: int = 10) -> int:
    """Feet a combatant with movement rate ``rate`` may cover this round doing ``action``
    ("move", "close", "missile", "charge", "withdraw" or "flee"), rounded down.

    MV 12: move 120', close 60', missile 60', charge 180', withdraw 40', flee 120'.
    """
    if action not in SHARES:
        raise ValueError(f"no combat movement called {action!r}; one of {', '.join(SHARES)}")
    return int(feet_per_point * max(rate, 0) * SHARES[action])


def moving_rate_of_fire(rate: Fraction) -> Fraction:
    """A missile weapon fired on the move shoots at half its rate (long bow 2 → 1, heavy
    crossbow ½ → ¼)."""
    return Fraction(rate) / 2


class Declaration(NamedTuple):
    """An action declared before initiative, and what it allows."""

    id: str
    label: str
    category: Category
    share: Fraction = Fraction(0)
    may_attack: bool = True
    fires: bool = False
    """Fires missiles this round (at the full rate standing, half on the move)."""
    help: str = ""


DECLARATIONS: tuple[Declaration, ...] = (
    Declaration(
        "attack",
        "Attack",
        "no-move",
        help="Fight where you stand (one square's adjustment and any facing).",
    ),
    Declaration(
        "fire",
        "Fire missiles",
        "no-move",
        fires=True,
        help="Shoot or throw at the full rate of fire, without moving.",
    ),
    Declaration(
        "cast",
        "Cast a spell",
        "no-move",
        may_attack=False,
        help="Name the spell now; hit or failing a save before it goes off loses it.",
    ),
    Declaration(
        "set",
        "Set against a charge",
        "no-move",
        help="Brace a spear or polearm: double damage on a charger; initiative −2.",
    ),
    Declaration("guard", "Guard", "no-move", help="Wait for a foe to come close."),
    Declaration(
        "parry",
        "Parry",
        "no-move",
        may_attack=False,
        help="Only parry: an AC bonus against the front and flanks.",
    ),
    Declaration("item", "Use a magical item", "no-move", may_attack=False),
    Declaration(
        "close",
        "Close and attack",
        "half-move",
        SHARES["close"],
        help="Move up to half the combat movement and still attack.",
    ),
    Declaration(
        "missile",
        "Move and fire",
        "half-move",
        SHARES["missile"],
        fires=True,
        help="Move up to half and shoot at half the rate of fire (counted across rounds).",
    ),
    Declaration(
        "withdraw",
        "Withdraw",
        "half-move",
        SHARES["withdraw"],
        may_attack=False,
        help="Back away up to a third; the foe may follow unless an ally blocks it.",
    ),
    Declaration(
        "charge",
        "Charge",
        "full-move",
        SHARES["charge"],
        help="Half as far again and attack at +2; AC 1 worse and no DEX bonus; "
        "the opponents' initiative −2.",
    ),
    Declaration(
        "move",
        "Move",
        "full-move",
        SHARES["move"],
        may_attack=False,
        help="The full combat movement, no attack.",
    ),
    Declaration(
        "flee",
        "Flee",
        "full-move",
        SHARES["flee"],
        may_attack=False,
        help="Turn and run the full movement: every foe in reach gets a free "
        "attack at the back at once.",
    ),
)
BY_ID: dict[str, Declaration] = {d.id: d for d in DECLARATIONS}
BY_LABEL: dict[str, Declaration] = {d.label: d for d in DECLARATIONS}


# -- firing on the move, counted across rounds ----------------------------------------------


class FireCount(NamedTuple):
    shots: int
    credit: Fraction


def starting_credit(rate: Fraction) -> Fraction:
    """A loaded weapon: the first firing round shoots at once (a heavy crossbow on the move
    fires in round 1, then in round 5)."""
    return max(Fraction(0), 1 - rate)


def fire_credit(credit: Fraction | None, rate: Fraction) -> FireCount:
    """A round of firing at ``rate`` a round: the shots it allows and the count it leaves
    (before any shot is taken; each shot spends 1)."""
    total = (starting_credit(rate) if credit is None else credit) + rate
    return FireCount(int(total), total)


def end_round_credit(credit: Fraction, rate: Fraction) -> Fraction:
    """What the count keeps into the next round: no unshot arrows are saved up (a bow keeps
    only the fraction), but a loaded slow weapon stays ready for the next firing round."""
    if rate >= 1:
        return credit - int(credit)
    return min(credit, 1 - rate)
