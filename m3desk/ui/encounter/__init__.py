"""The encounter table: tracker, range-band board, action dialog and log."""
