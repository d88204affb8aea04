"""The rules Discord documents but its OpenAPI spec cannot express, by name.

A `Rule` names one such rule and where Discord writes it down: a page of the
developer docs (discord/discord-api-docs) and the sentence that says it. The
checks that apply a rule cite it in their refusals, so a refused payload says
which documented rule it broke; `RULES` lists them all (the corpus test makes
sure each has a payload that breaks it). Limits the spec does express (lengths,
counts, ranges, required fields) are checked against the spec itself in
`schema.py` and cite a JSON pointer instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import DOCS


@dataclass(frozen=True)
class Rule:
    """A documented rule: the page, what it says (quoted), and, where the docs do
    not spell out Discord's refusal, a public report showing Discord's answer."""

    id: str
    page: str
    says: str
    observed: str | None = None

    @property
    def source(self) -> str:
        seen = f" (Discord's answer: {self.observed})" if self.observed else ""
        return f"{DOCS}{self.page}: {self.says}{seen}"


RULES: dict[str, Rule] = {}


def rule(rule_id: str, page: str, says: str, observed: str | None = None) -> Rule:
    """Declare a documented rule (once per id)."""
    if rule_id in RULES:
        raise ValueError(f"rule {rule_id} declared twice")
    declared = Rule(rule_id, page, says, observed)
    RULES[rule_id] = declared
    return declared
