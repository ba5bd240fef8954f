"""The Tables panel: a game's random tables and the GM's own, shown with exact chances and
rolled (or typed), the result with its chain of sub-tables, logged in the open encounter."""
