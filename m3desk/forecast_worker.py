"""The forecast dialog's worker process: Qt-free, so the child loads the core and the game
and nothing of the window.

The dialog starts :func:`play_in_worker` with the ``spawn`` method (a fresh interpreter: no
copy of the window's threads or locks) and reads the running forecast from the pipe. A
separate process, not a thread: a thread shares Python's interpreter lock with the window,
whose paint code then waited 40–140 ms at a time; the process also runs a little "nicer"
than the window, which on a busy machine keeps the window first for the processor.
"""

from __future__ import annotations

import os
from typing import Any

from m3desk.core.encounter import Encounter
from m3desk.core.forecast import Policy, Simulate, play_and_send

__all__ = ["WORKER_NICENESS", "play_in_worker"]

WORKER_NICENESS = 10
"""How much the worker yields the processor to the window (on a busy 2-core machine the
window otherwise waited for it up to 65 ms at a time)."""


def play_in_worker(jobs: Any, results: Any) -> None:
    """The worker's entry point: the job comes down ``jobs`` (the encounter's model class,
    its JSON — what a file holds, less the log —, the simulator, fights, seed, policy and how
    often to report), the running forecast goes back up ``results``
    (:func:`~m3desk.core.forecast.play_and_send`). Both are ``multiprocessing`` pipe ends."""
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)
    job: tuple[type[Encounter], str, Simulate, int, int, Policy, float] = jobs.recv()
    jobs.close()
    kind, encounter_json, simulate, fights, seed, policy, every = job
    encounter = kind.model_validate_json(encounter_json)
    play_and_send(results.send, encounter, simulate, fights, seed, policy, every)
    results.close()
