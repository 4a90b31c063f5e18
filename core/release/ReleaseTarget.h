#pragma once
// Where streamRelease puts the released records once they are in their final order: a CSV file with its
// side files (CsvReleaseTarget), or a new table in the source's database (core/sources/SqlReleaseTable).
// The randomization and the order are streamRelease's alone; a target only says how a record is written
// into the temporary buckets and then stores the records it is handed, all or nothing.
#include "core/data/AtomicWrite.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rr {

struct StreamReleaseReport;

// How a record's values are written into one line (the buckets hold lines; the target reads them back).
struct RecordFormat {
    void (*appendValue)(std::string& line, std::string_view value) = nullptr;
    std::string missing; // a missing value, as written
    char separator = ','; // between values
};

// One column of the released records.
struct ReleasedColumn {
    std::string name;
    // The source column whose values (kept or randomized among its own values) it holds; nullopt for text the
    // release makes (a generalization's labels, a computed column).
    std::optional<std::size_t> sourceColumn;
};

// Hands every record (one line, ending in '\n') to `record`, in the final order; throws Cancelled when the
// progress says so.
using RecordFeed = std::function<void(const std::function<void(std::string_view record)>& record)>;

class ReleaseTarget {
public:
    virtual ~ReleaseTarget() = default;
    // The target in messages: the file, or the table on its server.
    virtual std::string name() const = 0;
    virtual RecordFormat format() const = 0;
    // Checks the target before any work (InputError for one that cannot be written) and returns the folder the
    // temporary buckets go to.
    virtual std::string prepare() = 0;
    // Stores `columns` and the records of `records`, and the side files, all or nothing. `modeMask`: the
    // permission bits new files may have at most.
    virtual void write(const std::vector<ReleasedColumn>& columns, const RecordFeed& records,
                       const StreamReleaseReport& report, std::vector<FileWrite> sideFiles, unsigned modeMask) = 0;
};

} // namespace rr
