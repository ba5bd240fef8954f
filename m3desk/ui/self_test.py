"""``m3desk --self-test``: the smoke test of an installed or frozen build, and the start-up bench.

It starts the real window headless, opens the bundled samples, touches every
main view (sheets, an encounter with its tracker, board and log) and one PDF
export, and prints ONE line. Dialogs are switched to non-interactive first, so
nothing can wait for a click; the user's recovery snapshots are not offered
(they belong to the user, not to a smoke test), the window layout is not
written back and the PDF goes to a temporary folder.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication

from m3desk import __version__
from m3desk.core.encounter import Encounter
from m3desk.ui import dialogs
from m3desk.ui.documents.sheet_document import SheetDocument, game_sheet
from m3desk.ui.games import parts_of

if TYPE_CHECKING:
    from m3desk.ui.encounter.widget import EncounterWidget
    from m3desk.ui.main_window import MainWindow


__all__ = ["SelfTestError", "check", "exercise_window", "export_pdf", "self_test"]


class SelfTestError(RuntimeError):
    """A view did not behave; the message says which."""


def check(condition: bool, message: str) -> None:
    if not condition:
        raise SelfTestError(message)


def _exercise_library(window: MainWindow) -> str:
    model = window.library.model
    total = model.rowCount()
    check(total > 0, "the library is empty (bundled samples missing?)")
    window.library.search.setText("gramfive")
    matches = model.rowCount()
    window.library.search.clear()
    check(0 < matches < total, f"library search found {matches} of {total}")
    window.library.view.grab()
    return f"library ({total} sheets, search)"


def _exercise_sheets(window: MainWindow) -> list[str]:
    from m3desk.assets import sample_files

    samples = sample_files()
    records = window.open_paths(samples)
    check(len(records) == len(samples), f"opened {len(records)} of {len(samples)} samples")
    for record in records:
        window.session.focus(record)
        QApplication.processEvents()  # lays out and paints the editor
    first = records[0]
    window.session.focus(first)  # Undo/Redo act on the current tab's stack
    document = first.document
    check(isinstance(document, SheetDocument), "a sample did not open as a sheet")
    assert isinstance(document, SheetDocument)
    before = document.sheet
    edited = before.model_copy(update={"notes": game_sheet(before).notes + " (self-test)"})
    document.replace_sheet(edited, "Self-test edit")
    check(first.modified, "an edit did not mark the sheet modified")
    window.undo_group.undo()
    check(document.sheet == before and not first.modified, "undo did not restore")
    window.undo_group.redo()
    check(document.sheet == edited, "redo did not reapply the edit")
    window.undo_group.undo()
    return [f"{len(records)} sample sheets in tabs", "each sheet editor", "undo/redo"]


def _exercise_other_games(window: MainWindow) -> list[str]:
    """Each installed game without checks of its own: its samples in one fight, a round
    begun, its board drawn, its encounter sheet printed."""
    from collections import defaultdict

    from m3desk.core import encounter as core
    from m3desk.core import registry
    from m3desk.ui.encounter.new_document import SheetSource, new_encounter_document
    from m3desk.ui.encounter.widget import EncounterWidget

    by_game: dict[str, list[SheetSource]] = defaultdict(list)
    for source in window.session.open_sheet_documents():
        game = registry.system_of(source.sheet)
        if parts_of(game).self_test is None and game.encounter is not None:
            by_game[game.id].append(source)
    done = []
    for game_id, sources in sorted(by_game.items()):
        document = new_encounter_document(sources, name=f"Self-test {game_id}")
        record = window.session.adopt(document)
        page = record.page
        check(isinstance(page, EncounterWidget), f"the {game_id} encounter tab is wrong")
        assert isinstance(page, EncounterWidget)
        fight = document.encounter
        rolls = {side: 3 + index for index, side in enumerate(fight.sides)}
        document.apply(core.set_side_initiative(fight, rolls), "Self-test initiative")
        page.encounter_actions.next_turn.trigger()
        QApplication.processEvents()
        check(
            document.encounter.phase != "setup", f"Next Turn did not start the {game_id} encounter"
        )
        page.board.grab()
        done.append(
            f"{registry.get(game_id).name} encounter "
            f"({len(fight.combatants)} combatants), {export_pdf(fight)}"
        )
        if len(done) == 1:
            done.append(_exercise_forecast(page))
            done.append(_exercise_phones(page))
    return done


def _exercise_forecast(page: EncounterWidget) -> str:
    """A few fights in the forecast's worker process: the packaged app starts it too."""
    dialog = page.show_forecast()
    dialog.fights.setValue(20)
    dialog.start()
    deadline = time.monotonic() + 60
    while dialog.forecast is None and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)
    played = dialog.forecast is not None
    dialog.close()
    check(played, "the forecast's worker played no fight in 60 s")
    return "forecast (20 fights in its worker process)"


