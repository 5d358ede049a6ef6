import Foundation

#if !LOOP_OUTSIDE_PACKAGE
  // NB: LoopInspector is Loop's own target, not a product: an app's package (Benchmarks/Outside)
  // has no (q).
  import LoopInspector

  extension Workloads {
    /// The workloads on the movies app's feature: (q), loop-inspect over a recorded movies
    /// session, and (r), recording the movies feature's state.
    @MainActor static var moviesWorkloads: [Workload] {
      [
        Workload(
          name: "(r) send a search page to the movies feature while recording", operations: 20_000,
          quickOperations: 200,
          budget: nil,
          loop: { count in await MoviesRecording.send(count, recording: true) },
          floor: { count in await MoviesRecording.send(count, recording: false) }),
        Workload(
          name: "(q) loop-inspect a movies session, per action", operations: 200_000,
          quickOperations: 500,
          budget: nil,
          loop: { count in
            // The command's own reading and writing: the log a line at a time, the page
            // written as it goes.
            let written = try? LoopInspectCommand.writePage(
              of: InspectedSessions.log(count).path, replay: nil,
              to: InspectedSessions.page(count).path)
            // NB: The session ends on an effect's answer, so it may hold one action more.
            return (written?.actions ?? 0) >= count ? count : 0
          },
          floor: { count in
            // Reading the log and writing it out again, a megabyte at a time: what any
            // streaming reader of the file pays before it looks at a line.
            InspectedSessions.copy(count)
          },
          prepare: { count in await InspectedSessions.prepare(count) }),
      ]
    }
  }

  /// The recorded movies sessions (q) makes pages of, one per length, recorded once per run in a
  /// folder of their own and removed when the process ends.
  @MainActor
  enum InspectedSessions {
    nonisolated private static let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent(
        "loop-benchmarks-sessions-\(ProcessInfo.processInfo.processIdentifier)")
    private static var recorded: Set<Int> = []

    static func log(_ actions: Int) -> URL {
      folder.appendingPathComponent("movies-\(actions).jsonl")
    }

    static func page(_ actions: Int) -> URL {
      folder.appendingPathComponent("movies-\(actions).html")
    }

    /// Records the session of `actions` actions, if it is not there yet.
    static func prepare(_ actions: Int) async {
      guard !recorded.contains(actions) else { return }
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      if recorded.isEmpty {
        atexit { try? FileManager.default.removeItem(at: InspectedSessions.folder) }
      }
      let isRecorded = await SessionWorkload.recordMovies(actions: actions, to: log(actions))
      precondition(isRecorded, "(q): the session could not be recorded")
      recorded.insert(actions)
    }

    /// (q)'s floor: copies the log a megabyte at a time, counting its lines; returns `actions`
    /// when the log has a line for each (and its header), so the copy is checked, not skipped.
    static func copy(_ actions: Int) -> Int {
      let copy = page(actions).path + ".copy"
      guard let input = FileHandle(forReadingAtPath: log(actions).path),
        FileManager.default.createFile(atPath: copy, contents: nil),
        let output = FileHandle(forWritingAtPath: copy)
      else { return 0 }
      defer {
        try? input.close()
        try? output.close()
      }
      var lines = 0
      while let chunk = try? input.read(upToCount: 1 << 20), !chunk.isEmpty {
        for byte in chunk where byte == 0x0A { lines += 1 }
        try? output.write(contentsOf: chunk)
      }
      return lines > actions ? actions : 0
    }
  }
#else
  extension Workloads {
    @MainActor static var moviesWorkloads: [Workload] { [] }
  }
#endif
