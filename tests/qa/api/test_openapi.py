"""The OpenAPI document, and a property-based run of it (schemathesis) in process: no 5xx, no response that
breaks the schema. Bounded examples, so that it fits in CI; the rate limit is off."""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from hypothesis import HealthCheck, given, settings
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from starlette.testclient import TestClient

from tests.qa.api.conftest import MakeClient


def not_a_server_error(ctx: Any, response: Any, case: Any) -> bool:
    """No 5xx (503 only while starting, which an app given its asker never is)."""
    assert response.status_code < 500, f"{response.status_code}: {response.text[:300]}"
    return True


CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
#: Examples per operation: enough to reach every validator, few enough for CI (about a minute in all).
EXAMPLES = 10


@pytest.fixture
def app(make_client: MakeClient) -> FastAPI:
    found: FastAPI = make_client().app  # type: ignore[assignment]
    return found


def test_no_5xx_and_every_response_fits_the_schema(app: FastAPI) -> None:
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    tried = []
    for found in schema.get_all_operations():
        operation = found.ok()  # type: ignore[union-attr]
        tried.append(operation.label)

        @given(case=operation.as_strategy())
        @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        def run(case: Any) -> None:
            # Only what the issue asks: no 5xx, and every response within the schema (status, body, headers).
            # A request the schema allows may still be refused with 422 (an unknown game, a control character).
            case.call_and_validate(checks=CHECKS)

        run()
    assert len(tried) == 6


def test_every_operation_has_an_id_examples_and_the_error_responses(app: FastAPI) -> None:
    document = TestClient(app).get("/openapi.json").json()
    operations = {op["operationId"]: op for path in document["paths"].values() for op in path.values()}
    assert set(operations) == {"ask", "check", "health", "games", "feedback", "position_schema"}
    for name in ("ask", "check", "feedback"):
        assert {"413", "415", "422", "429"} <= set(operations[name]["responses"]), name
    bodies = document["components"]["schemas"]
    assert all(bodies[n].get("examples") for n in ("AskIn", "CheckIn", "FeedbackIn"))
