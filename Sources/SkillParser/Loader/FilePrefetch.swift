import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks the system for the files a load is about to read, many at a time, on threads of its own,
/// so that files no longer in memory come from the disk in parallel instead of one at a time in
/// each parsing thread.
///
/// The system drops the pages of files nobody read for a while: on this project's machines a
/// tenth of agentic-awesome-skills' 37 MB was gone two minutes after a check, and the next check
/// took 2.77 s instead of 1.59 s with the same processor time. Its parsing threads, one per core,
/// were waiting for the disk (perf's `sched_switch`: most switches in `io_schedule`, reading file
/// pages and the inodes and folders that lead to them), one page at a time each. Sixteen `cat`s at
/// once read the whole corpus from a cold cache in 0.53 s.
///
/// Each thread opens the next file (which reads its inode when that is not in memory), tells the
/// system it will be needed (`POSIX_FADV_WILLNEED`, which starts reading it without waiting) and
/// closes it. In file order, as the parse takes them, so the requests stay ahead of the parse.
/// Nothing is read into the process; only regular files within `InputLimits.maximumFileBytes`
/// are opened, and a file that cannot be is left to the reader, which says what is wrong with it.
/// With every file already in memory this costs four system calls a file on the prefetching threads.
final class FilePrefetch: @unchecked Sendable {
    /// How many requests are in flight at once: enough to keep a disk queue busy.
    static let threads = 8

    private let paths: [String]
    private let lock = NSLock()
    private var next = 0
    private var stopped = false
    private var askedFor: [Int] = []
    private let running = DispatchGroup()

    /// Starts asking for `paths` (absolute, or relative to the current folder) at once.
    init(_ paths: [String]) {
        self.paths = paths
        guard !paths.isEmpty else { return }
        for _ in 0..<min(Self.threads, paths.count) {
            running.enter()
            let thread = Thread { [self] in
                run()
                running.leave()
            }
            // Opening a file needs little stack.
            thread.stackSize = 256 << 10
            thread.start()
        }
    }

    /// Asks for no more files: the files are read, or the load is over.
    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    /// Waits until no thread asks for more; then `asked` is complete.
    func wait() {
        running.wait()
    }

    /// The paths the system was asked for, in `paths`' order.
    var asked: [String] {
        lock.withLock { askedFor.sorted().map { paths[$0] } }
    }

    private func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped, next < paths.count else { return nil }
        next += 1
        return next - 1
    }

    private func run() {
        while let index = claim() {
            // Only a regular file the reader would read: opening a device can do something, and a
            // file over the limit is refused unread.
            var info = stat()
            guard stat(paths[index], &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                  Int(info.st_size) <= InputLimits.maximumFileBytes else { continue }
            let descriptor = open(paths[index], O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
            guard descriptor >= 0 else { continue }
            #if os(Linux)
            _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_WILLNEED)
            #endif
            close(descriptor)
            lock.withLock { askedFor.append(index) }
        }
    }
}
