import Foundation

/// A run as named steps, each timed: `[3/8] render (412 ms)`. Errors say which step failed.
/// The one step timer of every command: `build` runs its steps through `run`, duplicate
/// detection marks the end of each step with `lap`.
public struct StepLog: Sendable {
    public struct Step: Sendable, Hashable {
        public var name: String
        public var seconds: Double
    }

    /// A failure inside a named step.
    public struct StepError: Error, CustomStringConvertible {
        public var step: String
        public var underlying: any Error

        public var description: String { "\(step): \(underlying)" }
    }

    public let total: Int
    public private(set) var steps: [Step] = []
    /// When the last step ended (or the log began), for `lap`.
    private var lastLap = DispatchTime.now().uptimeNanoseconds
    /// Receives one line per finished step (for `--verbose`).
    private let report: @Sendable (String) -> Void

    public init(total: Int, report: @escaping @Sendable (String) -> Void = { _ in }) {
        self.total = total
        self.report = report
    }

    /// Runs `body` as the next step. `detail`, given its result, may add to the step's line
    /// (`[6/8] index (12 ms; 240 ms of work on a thread of its own ...)`): a step that mostly
    /// waits for work done beside the steps before says so.
    public mutating func run<T>(_ name: String, detail: (T) -> String? = { _ in nil }, _ body: () throws -> T) throws -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let result: T
        do {
            result = try body()
        } catch let error as StepError {
            throw error
        } catch {
            throw StepError(step: name, underlying: error)
        }
        let end = DispatchTime.now().uptimeNanoseconds
        let seconds = Double(end - start) / 1e9
        lastLap = end
        steps.append(Step(name: name, seconds: seconds))
        report("[\(steps.count)/\(total)] \(name) (\(Self.format(seconds))\(detail(result).map { "; " + $0 } ?? ""))")
        return result
    }

    /// Ends a step that ran since the previous one ended (or since the log began).
    public mutating func lap(_ name: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        let seconds = Double(now - lastLap) / 1e9
        lastLap = now
        steps.append(Step(name: name, seconds: seconds))
        report("[\(steps.count)/\(total)] \(name) (\(Self.format(seconds)))")
    }

    /// Reports a line that belongs to the current step (`--verbose` notes).
    public func note(_ text: String) {
        report("      \(text)")
    }

    /// `412 ms`, `1.25 s`.
    public static func format(_ seconds: Double) -> String {
        seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.2f s", seconds)
    }
}
