"""Launching m3desk FILE while m3desk runs hands the file to the running window."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from m3desk.assets import sample_files
from m3desk.storage.paths import AppPaths
from m3desk.ui.single_instance import hand_over, server_name

ROOT = Path(__file__).resolve().parents[3]
RUN = "import sys, m3desk.ui.app as app; sys.exit(app.run(sys.argv[1:]))"


def _env(home: Path) -> dict[str, str]:
    return {
        **os.environ,
        "M3DESK_HOME": str(home),
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHONPATH": str(ROOT),
    }


def _recent(home: Path) -> list[str]:
    settings = AppPaths.from_environment({"M3DESK_HOME": str(home)}).settings_file
    try:
        return list(json.loads(settings.read_text()).get("recent_files", []))
    except (OSError, ValueError):
        return []


@pytest.mark.skipif(sys.platform == "win32", reason="the POSIX socket path is tested here")
def test_a_second_launch_hands_its_file_to_the_first_and_exits(tmp_path: Path) -> None:
    home = tmp_path / "home"
    sheet = tmp_path / "felix.m3c"
    shutil.copyfile(next(p for p in sample_files("monsters_and_magic") if p.stem == "felix"), sheet)
    state_dir = AppPaths.from_environment({"M3DESK_HOME": str(home)}).state_dir
    first = subprocess.Popen(
        [sys.executable, "-c", RUN],
        env=_env(home),
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while not Path(server_name(state_dir)).exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert Path(server_name(state_dir)).exists(), "the first window never listened"
        second = subprocess.run(
            [sys.executable, "-c", RUN, str(sheet)],
            env=_env(home),
            cwd=ROOT,
            capture_output=True,
            timeout=30,
        )
        assert second.returncode == 0
        deadline = time.monotonic() + 10
        while str(sheet) not in _recent(home) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert str(sheet) in _recent(home)  # the running window opened it
        assert first.poll() is None  # and is still the one window
        # Another data folder is another instance: nothing is handed to this one.
        assert not hand_over(tmp_path / "elsewhere" / "state", [sheet])
    finally:
        first.terminate()
        first.wait(10)


def test_no_running_instance_means_this_launch_is_it(tmp_path: Path) -> None:
    assert not hand_over(tmp_path / "state", [])


# -- one m3desk per data folder, even when busy or raced (issue 20 §5) ------------------------

HOLD = (
    "import sys, time; from pathlib import Path; "
    "from m3desk.ui.single_instance import InstanceClaim; "
    "claim = InstanceClaim(Path(sys.argv[1])); print(claim.take(), flush=True); "
    "time.sleep(60)"
)


def test_the_data_folder_is_claimed_atomically_and_never_left_stale(tmp_path: Path) -> None:
    from m3desk.ui.single_instance import InstanceClaim

    state = tmp_path / "state"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(state)],
        env=_env(tmp_path),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "True"
        mine = InstanceClaim(state)
        assert not mine.take()  # another process holds this data folder
        assert InstanceClaim(tmp_path / "other").take()  # another folder is free
    finally:
        holder.kill()
        holder.wait()
        if holder.stdout is not None:
            holder.stdout.close()
    assert mine.take()  # a killed holder leaves no stale claim
    assert InstanceClaim(state).take() is False
    mine.release()


@pytest.mark.skipif(sys.platform == "win32", reason="the POSIX socket path is tested here")
def test_a_busy_first_instance_is_waited_for_not_given_up_on(tmp_path: Path) -> None:
    """The first m3desk answers only after 3 s (busy opening a large file): the second
    launch waits and hands its file over; before, it gave up after 2 s and opened a window."""
    import socket
    import threading

    from m3desk.ui.single_instance import InstanceClaim, server_name, wait_to_hand_over

    state = tmp_path / "state"
    first = InstanceClaim(state)
    assert first.take()
    name = server_name(state)
    got: list[bytes] = []

    def busy_server() -> None:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
            server.bind(name)
            server.listen(4)
            time.sleep(3.0)  # the window is busy: connections wait in the backlog
            server.settimeout(10)
            while not got:
                connection, _ = server.accept()
                with connection:
                    data = connection.recv(4096)
                    try:  # a launch that already stopped listening has closed its end
                        connection.sendall(b"ok\n")
                    except OSError:
                        continue
                    if data:
                        got.append(data)

    thread = threading.Thread(target=busy_server, daemon=True)
    thread.start()
    time.sleep(0.2)
    waited: list[float] = []
    second = InstanceClaim(state)
    try:
        assert wait_to_hand_over(
            state,
            [tmp_path / "felix.m3c"],
            second,
            waiting=lambda elapsed: waited.append(elapsed) or True,
        )
    finally:
        thread.join(15)
        first.release()
        Path(name).unlink(missing_ok=True)
    assert got and b"felix.m3c" in got[-1]
    assert waited and max(waited) >= 2.0  # it kept waiting past the old 2 s
    assert not second.held  # and never became a second instance


def test_when_the_first_quits_while_waited_for_this_launch_takes_over(tmp_path: Path) -> None:
    from m3desk.ui.single_instance import InstanceClaim, wait_to_hand_over

    state = tmp_path / "state"
    first = InstanceClaim(state)
    assert first.take()
    second = InstanceClaim(state)

    def first_quits(elapsed: float) -> bool:
        if elapsed > 0.3:
            first.release()
        return True

    assert wait_to_hand_over(state, [], second, waiting=first_quits) is False
    assert second.held


def test_stopping_the_wait_opens_nothing(tmp_path: Path) -> None:
    from m3desk.ui.single_instance import InstanceBusyError, InstanceClaim, wait_to_hand_over

    state = tmp_path / "state"
    first = InstanceClaim(state)
    assert first.take()
    with pytest.raises(InstanceBusyError):
        wait_to_hand_over(state, [], InstanceClaim(state), waiting=lambda elapsed: elapsed < 0.5)
    with pytest.raises(InstanceBusyError, match="has not answered"):
        wait_to_hand_over(state, [], InstanceClaim(state), seconds=0.5)
    first.release()


@pytest.mark.skipif(sys.platform == "win32", reason="the POSIX socket path is tested here")
def test_two_launches_a_moment_apart_give_one_window_with_both_files(tmp_path: Path) -> None:
    home = tmp_path / "home"
    sheets = []
    for stem in ("felix", "gramfive"):
        sheet = tmp_path / f"{stem}.m3c"
        shutil.copyfile(
            next(p for p in sample_files("monsters_and_magic") if p.stem == stem), sheet
        )
        sheets.append(sheet)
    launches = []
    for sheet in sheets:
        launches.append(
            subprocess.Popen(
                [sys.executable, "-c", RUN, str(sheet)],
                env=_env(home),
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        time.sleep(0.1)
    try:
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline and not (
            all(str(s) in _recent(home) for s in sheets)
            and sum(p.poll() is None for p in launches) == 1
        ):
            time.sleep(0.1)
        assert sum(p.poll() is None for p in launches) == 1, "two windows on one folder"
        assert all(str(s) in _recent(home) for s in sheets)  # the one window has both
        assert [p.returncode for p in launches if p.poll() is not None] == [0]
    finally:
        for launch in launches:
            launch.terminate()
            launch.wait(10)
