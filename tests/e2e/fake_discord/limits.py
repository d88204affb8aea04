"""The size and shape limits Discord enforces on messages, components and modals.

Each check adds every violation to a `FormErrors`, so one refused request
reports all its bad fields the way Discord's 400 / 50035 answer does.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .errors import CANNOT_SEND_EMPTY_MESSAGE, ApiError, FormErrors

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
EMBEDS_TOTAL_CHARS_MAX = 6000
ACTION_ROWS_MAX = 5
BUTTONS_PER_ROW_MAX = 5
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_OPTIONS_MAX = 25
SELECT_PLACEHOLDER_MAX = 150
SELECT_OPTION_TEXT_MAX = 100
MODAL_TITLE_MAX = 45
MODAL_COMPONENTS_MAX = 5
TEXT_INPUT_LABEL_MAX = 45
TEXT_INPUT_VALUE_MAX = 4000
COMPONENTS_V2_TOTAL_MAX = 40
COMPONENTS_V2_FLAG = 1 << 15

ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
SELECT_TYPES = {3, 5, 6, 7, 8}
LABEL = 18
LINK_STYLE = 5
PREMIUM_STYLE = 6

Path = tuple[str | int, ...]


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component in a tree, containers before what they contain."""
    for component in components:
        yield component
        yield from walk_components(component.get("components") or [])
        for key in ("component", "accessory"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


def check_message(payload: Mapping[str, Any], *, new_files: int, creating: bool) -> None:
    """Refuse a message create/edit body that Discord would refuse."""
    errors = FormErrors()
    content = payload.get("content")
    embeds = payload.get("embeds") or []
    components = payload.get("components") or []
    flags = int(payload.get("flags") or 0)

    if content is not None and len(str(content)) > CONTENT_MAX:
        errors.too_long(("content",), CONTENT_MAX)
    _check_embeds(embeds, errors)
    if flags & COMPONENTS_V2_FLAG:
        if content or embeds:
            errors.add(
                ("content",),
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "The 'content' and 'embeds' fields cannot be used with components v2.",
            )
        total = sum(1 for _ in walk_components(components))
        if total > COMPONENTS_V2_TOTAL_MAX:
            errors.too_many(("components",), COMPONENTS_V2_TOTAL_MAX)
        _check_custom_ids(components, errors)
    else:
        _check_action_rows(components, errors)
    errors.raise_if_any()

    if creating and not (content or embeds or components or new_files or payload.get("poll")):
        raise ApiError(400, CANNOT_SEND_EMPTY_MESSAGE, "Cannot send an empty message")


def _check_embeds(embeds: list[dict[str, Any]], errors: FormErrors) -> None:
    if len(embeds) > EMBEDS_MAX:
        errors.too_many(("embeds",), EMBEDS_MAX)
    total = 0
    for index, embed in enumerate(embeds):
        path: Path = ("embeds", index)
        total += _check_text(embed.get("title"), (*path, "title"), EMBED_TITLE_MAX, errors)
        total += _check_text(
            embed.get("description"), (*path, "description"), EMBED_DESCRIPTION_MAX, errors
        )
        footer = embed.get("footer") or {}
        total += _check_text(
            footer.get("text"), (*path, "footer", "text"), EMBED_FOOTER_MAX, errors
        )
        author = embed.get("author") or {}
        total += _check_text(
            author.get("name"), (*path, "author", "name"), EMBED_AUTHOR_MAX, errors
        )
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS_MAX:
            errors.too_many((*path, "fields"), EMBED_FIELDS_MAX)
        for field_index, field in enumerate(fields):
            field_path: Path = (*path, "fields", field_index)
            for key, limit in (("name", EMBED_FIELD_NAME_MAX), ("value", EMBED_FIELD_VALUE_MAX)):
                text = field.get(key)
                if text is None or str(text) == "":
                    errors.required((*field_path, key))
                total += _check_text(text, (*field_path, key), limit, errors)
    if total > EMBEDS_TOTAL_CHARS_MAX:
        errors.add(
            ("embeds",),
            "MAX_EMBED_SIZE_EXCEEDED",
            f"Embed size exceeds maximum size of {EMBEDS_TOTAL_CHARS_MAX}",
        )


def _check_text(value: Any, path: Path, limit: int, errors: FormErrors) -> int:
    if value is None:
        return 0
    length = len(str(value))
    if length > limit:
        errors.too_long(path, limit)
    return length


def _check_action_rows(rows: list[dict[str, Any]], errors: FormErrors) -> None:
    if len(rows) > ACTION_ROWS_MAX:
        errors.too_many(("components",), ACTION_ROWS_MAX)
    for row_index, row in enumerate(rows):
        path: Path = ("components", row_index)
        if row.get("type") != ACTION_ROW:
            errors.add((*path, "type"), "UNION_TYPE_CHOICES", "Value must be an action row.")
            continue
        children = row.get("components") or []
        if not children:
            errors.required((*path, "components"))
        selects = [c for c in children if c.get("type") in SELECT_TYPES]
        buttons = [c for c in children if c.get("type") == BUTTON]
        if selects and len(children) > 1:
            errors.add(
                (*path, "components"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            )
        if len(buttons) > BUTTONS_PER_ROW_MAX:
            errors.too_many((*path, "components"), BUTTONS_PER_ROW_MAX)
        for child_index, child in enumerate(children):
            _check_component(child, (*path, "components", child_index), errors)
    _check_custom_ids(rows, errors)


def _check_component(component: dict[str, Any], path: Path, errors: FormErrors) -> None:
    kind = component.get("type")
    if kind == BUTTON:
        _check_text(component.get("label"), (*path, "label"), BUTTON_LABEL_MAX, errors)
        style = component.get("style")
        if style == LINK_STYLE:
            if not component.get("url"):
                errors.required((*path, "url"))
        elif style != PREMIUM_STYLE:
            _check_custom_id(component, path, errors)
    elif kind in SELECT_TYPES:
        _check_custom_id(component, path, errors)
        _check_text(
            component.get("placeholder"), (*path, "placeholder"), SELECT_PLACEHOLDER_MAX, errors
        )
        if kind == STRING_SELECT:
            options = component.get("options") or []
            if not options:
                errors.required((*path, "options"))
            if len(options) > SELECT_OPTIONS_MAX:
                errors.too_many((*path, "options"), SELECT_OPTIONS_MAX)
            for option_index, option in enumerate(options):
                for key in ("label", "value"):
                    _check_text(
                        option.get(key),
                        (*path, "options", option_index, key),
                        SELECT_OPTION_TEXT_MAX,
                        errors,
                    )
        low = int(component.get("min_values", 1))
        high = int(component.get("max_values", 1))
        if not 0 <= low <= SELECT_OPTIONS_MAX:
            errors.add((*path, "min_values"), "NUMBER_TYPE_MAX", "Must be between 0 and 25.")
        if not 1 <= high <= SELECT_OPTIONS_MAX or high < low:
            errors.add((*path, "max_values"), "NUMBER_TYPE_MAX", "Must be between 1 and 25.")


def _check_custom_id(component: dict[str, Any], path: Path, errors: FormErrors) -> None:
    custom_id = component.get("custom_id")
    if not custom_id:
        errors.required((*path, "custom_id"))
    elif len(str(custom_id)) > CUSTOM_ID_MAX:
        errors.too_long((*path, "custom_id"), CUSTOM_ID_MAX)


def _check_custom_ids(components: list[dict[str, Any]], errors: FormErrors) -> None:
    seen: set[str] = set()
    for component in walk_components(components):
        custom_id = component.get("custom_id")
        if custom_id is None:
            continue
        if not 1 <= len(str(custom_id)) <= CUSTOM_ID_MAX:
            errors.add(
                ("components",), "BASE_TYPE_BAD_LENGTH", "custom_id must be 1-100 characters."
            )
        if custom_id in seen:
            errors.add(
                ("components",),
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            )
        seen.add(custom_id)


def check_modal(data: Mapping[str, Any]) -> None:
    """Refuse a modal (callback type 9) that Discord would refuse."""
    errors = FormErrors()
    title = data.get("title")
    if not title:
        errors.required(("data", "title"))
    elif len(str(title)) > MODAL_TITLE_MAX:
        errors.too_long(("data", "title"), MODAL_TITLE_MAX)
    custom_id = data.get("custom_id")
    if not custom_id or len(str(custom_id)) > CUSTOM_ID_MAX:
        errors.add(("data", "custom_id"), "BASE_TYPE_BAD_LENGTH", "Must be 1-100 characters.")
    components = data.get("components") or []
    if not 1 <= len(components) <= MODAL_COMPONENTS_MAX:
        errors.add(("data", "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5.")
    for index, component in enumerate(walk_components(components)):
        path: Path = ("data", "components", index)
        if component.get("type") == TEXT_INPUT:
            _check_custom_id(component, path, errors)
            _check_text(component.get("label"), (*path, "label"), TEXT_INPUT_LABEL_MAX, errors)
            _check_text(component.get("value"), (*path, "value"), TEXT_INPUT_VALUE_MAX, errors)
    _check_custom_ids(components, errors)
    errors.raise_if_any()
