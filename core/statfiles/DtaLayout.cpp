#include "core/statfiles/DtaLayout.h"

#include "core/data/Errors.h"
#include "core/statfiles/StatFileReader.h"

#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rr {
namespace {

// Bounds-checked reads of the file: a read past its end is a header this reader does not take.
class HeaderReader {
public:
    explicit HeaderReader(const std::string& path) : m_fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC))
    {
        struct stat st {};
        if (m_fd >= 0 && ::fstat(m_fd, &st) == 0 && S_ISREG(st.st_mode))
            m_size = static_cast<std::uint64_t>(st.st_size);
    }
    ~HeaderReader()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    HeaderReader(const HeaderReader&) = delete;
    HeaderReader& operator=(const HeaderReader&) = delete;

    bool ok() const { return m_fd >= 0 && m_size > 0; }
    std::uint64_t size() const { return m_size; }
    std::uint64_t position() const { return m_pos; }
    void seek(std::uint64_t pos) { m_pos = pos; }

    bool read(void* dst, std::size_t n)
    {
        if (n > m_size || m_pos > m_size - n)
            return false;
        auto* out = static_cast<unsigned char*>(dst);
        std::size_t done = 0;
        while (done < n) {
            const ssize_t r = ::pread(m_fd, out + done, n - done, static_cast<off_t>(m_pos + done));
            if (r <= 0)
                return false;
            done += static_cast<std::size_t>(r);
        }
        m_pos += n;
        return true;
    }
    bool skip(std::uint64_t n)
    {
        if (n > m_size || m_pos > m_size - n)
            return false;
        m_pos += n;
        return true;
    }
    bool tag(const char* text)
    {
        char buf[32];
        const std::size_t n = std::strlen(text);
        return n <= sizeof buf && read(buf, n) && std::memcmp(buf, text, n) == 0;
    }
    // An unsigned integer of `n` bytes (1, 2, 4 or 8) in the file's byte order.
    bool uint(std::size_t n, bool bigEndian, std::uint64_t& out)
    {
        unsigned char b[8];
        if (n > sizeof b || !read(b, n))
            return false;
        out = 0;
        for (std::size_t i = 0; i < n; ++i)
            out |= std::uint64_t(b[bigEndian ? n - 1 - i : i]) << (8 * i);
        return true;
    }

private:
    int m_fd = -1;
    std::uint64_t m_size = 0;
    std::uint64_t m_pos = 0;
};

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
std::optional<DtaLayout> binaryLayout(HeaderReader& in, std::vector<unsigned char>& types)
{
    DtaLayout l;
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
    types.resize(nvar);
    if (!in.read(types.data(), types.size()))
        return std::nullopt;
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
std::optional<DtaLayout> taggedLayout(HeaderReader& in, std::vector<std::uint16_t>& types)
{
    DtaLayout l;
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
    types.resize(nvar);
    for (auto& t : types) {
        std::uint64_t v = 0;
        if (!in.uint(2, l.bigEndian, v))
            return std::nullopt;
        t = static_cast<std::uint16_t>(v);
    }
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

std::optional<DtaLayout> readDtaLayout(const std::string& path)
{
    HeaderReader in(path);
    if (!in.ok())
        return std::nullopt;
    unsigned char first = 0;
    if (!in.read(&first, 1))
        return std::nullopt;
    in.seek(0);
    std::optional<DtaLayout> l;
    std::vector<std::uint64_t> codes;
    bool tagged = false;
    if (first == '<') {
        std::vector<std::uint16_t> types;
        l = taggedLayout(in, types);
        codes.assign(types.begin(), types.end());
        tagged = true;
    } else if (first >= 113 && first <= 115) {
        std::vector<unsigned char> types;
        l = binaryLayout(in, types);
        codes.assign(types.begin(), types.end());
    }
    if (!l)
        return std::nullopt;
    l->fileSize = in.size();
    for (std::uint64_t code : codes) {
        std::optional<DtaColumn> c = columnOf(code, tagged);
        if (!c)
            return std::nullopt;
        c->offset = static_cast<std::uint32_t>(l->rowBytes);
        l->rowBytes += c->width;
        l->columns.push_back(*c);
    }
    if (l->rowBytes > (std::uint64_t(1) << 24)) // 16 MiB records: leave them to ReadStat
        return std::nullopt;
    if (l->dataOffset > in.size() || l->rows > (in.size() - l->dataOffset) / l->rowBytes)
        notFit(path, l->rows, l->rowBytes);
    if (tagged) { // the records end where </data> starts
        in.seek(l->dataOffset + l->rows * l->rowBytes);
        if (!in.tag("</data>"))
            return std::nullopt;
    }
    return l;
}

} // namespace rr
