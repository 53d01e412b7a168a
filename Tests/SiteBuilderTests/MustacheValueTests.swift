import Foundation
import Testing
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
}
