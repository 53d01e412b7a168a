import Foundation

exit(CommandLineRunner.run(Array(CommandLine.arguments.dropFirst()), console: Console()).rawValue)
