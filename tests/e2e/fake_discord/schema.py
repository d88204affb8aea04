"""Request bodies checked against Discord's own OpenAPI spec, as Discord checks them.

`spec/openapi.json` (vendored, see spec/README.md) gives each route's request
schema: types, required fields, lengths, counts, ranges, the allowed values of
enumerations, the component unions. `check_body` walks a body against it and
adds every violation to a `FormErrors` under the field's path, with the code
and message Discord answers (``BASE_TYPE_MAX_LENGTH``, ``NUMBER_TYPE_MAX``,
``BASE_TYPE_CHOICES``...) and, as the rule's source, the JSON pointer of the
schema keyword that refused it.

What Discord does that a plain JSON-Schema validator would not: an integer
field takes a string of digits and a snowflake an integer (the spec's README:
"Our API accepts strings for int fields if they are parseable as ints"); a
union of components is resolved by the component's ``type`` (an unknown type is
refused on ``type`` itself); unknown fields are ignored unless the schema says
``additionalProperties: false``.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import re
from collections.abc import Mapping
from pathlib import Path as FilePath
from typing import Any
from urllib.parse import urlsplit

from .errors import SPEC, FormErrors, Path

SPEC_FILE = FilePath(__file__).resolve().parent / "spec" / "openapi.json"

INTEGER_TEXT = re.compile(r"^-?\d+$")
NUMBER_TEXT = re.compile(r"^-?\d+(\.\d+)?([eE][-+]?\d+)?$")
#: URL schemes Discord takes where the spec says ``format: uri``, by the last key of the
#: field's path: media may point at an upload (``attachment://``), a link button into the app.
URL_SCHEMES: dict[str, tuple[str, ...]] = {
    "default": ("http", "https"),
    "media": ("http", "https", "attachment"),
    "button": ("http", "https", "discord"),
}
MEDIA_KEYS = frozenset({"image", "thumbnail", "media", "footer", "author"})


@functools.cache
def document() -> dict[str, Any]:
    """The vendored spec, read once."""
    with SPEC_FILE.open(encoding="utf-8") as handle:
        loaded: dict[str, Any] = json.load(handle)
    return loaded


def body_schema(route: str, method: str) -> tuple[dict[str, Any], str] | None:
    """The JSON request schema of a route (as the spec writes it), and its pointer."""
    operation = document()["paths"].get(route, {}).get(method.lower())
    if operation is None or "requestBody" not in operation:
        return None
    content = operation["requestBody"]["content"]
    if "application/json" not in content:
        return None
    pointer = (
        "/paths/"
        + _escape(route)
        + f"/{method.lower()}/requestBody/content/application~1json/schema"
    )
    return content["application/json"]["schema"], pointer


def schema_named(name: str) -> tuple[dict[str, Any], str]:
    return document()["components"]["schemas"][name], f"/components/schemas/{name}"


def check_body(route: str, method: str, body: Any, errors: FormErrors, prefix: Path = ()) -> None:
    """Add to `errors` whatever in `body` the spec's schema for this route refuses."""
    found = body_schema(route, method)
    if found is None:
        raise KeyError(f"the vendored spec has no JSON body for {method} {route}")
    schema, pointer = found
    Validator(errors).check(schema, pointer, body, prefix)


def check_against(name: str, value: Any, errors: FormErrors, prefix: Path = ()) -> None:
    """Check `value` against one named schema of the spec."""
    schema, pointer = schema_named(name)
    Validator(errors).check(schema, pointer, value, prefix)


def _escape(segment: str) -> str:
    return segment.replace("~", "~0").replace("/", "~1")


def _choices(values: list[Any]) -> str:
    return "(" + ", ".join(repr(v) if isinstance(v, str) else str(v) for v in values) + ")"


