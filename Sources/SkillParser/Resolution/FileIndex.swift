import Foundation

/// Answers "does this root-relative path exist, and with exactly this letter case?" by
/// listing folders on disk, so the answer is the same on case-insensitive macOS and on Linux.
/// Listings are cached; the index is safe to share between threads.
public final class FileIndex: @unchecked Sendable {
    public enum Lookup: Equatable {
        case exists
        /// The path exists only with other letter case; the path as it is on disk.
        case caseMismatch(String)
        case missing
    }

    private let root: URL
    private let lock = NSLock()
    private var listings: [String: Listing?] = [:]
    private var visibleCandidates: [String: NearestNames.Candidates] = [:]

    /// A folder's names, sorted, with a set and a lower-case table so that a lookup in a folder
    /// of thousands of skills takes constant time instead of a scan (and a lower-casing) of all.
    private struct Listing {
        let names: [String]
        let set: Set<String>
        /// Lower-cased name → the first name (in sorted order) with that lower case.
        let lowered: [String: String]

        init(_ names: [String]) {
            self.names = names
            set = Set(names)
            var lowered: [String: String] = [:]
            for name in names where lowered[name.lowercased()] == nil { lowered[name.lowercased()] = name }
            self.lowered = lowered
        }
    }

    /// Names of folders listed before (the loader's walk), used instead of listing them again.
    private let given: [String: [String]]

    /// `listings` are the sorted names of folders already listed, by root-relative path.
    public init(root: String, listings: [String: [String]] = [:]) {
        self.root = URL(fileURLWithPath: root)
        given = listings
    }

    public func lookup(_ path: String) -> Lookup {
        var folder = ""
        var actual: [String] = []
        var mismatch = false
        for part in path.split(separator: "/").map(String.init) {
            guard let names = listing(of: folder) else { return .missing }
            if names.set.contains(part) {
                actual.append(part)
            } else if let other = names.lowered[part.lowercased()] {
                actual.append(other)
                mismatch = true
            } else {
                return .missing
            }
            folder = actual.joined(separator: "/")
        }
        return mismatch ? .caseMismatch(folder) : .exists
    }

    /// Names in a root-relative folder, sorted; `nil` when it is not a readable folder.
    public func entries(of folder: String) -> [String]? {
        listing(of: folder)?.names
    }

    /// Whether the root-relative `folder` lists `name`.
    public func contains(_ name: String, in folder: String) -> Bool {
        listing(of: folder)?.set.contains(name) == true
    }

    /// The names in a folder that do not start with `.`, prepared for "did you mean" lookups
    /// (many broken links point into the same folder); `nil` when it is not a readable folder.
    public func visibleNameCandidates(of folder: String) -> NearestNames.Candidates? {
        if let cached = lock.withLock({ visibleCandidates[folder] }) { return cached }
        guard let names = entries(of: folder) else { return nil }
        let candidates = NearestNames.Candidates(names.filter { !$0.hasPrefix(".") })
        lock.withLock { visibleCandidates[folder] = candidates }
        return candidates
    }

    private func listing(of folder: String) -> Listing? {
        if let cached = lock.withLock({ listings[folder] }) { return cached }
        let listing: Listing?
        if let names = given[folder] {
            listing = Listing(names)
        } else {
            let url = folder.isEmpty ? root : root.appendingPathComponent(folder)
            listing = (try? FileManager.default.contentsOfDirectory(atPath: url.path)).map { Listing($0.sorted()) }
        }
        lock.withLock { listings[folder] = listing }
        return listing
    }

    // MARK: - What the files on disk were, for caches of what was looked up in them

    /// A digest of the listings the index was given (every folder the loader walked).
    public func givenDigest() -> ContentHash {
        var hasher = ContentHasher()
        hasher.add(given.count)
        for folder in given.keys.sorted() {
            hasher.add(folder)
            Self.add(given[folder], to: &hasher)
        }
        return hasher.finalize()
    }

    /// The folders listed so far that the index was not given (outside the walk: hidden,
    /// skipped or excluded folders, folders behind symbolic links, folders that do not exist),
    /// sorted, each with the digest of its listing.
    public func listedBeyondGiven() -> [(folder: String, digest: ContentHash)] {
        let listed = lock.withLock { listings }
        return listed.keys.filter { given[$0] == nil }.sorted().map { folder in
            var hasher = ContentHasher()
            Self.add(listed[folder]??.names, to: &hasher)
            return (folder, hasher.finalize())
        }
    }

    /// The digest `listedBeyondGiven` gives `folder`, listing it when it was not yet.
    public func listingDigest(of folder: String) -> ContentHash {
        var hasher = ContentHasher()
        Self.add(listing(of: folder)?.names, to: &hasher)
        return hasher.finalize()
    }

    private static func add(_ names: [String]?, to hasher: inout ContentHasher) {
        guard let names else {
            hasher.add(-1)
            return
        }
        hasher.add(names.count)
        for name in names { hasher.add(name) }
    }

    /// What an existing root-relative path is on disk.
    public enum Kind: Equatable, Sendable {
        case file, folder
        /// A symbolic link whose target lies outside the root.
        case outside
    }

    public func kind(of path: String) -> Kind {
        let url = root.appendingPathComponent(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return .outside }
        let resolved = url.resolvingSymlinksInPath().path
        let rootPath = root.resolvingSymlinksInPath().path
        guard resolved == rootPath || resolved.hasPrefix(rootPath + "/") else { return .outside }
        return isFolder.boolValue ? .folder : .file
    }
}
