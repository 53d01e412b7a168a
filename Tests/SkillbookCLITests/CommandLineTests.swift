import Foundation
import Testing
#if canImport(AllocatorSettings)
import AllocatorSettings
#endif
import TestSupport

@Suite struct CommandLineTests {
    @Test func helpListsCommandsAndEachCommandHasHelp() throws {
        let top = try runSkillbook(["--help"])
        #expect(top.exitCode == 0)
        #expect(top.stdout.contains("USAGE: skillbook <command>"))
        for command in ["graph", "slugs"] {
            #expect(top.stdout.contains("  \(command) "))
            let help = try runSkillbook([command, "--help"])
            #expect(help.exitCode == 0)
            #expect(help.stdout.contains("USAGE: skillbook \(command)"))
            #expect(help.stderr.isEmpty)
        }
    }

    @Test func versionPrintsTheVersion() throws {
        let result = try runSkillbook(["--version"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.hasPrefix("skillbook "))
    }

    #if canImport(AllocatorSettings)
    /// On Linux the executable runs on jemalloc with the settings it gives it; the version reads
    /// them back from the allocator, so an environment's MALLOC_CONF shows there too.
    @Test func theExecutableRunsOnJemallocWithItsSettings() throws {
        let requested = String(cString: skillbook_allocator_settings)
        let result = try runSkillbook(["--version"], environment: ["MALLOC_CONF": ""])
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("allocator: ") })
        #expect(line.hasPrefix("allocator: jemalloc "))
        #expect(line.hasSuffix("(\(requested))"), "\(line) does not read back \(requested)")

        let overridden = try runSkillbook(["--version"], environment: ["MALLOC_CONF": "dirty_decay_ms:3000"])
        #expect(overridden.stdout.contains("dirty_decay_ms:3000"))
        #expect(!overridden.stdout.contains("(\(requested))"))
    }
    #endif

    @Test func unknownCommandsAndFlagsAreUsageErrors() throws {
        let command = try runSkillbook(["frobnicate"])
        #expect(command.exitCode == 2)
        #expect(command.stderr.contains("unknown command 'frobnicate'"))
        #expect(command.stdout.isEmpty)

        let flag = try runSkillbook(["graph", "--colour"])
        #expect(flag.exitCode == 2)
        #expect(flag.stderr.contains("unknown option '--colour'"))
        #expect(flag.stderr.contains("usage: skillbook graph"))

        let value = try runSkillbook(["graph", "--format", "xml"])
        #expect(value.exitCode == 2)
        #expect(value.stderr.contains("'xml' is not a valid value for '--format'"))

        let missing = try runSkillbook(["graph", "--format"])
        #expect(missing.exitCode == 2)
        #expect(missing.stderr.contains("needs a value"))
    }

    @Test func bothOptionSpellingsWork() throws {
        let tree = try FixtureTree(["a/SKILL.md": "---\nname: a\ndescription: d\n---\n"])
        let spaced = try runSkillbook(["graph", "--format", "dot", tree.path])
        let joined = try runSkillbook(["graph", "--format=dot", tree.path])
        #expect(spaced.exitCode == 0)
        #expect(spaced.stdout == joined.stdout)
        #expect(spaced.stdout.hasPrefix("digraph skills {"))
    }

    @Test func unreadableInputExitsWithTwo() throws {
        let result = try runSkillbook(["graph", "/nonexistent/skillbook-root"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("no such folder"))
        #expect(result.stdout.isEmpty)
    }

    @Test func defaultRootIsContentWhenItExists() throws {
        let tree = try FixtureTree(["Content/a/SKILL.md": "---\nname: a\ndescription: d\n---\n", "b/SKILL.md": "---\nname: b\n---\n"])
        let result = try runSkillbook(["graph", "--format", "dot"], in: tree.root)
        #expect(result.stdout.contains("\"a\""))
        #expect(!result.stdout.contains("\"b\""))
    }

    @Test func diagnosticPathsAreRelativeToTheCurrentFolder() throws {
        let tree = try FixtureTree(["skills/a/SKILL.md": "---\nname: a\n"])
        let result = try runSkillbook(["graph", "skills"], in: tree.root)
        #expect(result.exitCode == 0)
        #expect(result.stderr.hasPrefix("skills/a/SKILL.md:1:1: warning: "))
    }

    @Test func slugsReadsHeadingsFromStandardInputThroughOneSlugger() throws {
        let result = try runSkillbook(["slugs"], stdin: "Touch Targets\nTouch Targets\n1. Query performance\nCafé & Crème\n")
        #expect(result.exitCode == 0)
        #expect(result.stdout == "touch-targets\ntouch-targets-1\n1-query-performance\ncafé--crème\n")
    }
}
