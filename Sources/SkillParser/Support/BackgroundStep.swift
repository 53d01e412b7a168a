import Foundation

/// A build step that runs on a thread of its own while the build goes on with the next one;
/// `wait()` gives its result (or throws its error) once it is done.
///
/// The site builder runs the search index beside the rendering of pages: each step has parts
/// that run on one core (the index's assembly, the folders made before writing), which the
/// other step's work now fills. The two share nothing but the output folder and the build
/// cache's record, which are safe to write from several threads (pages and index files never
/// share a path). The index step itself writes its counts file beside its assembly the same
/// way. The caller must `wait()` before it returns or throws, so that no step is left writing
/// into a folder that is being discarded.
public final class BackgroundStep<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<Value, any Error>?
    /// The work, when it runs in `wait()` instead of on its own thread.
    private var deferred: (() throws -> Value)?
    /// Whether the outcome is known (guarded by `lock`): later calls of `wait()` give it at once.
    private var finished = false
    /// Lets several threads wait for the same step (the search index waits for the site's
    /// preparation, as the plan step does).
    private let lock = NSLock()

    /// Starts `work` at once on a new thread (with the main thread's stack size, as deep
    /// Markdown may need), or, when `inBackground` is false, leaves it to `wait()`. Work made
    /// `ahead` of when it is needed runs at a lower priority (`yieldToTheSteps()`).
    public init(inBackground: Bool = true, ahead: Bool = false, _ work: @escaping () throws -> Value) {
        guard inBackground else {
            deferred = work
            return
        }
        let job = UncheckedSendable(work)
        let thread = Thread { [self] in
            if ahead { Self.yieldToTheSteps() }
            result = Result { try job.value() }
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Lowers the calling thread's priority by 10 nice steps: work started ahead of the step that needs
    /// it (a rebuild's search index, the site's preparation, the checks' cache) then takes the
    /// cores the build's steps leave, instead of a fair share of the core the step in progress
    /// runs on. On 2 cores, a rebuild of agentic-awesome-skills after one changed rule had the
    /// dedupe step's thread get a third of a core beside four such threads (perf timeline).
    /// The work is the same and the output too; when a step waits for it, it has the core.
    static func yieldToTheSteps() {
        #if os(Linux)
        // The thread's own priority: on Linux each thread is a task with its own nice value,
        // which glibc's `nice` changes.
        _ = nice(10)
        #endif
    }

    /// Waits for the step to finish (or runs it); its value, or its error. Any number of calls,
    /// from any threads, give the same outcome (a build's error path waits again).
    public func wait() throws -> Value {
        let outcome = lock.withLock { () -> Result<Value, any Error> in
            if !finished {
                if let deferred {
                    self.deferred = nil
                    result = Result { try deferred() }
                } else {
                    done.wait()
                }
                finished = true
            }
            return result!
        }
        return try outcome.get()
    }
}
