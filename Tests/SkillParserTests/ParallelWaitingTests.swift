import Foundation
import Testing
@testable import SkillParser

/// `Parallel.mapWaiting`: the same results as a serial map, in order, whatever the count, width and
/// chunk; the work really runs on several threads at once; and a closure holding a class is let go
/// when the call returns (the threads keep nothing of it).
@Suite struct ParallelWaitingTests {
    @Test func resultsAreTheSerialMapsInOrder() {
        for count in [0, 1, 2, 7, 16, 17, 1000, 4437] {
            for width in [1, 2, 8, 33] {
                for chunk in [1, 16, 64] {
                    let mapped = Parallel.mapWaiting(count, width: width, minimumChunk: chunk) { "item \($0 * 3)" }
                    #expect(mapped == (0..<count).map { "item \($0 * 3)" }, "\(count) items, \(width) threads, chunks of \(chunk)")
                }
            }
        }
    }

    /// Eight calls that each wait for all eight to have started see them all only when eight
    /// threads run them at once (each gives up after ten seconds, so a narrower map fails, not hangs).
    @Test func theWorkRunsOnAsManyThreadsAsTheWidth() {
        let lock = NSLock()
        var started = 0
        let sawAll = Parallel.mapWaiting(8, width: 8, minimumChunk: 1) { _ -> Bool in
            lock.withLock { started += 1 }
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                if lock.withLock({ started }) == 8 { return true }
                usleep(1000)
            }
            return false
        }
        #expect(sawAll == Array(repeating: true, count: 8))
    }

    final class Token: Sendable {}

    @Test func theClosureIsLetGoWhenTheCallReturns() {
        weak var released: Token?
        do {
            let token = Token()
            released = token
            let mapped = Parallel.mapWaiting(100, width: 8, minimumChunk: 1) { index in token === token ? index : -1 }
            #expect(mapped == Array(0..<100))
        }
        #expect(released == nil)
    }
}
