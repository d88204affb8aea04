"""What Discord refuses in a message it is asked to create or edit, spec and docs together.

`check_message` validates one message body for one route: first against the
route's schema in the vendored spec (lengths, counts, ranges, shapes), then
the documented rules the spec cannot say: 2000 characters of content for a bot
(the spec allows 4000), 6000 characters across embeds, blank embed fields,
which flags each route accepts, ``allowed_mentions.parse`` against explicit
ids, the components-v2 flag and what it excludes, an empty message, and files
(10 per message, 10 MiB each). Everything refused goes into one 400 / 50035
with every bad field, as Discord answers; an empty message is 50006, files
too large 413 / 40005.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import schema
from .components import check_message_components
from .errors import (
    CANNOT_SEND_EMPTY_MESSAGE,
    ENTITY_TOO_LARGE,
    MAX_ATTACHMENTS,
    ApiError,
    FormErrors,
)
from .rules import rule

EPHEMERAL = 1 << 6
SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_VOICE_MESSAGE = 1 << 13
IS_COMPONENTS_V2 = 1 << 15

CONTENT_MAX = 2000
EMBEDS_TOTAL_MAX = 6000
FILES_MAX = 10
FILE_SIZE_MAX = 10 * 1024 * 1024
REQUEST_SIZE_MAX = 25 * 1024 * 1024

MESSAGE = "resources/message.mdx"

CONTENT_LENGTH = rule(
    "message.content-2000",
    MESSAGE + "#create-message-jsonform-params",
    "content: Message contents (up to 2000 characters)",
)
EMBEDS_TOTAL = rule(
    "embed.total-6000",
    MESSAGE + "#embed-object-embed-limits",
    "the combined sum of characters in all title, description, field.name, field.value, "
    "footer.text, and author.name fields across all embeds attached to a message must not "
    "exceed 6000 characters.",
)
FIELD_NOT_BLANK = rule(
    "embed.field-not-blank",
    MESSAGE + "#embed-object-embed-limits",
    "Leading and trailing whitespace characters are not included (they are trimmed "
    "automatically) [and a field's name and value are required]",
)
NOT_EMPTY = rule(
    "message.not-empty",
    MESSAGE + "#create-message-jsonform-params",
    "At least one of content, embeds, sticker_ids, components, files[n], poll, or "
    "shared_client_theme is required.",
)
CREATE_FLAGS = rule(
    "message.create-flags",
    MESSAGE + "#create-message-jsonform-params",
    "flags: (only SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE, and "
    "IS_COMPONENTS_V2 can be set)",
)
EDIT_FLAGS = rule(
    "message.edit-flags",
    MESSAGE + "#edit-message-jsonform-params",
    "flags: Edit the flags of a message (SUPPRESS_EMBEDS and IS_COMPONENTS_V2 only)",
)
V2_FLAG_STAYS = rule(
    "components-v2.flag-stays",
    MESSAGE + "#edit-message-jsonform-params",
    "The SUPPRESS_EMBEDS flag can be both set and unset, while the IS_COMPONENTS_V2 flag can "
    "only be set.",
)
V2_NO_LEGACY = rule(
    "components-v2.no-content",
    MESSAGE + "#create-message-jsonform-params",
    "When the flag IS_COMPONENTS_V2 is set, the message can only contain components. "
    "Providing content, embeds, sticker_ids, poll, or shared_client_theme will fail with a "
    "400 BAD REQUEST response.",
)
CALLBACK_FLAGS = rule(
    "interaction.callback-flags",
    "interactions/receiving-and-responding.mdx#interaction-response-object-messages",
    "flags: (only SUPPRESS_EMBEDS, EPHEMERAL, IS_COMPONENTS_V2, IS_VOICE_MESSAGE, and "
    "SUPPRESS_NOTIFICATIONS can be set)",
)
DEFERRED_FLAGS = rule(
    "interaction.deferred-flags",
    "interactions/receiving-and-responding.mdx#interaction-response-object-messages",
    "If you create a callback with the type DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE the only "
    "valid message flag you may use is EPHEMERAL.",
)
FOLLOWUP_FLAGS = rule(
    "interaction.followup-flags",
    "resources/webhook.mdx#execute-webhook",
    "flags: (only SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS and IS_COMPONENTS_V2 can be set) "
    "[interactions/receiving-and-responding.mdx#create-followup-message: "
    "You can use the EPHEMERAL message flag]",
)
WEBHOOK_EDIT_FLAGS = rule(
    "webhook.edit-flags",
    "resources/webhook.mdx#edit-webhook-message",
    "flags: (SUPPRESS_EMBEDS and IS_COMPONENTS_V2 only)",
)
MENTIONS_EXCLUSIVE = rule(
    "allowed-mentions.parse-exclusive",
    MESSAGE + "#allowed-mentions-object",
    "the parse field is mutually exclusive with the other fields ... an invalid configuration, "
    "because it includes both parse and users, despite those fields being mutually "
    "exclusive, causing a validation error.",
)
FILES_COUNT = rule(
    "files.count",
    MESSAGE + "#create-message-jsonform-params",
    "attachments: ... files[n] (the spec allows 10 attachments, and Discord's error 30015 is "
    "'Maximum number of attachments in a message reached (10)')",
)
FILE_SIZE = rule(
    "files.size",
    "reference.mdx#uploading-files",
    "The file upload size limit applies to each file in a request. The default limit is "
    "10 MiB for all users",
)
REQUEST_SIZE = rule(
    "files.request-size",
    MESSAGE + "#create-message-limitations",
    "The maximum request size when sending a message is 25 MiB",
)


@dataclass(frozen=True)
class Target:
    """One route that takes a message body: its spec schema and its flag rule."""

    route: str
    method: str
    allowed_flags: int
    flags_rule: Any
    creating: bool
    #: Where the message sits in the body ("data" for an interaction callback).
    prefix: tuple[str, ...] = ()
    #: Whether the docs' 2000 characters are stricter than this route's spec (4000).
    content_rule: bool = False


CREATE = Target(
    "/channels/{channel_id}/messages",
    "post",
    SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_VOICE_MESSAGE | IS_COMPONENTS_V2,
    CREATE_FLAGS,
    creating=True,
    content_rule=True,
)
EDIT = Target(
    "/channels/{channel_id}/messages/{message_id}",
    "patch",
    SUPPRESS_EMBEDS | IS_COMPONENTS_V2,
    EDIT_FLAGS,
    creating=False,
    content_rule=True,
)
FOLLOWUP = Target(
    "/webhooks/{webhook_id}/{webhook_token}",
    "post",
    EPHEMERAL | SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2,
    FOLLOWUP_FLAGS,
    creating=True,
)
WEBHOOK_EDIT = Target(
    "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
    "patch",
    SUPPRESS_EMBEDS | IS_COMPONENTS_V2,
    WEBHOOK_EDIT_FLAGS,
    creating=False,
)
#: An interaction callback carrying a message (4) or updating one (7); the spec
#: schema is the whole callback, so its check is done by `check_callback`.
CALLBACK_MESSAGE = Target(
    "/interactions/{interaction_id}/{interaction_token}/callback",
    "post",
    EPHEMERAL | SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_VOICE_MESSAGE | IS_COMPONENTS_V2,
    CALLBACK_FLAGS,
    creating=True,
    prefix=("data",),
)
CALLBACK_UPDATE = Target(
    CALLBACK_MESSAGE.route,
    "post",
    SUPPRESS_EMBEDS | IS_COMPONENTS_V2,
    EDIT_FLAGS,
    creating=False,
    prefix=("data",),
)


def check_files(files: list[tuple[str, bytes]], total_bytes: int) -> None:
    """Refuse uploads Discord refuses before it looks at the body."""
    if total_bytes > REQUEST_SIZE_MAX:
        raise ApiError(
            413,
            ENTITY_TOO_LARGE,
            "Request entity too large",
            sources=(REQUEST_SIZE.source,),
        )
    if any(len(data) > FILE_SIZE_MAX for _, data in files):
        raise ApiError(
            413, ENTITY_TOO_LARGE, "Request entity too large", sources=(FILE_SIZE.source,)
        )
    if len(files) > FILES_MAX:
        raise ApiError(
            400,
            MAX_ATTACHMENTS,
            "Maximum number of attachments in a message reached (10)",
            sources=(FILES_COUNT.source,),
        )


def check_message(
    body: Mapping[str, Any],
    target: Target,
    *,
    files: int = 0,
    existing_flags: int | None = None,
    errors: FormErrors | None = None,
    spec_checked: bool = False,
) -> None:
    """Refuse a message body Discord would refuse on `target`'s route.

    `existing_flags` are the flags of the message being edited (None when creating).
    With `errors` given, the refusals are added there and nothing is raised.
    """
    collect = errors if errors is not None else FormErrors()
    prefix = target.prefix
    if not spec_checked:
        schema.check_body(target.route, target.method, body, collect)
    if not isinstance(body, Mapping):  # the spec refused it already
        if errors is None:
            collect.raise_if_any()
        return

    content = body.get("content")
    if target.content_rule and isinstance(content, str) and len(content) > CONTENT_MAX:
        collect.too_long((*prefix, "content"), CONTENT_MAX, CONTENT_LENGTH.source)
    embeds = body.get("embeds")
    if isinstance(embeds, list):
        _check_embeds(embeds, collect, (*prefix, "embeds"))

    flags = _as_int(body.get("flags"))
    if flags is not None and flags & ~target.allowed_flags:
        bad = flags & ~target.allowed_flags
        collect.add(
            (*prefix, "flags"),
            "MESSAGE_FLAGS_INVALID",
            f"Flags {bad} cannot be set on this message.",
            target.flags_rule.source,
        )
    effective = (existing_flags or 0) | (flags or 0)
    v2 = bool(effective & IS_COMPONENTS_V2)
    if (
        existing_flags is not None
        and existing_flags & IS_COMPONENTS_V2
        and flags is not None
        and not flags & IS_COMPONENTS_V2
    ):
        collect.add(
            (*prefix, "flags"),
            "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
            "The IS_COMPONENTS_V2 flag cannot be removed.",
            V2_FLAG_STAYS.source,
        )
    if v2:
        for key, empty in (("content", ""), ("embeds", []), ("sticker_ids", []), ("poll", None)):
            value = body.get(key)
            if value not in (None, empty) and value != []:
                collect.add(
                    (*prefix, key),
                    "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                    "The 'content', 'embeds', 'stickers' and 'poll' fields cannot be used when "
                    "using components v2.",
                    V2_NO_LEGACY.source,
                )
    components = body.get("components")
    if isinstance(components, list):
        check_message_components(components, v2=v2, errors=collect, path=(*prefix, "components"))
    mentions = body.get("allowed_mentions")
    if isinstance(mentions, Mapping):
        parse = mentions.get("parse") or []
        for kind in ("users", "roles"):
            if kind in parse and mentions.get(kind):
                collect.add(
                    (*prefix, "allowed_mentions"),
                    "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                    f'parse:["{kind}"] and {kind}: [ids...] are mutually exclusive.',
                    MENTIONS_EXCLUSIVE.source,
                )
    if errors is None:
        collect.raise_if_any()
        if target.creating and _is_empty(body, files):
            raise ApiError(
                400,
                CANNOT_SEND_EMPTY_MESSAGE,
                "Cannot send an empty message",
                sources=(NOT_EMPTY.source,),
            )


def _is_empty(body: Mapping[str, Any], files: int) -> bool:
    return not (
        body.get("content")
        or body.get("embeds")
        or body.get("sticker_ids")
        or body.get("components")
        or files
        or body.get("poll")
        or body.get("shared_client_theme")
    )


def _as_int(value: Any) -> int | None:
    if isinstance(value, bool) or value is None:
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _check_embeds(embeds: list[Any], errors: FormErrors, path: tuple[str | int, ...]) -> None:
    total = 0
    for index, embed in enumerate(embeds):
        if not isinstance(embed, Mapping):
            continue
        here = (*path, index)
        total += len(_text(embed.get("title"))) + len(_text(embed.get("description")))
        for part, key in (("footer", "text"), ("author", "name")):
            holder = embed.get(part)
            if isinstance(holder, Mapping):
                total += len(_text(holder.get(key)))
        for field_index, field in enumerate(embed.get("fields") or []):
            if not isinstance(field, Mapping):
                continue
            for key in ("name", "value"):
                text = field.get(key)
                if isinstance(text, str) and not text.strip():
                    errors.required((*here, "fields", field_index, key), FIELD_NOT_BLANK.source)
                total += len(_text(text))
    if total > EMBEDS_TOTAL_MAX:
        errors.add(
            path,
            "MAX_EMBED_SIZE_EXCEEDED",
            f"Embed size exceeds maximum size of {EMBEDS_TOTAL_MAX}",
            EMBEDS_TOTAL.source,
        )
