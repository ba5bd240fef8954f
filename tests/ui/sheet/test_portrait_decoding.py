"""Large stored portraits are decoded off the GUI thread (issue 30): a party's twelve 1024 px
PNG portraits (from files made elsewhere: m3desk stores at most 256 px) showing together
froze the GUI thread 0.4-1.3 s the first time, a PNG having no scaled decoding. Now each
place says "Loading…" at the size its picture will have, the window keeps running, and each
picture replaces its placeholder when decoded, without the layout moving; a sheet closed
meanwhile applies nothing, and what no sheet waits for any more is never decoded; a stored
portrait that is damaged ends as no portrait, as it always did.

Every game whose sheets have a portrait is tried, found the way the sheet editor finds it.
"""

from __future__ import annotations

import base64
from collections import OrderedDict
from typing import Any

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QHBoxLayout, QWidget

from m3desk.core import registry
from m3desk.core.sheet_form import FieldSpec, set_path
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.ui.sheet import portrait_decoding
from m3desk.ui.sheet.form_editor import FormSheetEditor
from m3desk.ui.sheet.portrait_widget import PortraitWidget
from m3desk.ui.window.documents import create_document
from tests.ui.gui_stalls import event_loop_stalls
from tests.ui.sheet.portrait_pictures import png_portrait, png_portraits

PORTRAITS = [
    (system.id, kind, section.picture.path)
    for system in registry.systems()
    for kind, form in system.sheet_forms.items()
    for section in form.sections
    if section.picture is not None
]
IDS = [f"{game}-{kind}" for game, kind, _field in PORTRAITS]
PARTY = 12
STALL_S = 0.3
"""The longest the GUI thread may go without its 10 ms timer while twelve large portraits
show (on main: 0.6-1.3 s, each decoded on the GUI thread as its sheet was built)."""


def test_some_game_has_a_portrait() -> None:
    assert PORTRAITS


@pytest.fixture(autouse=True)
def _nothing_decoded(monkeypatch: pytest.MonkeyPatch, qtbot: Any) -> None:
    """Each test decodes its portraits anew (the kept ones are other tests'), on workers
    that no other test keeps busy."""
    qtbot.waitUntil(lambda: portrait_decoding.under_way() == 0, timeout=10_000)
    monkeypatch.setattr(portrait_decoding, "_DECODED", OrderedDict(), raising=False)


def _sheet(game: str, kind: str, field: str, portrait: str, name: str = "Portrayed") -> Any:
    sheet = registry.get(game).sheet_forms[kind].new_sheet(name, None)
    return set_path(sheet, FieldSpec(field, "Portrait"), portrait)


def _documents(game: str, kind: str, field: str, portraits: list[str]) -> list[Any]:
    return [
        create_document(_sheet(game, kind, field, text, f"Member {number}"), None, TableRules())
        for number, text in enumerate(portraits)
    ]


def _party(game: str, kind: str, field: str, portraits: list[str], qtbot: Any) -> QWidget:
    return _party_of(_documents(game, kind, field, portraits), field, qtbot)


def _party_of(documents: list[Any], field: str, qtbot: Any) -> QWidget:
    """A row of portraits, one per sheet, as the party's sheets show them."""
    row = QWidget()
    qtbot.addWidget(row)
    layout = QHBoxLayout(row)
    for document in documents:
        layout.addWidget(PortraitWidget(document, lambda _said: None, row, field=field))
    row.show()
    return row


def _loading(portrait: PortraitWidget) -> bool:
    return bool(getattr(portrait, "loading", False))


def _stall_while(qtbot: Any, start: Any, until: Any, timeout_s: float = 20.0) -> float:
    """The longest the GUI thread went without running a 10 ms timer from ``start()``
    (run inside the event loop, the timer already going) until ``until()``."""
    return event_loop_stalls(qtbot, until, timeout_s, start=start)


@pytest.mark.parametrize(("game", "kind", "field"), PORTRAITS, ids=IDS)
def test_twelve_large_png_portraits_show_without_freezing_the_window(
    game: str, kind: str, field: str, qtbot: Any
) -> None:
    documents = _documents(
        game, kind, field, png_portraits(PARTY, 1024, first=len(game) * 100 + len(kind))
    )
    party: list[QWidget] = []

    def all_shown() -> bool:
        if not party:
            return False
        shown = party[0].findChildren(PortraitWidget)
        return len(shown) == PARTY and not any(_loading(portrait) for portrait in shown)

    stall = _stall_while(qtbot, lambda: party.append(_party_of(documents, field, qtbot)), all_shown)
    for portrait in party[0].findChildren(PortraitWidget):
        assert portrait.button.toolTip() == "Click to choose a portrait image"
        assert portrait.button.iconSize().width() == 128 and portrait.clear_button.isEnabled()
    print(f"\nthe GUI thread stopped at most {stall:.3f} s")
    assert stall < STALL_S, f"the GUI thread stopped {stall:.2f} s"


