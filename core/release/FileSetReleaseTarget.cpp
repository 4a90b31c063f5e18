#include "core/release/FileSetReleaseTarget.h"

#include "core/data/Errors.h"
#include "core/data/QuotedRecord.h"

namespace rr {

FileSetReleaseTarget::FileSetReleaseTarget(std::vector<std::unique_ptr<FileTableTarget>> files)
    : m_files(std::move(files))
{
    if (m_files.size() < 2)
        throw InputError("a set of release files needs at least two files");
}

std::string FileSetReleaseTarget::name() const
{
    std::string names;
    for (const auto& f : m_files)
        names += (names.empty() ? "" : ", ") + f->name();
    return names;
}

bool FileSetReleaseTarget::sameFormat() const
{
    const RecordFormat first = m_files.front()->format();
    for (const auto& f : m_files) {
        const RecordFormat other = f->format();
        if (other.appendValue != first.appendValue || other.missing != first.missing ||
            other.separator != first.separator)
            return false;
    }
    return true;
}

RecordFormat FileSetReleaseTarget::format() const
{
    if (sameFormat())
        return m_files.front()->format();
    RecordFormat quoted;
    quoted.appendValue = appendQuotedValue;
    quoted.missing = ""; // nothing at all: missing, apart from the empty text
    return quoted;
}

std::string FileSetReleaseTarget::prepare()
{
    std::vector<std::string> folders;
    for (const auto& f : m_files)
        folders.push_back(f->prepare());
    for (std::size_t a = 0; a < m_files.size(); ++a)
        for (std::size_t b = a + 1; b < m_files.size(); ++b)
            if (sameOutputFile(m_files[a]->name(), m_files[b]->name()))
                throw InputError("the outputs '" + m_files[a]->name() + "' and '" + m_files[b]->name() +
                                 "' are one file: give each format its own file name");
    return folders.front();
}

void FileSetReleaseTarget::write(const std::vector<ReleasedColumn>& columns, const RecordFeed& records,
                                 const StreamReleaseReport&, std::vector<FileWrite> sideFiles, unsigned modeMask)
{
    // Each file reads the records anew: the feed hands the same records in the same order every time.
    const bool quoted = !sameFormat();
    std::vector<FileWrite> tables;
    for (const auto& f : m_files)
        tables.push_back(f->tableFile(columns, records, quoted));
    writeReleaseFiles(std::move(tables), std::move(sideFiles), modeMask);
}

} // namespace rr
