/// What a shell may offer for an option's value or a positional argument. Completion scripts of
/// every shell read it from the commands' specs, so a new option completes without other edits.
enum ValueCompletion: Equatable {
    /// Free text (a query, a number): nothing to offer.
    case none
    case directory
    case file
    case words([String])
}

extension CommandSpec.Option {
    /// Taken from the closed set of values, else from the placeholder's name.
    var valueCompletion: ValueCompletion {
        if let choices { return .words(choices) }
        return ValueCompletion.forPlaceholder(valueName)
    }
}

extension CommandSpec.Positional {
    var valueCompletion: ValueCompletion {
        if let completions { return .words(completions) }
        return ValueCompletion.forPlaceholder(name)
    }
}

extension ValueCompletion {
    /// `DIR` and `OUT` are folders, `FILE` a file; other placeholders are free text.
    static func forPlaceholder(_ name: String?) -> ValueCompletion {
        switch name {
        case "DIR", "OUT": .directory
        case "FILE": .file
        default: .none
        }
    }
}
