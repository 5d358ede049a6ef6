// A value kept as JSON in a file (Sources/Loop/Sharing/JSONFileStorage.swift, AtomicFile.swift):
// loaded, saved coalesced and atomically, a bad file kept aside; and a writer killed at random
// moments never leaves a torn file.
import Foundation
import Loop
import LoopTesting
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh folder under the system's temporary folder, removed by `body`'s end.
private func withTemporaryFolder<T>(_ body: (URL) throws -> T) rethrows -> T {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("loop-storage-\(getpid())-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  return try body(folder)
}

/// What the crash test's writer writes (Tests/SharedFileWriter/main.swift).
private struct CrashRecord: Codable, Sendable {
  var number: Int
  var payload: String
  var checksum: Int
}

@Suite("A value kept in a JSON file")
struct JSONFileStorageTests {
  @Test("no file loads as nil; a saved value loads back, once flushed")
  func saveAndLoad() throws {
    try withTemporaryFolder { folder in
      let url = folder.appendingPathComponent("recent.json")
      let storage = JSONFileStorage<[String]>(url: url, saveDelay: .seconds(60))
      #expect(try storage.load() == nil)
      storage.save(["bat"])
      storage.save(["bat", "batman"])  // within the delay: one write, of the last value
      #expect(storage.hasPendingSave)
      try storage.flush()
      #expect(!storage.hasPendingSave)
      #expect(try JSONFileStorage<[String]>(url: url).load() == ["bat", "batman"])
      let text = try String(contentsOf: url, encoding: .utf8)
      #expect(text == "[\n  \"bat\",\n  \"batman\"\n]")
    }
  }

  @Test("releasing the storage writes what is pending")
  func releaseWrites() throws {
    try withTemporaryFolder { folder in
      let url = folder.appendingPathComponent("favorites.json")
      do {
        let storage = JSONFileStorage<Set<Int>>(url: url, saveDelay: .seconds(60))
        storage.save([1, 2])
      }
      let loaded = try JSONFileStorage<Set<Int>>(url: url).load()
      #expect(loaded == [1, 2])
    }
  }

  @Test("a file that is not the value's JSON is kept aside, never overwritten, and said so")
  func corruptFileIsKept() throws {
    try withTemporaryFolder { folder in
      let url = folder.appendingPathComponent("recent.json")
      try Data("[\"bat\", 3".utf8).write(to: url)
      let storage = JSONFileStorage<[String]>(url: url)
      let kept = folder.appendingPathComponent("recent.corrupt-1.json")
      #expect(throws: SharedStorageError.self) { try storage.load() }
      #expect(!FileManager.default.fileExists(atPath: url.path))
      #expect(try Data(contentsOf: kept) == Data("[\"bat\", 3".utf8))
      // NB: A second bad file goes beside the first, which stays.
      try Data("{\"not\": \"a list\"}".utf8).write(to: url)
      do {
        _ = try storage.load()
        Issue.record("a corrupt file loaded")
      } catch let error as SharedStorageError {
        guard case let .corrupt(file, keptAt, reason) = error else {
          Issue.record("not reported as corrupt: \(error)")
          return
        }
        #expect(file == url)
        #expect(keptAt.lastPathComponent == "recent.corrupt-2.json")
        #expect(reason == "Expected to decode Array<Any> but found a dictionary instead.")
        #expect(
          error.description
            == "\(url.path) does not hold a value this app can read (\(reason)). It was kept, untouched, at \(keptAt.path), and the app starts from its default."
        )
      } catch {
        Issue.record("not a SharedStorageError: \(error)")
      }
      #expect(FileManager.default.fileExists(atPath: kept.path))
    }
  }

  @Test("a missing folder is made on the first write")
  func missingFolderMade() throws {
    try withTemporaryFolder { folder in
      let url = folder.appendingPathComponent("state/movies/recent.json")
      let storage = JSONFileStorage<[String]>(url: url, saveDelay: .seconds(60))
      storage.save(["bat"])
      try storage.flush()
      let loaded = try storage.load()
      #expect(loaded == ["bat"])
    }
  }

  @Test("a write that cannot happen is a typed error, and the value stays pending")
  func unavailableFolder() throws {
    try withTemporaryFolder { folder in
      // NB: The folder's place is taken by a file: no folder can be made there.
      let blocker = folder.appendingPathComponent("blocked")
      try Data("a file".utf8).write(to: blocker)
      let url = blocker.appendingPathComponent("recent.json")
      let storage = JSONFileStorage<[String]>(url: url, saveDelay: .seconds(60))
      storage.save(["bat"])
      #expect(throws: SharedStorageError.self) { try storage.flush() }
      #expect(storage.hasPendingSave)
      try FileManager.default.removeItem(at: blocker)
      try storage.flush()
      let loaded = try storage.load()
      #expect(loaded == ["bat"])
    }
  }

  @Test("a temporary file a killed writer left is removed by the next write")
  func leftoversRemoved() throws {
    try withTemporaryFolder { folder in
      let url = folder.appendingPathComponent("recent.json")
      // NB: No process has this id (Linux's largest is 2^22).
      let leftover = folder.appendingPathComponent(".recent.json.99999999.tmp")
      try Data("half".utf8).write(to: leftover)
      let storage = JSONFileStorage<[String]>(url: url)
      storage.save(["bat"])
      try storage.flush()
      #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }
  }

  @Test("a writer killed at 200 random moments: every load is a whole record, old or new")
  func killedWriterNeverTears() throws {
    let writer = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("LoopSharedFileWriter")
    try #require(
      FileManager.default.isExecutableFile(atPath: writer.path),
      "the writer is built beside the tests: \(writer.path)")
    try withTemporaryFolder { folder in
      let url = folder.appendingPathComponent("record.json")
      var random = SeededRandom(seed: 7)
      var lastNumber = 0
      for round in 0..<200 {
        let process = Process()
        process.executableURL = writer
        process.arguments = [url.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // NB: The kill waits on events, not on time: it comes as the writer reports that it
        // starts its record number `writes` (1 to 5, at random), while it writes that record —
        // at whatever point of the write the report reached this process.
        let writes = Int(random.next() % 5) + 1
        var reported = 0
        while reported < writes {
          let chunk = output.fileHandleForReading.availableData
          guard !chunk.isEmpty else { break }
          reported += chunk.filter { $0 == UInt8(ascii: "\n") }.count
        }
        #expect(reported >= writes, "the writer stopped before starting \(writes) records")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let record = try JSONFileStorage<CrashRecord>(url: url).load()
        guard let record,
          record.checksum == record.payload.utf8.count * 31 + record.number,
          record.number >= 1
        else {
          Issue.record("round \(round): the file is not a whole record")
          return
        }
        lastNumber = max(lastNumber, record.number)
      }
      #expect(lastNumber >= 1)
    }
  }
}
