"""Payloads Discord refuses, each with the answer Discord gives and the rule's source.

Every `Case` is one request a bot could send, valid in every way but one: the
test (`test_fake_discord_refusals.py`) sends it to a fresh fake over HTTP and
checks the status, the JSON code, the field the ``errors`` tree names, the
error code there, and that the only rule the fake cites is the expected one
(a JSON pointer into the vendored spec, or a documented `Rule`). A case names
what must exist first (`needs`): a message to edit, an interaction to answer,
a thread, an emoji, a channel the bot may not write in.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field
from typing import Any

from tests.e2e.fake_discord import command_rules as cmd
from tests.e2e.fake_discord import components as comp
from tests.e2e.fake_discord import emojis as emo
from tests.e2e.fake_discord import message_rules as msg
from tests.e2e.fake_discord import scheduled_events as sev
from tests.e2e.fake_discord import state as st
from tests.e2e.fake_discord import threads as thr
from tests.e2e.fake_discord.rules import Rule

MIB = 1024 * 1024
SPEC = "openapi.json#"
SCHEMAS = SPEC + "/components/schemas/"

COMMANDS = "PUT /applications/{app}/guilds/{guild}/commands"
POST = "POST /channels/{channel}/messages"
EDIT = "PATCH /channels/{channel}/messages/{message}"
CALLBACK = "POST /interactions/{interaction}/{token}/callback"
FOLLOWUP = "POST /webhooks/{app}/{token}"
WEBHOOK_EDIT = "PATCH /webhooks/{app}/{token}/messages/@original"
THREADS = "POST /channels/{channel}/threads"
MESSAGE_THREAD = "POST /channels/{channel}/messages/{message}/threads"
EMOJIS = "POST /applications/{app}/emojis"
EMOJI = "PATCH /applications/{app}/emojis/{emoji}"
EVENTS = "POST /guilds/{guild}/scheduled-events"
EVENT = "PATCH /guilds/{guild}/scheduled-events/{event}"


@dataclass(frozen=True)
class Case:
    id: str
    route: str
    body: Any
    #: The field the errors tree names (keys from the root), or None for a request error.
    field: tuple[str | int, ...] | None
    #: The error code Discord puts on that field ("" when the answer has no errors tree).
    error: str
    #: A JSON pointer suffix into the spec, or a documented rule.
    source: str | Rule
    status: int = 400
    code: int = 50035
    needs: str = ""
    #: Files to upload with the request: (name, size in bytes).
    files: tuple[tuple[str, int], ...] = field(default=())

    @property
    def cited(self) -> str:
        """What the refusal must cite: the rule's page, or a JSON pointer into the spec."""
        if isinstance(self.source, Rule):
            return self.source.source
        if self.source.startswith("/paths/"):
            return SPEC + self.source
        return SCHEMAS + self.source


# -- valid building blocks ------------------------------------------------------


def command(**changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"name": "poker", "description": "Play poker", "type": 1}
    return body | changes


def option(name: str = "amount", kind: int = 4, **changes: Any) -> dict[str, Any]:
    return {"name": name, "description": "How much", "type": kind} | changes


def commands(*items: dict[str, Any]) -> list[dict[str, Any]]:
    return list(items)


def button(custom_id: str = "go", **changes: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id} | changes


def row(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(children)}


def select_option(value: str, **changes: Any) -> dict[str, Any]:
    return {"label": value.title(), "value": value} | changes


def select(custom_id: str = "pick", **changes: Any) -> dict[str, Any]:
    options = [select_option("hold"), select_option("omaha")]
    return {"type": 3, "custom_id": custom_id, "options": options} | changes


def text(content: str = "Pot: 20") -> dict[str, Any]:
    return {"type": 10, "content": content}


