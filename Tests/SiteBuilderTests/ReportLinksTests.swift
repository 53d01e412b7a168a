import Testing
@testable import SiteBuilder

/// A finding's message in the reports: text escaped, `backticked` parts shown as code.
@Suite struct ReportLinksTests {
    @Test func backtickedPartsBecomeCodeAndAnUnmatchedBacktickStays() {
        #expect(ReportLinks.html("say `x<y` now") == "say <code>x&lt;y</code> now")
        #expect(ReportLinks.html("`a` and `b") == "<code>a</code> and `b")
        #expect(ReportLinks.html("no code & more") == "no code &amp; more")
        #expect(ReportLinks.html("`é` and `ü`") == "<code>é</code> and <code>ü</code>")
    }

    /// Messages are cut on their bytes when they are ASCII, by character otherwise: a backtick
    /// followed by a combining mark is one character, not a backtick.
    @Test func aBacktickJoinedToACombiningMarkIsNoDelimiter() {
        #expect(ReportLinks.html("é `\u{301}x` y") == "é `\u{301}x` y")
        #expect(ReportLinks.html("é `\u{301}x` `z` w") == "é `\u{301}x<code> </code>z` w")
    }
}
