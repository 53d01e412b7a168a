import Foundation
@testable import SkillParser
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch
@testable import SiteBuilder

@Suite struct ThemeTests {
    /// The binary carries Templates/, embedded at build time by the EmbedTheme plugin. SwiftPM
    /// plans a plugin's inputs only when the package changes, so a file added to or removed from
    /// Templates/ with no other template edited is missed until the next edit or clean build.
    @Test func embeddedThemeEqualsTheTemplatesFolder() throws {
        let folder = TestPaths.repository.appendingPathComponent("Templates").path
        var onDisk: [String: String] = [:]
        for path in SiteFixtures.files(in: folder) where !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            onDisk[path] = try SiteFixtures.read(folder, path)
        }
        #expect(onDisk.keys.sorted() == EmbeddedTheme.files.keys.sorted(), "a file was added to or removed from Templates/: edit any template (or `swift package clean`) and build again")
        for (path, text) in onDisk where EmbeddedTheme.files[path] != text {
            Issue.record("Templates/\(path) differs from its embedded copy; build again")
        }
    }

    @Test func everyTemplateParses() throws {
        let templates = try Theme.standard.templates()
        for name in ["layout", "home", "skill", "document", "diagnostics", "duplicates", "graph", "search", "not-found"] {
            #expect(templates[name] != nil, "missing \(name).mustache")
        }
    }

    @Test func aTemplateErrorNamesTheFile() throws {
        var theme = Theme.standard
        theme.replace("home.mustache", with: "{{#families}}")
        #expect {
            _ = try theme.templates()
        } throws: { error in
            "\(error)".hasPrefix("home.mustache: ")
        }
    }

    @Test func overridesMustBeAFolder() {
        #expect(throws: Theme.LoadError.self) { try Theme.load(overrides: "/nonexistent/theme") }
    }
}

@Suite struct SkillFamiliesTests {
    @Test func groupsByTheLongestSharedPrefixAndDissolvesLoneFamilies() {
        func skill(_ name: String) -> Skill {
            Skill(name: name, folder: name, skillFile: "\(name)/SKILL.md", manifest: nil, documents: [])
        }
        let families = SkillFamilies.group(["hig-components-buttons", "hig-components-menus", "hig-foundations-color",
                                            "hig-foundations-layout", "hig-inputs", "solo"].map(skill))
        #expect(families.map(\.name) == ["hig-components", "hig-foundations", "Other skills"])
        #expect(families[2].skills.map(\.name) == ["hig-inputs", "solo"])
        #expect(SkillFamilies.group(["one", "two"].map(skill)).map(\.name) == ["Skills"])
    }
}
