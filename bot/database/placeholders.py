"""Statement parameters written once for both databases.

The bot's SQL marks parameters the way SQLite (and Python's DB-API) does:
``?`` in order, or ``:name``. PostgreSQL numbers them (``$1``, ``$2`` ...), so
the PostgreSQL backend rewrites each statement once (:func:`numbered`, cached)
and passes the values in that order (:func:`ordered_values`). Marks inside
quoted strings, quoted names and comments are text, not parameters, and a
PostgreSQL cast (``::text``) is not a named parameter.

>>> numbered("SELECT chips FROM balances WHERE guild_id = ? AND user_id = ?")
('SELECT chips FROM balances WHERE guild_id = $1 AND user_id = $2', None)
>>> numbered("SELECT :guild, ':not', x::text FROM t WHERE g = :guild LIMIT :limit")
("SELECT $1, ':not', x::text FROM t WHERE g = $1 LIMIT $2", ('guild', 'limit'))
>>> ordered_values(('guild', 'limit'), {"limit": 10, "guild": 7})
[7, 10]
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

#: Positional (``?``) or named (``:name``) statement parameters.
Parameters = Sequence[Any] | Mapping[str, Any]


@functools.lru_cache(maxsize=2048)
def numbered(sql: str) -> tuple[str, tuple[str, ...] | None]:
    """``sql`` with ``$n`` marks, and the names in number order (``None`` for ``?``).

    Raises :class:`ValueError` for a statement that mixes ``?`` and ``:name``.
    """
    out: list[str] = []
    names: list[str] = []
    positional = 0
    i, length = 0, len(sql)
    while i < length:
        char = sql[i]
        if char in "'\"":  # a string or a quoted name, doubled quotes inside
            end = i + 1
            while end < length:
                if sql[end] == char:
                    if end + 1 < length and sql[end + 1] == char:
                        end += 2
                        continue
                    break
                end += 1
            out.append(sql[i : end + 1])
            i = end + 1
        elif sql.startswith("--", i):
            end = sql.find("\n", i)
            end = length if end < 0 else end
            out.append(sql[i:end])
            i = end
        elif sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            end = length if end < 0 else end + 2
            out.append(sql[i:end])
            i = end
        elif sql.startswith("::", i):
            out.append("::")
            i += 2
        elif char == "?":
            positional += 1
            out.append(f"${positional}")
            i += 1
        elif char == ":" and i + 1 < length and (sql[i + 1].isalpha() or sql[i + 1] == "_"):
            end = i + 1
            while end < length and (sql[end].isalnum() or sql[end] == "_"):
                end += 1
            name = sql[i + 1 : end]
            if name not in names:
                names.append(name)
            out.append(f"${names.index(name) + 1}")
            i = end
        else:
            out.append(char)
            i += 1
    if positional and names:
        raise ValueError(f"a statement mixes ? and :name parameters: {sql}")
    return "".join(out), (tuple(names) if names else None)


def ordered_values(names: tuple[str, ...] | None, parameters: Parameters) -> list[Any]:
    """The values of ``parameters`` in the order :func:`numbered` numbered them."""
    if isinstance(parameters, Mapping):
        if names is None:
            if parameters:
                raise ValueError("named values for a statement with ? parameters")
            return []
        return [parameters[name] for name in names]
    if names is not None:
        raise ValueError(f"positional values for a statement with named parameters {names}")
    return list(parameters)
