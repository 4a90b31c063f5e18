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

// What the header says, as far as this reader takes it (releases 113-115 and 117-119).
struct DtaHeader {
    int release = 0;
    bool bigEndian = false;
    bool tagged = false; // releases 117-119
    std::uint64_t rows = 0;
    std::uint64_t dataOffset = 0;
    std::uint64_t fileSize = 0;
    std::uint64_t rowBytes = 0;          // 0: a type this reader does not lay out (strL, unknown)
    std::vector<std::uint64_t> types;    // the type code of each variable
    std::uint64_t strlsOffset = 0;       // tagged: <strls> (the map's)
    std::uint64_t valueLabelsOffset = 0; // <value_labels> (the map's), or after the records (0: not known)
};

class HeaderReader;
// The header read through `in`; nullopt for a file this reader does not take (ReadStat then says why).
std::optional<DtaHeader> readDtaHeader(HeaderReader& in);

// The layout of `path`; nullopt where ReadStat should read it. InputError naming the file when the header
// cannot be true: its records (rows x record length from the data offset) do not fit in the file.
std::optional<DtaLayout> readDtaLayout(const std::string& path);

} // namespace rr
