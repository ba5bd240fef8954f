"""Pikes: a throwaway sixth game written from docs/architecture.md's recipe alone (audit-31)."""
