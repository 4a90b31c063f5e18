#include "core/release/CodedRecord.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace rr {

std::size_t CodedRecordLayout::widthFor(std::size_t categories)
{
    if (categories < 0xFF)
        return 1;
    if (categories < 0xFFFF)
        return 2;
    if (categories < 0xFFFFFFFFu)
        return 4;
    return 0;
}

void CodedRecordLayout::addColumn(std::size_t width)
{
    if (width != 1 && width != 2 && width != 4)
        throw std::logic_error("a coded column takes 1, 2 or 4 bytes");
    m_width.push_back(width);
    m_offset.push_back(m_bytes);
    m_bytes += width;
    m_text.emplace_back();
}

void CodedRecordLayout::setText(std::size_t k, const std::vector<std::string>& written, const std::string& missing,
                                char separator)
{
    std::size_t longest = missing.size();
    for (const std::string& w : written)
        longest = std::max(longest, w.size());
    Text& t = m_text.at(k);
    t.slot = (longest + 1 + 15) / 16 * 16; // the value and the separator after it
    t.table.assign((written.size() + 1) * t.slot, '\0');
    t.length.clear();
    for (std::size_t u = 0; u <= written.size(); ++u) { // the missing value last
        const std::string& w = u < written.size() ? written[u] : missing;
        std::memcpy(t.table.data() + u * t.slot, w.data(), w.size());
        t.table[u * t.slot + w.size()] = separator;
        t.length.push_back(static_cast<std::uint32_t>(w.size() + 1));
    }
}

std::size_t CodedRecordLayout::lineBytes() const
{
    std::size_t n = 0;
    for (const Text& t : m_text)
        n += t.slot;
    return std::max<std::size_t>(n, 16);
}

std::size_t CodedRecordLayout::writeLine(const char* record, char* line) const
{
    char* at = line;
    for (std::size_t k = 0; k < m_width.size(); ++k) {
        const Text& t = m_text[k];
        const std::size_t values = t.length.size() - 1;
        std::size_t u = get(record, k);
        if (u == missingCode(k))
            u = values;
        else if (u >= values)
            return 0;
        const char* from = t.table.data() + u * t.slot;
        for (std::size_t o = 0; o < t.slot; o += 16)
            std::memcpy(at + o, from + o, 16);
        at += t.length[u];
    }
    if (at == line)
        return 0;
    at[-1] = '\n'; // in place of the last separator
    return static_cast<std::size_t>(at - line);
}

} // namespace rr
