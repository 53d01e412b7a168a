import Foundation
import SkillParser
import Testing
import TestSupport

/// The GitHub Action, the documented workflow and the pre-commit hooks are valid YAML (read by
/// the same libyaml reader as frontmatter) and hold the steps they promise.
@Suite struct CIRecipeTests {
    static func read(_ path: String) throws -> YAMLValue {
        let text = try String(contentsOf: TestPaths.repository.appendingPathComponent(path), encoding: .utf8)
        let (value, diagnostics) = YAMLDocument.read(text, file: path)
        #expect(diagnostics.isEmpty, "\(path): \(diagnostics.map(\.message))")
        return try #require(value, "\(path) is not valid YAML: \(diagnostics.map(\.message))")
    }

    @Test func actionIsACompositeWithTheStepsItPromises() throws {
        let action = try Self.read("action.yml")
        #expect(action["runs"]?["using"]?.stringValue == "composite")
        let steps = try #require(action["runs"]?["steps"]?.items)
        let runs = steps.compactMap { $0["run"]?.stringValue }.joined(separator: "\n")
        let uses = steps.compactMap { $0["uses"]?.stringValue }
        #expect(runs.contains("apt-get install"))
        #expect(runs.contains("libcmark-gfm-dev") && runs.contains("libyaml-dev"))
        #expect(runs.contains("swift build -c release"))
        #expect(runs.contains("curl -fsSL"))
        #expect(runs.contains("skillbook check \"$CONTENT\" --format sarif"))
        #expect(runs.contains("skillbook check \"$CONTENT\" --format github"))
        #expect(runs.contains("skillbook build \"$CONTENT\""))
        #expect(uses.contains { $0.hasPrefix("github/codeql-action/upload-sarif@") })
        #expect(uses.contains { $0.hasPrefix("actions/upload-pages-artifact@") })
        for step in steps where step["run"] != nil {
            #expect(step["shell"]?.stringValue == "bash", "a composite action's run step needs a shell")
        }
        // Every `${{ inputs.x }}` names a declared input.
        let inputs = Set(action["inputs"]?.keys ?? [])
        let text = try String(contentsOf: TestPaths.repository.appendingPathComponent("action.yml"), encoding: .utf8)
        for name in text.matches(of: /inputs\.([a-z-]+)/).map({ String($0.1) }) {
            #expect(inputs.contains(name), "undeclared input \(name)")
        }
    }

    @Test func documentedWorkflowUsesTheActionAndIsInTheDocs() throws {
        let workflow = try Self.read("docs/github-workflow.yml")
        let jobs = try #require(workflow["jobs"]?.keys)
        #expect(jobs == ["check", "site"])
        let checkSteps = try #require(workflow["jobs"]?["check"]?["steps"]?.items)
        #expect(checkSteps.contains { $0["uses"]?.stringValue?.hasSuffix("/skillbook@main") == true })
        #expect(workflow["jobs"]?["check"]?["permissions"]?["security-events"]?.stringValue == "write")
        let siteSteps = try #require(workflow["jobs"]?["site"]?["steps"]?.items)
        #expect(siteSteps.contains { $0["uses"]?.stringValue?.hasPrefix("actions/deploy-pages@") == true })
        #expect(workflow["jobs"]?["site"]?["permissions"]?["pages"]?.stringValue == "write")
        let file = try String(contentsOf: TestPaths.repository.appendingPathComponent("docs/github-workflow.yml"), encoding: .utf8)
        let page = try String(contentsOf: TestPaths.repository.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        #expect(page.contains(file), "docs/ci.md shows docs/github-workflow.yml as it is")
    }

    @Test func preCommitHooksRunCheck() throws {
        let hooks = try #require(try Self.read(".pre-commit-hooks.yaml").items)
        let ids = hooks.compactMap { $0["id"]?.stringValue }
        #expect(ids == ["skillbook-check", "skillbook-check-installed", "skillbook-fmt"])
        for hook in hooks {
            #expect(hook["entry"]?.stringValue?.hasPrefix("skillbook ") == true)
            #expect(hook["name"] != nil && hook["language"] != nil)
            let files = try #require(hook["files"]?.stringValue)
            #expect((try? Regex(files)) != nil, "files is a regular expression")
        }
    }
}

extension YAMLValue {
    subscript(key: String) -> YAMLValue? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    var items: [YAMLValue]? {
        if case .list(let items) = self { return items }
        return nil
    }

    var keys: [String]? {
        if case .map(let entries) = self { return entries.map(\.key) }
        return nil
    }
}
