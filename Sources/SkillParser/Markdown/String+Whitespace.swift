// Whitespace tests and collapsing on UTF-8 bytes, for the rule texts of every document.

extension Unicode.Scalar {
    /// Whitespace, with a fast path for ASCII: rule texts are mostly ASCII and this runs per scalar.
    public var isWhitespaceScalar: Bool {
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        return properties.isWhitespace
    }
}

extension StringProtocol {
    /// Runs of whitespace as one space, none at either end.
    public var collapsingWhitespace: String {
        // Most texts (every rule of a collection passes through here) have nothing to collapse:
        // one pass that allocates nothing says so, and the text is returned as it is.
        if utf8.withContiguousStorageIfAvailable(Self.isCollapsed(utf8:)) == true { return String(self) }
        return utf8.withContiguousStorageIfAvailable(Self.collapsingWhitespace(utf8:)) ?? collapsingRuns { $0.isWhitespaceScalar }
    }

    /// Whether `collapsingWhitespace` would return the text unchanged: no whitespace at either
    /// end, none but single spaces inside.
    static func isCollapsed(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var afterSpace = true  // a space first is not collapsed
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead == 0x20 {
                    if afterSpace { return false }
                    afterSpace = true
                } else if (0x09...0x0D).contains(lead) {
                    return false
                } else {
                    afterSpace = false
                }
                index += 1
                continue
            }
            let end = Swift.min(index + (lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4), bytes.count)
            if isWhitespace(bytes, lead: index, end: end) { return false }
            afterSpace = false
            index = end
        }
        return !afterSpace || bytes.isEmpty
    }

    /// Whether the non-ASCII scalar at `lead..<end` is whitespace: only scalars whose UTF-8
    /// starts with C2, E1, E2 or E3 can be (U+0085, U+00A0, U+1680, U+2000...U+205F, U+3000),
    /// and only those are decoded and asked.
    private static func isWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, lead index: Int, end: Int) -> Bool {
        let lead = bytes[index]
        switch lead {
        case 0xC2, 0xE1, 0xE2, 0xE3:
            var scalar = UInt32(lead) & (end - index == 2 ? 0x1F : 0x0F)
            for next in (index + 1)..<end { scalar = scalar << 6 | UInt32(bytes[next] & 0x3F) }
            return Unicode.Scalar(scalar)?.properties.isWhitespace ?? false
        default:
            return false
        }
    }

    /// The same, read from valid UTF-8 byte by byte: every rule of a collection passes through
    /// here, and decoding each scalar to ask whether it is whitespace was most of indexing.
    static func collapsingWhitespace(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var pendingSpace = false
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            let end = Swift.min(index + length, bytes.count)
            let isSpace = lead < 0x80 ? (lead == 0x20 || (0x09...0x0D).contains(lead)) : isWhitespace(bytes, lead: index, end: end)
            if isSpace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(0x20) }
                pendingSpace = false
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
            }
            index = end
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Runs of scalars for which `isSeparator` holds as one space, none at either end.
    public func collapsingRuns(where isSeparator: (Unicode.Scalar) -> Bool) -> String {
        // Collected as UTF-8 bytes: appending scalars to a string view one by one was most of the cost.
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count)
        var pendingSpace = false
        for scalar in unicodeScalars {
            if isSeparator(scalar) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(0x20) }
                pendingSpace = false
                if scalar.isASCII { result.append(UInt8(scalar.value)) } else { result.append(contentsOf: scalar.utf8) }
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    public var trimmingWhitespace: String {
        let scalars = unicodeScalars
        // Most texts have nothing to trim: their ends say so without copying scalar by scalar.
        if let first = scalars.first, let last = scalars.last, !first.isWhitespaceScalar, !last.isWhitespaceScalar {
            return String(self)
        }
        guard let start = scalars.firstIndex(where: { !$0.isWhitespaceScalar }),
              let end = scalars.lastIndex(where: { !$0.isWhitespaceScalar })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[start...end]))
    }
}
