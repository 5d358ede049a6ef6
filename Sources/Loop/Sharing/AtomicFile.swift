import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file so that a process killed at any moment leaves either its old contents or its
/// new ones, never a mix: the bytes go to a temporary file beside it, which is flushed to disk
/// and then renamed over the file (a rename within one folder is atomic), and the folder is
/// flushed so the rename itself lasts.
///
/// A missing folder is made, with its parents.
///
/// A temporary file left by a process killed mid-write is named `.<name>.<pid>.tmp`; the next
/// write from any process removes such leftovers.
package enum AtomicFile {
  /// Replaces the contents of `url` with `data`, atomically.
  package static func write(_ data: Data, to url: URL) throws(SharedStorageError) {
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(
      ".\(url.lastPathComponent).\(getpid()).tmp")
    var descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if descriptor < 0, errno == ENOENT {
      // NB: The folder is missing: made, with its parents, as a first write needs.
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }
    guard descriptor >= 0 else { throw unavailable(url, "cannot create \(temporary.path)") }
    let ok = writeAll(data, to: descriptor) && fsync(descriptor) == 0
    close(descriptor)
    guard ok else {
      unlink(temporary.path)
      throw unavailable(url, "writing \(temporary.path) failed")
    }
    guard rename(temporary.path, url.path) == 0 else {
      unlink(temporary.path)
      throw unavailable(url, "renaming \(temporary.path) over it failed")
    }
    let folderDescriptor = open(folder.path, O_RDONLY)
    if folderDescriptor >= 0 {
      fsync(folderDescriptor)
      close(folderDescriptor)
    }
    removeLeftovers(of: url)
  }

  /// Removes temporary files a killed writer of `url` left behind.
  package static func removeLeftovers(of url: URL) {
    let folder = url.deletingLastPathComponent()
    let prefix = ".\(url.lastPathComponent)."
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      return
    }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      // NB: Another process may be writing its own; only ours and dead ones are removed.
      let pid = name.dropFirst(prefix.count).dropLast(4)
      guard let owner = Int32(pid), owner == getpid() || kill(owner, 0) != 0 else { continue }
      unlink(folder.appendingPathComponent(name).path)
    }
  }

  /// Writes every byte of `data` to `descriptor`; `false` on an error.
  private static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
    data.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return true }
      var written = 0
      while written < bytes.count {
        #if canImport(Darwin)
          let count = Darwin.write(descriptor, base + written, bytes.count - written)
        #elseif canImport(Musl)
          let count = Musl.write(descriptor, base + written, bytes.count - written)
        #else
          let count = Glibc.write(descriptor, base + written, bytes.count - written)
        #endif
        if count < 0 {
          if errno == EINTR { continue }
          return false
        }
        written += count
      }
      return true
    }
  }

  private static func unavailable(_ url: URL, _ reason: String) -> SharedStorageError {
    .unavailable(file: url, reason: "\(reason) (\(String(cString: strerror(errno))))")
  }
}
