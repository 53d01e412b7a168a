// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Skillbook",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "skillbook", targets: ["skillbook"]),
        .library(name: "SkillParser", targets: ["SkillParser"]),
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
        .target(name: "SkillParser", dependencies: ["CCmarkGFM", "CYAML"]),
        .target(name: "SiteBuilder", dependencies: ["SkillParser"]),
        .executableTarget(name: "skillbook", dependencies: ["SkillParser", "SiteBuilder"]),
        .executableTarget(name: "skillbook-bench", dependencies: ["SkillParser", "SiteBuilder"]),
        .executableTarget(name: "skillbook-fuzz", dependencies: ["SkillParser", "SiteBuilder"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "SkillParserTests",
            dependencies: ["SkillParser", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "SiteBuilderTests",
            dependencies: ["SiteBuilder", "SkillParser", "TestSupport"],
            exclude: ["SiteFixtures"]
        ),
        .testTarget(
            name: "SkillbookCLITests",
            dependencies: ["skillbook", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
