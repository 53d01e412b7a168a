import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// On SIGINT or SIGTERM during a build, removes the staging folder (the previous site is not
/// touched until the swap) and the lock file, and ends the process with the signal's usual
/// status. Without this,
/// an interrupted build left a staging folder as large as the site.
///
/// The handler runs on a private serial queue, which libdispatch serves with its own thread even
/// while every worker is busy rendering pages. It takes the same lock as the swap, so it never
/// runs between the swap's two renames.
final class InterruptCleanup: @unchecked Sendable {
    static let shared = InterruptCleanup()

    private let lock = NSLock()
    private var staging: URL?
    private var lockFile: URL?
    private var sources: [DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "skillbook.interrupt")

    /// From now on, an interrupt removes `staging` and `lockFile` (the build's `BuildLock`, which
    /// is released only after `disarm`, so the file is still this build's while armed).
    func arm(staging url: URL, lockFile: URL) {
        lock.lock(); defer { lock.unlock() }
        staging = url
        self.lockFile = lockFile
        guard sources.isEmpty else { return }
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)  // delivered to the source below instead
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { [unowned self] in self.interrupted(by: signalNumber) }
            source.resume()
            sources.append(source)
        }
    }

    /// The staging folder is gone (swapped in or discarded): nothing to clean up any more.
    func disarm() {
        lock.lock(); defer { lock.unlock() }
        staging = nil
        lockFile = nil
    }

    /// Runs `body` (the swap) so that an interrupt waits for it to end.
    func withoutInterrupts<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock(); defer { lock.unlock() }
        return try body()
    }

    /// Whether an interrupt is being handled: writers stop instead of filling the folder that
    /// is being removed.
    var isStopping: Bool {
        lock.lock(); defer { lock.unlock() }
        return stopping
    }

    private var stopping = false

    private func interrupted(by signalNumber: Int32) {
        lock.lock()
        stopping = true
        if let staging {
            // Renamed first, so that writers still running fail instead of refilling it.
            let fileManager = FileManager.default
            let doomed = staging.deletingLastPathComponent().appendingPathComponent(staging.lastPathComponent + "-interrupted")
            let target = (try? fileManager.moveItem(at: staging, to: doomed)) != nil ? doomed : staging
            for _ in 0..<3 where fileManager.fileExists(atPath: target.path) { try? fileManager.removeItem(at: target) }
            if fileManager.fileExists(atPath: staging.path) { try? fileManager.removeItem(at: staging) }
            // Unlinked while still locked, as `BuildLock.release` does; the kernel drops the lock at exit.
            if let lockFile { unlink(lockFile.path) }
            FileHandle.standardError.write(Data("\ninterrupted: the build was stopped and the previous site left in place\n".utf8))
        }
        // `_exit`, not `exit`: the workers are still rendering, and `exit` would run the atexit
        // handlers (LeakSanitizer's among them, which took their buffers for leaks and made the
        // status 1 under `make sanitize`) and static destructors under their feet.
        fflush(nil)
        _exit(128 + signalNumber)
    }
}
