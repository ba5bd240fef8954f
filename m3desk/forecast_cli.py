"""``m3desk forecast FILE.m3e [--fights N] [--seed S] [--target T] [--json]``.

Plays the saved encounter many times with its game's own rules and prints how it tends to go:
each side's chance to win, the rounds it takes, each combatant's chance to be down, the hit
points left. The same file and seed print the same numbers, for scripts and tests. No window
is opened and Qt is not loaded.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from m3desk import APP_NAME

__all__ = ["forecast_main", "report"]


def _percent(value: float) -> str:
    return f"{value * 100:.1f} %"


def report(name: str, game: str, policy_text: str, result: Any, names: dict[str, str],
           seed: int, policy: Any) -> str:
    """The forecast as the terminal prints it."""
    lines = [f"Forecast: {name} ({game}), {result.fights} fights, seed {seed}",
             f"Policy: {policy_text} Target: {policy.target}; missile users "
             f"{'stay at range' if policy.ranged_stay else 'close in'}; at most "
             f"{policy.max_rounds} rounds."]
    wins = [f"{side} {_percent(share.value)} ± {share.error * 100:.1f}"
            for side, share in result.wins.items()]
    wins.append(f"no winner {_percent(result.stalemate.value)}")
    lines.append("Wins: " + " · ".join(wins))
    total = max(result.fights, 1)
    spread = ", ".join(f"{rounds}: {count / total * 100:.0f} %"
                       for rounds, count in result.rounds.items())
    lines.append(f"Rounds: mean {result.mean_rounds:.1f} ({spread})")
    lines.append("Down at the end, and hit points left on average:")
    for combatant, share in result.down.items():
        fled = result.fled[combatant].value
        extra = f", fled {_percent(fled)}" if fled else ""
        lines.append(f"  {names[combatant]}: down {_percent(share.value)} ± "
                     f"{share.error * 100:.1f}{extra}; {result.hit_points[combatant]:.1f} hp")
    return "\n".join(lines)


def as_json(name: str, game: str, result: Any, names: dict[str, str], seed: int) -> str:
    data = {
        "encounter": name, "game": game, "fights": result.fights, "seed": seed,
        "wins": {side: share.value for side, share in result.wins.items()},
        "win_errors": {side: share.error for side, share in result.wins.items()},
        "no_winner": result.stalemate.value,
        "rounds": {str(rounds): count for rounds, count in result.rounds.items()},
        "mean_rounds": result.mean_rounds,
        "down": {names[i]: share.value for i, share in result.down.items()},
        "fled": {names[i]: share.value for i, share in result.fled.items()},
        "hit_points": {names[i]: value for i, value in result.hit_points.items()},
    }
    return json.dumps(data, indent=2, ensure_ascii=False)


def forecast_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog=f"{APP_NAME} forecast",
        description="Play a saved encounter many times with its game's rules and print how "
                    "it tends to go.")
    parser.add_argument("file", type=Path, help="an encounter file (.m3e)")
    parser.add_argument("--fights", type=int, default=1000, help="how many fights (1000)")
    parser.add_argument("--seed", type=int, default=1, help="the dice's seed (1)")
    parser.add_argument("--target", choices=("nearest", "weakest", "strongest"),
                        default="nearest", help="whom attackers pick (nearest)")
    parser.add_argument("--close-in", action="store_true",
                        help="missile users close to melee instead of staying at range")
    parser.add_argument("--json", action="store_true", help="print JSON for scripts")
    args = parser.parse_args(argv)
    if not 1 <= args.fights <= 1_000_000:
        parser.error("--fights takes 1 to 1,000,000")

    from m3desk.core import registry
    from m3desk.core.encounter import Encounter
    from m3desk.core.forecast import Policy, forecast
    from m3desk.storage import catalog
    from m3desk.storage.documents import load_document
    from m3desk.storage.errors import DocumentLoadError

    try:
        encounter = load_document(args.file, catalog.all_documents()).model
    except DocumentLoadError as error:
        print(f"{APP_NAME} forecast: {error.message}", file=sys.stderr)
        return 2
    if not isinstance(encounter, Encounter):
        print(f"{APP_NAME} forecast: “{args.file}” is a sheet, not an encounter.",
              file=sys.stderr)
        return 2
    system = registry.system_of(encounter)
    rules = system.encounter
    if rules is None or rules.simulate is None:
        print(f"{APP_NAME} forecast: {system.name} has no fight simulator yet.",
              file=sys.stderr)
        return 2
    if len({c.side for c in encounter.combatants}) < 2:
        print(f"{APP_NAME} forecast: the encounter needs combatants on two sides.",
              file=sys.stderr)
        return 2
    policy = Policy(target=args.target, ranged_stay=not args.close_in)
    result = forecast(encounter, rules.simulate, fights=args.fights, seed=args.seed,
                      policy=policy)
    names = {c.id: c.name for c in encounter.combatants}
    if args.json:
        print(as_json(encounter.name, system.name, result, names, args.seed))
    else:
        print(report(encounter.name, system.name, rules.forecast_policy, result, names,
                     args.seed, policy))
    return 0
