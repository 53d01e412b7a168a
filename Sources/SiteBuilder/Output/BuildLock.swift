import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One build at a time into an output folder. Two builds into the same folder would remove each
/// other's staging folder; the second one stops instead, with a message saying why. The lock is
/// an `flock` on a file beside the output folder, so the kernel releases it when the process
/// ends in any way (even `kill -9`): it never goes stale. The file is removed when the lock is
/// released; a taker checks that the file it locked is still the one at the path, so a file
/// removed meanwhile cannot give two builds the lock.
final class BuildLock: @unchecked Sendable {
    private var descriptor: Int32 = -1
    private let file: URL

    struct Held: Error, CustomStringConvertible {
        var output: String
        var lockFile: String
        var owner: String
        var description: String {
            "another skillbook build\(owner) is writing into \(output) (it holds \(lockFile)); wait for it to finish, or build into another folder with -o"
        }
    }

    /// The lock file's path for the output folder `url`.
    static func path(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).skillbook-lock")
    }

    /// Takes the lock for `url`, or throws `Held` at once when another process has it.
    init(for url: URL) throws {
        file = Self.path(for: url)
        while true {
            let candidate = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard candidate >= 0 else {
                throw OutputFolder.Problem.cannotCreate(file.path, String(cString: strerror(errno)))
            }
            guard flock(candidate, LOCK_EX | LOCK_NB) == 0 else {
                let owner = (try? String(contentsOf: file, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
                close(candidate)
                throw Held(output: url.path, lockFile: file.path, owner: owner.map { " (process \($0))" } ?? "")
            }
            var opened = stat(), current = stat()
            if fstat(candidate, &opened) == 0, stat(file.path, &current) == 0,
               opened.st_ino == current.st_ino, opened.st_dev == current.st_dev {
                descriptor = candidate
                break
            }
            close(candidate)  // removed by its last holder after we opened it: take the new one
        }
        // Who holds it, for the message the next build prints.
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBufferPointer { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    func release() {
        guard descriptor >= 0 else { return }
        unlink(file.path)
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
