"""Plain JSON values from the core's immutable ones (tuples, read-only maps, dataclasses),
and deep read-only copies of plain ones."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

_PLAIN = frozenset((type(None), bool, int, float, str))  # returned as they are


def jsonable(value):
    """Tuples become lists, mappings dicts, and anything with `to_json` its JSON form."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple or kind is list:  # the common case (hands, piles, points): no call per item
        return [v if type(v) in _PLAIN else jsonable(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (tuple, list)):
        return [jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    to_json = getattr(value, "to_json", None)
    if to_json is not None:
        return to_json()
    raise TypeError(f"no JSON form for {type(value).__name__}")


class ReadOnlyMap(Mapping):
    """A read-only mapping that pickles and copies (types.MappingProxyType does neither, and
    states, views and games must travel to worker processes and checkpoints)."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping = ()):
        object.__setattr__(self, "_items", dict(items))

    def __getitem__(self, key):
        return self._items[key]

    def __iter__(self) -> Iterator:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __setattr__(self, name, value):
        raise AttributeError("a ReadOnlyMap cannot be changed")

    def __reduce__(self):
        return ReadOnlyMap, (self._items,)

    def __repr__(self) -> str:
        return f"ReadOnlyMap({self._items!r})"


def frozen(value):
    """A deep read-only copy: mappings become read-only maps (ReadOnlyMap), lists tuples."""
    if isinstance(value, Mapping):
        return ReadOnlyMap({k: frozen(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(frozen(v) for v in value)
    return value


def is_int(x) -> bool:
    """A JSON integer: bools are not integers (RECORD.md, strict types)."""
    return isinstance(x, int) and not isinstance(x, bool)


def shown(value, limit: int = 40) -> str:
    """`repr(value)` on one line, cut to `limit` characters, for error messages about any input."""
    try:
        text = " ".join(repr(value).split())
    except ValueError:  # an int too long to print (sys.get_int_max_str_digits)
        text = "a huge integer"
    except Exception:  # noqa: BLE001 - an object (a bot's, say) whose repr fails
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."
