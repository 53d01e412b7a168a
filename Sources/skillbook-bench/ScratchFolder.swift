import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The benchmark's temporary folder (`/tmp/skillbook-bench-PID`), removed when the run ends,
/// also when it is stopped by SIGINT or SIGTERM: the signal stops the command being timed,
/// the folder (synthetic collections of 10,000 skills, built sites) is deleted, and the
/// benchmark exits with the signal's status. A `defer` alone never runs on a signal.
final class ScratchFolder: @unchecked Sendable {
    let url: URL
    private var sources: [any DispatchSourceSignal] = []

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("skillbook-bench-\(getpid())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)  // delivered to the dispatch source instead
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [url] in
                ProcessTimer.stopRunningChild()
                try? FileManager.default.removeItem(at: url)
                _exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Removes the folder and gives the signals their default meaning back.
    func remove() {
        for source in sources { source.cancel() }
        sources = []
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        try? FileManager.default.removeItem(at: url)
    }

    func appendingPathComponent(_ name: String) -> URL { url.appendingPathComponent(name) }
}
