import CFuzzerDriver
import Foundation
import SiteBuilder
import SkillParser

/// `make fuzz`. Two fuzzers:
///
///     skillbook-fuzz TARGET [libFuzzer options] [CORPUS...]
///         coverage-guided, one parser at a time (frontmatter, markdown, links, markdown-html,
///         mustache, tokenizer, query), in a build linked with libFuzzer (`make fuzz` does it)
///     skillbook-fuzz pipeline [--seconds N] [--seed S] [SEED_FOLDER]
///         mutated whole collections through load, check, dupes and a site build: what no single
///         target reaches (the checks, the writer, the output folder); deterministic for a seed
///     skillbook-fuzz --list
///         the target names

let usage = """
    usage: skillbook-fuzz TARGET [libFuzzer options] [CORPUS...]
           skillbook-fuzz pipeline [--seconds N] [--seed S] [SEED_FOLDER]
           skillbook-fuzz --list
    targets: \(FuzzTargets.all.map(\.name).joined(separator: ", "))

    """

/// The target libFuzzer calls; set once before the driver starts.
nonisolated(unsafe) var selectedTarget: (@Sendable ([UInt8]) -> Void)?

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedTarget?(bytes)
    return 0
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case nil, "-h", "--help":
    print(usage, terminator: "")
case "--list":
    for target in FuzzTargets.all { print(target.name) }
case "pipeline":
    PipelineFuzz.run(Array(arguments.dropFirst()))
case let name?:
    guard let target = FuzzTargets.named(name) else {
        FileHandle.standardError.write(Data("skillbook-fuzz: no target named \(name)\n\(usage)".utf8))
        exit(2)
    }
    guard skillbook_libfuzzer_available() != 0 else {
        FileHandle.standardError.write(Data("""
            skillbook-fuzz: this build has no libFuzzer; `make fuzz` builds one with
            swift build -c release --sanitize fuzzer --product skillbook-fuzz -Xlinker --allow-multiple-definition

            """.utf8))
        exit(2)
    }
    selectedTarget = target
    // libFuzzer reads argv[1...] as its own options and corpus folders.
    var driverArguments = [CommandLine.arguments[0]] + arguments.dropFirst()
    var argc = Int32(driverArguments.count)
    var pointers = driverArguments.map { strdup($0) } + [nil]
    let status = pointers.withUnsafeMutableBufferPointer { buffer -> Int32 in
        var argv = buffer.baseAddress
        return skillbook_libfuzzer_run(&argc, &argv, { data, size in fuzzOneInput(data, size) })
    }
    driverArguments.removeAll()
    exit(status)
}
