import Foundation
import Testing
import TestSupport

/// `make install` into a temporary PREFIX, with the already-built binary (INSTALL_BIN) so the
/// test builds nothing: the installed skillbook builds a site from `/`, far from the repository.
@Suite struct InstallTests {
    @Test(.enabled(if: TestPaths.executable(named: "make") != nil, "make is not installed"))
    func installedBinaryBuildsASiteFromAnyFolder() throws {
        let prefix = try FixtureTree()
        let install = try runProcess("make", ["-s", "-C", TestPaths.repository.path, "install",
                                              "INSTALL_BIN=\(TestPaths.skillbookBinary.path)", "PREFIX=\(prefix.path)"],
                                     mergingStandardError: true)
        #expect(install.exitCode == 0, "\(install.stdout)")
        for file in ["bin/skillbook", "share/man/man1/skillbook.1", "share/bash-completion/completions/skillbook",
                     "share/zsh/site-functions/_skillbook", "share/fish/vendor_completions.d/skillbook.fish",
                     "share/skillbook/skillbook.schema.json"] {
            #expect(FileManager.default.fileExists(atPath: prefix.path + "/" + file), "\(file)")
        }
        #expect(FileManager.default.isExecutableFile(atPath: prefix.path + "/bin/skillbook"))
        #expect(try prefix.read("share/man/man1/skillbook.1").contains(".SS build\n"))

        let collection = try FixtureTree([
            "alpha/SKILL.md": "---\nname: alpha\ndescription: First.\n---\n# Alpha\n\nSee `beta`.\n",
            "beta/SKILL.md": "---\nname: beta\ndescription: Second.\n---\n# Beta\n",
        ])
        let build = try runProcess(prefix.path + "/bin/skillbook", ["build", collection.path, "-o", collection.path + "/site"],
                                   in: URL(fileURLWithPath: "/"), environment: ["NO_COLOR": "1"])
        #expect(build.exitCode == 0, "\(build.stderr)")
        let home = try collection.read("site/index.html")
        #expect(home.contains("alpha"))
        // The theme's stylesheet and the search script come from the binary, not from Templates/.
        let assets = try FileManager.default.subpathsOfDirectory(atPath: collection.path + "/site")
        #expect(assets.contains { $0.hasSuffix(".css") })
        #expect(assets.contains { $0.hasPrefix("search/") })
    }

    @Test(.enabled(if: TestPaths.executable(named: "make") != nil, "make is not installed"))
    func destdirIsPrefixedToEveryPath() throws {
        let stage = try FixtureTree()
        let install = try runProcess("make", ["-s", "-C", TestPaths.repository.path, "install",
                                              "INSTALL_BIN=\(TestPaths.skillbookBinary.path)", "PREFIX=/usr", "DESTDIR=\(stage.path)"],
                                     mergingStandardError: true)
        #expect(install.exitCode == 0, "\(install.stdout)")
        #expect(FileManager.default.isExecutableFile(atPath: stage.path + "/usr/bin/skillbook"))
        #expect(FileManager.default.fileExists(atPath: stage.path + "/usr/share/man/man1/skillbook.1"))
    }
}
