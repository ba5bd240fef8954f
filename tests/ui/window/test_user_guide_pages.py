"""Help → User Guide is a real offline guide (issue 28: it was one 540×476 page): contents,
a search over every page, one page a task, each shipped game's fight step by step, pictures
that load, links between pages that land, all sized to the screen."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication

from m3desk.core import registry
from m3desk.systems import INSTALLED
from m3desk.ui.main_window import MainWindow
from m3desk.ui.window.help_dialogs import UserGuideDialog, guide_pages

LINK = re.compile(r"\]\(([^)]+)\)")


def _guide(qtbot: Any, window: MainWindow) -> UserGuideDialog:
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_F1)
    QApplication.processEvents()
    return next(
        w
        for w in QApplication.topLevelWidgets()
        if isinstance(w, UserGuideDialog) and w.isVisible() and w.parent() is window
    )


@pytest.fixture(autouse=True)
def _close_guides() -> Iterator[None]:
    yield
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, UserGuideDialog):
            widget.close()


def test_the_guide_has_contents_and_a_page_per_task_sized_to_the_screen(
    qtbot: Any, window: MainWindow
) -> None:
    guide = _guide(qtbot, window)
    titles = guide.titles()
    assert len(titles) >= 15 and len(set(titles)) == len(titles)
    for task in (
        "Getting started",
        "Sheets",
        "Rolling from a sheet",
        "Raising a level",
        "Encounters",
        "Printing",
    ):
        assert task in titles, task
    for system in map(registry.get, INSTALLED):  # each shipped game's own procedure
        assert any(title.startswith(f"{system.name}: ") for title in titles), system.name
    assert guide.width() > 700 and guide.height() > 500  # not the 540×476 page
    screen = guide.screen().availableGeometry()
    assert guide.width() <= screen.width() and guide.height() <= screen.height()
    guide.contents.setCurrentRow(titles.index("Raising a level"))
    assert "Level Only" in guide.browser.toPlainText()


def test_the_search_finds_the_pages_holding_every_word(qtbot: Any, window: MainWindow) -> None:
    guide = _guide(qtbot, window)
    guide.search.setFocus()
    qtbot.keyClicks(guide.search, "morale half")
    found = guide.titles()
    assert found and len(found) < len(guide.pages)
    assert "Old-School Essentials: a fight step by step" in found
    for title in found:
        page = next(p for p in guide.pages if p.title == title)
        assert "morale" in page.text.casefold() and "half" in page.text.casefold()
    qtbot.keyClick(guide.search, Qt.Key.Key_Return)
    assert guide.contents.currentRow() == 0
    assert guide.browser.textCursor().selectedText().casefold() == "morale"
    guide.search.clear()
    assert len(guide.titles()) == len(guide.pages)
    qtbot.keyClicks(guide.search, "xyzzy")
    assert guide.titles() == [] and "No page" in guide.found.text()


def test_every_picture_loads_small_and_every_link_lands(qtbot: Any, window: MainWindow) -> None:
    guide = _guide(qtbot, window)
    pictures = 0
    for page in guide_pages():
        markdown = page.path.read_text(encoding="utf-8")
        for target in LINK.findall(markdown):
            linked = (page.path.parent / target).resolve()
            assert linked.is_file(), f"{page.path.name}: {target}"
            if linked.suffix == ".png":
                pictures += 1
                assert linked.stat().st_size < 80_000, linked.name  # small, and few
        guide.show_page(page.title)
        for target in LINK.findall(markdown):
            if target.endswith(".png"):
                url = guide.browser.source().resolved(QUrl(target))
                image = guide.browser.document().resource(
                    QTextDocument.ResourceType.ImageResource, url
                )
                assert image is not None and not image.isNull(), target
    assert 1 <= pictures <= 8
    start = guide.pages[0]
    guide.show_page(start.title)
    target = LINK.findall(start.path.read_text(encoding="utf-8"))
    page_link = next(t for t in target if t.endswith(".md"))
    guide.browser.setSource(guide.browser.source().resolved(QUrl(page_link)))
    landed = next(p for p in guide.pages if p.path.name == page_link)
    assert guide.contents.currentItem().text() == landed.title
