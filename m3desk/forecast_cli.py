"""``m3desk forecast FILE.m3e [--fights N] [--seed S] [--target T] [--json]``.

Plays the saved encounter many times with its game's own rules and prints how it tends to go:
each side's chance to win, the rounds it takes, each combatant's chance to be down, the hit
points left. The same file and seed print the same numbers, for scripts and tests. No window
is opened and Qt is not loaded.

The fights are played in batches sized by time and added up as they come (memory does not
grow with their number). The first two fights are timed before the rest: without
``--fights`` a big encounter plays fewer than 1,000 (as many as take about a minute here,
at least 100), a count that would take over an hour here is refused, and a forecast that
will take more than a few seconds says on stderr how long it should take. Progress goes to
stderr: a percentage rewritten in place on a terminal, a line every few seconds when stderr
is a file or a pipe (a short forecast writes nothing there but errors). Ctrl+C stops with
one line saying how far it got.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from m3desk import APP_NAME

__all__ = ["forecast_main", "report"]

PROGRESS_SECONDS = 0.2
"""How often the progress percentage is rewritten on a terminal."""
PROGRESS_LINE_SECONDS = 5.0
"""How often a progress line is written when stderr is a file or a pipe."""
DEFAULT_FIGHTS = 1000
"""Fights played without ``--fights`` when they take at most :data:`DEFAULT_SECONDS`."""
DEFAULT_SECONDS = 60.0
"""About how long a forecast without ``--fights`` takes at most (a big encounter plays
fewer fights, at least :data:`FEWEST_DEFAULT`)."""
FEWEST_DEFAULT = 100
LIMIT_SECONDS = 3600.0
"""The longest forecast this machine's pace allows (more fights are refused)."""
SAY_SECONDS = 5.0
"""A forecast expected to take longer than this says so before it starts."""


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{max(1, round(seconds))} s"
    if seconds < 90 * 60:
        return f"{round(seconds / 60)} min"
    return f"{seconds / 3600:.1f} h"


def _pace(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.1f} s"
    return f"{seconds * 1000:.1f} ms" if seconds < 0.01 else f"{seconds * 1000:.0f} ms"


def _default_fights(pace: float, limit: int) -> int:
    """:data:`DEFAULT_FIGHTS`, or as many (a round number, at least :data:`FEWEST_DEFAULT`)
    as take about :data:`DEFAULT_SECONDS` at ``pace`` seconds a fight."""
    fights = DEFAULT_FIGHTS
    if pace * fights > DEFAULT_SECONDS:
        fits = int(DEFAULT_SECONDS / pace)
        fights = max(
            FEWEST_DEFAULT, next((r for r in (500, 200, 100) if r <= fits), FEWEST_DEFAULT)
        )
    return max(1, min(fights, limit))


def _percent(value: float) -> str:
    return f"{value * 100:.1f} %"


def report(
    name: str,
    game: str,
    policy_text: str,
    result: Any,
    names: dict[str, str],
    seed: int,
    policy: Any,
) -> str:
    """The forecast as the terminal prints it."""
    lines = [
        f"Forecast: {name} ({game}), {result.fights} fights, seed {seed}",
        f"Policy: {policy_text} Target: {policy.target}; missile users "
        f"{'stay at range' if policy.ranged_stay else 'close in'}; at most "
        f"{policy.max_rounds} rounds.",
    ]
    wins = [
        f"{side} {_percent(share.value)} ± {share.error * 100:.1f}"
        for side, share in result.wins.items()
    ]
    wins.append(f"no winner {_percent(result.stalemate.value)}")
    lines.append("Wins: " + " · ".join(wins))
    total = max(result.fights, 1)
    spread = ", ".join(
        f"{rounds}: {count / total * 100:.0f} %" for rounds, count in result.rounds.items()
    )
    lines.append(f"Rounds: mean {result.mean_rounds:.1f} ({spread})")
    lines.append("Down at the end, and hit points left on average:")
    for combatant, share in result.down.items():
        fled = result.fled[combatant].value
        extra = f", fled {_percent(fled)}" if fled else ""
        lines.append(
            f"  {names[combatant]}: down {_percent(share.value)} ± "
            f"{share.error * 100:.1f}{extra}; {result.hit_points[combatant]:.1f} hp"
        )
    return "\n".join(lines)


