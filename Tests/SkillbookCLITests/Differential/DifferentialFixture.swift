import Foundation
import TestSupport

/// The small collection the differential test edits: every kind of input a page or report is
/// made from appears at least once, so that an edit can reach it. Three skills with references;
/// links between documents and to headings; a link to a missing anchor (a diagnostic); a rule
/// stated in two skills (a duplicate cluster); an inline SVG image; code spans naming a skill and
/// a document; a related-skills list; a loose README; a skillbook.yml; a theme folder with a
/// template and an asset of its own.
enum DifferentialFixture {
    static let contentRoot = "skills"
    static let theme = "theme"

    static let rule = "- Always validate the input schema before writing any records to the production database.\n"

    static var files: [String: String] {
        [
            "skills/skillbook.yml": "title: Differential fixture\nduplicate_rules: true\n",
            "skills/README.md": "# Fixture skills\n\nStart with [alpha](alpha/SKILL.md) and [the setup](alpha/references/setup.md#install-steps).\n",
            "skills/alpha/SKILL.md": """
                ---
                name: alpha
                description: Alpha does the first thing.
                ---
                # Alpha

                Read [the setup](references/setup.md#install-steps) and [usage](references/usage.md).
                See `beta` for the rest and `references/usage.md` for calls.

                ## Rules

                \(rule)
                ## Related skills

                - beta: the second thing

                """,
            "skills/alpha/references/setup.md": """
                # Setup

                ## Install steps

                Run the installer. Always check the version first.

                ![the flow](diagram.svg)

                ## Check the version

                Compare it with [the usage notes](usage.md#calling).

                """,
            "skills/alpha/references/diagram.svg":
                #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>"# + "\n",
            "skills/alpha/references/usage.md": """
                # Usage

                ## Calling

                Call it with `--flag`. Back to [installing](setup.md#install-step).

                ```swift
                let x = 1
                ```

                """,
            "skills/beta/SKILL.md": """
                ---
                name: beta
                description: Beta does the second thing.
                metadata:
                  category: tools
                ---
                # Beta

                Beta builds on [alpha's setup](../alpha/references/setup.md#install-steps).
                The calls are in `../alpha/references/usage.md`.

                \(rule)
                """,
            "skills/beta/references/notes.md": "# Notes\n\n## Open questions\n\nNothing here links anywhere.\n",
            "skills/gamma/SKILL.md": """
                ---
                name: gamma
                description: Gamma stands alone.
                ---
                # Gamma

                See [beta's notes](../beta/references/notes.md#open-questions).

                ## Related skills

                - alpha: the first thing

                """,
            "skills/gamma/references/guide.md": "# Guide\n\n## First\n\nOne.\n\n## Second\n\nTwo, unlike [alpha](../../alpha/SKILL.md#rules).\n",
            "theme/skill.mustache": TestPaths.defaultThemeFile("skill.mustache"),
            "theme/assets/site.css": TestPaths.defaultThemeFile("assets/site.css"),
        ]
    }
}
