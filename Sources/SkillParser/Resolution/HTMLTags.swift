import Foundation

/// The opening tags of raw HTML written in Markdown, read the way a browser tokenizes them:
/// comments and the insides of `<script>` and `<style>` are skipped, attribute values may be
/// quoted or not. Text between tags is never read as an attribute, so `id=frag` written in a
/// `<div>`'s text is not an anchor.
public struct HTMLTag: Hashable, Sendable {
    /// The element name, lower case.
    public var name: String
    /// Attributes in source order, names lower case; a bare attribute has an empty value.
    public var attributes: [HTMLAttribute]
    /// Lines between the start of the fragment and this tag.
    public var lineOffset: Int

    public func value(of attribute: String) -> String? {
        attributes.first { $0.name == attribute }?.value
    }

    /// Every opening tag of `html`, in order.
    public static func scan(_ html: String) -> [HTMLTag] {
        let bytes = Array(html.utf8)
        guard bytes.contains(UInt8(ascii: "<")) else { return [] }
        var tags: [HTMLTag] = []
        var index = 0
        var line = 0
        func advance(to end: Int) {
            while index < min(end, bytes.count) {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else { advance(to: index + 1); continue }
            if bytes[index...].starts(with: Array("<!--".utf8)) {
                advance(to: find(Array("-->".utf8), in: bytes, from: index + 4).map { $0 + 3 } ?? bytes.count)
                continue
            }
            guard index + 1 < bytes.count, isLetter(bytes[index + 1]) else { advance(to: index + 1); continue }
            let startLine = line
            var cursor = index + 1
            while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">"),
                  bytes[cursor] != UInt8(ascii: "/") { cursor += 1 }
            let name = String(decoding: bytes[(index + 1)..<cursor], as: UTF8.self).lowercased()
            var attributes: [HTMLAttribute] = []
            while cursor < bytes.count, bytes[cursor] != UInt8(ascii: ">") {
                if isSpace(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "/") { cursor += 1; continue }
                let nameStart = cursor
                while cursor < bytes.count, !isSpace(bytes[cursor]), !"=>/".utf8.contains(bytes[cursor]) { cursor += 1 }
                let attributeName = String(decoding: bytes[nameStart..<cursor], as: UTF8.self).lowercased()
                while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
                var value = ""
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") {
                    cursor += 1
                    while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
                    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
                        let quote = bytes[cursor]
                        let valueStart = cursor + 1
                        cursor = valueStart
                        while cursor < bytes.count, bytes[cursor] != quote { cursor += 1 }
                        value = String(decoding: bytes[valueStart..<min(cursor, bytes.count)], as: UTF8.self)
                        cursor += 1
                    } else {
                        let valueStart = cursor
                        while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">") { cursor += 1 }
                        value = String(decoding: bytes[valueStart..<cursor], as: UTF8.self)
                    }
                }
                if !attributeName.isEmpty { attributes.append(HTMLAttribute(name: attributeName, value: decodeEntities(value))) }
            }
            tags.append(HTMLTag(name: name, attributes: attributes, lineOffset: startLine))
            advance(to: cursor + 1)
            // The text of a script or style element is not HTML.
            if name == "script" || name == "style" {
                let close = find(Array("</\(name)".utf8), in: bytes, from: index, caseInsensitive: true)
                advance(to: close ?? bytes.count)
            }
        }
        return tags
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int, caseInsensitive: Bool = false) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            var matches = true
            for offset in 0..<needle.count {
                let a = bytes[index + offset], b = needle[offset]
                if a != b, !(caseInsensitive && isLetter(a) && a | 0x20 == b | 0x20) { matches = false; break }
            }
            if matches { return index }
            index += 1
        }
        return nil
    }

    /// The few character references that occur in URLs and ids (`&amp;`, `&quot;`, `&#39;`).
    private static func decodeEntities(_ value: String) -> String {
        guard value.contains("&") else { return value }
        return value.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
    }
}

/// One attribute of an HTML tag.
public struct HTMLAttribute: Hashable, Sendable {
    public var name: String
    public var value: String
}
