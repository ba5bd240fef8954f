"""A failed save never damages the file that was there before."""

from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path

import pytest

from m3desk.storage import SaveError, atomic_write_bytes

OLD = b'{"old": "version, byte for byte"}\n'
NEW = b'{"new": true}\n'


def _folder_listing(folder: Path) -> list[str]:
    return sorted(os.listdir(folder))


def test_creates_a_new_file(tmp_path: Path) -> None:
    target = tmp_path / "aria.m3h"

    atomic_write_bytes(target, NEW)

    assert target.read_bytes() == NEW
    assert _folder_listing(tmp_path) == ["aria.m3h"]


def test_replaces_an_existing_file(tmp_path: Path) -> None:
    target = tmp_path / "aria.m3h"
    target.write_bytes(OLD)

    atomic_write_bytes(str(target), NEW)

    assert target.read_bytes() == NEW
    assert _folder_listing(tmp_path) == ["aria.m3h"]


def _fail_with(code: int):  # type: ignore[no-untyped-def]
    def fail(*_args: object, **_kwargs: object) -> None:
        raise OSError(code, os.strerror(code))

    return fail


@pytest.mark.parametrize("step", ["replace", "fsync", "write"])
def test_crash_mid_save_leaves_old_file_identical_and_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    target = tmp_path / "aria.m3h"
    target.write_bytes(OLD)
    if step == "replace":
        monkeypatch.setattr(os, "replace", _fail_with(errno.EIO))
    elif step == "fsync":
        monkeypatch.setattr(os, "fsync", _fail_with(errno.EIO))
    else:
        real_fdopen = os.fdopen

        class BrokenStream:
            def __init__(self, fd: int) -> None:
                self._inner = real_fdopen(fd, "wb")

            def __enter__(self) -> BrokenStream:
                return self

            def __exit__(self, *exc: object) -> None:
                self._inner.close()

            def write(self, data: bytes) -> int:
                self._inner.write(data[:3])  # a partial write, then the disk fails
                raise OSError(errno.EIO, "Input/output error")

        monkeypatch.setattr(os, "fdopen", lambda fd, mode: BrokenStream(fd))

    with pytest.raises(SaveError) as caught:
        atomic_write_bytes(target, NEW)

    assert target.read_bytes() == OLD
    assert _folder_listing(tmp_path) == ["aria.m3h"]
    assert str(target) in caught.value.message
    assert caught.value.path == target
    assert isinstance(caught.value.__cause__, OSError)


def test_interrupt_during_save_also_cleans_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "aria.m3h"
    target.write_bytes(OLD)

    def interrupted(*_args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_bytes(target, NEW)

    assert target.read_bytes() == OLD
    assert _folder_listing(tmp_path) == ["aria.m3h"]


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (errno.ENOSPC, "the disk is full"),
        (errno.EACCES, "permission denied"),
        (errno.EPERM, "permission denied"),
        (errno.EROFS, "read-only"),
        (errno.EIO, os.strerror(errno.EIO).lower()),
    ],
)
def test_failure_is_explained_in_plain_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, words: str
) -> None:
    target = tmp_path / "aria.m3h"
    target.write_bytes(OLD)
    monkeypatch.setattr(os, "fsync", _fail_with(code))

    with pytest.raises(SaveError) as caught:
        atomic_write_bytes(target, NEW)

    message = caught.value.message
    assert words in message.lower()
    assert "aria.m3h" in message
    assert "Errno" not in message
    assert target.read_bytes() == OLD


def test_missing_folder_is_a_save_error(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="does not exist"):
        atomic_write_bytes(tmp_path / "no-such-folder" / "aria.m3h", NEW)


def test_saving_over_a_folder_is_a_save_error(tmp_path: Path) -> None:
    (tmp_path / "aria.m3h").mkdir()

    with pytest.raises(SaveError):
        atomic_write_bytes(tmp_path / "aria.m3h", NEW)

    assert (tmp_path / "aria.m3h").is_dir()
    assert _folder_listing(tmp_path) == ["aria.m3h"]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permission bits")
@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664])
def test_permission_bits_of_the_old_file_are_kept(tmp_path: Path, mode: int) -> None:
    target = tmp_path / "aria.m3h"
    target.write_bytes(OLD)
    target.chmod(mode)

    atomic_write_bytes(target, NEW)

    assert stat.S_IMODE(target.stat().st_mode) == mode


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX umask")
def test_new_files_follow_the_umask_not_mkstemp_0600(tmp_path: Path) -> None:
    old_umask = os.umask(0o022)
    try:
        atomic_write_bytes(tmp_path / "aria.m3h", NEW)
    finally:
        os.umask(old_umask)

    assert stat.S_IMODE((tmp_path / "aria.m3h").stat().st_mode) == 0o644


@pytest.mark.skipif(sys.platform == "win32", reason="symlinks need privileges on Windows")
def test_saving_through_a_symlink_updates_the_linked_file(tmp_path: Path) -> None:
    real = tmp_path / "real.m3h"
    real.write_bytes(OLD)
    link = tmp_path / "link.m3h"
    link.symlink_to(real)

    atomic_write_bytes(link, NEW)

    assert link.is_symlink()
    assert real.read_bytes() == NEW


def test_a_private_mode_is_set_whatever_the_old_file_had(tmp_path) -> None:
    import stat as stat_module

    from m3desk.storage.atomic import atomic_write_bytes

    target = tmp_path / "copy.json"
    target.write_bytes(b"old")
    target.chmod(0o644)
    atomic_write_bytes(target, b"new", mode=0o600)
    assert stat_module.S_IMODE(target.stat().st_mode) == 0o600
    assert target.read_bytes() == b"new"


def test_only_our_own_old_temporary_files_are_cleaned(tmp_path) -> None:
    import os
    import time

    from m3desk.storage.atomic import clean_stale_temps

    old = tmp_path / ".gramfive.m3c.1a2b3c4d.tmp"
    fresh = tmp_path / ".felix.m3c.aaaabbbb.tmp"
    theirs = tmp_path / ".notes.tmp"
    document = tmp_path / "gramfive.m3c"
    for path in (old, fresh, theirs, document):
        path.write_bytes(b"x")
    hour_ago = time.time() - 7200
    for path in (old, theirs, document):
        os.utime(path, (hour_ago, hour_ago))
    assert clean_stale_temps(tmp_path) == 1
    assert not old.exists()
    assert fresh.exists() and theirs.exists() and document.exists()
