#include "core/statfiles/DtaLayout.h"

#include "core/data/Errors.h"
#include "core/statfiles/DtaHeaderReader.h"
#include "core/statfiles/StatFileReader.h"

#include <cstring>

namespace rr {
namespace {

// Type codes of releases 113-115 (1 byte) and 117-119 (2 bytes): Stata's dta documentation ("typlist",
// "variable_types"), as ReadStat's dta_type_info reads them. A string type outside 1..244 (old) or
// 1..2045 (new), strL and unknown codes: nullopt.
std::optional<DtaColumn> columnOf(std::uint64_t code, bool tagged)
{
    DtaColumn c;
    const std::uint64_t base = tagged ? 65526 : 251; // double (new) / byte (old), then in order
    if (!tagged) {
        switch (code) {
        case 251: c.type = DtaColumn::Type::Byte, c.width = 1; return c;
        case 252: c.type = DtaColumn::Type::Int, c.width = 2; return c;
        case 253: c.type = DtaColumn::Type::Long, c.width = 4; return c;
        case 254: c.type = DtaColumn::Type::Float, c.width = 4; return c;
        case 255: c.type = DtaColumn::Type::Double, c.width = 8; return c;
        default: break;
        }
        if (code >= 1 && code <= 244) {
            c.type = DtaColumn::Type::Str, c.width = static_cast<std::uint32_t>(code);
            return c;
        }
        return std::nullopt;
    }
    switch (code - base) {
    case 0: c.type = DtaColumn::Type::Double, c.width = 8; return c;
    case 1: c.type = DtaColumn::Type::Float, c.width = 4; return c;
    case 2: c.type = DtaColumn::Type::Long, c.width = 4; return c;
    case 3: c.type = DtaColumn::Type::Int, c.width = 2; return c;
    case 4: c.type = DtaColumn::Type::Byte, c.width = 1; return c;
    default: break;
    }
    if (code >= 1 && code <= 2045) {
        c.type = DtaColumn::Type::Str, c.width = static_cast<std::uint32_t>(code);
        return c;
    }
    return std::nullopt; // 32768 strL, or unknown
}

[[noreturn]] void notFit(const std::string& path, std::uint64_t rows, std::uint64_t rowBytes)
{
    throw InputError("'" + path + "' declares " + std::to_string(rows) + " records of " + std::to_string(rowBytes) +
                     " bytes, more than the file holds (truncated, or not a Stata file)");
}

// The fixed header of releases 113-115: Stata's dta documentation for 113/114/115 (5.1 header, 5.2
// descriptors, 5.4 variable labels, 5.5 expansion fields), entry sizes as in ReadStat's dta_ctx_init.
std::optional<DtaHeader> binaryHeader(HeaderReader& in)
{
    DtaHeader l;
    unsigned char head[10];
    if (!in.read(head, sizeof head))
        return std::nullopt;
    l.release = head[0];
    if (head[1] != 1 && head[1] != 2) // 1 HILO, 2 LOHI
        return std::nullopt;
    l.bigEndian = head[1] == 1;
    in.seek(4);
    std::uint64_t nvar = 0, nobs = 0;
    if (!in.uint(2, l.bigEndian, nvar) || !in.uint(4, l.bigEndian, nobs))
        return std::nullopt;
    if (nvar == 0 || nvar > static_cast<std::uint64_t>(StatFileLimits::kMaxVariables))
        return std::nullopt;
    l.rows = nobs;
    if (!in.skip(81 + 18)) // data label, time stamp
        return std::nullopt;
    std::vector<unsigned char> types(nvar);
    if (!in.read(types.data(), types.size()))
        return std::nullopt;
    l.types.assign(types.begin(), types.end());
    const std::uint64_t fmt = l.release == 113 ? 12 : 49;
    // varlist 33, srtlist 2 x (nvar + 1), fmtlist, lbllist 33, variable labels 81
    if (!in.skip(33 * nvar + 2 * (nvar + 1) + fmt * nvar + 33 * nvar + 81 * nvar))
        return std::nullopt;
    for (;;) { // expansion fields: type byte, 4-byte length; 0 and 0 end them
        unsigned char type = 0;
        std::uint64_t len = 0;
        if (!in.read(&type, 1) || !in.uint(4, l.bigEndian, len))
            return std::nullopt;
        if (type == 0 && len == 0)
            break;
        if (type != 1 || len > (1u << 20) || !in.skip(len)) // ReadStat refuses these: let it say why
            return std::nullopt;
    }
    l.dataOffset = in.position();
    return l;
}

// The tagged header of releases 117-119: Stata's dta documentation for 117/118/119 (5.1 header, 5.2 map,
// 5.3 variable types); K is 4 bytes from 119, N 8 bytes from 118, the label length 2 bytes from 118.
std::optional<DtaHeader> taggedHeader(HeaderReader& in)
{
    DtaHeader l;
    l.tagged = true;
    char release[3];
    if (!in.tag("<stata_dta><header><release>") || !in.read(release, 3) || !in.tag("</release><byteorder>"))
        return std::nullopt;
    if (release[0] != '1' || release[1] != '1' || release[2] < '7' || release[2] > '9')
        return std::nullopt;
    l.release = 110 + (release[2] - '0');
    char order[3];
    if (!in.read(order, 3) || !in.tag("</byteorder><K>"))
        return std::nullopt;
    if (std::memcmp(order, "MSF", 3) == 0)
        l.bigEndian = true;
    else if (std::memcmp(order, "LSF", 3) != 0)
        return std::nullopt;
    std::uint64_t nvar = 0, nobs = 0, labelLen = 0, stampLen = 0;
    if (!in.uint(l.release >= 119 ? 4 : 2, l.bigEndian, nvar) || !in.tag("</K><N>") ||
        !in.uint(l.release >= 118 ? 8 : 4, l.bigEndian, nobs) || !in.tag("</N><label>") ||
        !in.uint(l.release >= 118 ? 2 : 1, l.bigEndian, labelLen) || !in.skip(labelLen) ||
        !in.tag("</label><timestamp>") || !in.uint(1, l.bigEndian, stampLen) || !in.skip(stampLen) ||
        !in.tag("</timestamp></header><map>"))
        return std::nullopt;
    if (nvar == 0 || nvar > static_cast<std::uint64_t>(StatFileLimits::kMaxVariables))
        return std::nullopt;
    l.rows = nobs;
    std::uint64_t map[14];
    for (auto& m : map)
        if (!in.uint(8, l.bigEndian, m))
            return std::nullopt;
    if (!in.tag("</map><variable_types>"))
        return std::nullopt;
    l.strlsOffset = map[10];
    l.valueLabelsOffset = map[11];
    l.types.resize(nvar);
    for (auto& t : l.types)
        if (!in.uint(2, l.bigEndian, t))
            return std::nullopt;
    if (!in.tag("</variable_types>"))
        return std::nullopt;
    // map[9]: where <data> starts
    if (map[9] > in.size())
        return std::nullopt;
    in.seek(map[9]);
    if (!in.tag("<data>"))
        return std::nullopt;
    l.dataOffset = in.position();
    return l;
}

} // namespace

std::optional<DtaHeader> readDtaHeader(HeaderReader& in)
{
    if (!in.ok())
        return std::nullopt;
    unsigned char first = 0;
    if (!in.read(&first, 1))
        return std::nullopt;
    in.seek(0);
    std::optional<DtaHeader> h;
    if (first == '<')
        h = taggedHeader(in);
    else if (first >= 113 && first <= 115)
        h = binaryHeader(in);
    if (!h)
        return std::nullopt;
    h->fileSize = in.size();
    for (std::uint64_t code : h->types) {
        const std::optional<DtaColumn> c = columnOf(code, h->tagged);
        if (!c) {
            h->rowBytes = 0; // a strL or a type only ReadStat judges
            break;
        }
        h->rowBytes += c->width;
    }
    if (!h->tagged && h->rowBytes > 0 && h->dataOffset <= h->fileSize &&
        h->rows <= (h->fileSize - h->dataOffset) / h->rowBytes) // the value labels follow the records
        h->valueLabelsOffset = h->dataOffset + h->rows * h->rowBytes;
    return h;
}

std::optional<DtaLayout> readDtaLayout(const std::string& path)
{
    HeaderReader in(path);
    const std::optional<DtaHeader> h = readDtaHeader(in);
    if (!h || h->rowBytes == 0)
        return std::nullopt;
    DtaLayout l;
    l.release = h->release;
    l.bigEndian = h->bigEndian;
    l.rows = h->rows;
    l.dataOffset = h->dataOffset;
    l.fileSize = h->fileSize;
    for (std::uint64_t code : h->types) {
        std::optional<DtaColumn> c = columnOf(code, h->tagged);
        c->offset = static_cast<std::uint32_t>(l.rowBytes);
        l.rowBytes += c->width;
        l.columns.push_back(*c);
    }
    if (l.rowBytes > (std::uint64_t(1) << 24)) // 16 MiB records: leave them to ReadStat
        return std::nullopt;
    if (l.dataOffset > in.size() || l.rows > (in.size() - l.dataOffset) / l.rowBytes)
        notFit(path, l.rows, l.rowBytes);
    if (h->tagged) { // the records end where </data> starts
        in.seek(l.dataOffset + l.rows * l.rowBytes);
        if (!in.tag("</data>"))
            return std::nullopt;
    }
    return l;
}

} // namespace rr