def as_json(name: str, game: str, result: Any, names: dict[str, str], seed: int) -> str:
    data = {
        "encounter": name,
        "game": game,
        "fights": result.fights,
        "seed": seed,
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
    """The command; Ctrl+C at any moment ends it with one line on stderr (exit 130)."""
    try:
        return _main(argv)
    except KeyboardInterrupt as stopped:
        played = stopped.args[0] if stopped.args and isinstance(stopped.args[0], str) else ""
        clear = "\r\x1b[K" if sys.stderr.isatty() else ""
        print(f"{clear}{APP_NAME} forecast: stopped{played}; nothing printed.", file=sys.stderr)
        return 130


def _main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog=f"{APP_NAME} forecast",
        description="Play a saved encounter many times with its game's rules and print how "
        "it tends to go.",
    )
    parser.add_argument("file", type=Path, help="an encounter file (.m3e)")
    parser.add_argument(
        "--fights",
        type=int,
        default=None,
        help="how many fights (1000, fewer for a big encounter: about a "
        "minute's worth; at most 1,000,000, or an hour's worth)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the dice's seed (1)")
    parser.add_argument(
        "--target",
        choices=("nearest", "weakest", "strongest"),
        default="nearest",
        help="whom attackers pick (nearest)",
    )
    parser.add_argument(
        "--close-in",
        action="store_true",
        help="missile users close to melee instead of staying at range",
    )
    parser.add_argument("--json", action="store_true", help="print JSON for scripts")
    args = parser.parse_args(argv)

    from m3desk.core import registry
    from m3desk.core.encounter import Encounter
    from m3desk.core.forecast import MAX_FIGHTS, Policy, fight_limit, no_fight
    from m3desk.core.forecast_by_actions import policy_words, simulator_of
    from m3desk.storage import catalog
    from m3desk.storage.documents import load_document
    from m3desk.storage.errors import DocumentLoadError

    if args.fights is not None and not 1 <= args.fights <= MAX_FIGHTS:
        parser.error(f"--fights takes 1 to {MAX_FIGHTS:,}")
    try:
        encounter = load_document(args.file, catalog.all_documents()).model
    except DocumentLoadError as error:
        print(f"{APP_NAME} forecast: {error.message}", file=sys.stderr)
        return 2
    if not isinstance(encounter, Encounter):
        print(f"{APP_NAME} forecast: “{args.file}” is a sheet, not an encounter.", file=sys.stderr)
        return 2
    system = registry.system_of(encounter)
    rules = system.encounter
    simulate = simulator_of(system)
    if rules is None or simulate is None:
        print(f"{APP_NAME} forecast: {system.name} has no fight simulator yet.", file=sys.stderr)
        return 2
    problem = no_fight(encounter)
    if problem is not None:
        print(f"{APP_NAME} forecast: {problem}", file=sys.stderr)
        return 2
    limit = fight_limit(encounter)
    size = len(encounter.combatants)
    if args.fights is not None and args.fights > limit:
        print(
            f"{APP_NAME} forecast: at most {limit:,} fights for an encounter of "
            f"{size} combatants (the bigger the fight, the fewer); "
            f"ask for --fights {limit} or fewer.",
            file=sys.stderr,
        )
        return 2
    policy = Policy(target=args.target, ranged_stay=not args.close_in)
    tally, pace = _timed_start(encounter, simulate, args.seed, policy, min(2, args.fights or 2))
    in_time = max(2, int(LIMIT_SECONDS / pace)) if pace > 0 else limit
    if args.fights is not None and args.fights > in_time:
        print(
            f"{APP_NAME} forecast: a fight of {size} combatants takes about {_pace(pace)} "
            f"here, so {args.fights:,} fights would take {_duration(args.fights * pace)}; "
            f"ask for --fights {in_time} or fewer (about an hour).",
            file=sys.stderr,
        )
        return 2
    fights = args.fights or _default_fights(pace, min(limit, in_time))
    left = (fights - tally.fights) * pace
    if left > SAY_SECONDS:
        chosen = "" if args.fights else " (--fights sets how many)"
        print(
            f"{APP_NAME} forecast: {fights:,} fights of {size} combatants{chosen}, about "
            f"{_duration(left)} at {_pace(pace)} a fight here.",
            file=sys.stderr,
        )
        sys.stderr.flush()
    result = _play(encounter, simulate, fights, args.seed, policy, sys.stderr, tally)
    names = {c.id: c.name for c in encounter.combatants}
    if args.json:
        print(as_json(encounter.name, system.name, result, names, args.seed))
    else:
        print(
            report(
                encounter.name, system.name, policy_words(system), result, names, args.seed, policy
            )
        )
    return 0


def _timed_start(
    encounter: Any, simulate: Any, seed: int, policy: Any, count: int
) -> tuple[Any, float]:
    """The first ``count`` fights played one by one (fight *i* is the same fight however
    the batches fall), and the seconds the last one took: this machine's pace, the first
    fight's setting up aside."""
    from m3desk.core.forecast import Tally, stream

    tally = Tally(encounter.sides, [c.id for c in encounter.combatants])
    pace = 0.0
    try:
        for number in range(count):
            began = time.perf_counter()
            tally.add(simulate(encounter, stream(seed, number), policy))
            pace = time.perf_counter() - began
    except KeyboardInterrupt:
        raise KeyboardInterrupt(f" after {tally.fights:,} fights") from None
    return tally, pace


def _play(
    encounter: Any,
    simulate: Any,
    fights: int,
    seed: int,
    policy: Any,
    progress: TextIO,
    tally: Any = None,
) -> Any:
    """Play the fights in timed batches (after those already in ``tally``): a percentage
    rewritten on ``progress`` when it is a terminal, else a line every
    :data:`PROGRESS_LINE_SECONDS`. Ctrl+C raises KeyboardInterrupt carrying the fights
    played so far."""
    from m3desk.core.forecast import Tally, batches

    if tally is None:
        tally = Tally(encounter.sides, [c.id for c in encounter.combatants])
    terminal = progress.isatty()
    every = PROGRESS_SECONDS if terminal else PROGRESS_LINE_SECONDS
    began = last = time.monotonic()
    done = tally.fights
    try:
        for tally in batches(  # noqa: B020
            encounter, simulate, fights=fights, seed=seed, policy=policy, tally=tally
        ):
            now = time.monotonic()
            if now - last >= every and tally.fights < fights:
                last = now
                text = (
                    f"{tally.fights * 100 // fights:3d} % ({tally.fights:,} of {fights:,} fights)"
                )
                if terminal:
                    progress.write("\r" + text)
                else:
                    rate = (tally.fights - done) / max(now - began, 1e-9)
                    left = (fights - tally.fights) / rate if rate else 0.0
                    progress.write(
                        f"{APP_NAME} forecast: {text.strip()}, about {_duration(left)} left\n"
                    )
                progress.flush()
    except KeyboardInterrupt:
        raise KeyboardInterrupt(f" after {tally.fights:,} of {fights:,} fights") from None
    if terminal:
        if tally.fights >= fights and last > began:
            progress.write(f"\r100 % ({fights:,} of {fights:,} fights)")
        progress.write("\r\x1b[K")
        progress.flush()
    return tally.forecast()
