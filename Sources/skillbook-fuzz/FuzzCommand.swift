import Foundation
import SiteBuilder
import SkillParser

/// `make fuzz`. Two fuzzers:
///
///     SKILLBOOK_FUZZ_TARGET=NAME skillbook-fuzz [libFuzzer options] [CORPUS...]
///         coverage-guided, one parser at a time (frontmatter, markdown, links, markdown-html,
///         mustache, tokenizer, query), in the build linked with libFuzzer (`make fuzz` makes it
///         in .build/fuzz, compiled with SKILLBOOK_FUZZER): whichever `main` the linker keeps,
///         ours or libFuzzer's, libFuzzer's driver runs and calls `LLVMFuzzerTestOneInput`
///     skillbook-fuzz pipeline [--seconds N] [--seed S] [SEED_FOLDER]
///         mutated whole collections through load, check, dupes and a site build: what no single
///         target reaches (the checks, the writer, the output folder); deterministic for a seed
///     skillbook-fuzz --list
///         the target names

let usage = """
    usage: skillbook-fuzz pipeline [--seconds N] [--seed S] [SEED_FOLDER]
           skillbook-fuzz --list
           SKILLBOOK_FUZZ_TARGET=NAME skillbook-fuzz [libFuzzer options] [CORPUS...]  (fuzzer build only: make fuzz)
    targets: \(FuzzTargets.all.map(\.name).joined(separator: ", "))

    """

/// The target libFuzzer runs, named by `SKILLBOOK_FUZZ_TARGET`.
let selectedTarget: (@Sendable ([UInt8]) -> Void)? = {
    let name = ProcessInfo.processInfo.environment["SKILLBOOK_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTargets.named(name) else {
        FileHandle.standardError.write(Data("skillbook-fuzz: set SKILLBOOK_FUZZ_TARGET to one of \(FuzzTargets.all.map(\.name).joined(separator: ", "))\n".utf8))
        exit(2)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedTarget?(bytes)
    return 0
}

#if SKILLBOOK_FUZZER
/// libFuzzer's driver (in its runtime, linked by `-sanitize=fuzzer`). Declared by name: its
/// arguments (pointers and an Int32) are passed the same way by Swift's and C's conventions.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32
#endif

/// Runs libFuzzer on the target named by `SKILLBOOK_FUZZ_TARGET` with the process's arguments.
/// The linker of the fuzzer build may keep our `main` rather than libFuzzer's (both are linked);
/// this makes both do the same.
func runLibFuzzer() -> Never {
    _ = selectedTarget
    #if SKILLBOOK_FUZZER
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
    #else
    FileHandle.standardError.write(Data("skillbook-fuzz: this build has no libFuzzer; `make fuzz` builds one in .build/fuzz\n".utf8))
    exit(2)
    #endif
}

@main
struct FuzzCommand {
    static func main() {
        if ProcessInfo.processInfo.environment["SKILLBOOK_FUZZ_TARGET"] != nil { runLibFuzzer() }
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch arguments.first {
        case nil, "-h", "--help":
            print(usage, terminator: "")
        case "--list":
            for target in FuzzTargets.all { print(target.name) }
        case "pipeline":
            PipelineFuzz.run(Array(arguments.dropFirst()))
        default:
            FileHandle.standardError.write(Data("skillbook-fuzz: unknown command \(arguments[0])\n\(usage)".utf8))
            exit(2)
        }
    }
}
