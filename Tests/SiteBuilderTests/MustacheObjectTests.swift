import Testing
@testable import SiteBuilder

@Suite struct MustacheObjectTests {
    @Test func aLaterDuplicateNameWins() {
        let object: MustacheObject = ["a": "first", "b": 1, "a": "second"]
        #expect(object["a"] == "second")
        #expect(object.count == 2)
        #expect(object == ["b": 1, "a": "second"])
        #expect(MustacheTemplate.render("{{a}}", object) == "second")
    }

    @Test func settingReplacesAddsAndRemoves() {
        var object: MustacheObject = ["a": "x", "a": "y", "b": true]
        object["a"] = "z"
        object["c"] = 3
        #expect(object == ["a": "z", "b": true, "c": 3])
        object["a"] = nil
        #expect(object["a"] == nil)
        #expect(object.byName.map(\.name) == ["b", "c"])
        object.merge(["b": false, "d": "new"])
        #expect(object == ["b": false, "c": 3, "d": "new"])
    }

    @Test func orderDoesNotMatterToEqualityOrHashing() {
        let one: MustacheObject = ["a": 1, "b": ["c": "d"]]
        let two = MustacheObject(["b": ["c": "d"], "a": 1])
        #expect(one == two)
        #expect(one.hashValue == two.hashValue)
        #expect(one != ["a": 1, "b": ["c": "e"]])
    }

    /// A large object made from pairs with a name given twice reads the later value, as a small one does.
    @Test func aLargeObjectKeepsTheLaterOfTwoMembersOfOneName() {
        let count = MustacheObject.indexedCount * 5
        var pairs = (0 ..< count).map { ("name\($0)", MustacheValue.number(Double($0))) }
        pairs.append(("name3", "again"))
        pairs.insert(("name9", "first"), at: 0)
        let object = MustacheObject(pairs: pairs)
        #expect(object["name3"] == "again")
        #expect(object["name9"] == 9)
        for number in (0 ..< count) where number != 3 { #expect(object["name\(number)"] == .number(Double(number))) }
        #expect(object.count == count)
    }

    /// Past `indexedCount` members an object reads through its index: the same answers.
    @Test func aLargeObjectAnswersAsASmallOne() {
        var object = MustacheObject()
        let count = MustacheObject.indexedCount * 3
        for number in 0 ..< count { object["key\(number)"] = .number(Double(number)) }
        object["key5"] = "five"
        #expect(object["key5"] == "five")
        #expect(object["key\(count - 1)"] == .number(Double(count - 1)))
        #expect(object["missing"] == nil)
        object["key7"] = nil
        #expect(object["key7"] == nil)
        #expect(object["key8"] == 8)
        #expect(object.count == count - 1)
        #expect(MustacheTemplate.render("{{key5}} {{key8}} [{{key7}}]", object) == "five 8 []")
    }
}

extension MustacheTemplate {
    /// Renders `source` with `object` as the root; a test helper.
    static func render(_ source: String, _ object: MustacheObject) -> String {
        (try? MustacheTemplate(source))?.render(.object(object)) ?? "<parse error>"
    }
}
