#pragma once
// Where a Stata .dta file keeps its records and how one is laid out: read from the header by this project
// (not ReadStat), so the counting passes can read the data section directly (DtaScan.h). Releases 113-115
// (the fixed binary header) and 117-119 (the tagged one); anything else, strL variables, or a header this
// reader does not expect yields no layout, and the caller keeps to ReadStat.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rr {

struct DtaColumn {
    enum class Type : std::uint8_t { Byte, Int, Long, Float, Double, Str };
    Type type = Type::Byte;
    std::uint32_t offset = 0; // within a record
    std::uint32_t width = 0;  // bytes
};

struct DtaLayout {
    int release = 0;
    bool bigEndian = false;
    std::uint64_t rows = 0;
    std::uint64_t dataOffset = 0; // the first record's first byte
    std::uint64_t rowBytes = 0;
    std::uint64_t fileSize = 0;   // when the layout was read: a pass refuses a file that changed
    std::vector<DtaColumn> columns;
};

// The layout of `path`; nullopt where ReadStat should read it. InputError naming the file when the header
// cannot be true: its records (rows x record length from the data offset) do not fit in the file.
std::optional<DtaLayout> readDtaLayout(const std::string& path);

} // namespace rr
