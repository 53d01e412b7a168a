import Foundation
import SkillParser

/// The `<available_skills>` block agent runtimes put in a system prompt, in the shape of the
/// reference library's `agentskills to-prompt`: one tag per line, values on their own lines,
/// escaped as Python's `html.escape` does, the location an absolute path to each SKILL.md.
enum AvailableSkillsPrompt {
    /// Skills without a description are left out (the reference refuses them); their files are
    /// returned so the caller can say so.
    static func render(_ graph: SkillGraph) -> (text: String, skipped: [String]) {
        var lines = ["<available_skills>"]
        var skipped: [String] = []
        for skill in graph.skills {
            let name = (skill.manifest?.name ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let description = (skill.manifest?.description ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty, !description.isEmpty else {
                skipped.append(skill.skillFile)
                continue
            }
            let location = graph.root + "/" + skill.skillFile
            lines += ["<skill>", "<name>", escape(name), "</name>", "<description>", escape(description), "</description>",
                      "<location>", location, "</location>", "</skill>"]
        }
        lines.append("</available_skills>")
        return (lines.joined(separator: "\n") + "\n", skipped)
    }

    /// `&`, `<`, `>`, `"` and `'` as entities, as `html.escape(text, quote=True)` writes them.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#x27;"
            default: result.append(character)
            }
        }
        return result
    }
}
