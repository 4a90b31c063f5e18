#pragma once
// Writing files so that a reader never sees half of one, and a release never half of a set.
#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace rr {

using StreamWriter = std::function<void(std::ostream&)>;

struct FileWrite {
    std::string path;
    StreamWriter write;
    // Permission bits a new file may have at most (a release gets no more than its input's); an existing
    // target keeps its own.
    unsigned modeMask = 07777;
};

// The permission bits common to every file of `inputs` (their AND), so that outputs made from them are
// never more readable than the least readable input; 07777 when none can be read.
unsigned inputModeMask(const std::vector<std::string>& inputs);

// Writes a file atomically: `write` fills a temporary file beside the target, which is synced and then
// replaces the target in one rename (the folder is synced too). On any failure the target is left
// untouched and the temporary file removed.
// - A target that exists must be a regular file: a device, FIFO, socket or folder is refused. A symbolic
//   link is written through: its target file is replaced (or created, when it does not exist but its folder
//   does), the link kept.
// - The temporary file is TARGET.tmp-PID-N, or .rr-HASH.tmp-PID-N in the same folder when TARGET's name is
//   too long to take the suffix (a name may have 255 bytes); temporaries of TARGET whose process no longer
//   runs (left by kill -9) are removed first, and their previous versions TARGET.bak-PID-N (a set's, below)
//   once TARGET holds its new version.
// - The commit holds an exclusive flock(2) on .TARGET.lock beside it (0600, removed when done): two writes of
//   the same file, or of sets sharing a file, commit one after the other.
// - An existing file keeps its permissions; a new one gets 0666 less the umask.
// Throws InputError for a target that cannot be a file (no such folder, not a regular file, a link whose
// target's folder is missing or a loop of links), IoError when the system fails the write (disk full, I/O error, permission).
void writeFileAtomically(const std::string& path, const StreamWriter& write);
// The file a write to `path` would create or replace (a link's target), checked as the write checks it
// (the same errors), for a caller that prepares temporary data beside it first.
std::string checkWriteTarget(const std::string& path);
void writeBytesAtomically(const std::string& path, std::string_view bytes);

// All or nothing for a set of files (a release with its sizes or notes, anatomy's two tables): every
// temporary file is written and synced first, then all are renamed into place; if a rename fails, the
// files already replaced get their previous contents back (or are removed if they were new). The previous
// contents are kept by a hard link, or, where the kernel refuses one (another user's file under
// fs.protected_hardlinks), by renaming the file aside just before its replacement: a set may replace
// whatever a single write may.
void writeFilesAtomically(const std::vector<FileWrite>& files);

// Removes the temporary files of writes still under way (async-signal-safe: unlink(2) on fixed slots), for
// core/data/Interrupt when a signal ends the process.
void removeTemporaryFilesNow() noexcept;

} // namespace rr
