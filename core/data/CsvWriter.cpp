#include "core/data/CsvWriter.h"

#include "core/data/AtomicWrite.h"

#include <ostream>

namespace rr {

std::string csvField(const std::string& value, char delimiter)
{
    if (value.find_first_of(std::string("\"\r\n") + delimiter) == std::string::npos &&
        (value.empty() || (value.front() != ' ' && value.back() != ' ')))
        return value;
    std::string out = "\"";
    for (char c : value) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

void writeCsv(const Table& table, const std::string& path, const std::string& missingToken,
              const std::string& countColumn)
{
    writeFileAtomically(path, [&](std::ostream& out) {
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
            if (!table.weights.empty())
                out << ',' << table.weights[r];
            out << '\n';
        }
    });
}

} // namespace rr
