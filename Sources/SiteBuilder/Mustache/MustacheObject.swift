/// The members of a `MustacheValue.object`: names and values in the order given, a later
/// duplicate name replacing an earlier one.
///
/// Not a `Dictionary`: a page's context is thousands of small objects (a link, a finding, a
/// sidebar entry), each made once and read by a few names. A dictionary hashes every name into
/// a table when the object is made and hashes the name again for every read, in every frame a
/// read passes (each table has its own seed). Here each member keeps a cheap fingerprint of its
/// name, a template's names have theirs from when it was parsed (`MustacheName`), and a read
/// compares fingerprints from the last member back. Objects of many members (the interface
/// strings) also keep a table of positions by fingerprint, made once: a `[String: Int]` index
/// hashed every name read with SipHash and retained its storage and the name, on an object
/// every page reads from both cores (a tenth of the Mustache lookups' samples).
public struct MustacheObject: Sendable, Hashable {
    fileprivate struct Member: Sendable {
        var fingerprint: UInt64
        var name: String
        var value: MustacheValue
    }

    private var members: [Member]
    /// Only for objects above `indexedCount` members: an open-addressing table by fingerprint
    /// whose slots hold the position + 1 of each name's last member (0: empty), at most half full.
    private var index: [Int32]?

    /// Above this many members a read looks names up in `index` instead of comparing fingerprints.
    static let indexedCount = 32

    public init() {
        members = []
    }

    /// The members of `dictionary`, by name.
    public init(_ dictionary: [String: MustacheValue]) {
        members = dictionary.sorted { $0.key < $1.key }.map { Member(fingerprint: MustacheName.fingerprint($0.key), name: $0.key, value: $0.value) }
        reindex()
    }

    /// The value of the member `name` (the last of that name), `nil` when there is none.
    /// Setting `nil` removes the name.
    public subscript(name: String) -> MustacheValue? {
        get { self[MustacheName(name)] }
        set {
            let key = MustacheName(name)
            guard let newValue else {
                members.removeAll { $0.name == name }
                reindex()
                return
            }
            if let position = position(of: key) {
                members[position].value = newValue
                return
            }
            members.append(Member(fingerprint: key.fingerprint, name: name, value: newValue))
            if index != nil, members.count * 2 <= index!.count { Self.insert(members.count - 1, of: members, into: &index!) } else if members.count > Self.indexedCount { reindex() }
        }
    }

    /// Adds `other`'s members; they replace members of the same name.
    public mutating func merge(_ other: MustacheObject) {
        for member in other.members { self[member.name] = member.value }
    }

    /// The value of the member `name`, with the fingerprint the template worked out.
    subscript(name: MustacheName) -> MustacheValue? {
        position(of: name).map { members[$0].value }
    }

    /// The members, one per name (the last given), sorted by name: what digests and
    /// comparisons see.
    public var byName: [(name: String, value: MustacheValue)] {
        var last: [String: Int] = [:]
        for (position, member) in members.enumerated() { last[member.name] = position }
        return last.sorted { $0.key < $1.key }.map { ($0.key, members[$0.value].value) }
    }

    /// How many names the object has.
    public var count: Int { byName.count }

    private func position(of name: MustacheName) -> Int? {
        if let index { return Self.find(name, of: members, in: index) }
        var position = members.count - 1
        while position >= 0 {
            if members[position].fingerprint == name.fingerprint, members[position].name == name.text { return position }
            position -= 1
        }
        return nil
    }

    private mutating func reindex() {
        guard members.count > Self.indexedCount else {
            index = nil
            return
        }
        var size = 64
        while size < members.count * 2 { size *= 2 }
        var index = [Int32](repeating: 0, count: size)
        for position in members.indices { Self.insert(position, of: members, into: &index) }
        self.index = index
    }

    /// Puts member `position` in `index`, in place of an earlier member of the same name.
    private static func insert(_ position: Int, of members: [Member], into index: inout [Int32]) {
        let mask = index.count - 1
        var slot = Int(truncatingIfNeeded: members[position].fingerprint) & mask
        while index[slot] != 0 {
            let other = Int(index[slot]) - 1
            if members[other].fingerprint == members[position].fingerprint, members[other].name == members[position].name { break }
            slot = (slot + 1) & mask
        }
        index[slot] = Int32(position + 1)
    }

    private static func find(_ name: MustacheName, of members: [Member], in index: [Int32]) -> Int? {
        let mask = index.count - 1
        var slot = Int(truncatingIfNeeded: name.fingerprint) & mask
        while index[slot] != 0 {
            let position = Int(index[slot]) - 1
            if members[position].fingerprint == name.fingerprint, members[position].name == name.text { return position }
            slot = (slot + 1) & mask
        }
        return nil
    }

    public static func == (lhs: MustacheObject, rhs: MustacheObject) -> Bool {
        let left = lhs.byName, right = rhs.byName
        return left.count == right.count && zip(left, right).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for (name, value) in byName {
            hasher.combine(name)
            hasher.combine(value)
        }
    }
}

extension MustacheObject: ExpressibleByDictionaryLiteral {
    /// A later duplicate key replaces an earlier one.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self.init(pairs: elements)
    }

    init(pairs: [(String, MustacheValue)]) {
        members = pairs.map { Member(fingerprint: MustacheName.fingerprint($0.0), name: $0.0, value: $0.1) }
        reindex()
    }
}

/// A name as templates read it, with the fingerprint `MustacheObject` compares, worked out
/// once when the template is parsed.
struct MustacheName: Sendable, Hashable {
    let text: String
    let fingerprint: UInt64

    init(_ text: String) {
        self.text = text
        fingerprint = Self.fingerprint(text)
    }

    /// Fingerprints first: most names compared differ there.
    static func == (lhs: MustacheName, rhs: MustacheName) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.text == rhs.text
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }

    /// Whether this is the implicit iterator `.`.
    var isImplicitIterator: Bool { text == "." }

    /// FNV-1a over the name's UTF-8: a few multiplications for the short names templates use.
    static func fingerprint(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            return hash
        }
    }
}
