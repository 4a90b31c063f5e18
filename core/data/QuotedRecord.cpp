#include "core/data/QuotedRecord.h"

#include "core/data/Errors.h"

namespace rr {

void appendQuotedValue(std::string& line, std::string_view value)
{
    line += '"';
    for (const char c : value) {
        if (c == '"')
            line += '"';
        line += c;
    }
    line += '"';
}

void splitQuotedRecord(std::string_view line, std::vector<std::optional<std::string>>& values)
{
    if (!line.empty() && line.back() == '\n')
        line.remove_suffix(1);
    values.clear();
    std::size_t i = 0;
    for (;;) {
        if (i < line.size() && line[i] == '"') {
            std::string v;
            for (++i;; ++i) {
                if (i >= line.size())
                    throw IoError("release: a record has an unterminated value");
                if (line[i] == '"') {
                    if (i + 1 < line.size() && line[i + 1] == '"') {
                        v += '"';
                        ++i;
                        continue;
                    }
                    ++i;
                    break;
                }
                v += line[i];
            }
            values.emplace_back(std::move(v));
        } else {
            values.emplace_back(std::nullopt);
        }
        if (i == line.size())
            return;
        if (line[i] != ',')
            throw IoError("release: a record is damaged");
        ++i;
    }
}

} // namespace rr
