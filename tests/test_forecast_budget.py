"""The forecast has a budget (issue 20 §3, §6): batches sized by time, a running tally whose
memory does not grow with the fights, an upper bound with a clear message, progress on a
terminal's stderr, Ctrl+C as one line, and no forecast when there is no fight."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from m3desk.core import encounter as core
from m3desk.core.forecast import (
    MAX_COMBATANT_FIGHTS,
    FightResult,
    Policy,
    Tally,
    batches,
    fight_limit,
    forecast,
    no_fight,
    run_fights,
    summarise,
)
from m3desk.forecast_cli import forecast_main
from m3desk.storage import catalog
from m3desk.storage.documents import save_document
from tests import toy_system
from tests.toy_system import TOY, ToyEncounter, ToySheet


def _fight(party: int = 1, monsters: int = 1, *, down: bool = False) -> ToyEncounter:
    assert TOY.encounter is not None
    encounter = ToyEncounter(name="Bridge")
    for count, side in ((party, "Party"), (monsters, "Monsters")):
        for number in range(count):
            sheet = ToySheet(
                name=f"{side} {number}", attack=6, hit_points=0 if down else 12, max_hit_points=12
            )
            encounter = core.join(encounter, TOY.encounter.make_combatant(sheet, side))
    return encounter


def _simulate():  # type: ignore[no-untyped-def]
    assert TOY.encounter is not None and TOY.encounter.simulate is not None
    return TOY.encounter.simulate


def _save(tmp_path: Path, encounter: ToyEncounter) -> Path:
    path = tmp_path / "fight.m3e"
    save_document(path, catalog.document_type(ToyEncounter), encounter)
    return path


class _Clock:
    """A clock each fight advances by ``step`` seconds (the batches' sizes are then exact)."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        return self.now


def test_batches_are_sized_by_time_not_count() -> None:
    """A slow fight (0.02 s) gets batches of about 2 fights to fill 0.05 s; a fast one
    (0.0001 s) grows its batches to 500; the fights and the result are the same as one run."""
    encounter = _fight()
    for step, most in ((0.02, 2), (0.0001, 500)):
        clock = _Clock(step)
        simulate = _simulate()

        def timed(enc, dice, policy, clock=clock, simulate=simulate):  # type: ignore[no-untyped-def]
            clock.now += clock.step
            return simulate(enc, dice, policy)

        sizes, done = [], 0
        for tally in batches(encounter, timed, fights=3000, seed=4, clock=clock):
            sizes.append(tally.fights - done)
            done = tally.fights
        assert done == 3000
        assert sizes[0] == 1 and max(sizes) == most
        assert tally.forecast() == forecast(encounter, _simulate(), fights=3000, seed=4)


def test_the_tally_is_the_summary_and_its_memory_does_not_grow() -> None:
    encounter = _fight(2, 2)
    results = run_fights(encounter, _simulate(), fights=500, seed=2)
    ids = [c.id for c in encounter.combatants]
    tally = Tally(encounter.sides, ids)
    for result in results:
        tally.add(result)
    assert tally.forecast() == summarise(results, encounter.sides, ids)

    def peak(fights: int) -> int:
        tracemalloc.start()
        forecast(encounter, _simulate(), fights=fights, seed=1)
        _now, most = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return most

    # Ten times the fights (a fixed budget: 5,500 fights under tracemalloc, which slows them
    # about five times): a tally that kept one result per fight would pass 1.5 times easily.
    small, large = peak(500), peak(5_000)
    assert large < small * 1.5 + 20_000, (small, large)


def test_an_upper_bound_with_a_clear_message(tmp_path: Path, capsys) -> None:
    big = _fight(100, 100)
    assert fight_limit(big) == MAX_COMBATANT_FIGHTS // 200 == 100_000
    assert fight_limit(_fight()) == 1_000_000
    assert forecast_main([str(_save(tmp_path, big)), "--fights", "200000"]) == 2
    assert capsys.readouterr().err == (
        "m3desk forecast: at most 100,000 fights for an encounter of 200 combatants (the "
        "bigger the fight, the fewer); ask for --fights 100000 or fewer.\n"
    )
    with pytest.raises(SystemExit):
        forecast_main([str(_save(tmp_path, _fight())), "--fights", "1000001"])
    assert "--fights takes 1 to 1,000,000" in capsys.readouterr().err


def test_everyone_down_is_no_fight_to_forecast(tmp_path: Path, capsys) -> None:
    """Issue 20 §6: the headline read "Party win 0.0 %"."""
    gone = _fight(down=True)
    assert no_fight(gone) == "Everyone is already down: there is no fight to forecast."
    assert forecast_main([str(_save(tmp_path, gone))]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "m3desk forecast: Everyone is already down: there is no fight to forecast.\n"
    )
    assert TOY.encounter is not None
    one_side = core.join(
        _fight(down=True),
        TOY.encounter.make_combatant(
            ToySheet(name="Last", hit_points=3, max_hit_points=12), "Monsters"
        ),
    )
    assert no_fight(one_side) == "Only Monsters left standing: there is no fight to forecast."
    assert no_fight(_fight()) is None


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_and_silence_in_a_pipe(tmp_path: Path, capsys, monkeypatch) -> None:
    path = _save(tmp_path, _fight(3, 3))
    monkeypatch.setattr("m3desk.forecast_cli.PROGRESS_SECONDS", 0.0)
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert forecast_main([str(path), "--fights", "3000"]) == 0
    shown = terminal.getvalue()
    assert "\r100 % (3,000 of 3,000 fights)" in shown
    assert " % (" in shown.split("\r")[1]  # the percentage moved on the way
    monkeypatch.undo()
    assert forecast_main([str(path), "--fights", "3000"]) == 0
    assert capsys.readouterr().err == ""


def test_ctrl_c_ends_the_cli_with_one_line(tmp_path: Path) -> None:
    """A real process, a real SIGINT, a fight of 45 OSE combatants asked for 100,000 fights
    (a minute or more: the line saying how long comes first, then Ctrl+C)."""
    from m3desk.assets import sample_files
    from m3desk.systems.ose.encounter import OseEncounter
    from m3desk.ui.encounter.new_document import add_sheets

    toy_system.uninstall()
    encounter = OseEncounter(name="Horde")
    for _ in range(5):
        encounter = add_sheets(encounter, sample_files("ose"))
    path = tmp_path / "horde.m3e"
    save_document(path, catalog.document_type(OseEncounter), encounter)
    env = {**os.environ, "M3DESK_HOME": str(tmp_path)}
    process = subprocess.Popen(
        [sys.executable, "-m", "m3desk", "forecast", str(path), "--fights", "100000"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    said = process.stderr.readline()
    time.sleep(1)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    toy_system.install()
    assert process.returncode == 130
    assert out == ""
    assert said.startswith("m3desk forecast: 100,000 fights of 45 combatants, about "), said
    assert " a fight here.\n" in said
    last = err.splitlines()[-1]
    assert "Traceback" not in err and last.startswith("m3desk forecast: stopped after ")
    assert last.endswith(" of 100,000 fights; nothing printed.")


def test_a_forecast_result_is_the_same_whatever_the_batches(tmp_path: Path) -> None:
    encounter = _fight(2, 1)
    whole = run_fights(encounter, _simulate(), fights=200, seed=9, policy=Policy())
    pieces: list[FightResult] = []
    for start in range(0, 200, 37):
        pieces += run_fights(
            encounter, _simulate(), fights=min(37, 200 - start), seed=9, start=start
        )
    assert pieces == whole


def _slow(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """The fights are timed as taking ``seconds`` each (a big encounter on this machine)."""
    import m3desk.forecast_cli as cli

    timed = cli._timed_start

    def slow_start(*args, **kwargs):  # type: ignore[no-untyped-def]
        tally, _pace = timed(*args, **kwargs)
        return tally, seconds

    monkeypatch.setattr(cli, "_timed_start", slow_start)


def test_a_slow_encounter_plays_fewer_fights_by_default_and_says_how_long(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    """Issue 30: 200 combatants at 8-19 s a fight made the default 1,000 fights hours long
    and the limit allowed 100,000, in silence. The count is sized by the pace of the first
    fights: about a minute's worth by default, an hour's worth at most, and said."""
    path = _save(tmp_path, _fight(3, 3))
    _slow(monkeypatch, 0.5)
    assert forecast_main([str(path), "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["fights"] == 100
    assert captured.err == (
        "m3desk forecast: 100 fights of 6 combatants (--fights sets how "
        "many), about 49 s at 500 ms a fight here.\n"
    )
    assert forecast_main([str(path), "--fights", "10000"]) == 2
    assert capsys.readouterr().err == (
        "m3desk forecast: a fight of 6 combatants takes about 500 ms here, so 10,000 fights "
        "would take 83 min; ask for --fights 7200 or fewer (about an hour).\n"
    )


def test_progress_is_a_line_when_stderr_is_a_file(tmp_path: Path, monkeypatch) -> None:
    path = _save(tmp_path, _fight(3, 3))
    monkeypatch.setattr("m3desk.forecast_cli.PROGRESS_LINE_SECONDS", 0.0)
    log = io.StringIO()
    monkeypatch.setattr(sys, "stderr", log)
    assert forecast_main([str(path), "--fights", "3000"]) == 0
    lines = log.getvalue().splitlines()
    assert lines and "\r" not in log.getvalue() and "\x1b" not in log.getvalue()
    assert all(
        line.startswith("m3desk forecast: ")
        and " of 3,000 fights), about " in line
        and line.endswith(" left")
        for line in lines
    ), lines
