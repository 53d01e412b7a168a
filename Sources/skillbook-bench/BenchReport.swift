import Foundation

/// The figures of one `make bench` run: printed as a table, each as a multiple of the floor, and
/// written as JSON (with the commit, the load and the core count) to compare commits.
struct BenchReport {
    var runs: Int
    var floor: Figure?
    private(set) var figures: [(figure: Figure, target: String?, partOf: Figure?)] = []
    private(set) var notes: [String] = []
    let loadAtStart = BenchReport.loadAverage()

    init(runs: Int) { self.runs = runs }

    /// Adds a figure; with `partOf`, the JSON also gives it as a fraction of that one (a rebuild
    /// of the full build: `fractionOf`, `cpuFractionOf`).
    mutating func add(_ figure: Figure, target: String? = nil, partOf whole: Figure? = nil) {
        figures.append((figure, target, whole))
        print(line(figure, target: target))
        fflush(nil)  // figures appear as they are measured, also when the output is a pipe
    }

    mutating func note(_ text: String) {
        notes.append(text)
        print(text)
    }

    func multiple(_ figure: Figure) -> Double? {
        guard let floor, floor.seconds > 0 else { return nil }
        return figure.seconds / floor.seconds
    }

    func line(_ figure: Figure, target: String?) -> String {
        var text = figure.name.padding(toLength: max(56, figure.name.count), withPad: " ", startingAt: 0)
        text += String(format: " %7.2f s  cpu %6.2f s  peak %5d MiB", figure.seconds, figure.cpuSeconds, figure.peakBytes / 1_048_576)
        if let multiple = multiple(figure), let floor, floor.cpuSeconds > 0 {
            // Processor time too: on a shared machine the wall clock is mostly waiting.
            text += String(format: "  %5.1fx floor (cpu %.1fx)", multiple, figure.cpuSeconds / floor.cpuSeconds)
        }
        if let target { text += "  (target: \(target))" }
        let statuses = Set(figure.runs.map(\.status)).subtracting([0]).sorted()
        if !statuses.isEmpty { text += "  exit status " + statuses.map(String.init).joined(separator: ", ") }
        return text
    }

    func printTable() {
        print("-- summary (median of \(runs) runs; load average now \(Self.loadAverage()))")
        if let floor { print(line(floor, target: nil)) }
        for (figure, target, _) in figures { print(line(figure, target: target)) }
        for note in notes { print(note) }
    }

    func write(to url: URL) throws {
        func entry(_ figure: Figure) -> [String: Any] {
            var value: [String: Any] = ["name": figure.name, "seconds": figure.seconds, "cpuSeconds": figure.cpuSeconds,
                                        "peakBytes": figure.peakBytes, "runs": figure.runs.map(\.seconds)]
            if let multiple = multiple(figure) { value["floorMultiple"] = multiple }
            if let floor, floor.cpuSeconds > 0 { value["floorCPUMultiple"] = figure.cpuSeconds / floor.cpuSeconds }
            return value
        }
        var object: [String: Any] = [
            "date": ISO8601DateFormatter().string(from: Date()),
            "cores": ProcessInfo.processInfo.activeProcessorCount,
            "loadAverageAtStart": loadAtStart,
            "runsPerFigure": runs,
            "figures": figures.map { figure, _, whole in
                var value = entry(figure)
                if let whole, whole.seconds > 0, whole.cpuSeconds > 0 {
                    value["partOf"] = whole.name
                    value["fractionOf"] = figure.seconds / whole.seconds
                    value["cpuFractionOf"] = figure.cpuSeconds / whole.cpuSeconds
                }
                return value
            },
            "notes": notes,
        ]
        if let floor { object["floor"] = entry(floor) }
        if let commit = Self.commit() { object["commit"] = commit }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: url)
    }

    /// The one-minute load average: how busy the machine was, to read the figures by.
    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").first.map(String.init) ?? "unknown"
    }

    /// The commit the figures are of (`git rev-parse HEAD` in the repository).
    static func commit() -> String? {
        guard let git = ProcessTimer.which("git") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = ["-C", PipelineBenchmark.repository.path, "rev-parse", "HEAD"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !text.isEmpty ? text : nil
    }
}
