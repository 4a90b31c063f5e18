#include "core/analysis/CsvReleaseTarget.h"

#include "core/analysis/FileReleaseTarget.h"
#include "core/data/CsvWriter.h"


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

void CsvReleaseTarget::write(const std::vector<ReleasedColumn>& columns, const RecordFeed& records,
                             const StreamReleaseReport&, std::vector<FileWrite> sideFiles, unsigned modeMask)
{
    std::string header;
    for (const ReleasedColumn& c : columns) {
        if (!header.empty())
            header += ',';
        appendCsvField(header, c.name);
    }
    header += '\n';
    writeReleaseFiles({m_path,
                       [&](std::ostream& o) {
                           o << header;
                           records([&o](std::string_view r) {
                               o.write(r.data(), static_cast<std::streamsize>(r.size()));
                           });
                       }},
                      std::move(sideFiles), modeMask);
}

} // namespace rr
