"""Fixtures for the GUI acceptance test: the main-window tests' window and scripted dialogs."""

from tests.ui.window.conftest import fake_dialogs, make_window, paths  # noqa: F401
