import Foundation

MemoryTuning.apply()
exit(CommandLineRunner.run(Array(CommandLine.arguments.dropFirst()), console: Console()).rawValue)
