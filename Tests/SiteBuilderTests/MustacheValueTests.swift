import Foundation
import Testing
@testable import SkillParser
@testable import SiteBuilder

@Suite struct MustacheValueTests {
    @Test func jsonBooleansStayBooleansAndNumbersStayNumbers() throws {
        let json = #"{"t": true, "f": false, "one": 1, "zero": 0, "half": 0.5, "n": null, "s": "x", "l": [1, "a"]}"#
        let value = try MustacheValue(jsonData: Data(json.utf8))
        let expected: MustacheValue = [
            "t": true, "f": false, "one": 1, "zero": 0, "half": 0.5, "n": nil, "s": "x", "l": [1, "a"],
        ]
        #expect(value == expected)
    }

    @Test func literalsBuildTheMatchingCases() {
        let value: MustacheValue = ["list": ["a", 2, true], "object": ["k": nil]]
        #expect(value == .object([
            "list": .list([.string("a"), .number(2), .bool(true)]),
            "object": .object(["k": .null]),
        ]))
        #expect(value["list"] == .list(["a", 2, true]))
        #expect(value["missing"] == nil)
    }

    /// Text held as UTF-8 bytes renders, reads and digests as the same text held as a `String`.
    @Test(arguments: ["", "a & b <i>\"q\" 'x'</i>", "café → 漢字"])
    func textAsBytesIsTheSameText(text: String) throws {
        let template = try MustacheTemplate("[{{v}}|{{{v}}}|{{#v}}yes{{/v}}{{^v}}no{{/v}}|{{#v}}{{.}}{{/v}}]")
        let asBytes = MustacheValue.utf8(Array(text.utf8))
        #expect(template.render(["v": asBytes]) == template.render(["v": .string(text)]))
        #expect(asBytes.interpolatedText == text)
        #expect(asBytes.interpolatedByteCount == text.utf8.count)
        #expect(asBytes.isTruthy == !text.isEmpty)
        var bytesHasher = ContentHasher(), stringHasher = ContentHasher()
        bytesHasher.add(asBytes)
        stringHasher.add(MustacheValue.string(text))
        #expect(bytesHasher.finalize() == stringHasher.finalize())
    }
}
