"""nginx in front of the web rooms, configured as docs/OPERATORS.md says.

The ``nginx`` block of the operators' guide ("The web room with several
processes") is read from the page itself, so the example an operator copies
is the one tested: its upstream servers become the test's rooms, and its
``listen 443 ssl`` a plain port of 127.0.0.1 (no certificate here). nginx
runs from Debian's package (``/usr/sbin/nginx``) in a folder of its own, as
the user running the tests, logging which room answered each request
(``access.log``: request, status, upstream); :func:`nginx_path` is ``None``
where it is missing and the tests that need it skip, saying so.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import socket
from collections.abc import AsyncIterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "OPERATORS.md"
NGINX_BLOCK = re.compile(r"^```nginx\n(.*?)^```", re.S | re.M)


def nginx_path() -> str | None:
    return shutil.which("nginx") or next(
        (path for path in ("/usr/sbin/nginx",) if Path(path).exists()), None
    )


def documented_site(rooms: list[str], port: int) -> str:
    """The guide's nginx example, sending to ``rooms`` (host:port) and listening on ``port``."""
    (block,) = NGINX_BLOCK.findall(GUIDE.read_text(encoding="utf-8"))
    upstream = "".join(f"    server {room};\n" for room in rooms)
    block, count = re.subn(
        r"(upstream \w+ \{\n)(?:    server [^\n]+\n)+", rf"\g<1>{upstream}", block
    )
    assert count == 1, "the guide's nginx example has no upstream list"
    block, count = re.subn(r"listen 443 ssl;", f"listen 127.0.0.1:{port};", block)
    assert count == 1, "the guide's nginx example does not listen on 443"
    return block


@contextlib.asynccontextmanager
async def nginx_front(folder: Path, rooms: list[str]) -> AsyncIterator[str]:
    """nginx with the guide's site in front of ``rooms``; yields its address."""
    binary = nginx_path()
    assert binary is not None
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    folder.mkdir(parents=True, exist_ok=True)
    config = folder / "nginx.conf"
    config.write_text(
        # As root nginx's workers would be nobody, who may not enter pytest's folders.
        ("user root;\n" if os.geteuid() == 0 else "") + "daemon off;\n"
        "worker_processes 1;\n"
        f"pid {folder}/nginx.pid;\n"
        f"error_log {folder}/error.log;\n"
        "events { worker_connections 64; }\n"
        "http {\n"
        "    log_format rooms '$request $status $upstream_addr';\n"
        f"    access_log {folder}/access.log rooms;\n"
        f"    client_body_temp_path {folder}/body;\n"
        f"    proxy_temp_path {folder}/proxy;\n"
        f"    fastcgi_temp_path {folder}/fastcgi;\n"
        f"    uwsgi_temp_path {folder}/uwsgi;\n"
        f"    scgi_temp_path {folder}/scgi;\n" + documented_site(rooms, port) + "}\n"
    )
    process = await asyncio.create_subprocess_exec(
        binary, "-p", str(folder), "-c", str(config), "-e", str(folder / "error.log")
    )
    try:
        for _ in range(100):
            with contextlib.suppress(OSError):
                _, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.close()
                break
            if process.returncode is not None:
                raise RuntimeError((folder / "error.log").read_text())
            await asyncio.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        if process.returncode is None:
            process.terminate()
            await process.wait()
