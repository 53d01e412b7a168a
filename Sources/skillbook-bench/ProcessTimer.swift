import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a command as its own process and measures it as a person would see it: the wall clock
/// from spawn to exit, the processor time it used (all cores together) and its peak resident
/// memory. Each child is reaped with `wait4`, so its figures are its own, not the largest child's.
enum ProcessTimer {
    struct Run: Sendable {
        var seconds: Double
        var cpuSeconds: Double
        var peakBytes: Int
        var status: Int32
    }

    enum Failure: Error, CustomStringConvertible {
        case cannotStart(String, Int32)
        var description: String {
            switch self {
            case .cannotStart(let command, let code): "cannot start \(command): \(String(cString: strerror(code)))"
            }
        }
    }

    /// Runs `arguments[0]` (an absolute path) with the rest as its arguments, output thrown away.
    static func run(_ arguments: [String]) throws -> Run {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = Date()
        let code = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard code == 0 else { throw Failure.cannotStart(arguments[0], code) }
        running.set(pid)
        defer { running.set(0) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1, errno == EINTR {}
        let seconds = Date().timeIntervalSince(start)
        func time(_ value: timeval) -> Double { Double(value.tv_sec) + Double(value.tv_usec) / 1_000_000 }
        return Run(seconds: seconds, cpuSeconds: time(usage.ru_utime) + time(usage.ru_stime),
                   peakBytes: Int(usage.ru_maxrss) * 1024, status: (status >> 8) & 0xff)
    }

    /// The command being timed, for a signal handler to stop.
    private static let running = RunningChild()

    /// Stops the command being timed, if any (the benchmark itself was told to stop).
    static func stopRunningChild() {
        let pid = running.get()
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    private final class RunningChild: @unchecked Sendable {
        private let lock = NSLock()
        private var pid: pid_t = 0
        func set(_ value: pid_t) { lock.withLock { pid = value } }
        func get() -> pid_t { lock.withLock { pid } }
    }

    /// The absolute path of `name` on PATH, if it is installed.
    static func which(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}

/// The median of several runs of one figure, which one slow run on a shared machine moves less
/// than the mean.
struct Figure: Sendable {
    var name: String
    var runs: [ProcessTimer.Run]

    var seconds: Double { Self.median(runs.map(\.seconds)) }
    var cpuSeconds: Double { Self.median(runs.map(\.cpuSeconds)) }
    var peakBytes: Int { runs.map(\.peakBytes).max() ?? 0 }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// Runs `command` `times` times (after `prepare` each time, untimed).
    static func measure(_ name: String, times: Int, prepare: () throws -> Void = {},
                        _ command: [String]) throws -> Figure {
        var runs: [ProcessTimer.Run] = []
        for _ in 0..<times {
            try prepare()
            runs.append(try ProcessTimer.run(command))
        }
        return Figure(name: name, runs: runs)
    }

    /// Runs each of `commands` in turn, `times` rounds, and returns one figure per command:
    /// figures that are compared with each other then see the same machine.
    static func measureInTurn(_ names: [String], times: Int, _ commands: [[String]]) throws -> [Figure] {
        try measureInTurn(zip(names, commands).map { Turn(name: $0, command: $1) }, times: times)
    }

    /// One command of `measureInTurn`, with what to do before each of its runs (untimed).
    struct Turn {
        var name: String
        var prepare: () throws -> Void = {}
        var command: [String]
    }

    /// Runs each turn's command in turn (after its `prepare`), `times` rounds, and returns one
    /// figure per turn, its runs in round order.
    static func measureInTurn(_ turns: [Turn], times: Int) throws -> [Figure] {
        var runs = [[ProcessTimer.Run]](repeating: [], count: turns.count)
        for _ in 0..<times {
            for (index, turn) in turns.enumerated() {
                try turn.prepare()
                runs[index].append(try ProcessTimer.run(turn.command))
            }
        }
        return zip(turns, runs).map { Figure(name: $0.name, runs: $1) }
    }

    /// The median of `part`'s runs each divided by `whole`'s run of the same round (figures
    /// measured in turn): what a drift of the machine's speed between rounds does not move.
    static func medianRatio(_ part: Figure, of whole: Figure) -> Double {
        median(zip(part.runs, whole.runs).map { $0.seconds / $1.seconds })
    }
}