def v2(*components: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {"flags": msg.IS_COMPONENTS_V2, "components": list(components)} | changes


def embed(**changes: Any) -> dict[str, Any]:
    return {"title": "Hand 1", "description": "Ann raises"} | changes


def text_input(custom_id: str = "amount", **changes: Any) -> dict[str, Any]:
    return {"type": 4, "custom_id": custom_id, "style": 1} | changes


def label(component: dict[str, Any] | None = None, **changes: Any) -> dict[str, Any]:
    return {"type": 18, "label": "Amount", "component": component or text_input()} | changes


def modal(*components: dict[str, Any], **changes: Any) -> dict[str, Any]:
    data = {"custom_id": "raise", "title": "Raise", "components": list(components) or [label()]}
    return {"type": 9, "data": data | changes}


def message_answer(**data: Any) -> dict[str, Any]:
    return {"type": 4, "data": data}


def png(size: int) -> str:
    data = b"\x89PNG\r\n\x1a\n" + b"\0" * (size - 8)
    return "data:image/png;base64," + base64.b64encode(data).decode()


LONG_NAMES = [option(f"o{i:02d}", 3, description="d" * 100) for i in range(25)]


CASES: list[Case] = [
    # -- the bulk command sync ---------------------------------------------------------------
    Case(
        "command-name-33",
        COMMANDS,
        commands(command(name="p" * 33)),
        (0, "name"),
        "BASE_TYPE_BAD_LENGTH",
        "ApplicationCommandUpdateRequest/properties/name/maxLength",
    ),
    Case(
        "command-name-space",
        COMMANDS,
        commands(command(name="poker game")),
        (0, "name"),
        "APPLICATION_COMMAND_INVALID_NAME",
        cmd.NAME_REGEX,
    ),
    Case(
        "command-name-upper",
        COMMANDS,
        commands(command(name="Poker")),
        (0, "name"),
        "APPLICATION_COMMAND_INVALID_NAME",
        cmd.NAME_LOWERCASE,
    ),
    Case(
        "option-name-upper",
        COMMANDS,
        commands(command(options=[option("Amount")])),
        (0, "options", 0, "name"),
        "APPLICATION_COMMAND_INVALID_NAME",
        cmd.NAME_LOWERCASE,
    ),
    Case(
        "option-name-dot",
        COMMANDS,
        commands(command(options=[option("buy.in")])),
        (0, "options", 0, "name"),
        "APPLICATION_COMMAND_INVALID_NAME",
        cmd.NAME_REGEX,
    ),
    Case(
        "command-description-empty",
        COMMANDS,
        commands(command(description="")),
        (0, "description"),
        "BASE_TYPE_REQUIRED",
        cmd.DESCRIPTION,
    ),
    Case(
        "command-description-101",
        COMMANDS,
        commands(command(description="d" * 101)),
        (0, "description"),
        "BASE_TYPE_MAX_LENGTH",
        "ApplicationCommandUpdateRequest/properties/description/maxLength",
    ),
    Case(
        "option-description-empty",
        COMMANDS,
        commands(command(options=[option(description="")])),
        (0, "options", 0, "description"),
        "BASE_TYPE_BAD_LENGTH",
        "ApplicationCommandIntegerOption/properties/description/minLength",
    ),
    Case(
        "options-26",
        COMMANDS,
        commands(command(options=[option(f"o{i}") for i in range(26)])),
        (0, "options"),
        "BASE_TYPE_MAX_LENGTH",
        "ApplicationCommandUpdateRequest/properties/options/maxItems",
    ),
    Case(
        "choices-26",
        COMMANDS,
        commands(
            command(
                options=[
                    option(kind=3, choices=[{"name": f"c{i}", "value": f"v{i}"} for i in range(26)])
                ]
            )
        ),
        (0, "options", 0, "choices"),
        "BASE_TYPE_MAX_LENGTH",
        "ApplicationCommandStringOption/properties/choices/maxItems",
    ),
    Case(
        "choice-value-101",
        COMMANDS,
        commands(command(options=[option(kind=3, choices=[{"name": "long", "value": "v" * 101}])])),
        (0, "options", 0, "choices", 0, "value"),
        "BASE_TYPE_MAX_LENGTH",
        cmd.CHOICE_VALUE_LENGTH,
    ),
    Case(
        "required-after-optional",
        COMMANDS,
        commands(command(options=[option("seat"), option("amount", required=True)])),
        (0, "options", 1),
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
        cmd.REQUIRED_FIRST,
    ),
    Case(
        "option-names-twice",
        COMMANDS,
        commands(command(options=[option("amount"), option("amount")])),
        (0, "options", 1, "name"),
        "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
        cmd.OPTION_NAMES_UNIQUE,
    ),
    Case(
        "command-names-twice",
        COMMANDS,
        commands(command(), command()),
        (1, "name"),
        "APPLICATION_COMMANDS_DUPLICATE_NAME",
        cmd.COMMAND_NAMES_UNIQUE,
    ),
    Case(
        "commands-101",
        COMMANDS,
        [command(name=f"c{i}") for i in range(101)],
        None,
        "",
        cmd.COMMAND_COUNT,
        code=30032,
    ),
    Case(
        "commands-131",
        COMMANDS,
        [
            command(name=f"c{i}", type=2 if i % 2 else 1, description="" if i % 2 else "d")
            for i in range(131)
        ],
        (),
        "BASE_TYPE_MAX_LENGTH",
        "/paths/~1applications~1{application_id}~1commands/put/requestBody/content/"
        "application~1json/schema/maxItems",
    ),
    Case(
        "command-over-8000",
        COMMANDS,
        commands(
            command(
                options=[
                    option(
                        f"s{g}",
                        1,
                        options=[option(f"o{i:02d}", 3, description="d" * 100) for i in range(25)],
                    )
                    for g in range(4)
                ]
            )
        ),
        (0,),
        "APPLICATION_COMMAND_TOO_LARGE",
        cmd.COMMAND_SIZE,
    ),
    Case(
        "locale-key-unknown",
        COMMANDS,
        commands(command(name_localizations={"german": "poker"})),
        (0, "name_localizations", "german"),
        "BASE_TYPE_CHOICES",
        cmd.LOCALE_KEYS,
    ),
    Case(
        "localized-name-upper",
        COMMANDS,
        commands(command(name_localizations={"de": "Poker"})),
        (0, "name_localizations", "de"),
        "APPLICATION_COMMAND_INVALID_NAME",
        cmd.NAME_LOWERCASE,
    ),
    Case(
        "subcommand-required",
        COMMANDS,
        commands(command(options=[option("join", 1, required=True)])),
        (0, "options", 0, "required"),
        "APPLICATION_COMMAND_OPTION_REQUIRED_INVALID",
        cmd.SUBCOMMAND_NOT_REQUIRED,
    ),
    Case(
        "subcommand-with-option",
        COMMANDS,
        commands(command(options=[option("join", 1), option("amount")])),
        (0, "options"),
        "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
        cmd.SUBCOMMAND_MIX,
    ),
    Case(
        "autocomplete-with-choices",
        COMMANDS,
        commands(command(options=[option(autocomplete=True, choices=[{"name": "a", "value": 1}])])),
        (0, "options", 0, "autocomplete"),
        "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_WITH_CHOICES",
        cmd.AUTOCOMPLETE_CHOICES,
    ),
    Case(
        "options-on-user-command",
        COMMANDS,
        commands(command(name="Tip", type=2, description="", options=[option()])),
        (0, "options"),
        "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
        cmd.OPTIONS_ONLY_CHAT_INPUT,
    ),
    Case(
        "localized-option-name-clash",
        COMMANDS,
        commands(
            command(options=[option("seat"), option("amount", name_localizations={"de": "seat"})])
        ),
        (0, "options", 1, "name_localizations", "de"),
        "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
        cmd.LOCALIZED_OPTION_NAMES,
    ),
    Case(
        "integer-max-over-2^53",
        COMMANDS,
        commands(command(options=[option(max_value=2**60)])),
        (0, "options", 0, "max_value"),
        "NUMBER_TYPE_MAX",
        "Int53Type/maximum",
    ),
    Case(
        "string-max-length-6001",
        COMMANDS,
        commands(command(options=[option(kind=3, max_length=6001)])),
        (0, "options", 0, "max_length"),
        "NUMBER_TYPE_MAX",
        "ApplicationCommandStringOption/properties/max_length/maximum",
    ),
    Case(
        "integer-choice-text",
        COMMANDS,
        commands(command(options=[option(choices=[{"name": "ten", "value": "ten"}])])),
        (0, "options", 0, "choices", 0, "value"),
        "NUMBER_TYPE_COERCE",
        "Int53Type/type",
    ),
    Case(
        "option-type-12",
        COMMANDS,
        commands(command(options=[option(kind=12)])),
        (0, "options", 0, "type"),
        "UNION_TYPE_CHOICES",
        "ApplicationCommandUpdateRequest/properties/options/items/oneOf",
    ),
    Case(
        "permissions-negative",
        COMMANDS,
        commands(command(default_member_permissions="-1")),
        (0, "default_member_permissions"),
        "NUMBER_TYPE_MIN",
        "ApplicationCommandUpdateRequest/properties/default_member_permissions/minimum",
    ),
    Case(
        "contexts-repeated",
        COMMANDS,
        commands(command(contexts=[0, 0])),
        (0, "contexts"),
        "LIST_ITEM_VALUE_DUPLICATE",
        "ApplicationCommandUpdateRequest/properties/contexts/uniqueItems",
    ),
    # -- messages: content, embeds, mentions, flags --------------------------------------------
    Case(
        "content-2001",
        POST,
        {"content": "x" * 2001},
        ("content",),
        "BASE_TYPE_MAX_LENGTH",
        msg.CONTENT_LENGTH,
    ),
    Case(
        "embeds-11",
        POST,
        {"embeds": [embed()] * 11},
        ("embeds",),
        "BASE_TYPE_MAX_LENGTH",
        "MessageCreateRequest/properties/embeds/maxItems",
    ),
    Case(
        "embed-title-257",
        POST,
        {"embeds": [embed(title="t" * 257)]},
        ("embeds", 0, "title"),
        "BASE_TYPE_MAX_LENGTH",
        "RichEmbed/properties/title/maxLength",
    ),
    Case(
        "embed-description-4097",
        POST,
        {"embeds": [embed(description="d" * 4097)]},
        ("embeds", 0, "description"),
        "BASE_TYPE_MAX_LENGTH",
        "RichEmbed/properties/description/maxLength",
    ),
    Case(
        "embed-fields-26",
        POST,
        {"embeds": [embed(fields=[{"name": "n", "value": "v"}] * 26)]},
        ("embeds", 0, "fields"),
        "BASE_TYPE_MAX_LENGTH",
        "RichEmbed/properties/fields/maxItems",
    ),
    Case(
        "field-name-257",
        POST,
        {"embeds": [embed(fields=[{"name": "n" * 257, "value": "v"}])]},
        ("embeds", 0, "fields", 0, "name"),
        "BASE_TYPE_MAX_LENGTH",
        "RichEmbedField/properties/name/maxLength",
    ),
    Case(
        "field-value-1025",
        POST,
        {"embeds": [embed(fields=[{"name": "n", "value": "v" * 1025}])]},
        ("embeds", 0, "fields", 0, "value"),
        "BASE_TYPE_MAX_LENGTH",
        "RichEmbedField/properties/value/maxLength",
    ),
    Case(
        "field-value-empty",
        POST,
        {"embeds": [embed(fields=[{"name": "Pot", "value": ""}])]},
        ("embeds", 0, "fields", 0, "value"),
        "BASE_TYPE_REQUIRED",
        msg.FIELD_NOT_BLANK,
    ),
    Case(
        "field-name-blank",
        POST,
        {"embeds": [embed(fields=[{"name": "  ", "value": "20"}])]},
        ("embeds", 0, "fields", 0, "name"),
        "BASE_TYPE_REQUIRED",
        msg.FIELD_NOT_BLANK,
    ),
    Case(
        "field-without-value",
        POST,
        {"embeds": [embed(fields=[{"name": "Pot"}])]},
        ("embeds", 0, "fields", 0, "value"),
        "BASE_TYPE_REQUIRED",
        "RichEmbedField/required",
    ),
    Case(
        "footer-2049",
        POST,
        {"embeds": [embed(footer={"text": "f" * 2049})]},
        ("embeds", 0, "footer", "text"),
        "BASE_TYPE_MAX_LENGTH",
        "RichEmbedFooter/properties/text/maxLength",
    ),
    Case(
        "author-257",
        POST,
        {"embeds": [embed(author={"name": "a" * 257})]},
        ("embeds", 0, "author", "name"),
        "BASE_TYPE_MAX_LENGTH",
        "RichEmbedAuthor/properties/name/maxLength",
    ),
    Case(
        "embeds-over-6000",
        POST,
        {"embeds": [embed(description="d" * 4000), embed(description="d" * 2000)]},
        ("embeds",),
        "MAX_EMBED_SIZE_EXCEEDED",
        msg.EMBEDS_TOTAL,
    ),
    Case(
        "colour-over-ffffff",
        POST,
        {"embeds": [embed(color=0x1000000)]},
        ("embeds", 0, "color"),
        "NUMBER_TYPE_MAX",
        "RichEmbed/properties/color/maximum",
    ),
    Case(
        "colour-negative",
        POST,
        {"embeds": [embed(color=-1)]},
        ("embeds", 0, "color"),
        "NUMBER_TYPE_MIN",
        "RichEmbed/properties/color/minimum",
    ),
    Case(
        "embed-url-ftp",
        POST,
        {"embeds": [embed(url="ftp://example.com/x")]},
        ("embeds", 0, "url"),
        "URL_TYPE_INVALID_SCHEME",
        "RichEmbed/properties/url/format",
    ),
    Case(
        "embed-url-not-a-url",
        POST,
        {"embeds": [embed(url="cards")]},
        ("embeds", 0, "url"),
        "URL_TYPE_INVALID_URL",
        "RichEmbed/properties/url/format",
    ),
    Case(
        "embed-image-javascript",
        POST,
        {"embeds": [embed(image={"url": "javascript:alert(1)"})]},
        ("embeds", 0, "image", "url"),
        "URL_TYPE_INVALID_SCHEME",
        "RichEmbedImage/properties/url/format",
    ),
    Case(
        "embed-timestamp-words",
        POST,
        {"embeds": [embed(timestamp="yesterday")]},
        ("embeds", 0, "timestamp"),
        "DATE_TIME_TYPE_PARSE",
        "RichEmbed/properties/timestamp/format",
    ),
    Case(
        "mentions-parse-and-users",
        POST,
        {"content": "hi <@1>", "allowed_mentions": {"parse": ["users"], "users": ["1"]}},
        ("allowed_mentions",),
        "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
        msg.MENTIONS_EXCLUSIVE,
    ),
    Case(
        "mentions-parse-all",
        POST,
        {"content": "hi", "allowed_mentions": {"parse": ["all"]}},
        ("allowed_mentions", "parse", 0),
        "BASE_TYPE_CHOICES",
        "AllowedMentionTypes/oneOf",
    ),
    Case(
        "mentions-101-users",
        POST,
        {"content": "hi", "allowed_mentions": {"users": [str(i) for i in range(1, 102)]}},
        ("allowed_mentions", "users"),
        "BASE_TYPE_MAX_LENGTH",
        "MessageAllowedMentionsRequest/properties/users/maxItems",
    ),
    Case(
        "mentions-user-not-snowflake",
        POST,
        {"content": "hi", "allowed_mentions": {"users": ["ann"]}},
        ("allowed_mentions", "users", 0),
        "NUMBER_TYPE_COERCE",
        "SnowflakeType/pattern",
    ),
    Case(
        "flags-ephemeral-in-channel",
        POST,
        {"content": "hi", "flags": 64},
        ("flags",),
        "MESSAGE_FLAGS_INVALID",
        msg.CREATE_FLAGS,
    ),
    Case(
        "flags-crossposted",
        POST,
        {"content": "hi", "flags": 1},
        ("flags",),
        "MESSAGE_FLAGS_INVALID",
        msg.CREATE_FLAGS,
    ),
    Case("message-empty", POST, {}, None, "", msg.NOT_EMPTY, code=50006),
    Case(
        "message-blank",
        POST,
        {"content": "", "embeds": [], "components": []},
        None,
        "",
        msg.NOT_EMPTY,
        code=50006,
    ),
    # -- messages: components -------------------------------------------------------------------
    Case(
        "rows-6",
        POST,
        {"components": [row(button(f"b{i}")) for i in range(6)]},
        ("components",),
        "BASE_TYPE_MAX_LENGTH",
        comp.LEGACY_TOP_LEVEL,
    ),
    Case(
        "buttons-6-in-a-row",
        POST,
        {"components": [row(*(button(f"b{i}") for i in range(6)))]},
        ("components", 0, "components"),
        "BASE_TYPE_MAX_LENGTH",
        "ActionRowComponentForMessageRequest/properties/components/maxItems",
    ),
    Case(
        "select-beside-button",
        POST,
        {"components": [row(select(), button())]},
        ("components", 0, "components", 1),
        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
        comp.ROW_WIDTH,
    ),
    Case(
        "custom-id-101",
        POST,
        {"components": [row(button("c" * 101))]},
        ("components", 0, "components", 0, "custom_id"),
        "BASE_TYPE_BAD_LENGTH",
        "ButtonComponentForMessageRequest/properties/custom_id/maxLength",
    ),
    Case(
        "custom-id-twice",
        POST,
        {"components": [row(button("go")), row(button("go"))]},
        ("components", 1, "components", 0, "custom_id"),
        "COMPONENT_CUSTOM_ID_DUPLICATED",
        comp.CUSTOM_ID_UNIQUE,
    ),
    Case(
        "button-style-7",
        POST,
        {"components": [row(button(style=7))]},
        ("components", 0, "components", 0, "style"),
        "BASE_TYPE_CHOICES",
        "ButtonStyleTypes/oneOf",
    ),
    Case(
        "link-button-with-custom-id",
        POST,
        {"components": [row(button(style=5, url="https://example.com"))]},
        ("components", 0, "components", 0, "custom_id"),
        "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
        comp.LINK_BUTTON_NEEDS_URL,
    ),
    Case(
        "link-button-without-url",
        POST,
        {"components": [row({"type": 2, "style": 5, "label": "Rules"})]},
        ("components", 0, "components", 0, "url"),
        "BASE_TYPE_REQUIRED",
        comp.LINK_BUTTON_NEEDS_URL,
    ),
    Case(
        "button-without-custom-id",
        POST,
        {"components": [row({"type": 2, "style": 1, "label": "Call"})]},
        ("components", 0, "components", 0, "custom_id"),
        "BASE_TYPE_REQUIRED",
        comp.BUTTON_NEEDS_CUSTOM_ID,
    ),
    Case(
        "button-with-url",
        POST,
        {"components": [row(button(url="https://example.com"))]},
        ("components", 0, "components", 0, "url"),
        "BUTTON_COMPONENT_URL_NOT_ALLOWED",
        comp.BUTTON_NEEDS_CUSTOM_ID,
    ),
    Case(
        "premium-button-with-label",
        POST,
        {"components": [row({"type": 2, "style": 6, "sku_id": "1", "label": "Buy"})]},
        ("components", 0, "components", 0, "label"),
        "BUTTON_COMPONENT_PREMIUM_FIELD_NOT_ALLOWED",
        comp.PREMIUM_BUTTON_FIELDS,
    ),
    Case(
        "button-label-81",
        POST,
        {"components": [row(button(label="l" * 81))]},
        ("components", 0, "components", 0, "label"),
        "BASE_TYPE_MAX_LENGTH",
        "ButtonComponentForMessageRequest/properties/label/maxLength",
    ),
    Case(
        "link-button-ftp",
        POST,
        {"components": [row({"type": 2, "style": 5, "label": "R", "url": "ftp://x.org"})]},
        ("components", 0, "components", 0, "url"),
        "URL_TYPE_INVALID_SCHEME",
        "ButtonComponentForMessageRequest/properties/url/format",
    ),
    Case(
        "select-26-options",
        POST,
        {"components": [row(select(options=[select_option(f"v{i}") for i in range(26)]))]},
        ("components", 0, "components", 0, "options"),
        "BASE_TYPE_MAX_LENGTH",
        "StringSelectComponentForMessageRequest/properties/options/maxItems",
    ),
    Case(
        "select-no-options",
        POST,
        {"components": [row(select(options=[]))]},
        ("components", 0, "components", 0, "options"),
        "BASE_TYPE_MIN_LENGTH",
        "StringSelectComponentForMessageRequest/properties/options/minItems",
    ),
    Case(
        "select-label-101",
        POST,
        {"components": [row(select(options=[select_option("a", label="l" * 101)]))]},
        ("components", 0, "components", 0, "options", 0, "label"),
        "BASE_TYPE_BAD_LENGTH",
        "StringSelectOptionForRequest/properties/label/maxLength",
    ),
    Case(
        "select-label-empty",
        POST,
        {"components": [row(select(options=[select_option("a", label="")]))]},
        ("components", 0, "components", 0, "options", 0, "label"),
        "BASE_TYPE_BAD_LENGTH",
        "StringSelectOptionForRequest/properties/label/minLength",
    ),
    Case(
        "select-values-twice",
        POST,
        {"components": [row(select(options=[select_option("a"), select_option("a", label="B")]))]},
        ("components", 0, "components", 0, "options", 1),
        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
        comp.SELECT_VALUES_UNIQUE,
    ),
    Case(
        "select-placeholder-151",
        POST,
        {"components": [row(select(placeholder="p" * 151))]},
        ("components", 0, "components", 0, "placeholder"),
        "BASE_TYPE_MAX_LENGTH",
        "StringSelectComponentForMessageRequest/properties/placeholder/maxLength",
    ),
    Case(
        "select-min-over-max",
        POST,
        {"components": [row(select(min_values=2, max_values=1))]},
        ("components", 0, "components", 0, "min_values"),
        "SELECT_COMPONENT_MIN_VALUES_TOO_LARGE",
        comp.SELECT_RANGE,
    ),
    Case(
        "select-max-26",
        POST,
        {"components": [row(select(max_values=26))]},
        ("components", 0, "components", 0, "max_values"),
        "NUMBER_TYPE_MAX",
        "StringSelectComponentForMessageRequest/properties/max_values/maximum",
    ),
    Case(
        "user-select-defaults-over-max",
        POST,
        {
            "components": [
                row(
                    {
                        "type": 5,
                        "custom_id": "who",
                        "default_values": [
                            {"id": "1", "type": "user"},
                            {"id": "2", "type": "user"},
                        ],
                    }
                )
            ]
        },
        ("components", 0, "components", 0, "default_values"),
        "SELECT_COMPONENT_DEFAULT_VALUES_COUNT",
        comp.SELECT_DEFAULTS,
    ),
    Case(
        "text-input-in-a-message",
        POST,
        {"components": [row(text_input())]},
        ("components", 0, "components", 0, "type"),
        "UNION_TYPE_CHOICES",
        "ActionRowComponentForMessageRequest/properties/components/items/oneOf",
    ),
    Case(
        "component-type-99",
        POST,
        {"components": [{"type": 99}]},
        ("components", 0, "type"),
        "UNION_TYPE_CHOICES",
        "MessageCreateRequest/properties/components/items/oneOf",
    ),
    Case(
        "component-ids-twice",
        POST,
        {"components": [row(button("a", id=7)), row(button("b", id=7))]},
        ("components", 1, "components", 0, "id"),
        "COMPONENT_ID_DUPLICATED",
        comp.COMPONENT_ID_UNIQUE,
    ),
    Case(
        "custom-emoji-not-owned",
        POST,
        {"components": [row(button(emoji={"id": "123456789012345678", "name": "ace"}))]},
        ("components", 0, "components", 0, "emoji", "id"),
        "COMPONENT_INVALID_EMOJI",
        emo.EMOJI_KNOWN,
    ),
    # -- components v2 --------------------------------------------------------------------------
    Case(
        "container-without-flag",
        POST,
        {"components": [{"type": 17, "components": [text()]}]},
        ("components", 0, "type"),
        "COMPONENT_TYPE_INVALID",
        comp.V2_NEEDS_FLAG,
    ),
    Case(
        "text-display-without-flag",
        POST,
        {"components": [text()]},
        ("components", 0, "type"),
        "COMPONENT_TYPE_INVALID",
        comp.V2_NEEDS_FLAG,
    ),
    Case(
        "v2-with-content",
        POST,
        v2(text(), content="Pot: 20"),
        ("content",),
        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
        msg.V2_NO_LEGACY,
    ),
    Case(
        "v2-with-embeds",
        POST,
        v2(text(), embeds=[embed()]),
        ("embeds",),
        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
        msg.V2_NO_LEGACY,
    ),
    Case(
        "v2-41-components",
        POST,
        v2({"type": 17, "components": [text(f"line {i}") for i in range(40)]}),
        ("components",),
        "BASE_TYPE_MAX_LENGTH",
        comp.V2_TOTAL,
    ),
    Case(
        "section-4-texts",
        POST,
        v2({"type": 9, "components": [text()] * 4, "accessory": button()}),
        ("components", 0, "components"),
        "BASE_TYPE_MAX_LENGTH",
        "SectionComponentForMessageRequest/properties/components/maxItems",
    ),
    Case(
        "section-without-accessory",
        POST,
        v2({"type": 9, "components": [text()]}),
        ("components", 0, "accessory"),
        "BASE_TYPE_REQUIRED",
        "SectionComponentForMessageRequest/required",
    ),
    Case(
        "section-select-accessory",
        POST,
        v2({"type": 9, "components": [text()], "accessory": select()}),
        ("components", 0, "accessory", "type"),
        "UNION_TYPE_CHOICES",
        "SectionComponentForMessageRequest/properties/accessory/oneOf",
    ),
    Case(
        "text-display-empty",
        POST,
        v2(text("")),
        ("components", 0, "content"),
        "BASE_TYPE_BAD_LENGTH",
        "TextDisplayComponentForMessageRequest/properties/content/minLength",
    ),
    Case(
        "text-display-4001",
        POST,
        v2(text("t" * 4001)),
        ("components", 0, "content"),
        "BASE_TYPE_BAD_LENGTH",
        "TextDisplayComponentForMessageRequest/properties/content/maxLength",
    ),
    Case(
        "separator-spacing-3",
        POST,
        v2(text(), {"type": 14, "spacing": 3}),
        ("components", 1, "spacing"),
        "BASE_TYPE_CHOICES",
        "MessageComponentSeparatorSpacingSize/oneOf",
    ),
    Case(
        "container-colour-over-ffffff",
        POST,
        v2({"type": 17, "accent_color": 0x1000000, "components": [text()]}),
        ("components", 0, "accent_color"),
        "NUMBER_TYPE_MAX",
        "ContainerComponentForMessageRequest/properties/accent_color/maximum",
    ),
    Case(
        "container-empty",
        POST,
        v2({"type": 17, "components": []}),
        ("components", 0, "components"),
        "BASE_TYPE_MIN_LENGTH",
        "ContainerComponentForMessageRequest/properties/components/minItems",
    ),
    Case(
        "thumbnail-ftp",
        POST,
        v2(
            {
                "type": 9,
                "components": [text()],
                "accessory": {"type": 11, "media": {"url": "ftp://x.org/a.png"}},
            }
        ),
        ("components", 0, "accessory", "media", "url"),
        "URL_TYPE_INVALID_SCHEME",
        "UnfurledMediaRequest/properties/url/format",
    ),
    # -- edits ----------------------------------------------------------------------------------
    Case(
        "edit-flags-ephemeral",
        EDIT,
        {"content": "x", "flags": 64},
        ("flags",),
        "MESSAGE_FLAGS_INVALID",
        msg.EDIT_FLAGS,
        needs="message",
    ),
    Case(
        "edit-drops-v2-flag",
        EDIT,
        {"flags": 0, "components": [text()]},
        ("flags",),
        "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
        msg.V2_FLAG_STAYS,
        needs="v2-message",
    ),
    Case(
        "edit-v2-adds-content",
        EDIT,
        {"content": "Pot: 40"},
        ("content",),
        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
        msg.V2_NO_LEGACY,
        needs="v2-message",
    ),
    Case(
        "edit-content-2001",
        EDIT,
        {"content": "x" * 2001},
        ("content",),
        "BASE_TYPE_MAX_LENGTH",
        msg.CONTENT_LENGTH,
        needs="message",
    ),
    # -- interaction callbacks ----------------------------------------------------------------
    Case(
        "answer-content-2001",
        CALLBACK,
        message_answer(content="x" * 2001),
        ("data", "content"),
        "BASE_TYPE_MAX_LENGTH",
        "IncomingWebhookInteractionRequest/properties/content/maxLength",
        needs="command",
    ),
    Case(
        "answer-flags-crossposted",
        CALLBACK,
        message_answer(content="hi", flags=1),
        ("data", "flags"),
        "MESSAGE_FLAGS_INVALID",
        msg.CALLBACK_FLAGS,
        needs="command",
    ),
    Case(
        "answer-empty",
        CALLBACK,
        message_answer(content=""),
        None,
        "",
        msg.NOT_EMPTY,
        code=50006,
        needs="command",
    ),
    Case(
        "defer-suppress-embeds",
        CALLBACK,
        {"type": 5, "data": {"flags": 4}},
        ("data", "flags"),
        "MESSAGE_FLAGS_INVALID",
        msg.DEFERRED_FLAGS,
        needs="command",
    ),
    Case(
        "update-a-command",
        CALLBACK,
        {"type": 7, "data": {"content": "x"}},
        ("type",),
        "INTERACTION_CALLBACK_TYPE_INVALID",
        st.UPDATE_ONLY_COMPONENTS,
        needs="command",
    ),
    Case(
        "update-button-custom-id-twice",
        CALLBACK,
        {"type": 7, "data": {"components": [row(button("a"), button("a"))]}},
        ("data", "components", 0, "components", 1, "custom_id"),
        "COMPONENT_CUSTOM_ID_DUPLICATED",
        comp.CUSTOM_ID_UNIQUE,
        needs="component",
    ),
    Case(
        "update-a-form-not-sent-from-a-message",
        CALLBACK,
        {"type": 7, "data": {"content": "x"}},
        ("type",),
        "INTERACTION_CALLBACK_TYPE_INVALID",
        st.UPDATE_ONLY_COMPONENTS,
        needs="modal-submit",
    ),
    Case(
        "update-v2-message-with-content",
        CALLBACK,
        {"type": 7, "data": v2(text(), row(button()), content="Pot: 40")},
        ("data", "content"),
        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
        msg.V2_NO_LEGACY,
        needs="v2-component",
    ),
    Case(
        "update-v2-message-dropping-the-flag",
        CALLBACK,
        {"type": 7, "data": {"flags": 0, "components": [text(), row(button())]}},
        ("data", "flags"),
        "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
        msg.V2_FLAG_STAYS,
        needs="v2-component",
    ),
    Case(
        "update-ephemeral",
        CALLBACK,
        {"type": 7, "data": v2(text(), row(button()), flags=msg.IS_COMPONENTS_V2 | 64)},
        ("data", "flags"),
        "MESSAGE_FLAGS_INVALID",
        msg.EDIT_FLAGS,
        needs="v2-component",
    ),
    Case(
        "modal-on-modal",
        CALLBACK,
        modal(),
        ("type",),
        "INTERACTION_CALLBACK_TYPE_INVALID",
        st.NO_MODAL_ON_MODAL,
        needs="modal-submit",
    ),
    Case(
        "callback-type-3",
        CALLBACK,
        {"type": 3},
        ("type",),
        "UNION_TYPE_CHOICES",
        "/paths/~1interactions~1{interaction_id}~1{interaction_token}~1callback/post/"
        "requestBody/content/application~1json/schema/anyOf",
        needs="command",
    ),
    Case(
        "pong-to-a-command",
        CALLBACK,
        {"type": 1},
        ("type",),
        "INTERACTION_CALLBACK_TYPE_INVALID",
        st.CALLBACK_TYPE,
        needs="command",
    ),
    Case(
        "modal-title-46",
        CALLBACK,
        modal(title="t" * 46),
        ("data", "title"),
        "BASE_TYPE_BAD_LENGTH",
        "ModalInteractionCallbackRequestData/properties/title/maxLength",
        needs="command",
    ),
    Case(
        "modal-title-empty",
        CALLBACK,
        modal(title=""),
        ("data", "title"),
        "BASE_TYPE_BAD_LENGTH",
        "ModalInteractionCallbackRequestData/properties/title/minLength",
        needs="command",
    ),
    Case(
        "modal-custom-id-101",
        CALLBACK,
        modal(custom_id="m" * 101),
        ("data", "custom_id"),
        "BASE_TYPE_BAD_LENGTH",
        "ModalInteractionCallbackRequestData/properties/custom_id/maxLength",
        needs="command",
    ),
    Case(
        "modal-6-labels",
        CALLBACK,
        modal(*(label(text_input(f"i{i}")) for i in range(6))),
        ("data", "components"),
        "BASE_TYPE_MAX_LENGTH",
        comp.MODAL_COUNT,
        needs="command",
    ),
    Case(
        "modal-no-components",
        CALLBACK,
        {"type": 9, "data": {"custom_id": "raise", "title": "Raise", "components": []}},
        ("data", "components"),
        "BASE_TYPE_MIN_LENGTH",
        "ModalInteractionCallbackRequestData/properties/components/minItems",
        needs="command",
    ),
    Case(
        "label-46",
        CALLBACK,
        modal(label(label="l" * 46)),
        ("data", "components", 0, "label"),
        "BASE_TYPE_BAD_LENGTH",
        "LabelComponentForModalRequest/properties/label/maxLength",
        needs="command",
    ),
    Case(
        "label-description-101",
        CALLBACK,
        modal(label(description="d" * 101)),
        ("data", "components", 0, "description"),
        "BASE_TYPE_BAD_LENGTH",
        "LabelComponentForModalRequest/properties/description/maxLength",
        needs="command",
    ),
    Case(
        "label-without-component",
        CALLBACK,
        modal({"type": 18, "label": "Amount"}),
        ("data", "components", 0, "component"),
        "BASE_TYPE_REQUIRED",
        "LabelComponentForModalRequest/required",
        needs="command",
    ),
    Case(
        "label-holding-a-button",
        CALLBACK,
        modal(label(button())),
        ("data", "components", 0, "component", "type"),
        "UNION_TYPE_CHOICES",
        "LabelComponentForModalRequest/properties/component/oneOf",
        needs="command",
    ),
    Case(
        "text-input-style-3",
        CALLBACK,
        modal(label(text_input(style=3))),
        ("data", "components", 0, "component", "style"),
        "BASE_TYPE_CHOICES",
        "TextInputStyleTypes/oneOf",
        needs="command",
    ),
    Case(
        "text-input-placeholder-101",
        CALLBACK,
        modal(label(text_input(placeholder="p" * 101))),
        ("data", "components", 0, "component", "placeholder"),
        "BASE_TYPE_MAX_LENGTH",
        "TextInputComponentForModalRequest/properties/placeholder/maxLength",
        needs="command",
    ),
    Case(
        "text-input-max-4001",
        CALLBACK,
        modal(label(text_input(max_length=4001))),
        ("data", "components", 0, "component", "max_length"),
        "NUMBER_TYPE_MAX",
        "TextInputComponentForModalRequest/properties/max_length/maximum",
        needs="command",
    ),
    Case(
        "text-input-min-negative",
        CALLBACK,
        modal(label(text_input(min_length=-1))),
        ("data", "components", 0, "component", "min_length"),
        "NUMBER_TYPE_MIN",
        "TextInputComponentForModalRequest/properties/min_length/minimum",
        needs="command",
    ),
    Case(
        "text-input-without-custom-id",
        CALLBACK,
        modal(label({"type": 4, "style": 1})),
        ("data", "components", 0, "component", "custom_id"),
        "BASE_TYPE_REQUIRED",
        "TextInputComponentForModalRequest/required",
        needs="command",
    ),
    Case(
        "modal-select-disabled",
        CALLBACK,
        modal(label(select(disabled=True))),
        ("data", "components", 0, "component", "disabled"),
        "MODAL_COMPONENT_DISABLED",
        comp.MODAL_NO_DISABLED,
        needs="command",
    ),
    Case(
        "modal-select-min-0",
        CALLBACK,
        modal(label(select(min_values=0))),
        ("data", "components", 0, "component", "min_values"),
        "SELECT_COMPONENT_MIN_VALUES_REQUIRED",
        comp.MODAL_REQUIRED_MIN,
        needs="command",
    ),
    Case(
        "modal-custom-id-twice",
        CALLBACK,
        modal(label(text_input("a")), label(text_input("a"))),
        ("data", "components", 1, "component", "custom_id"),
        "COMPONENT_CUSTOM_ID_DUPLICATED",
        comp.CUSTOM_ID_UNIQUE,
        needs="command",
    ),
    Case(
        "modal-row-with-select",
        CALLBACK,
        modal(row(select(style=1))),
        ("data", "components", 0, "components", 0, "type"),
        "BASE_TYPE_CHOICES",
        "TextInputComponentForModalRequest/properties/type/enum",
        needs="command",
    ),
    # -- followups and edits through the token ------------------------------------------------
    Case(
        "followup-flags-crossposted",
        FOLLOWUP,
        {"content": "hi", "flags": 1},
        ("flags",),
        "MESSAGE_FLAGS_INVALID",
        msg.FOLLOWUP_FLAGS,
        needs="answered",
    ),
    Case(
        "followup-embed-colour",
        FOLLOWUP,
        {"embeds": [embed(color=2**24)]},
        ("embeds", 0, "color"),
        "NUMBER_TYPE_MAX",
        "RichEmbed/properties/color/maximum",
        needs="answered",
    ),
    Case(
        "webhook-edit-flags-ephemeral",
        WEBHOOK_EDIT,
        {"content": "x", "flags": 64},
        ("flags",),
        "MESSAGE_FLAGS_INVALID",
        msg.WEBHOOK_EDIT_FLAGS,
        needs="answered",
    ),
    # -- files ----------------------------------------------------------------------------------
    Case(
        "files-11",
        POST,
        {"content": "hands"},
        None,
        "",
        msg.FILES_COUNT,
        code=30015,
        files=tuple((f"hand{i}.txt", 10) for i in range(11)),
    ),
    Case(
        "file-over-10-mib",
        POST,
        {"content": "hand"},
        None,
        "",
        msg.FILE_SIZE,
        status=413,
        code=40005,
        files=(("big.png", 10 * MIB + 1),),
    ),
    Case(
        "request-over-25-mib",
        POST,
        {"content": "hands"},
        None,
        "",
        msg.REQUEST_SIZE,
        status=413,
        code=40005,
        files=tuple((f"h{i}.png", 9 * MIB) for i in range(3)),
    ),
    Case(
        "file-without-attach-files",
        POST,
        {"content": "hand"},
        None,
        "",
        thr.ATTACH,
        status=403,
        code=50013,
        needs="no-attach",
        files=(("hand.txt", 10),),
    ),
    # -- channel permissions and threads --------------------------------------------------------
    Case(
        "post-without-send-messages",
        POST,
        {"content": "hi"},
        None,
        "",
        thr.SEND,
        status=403,
        code=50013,
        needs="no-send",
    ),
    Case(
        "post-without-view-channel",
        POST,
        {"content": "hi"},
        None,
        "",
        thr.VIEW,
        status=403,
        code=50001,
        needs="no-view",
    ),
    Case(
        "thread-name-101",
        THREADS,
        {"name": "n" * 101, "type": 11},
        ("name",),
        "BASE_TYPE_BAD_LENGTH",
        "CreateTextThreadWithoutMessageRequest/properties/name/maxLength",
    ),
    Case(
        "thread-archive-100",
        THREADS,
        {"name": "Table", "type": 11, "auto_archive_duration": 100},
        ("auto_archive_duration",),
        "BASE_TYPE_CHOICES",
        "ThreadAutoArchiveDuration/oneOf",
    ),
    Case(
        "thread-type-13",
        THREADS,
        {"name": "Table", "type": 13},
        ("type",),
        "BASE_TYPE_CHOICES",
        "CreateTextThreadWithoutMessageRequest/properties/type/oneOf/1/enum",
    ),
    Case(
        "thread-in-a-thread",
        THREADS,
        {"name": "Table", "type": 11},
        None,
        "",
        thr.NOT_IN_THREAD,
        code=50024,
        needs="thread",
    ),
    Case(
        "second-thread-on-a-message",
        MESSAGE_THREAD,
        {"name": "Table"},
        None,
        "",
        thr.ONE_PER_MESSAGE,
        code=160004,
        needs="message-with-thread",
    ),
    Case(
        "public-thread-without-permission",
        THREADS,
        {"name": "Table", "type": 11},
        None,
        "",
        thr.CREATE_PERMISSION,
        status=403,
        code=50013,
        needs="no-threads",
    ),
    Case(
        "private-thread-in-announcements",
        THREADS,
        {"name": "Table", "type": 12},
        None,
        "",
        thr.PRIVATE_IN_TEXT,
        code=50024,
        needs="announcements",
    ),
    Case(
        "post-in-thread-without-permission",
        POST,
        {"content": "hi"},
        None,
        "",
        thr.SEND_IN_THREAD,
        status=403,
        code=50013,
        needs="thread-no-send",
    ),
    Case(
        "post-in-locked-thread",
        POST,
        {"content": "hi"},
        None,
        "",
        thr.LOCKED,
        status=403,
        code=160005,
        needs="locked-thread",
    ),
    Case(
        "edit-in-archived-thread",
        EDIT,
        {"content": "hi"},
        None,
        "",
        thr.ARCHIVED,
        code=50083,
        needs="archived-thread",
    ),
    # -- application emojis ---------------------------------------------------------------------
    Case(
        "emoji-name-1",
        EMOJIS,
        {"name": "a", "image": png(100)},
        ("name",),
        "BASE_TYPE_BAD_LENGTH",
        "/paths/~1applications~1{application_id}~1emojis/post/requestBody/content/"
        "application~1json/schema/properties/name/minLength",
    ),
    Case(
        "emoji-name-33",
        EMOJIS,
        {"name": "a" * 33, "image": png(100)},
        ("name",),
        "BASE_TYPE_BAD_LENGTH",
        "/paths/~1applications~1{application_id}~1emojis/post/requestBody/content/"
        "application~1json/schema/properties/name/maxLength",
    ),
    Case(
        "emoji-without-image",
        EMOJIS,
        {"name": "ace_spades"},
        ("image",),
        "BASE_TYPE_REQUIRED",
        "/paths/~1applications~1{application_id}~1emojis/post/requestBody/content/"
        "application~1json/schema/required",
    ),
    Case(
        "emoji-over-256-kib",
        EMOJIS,
        {"name": "ace_spades", "image": png(256 * 1024 + 1)},
        ("image",),
        "BINARY_TYPE_MAX_SIZE",
        emo.EMOJI_SIZE,
    ),
    Case(
        "emoji-not-a-data-uri",
        EMOJIS,
        {"name": "ace_spades", "image": "https://x.org/a.png"},
        ("image",),
        "IMAGE_INVALID",
        emo.EMOJI_IMAGE,
    ),
    Case(
        "emoji-gif-called-png",
        EMOJIS,
        {
            "name": "ace_spades",
            "image": "data:image/png;base64," + base64.b64encode(b"GIF89a" + b"\0" * 20).decode(),
        },
        ("image",),
        "IMAGE_INVALID",
        emo.EMOJI_IMAGE,
    ),
    Case(
        "emoji-name-dash",
        EMOJIS,
        {"name": "ace-spades", "image": png(100)},
        ("name",),
        "EMOJI_NAME_INVALID",
        emo.EMOJI_NAME,
    ),
    Case(
        "emoji-name-taken",
        EMOJIS,
        {"name": "ace_spades", "image": png(100)},
        ("name",),
        "APPLICATION_EMOJI_NAME_ALREADY_TAKEN",
        emo.EMOJI_NAME,
        needs="emoji",
    ),
    Case(
        "emoji-2001",
        EMOJIS,
        {"name": "ace_spades", "image": png(100)},
        None,
        "",
        emo.EMOJI_COUNT,
        code=30008,
        needs="2000-emojis",
    ),
    Case(
        "emoji-rename-1",
        EMOJI,
        {"name": "a"},
        ("name",),
        "BASE_TYPE_BAD_LENGTH",
        "/paths/~1applications~1{application_id}~1emojis~1{emoji_id}/patch/requestBody/"
        "content/application~1json/schema/properties/name/minLength",
        needs="emoji",
    ),
    Case(
        "scheduled-event-external-without-end",
        EVENTS,
        {
            "name": "Friday freezeout",
            "scheduled_start_time": "2026-12-12T19:00:00+00:00",
            "privacy_level": 2,
            "entity_type": 3,
            "entity_metadata": {"location": "#poker"},
        },
        ("scheduled_end_time",),
        "BASE_TYPE_REQUIRED",
        sev.EXTERNAL_NEEDS,
    ),
    Case(
        "scheduled-event-completed-before-active",
        EVENT,
        {"status": 3},
        ("status",),
        "GUILD_SCHEDULED_EVENT_INVALID_STATUS_TRANSITION",
        sev.STATUS_MOVES,
        needs="scheduled-event",
    ),
]


#: Payloads Discord's docs show as valid (components reference, application commands,
#: allowed mentions), as (route, body, what must exist first): the fake must accept them.
ACCEPTED: list[tuple[str, str, Any, str]] = [
    (
        "docs-container",
        POST,
        v2(
            {
                "type": 17,
                "accent_color": 703487,
                "components": [
                    text("# You have encountered a wild coyote!"),
                    {
                        "type": 12,
                        "items": [{"media": {"url": "https://example.com/coyote.webp"}}],
                    },
                    text("What would you like to do?"),
                    row(button("pet_coyote", label="Pet it!"), button("run_away", style=4)),
                ],
            }
        ),
        "",
    ),
    (
        "docs-section-thumbnail",
        POST,
        v2(
            {
                "type": 9,
                "components": [text("# Real Game v7.3"), text("Hope you're excited!")],
                "accessory": {"type": 11, "media": {"url": "https://example.com/preview.webp"}},
            }
        ),
        "",
    ),
    (
        "docs-separator",
        POST,
        v2(text("It's dangerous to go alone!"), {"type": 14, "divider": True, "spacing": 1}),
        "",
    ),
    (
        "docs-legacy-buttons",
        POST,
        {"content": "This is a message with legacy components", "components": [row(button())]},
        "",
    ),
    (
        "docs-mentions",
        POST,
        {
            "content": "@here Hi <@1234>",
            "allowed_mentions": {"parse": ["everyone"], "users": ["1234"]},
        },
        "",
    ),
    (
        "table-update-from-a-click",  # what the table's edit sends as a click's answer
        CALLBACK,
        {
            "type": 7,
            "data": v2(
                {"type": 17, "accent_color": 703487, "components": [text()]},
                row(button("call", label="Call 10")),
                content=None,
                embeds=[],
                allowed_mentions={"parse": [], "users": [], "roles": [], "replied_user": False},
            ),
        },
        "v2-component",
    ),
    (
        "table-update-from-a-form",  # the bet/raise form, sent from the table message
        CALLBACK,
        {"type": 7, "data": v2(text("Ann raises to 40"), row(button("call", label="Call 40")))},
        "v2-modal-submit",
    ),
    (
        "docs-label-modal",
        CALLBACK,
        modal(label(text_input("game_title", style=1, min_length=1, max_length=4000))),
        "command",
    ),
    (
        "docs-localized-command",
        COMMANDS,
        commands(
            command(
                name="birthday",
                description="Wish a friend a happy birthday",
                name_localizations={"zh-CN": "生日", "el": "γενέθλια"},
                description_localizations={"zh-CN": "祝你朋友生日快乐"},
                options=[option("age", name_localizations={"zh-CN": "岁数"})],
            )
        ),
        "",
    ),
    (
        "docs-emoji",
        EMOJIS,
        {"name": "ace_of_spades", "image": png(1000)},
        "",
    ),
]
