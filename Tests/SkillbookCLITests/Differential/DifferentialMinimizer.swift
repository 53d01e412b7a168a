/// Shortens a sequence of edits after which a rebuild differs from a full build: drops runs of
/// edits, then single edits, keeping each drop after which the replayed sequence (each edit
/// followed by a rebuild, then one comparison) still differs. Costs many builds, so it runs
/// only when asked (`SKILLBOOK_DIFFERENTIAL_MINIMIZE=1`).
enum DifferentialMinimizer {
    static func shorten(_ edits: [CollectionEdit], make: () throws -> DifferentialRun) throws -> String {
        var kept = edits
        var chunk = max(kept.count / 2, 1)
        while true {
            var start = 0
            while start < kept.count {
                var candidate = kept
                candidate.removeSubrange(start..<min(start + chunk, kept.count))
                if try differs(candidate, make: make) { kept = candidate } else { start += chunk }
            }
            if chunk == 1 { break }
            chunk = max(chunk / 2, 1)
        }
        return "[\n" + kept.map { "    " + $0.description + "," }.joined(separator: "\n") + "\n]"
    }

    private static func differs(_ edits: [CollectionEdit], make: () throws -> DifferentialRun) throws -> Bool {
        guard !edits.isEmpty else { return false }
        let run = try make()
        _ = try run.start()
        for edit in edits.dropLast() { try run.apply(edit, rebuilding: true) }
        return try run.step(edits[edits.count - 1]) != nil
    }
}
