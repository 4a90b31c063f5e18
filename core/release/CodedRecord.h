#pragma once
// A released record as codes, for the trip through the order's temporary buckets: each column's code in 1, 2
// or 4 bytes (little-endian; the all-ones value stands for a missing value), so a record of Adult's five
// randomized columns takes 5 bytes instead of about 50 of text, and is made text once, in its final place.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace rr {

class CodedRecordLayout {
public:
    // The fewest bytes (1, 2 or 4) that code `categories` values and leave the all-ones value for a missing
    // one; 0 when even 4 do not.
    static std::size_t widthFor(std::size_t categories);

    void addColumn(std::size_t width);
    std::size_t columns() const { return m_width.size(); }
    std::size_t recordBytes() const { return m_bytes; }
    std::uint32_t missingCode(std::size_t k) const { return m_width[k] == 4 ? 0xFFFFFFFFu : (1u << (8 * m_width[k])) - 1; }

    void put(char* record, std::size_t k, std::uint32_t code) const
    {
        char* at = record + m_offset[k];
        if (m_width[k] == 1) {
            *at = static_cast<char>(code);
        } else if (m_width[k] == 2) {
            const auto v = static_cast<std::uint16_t>(code);
            std::memcpy(at, &v, 2);
        } else {
            std::memcpy(at, &code, 4);
        }
    }
    std::uint32_t get(const char* record, std::size_t k) const
    {
        const char* at = record + m_offset[k];
        if (m_width[k] == 1)
            return static_cast<std::uint8_t>(*at);
        if (m_width[k] == 2) {
            std::uint16_t v;
            std::memcpy(&v, at, 2);
            return v;
        }
        std::uint32_t v;
        std::memcpy(&v, at, 4);
        return v;
    }

    // What column k's codes are written as (the CSV text of each category, quoted once) and a missing value.
    void setText(std::size_t k, const std::vector<std::string>& written, const std::string& missing, char separator);
    // The most bytes a line takes in writeLine's buffer (with the padding of its copies).
    std::size_t lineBytes() const;
    // The line of `record` (its values separated, ending in '\n') into `line` (lineBytes long); its length, or
    // 0 when a code is out of range (the temporary files are damaged).
    std::size_t writeLine(const char* record, char* line) const;

private:
    // Each code's text and the separator after it, in slots of `slot` bytes (whole 16-byte moves), so a line
    // is built from fixed-size copies.
    struct Text {
        std::string table;
        std::size_t slot = 0;
        std::vector<std::uint32_t> length;
    };
    std::vector<std::size_t> m_width, m_offset;
    std::vector<Text> m_text;
    std::size_t m_bytes = 0;
};

} // namespace rr
