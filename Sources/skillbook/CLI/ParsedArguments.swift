/// A command line taken apart by a `CommandSpec`.
struct ParsedArguments: Sendable {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// Parses `arguments` (without the program and command names). Accepts `--name value`,
    /// `--name=value`, `-x value`, flags, positionals, and `--` to end the options.
    init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            if argument == "--help" || argument == "-h" { throw .helpRequested }

            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                guard argument.count == 2, let option = spec.options.first(where: { $0.short == argument.last }) else {
                    throw .unknownOption(argument, nearest: spec.nearestOption(to: argument))
                }
                name = option.name
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw .unknownOption(argument, nearest: spec.nearestOption(to: "--" + name))
            }
            if option.valueName == nil {
                if inlineValue != nil { throw .unexpectedValue(option: name) }
                flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw .missingValue(option: name)
            }
            if let choices = option.choices, !choices.contains(value) {
                throw .invalidValue(option: name, value: value, choices: choices)
            }
            values[name] = value
        }
        let maximum = spec.positionals.contains(where: \.repeating) ? Int.max : spec.positionals.count
        if positionals.count > maximum { throw .unexpectedArgument(positionals[maximum]) }
        if let missing = spec.positionals.dropFirst(positionals.count).first(where: { !$0.optional }) {
            throw .missingArgument(missing.name)
        }
    }
}

enum UsageError: Error, Equatable, CustomStringConvertible {
    case helpRequested
    /// An option the command does not have, with the nearest one it does (`--format`), if any.
    case unknownOption(String, nearest: String?)
    case unexpectedValue(option: String)
    case missingValue(option: String)
    case invalidValue(option: String, value: String, choices: [String])
    case unexpectedArgument(String)
    case missingArgument(String)
    case unknownCommand(String)
    case invalid(String)

    var description: String {
        switch self {
        case .helpRequested: "help requested"
        case .unknownOption(let option, let nearest):
            "unknown option '\(option)'" + (nearest.map { "; did you mean '\($0)'?" } ?? "")
        case .unexpectedValue(let option): "option '--\(option)' takes no value"
        case .missingValue(let option): "option '--\(option)' needs a value"
        case .invalidValue(let option, let value, let choices):
            "'\(value)' is not a valid value for '--\(option)'; use one of: \(choices.joined(separator: ", "))"
        case .unexpectedArgument(let argument): "unexpected argument '\(argument)'"
        case .missingArgument(let name): "missing argument \(name)"
        case .unknownCommand(let name): "unknown command '\(name)'"
        case .invalid(let message): message
        }
    }
}
