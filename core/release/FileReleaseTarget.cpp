#include "core/release/FileReleaseTarget.h"

#include "core/data/Errors.h"

#include <filesystem>

namespace rr {

std::string fileTargetFolder(const std::string& path)
{
    const std::filesystem::path parent = std::filesystem::path(checkWriteTarget(path)).parent_path();
    return parent.empty() ? "." : parent.string();
}

void writeReleaseFiles(FileWrite table, std::vector<FileWrite> sideFiles, unsigned modeMask)
{
    std::vector<FileWrite> tables;
    tables.push_back(std::move(table));
    writeReleaseFiles(std::move(tables), std::move(sideFiles), modeMask);
}

void writeReleaseFiles(std::vector<FileWrite> tables, std::vector<FileWrite> sideFiles, unsigned modeMask)
{
    std::vector<FileWrite> files = std::move(tables);
    for (FileWrite& f : sideFiles)
        files.push_back(std::move(f));
    for (FileWrite& f : files)
        f.modeMask &= modeMask;
    writeFilesAtomically(files);
}

bool sameOutputFile(const std::string& a, const std::string& b)
{
    // The file a write would reach (a link's target); a name the write would refuse is compared as it is.
    const auto reached = [](const std::string& path) {
        try {
            return checkWriteTarget(path);
        } catch (const InputError&) {
            return path;
        }
    };
    std::error_code ea, eb;
    const auto ca = std::filesystem::weakly_canonical(std::filesystem::absolute(reached(a)), ea);
    const auto cb = std::filesystem::weakly_canonical(std::filesystem::absolute(reached(b)), eb);
    return !ea && !eb && ca == cb;
}

} // namespace rr
