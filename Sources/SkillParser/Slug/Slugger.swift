/// GitHub's heading anchors, as github-slugger computes them.
///
/// A slugger remembers the anchors it has handed out, so a repeated heading in the same
/// document gets `-1`, `-2`, ... Use one slugger per document.
public struct Slugger: Sendable {
    private var occurrences: [String: Int] = [:]

    public init() {}

    /// The anchor for `text`, unique among the anchors this slugger returned before.
    public mutating func slug(_ text: String) -> String {
        let base = Self.baseSlug(text)
        var result = base
        while occurrences[result] != nil {
            occurrences[base, default: 0] += 1
            result = "\(base)-\(occurrences[base]!)"
        }
        occurrences[result] = 0
        return result
    }

    /// The anchor for `text` without de-duplication: lower-cased, with punctuation, symbols,
    /// controls and other separators removed, and each ASCII space turned into `-`. Connector
    /// punctuation such as `_` stays.
    public static func baseSlug(_ text: String) -> String {
        // ASCII headings (most of them): letters lower-cased, digits, `_` and `-` kept, spaces to `-`.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case 0x80...: return unicodeSlug(text)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                bytes.append(byte)
            case UInt8(ascii: " "): bytes.append(UInt8(ascii: "-"))
            default: continue
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same by the Unicode rules alone, for any text (the ASCII path must agree with it).
    static func unicodeSlug(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars where keeps(scalar) {
            scalars.append(scalar == " " ? "-" : scalar)
        }
        return String(scalars)
    }

    /// GitHub's slugger classifies characters by the Unicode 13 tables; characters assigned
    /// later count as unassigned there and are removed.
    private static let unicodeVersion: Unicode.Version = (major: 13, minor: 0)

    private static func keeps(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == " " || scalar == "-" { return true }
        let properties = scalar.properties
        guard let age = properties.age, age <= unicodeVersion else { return false }
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark,
             .decimalNumber, .letterNumber, .connectorPunctuation:
            return true
        default:
            return false
        }
    }
}
