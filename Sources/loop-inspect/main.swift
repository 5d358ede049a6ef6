import Foundation
import LoopInspector

// loop-inspect: makes a recorded session into one self-contained HTML page.
exit(LoopInspectCommand.run(Array(CommandLine.arguments.dropFirst())))
