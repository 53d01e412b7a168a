import Testing
@testable import SkillParser

@Suite struct SlugTests {
    @Test func lowercasesAndTurnsSpacesIntoDashes() {
        #expect(Slugger.baseSlug("Touch Targets") == "touch-targets")
    }
}
