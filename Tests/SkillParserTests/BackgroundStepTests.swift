import Foundation
import Testing
@testable import SkillParser

/// The search index runs beside the rendering through `BackgroundStep`.
@Suite struct BackgroundStepTests {
    struct Failure: Error, Equatable {}

    final class Flag: @unchecked Sendable {
        let started = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true }; started.signal() }
    }

    @Test func runsOnItsOwnThreadBeforeItIsWaitedFor() throws {
        let flag = Flag()
        let step = BackgroundStep { () -> Int in
            flag.set()
            return 42
        }
        // The work starts without wait(); a step that only ran in wait() would time out here.
        #expect(flag.started.wait(timeout: .now() + 60) == .success)
        #expect(try step.wait() == 42)
    }

    @Test func aDeferredStepRunsOnlyWhenWaitedFor() throws {
        let flag = Flag()
        let step = BackgroundStep(inBackground: false) { () -> Int in
            flag.set()
            return 7
        }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(!flag.isSet)
        #expect(try step.wait() == 7)
        #expect(flag.isSet)
    }

    /// Work started ahead of its step runs at a lower priority than the steps; other steps' threads
    /// keep theirs, and so does the thread that started it.
    @Test func workStartedAheadYieldsToTheSteps() throws {
        #if os(Linux)
        func niceness() -> Int32 { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(0)) }
        let own = niceness()
        #expect(try BackgroundStep(ahead: true) { niceness() }.wait() == min(own + 10, 19))
        #expect(try BackgroundStep { niceness() }.wait() == own)
        #expect(niceness() == own)
        #endif
    }

    @Test func passesTheStepsErrorOn() {
        for inBackground in [true, false] {
            let step = BackgroundStep(inBackground: inBackground) { () throws -> Int in throw Failure() }
            #expect(throws: Failure.self) { try step.wait() }
        }
    }

    /// A build's error path waits for every step again, including one it already waited for:
    /// the second wait gives the first's outcome, without running the work twice or blocking.
    @Test func waitingAgainGivesTheSameOutcomeWithoutRunningTheWorkAgain() throws {
        for inBackground in [true, false] {
            let runs = Counter()
            let step = BackgroundStep(inBackground: inBackground) { () -> Int in runs.increment() }
            #expect(try step.wait() == 1)
            #expect(try step.wait() == 1)
            #expect(runs.value == 1)
            let failing = BackgroundStep(inBackground: inBackground) { () throws -> Int in
                _ = runs.increment()
                throw Failure()
            }
            #expect(throws: Failure.self) { try failing.wait() }
            #expect(throws: Failure.self) { try failing.wait() }
            #expect(runs.value == 2)
        }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() -> Int { lock.withLock { count += 1; return count } }
    }
}
