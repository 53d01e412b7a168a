import Foundation

/// `make bench` runs this: each benchmark prints its figures; none asserts a time.
/// Benchmarks register here; `skillbook-bench NAME` runs one, no argument runs all.
let benchmarks: [(name: String, run: () throws -> Void)] = [
    ("load", LoadBenchmark.run),
    ("check", CheckBenchmark.run),
    ("dupes-labelled", DupesBenchmark.labelled),
    ("dupes", DupesBenchmark.run),
    ("dupes-corpus", DupesCorpusBenchmark.run),
    ("site", SiteBenchmark.run),
    ("search", SearchBenchmark.run),
    ("relevance", RelevanceBenchmark.run),
    ("pipeline", PipelineBenchmark.run),
]

// `skillbook-bench synthetic N DIR` writes the synthetic collection of N skills into DIR, to
// time or profile a command on it by hand.
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "synthetic", let skills = Int(CommandLine.arguments[2]) {
    do {
        try SyntheticCollection(skills: skills).write(to: URL(fileURLWithPath: CommandLine.arguments[3]))
        exit(0)
    } catch {
        print("error: \(error)")
        exit(1)
    }
}

let selected = CommandLine.arguments.dropFirst()
for benchmark in benchmarks where selected.isEmpty || selected.contains(benchmark.name) {
    print("== \(benchmark.name)")
    do {
        try benchmark.run()
    } catch {
        print("error: \(error)")
        exit(1)
    }
}
