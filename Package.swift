// swift-tools-version: 6.0
import PackageDescription

let allLibraries: [Target.Dependency] = ["SkillParser", "SkillDuplicates", "SkillChecks", "SkillSearch", "SiteBuilder"]

let package = Package(
    name: "Skillbook",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "skillbook", targets: ["skillbook"]),
        .library(name: "SkillParser", targets: ["SkillParser"]),
        .library(name: "SkillChecks", targets: ["SkillChecks"]),
        .library(name: "SkillDuplicates", targets: ["SkillDuplicates"]),
        .library(name: "SkillSearch", targets: ["SkillSearch"]),
        .library(name: "SiteBuilder", targets: ["SiteBuilder"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // The executable's C allocator on Linux (see Sources/skillbook/CLI/Allocator.swift).
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        .target(name: "AllocatorSettings"),
        // Files to the typed skill graph, with every link resolved.
        .target(name: "SkillParser", dependencies: ["CCmarkGFM", "CYAML"]),
        // Rules stated more than once.
        .target(name: "SkillDuplicates", dependencies: ["SkillParser"]),
        // The checks over the graph and their reports (text, JSON, SARIF, GitHub, graph JSON).
        .target(name: "SkillChecks", dependencies: ["SkillParser", "SkillDuplicates"]),
        // The search index: tokenizer, writer, reader and ranking.
        .target(name: "SkillSearch", dependencies: ["SkillParser"]),
        // The static site: pages, theme, output folder. The default theme (Templates/) is
        // embedded at build time by our own plugin.
        .target(name: "SiteBuilder", dependencies: ["SkillParser", "SkillChecks", "SkillDuplicates", "SkillSearch"],
                plugins: ["EmbedTheme"]),
        .executableTarget(name: "embed-theme"),
        .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["embed-theme"]),
        .executableTarget(name: "skillbook", dependencies: allLibraries + [
            .target(name: "CJemalloc", condition: .when(platforms: [.linux])),
            .target(name: "AllocatorSettings", condition: .when(platforms: [.linux])),
        ]),
        .executableTarget(name: "skillbook-bench", dependencies: allLibraries),
        .executableTarget(name: "skillbook-fuzz", dependencies: allLibraries),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "SkillParserTests",
            dependencies: ["SkillParser", "SkillChecks", "SkillDuplicates", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "SiteBuilderTests",
            dependencies: ["SiteBuilder", "SkillParser", "SkillChecks", "SkillDuplicates", "SkillSearch", "TestSupport"],
            exclude: ["SiteFixtures"]
        ),
        .testTarget(
            name: "SkillbookCLITests",
            dependencies: ["skillbook", "SkillParser", "SkillDuplicates", "TestSupport",
                           .target(name: "AllocatorSettings", condition: .when(platforms: [.linux]))]
        ),
    ],
    swiftLanguageModes: [.v6]
)
