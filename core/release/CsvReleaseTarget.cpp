#include "core/release/CsvReleaseTarget.h"

#include "core/data/CsvWriter.h"
#include "core/data/QuotedRecord.h"

#include <optional>

namespace rr {

CsvReleaseTarget::CsvReleaseTarget(std::string path, std::string missingToken)
    : m_path(std::move(path)), m_missing(std::move(missingToken))
{}

RecordFormat CsvReleaseTarget::format() const
{
    RecordFormat f;
    f.appendValue = [](std::string& line, std::string_view value) { appendCsvField(line, value); };
    appendCsvField(f.missing, m_missing);
    return f;
}

std::string CsvReleaseTarget::prepare()
{
    return fileTargetFolder(m_path);
}

FileWrite CsvReleaseTarget::tableFile(const std::vector<ReleasedColumn>& columns, const RecordFeed& records,
                                     bool quoted)
{
    std::string header;
    for (const ReleasedColumn& c : columns) {
        if (!header.empty())
            header += ',';
        appendCsvField(header, c.name);
    }
    header += '\n';
    return {m_path, [this, header, &records, quoted](std::ostream& o) {
                o << header;
                if (!quoted) {
                    records([&o](std::string_view r) { o.write(r.data(), static_cast<std::streamsize>(r.size())); });
                    return;
                }
                // Another target's records (a set of files): each value again as a CSV field.
                std::vector<std::optional<std::string>> fields;
                std::string line;
                records([&](std::string_view r) {
                    splitQuotedRecord(r, fields);
                    line.clear();
                    for (std::size_t j = 0; j < fields.size(); ++j) {
                        if (j > 0)
                            line += ',';
                        appendCsvField(line, fields[j] ? *fields[j] : m_missing);
                    }
                    line += '\n';
                    o.write(line.data(), static_cast<std::streamsize>(line.size()));
                });
            }};
}

} // namespace rr
