"""m3desk: the desktop table companion for Monsters & Magic and its Effect Engine.

This module holds only identity constants, so that the packaging spec, the About
dialog and the storage layer can read them without importing Qt.
"""

__version__ = "0.1.0"
APP_NAME = "m3desk"
APP_DISPLAY_NAME = "m3desk"
APP_ORG = "m3desk"
APP_ID = "org.m3desk.M3desk"
