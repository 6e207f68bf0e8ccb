"""Validate the JSON bodies the bot sends against Discord's published OpenAPI spec.

The spec (``tests/sim/discord-api-spec/openapi.json.gz``, Discord's own, vendored with its
MIT licence; OpenAPI 3.1, so JSON Schema 2020-12)
gives every route's request body with Discord's limits. A request is matched to the
spec's path template (the most literal match wins, as Discord's router does) and its
body validated against the operation's ``application/json`` schema; a multipart request
(attachments) is validated through its ``payload_json``, which simcord records as the
body. Ids may be integers or strings (the spec's README): the ``SnowflakeType`` schema
is relaxed to accept both.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_URI = "urn:discord-openapi"
SNOWFLAKE = {
    "anyOf": [
        {"type": "string", "pattern": "^(0|[1-9][0-9]*)$"},
        {"type": "integer", "minimum": 0},
    ]
}


def spec_path() -> Path:
    """The vendored spec beside this module (or ``$DISCORD_API_SPEC``, a plain or gzipped
    copy, to try another version)."""
    if os.environ.get("DISCORD_API_SPEC"):
        return Path(os.environ["DISCORD_API_SPEC"])
    return Path(__file__).with_name("discord-api-spec") / "openapi.json.gz"


def read_spec(path: Path) -> dict[str, Any]:
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    return json.loads(data)


def _one_of(validator: Any, branches: list, instance: Any, schema: Any):
    """``oneOf``, asked only whether it holds: each branch stops at its first error (the
    stock keyword collects every error of every branch that fails, for its message)."""
    valid = 0
    for branch in branches:
        if validator.evolve(schema=branch).is_valid(instance):
            valid += 1
            if valid > 1:
                break
    if valid != 1:
        yield ValidationError("not exactly one of the oneOf schemas")


def _any_of(validator: Any, branches: list, instance: Any, schema: Any):
    """``anyOf``, asked only whether it holds (see :func:`_one_of`)."""
    if not any(validator.evolve(schema=branch).is_valid(instance) for branch in branches):
        yield ValidationError("none of the anyOf schemas")


Verdict = validators.extend(Draft202012Validator, {"oneOf": _one_of, "anyOf": _any_of})
"""The spec's validator for a yes or no: most bodies are valid, and the stock ``oneOf``
over Discord's component and embed unions was most of a simcord test's time. A body it
refuses is validated again by the stock validator, for the messages."""


@dataclass
class Spec:
    document: dict[str, Any]
    registry: Registry
    templates: list[tuple[list[str], str]] = field(default_factory=list)
    validators: dict[tuple[str, str], Draft202012Validator | None] = field(default_factory=dict)
    verdicts: dict[tuple[str, str, bytes], list[str]] = field(default_factory=dict)
    """Refusals by (route, method, body's digest): matches replay the same openings, so
    the same bodies (autocomplete lists above all, ~7 ms each to validate) come back."""

    def operation(self, method: str, path: str) -> tuple[str, dict[str, Any]] | None:
        """The spec's (template, operation) for a concrete request path."""
        segments = path.strip("/").split("/")
        best: tuple[int, str] | None = None
        for parts, template in self.templates:
            if len(parts) != len(segments):
                continue
            literal = 0
            for part, segment in zip(parts, segments, strict=True):
                if part.startswith("{") and part.endswith("}"):
                    continue
                if part != segment:
                    break
                literal += 1
            else:
                operation = self.document["paths"][template].get(method.lower())
                if operation is not None and (best is None or literal > best[0]):
                    best = (literal, template)
        if best is None:
            return None
        return best[1], self.document["paths"][best[1]][method.lower()]

    def validator(self, template: str, method: str) -> Draft202012Validator | None:
        key = (template, method.lower())
        if key not in self.validators:
            self.validators[key] = self._validator(template, method)
        return self.validators[key]

    def _validator(self, template: str, method: str) -> Draft202012Validator | None:
        operation = self.document["paths"][template][method.lower()]
        body = operation.get("requestBody")
        if body is None or "application/json" not in body.get("content", {}):
            return None
        pointer = "/".join(
            part.replace("~", "~0").replace("/", "~1")
            for part in ("paths", template, method.lower(), "requestBody", "content",
                         "application/json", "schema")
        )
        return Draft202012Validator({"$ref": f"{SPEC_URI}#/{pointer}"}, registry=self.registry)

    def check(self, method: str, path: str, body: Any) -> list[str]:
        """Why ``body`` is refused for ``method path`` (empty when it validates)."""
        found = self.operation(method, path)
        if found is None:
            return [f"{method} {path}: no such route in Discord's API"]
        template, _ = found
        text = json.dumps(body, sort_keys=True, default=str).encode()
        key = (template, method.lower(), hashlib.blake2b(text, digest_size=16).digest())
        if key not in self.verdicts:
            self.verdicts[key] = self._refusals(template, method, body)
        return list(self.verdicts[key])

    def _refusals(self, template: str, method: str, body: Any) -> list[str]:
        validator = self.validator(template, method)
        if validator is None:
            return [f"{method} {template}: this route takes no JSON body"]
        if Verdict(validator.schema, registry=self.registry).is_valid(body):
            return []
        return [
            f"{method} {template}: {'/'.join(map(str, error.absolute_path)) or '(body)'}: "
            f"{error.message[:300]}"
            for error in validator.iter_errors(body)
        ]


@cache
def load_spec() -> Spec:
    document = read_spec(spec_path())
    document["components"]["schemas"]["SnowflakeType"] = SNOWFLAKE
    resource = Resource.from_contents(document, default_specification=DRAFT202012)
    registry = Registry().with_resource(SPEC_URI, resource)
    templates = [(t.strip("/").split("/"), t) for t in document["paths"]]
    return Spec(document, registry.crawl(), templates)


@dataclass
class BodyLedger:
    """Every JSON body seen, and the ones the spec refused."""

    validated: int = 0
    errors: list[str] = field(default_factory=list)

    def check(self, method: str, path: str, body: Any) -> list[str]:
        """Validate ``body`` (none: nothing to check) and note it; the refusals."""
        problems = [] if body is None else load_spec().check(method, path, body)
        self.note(body, problems)
        return problems

    def note(self, body: Any, problems: list[str]) -> None:
        """Count ``body``, already validated (a body is validated once: ~10 ms each, about
        half of a simcord test's time), and keep its refusals."""
        if body is None:
            return
        self.validated += 1
        if problems:
            shown = json.dumps(body, default=str)[:400]
            self.errors.extend(f"{p}\n    body: {shown}" for p in problems)


TOTAL = BodyLedger()
"""All bodies validated in this test session (the suite's closing line reports it)."""
