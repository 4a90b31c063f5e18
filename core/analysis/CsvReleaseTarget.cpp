#include "core/analysis/CsvReleaseTarget.h"

#include "core/data/CsvWriter.h"

#include <filesystem>

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
    // A folder, a device, no such folder: refused before any work; the temporary space is on the file's disk.
    const std::filesystem::path parent = std::filesystem::path(checkWriteTarget(m_path)).parent_path();
    return parent.empty() ? "." : parent.string();
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
    std::vector<FileWrite> files{{m_path, [&](std::ostream& o) {
                                      o << header;
                                      records([&o](std::string_view r) {
                                          o.write(r.data(), static_cast<std::streamsize>(r.size()));
                                      });
                                  }}};
    for (FileWrite& f : sideFiles)
        files.push_back(std::move(f));
    for (FileWrite& f : files)
        f.modeMask &= modeMask;
    writeFilesAtomically(files);
}

} // namespace rr
