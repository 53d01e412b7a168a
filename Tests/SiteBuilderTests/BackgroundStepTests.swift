import Foundation
import Testing
@testable import SiteBuilder

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

    @Test func passesTheStepsErrorOn() {
        for inBackground in [true, false] {
            let step = BackgroundStep(inBackground: inBackground) { () throws -> Int in throw Failure() }
            #expect(throws: Failure.self) { try step.wait() }
        }
    }
}
