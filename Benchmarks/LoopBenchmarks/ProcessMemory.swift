import Foundation

/// The process's resident memory, from /proc/self/status (0 where it is missing).
enum ProcessMemory {
  /// The resident set now (VmRSS), in bytes.
  static var resident: Int { field("VmRSS:") }

  /// The peak resident set (VmHWM), in bytes, since the start or the last `resetPeak()`.
  static var peak: Int { field("VmHWM:") }

  /// The peak resident set since the process started, across every `resetPeak()`.
  @MainActor static var processPeak: Int { max(earlierPeak, peak) }

  @MainActor private static var earlierPeak = 0

  /// Starts a new peak: writing 5 to /proc/self/clear_refs resets VmHWM to the current RSS.
  @MainActor static func resetPeak() {
    earlierPeak = max(earlierPeak, peak)
    if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
      handle.write(Data("5".utf8))
      try? handle.close()
    }
  }

  private static func field(_ name: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix(name) {
      return (Int(line.filter(\.isNumber)) ?? 0) * 1024
    }
    return 0
  }

  /// `bytes` in MiB, one decimal.
  static func mebibytes(_ bytes: Int) -> String {
    String(format: "%.1f MiB", Double(bytes) / 1_048_576)
  }
}
