"""Encounter → Share with Players' Phones…: the GM's window on the table server."""

from m3desk.ui.phones.dialog import PhonesDialog, show_phones

__all__ = ["PhonesDialog", "show_phones"]