class Validator:
    """One walk of a value against a schema, collecting errors."""

    def __init__(self, errors: FormErrors) -> None:
        self.errors = errors
        self.schemas: dict[str, Any] = document()["components"]["schemas"]

    def resolve(self, schema: Mapping[str, Any], pointer: str) -> tuple[Mapping[str, Any], str]:
        while "$ref" in schema:
            ref = str(schema["$ref"])
            name = ref.rsplit("/", 1)[-1]
            schema, pointer = self.schemas[name], f"/components/schemas/{name}"
        return schema, pointer

    def add(self, path: Path, code: str, message: str, pointer: str) -> None:
        self.errors.add(path, code, message, SPEC + pointer)

    # -- the walk ----------------------------------------------------------------

    def check(self, schema: Mapping[str, Any], pointer: str, value: Any, path: Path) -> None:
        schema, pointer = self.resolve(schema, pointer)
        union = schema.get("oneOf") or schema.get("anyOf")
        union_key = "oneOf" if "oneOf" in schema else "anyOf"
        if union is not None and not self._is_enum(union):
            self._check_union(union, f"{pointer}/{union_key}", value, path)
            return
        types = schema.get("type")
        if types is not None:
            allowed = [types] if isinstance(types, str) else list(types)
            if value is None:
                if "null" not in allowed:
                    self.add(
                        path, "BASE_TYPE_REQUIRED", "This field is required", pointer + "/type"
                    )
                return
            kind = self._kind_of(value, allowed, schema)
            if kind is None:
                self._wrong_type(allowed, value, path, pointer + "/type")
                return
            value = self._coerced(value, kind)
            self._check_kind(kind, schema, pointer, value, path)
        if union is not None:  # an enumeration written as oneOf of consts
            consts = [self.resolve(b, "")[0].get("const") for b in union]
            if value not in consts:
                message = f"Value must be one of {_choices(consts)}."
                self.add(path, "BASE_TYPE_CHOICES", message, f"{pointer}/{union_key}")
        if "enum" in schema and value not in schema["enum"]:
            message = f"Value must be one of {_choices(list(schema['enum']))}."
            self.add(path, "BASE_TYPE_CHOICES", message, pointer + "/enum")
        if "const" in schema and value != schema["const"]:
            message = f"Value must be one of {_choices([schema['const']])}."
            self.add(path, "BASE_TYPE_CHOICES", message, pointer + "/const")
        for index, part in enumerate(schema.get("allOf") or []):
            self.check(part, f"{pointer}/allOf/{index}", value, path)

    def _is_enum(self, branches: list[Any]) -> bool:
        return all("const" in self.resolve(b, "")[0] for b in branches)

    def _check_union(self, branches: list[Any], pointer: str, value: Any, path: Path) -> None:
        resolved = [self.resolve(b, f"{pointer}/{i}") for i, b in enumerate(branches)]
        if value is None:
            if any(self._allows_null(s) for s, _ in resolved):
                return
            self.add(path, "BASE_TYPE_REQUIRED", "This field is required", pointer)
            return
        candidates = [(s, p) for s, p in resolved if s.get("type") != "null"]
        tagged = [(s, p, self._type_tag(s)) for s, p in candidates]
        if tagged and all(tag is not None for _, _, tag in tagged):
            if not isinstance(value, dict):
                self.add(
                    path,
                    "DICT_TYPE_CONVERT",
                    "Only dictionaries may be used in a DictType",
                    pointer,
                )
                return
            given = value.get("type")
            for schema, branch_pointer, tag in tagged:
                assert tag is not None
                if given in tag or (
                    isinstance(given, str) and given.isdigit() and int(given) in tag
                ):
                    self.check(schema, branch_pointer, value, path)
                    return
            allowed = sorted({t for _, _, tag in tagged for t in tag or ()})
            message = f'Value of field "type" must be one of {_choices(allowed)}.'
            self.add((*path, "type"), "UNION_TYPE_CHOICES", message, pointer)
            return
        trials: list[FormErrors] = []
        for schema, branch_pointer in candidates:
            trial = FormErrors()
            Validator(trial).check(schema, branch_pointer, value, path)
            if not trial:
                return
            trials.append(trial)
        # None fits: report the branch that came closest: the one whose required
        # fields are all there, then the one with the fewest complaints.
        best = min(trials, key=lambda t: (t.codes.count("BASE_TYPE_REQUIRED"), len(t.codes)))
        self.errors.merge(best)

    def _allows_null(self, schema: Mapping[str, Any]) -> bool:
        types = schema.get("type")
        return types == "null" or (isinstance(types, list) and "null" in types)

    def _type_tag(self, schema: Mapping[str, Any]) -> tuple[int, ...] | None:
        """The values of ``type`` a component or callback schema is chosen by."""
        if schema.get("type") != "object":
            return None
        field = (schema.get("properties") or {}).get("type")
        if not isinstance(field, dict):
            return None
        if "enum" in field:
            return tuple(field["enum"])
        if "const" in field:
            return (field["const"],)
        return None

    # -- types -------------------------------------------------------------------

    def _kind_of(self, value: Any, allowed: list[str], schema: Mapping[str, Any]) -> str | None:
        for kind in allowed:
            if kind == "string" and isinstance(value, str):
                return kind
            if kind == "string" and schema.get("format") == "snowflake" and _is_int(value):
                return "snowflake-int"
            if kind == "integer" and (_is_int(value) or _int_text(value)):
                return kind
            if kind == "number" and (
                _is_int(value) or isinstance(value, float) or _number_text(value)
            ):
                return kind
            if kind == "boolean" and isinstance(value, bool):
                return kind
            if kind == "array" and isinstance(value, list):
                return kind
            if kind == "object" and isinstance(value, dict):
                return kind
        return None

    def _coerced(self, value: Any, kind: str) -> Any:
        if kind == "integer" and isinstance(value, str):
            return int(value)
        if kind == "number" and isinstance(value, str):
            return float(value)
        if kind == "snowflake-int":
            return str(value)
        return value

    def _wrong_type(self, allowed: list[str], value: Any, path: Path, pointer: str) -> None:
        wanted = [k for k in allowed if k != "null"]
        first = wanted[0] if wanted else "null"
        code, message = {
            "string": ("BASE_TYPE_STRING", "Must be a string."),
            "integer": ("NUMBER_TYPE_COERCE", f'Value "{value}" is not int.'),
            "number": ("NUMBER_TYPE_COERCE", f'Value "{value}" is not a number.'),
            "boolean": ("BASE_TYPE_BOOLEAN", "Must be either true or false."),
            "array": ("LIST_TYPE_CONVERT", "Only iterables may be used in a ListType"),
            "object": ("DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"),
        }.get(first, ("BASE_TYPE_REQUIRED", "This field is required"))
        self.add(path, code, message, pointer)

    def _check_kind(
        self, kind: str, schema: Mapping[str, Any], pointer: str, value: Any, path: Path
    ) -> None:
        if kind in ("string", "snowflake-int"):
            self._check_string(schema, pointer, str(value), path)
        elif kind in ("integer", "number"):
            self._check_number(schema, pointer, value, path)
        elif kind == "array":
            self._check_array(schema, pointer, value, path)
        elif kind == "object":
            self._check_object(schema, pointer, value, path)

    def _check_string(
        self, schema: Mapping[str, Any], pointer: str, value: str, path: Path
    ) -> None:
        low, high = schema.get("minLength"), schema.get("maxLength")
        length = len(value)
        if (low is not None and length < low) or (high is not None and length > high):
            if low is not None and high is not None and low > 0:
                code, message = (
                    "BASE_TYPE_BAD_LENGTH",
                    f"Must be between {low} and {high} in length.",
                )
                keyword = "minLength" if length < low else "maxLength"
            elif high is not None and length > high:
                code, message = "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length."
                keyword = "maxLength"
            else:
                code, message = "BASE_TYPE_MIN_LENGTH", f"Must be {low} or more in length."
                keyword = "minLength"
            self.add(path, code, message, f"{pointer}/{keyword}")
        pattern = schema.get("pattern")
        if pattern is not None and not re.search(pattern, value):
            code = (
                "NUMBER_TYPE_COERCE" if schema.get("format") == "snowflake" else "STRING_TYPE_REGEX"
            )
            message = (
                f'Value "{value}" is not snowflake.'
                if schema.get("format") == "snowflake"
                else f"String value did not match validation regex {pattern}."
            )
            self.add(path, code, message, pointer + "/pattern")
        fmt = schema.get("format")
        if fmt == "uri":
            self._check_url(value, path, pointer + "/format")
        elif fmt == "date-time":
            try:
                dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
            except ValueError:
                message = f'Could not parse "{value}". Should be ISO8601.'
                self.add(path, "DATE_TIME_TYPE_PARSE", message, pointer + "/format")

    def _check_url(self, value: str, path: Path, pointer: str) -> None:
        keys = [str(p) for p in path if not isinstance(p, int) and not str(p).isdigit()]
        if any(k in MEDIA_KEYS for k in keys[:-1]) or (keys and keys[-1] == "icon_url"):
            allowed = URL_SCHEMES["media"]
        elif keys and keys[-1] == "url" and any(k == "components" for k in keys):
            allowed = URL_SCHEMES["button"]
        else:
            allowed = URL_SCHEMES["default"]
        try:
            parts = urlsplit(value)
        except ValueError:
            parts = None
        if parts is None or not parts.scheme or not (parts.netloc or parts.path):
            self.add(path, "URL_TYPE_INVALID_URL", "Not a well formed URL.", pointer)
            return
        if parts.scheme.lower() not in allowed:
            message = f'Scheme "{parts.scheme}" is not supported. Scheme must be one of {allowed}.'
            self.add(path, "URL_TYPE_INVALID_SCHEME", message, pointer)

    def _check_number(
        self, schema: Mapping[str, Any], pointer: str, value: float, path: Path
    ) -> None:
        low, high = schema.get("minimum"), schema.get("maximum")
        label = "int" if isinstance(value, int) else "float"
        if low is not None and value < low:
            message = f"{label} value should be greater than or equal to {low}."
            self.add(path, "NUMBER_TYPE_MIN", message, pointer + "/minimum")
        if high is not None and value > high:
            message = f"{label} value should be less than or equal to {high}."
            self.add(path, "NUMBER_TYPE_MAX", message, pointer + "/maximum")

    def _check_array(
        self, schema: Mapping[str, Any], pointer: str, value: list[Any], path: Path
    ) -> None:
        low, high = schema.get("minItems"), schema.get("maxItems")
        if high is not None and len(value) > high:
            message = f"Must be {high} or fewer in length."
            self.add(path, "BASE_TYPE_MAX_LENGTH", message, pointer + "/maxItems")
        if low is not None and len(value) < low:
            message = f"Must be {low} or more in length."
            self.add(path, "BASE_TYPE_MIN_LENGTH", message, pointer + "/minItems")
        if schema.get("uniqueItems"):
            seen: list[Any] = []
            for item in value:
                if item in seen:
                    message = "The list contains duplicate values."
                    self.add(path, "LIST_ITEM_VALUE_DUPLICATE", message, pointer + "/uniqueItems")
                    break
                seen.append(item)
        items = schema.get("items")
        if items is not None:
            for index, item in enumerate(value):
                self.check(items, pointer + "/items", item, (*path, index))

    def _check_object(
        self, schema: Mapping[str, Any], pointer: str, value: dict[str, Any], path: Path
    ) -> None:
        properties: Mapping[str, Any] = schema.get("properties") or {}
        for name in schema.get("required") or []:
            if name not in value:
                self.add(
                    (*path, name),
                    "BASE_TYPE_REQUIRED",
                    "This field is required",
                    pointer + "/required",
                )
        most = schema.get("maxProperties")
        if most is not None and len(value) > most:
            message = f"Must be {most} or fewer in length."
            self.add(path, "BASE_TYPE_MAX_LENGTH", message, pointer + "/maxProperties")
        extra = schema.get("additionalProperties")
        for name, item in value.items():
            if name in properties:
                self.check(
                    properties[name], f"{pointer}/properties/{_escape(name)}", item, (*path, name)
                )
            elif isinstance(extra, dict):
                self.check(extra, pointer + "/additionalProperties", item, (*path, name))
            elif extra is False:
                message = f"Unknown field {name!r}."
                self.add(
                    (*path, name), "BASE_TYPE_INVALID", message, pointer + "/additionalProperties"
                )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_text(value: Any) -> bool:
    return isinstance(value, str) and bool(INTEGER_TEXT.match(value))


def _number_text(value: Any) -> bool:
    return isinstance(value, str) and bool(NUMBER_TEXT.match(value))
