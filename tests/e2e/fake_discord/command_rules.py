"""What Discord refuses in a bulk overwrite of application commands (``PUT .../commands``).

The spec checks each command's shape: name 1–32 and description up to 100
characters, at most 25 options and 25 choices, value types, at most 130
commands. The docs add: the naming regex and lowercase names of slash
commands, a description for slash commands, required options before optional
ones, unique names (commands per type, options per level), subcommands that do
not nest beyond groups and are never "required", no choices with autocomplete,
localisation keys that are Discord locales, 100 slash commands (15 user, 15
message), and 8000 characters per command in all.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from . import schema
from .errors import MAX_APPLICATION_COMMANDS, ApiError, FormErrors, Path
from .rules import rule

CHAT_INPUT, USER, MESSAGE = 1, 2, 3
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
COMMANDS_MAX = {CHAT_INPUT: 100, USER: 15, MESSAGE: 15}
COMMAND_SIZE_MAX = 8000
#: Discord's locales (reference.mdx#locales).
LOCALES = frozenset(
    [
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    ]
)

PAGE = "interactions/application-commands.mdx"

NAME_REGEX = rule(
    "command.name-regex",
    PAGE + "#application-command-object-application-command-naming",
    "CHAT_INPUT command names and command option names must match the following regex "
    "^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$ with the unicode flag set.",
    observed="APPLICATION_COMMAND_INVALID_NAME, 'Command name is invalid' "
    "(github.com/Garlic-Team/gcommands/issues/295)",
)
NAME_LOWERCASE = rule(
    "command.name-lowercase",
    PAGE + "#application-command-object-application-command-naming",
    "If there is a lowercase variant of any letters used, you must use those.",
)
DESCRIPTION = rule(
    "command.description",
    PAGE + "#application-command-object-application-command-structure",
    "description: Description for CHAT_INPUT commands, 1-100 characters. Empty string for "
    "USER and MESSAGE commands",
)
REQUIRED_FIRST = rule(
    "command.required-before-optional",
    PAGE + "#application-command-object-application-command-option-structure",
    "Required options must be listed before optional options",
    observed="APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID, 'Required options must be placed "
    "before non-required options' (github.com/discord/discord-api-docs/issues/5615)",
)
OPTION_NAMES_UNIQUE = rule(
    "command.option-names-unique",
    PAGE + "#application-command-object-application-command-option-structure",
    "name must be unique within an array of application command options.",
)
COMMAND_NAMES_UNIQUE = rule(
    "command.names-unique",
    PAGE + "#registering-a-command",
    "Command names are unique per application, per type, within each scope (global and guild).",
)
COMMAND_COUNT = rule(
    "command.count",
    PAGE + "#registering-a-command",
    "An app can have the following number of commands: 100 global CHAT_INPUT commands, "
    "15 global USER commands, 15 global MESSAGE commands ... the same amount of "
    "guild-specific commands per guild.",
)
COMMAND_SIZE = rule(
    "command.size-8000",
    PAGE + "#slash-commands",
    "Slash commands can have a maximum of 8000 characters for combined name, description, and "
    "value properties for each command, its options (including subcommands and groups), and "
    "choices. When localization fields are present, only the longest localization for each "
    "field (including the default value) is counted towards the size limit.",
)
LOCALE_KEYS = rule(
    "command.locale-keys",
    PAGE + "#application-command-object-application-command-structure",
    "name_localizations: dictionary with keys in available locales (reference.mdx#locales)",
)
OPTIONS_ONLY_CHAT_INPUT = rule(
    "command.options-chat-input-only",
    PAGE + "#application-command-object-application-command-structure",
    "options can only be set for application commands of type CHAT_INPUT.",
)
SUBCOMMAND_NOT_REQUIRED = rule(
    "command.subcommand-required",
    PAGE + "#application-command-object-application-command-option-structure",
    "required?: Whether the parameter is required or optional ... Valid Option Types: all but "
    "SUB_COMMAND and SUB_COMMAND_GROUP",
)
SUBCOMMAND_MIX = rule(
    "command.subcommand-mix",
    PAGE + "#subcommands-and-subcommand-groups",
    "Using subcommands or subcommand groups will make your base command unusable.",
)
AUTOCOMPLETE_CHOICES = rule(
    "command.autocomplete-choices",
    PAGE + "#application-command-object-application-command-option-structure",
    "autocomplete may not be set to true if choices are present.",
)
CHOICE_VALUE_LENGTH = rule(
    "command.choice-value-length",
    PAGE + "#application-command-object-application-command-option-choice-structure",
    "value: string, integer, or double: Value for the choice, up to 100 characters if string",
    observed="the spec allows 6000 (ApplicationCommandOptionStringChoice); the docs and "
    "Discord hold a string choice's value to 100",
)
#: The longest value a string choice may have (:data:`CHOICE_VALUE_LENGTH`).
CHOICE_VALUE_MAX = 100
LOCALIZED_OPTION_NAMES = rule(
    "command.localized-option-names",
    PAGE + "#localization",
    "Localized option names are subject to an additional constraint, which is that they must "
    "be distinct from all other default option names of that command, as well as all other "
    "option names within that locale on that command.",
)

INVALID_NAME = ("APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")


def check_commands(body: Any) -> None:
    """Refuse a bulk overwrite Discord would refuse (400 / 50035, or 30032 for too many)."""
    errors = FormErrors()
    route = "/applications/{application_id}/commands"
    schema.check_body(route, "put", body, errors)
    if not isinstance(body, list):
        errors.raise_if_any()
        return
    commands = [c for c in body if isinstance(c, Mapping)]
    seen: dict[tuple[int, str], int] = {}
    for index, command in enumerate(body):
        if not isinstance(command, Mapping):
            continue
        kind = _int(command.get("type"), CHAT_INPUT)
        name = command.get("name")
        if isinstance(name, str):
            key = (kind, name)
            if key in seen:
                errors.add(
                    (index, "name"),
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    f"Application command names must be unique (duplicate of {seen[key]}).",
                    COMMAND_NAMES_UNIQUE.source,
                )
            seen.setdefault(key, index)
        _check_command(command, kind, (index,), errors)
    errors.raise_if_any()
    for kind, most in COMMANDS_MAX.items():
        if sum(1 for c in commands if _int(c.get("type"), CHAT_INPUT) == kind) > most:
            raise ApiError(
                400,
                MAX_APPLICATION_COMMANDS,
                "Maximum number of application commands reached",
                sources=(COMMAND_COUNT.source,),
            )


def _check_command(command: Mapping[str, Any], kind: int, path: Path, errors: FormErrors) -> None:
    if kind == CHAT_INPUT:
        _check_name(command.get("name"), (*path, "name"), errors)
        for locale, text in _localized(command, "name"):
            _check_name(text, (*path, "name_localizations", locale), errors)
        if not command.get("description"):
            errors.required((*path, "description"), DESCRIPTION.source)
    _check_locale_keys(command, path, errors)
    options = command.get("options")
    if options and kind != CHAT_INPUT:
        errors.add(
            (*path, "options"),
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Only CHAT_INPUT commands can have options.",
            OPTIONS_ONLY_CHAT_INPUT.source,
        )
        return
    if isinstance(options, list):
        _check_options(options, (*path, "options"), errors, depth=0)
        _check_localized_option_names(options, (*path, "options"), errors)
    if kind == CHAT_INPUT and _size(command) > COMMAND_SIZE_MAX:
        errors.add(
            path,
            "APPLICATION_COMMAND_TOO_LARGE",
            f"Command exceeds maximum size ({COMMAND_SIZE_MAX})",
            COMMAND_SIZE.source,
        )


def _check_options(options: list[Any], path: Path, errors: FormErrors, *, depth: int) -> None:
    names: set[str] = set()
    optional_seen = False
    kinds = [o.get("type") for o in options if isinstance(o, Mapping)]
    nested = [k for k in kinds if k in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if nested and len(nested) != len(kinds):
        errors.add(
            path,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Subcommands and subcommand groups cannot be mixed with other options.",
            SUBCOMMAND_MIX.source,
        )
    for index, option in enumerate(options):
        if not isinstance(option, Mapping):
            continue
        here = (*path, index)
        kind = option.get("type")
        _check_name(option.get("name"), (*here, "name"), errors)
        for locale, text in _localized(option, "name"):
            _check_name(text, (*here, "name_localizations", locale), errors)
        _check_locale_keys(option, here, errors)
        name = option.get("name")
        if isinstance(name, str):
            if name in names:
                errors.add(
                    (*here, "name"),
                    "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                    "Option names must be unique.",
                    OPTION_NAMES_UNIQUE.source,
                )
            names.add(name)
        if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
            if option.get("required"):
                errors.add(
                    (*here, "required"),
                    "APPLICATION_COMMAND_OPTION_REQUIRED_INVALID",
                    "Subcommands and subcommand groups cannot be required.",
                    SUBCOMMAND_NOT_REQUIRED.source,
                )
            children = option.get("options")
            if isinstance(children, list):
                _check_options(children, (*here, "options"), errors, depth=depth + 1)
            continue
        if option.get("required"):
            if optional_seen:
                errors.add(
                    here,
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                    REQUIRED_FIRST.source,
                )
        else:
            optional_seen = True
        if option.get("autocomplete") and option.get("choices"):
            errors.add(
                (*here, "autocomplete"),
                "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_WITH_CHOICES",
                "Autocomplete cannot be enabled on an option with choices.",
                AUTOCOMPLETE_CHOICES.source,
            )
        for choice_index, choice in enumerate(option.get("choices") or []):
            if isinstance(choice, Mapping):
                _check_locale_keys(choice, (*here, "choices", choice_index), errors)
                value = choice.get("value")
                if isinstance(value, str) and len(value) > CHOICE_VALUE_MAX:
                    errors.too_long(
                        (*here, "choices", choice_index, "value"),
                        CHOICE_VALUE_MAX,
                        CHOICE_VALUE_LENGTH.source,
                    )


def _check_name(name: Any, path: Path, errors: FormErrors) -> None:
    if not isinstance(name, str) or not name:
        return  # the spec refused it
    if not all(_name_char(c) for c in name):
        errors.add(path, *INVALID_NAME, NAME_REGEX.source)
    elif name != name.lower():
        errors.add(path, *INVALID_NAME, NAME_LOWERCASE.source)


def _name_char(char: str) -> bool:
    if char in "-_'":
        return True
    if unicodedata.category(char)[0] in "LN":
        return True
    code = ord(char)
    return 0x0900 <= code <= 0x097F or 0x0E00 <= code <= 0x0E7F  # Devanagari, Thai


def _localized(holder: Mapping[str, Any], key: str) -> list[tuple[str, Any]]:
    table = holder.get(f"{key}_localizations")
    return list(table.items()) if isinstance(table, Mapping) else []


def _check_locale_keys(holder: Mapping[str, Any], path: Path, errors: FormErrors) -> None:
    for key in ("name_localizations", "description_localizations"):
        table = holder.get(key)
        if not isinstance(table, Mapping):
            continue
        for locale in table:
            if locale not in LOCALES:
                errors.add(
                    (*path, key, locale),
                    "BASE_TYPE_CHOICES",
                    f"Value must be one of {tuple(sorted(LOCALES))}.",
                    LOCALE_KEYS.source,
                )


def _check_localized_option_names(options: list[Any], path: Path, errors: FormErrors) -> None:
    """Per level: a localised option name clashes with no default name nor another of its locale."""
    flat = [o for o in options if isinstance(o, Mapping)]
    defaults = {o.get("name") for o in flat}
    by_locale: dict[str, set[str]] = {}
    for index, option in enumerate(flat):
        for locale, text in _localized(option, "name"):
            if not isinstance(text, str):
                continue
            clash = (text in defaults and text != option.get("name")) or text in by_locale.get(
                locale, set()
            )
            if clash:
                errors.add(
                    (*path, index, "name_localizations", locale),
                    "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                    "Localized option names must be unique.",
                    LOCALIZED_OPTION_NAMES.source,
                )
            by_locale.setdefault(locale, set()).add(text)
    for index, option in enumerate(flat):
        children = option.get("options")
        if isinstance(children, list):
            _check_localized_option_names(children, (*path, index, "options"), errors)


def _size(node: Mapping[str, Any]) -> int:
    """Name, description and values, the longest localisation of each, all the way down."""
    total = 0
    for key in ("name", "description"):
        texts = [node.get(key)] + [t for _, t in _localized(node, key)]
        total += max((len(t) for t in texts if isinstance(t, str)), default=0)
    value = node.get("value")
    if value is not None:
        total += len(str(value))
    for child_key in ("options", "choices"):
        for child in node.get(child_key) or []:
            if isinstance(child, Mapping):
                total += _size(child)
    return total


def _int(value: Any, default: int) -> int:
    try:
        return int(value) if value is not None else default
    except (TypeError, ValueError):
        return default
