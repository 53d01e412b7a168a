#!/usr/bin/env python3
"""Compare `skillbook check --spec strict` with the reference validator, skill by skill.

The reference validator is `agentskills validate DIR` from the PyPI package `skills-ref`
(`pip install skills-ref`). For speed this script calls the same function the command calls,
`skills_ref.validator.validate`; `--cli` runs the command itself for every skill instead.

For every folder with a SKILL.md under each corpus, both verdicts are computed:
- reference: valid when `validate` returns no error;
- skillbook: valid when `skillbook check --spec strict` reports no error with a specification
  code (see SPEC_CODES) in that SKILL.md. Link, anchor and other collection checks are not
  part of the specification and are left out, and so is duplicate-skill-name, which needs the
  whole collection while the reference validator looks at one skill at a time.

It prints the agreement per corpus and every difference with the reason, and exits 1 when a
difference has no known reason. Because most real skills carry fields outside the
specification (`version`, `risk`, `tags`), which both sides reject, the comparison is also
made with that one rule set aside on both sides, so that the other rules are compared on
skills that actually reach them.

Usage: scripts/compare-skills-ref.py [--skillbook PATH] [--cli] [CORPUS_DIR...]
"""
import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
DEFAULT_CORPORA = [
    "hig-doctor/skills",
    "apple-hig-skills",
    "swiftui-expert",
    "agentic-awesome-skills/skills",
]
SPEC_CODES = {
    "missing-frontmatter", "missing-name", "invalid-name", "name-mismatch", "missing-description",
    "description-too-long", "compatibility-too-long", "unknown-field", "invalid-yaml",
    "frontmatter-not-mapping", "frontmatter-type", "duplicate-key", "unterminated-frontmatter",
    "frontmatter-accidental-close", "invalid-utf8", "yaml-flow-style",
}


