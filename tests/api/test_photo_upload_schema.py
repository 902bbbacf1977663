"""The photo-reading upload is declared in the API schema as a multipart form
with a binary ``photo``, as clients must send it, and the schema says so in both of its
served shapes."""

from __future__ import annotations

import json

import pytest
import yaml

pytestmark = pytest.mark.django_db

PATH = "/api/v1/contributions/read-photo/"


def _body(schema: dict) -> dict:
    return schema["paths"][PATH]["post"]["requestBody"]


def test_the_upload_is_declared_multipart_with_a_binary_photo(client):
    response = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    body = _body(json.loads(response.content))
    assert list(body["content"]) == ["multipart/form-data"]
    form = body["content"]["multipart/form-data"]["schema"]
    if "$ref" in form:  # a named component
        name = form["$ref"].rsplit("/", 1)[-1]
        form = json.loads(response.content)["components"]["schemas"][name]
    assert form["properties"]["photo"] == {"type": "string", "format": "binary"} \
        or form["properties"]["photo"]["format"] == "binary"
    assert "photo" in form.get("required", [])


def test_the_yaml_schema_says_the_same(client):
    response = client.get("/api/v1/schema/")
    schema = yaml.safe_load(response.content)
    assert list(_body(schema)["content"]) == ["multipart/form-data"]
