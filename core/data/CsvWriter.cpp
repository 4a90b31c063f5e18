#include "core/data/CsvWriter.h"

#include <array>
#include <charconv>
#include <ostream>

namespace rr {
namespace {

// The shortest text that reads back as the same double (an ostream's 6 digits would turn a count of
// 1234567 into 1.23457e+06).
void writeWeight(std::ostream& out, double w)
{
    std::array<char, 32> buf{};
    const auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), w);
    out.write(buf.data(), ec == std::errc() ? end - buf.data() : 0);
}

} // namespace

void appendCsvField(std::string& out, std::string_view value, char delimiter)
{
    bool quote = !value.empty() && (value.front() == ' ' || value.back() == ' ');
    for (const char c : value)
        if (c == '"' || c == '\r' || c == '\n' || c == delimiter) {
            quote = true;
            break;
        }
    if (!quote) {
        out.append(value);
        return;
    }
    out += '"';
    for (const char c : value) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
}

std::string csvField(const std::string& value, char delimiter)
{
    std::string out;
    appendCsvField(out, value, delimiter);
    return out;
}

StreamWriter csvWriter(const Table& table, const std::string& missingToken, const std::string& countColumn)
{
    return [&table, missingToken, countColumn](std::ostream& out) {
        const auto& attrs = table.attributes;
        for (std::size_t a = 0; a < attrs.size(); ++a)
            out << (a ? "," : "") << csvField(attrs[a].name);
        if (!table.weights.empty())
            out << ',' << csvField(countColumn);
        out << '\n';
        const std::size_t n = table.rowCount();
        for (std::size_t r = 0; r < n; ++r) {
            for (std::size_t a = 0; a < attrs.size(); ++a) {
                const int32_t c = attrs[a].codes[r];
                out << (a ? "," : "") << csvField(c == Attribute::kMissing ? missingToken : attrs[a].categories[c]);
            }
            if (!table.weights.empty()) {
                out << ',';
                writeWeight(out, table.weights[r]);
            }
            out << '\n';
        }
    };
}

void writeCsv(const Table& table, const std::string& path, const std::string& missingToken,
              const std::string& countColumn)
{
    writeFileAtomically(path, csvWriter(table, missingToken, countColumn));
}

} // namespace rr