def skillbook_errors(binary, corpus):
    """SKILL.md path (corpus-relative) -> list of spec errors, from one `check --format json` run."""
    run = subprocess.run([binary, "check", "--spec", "strict", "--format", "json", "."], cwd=corpus,
                         capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit(f"skillbook failed on {corpus}: {run.stderr}")
    errors = {}
    for diagnostic in json.loads(run.stdout)["diagnostics"]:
        if diagnostic["severity"] == "error" and diagnostic["code"] in SPEC_CODES \
                and os.path.basename(diagnostic["file"]) == "SKILL.md":
            errors.setdefault(diagnostic["file"], []).append(f"{diagnostic['code']}: {diagnostic['message']}")
    return errors


def reference_errors(folder, use_cli):
    if use_cli:
        run = subprocess.run(["agentskills", "validate", str(folder)], capture_output=True, text=True)
        # "Validation failed for DIR:" then one "  - message" line per error.
        lines = (run.stdout + run.stderr).splitlines()
        return [] if run.returncode == 0 else [line.strip()[2:] if line.strip().startswith("- ") else line.strip()
                                               for line in lines if line.strip() and not line.startswith("Validation failed for")]
    from skills_ref.validator import validate
    return validate(folder)


def frontmatter_text(skill_md):
    text = skill_md.read_text(encoding="utf-8", errors="replace")
    if not text.startswith("---"):
        return ""
    parts = text.split("---", 2)
    return parts[1] if len(parts) >= 3 else text


def explain(folder, ours, theirs):
    """Why the two verdicts differ, or None when no known reason applies."""
    skill_md = folder / "SKILL.md"
    raw = skill_md.read_bytes()
    text = raw.decode("utf-8", errors="replace")
    front = frontmatter_text(skill_md)
    joined = " ".join(theirs)
    if not ours and theirs:
        if raw.startswith(b"\xef\xbb\xbf"):
            return ("byte order mark", "the file starts with a UTF-8 byte order mark; the reference validator "
                    "requires the very first bytes to be `---`, while skillbook (like editors and GitHub) skips the mark")
        if "Invalid YAML" in joined:
            if re.search(r"^[\w-]+:\s*[\[{]", front, re.M) or re.search(r"^\s+-?\s*[\w-]+:\s*[\[{]", front, re.M):
                return ("strictyaml flow style", "the frontmatter uses YAML flow style (`[a, b]` or `{...}`), which is "
                        "valid YAML 1.2; the reference validator parses with strictyaml, which rejects flow style")
            if re.search(r"^[\w-]+:\s*[&*!]", front, re.M):
                return ("strictyaml anchors/tags", "the frontmatter uses YAML anchors, aliases or tags, which strictyaml rejects")
            return ("strictyaml", "strictyaml (used by the reference validator) rejects this YAML, which libyaml reads: "
                    + joined[:160])
        if "---" in front.split("\n", 1)[-1] or "not properly closed" in joined:
            return ("`---` inside the frontmatter", "the reference validator splits the file at the first `---` "
                    "anywhere, even inside a value, so it reads a truncated frontmatter")
    if ours and not theirs:
        if any(o.startswith("duplicate-key") for o in ours):
            return ("duplicate key", "a key is written twice; the reference validator's parser keeps one without complaint")
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--skillbook", default=None, help="the skillbook binary (default: .build/release, else .build/debug)")
    parser.add_argument("--cli", action="store_true", help="run `agentskills validate` for each skill instead of the library call")
    parser.add_argument("corpora", nargs="*", help="corpus folders (default: the shared corpora)")
    arguments = parser.parse_args()

    try:
        import skills_ref  # noqa: F401
    except ImportError:
        print("compare-skills-ref: skills-ref is not installed; run `pip install skills-ref`", file=sys.stderr)
        return 3
    binary = arguments.skillbook or next((str(p) for p in (REPOSITORY / ".build/release/skillbook",
                                                           REPOSITORY / ".build/debug/skillbook") if p.exists()), None)
    if binary is None:
        print("compare-skills-ref: build skillbook first (`swift build -c release`)", file=sys.stderr)
        return 3
    shared = REPOSITORY.parent / "shared" / "corpora"
    corpora = [Path(c) for c in arguments.corpora] or [shared / c for c in DEFAULT_CORPORA if (shared / c).exists()]
    if not corpora:
        print("compare-skills-ref: no corpus found (../shared/corpora is absent)", file=sys.stderr)
        return 3

    unexplained = 0
    totals = {"all rules": [0, 0], "without unknown-field": [0, 0]}
    for corpus in corpora:
        ours_by_file = skillbook_errors(binary, corpus)
        # Hidden folders (`.agents/`) are skipped, as the loader skips them.
        skill_files = sorted(p for p in corpus.rglob("SKILL.md") if not any(part.startswith(".") for part in p.relative_to(corpus).parts))
        verdicts = []
        for skill_md in skill_files:
            relative = skill_md.relative_to(corpus).as_posix()
            verdicts.append((skill_md, relative, ours_by_file.get(relative, []), reference_errors(skill_md.parent, arguments.cli)))
        for mode in totals:
            differences = []
            valid = agree = 0
            for skill_md, relative, ours, theirs in verdicts:
                if mode != "all rules":
                    ours = [o for o in ours if not o.startswith("unknown-field")]
                    theirs = [t for t in theirs if not t.startswith("Unexpected fields in frontmatter")]
                valid += 0 if ours else 1
                if bool(ours) == bool(theirs):
                    agree += 1
                else:
                    differences.append((relative, ours, theirs, explain(skill_md.parent, ours, theirs)))
            totals[mode][0] += agree
            totals[mode][1] += len(verdicts)
            print(f"{corpus} ({mode}): {agree}/{len(verdicts)} skills agree "
                  f"({valid} valid, {len(verdicts) - valid} invalid by skillbook), {len(differences)} differ")
            unexplained += report(differences)
    for mode, (agree, count) in totals.items():
        print(f"total ({mode}): {agree}/{count} skills agree, {count - agree} differ")
    print(f"unexplained differences: {unexplained}")
    return 1 if unexplained else 0


def report(differences):
    """Prints each difference with its reason; returns how many have none."""
    unexplained = 0
    for relative, ours, theirs, reason in differences:
        verdict = "skillbook invalid, reference valid" if ours else "skillbook valid, reference invalid"
        print(f"  {relative}: {verdict}")
        for line in ours:
            print(f"    skillbook: {line}")
        for line in theirs:
            print(f"    reference: {line}")
        if reason:
            print(f"    why: [{reason[0]}] {reason[1]}")
        else:
            print("    why: UNEXPLAINED")
            unexplained += 1
    return unexplained


if __name__ == "__main__":
    sys.exit(main())
