import Foundation
import SkillParser

/// `skillbook build --watch`: builds, then checks the content root, the theme folder and the
/// configuration file twice a second and rebuilds when one of their files was added, removed or
/// changed (size or modification time), printing which. Polling needs no platform API and costs
/// a directory walk per tick, a few milliseconds for thousands of files.
///
/// Ctrl-C and SIGTERM after the first build set off a handler that writes one byte to a pipe,
/// which the loop waits on between ticks (`poll`), so the watch stops at once when idle and right
/// after the swap when a build is running: the last site is always whole. (The build's own
/// interrupt handler ignores the signals between builds, when it has nothing to clean up.)
struct BuildWatcher {
    let roots: [String]
    let interval: TimeInterval = 0.5

    init(arguments: ParsedArguments, root: String) {
        roots = [root] + [arguments.value("theme"), arguments.value("config")].compactMap { $0 }
    }

    /// Size and modification time of a file, which change when it is saved.
    struct Stamp: Equatable {
        var size: Int
        var modified: Double
    }

    func run(console: Console, build: () -> ExitCode) -> ExitCode {
        var before = snapshot()
        _ = build()
        let stop = StopSignal.install()
        console.output("Watching \(roots.joined(separator: ", ")) for changes; Ctrl-C stops.\n")
        while true {
            var waiting = pollfd(fd: stop, events: Int16(POLLIN), revents: 0)
            if poll(&waiting, 1, Int32(interval * 1000)) > 0 {
                console.output("Stopped watching; the last site is in place.\n")
                return .success
            }
            let now = snapshot()
            guard now != before else { continue }
            let changed = Self.changes(from: before, to: now)
            before = now
            console.output("Changed: \(Self.summary(changed)); rebuilding.\n")
            _ = build()
            // Files saved during the build are seen at the next tick.
        }
    }

    /// Every file under the roots (a root may be a single file), by path, skipping hidden entries
    /// and built sites (folders holding the site marker), as the loader does.
    func snapshot() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        for root in roots {
            Self.walk(root, into: &stamps)
        }
        return stamps
    }

    private static func walk(_ path: String, into stamps: inout [String: Stamp]) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            if FileManager.default.fileExists(atPath: path + "/" + CollectionLoader.siteMarkerFile) { return }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where !name.hasPrefix(".") {
                walk(path + "/" + name, into: &stamps)
            }
        } else {
            stamps[path] = Stamp(size: Int(info.st_size),
                                 modified: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        }
    }

    /// Paths added, removed or changed, sorted, each with what happened to it.
    static func changes(from before: [String: Stamp], to now: [String: Stamp]) -> [String] {
        var changes: [String] = []
        for (path, stamp) in now {
            if let old = before[path] {
                if old != stamp { changes.append(path) }
            } else {
                changes.append(path + " (added)")
            }
        }
        for path in before.keys where now[path] == nil { changes.append(path + " (removed)") }
        return changes.sorted()
    }

    static func summary(_ changes: [String]) -> String {
        let shown = changes.prefix(5).joined(separator: ", ")
        return changes.count > 5 ? "\(shown) and \(changes.count - 5) more" : shown
    }
}

/// SIGINT and SIGTERM turned into a readable pipe.
enum StopSignal {
    /// Read end, write end; made before any handler can run.
    private static let pipeEnds: (read: Int32, write: Int32) = {
        var ends: [Int32] = [0, 0]
        _ = ends.withUnsafeMutableBufferPointer { pipe($0.baseAddress!) }
        return (ends[0], ends[1])
    }()

    /// Installs the handlers and returns the descriptor that becomes readable on a signal.
    static func install() -> Int32 {
        let ends = pipeEnds
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber) { _ in
                var byte: UInt8 = 1
                _ = write(StopSignal.pipeEnds.write, &byte, 1)
            }
        }
        return ends.read
    }
}
