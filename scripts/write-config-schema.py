#!/usr/bin/env python3
"""Writes skillbook.schema.json, the JSON Schema of skillbook.yml, from what the built skillbook
says: each setting's help from `skillbook init --stdout` (CollectionConfig.settings) and the
codes from `skillbook explain`. Only the value types are decided here. A test
(ConfigSchemaTests) fails when the file drifts from the binary; run this script then.
Usage: scripts/write-config-schema.py [path/to/skillbook]"""
import json, subprocess, sys

binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/skillbook"
codes = {}
for line in subprocess.run([binary, "explain"], capture_output=True, text=True, check=True).stdout.splitlines():
    if line.strip():
        code, summary = line.split(None, 1)
        codes[code] = summary.strip()
init = subprocess.run([binary, "init", "--stdout"], capture_output=True, text=True, check=True).stdout.splitlines()
help = {}
for previous, line in zip(init, init[1:]):
    key = line.lstrip("# ").split(":")[0]
    if previous.startswith("# ") and ":" in line and not line.startswith("# for example"):
        help[key] = previous[2:]
level = {"enum": ["off", "note", "warning", "error"]}
schema = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "skillbook.schema.json",
    "title": "skillbook.yml",
    "description": "Settings of a Skillbook collection, read from skillbook.yml at the content root.",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "title": {"type": "string", "description": help["title"]},
        "description": {"type": "string", "description": help["description"]},
        "base_url": {"type": "string", "format": "uri", "description": help["base_url"]},
        "site_root": {"type": "string", "description": help["site_root"]},
        "external_skills": {"description": help["external_skills"],
                            "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}], "default": []},
        "ignore": {"description": help["ignore"],
                   "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}], "default": []},
        "include": {"description": help["include"],
                    "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}], "default": []},
        "exclude": {"description": help["exclude"],
                    "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}], "default": []},
        "related_headings": {"description": help["related_headings"],
                             "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}], "default": []},
        # Every code is a property, so editors complete it with its summary; a code the schema
        # does not know yet is still accepted (skillbook itself warns about unknown codes).
        "severity": {"type": "object", "description": help["severity"],
                     "properties": {code: dict(level, description=summary) for code, summary in codes.items()},
                     "additionalProperties": level, "default": {}},
        "duplicate_rules": {"description": help["duplicate_rules"],
                            "oneOf": [{"type": "boolean"}, {"enum": ["true", "false", "yes", "no", "on", "off"]}], "default": False},
        "language": {"type": "string", "pattern": "^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$", "description": help["language"]},
        "groups": {"type": "object", "description": help["groups"],
                   "additionalProperties": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}},
    },
}
with open("skillbook.schema.json", "w") as out:
    json.dump(schema, out, indent=2)
    out.write("\n")
