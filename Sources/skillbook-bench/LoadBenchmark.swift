import Foundation
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Loading time of the shared corpora, when they are present.
enum LoadBenchmark {
    static func run() throws {
        for corpus in Corpora.available {
            let start = Date()
            let graph = try CollectionLoader.load(root: corpus.path)
            let seconds = Date().timeIntervalSince(start)
            print(String(format: "load %@: %d files, %d skills in %.2f s", corpus.name, graph.documents.count,
                         graph.skills.count, seconds))
        }
    }
}

/// The shared corpora, looked up beside the repository.
enum Corpora {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpora")

    static var available: [(name: String, path: String)] {
        ["hig-doctor/skills", "apple-hig-skills", "agentic-awesome-skills"].compactMap { name in
            let path = root.appendingPathComponent(name).path
            return FileManager.default.fileExists(atPath: path) ? (name, path) : nil
        }
    }
}