@pytest.mark.parametrize(("game", "kind", "field"), PORTRAITS, ids=IDS)
def test_the_placeholder_has_the_pictures_size_and_says_so(
    game: str, kind: str, field: str, qtbot: Any
) -> None:
    """A 1024 × 700 portrait: 128 × 88 while decoded and after; the sheet's fields beside
    it do not move when it lands."""
    text = png_portrait(1024, 700, number=len(game) + len(kind))
    sheet = _sheet(game, kind, field, text)
    editor = FormSheetEditor(create_document(sheet, None, TableRules()))
    qtbot.addWidget(editor)
    editor.resize(1366, 728)
    editor.show()
    portrait = editor.pictures[field]
    assert portrait.loading
    assert portrait.button.toolTip() == "Loading…" and portrait.clear_button.isEnabled()
    size = portrait.button.iconSize()
    assert size.width() == 128 and 87 <= size.height() <= 88, size
    QApplication.processEvents()
    before = (portrait.geometry(), portrait.button.geometry())
    qtbot.waitUntil(lambda: not portrait.loading, timeout=10_000)
    QApplication.processEvents()
    assert portrait.button.iconSize() == size
    assert (portrait.geometry(), portrait.button.geometry()) == before
    assert portrait.button.toolTip() == "Click to choose a portrait image"


@pytest.mark.parametrize("how", ["closed", "deleted"])
def test_a_closed_sheet_applies_nothing_and_its_decoding_never_starts(how: str, qtbot: Any) -> None:
    game, kind, field = PORTRAITS[0]
    row = _party(game, kind, field, png_portraits(PARTY, 1024, first=500), qtbot)
    portraits = row.findChildren(PortraitWidget)
    assert all(portrait.loading for portrait in portraits)
    icons = [portrait.button.icon().cacheKey() for portrait in portraits]
    if how == "closed":
        for portrait in portraits:
            portrait.detach()
    else:
        row.deleteLater()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    # the queued ones are dropped at once; those already on a worker end, unapplied
    assert portrait_decoding.under_way() <= portrait_decoding.WORKERS
    qtbot.waitUntil(lambda: portrait_decoding.under_way() == 0, timeout=10_000)
    qtbot.wait(20)
    if how == "closed":
        assert [portrait.button.icon().cacheKey() for portrait in portraits] == icons
        assert not any(portrait.loading for portrait in portraits)


def test_one_portrait_in_two_sheets_is_decoded_once(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, kind, field = PORTRAITS[0]
    calls: list[int] = []
    decode = portrait_decoding.decode_portrait_image

    def counted(raw: bytes, fit: int = 0) -> Any:
        calls.append(fit)
        return decode(raw, fit)

    monkeypatch.setattr(portrait_decoding, "decode_portrait_image", counted)
    text = png_portrait(1024, 1024, number=900)
    row = _party(game, kind, field, [text, text], qtbot)
    first, second = row.findChildren(PortraitWidget)
    assert first.loading and second.loading
    qtbot.waitUntil(lambda: not first.loading and not second.loading, timeout=10_000)
    assert len(calls) == 1
    assert first.button.iconSize().width() == second.button.iconSize().width() == 128


@pytest.mark.parametrize("damage", ["cut short", "not base64"])
def test_a_damaged_large_portrait_ends_as_no_portrait(damage: str, qtbot: Any) -> None:
    """Its header says 1024 px, so it goes to the worker; what the worker cannot decode is
    shown as no portrait, "Choose portrait…", as before."""
    game, kind, field = PORTRAITS[0]
    text = png_portrait(1024, 1024, number=950)
    text = text[: len(text) // 2] if damage == "cut short" else text[:-8] + "!!!!!!!!"
    row = _party(game, kind, field, [text], qtbot)
    (portrait,) = row.findChildren(PortraitWidget)
    assert portrait.loading
    qtbot.waitUntil(lambda: not portrait.loading, timeout=10_000)
    assert portrait.button.text() == "Choose portrait…"
    assert not portrait.clear_button.isEnabled() and portrait.has_portrait()


def test_a_portrait_whose_header_claims_too_much_is_never_decoded(qtbot: Any) -> None:
    """A PNG header claiming 8000 × 8000: refused from its header at once, as before."""
    import struct
    import zlib

    header = struct.pack(">IIBBBBB", 8000, 8000, 8, 6, 0, 0, 0)
    ihdr = b"IHDR" + header
    raw = (
        b"\x89PNG\r\n\x1a\n"
        + struct.pack(">I", len(header))
        + ihdr
        + struct.pack(">I", zlib.crc32(ihdr))
    )
    game, kind, field = PORTRAITS[0]
    row = _party(game, kind, field, [base64.b64encode(raw + b"\0" * 64).decode()], qtbot)
    (portrait,) = row.findChildren(PortraitWidget)
    assert not portrait.loading and portrait.button.text() == "Choose portrait…"
    assert portrait_decoding.under_way() == 0


def test_quitting_waits_for_no_queued_decoding(qtbot: Any) -> None:
    """The window quitting drops what waits for a worker (Python would otherwise decode
    every queued portrait before the process could end)."""
    game, kind, field = PORTRAITS[0]
    row = _party(game, kind, field, png_portraits(PARTY, 1024, first=700), qtbot)
    assert portrait_decoding.under_way() == PARTY
    portrait_decoding._drop_queued()  # what the application's aboutToQuit runs
    assert portrait_decoding.under_way() <= portrait_decoding.WORKERS
    qtbot.waitUntil(lambda: portrait_decoding.under_way() == 0, timeout=10_000)
    for portrait in row.findChildren(PortraitWidget):
        portrait.detach()
