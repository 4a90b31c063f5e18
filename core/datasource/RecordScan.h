#pragma once
// Records in chunks, for the features that write records (releases): a map that runs on worker threads
// (chunks in any order, at the same time) and a reduce on the calling thread in source order. Memory is
// the chunks in flight, whatever the number of records.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

namespace rr {

// Consecutive records of a source, every attribute (the source summary's order) as text.
struct RecordChunk {
    std::uint64_t key = 0;   // unique per chunk, and the same however many threads read the source
    std::size_t columns = 0; // attributes per record
    std::size_t rows = 0;
    std::vector<std::string_view> fields; // per record its fields (see index), row-major; valid during the map only
    std::vector<std::uint8_t> missing;    // beside fields: 1 where the value is missing
    std::vector<double> weights;          // per record; empty when the source is unweighted
    // Where a record's fields are: without columnSlot, every column in its place (rows x columns); with it,
    // `stride` per record and column c at columnSlot[c] within it (the columns a scan does not read may share one
    // slot that is empty and not missing, so a wide file's unread columns cost nothing).
    std::size_t stride = 0;
    std::vector<std::uint32_t> columnSlot;

    std::size_t index(std::size_t row, std::size_t column) const
    {
        return columnSlot.empty() ? row * columns + column : row * stride + columnSlot[column];
    }
    std::string_view field(std::size_t row, std::size_t column) const { return fields[index(row, column)]; }
    bool isMissing(std::size_t row, std::size_t column) const { return missing[index(row, column)] != 0; }
};

// What a map makes of a chunk (the reduce casts it back to its own type).
struct ChunkResult {
    virtual ~ChunkResult() = default;
};

// A map taken record by record: a source that parses records one at a time hands each over as it is parsed,
// without copying the chunk first (a CSV file); the others feed it from their chunks (mapChunk).
class RecordMapper {
public:
    virtual ~RecordMapper() = default;
    // One record: each attribute's value and missing flag (summary order; attributes the scan does not read
    // may be empty and not missing). The views last only during the call.
    virtual void record(const std::string_view* values, const std::uint8_t* missing) = 0;
    // After the chunk's last record.
    virtual std::unique_ptr<ChunkResult> finish() = 0;
};

struct RecordScan {
    // The attributes the map reads (summary order); empty: all. A source may leave the others' fields
    // empty (and not missing), which saves copying them.
    std::vector<bool> columns;
    // On worker threads, concurrently: it must only read shared state. Exceptions end the scan. Either `map`
    // or `mapper` (a new one per chunk, given the chunk's key; for unweighted sources) is set.
    std::function<std::unique_ptr<ChunkResult>(const RecordChunk&)> map;
    std::function<std::unique_ptr<RecordMapper>(std::uint64_t key)> mapper;
    // On the calling thread, once per chunk, in source order.
    std::function<void(ChunkResult&)> reduce;
};

// What the scan makes of a whole chunk: its map's result, or its mapper's fed row by row. Every source that
// builds chunks hands them over here.
std::unique_ptr<ChunkResult> mapChunk(const RecordScan& scan, const RecordChunk& chunk);

} // namespace rr
