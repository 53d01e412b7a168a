import Testing
@testable import SiteBuilder
