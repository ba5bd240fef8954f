"""An encounter's log as a persistent sequence: appending shares everything already written.

Every step of a fight is an undo step that keeps the encounter before and after it. With the
log as a plain tuple, each step copied the whole log, so an evening of 2,000 actions held
about two million references for the log alone (tens of MB). Here the entries sit in chunks
of :data:`CHUNK`; appending copies at most one chunk and the short list of chunks, and every
earlier state keeps sharing the rest. It reads like a tuple (``len``, indexing, slices,
iteration, equality with a tuple), is immutable, and is written to files as a plain list.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TypeVar, overload

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema

__all__ = ["CHUNK", "MAX_ENTRIES", "LogEntries"]

CHUNK = 64
MAX_ENTRIES = 20_000
"""The longest log a file may hold; appending past it drops the oldest (see ``appended``)."""
T = TypeVar("T")


class LogEntries(Sequence[T]):
    """An immutable sequence of log entries that appends without copying the past."""

    __slots__ = ("_chunks", "_length")
    _chunks: tuple[tuple[T, ...], ...]
    _length: int

    def __init__(self, items: Iterable[T] = ()) -> None:
        values = tuple(items)
        chunks = tuple(values[start : start + CHUNK] for start in range(0, len(values), CHUNK))
        object.__setattr__(self, "_chunks", chunks)
        object.__setattr__(self, "_length", len(values))

    @classmethod
    def of(cls, items: Iterable[T]) -> LogEntries[T]:
        return items if isinstance(items, LogEntries) else cls(items)

    @classmethod
    def _from_chunks(cls, chunks: tuple[tuple[T, ...], ...], length: int) -> LogEntries[T]:
        made = cls.__new__(cls)
        object.__setattr__(made, "_chunks", chunks)
        object.__setattr__(made, "_length", length)
        return made

    def appended(self, entry: T, limit: int | None = None) -> LogEntries[T]:
        """This log with ``entry`` at the end (the oldest dropped past ``limit``)."""
        chunks = self._chunks
        if chunks and len(chunks[-1]) < CHUNK:
            grown = (*chunks[:-1], (*chunks[-1], entry))
        else:
            grown = (*chunks, (entry,))
        result = LogEntries._from_chunks(grown, self._length + 1)
        if limit is not None and len(result) > limit:
            return LogEntries(tuple(result)[-limit:])
        return result

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a log is immutable: append with .appended()")

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[T]:
        for chunk in self._chunks:
            yield from chunk

    def __reversed__(self) -> Iterator[T]:
        for chunk in reversed(self._chunks):
            yield from reversed(chunk)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        length = self._length
        if index < 0:
            index += length
        if not 0 <= index < length:
            raise IndexError("log index out of range")
        return self._chunks[index // CHUNK][index % CHUNK]

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, LogEntries):
            if other._length != self._length:
                return False
            return all(a is b or a == b for a, b in zip(self._chunks, other._chunks, strict=True))
        if isinstance(other, tuple | list):
            return len(other) == self._length and tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"LogEntries({list(self)!r})"

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        args = getattr(source, "__args__", ())
        item = handler.generate_schema(args[0]) if args else core_schema.any_schema()
        from_items = core_schema.no_info_after_validator_function(
            cls.of, core_schema.tuple_schema([item], variadic_item_index=0, max_length=MAX_ENTRIES)
        )
        return core_schema.json_or_python_schema(
            json_schema=from_items,
            python_schema=core_schema.union_schema(
                [core_schema.is_instance_schema(cls), from_items]
            ),
            serialization=core_schema.plain_serializer_function_ser_schema(
                list, return_schema=core_schema.list_schema(item), when_used="always"
            ),
        )
