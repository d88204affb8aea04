"""Message components and modals: their types, and the rules the docs add to the spec.

The spec (`schema.py`) already refuses a wrong type, a missing field, a label
of 81 characters, six buttons in a row or a 26th select option. The rules here
are the ones written only in prose in Discord's components reference: which
fields a button of each style may carry, a select alone in its row, unique
custom ids and select values, the components-v2 layout that needs the
``IS_COMPONENTS_V2`` flag, at most 40 components in all, and modals of 1–5
components without disabled ones.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .errors import FormErrors, Path
from .rules import rule

ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
USER_SELECT = 5
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE = 13
SEPARATOR = 14
CONTAINER = 17
LABEL = 18
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
#: Components that exist only with the IS_COMPONENTS_V2 flag (message layout).
V2_ONLY = frozenset({SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER})
LINK_STYLE = 5
PREMIUM_STYLE = 6
COMPONENTS_V2_TOTAL_MAX = 40
LEGACY_ROWS_MAX = 5
MODAL_COMPONENTS_MAX = 5

PAGE = "components/reference.mdx"

BUTTON_NEEDS_CUSTOM_ID = rule(
    "button.custom-id",
    PAGE + "#button",
    "Non-link and non-premium buttons must have a custom_id, and cannot have a url or a sku_id.",
)
LINK_BUTTON_NEEDS_URL = rule(
    "button.link-url",
    PAGE + "#button",
    "Link buttons must have a url, and cannot have a custom_id.",
)
PREMIUM_BUTTON_FIELDS = rule(
    "button.premium",
    PAGE + "#button",
    "Premium buttons must contain a sku_id, and cannot have a custom_id, label, url, or emoji.",
)
ROW_WIDTH = rule(
    "action-row.width",
    PAGE + "#action-row",
    "Action Rows can contain one of the following: Up to 5 contextually grouped buttons; "
    "A single select component",
    observed="COMPONENT_LAYOUT_WIDTH_EXCEEDED, 'The specified component exceeds the maximum "
    "width' (github.com/dotnize/Dodong/issues/28)",
)
CUSTOM_ID_UNIQUE = rule(
    "component.custom-id-unique",
    PAGE + "#anatomy-of-a-component-custom-id",
    "Multiple components on the same message must not share the same custom_id.",
    observed="COMPONENT_CUSTOM_ID_DUPLICATED, 'Component custom id cannot be duplicated' "
    "(github.com/AntyBot/anty-support/issues/27)",
)
COMPONENT_ID_UNIQUE = rule(
    "component.id-unique",
    PAGE + "#anatomy-of-a-component",
    "The id must be unique within the message.",
)
SELECT_VALUES_UNIQUE = rule(
    "select.option-values-unique",
    PAGE + "#string-select",
    "value: Dev-defined value of the option; max 100 characters",
    observed="SELECT_COMPONENT_OPTION_VALUE_DUPLICATED, 'The specified option value is "
    "already used' (github.com/Sayrix/Ticket-Bot/issues/346)",
)
SELECT_RANGE = rule(
    "select.min-max",
    PAGE + "#string-select",
    "min_values: Minimum number of items that must be chosen; max_values: Maximum number "
    "of items that can be chosen (so the minimum cannot exceed the maximum)",
)
SELECT_DEFAULTS = rule(
    "select.default-count",
    PAGE + "#user-select",
    "number of default values must be in the range defined by min_values and max_values.",
)
V2_NEEDS_FLAG = rule(
    "components-v2.flag",
    PAGE + "#section",
    "To use this component in messages you must send the message flag 1 << 15 (IS_COMPONENTS_V2).",
)
LEGACY_TOP_LEVEL = rule(
    "components.legacy-top-level",
    PAGE + "#legacy-message-component-behavior",
    "Legacy messages allow up to 5 action rows as top-level components.",
)
V2_TOTAL = rule(
    "components-v2.total",
    PAGE + "#component-object",
    "Messages allow up to 40 total components.",
)
MODAL_COUNT = rule(
    "modal.components",
    "interactions/receiving-and-responding.mdx#interaction-response-object-modal",
    "components: Between 1 and 5 (inclusive) components that make up the modal.",
)
MODAL_NO_DISABLED = rule(
    "modal.disabled",
    PAGE + "#string-select",
    "Using disabled in a modal will result in an error. Modals can not currently have "
    "disabled components in them.",
)
MODAL_REQUIRED_MIN = rule(
    "modal.select-min-values",
    PAGE + "#string-select",
    "min_values must be either omitted or at least 1 if required is omitted or true.",
)


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component in a tree, containers before what they contain."""
    for component in components:
        if not isinstance(component, dict):
            continue
        yield component
        yield from walk_components(component.get("components") or [])
        for key in ("component", "accessory"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


def walk_with_paths(components: list[Any], path: Path) -> Iterator[tuple[dict[str, Any], Path]]:
    """Every component with its path in the request body."""
    for index, component in enumerate(components):
        if not isinstance(component, dict):
            continue
        here = (*path, index)
        yield component, here
        children = component.get("components")
        if isinstance(children, list):
            yield from walk_with_paths(children, (*here, "components"))
        for key in ("component", "accessory"):
            child = component.get(key)
            if isinstance(child, dict):
                yield child, (*here, key)
                grand = child.get("components")
                if isinstance(grand, list):
                    yield from walk_with_paths(grand, (*here, key, "components"))


def check_message_components(
    components: list[Any], *, v2: bool, errors: FormErrors, path: Path = ("components",)
) -> None:
    """The documented rules for a message's components (the spec checked the shapes)."""
    top_types = [c.get("type") for c in components if isinstance(c, dict)]
    if v2:
        total = sum(1 for _ in walk_components(components))
        if total > COMPONENTS_V2_TOTAL_MAX:
            errors.too_long(path, COMPONENTS_V2_TOTAL_MAX, V2_TOTAL.source)
    else:
        for index, kind in enumerate(top_types):
            if kind in V2_ONLY:
                errors.add(
                    (*path, index, "type"),
                    "COMPONENT_TYPE_INVALID",
                    "This component type requires the IS_COMPONENTS_V2 flag.",
                    V2_NEEDS_FLAG.source,
                )
        if len(components) > LEGACY_ROWS_MAX:
            errors.too_long(path, LEGACY_ROWS_MAX, LEGACY_TOP_LEVEL.source)
    for component, where in walk_with_paths(components, path):
        kind = component.get("type")
        if kind == ACTION_ROW:
            _check_row(component, where, errors)
        elif kind == BUTTON:
            _check_button(component, where, errors)
        elif kind in SELECT_TYPES:
            _check_select(component, where, errors, in_modal=False)
    _check_unique_ids(components, path, errors)


def _check_row(row: dict[str, Any], path: Path, errors: FormErrors) -> None:
    children = [c for c in row.get("components") or [] if isinstance(c, dict)]
    if any(c.get("type") in SELECT_TYPES for c in children) and len(children) > 1:
        for index in range(1, len(children)):
            errors.add(
                (*path, "components", index),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
                ROW_WIDTH.source,
            )


def _check_button(button: dict[str, Any], path: Path, errors: FormErrors) -> None:
    style = button.get("style")
    has = {key for key in ("custom_id", "url", "sku_id", "label", "emoji") if button.get(key)}
    if style == LINK_STYLE:
        if "url" not in has:
            errors.required((*path, "url"), LINK_BUTTON_NEEDS_URL.source)
        if "custom_id" in has:
            errors.add(
                (*path, "custom_id"),
                "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                "A custom id and url cannot both be specified",
                LINK_BUTTON_NEEDS_URL.source,
            )
    elif style == PREMIUM_STYLE:
        if "sku_id" not in has:
            errors.required((*path, "sku_id"), PREMIUM_BUTTON_FIELDS.source)
        for key in sorted(has & {"custom_id", "label", "url", "emoji"}):
            errors.add(
                (*path, key),
                "BUTTON_COMPONENT_PREMIUM_FIELD_NOT_ALLOWED",
                f"Premium buttons cannot have a {key}.",
                PREMIUM_BUTTON_FIELDS.source,
            )
    elif isinstance(style, int):
        if "custom_id" not in has:
            errors.required((*path, "custom_id"), BUTTON_NEEDS_CUSTOM_ID.source)
        for key in sorted(has & {"url", "sku_id"}):
            errors.add(
                (*path, key),
                "BUTTON_COMPONENT_URL_NOT_ALLOWED",
                f"A non-link button cannot have a {key}.",
                BUTTON_NEEDS_CUSTOM_ID.source,
            )


def _check_select(
    select: dict[str, Any], path: Path, errors: FormErrors, *, in_modal: bool
) -> None:
    options = [o for o in select.get("options") or [] if isinstance(o, dict)]
    seen: set[Any] = set()
    for index, option in enumerate(options):
        value = option.get("value")
        if value in seen:
            errors.add(
                (*path, "options", index),
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                "The specified option value is already used",
                SELECT_VALUES_UNIQUE.source,
            )
        seen.add(value)
    low, high = _int_or(select.get("min_values"), 1), _int_or(select.get("max_values"), 1)
    if low is not None and high is not None and low > high:
        errors.add(
            (*path, "min_values"),
            "SELECT_COMPONENT_MIN_VALUES_TOO_LARGE",
            "min_values cannot be greater than max_values.",
            SELECT_RANGE.source,
        )
    defaults = select.get("default_values")
    if (
        isinstance(defaults, list)
        and defaults
        and low is not None
        and high is not None
        and not low <= len(defaults) <= high
    ):
        errors.add(
            (*path, "default_values"),
            "SELECT_COMPONENT_DEFAULT_VALUES_COUNT",
            "The number of default values must be between min_values and max_values.",
            SELECT_DEFAULTS.source,
        )
    if in_modal:
        if select.get("disabled"):
            errors.add(
                (*path, "disabled"),
                "MODAL_COMPONENT_DISABLED",
                "Modals can not have disabled components.",
                MODAL_NO_DISABLED.source,
            )
        if select.get("required", True) and low == 0 and select.get("min_values") is not None:
            errors.add(
                (*path, "min_values"),
                "SELECT_COMPONENT_MIN_VALUES_REQUIRED",
                "min_values must be at least 1 when the select is required.",
                MODAL_REQUIRED_MIN.source,
            )


def _int_or(value: Any, default: int) -> int | None:
    if value is None:
        return default
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _check_unique_ids(components: list[Any], path: Path, errors: FormErrors) -> None:
    custom_ids: set[str] = set()
    ids: set[int] = set()
    for component, where in walk_with_paths(components, path):
        custom_id = component.get("custom_id")
        if isinstance(custom_id, str) and custom_id:
            if custom_id in custom_ids:
                errors.add(
                    (*where, "custom_id"),
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                    CUSTOM_ID_UNIQUE.source,
                )
            custom_ids.add(custom_id)
        number = component.get("id")
        if isinstance(number, int) and not isinstance(number, bool) and number != 0:
            if number in ids:
                errors.add(
                    (*where, "id"),
                    "COMPONENT_ID_DUPLICATED",
                    "Component id cannot be duplicated",
                    COMPONENT_ID_UNIQUE.source,
                )
            ids.add(number)


def check_modal_components(components: list[Any], errors: FormErrors, path: Path) -> None:
    """The documented rules for a modal's components (the spec checked the shapes)."""
    if len(components) > MODAL_COMPONENTS_MAX:
        errors.too_long(path, MODAL_COMPONENTS_MAX, MODAL_COUNT.source)
    for component, where in walk_with_paths(components, path):
        kind = component.get("type")
        if kind in SELECT_TYPES:
            _check_select(component, where, errors, in_modal=True)
        elif kind == TEXT_INPUT and component.get("disabled"):
            errors.add(
                (*where, "disabled"),
                "MODAL_COMPONENT_DISABLED",
                "Modals can not have disabled components.",
                MODAL_NO_DISABLED.source,
            )
    _check_unique_ids(components, path, errors)
