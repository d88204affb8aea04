"""Cut the request side of Discord's OpenAPI spec down to the routes the fake serves.

Usage: ``python -m tests.e2e.fake_discord.spec.select_routes FULL_OPENAPI_JSON``
rewrites ``openapi.json`` beside this file. Every kept object is copied as it
stands upstream: the selected operations (without their ``responses``, which
the fake never validates) and every schema they reference, transitively. See
README.md beside this file for the upstream commit it was cut from.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

#: The routes (and methods) the fake serves whose request bodies it checks.
ROUTES: dict[str, tuple[str, ...]] = {
    "/applications/{application_id}/commands": ("get", "put"),
    "/applications/{application_id}/guilds/{guild_id}/commands": ("get", "put"),
    "/applications/{application_id}/emojis": ("get", "post"),
    "/applications/{application_id}/emojis/{emoji_id}": ("get", "patch", "delete"),
    "/channels/{channel_id}": ("get",),
    "/channels/{channel_id}/messages": ("get", "post"),
    "/channels/{channel_id}/messages/{message_id}": ("get", "patch", "delete"),
    "/channels/{channel_id}/threads": ("post",),
    "/channels/{channel_id}/messages/{message_id}/threads": ("post",),
    "/channels/{channel_id}/thread-members/{user_id}": ("get", "put", "delete"),
    "/channels/{channel_id}/typing": ("post",),
    "/interactions/{interaction_id}/{interaction_token}/callback": ("post",),
    "/webhooks/{webhook_id}/{webhook_token}": ("post",),
    "/webhooks/{webhook_id}/{webhook_token}/messages/@original": ("get", "patch", "delete"),
    "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": ("get", "patch", "delete"),
    "/users/@me/channels": ("post",),
    "/guilds/{guild_id}/scheduled-events": ("get", "post"),
    "/guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}": ("get", "patch", "delete"),
}


def select(full: dict[str, Any]) -> dict[str, Any]:
    schemas: dict[str, Any] = full["components"]["schemas"]
    paths: dict[str, Any] = {}
    for route, methods in ROUTES.items():
        source = full["paths"][route]
        kept: dict[str, Any] = {}
        if "parameters" in source:
            kept["parameters"] = source["parameters"]
        for method in methods:
            operation = dict(source[method])
            operation.pop("responses", None)
            kept[method] = operation
        paths[route] = kept

    referenced: set[str] = set()

    def collect(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "$ref" and isinstance(value, str):
                    name = value.rsplit("/", 1)[-1]
                    if name not in referenced:
                        referenced.add(name)
                        collect(schemas[name])
                else:
                    collect(value)
        elif isinstance(node, list):
            for value in node:
                collect(value)

    collect(paths)
    return {
        "openapi": full["openapi"],
        "info": full["info"],
        "paths": paths,
        "components": {"schemas": {name: schemas[name] for name in sorted(referenced)}},
    }


def main(argv: list[str]) -> None:
    full = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
    text = json.dumps(select(full), indent=1, ensure_ascii=False) + "\n"
    (HERE / "openapi.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv)
