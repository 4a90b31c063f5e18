#include "core/datasource/RecordScan.h"

namespace rr {

std::unique_ptr<ChunkResult> mapChunk(const RecordScan& scan, const RecordChunk& chunk)
{
    if (scan.map)
        return scan.map(chunk);
    const std::unique_ptr<RecordMapper> mapper = scan.mapper(chunk.key);
    std::vector<std::string_view> values(chunk.columns);
    std::vector<std::uint8_t> missing(chunk.columns, 0);
    for (std::size_t r = 0; r < chunk.rows; ++r) {
        for (std::size_t c = 0; c < chunk.columns; ++c) {
            const std::size_t i = chunk.index(r, c);
            values[c] = chunk.fields[i];
            missing[c] = chunk.missing[i];
        }
        mapper->record(values.data(), missing.data());
    }
    return mapper->finish();
}

} // namespace rr