def _exercise_phones(page: EncounterWidget) -> str:
    """The players' phones' server on the loopback address: the page (a package data file
    the bundle must carry) and the API's refusal without a token."""
    import urllib.error
    import urllib.request

    from m3desk.ui.phones import show_phones

    dialog = show_phones(page)
    try:
        check(dialog.start("127.0.0.1"), "the phones' server did not start")
        address = dialog.server.address()
        with urllib.request.urlopen(address, timeout=10) as response:
            check(b"Join the table" in response.read(), "the phones' page was not served")
        with urllib.request.urlopen(address + "page.js", timeout=10) as response:
            check(b"textContent" in response.read(), "the phones' script was not served")
        try:
            urllib.request.urlopen(address + "api/state", timeout=10)
            refused = False
        except urllib.error.HTTPError as error:
            refused = error.code == 401
        check(refused, "the phones' server answered without a token")
    finally:
        dialog.detach()
        dialog.close()
    return "players' phones page (served on the loopback address)"


def export_pdf(encounter: Encounter) -> str:
    from m3desk.ui.printing.export import export_encounter_pdf

    with tempfile.TemporaryDirectory(prefix="m3desk-self-test-") as folder:
        target = Path(folder) / "encounter.pdf"
        pages = export_encounter_pdf(encounter, target)
        check(
            pages >= 1 and target.read_bytes()[:5] == b"%PDF-", "the encounter PDF was not written"
        )
    return f"encounter PDF ({pages} page{'s' if pages != 1 else ''})"


def _exercise_pictures() -> str:
    """A JPEG and a WebP made and read back as a map's picture is read, the WebP also
    scaled by libwebp as it decodes (the plug-ins and libwebp are in the bundle)."""
    from PySide6.QtCore import QBuffer, QIODevice, QSize
    from PySide6.QtGui import QColor, QImage, QImageWriter

    from m3desk.ui.picture_files import read_picture_bytes
    from m3desk.ui.webp_scaled import webp_scaled_reader

    image = QImage(64, 48, QImage.Format.Format_RGB32)
    image.fill(QColor(90, 120, 60))
    for kind in ("jpeg", "webp"):
        buffer = QBuffer()
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        check(QImageWriter(buffer, kind.encode()).write(image), f"no {kind} writer")
        data = bytes(buffer.data().data())
        read = read_picture_bytes(data, f"picture.{kind}", 32)
        check(read.image.size() == QSize(32, 24), f"a {kind} picture was not read scaled")
    reader = webp_scaled_reader()
    check(reader is not None, "libwebp (the WebP plug-in) was not found")
    assert reader is not None
    scaled = reader.read(data, QSize(16, 12), lambda: None)
    check(scaled.size() == QSize(16, 12), "libwebp did not read a WebP scaled")
    return "JPEG and WebP pictures (WebP scaled by libwebp)"


def _exercise_dialogs(window: MainWindow) -> str:
    from m3desk.assets import game_data
    from m3desk.ui.window.generation_dialog import GenerationDialog
    from m3desk.ui.window.new_character import games_that_generate

    dialog = GenerationDialog(
        games_that_generate(), window.settings_store.options_for, game_data, window
    )
    dialog.adjustSize()
    dialog.deleteLater()
    return "new-character dialog"


def exercise_window(window: MainWindow) -> list[str]:
    """Touch every main view once; raises SelfTestError if one misbehaves."""
    check(not window.windowIcon().isNull(), "the window has no icon (resources/icons missing?)")
    exercised = ["main window", _exercise_library(window)]
    exercised += _exercise_sheets(window)
    from m3desk.core import registry

    for game in registry.systems():  # a game's own widgets are checked by its own checks
        own = parts_of(game).self_test
        if own is not None:
            exercised += own(window)
    exercised += _exercise_other_games(window)
    exercised.append(_exercise_dialogs(window))
    exercised.append(_exercise_pictures())
    check(window.session.close_all(ask=False), "closing the documents failed")
    return exercised


def self_test(window: MainWindow, started: float) -> int:
    """Run the self-test on a shown window; prints one line, returns the exit code."""
    dialogs.set_non_interactive(True)
    try:
        QApplication.processEvents()
        window.startup(recover=False)
        exercised = window.exercise_views()
    except Exception as exc:  # report any failure as one line, never a traceback dialog
        print(
            f"m3desk {__version__} self-test FAILED: {type(exc).__name__}: {exc}", file=sys.stderr
        )
        window.session.close_all(ask=False)
        window.shutdown(remember_layout=False)
        window.close()
        return 1
    elapsed_ms = (time.perf_counter() - started) * 1000
    window.shutdown(remember_layout=False)
    window.close()
    print(f"m3desk {__version__} self-test ok: {', '.join(exercised)} in {elapsed_ms:.0f} ms")
    return 0
