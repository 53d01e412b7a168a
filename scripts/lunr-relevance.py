#!/usr/bin/env python3
"""Ranks of the wanted pages of a relevance set under lunr (the Python port of lunr.js), for
`make bench` to print next to Skillbook's own figures.

Reads a JSON file written by skillbook-bench: {"pages": [{"id", "title", "headings", "body"}],
"queries": [{"query", "wanted"}]}. Each page is one lunr document with three fields, boosted as
documentation sites usually boost them (title 10, headings 5, body 1), through lunr's default
pipeline (trimmer, stop words, Porter stemmer). Prints {"ranks": [...]} on standard output: the
1-based rank of the wanted page among the first ten results, or null. Exits 3 when the `lunr`
package is missing, so that the benchmark can say it skipped.
"""
import json
import sys

try:
    from lunr import lunr
    from lunr.exceptions import QueryParseError
except ImportError:
    sys.exit(3)


def main(path):
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    index = lunr(
        ref="id",
        fields=[dict(field_name="title", boost=10), dict(field_name="headings", boost=5), "body"],
        documents=data["pages"],
    )
    ranks = []
    for judgement in data["queries"]:
        try:
            results = index.search(judgement["query"])
        except QueryParseError:
            # Characters that lunr's query language reserves (`+`, `-`, `:`, `~`, `^`): search the words.
            words = "".join(c if c.isalnum() else " " for c in judgement["query"])
            results = index.search(words)
        refs = [result["ref"] for result in results[:10]]
        ranks.append(refs.index(judgement["wanted"]) + 1 if judgement["wanted"] in refs else None)
    json.dump({"ranks": ranks}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
