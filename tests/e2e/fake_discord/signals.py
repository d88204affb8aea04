"""Waiting for the fake's state to change, without polling.

Every mutation of the state calls `notify`; a test (or a member handle)
waiting for "the bot answered" or "a followup arrived" re-checks its
condition on each change until it holds or the timeout passes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


class ChangeSignal:
    """A broadcast "something changed" that any number of waiters can await."""

    def __init__(self) -> None:
        self._event = asyncio.Event()

    def notify(self) -> None:
        self._event.set()
        self._event = asyncio.Event()

    async def wait_until(self, condition: Callable[[], T], timeout: float) -> T:
        """The first truthy value of `condition()`; `TimeoutError` after `timeout` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = condition()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError
            event = self._event
            try:
                await asyncio.wait_for(event.wait(), remaining)
            except TimeoutError:
                value = condition()
                if value:
                    return value
                raise
