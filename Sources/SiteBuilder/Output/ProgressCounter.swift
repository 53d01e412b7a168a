import Foundation

/// Counts rendered pages and reports progress about a hundred times per build.
final class ProgressCounter: @unchecked Sendable {
    private let total: Int
    private let report: (@Sendable (Int, Int) -> Void)?
    private var done = 0
    private let lock = NSLock()

    init(total: Int, report: (@Sendable (Int, Int) -> Void)?) {
        self.total = total
        self.report = report
    }

    func increment() {
        guard let report else { return }
        lock.lock()
        done += 1
        let current = done
        lock.unlock()
        let step = max(1, total / 100)
        if current % step == 0 || current == total { report(current, total) }
    }
}
