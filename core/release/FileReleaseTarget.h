#pragma once
// What every release target that is a file shares (CSV: CsvReleaseTarget; SPSS, Stata, SAS transport:
// core/statfiles/StatFileReleaseTarget): the checks before any work, and the all-or-nothing write of the file
// with its side files, never more readable than the input.
#include "core/release/ReleaseTarget.h"
#include "core/data/AtomicWrite.h"

#include <string>
#include <vector>

namespace rr {

// Refuses a folder, a device or a missing folder before any work (InputError); returns the folder the
// temporary buckets go to: the file's own, so they are on its disk.
std::string fileTargetFolder(const std::string& path);

// Writes `table` and `sideFiles` all or nothing, each new file's mode limited to `modeMask`.
void writeReleaseFiles(FileWrite table, std::vector<FileWrite> sideFiles, unsigned modeMask);
void writeReleaseFiles(std::vector<FileWrite> tables, std::vector<FileWrite> sideFiles, unsigned modeMask);

// Whether two output names end in one file (a link and its target, "./a.csv" and "a.csv"), existing or not.
bool sameOutputFile(const std::string& a, const std::string& b);

// A release target that is one file: its table as one FileWrite of a set, so that several files of the same
// records (FileSetReleaseTarget) commit together.
class FileTableTarget : public ReleaseTarget {
public:
    // The table file; it reads `records` while it is written. `quoted`: the records arrive as quoted records
    // (core/data/QuotedRecord.h) rather than in this target's own format().
    virtual FileWrite tableFile(const std::vector<ReleasedColumn>& columns, const RecordFeed& records,
                                bool quoted) = 0;
    void write(const std::vector<ReleasedColumn>& columns, const RecordFeed& records, const StreamReleaseReport&,
               std::vector<FileWrite> sideFiles, unsigned modeMask) final
    {
        writeReleaseFiles(tableFile(columns, records, false), std::move(sideFiles), modeMask);
    }
};

} // namespace rr
