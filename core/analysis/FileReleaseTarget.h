#pragma once
// What every release target that is a file shares (CSV: CsvReleaseTarget; SPSS, Stata, SAS transport:
// core/statfiles/StatFileReleaseTarget): the checks before any work, and the all-or-nothing write of the file
// with its side files, never more readable than the input.
#include "core/data/AtomicWrite.h"

#include <string>
#include <vector>

namespace rr {

// Refuses a folder, a device or a missing folder before any work (InputError); returns the folder the
// temporary buckets go to: the file's own, so they are on its disk.
std::string fileTargetFolder(const std::string& path);

// Writes `table` and `sideFiles` all or nothing, each new file's mode limited to `modeMask`.
void writeReleaseFiles(FileWrite table, std::vector<FileWrite> sideFiles, unsigned modeMask);

} // namespace rr
