import Dispatch
import Foundation
import SkillChecks
import SkillDuplicates
import SkillParser

/// A cache of one step of `build`, kept in one file of the build cache folder.
protocol StepCache: Sendable {
    static var fileName: String { get }
    static func read(_ file: URL, key: ContentHash) throws(CacheDamage) -> Self?
    func write(to file: URL) throws
}

extension DuplicateCache: StepCache {}
extension CheckCache: StepCache {}
extension ClusterCache: StepCache {}

/// The file of a step's cache for one build: read at the step's start unless the build is
/// `--full`, and written for the next build on another thread while the site is built; `finish`
/// waits for the write.
final class StepCacheFile<Cache: StepCache>: @unchecked Sendable {
    let file: URL
    let reuse: Bool
    private let writing = DispatchGroup()

    init(output: String, reuse: Bool) {
        file = CacheFolder.file(Cache.fileName, forOutput: URL(fileURLWithPath: output))
        self.reuse = reuse
    }

    /// The previous build's cache when it may be reused and is whole; otherwise `nil`, with why
    /// a damaged or foreign file was not used (for `--verbose`; empty when there was none).
    func previous(key: ContentHash) -> (cache: Cache?, problem: String) {
        guard reuse else { return (nil, "") }
        do throws(CacheDamage) {
            return (try Cache.read(file, key: key), "")
        } catch {
            return (nil, " (\(file.path) not used: \(error))")
        }
    }

    /// Writes `next` in place of the file, on another thread.
    func write(_ next: Cache) {
        write { next }
    }

    /// Makes the next cache on another thread and writes it in place of the file; `nil` leaves
    /// the file as it is.
    func write(_ make: @escaping @Sendable () -> Cache?) {
        let file = file
        DispatchQueue.global().async(group: writing) {
            if let next = make(), CacheFolder.prepare(for: file) { try? next.write(to: file) }
        }
    }

    /// Waits until the new cache is written.
    func finish() {
        writing.wait()
    }
}
