// The child process of the crash test (Tests/LoopTests/JSONFileStorageTests.swift): saves a
// record to the file named by its argument, over and over, each time flushed, until it is
// killed. It prints a line as it starts each record (once the one before is on disk), and goes
// straight on to write it.
import Foundation
import Loop

/// What the writer writes: a payload whose length changes from record to record, and a
/// checksum of it, so a torn file cannot pass for a record.
struct CrashRecord: Codable, Sendable {
  var number: Int
  var payload: String
  var checksum: Int
}

guard CommandLine.arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: LoopSharedFileWriter FILE\n".utf8))
  exit(2)
}
let storage = JSONFileStorage<CrashRecord>(
  url: URL(fileURLWithPath: CommandLine.arguments[1]), saveDelay: .zero)
var number = 0
while true {
  number += 1
  let letter = Character(UnicodeScalar(UInt8(97 + number % 26)))
  let payload = String(repeating: letter, count: 10_000 + number * 7_919 % 40_000)
  FileHandle.standardOutput.write(Data("writing \(number)\n".utf8))
  storage.save(
    CrashRecord(number: number, payload: payload, checksum: payload.utf8.count * 31 + number))
  do {
    try storage.flush()
  } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
  }
}
