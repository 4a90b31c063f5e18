#pragma once
// One pass over CSV files in blocks of whole records, parsed by worker threads and merged in file order:
// the engine under readCsv (records) and aggregateCsv (counts). Memory is the blocks in flight (a few
// per thread), whatever the file size.
#include "core/data/CsvReader.h"
#include "core/data/CsvTokenizer.h"
#include "core/data/Errors.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rr {

struct CsvHeader {
    std::vector<std::string> columns; // the first file's column names (header row, or "1".."n" without one)
    char delimiter = ',';             // of the first file
};

// Gets a block's records on a worker thread; keeps the first problem it finds.
class CsvBlockSink : public csv::RecordHandler {
public:
    std::optional<csv::BlockError> error;
    // Where the block lies (set before its first record): names the block whatever the number of threads.
    std::size_t fileIndex = 0;
    std::uint64_t byteOffset = 0;

    // After the block's last record, on the worker thread, when no record failed.
    virtual void finish() {}

protected:
    // Records so far in this block (the index of the one being handled); keep it counted.
    std::size_t m_record = 0;
    // False (with the error set) when a record has not `columns` fields.
    bool checkWidth(std::size_t count, std::size_t columns);
    bool fail(std::string message, int column = -1);
};

// Where a block lies: its file and the number of the file's records before it.
struct CsvBlockPosition {
    const std::string* path = nullptr;
    std::size_t fileIndex = 0;     // among the paths
    std::size_t recordsBefore = 0; // records of the file before the block
    std::uint64_t byteOffset = 0;  // where the block starts in the file
    char delimiter = ',';          // the file's
};

struct CsvScanCallbacks {
    // After the first file's header was read and checked (on the calling thread).
    std::function<void(const CsvHeader&)> header;
    // A sink for one block (called on worker threads: it must only read shared state).
    std::function<std::unique_ptr<CsvBlockSink>()> newSink;
    // Each block's sink, in file order, on the calling thread.
    std::function<void(CsvBlockSink&, const CsvBlockPosition&)> merge;
};

// Thrown when `progress` asks to stop.
class CsvScanCancelled : public Cancelled {
public:
    CsvScanCancelled() : Cancelled("reading was cancelled") {}
};

// Reads `paths` (same header required) and hands every data record to the sinks. `progress(fraction)`
// after each block (fraction of the bytes of all files, -1 when the size is unknown); returning false
// cancels (CsvScanCancelled). Throws InputError naming the file and record for: a missing file or a
// folder, an empty file, no header, a bad header (empty or repeated name, invalid UTF-8), a header
// different from the first file's, malformed CSV, ragged rows, invalid UTF-8, a field or record over the
// limits, and whatever a sink reports.
void scanCsv(const std::vector<std::string>& paths, const CsvOptions& options, const CsvScanCallbacks& callbacks,
             const std::function<bool(double)>& progress = {});

// "'file.csv' record 12" + " column 'b'" + the error's own words: the one way records are named.
std::string describeRecordError(const std::string& path, std::size_t recordNumber, const csv::BlockError& error,
                                const std::vector<std::string>& columns);

} // namespace rr
